package api_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/oauth2-proxy/mockoidc"

	"cashcontrol/internal/api"
	"cashcontrol/internal/auth"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/instance"
	"cashcontrol/internal/jobs"
	"cashcontrol/internal/money"
	"cashcontrol/internal/server"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// clock is a settable time source for sessions and rate limits.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

type identityOptions struct {
	signupDisabled bool
	perAccount     int // attempts allowed per account before 429 (default 1000)
	perClient      int
	providers      []auth.ProviderConfig
	passkeysAt     string // the public address passkeys are for ("" : none)
	backupDir      string // where backups go ("": off)
	shared         bool   // the rate limits in the database (several servers)
	trustProxy     bool   // X-Forwarded-For from loopback is believed (clientFrom)
	secretKey      string // CASHCONTROL_SECRET_KEY: two-step secrets sealed (at start too)
}

// identityServer starts the real handler with a fake clock, tight limits and
// OpenID Connect providers as the test needs.
func identityServer(t *testing.T, db *store.DB, o identityOptions) (*httptest.Server, *clock) {
	t.Helper()
	clk := &clock{t: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	if o.perAccount == 0 {
		o.perAccount = 1000
	}
	if o.perClient == 0 {
		o.perClient = 1000
	}
	var h http.Handler
	srv := httptest.NewServer(validated(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.ServeHTTP(w, r) })))
	t.Cleanup(srv.Close)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	perAccount, perClient := auth.NewLimiter(time.Minute, o.perAccount, clk.Now), auth.NewLimiter(time.Minute, o.perClient, clk.Now)
	if o.shared {
		perAccount.Shared(identity.New(db), "account", log)
		perClient.Shared(identity.New(db), "client", log)
	}
	svc, err := auth.NewService(identity.New(db), perAccount, perClient, !o.signupDisabled)
	if err != nil {
		t.Fatal(err)
	}
	svc.WithClock(clk.Now)
	if _, err := svc.WithSecretKey(o.secretKey); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.SealTwoFactorSecrets(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := svc.EnablePasskeys(o.passkeysAt); err != nil {
		t.Fatal(err)
	}
	var backups *jobs.Backups
	if o.backupDir != "" {
		backups = &jobs.Backups{Instance: instance.New(db), Log: log, Dir: o.backupDir, Every: 24 * time.Hour, Keep: 3}
	}
	a := api.New(api.Deps{DB: db, Auth: svc, Backups: backups, Sessions: auth.NewSessions(identity.New(db), time.Hour, 24*time.Hour, clk.Now),
		OIDC: auth.NewOIDC(identity.New(db), srv.URL, !o.signupDisabled, o.providers), Currencies: money.NewTable(), Logger: log, Meta: api.Meta{Version: api.Version}})
	opts := server.Options{API: a, Web: fstest.MapFS{"index.html": {Data: []byte("<html>app</html>")}}, Logger: log}
	if o.trustProxy {
		opts.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	}
	h = server.Handler(opts)
	return srv, clk
}

type me struct {
	UID                string `json:"uid"`
	Name               string `json:"name"`
	Email              string `json:"email"`
	Rol                string `json:"rol"`
	ProviderID         string `json:"providerId"`
	FirstTime          bool   `json:"firstTime"`
	LanguagePreference string `json:"languagePreference"`
	ThemePreference    string `json:"themePreference"`
	Phone              string `json:"phone"`
}

func (c *client) login(email, password string) (int, problem) {
	var p problem
	code := c.do("POST", "/api/v1/auth/login", map[string]string{"email": email, "password": password}, &p)
	return code, p
}

func TestSignUpAndSignIn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, _ := identityServer(t, db, identityOptions{trustProxy: true})
		c := newClient(t, srv)
		var first me
		if code := c.do("POST", "/api/v1/auth/signup", map[string]string{"email": "  Ana@Example.COM ", "password": "mango-river-42", "name": "Ana"}, &first); code != 201 {
			t.Fatalf("sign-up: %d", code)
		}
		if first.Email != "ana@example.com" || first.Rol != "Administrador" || first.ProviderID != "Email" || !first.FirstTime ||
			first.LanguagePreference != "SWITCH_TO_SPANISH" || first.ThemePreference != "LIGHT_MODE" {
			t.Fatalf("first user document %+v", first)
		}
		var second me
		newClient(t, srv).do("POST", "/api/v1/auth/signup", map[string]string{"email": "bo@example.com", "password": "mango-river-42", "name": "Bo"}, &second)
		if second.Rol != "Usuario" {
			t.Fatalf("second user rol %q", second.Rol)
		}

		// The same email, differently written, is taken.
		var p problem
		if code := newClient(t, srv).do("POST", "/api/v1/auth/signup", map[string]string{"email": "ANA@example.com", "password": "other-pass-99", "name": "X"}, &p); code != 409 || p.Code != "email_taken" {
			t.Fatalf("duplicate email: %d %+v", code, p)
		}
		// Weak passwords: too short, common, equal to the email.
		for _, pw := range []string{"short", "password123", "carl@example.com"} {
			p = problem{}
			code := newClient(t, srv).do("POST", "/api/v1/auth/signup", map[string]string{"email": "carl@example.com", "password": pw, "name": "Carl"}, &p)
			if code != 400 || len(p.Errors) != 1 || p.Errors[0].Field != "password" {
				t.Fatalf("weak password %q: %d %+v", pw, code, p)
			}
		}
		if code := newClient(t, srv).do("POST", "/api/v1/auth/signup", map[string]string{"email": "not-an-email", "password": "mango-river-42", "name": "X"}, &p); code != 400 || p.Errors[0].Field != "email" {
			t.Fatalf("bad email: %d %+v", code, p)
		}

		// Wrong password and unknown email answer exactly alike.
		anon := newClient(t, srv)
		codeA, pA := anon.login("ana@example.com", "wrong-password-1")
		codeB, pB := anon.login("nobody@example.com", "wrong-password-1")
		if codeA != 401 || codeB != 401 || pA.Code != "invalid_credentials" || pA.Code != pB.Code {
			t.Fatalf("wrong password %d %+v, unknown email %d %+v", codeA, pA, codeB, pB)
		}
		// ...after the same work: an unknown email still verifies a hash.
		timeOf := func(email string) time.Duration {
			ds := make([]time.Duration, 5)
			for i := range ds {
				start := time.Now()
				anon.login(email, "wrong-password-1")
				ds[i] = time.Since(start)
			}
			sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
			return ds[2]
		}
		known, unknown := timeOf("ana@example.com"), timeOf("nobody@example.com")
		if unknown*4 < known {
			t.Fatalf("unknown email answered in %v, a wrong password in %v: the difference tells which emails exist", unknown, known)
		}

		// A good sign-in from a fresh client reaches the document; the email
		// is case-insensitive. (The tries above slowed their address.)
		d := clientFrom(t, srv, "198.51.100.7")
		if code, _ := d.login(" ANA@example.com", "mango-river-42"); code != 200 {
			t.Fatalf("sign-in: %d", code)
		}
		var got me
		if code := d.do("GET", "/api/v1/me", nil, &got); code != 200 || got.UID != first.UID {
			t.Fatalf("me after sign-in: %d %+v", code, got)
		}

		// Change the password: the old one stops working.
		if code := d.do("PUT", "/api/v1/me/password", map[string]string{"currentPassword": "wrong", "newPassword": "kiwi-ocean-77"}, &p); code != 400 || p.Errors[0].Field != "currentPassword" {
			t.Fatalf("change with a wrong current password: %d", code)
		}
		if code := d.do("PUT", "/api/v1/me/password", map[string]string{"currentPassword": "mango-river-42", "newPassword": "kiwi-ocean-77"}, nil); code != 204 {
			t.Fatalf("change password: %d", code)
		}
		if code, _ := clientFrom(t, srv, "198.51.100.8").login("ana@example.com", "mango-river-42"); code != 401 {
			t.Fatalf("old password still works: %d", code)
		}
		if code, _ := clientFrom(t, srv, "198.51.100.8").login("ana@example.com", "kiwi-ocean-77"); code != 200 {
			t.Fatalf("new password: %d", code)
		}
	})
}

// The sign-in's limits: five tries for an account from one address, then
// a wait (429 with Retry-After, even for the right password); and the
// address's tries over every account.
func TestSignInRateLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, clk := identityServer(t, db, identityOptions{perClient: 10})
		newClient(t, srv).signUp("rate@example.com")
		c := newClient(t, srv)
		for i := range 5 {
			if code, _ := c.login("rate@example.com", "wrong-password-1"); code != 401 {
				t.Fatalf("attempt %d: %d", i+1, code)
			}
		}
		// The sixth attempt on the account is refused, even with the right password.
		req, _ := http.NewRequest("POST", srv.URL+"/api/v1/auth/login", strings.NewReader(`{"email":"rate@example.com","password":"mango-river-42"}`))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" {
			t.Fatalf("6th attempt: %d Retry-After=%q", resp.StatusCode, resp.Header.Get("Retry-After"))
		}
		// Per client address (5 + 1 attempts so far): other accounts from the same address run out too.
		for i := range 4 {
			if code, _ := c.login("other"+string(rune('a'+i))+"@example.com", "wrong-password-1"); code != 401 {
				t.Fatalf("other account %d: %d", i, code)
			}
		}
		if code, p := c.login("fresh@example.com", "wrong-password-1"); code != 429 || p.Code != "rate_limited" {
			t.Fatalf("per-client limit: %d %+v", code, p)
		}
		// Time passes: allowed again.
		clk.Add(10 * time.Minute)
		if code, _ := c.login("rate@example.com", "mango-river-42"); code != 200 {
			t.Fatalf("after waiting: %d", code)
		}
	})
}

func TestSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, clk := identityServer(t, db, identityOptions{})
		c := newClient(t, srv)
		c.signUp("sess@example.com")
		cookie := func(cl *client) *http.Cookie {
			u, _ := url.Parse(srv.URL)
			for _, ck := range cl.http.Jar.Cookies(u) {
				if ck.Name == "cc_session" {
					return ck
				}
			}
			return nil
		}
		first := cookie(c)
		if first == nil {
			t.Fatal("no session cookie")
		}
		// The cookie's attributes, as the server sets them.
		req, _ := http.NewRequest("POST", srv.URL+"/api/v1/auth/login", strings.NewReader(`{"email":"sess@example.com","password":"mango-river-42"}`))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		set := resp.Header.Get("Set-Cookie")
		if !strings.Contains(set, "HttpOnly") || !strings.Contains(set, "SameSite=Lax") {
			t.Fatalf("cookie attributes: %s", set)
		}
		// Each sign-in gets a new session id.
		d := newClient(t, srv)
		d.login("sess@example.com", "mango-river-42")
		if cookie(d).Value == first.Value {
			t.Fatal("a sign-in reused a session id")
		}

		// Sign-out ends the session on the server: replaying the cookie fails.
		replay := newClient(t, srv)
		u, _ := url.Parse(srv.URL)
		replay.http.Jar.SetCookies(u, []*http.Cookie{{Name: "cc_session", Value: cookie(d).Value}})
		if code := replay.do("GET", "/api/v1/me", nil, nil); code != 200 {
			t.Fatalf("copied cookie before sign-out: %d", code)
		}
		if code := d.do("POST", "/api/v1/auth/logout", nil, nil); code != 204 {
			t.Fatalf("logout: %d", code)
		}
		if code := replay.do("GET", "/api/v1/me", nil, nil); code != 401 {
			t.Fatalf("cookie after sign-out: %d", code)
		}

		// Idle expiry: an hour without requests ends the session.
		if code := c.do("GET", "/api/v1/me", nil, nil); code != 200 {
			t.Fatalf("before idle: %d", code)
		}
		clk.Add(61 * time.Minute)
		if code := c.do("GET", "/api/v1/me", nil, nil); code != 401 {
			t.Fatalf("after an idle hour: %d", code)
		}
		// Absolute expiry: active every 50 minutes, still out after 24 hours.
		e := newClient(t, srv)
		e.login("sess@example.com", "mango-river-42")
		for elapsed := time.Duration(0); elapsed < 23*time.Hour; elapsed += 50 * time.Minute {
			clk.Add(50 * time.Minute)
			if code := e.do("GET", "/api/v1/me", nil, nil); code != 200 {
				t.Fatalf("active session ended after %v: %d", elapsed+50*time.Minute, code)
			}
		}
		clk.Add(90 * time.Minute)
		if code := e.do("GET", "/api/v1/me", nil, nil); code != 401 {
			t.Fatalf("session older than 24 h: %d", code)
		}

		// Sign out everywhere.
		f, g := newClient(t, srv), newClient(t, srv)
		f.login("sess@example.com", "mango-river-42")
		g.login("sess@example.com", "mango-river-42")
		if code := f.do("DELETE", "/api/v1/me/sessions", nil, nil); code != 204 {
			t.Fatalf("sign out everywhere: %d", code)
		}
		if code := g.do("GET", "/api/v1/me", nil, nil); code != 401 {
			t.Fatalf("other session after sign out everywhere: %d", code)
		}

		// Cross-origin writes are refused before they reach a handler.
		for _, h := range []map[string]string{{"Sec-Fetch-Site": "cross-site"}, {"Origin": "https://evil.example"}} {
			req, _ := http.NewRequest("POST", srv.URL+"/api/v1/auth/login", strings.NewReader(`{"email":"sess@example.com","password":"mango-river-42"}`))
			req.Header.Set("Content-Type", "application/json")
			for k, v := range h {
				req.Header.Set(k, v)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != 403 || resp.Header.Get("Set-Cookie") != "" {
				t.Fatalf("cross-origin POST with %v: %d", h, resp.StatusCode)
			}
		}
	})
}

func TestUserDocument(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, _ := identityServer(t, db, identityOptions{})
		a, b := newClient(t, srv), newClient(t, srv)
		a.signUp("doc-a@example.com")
		b.signUp("doc-b@example.com")
		var p problem
		for _, body := range []map[string]any{
			{"languagePreference": "KLINGON", "themePreference": "DARK_MODE"},
			{"languagePreference": "SWITCH_TO_ENGLISH", "themePreference": "PINK"},
			{"languagePreference": "SWITCH_TO_ENGLISH"},
		} {
			p = problem{}
			if code := a.do("PUT", "/api/v1/me/settings", body, &p); code != 400 || len(p.Errors) == 0 {
				t.Fatalf("settings %v: %d %+v", body, code, p)
			}
		}
		if code := a.do("PUT", "/api/v1/me/settings", "not an object", &p); code != 400 {
			t.Fatalf("malformed settings: %d", code)
		}
		var doc me
		if code := a.do("PUT", "/api/v1/me/settings", map[string]any{"languagePreference": "SWITCH_TO_FRENCH", "themePreference": "DARK_MODE"}, &doc); code != 200 ||
			doc.LanguagePreference != "SWITCH_TO_FRENCH" || doc.ThemePreference != "DARK_MODE" {
			t.Fatalf("settings: %+v", doc)
		}
		p = problem{}
		if code := a.do("PATCH", "/api/v1/me", map[string]any{"photoURL": "javascript:alert(1)"}, &p); code != 400 || p.Errors[0].Field != "photoURL" {
			t.Fatalf("bad photo URL: %d %+v", code, p)
		}
		if code := a.do("PATCH", "/api/v1/me", map[string]any{"name": strings.Repeat("n", 500)}, &p); code != 400 || p.Errors[0].Field != "name" {
			t.Fatalf("long name: %d %+v", code, p)
		}
		if code := a.do("PATCH", "/api/v1/me", map[string]any{"phone": "+34 600 000 000"}, &doc); code != 200 || doc.Phone != "+34 600 000 000" {
			t.Fatalf("phone: %+v", doc)
		}
		// B's document is untouched by all of A's changes.
		var other me
		b.do("GET", "/api/v1/me", nil, &other)
		if other.LanguagePreference != "SWITCH_TO_SPANISH" || other.ThemePreference != "LIGHT_MODE" || other.Phone != "" || other.Email != "doc-b@example.com" {
			t.Fatalf("B's document changed: %+v", other)
		}
		// The export holds A's data only.
		a.do("POST", "/api/v1/accounts", map[string]any{"name": "A-bank", "type": "bank", "currency": "EUR"}, nil)
		b.do("POST", "/api/v1/accounts", map[string]any{"name": "B-bank", "type": "bank", "currency": "EUR"}, nil)
		var export struct {
			User me                          `json:"user"`
			Data map[string][]map[string]any `json:"data"`
		}
		if code := a.do("GET", "/api/v1/me/export", nil, &export); code != 200 || export.User.Email != "doc-a@example.com" {
			t.Fatalf("export: %d %+v", code, export.User)
		}
		raw, _ := json.Marshal(export.Data)
		if !strings.Contains(string(raw), "A-bank") || strings.Contains(string(raw), "B-bank") || strings.Contains(string(raw), "doc-b@") {
			t.Fatalf("export data: %s", raw)
		}
	})
}

func TestDeleteAccountRemovesEverything(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, _ := identityServer(t, db, identityOptions{})
		a, b := newClient(t, srv), newClient(t, srv)
		a.signUp("gone@example.com")
		b.signUp("stays@example.com")
		for _, c := range []*client{a, b} {
			var acc, cat idReply
			c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &acc)
			c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &cat)
			c.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-04-01", "amount": 100, "accountId": acc.ID, "categoryId": cat.ID, "tags": []string{"x"}, "description": "Mercadona"}, nil)
			c.upload("a.csv", []byte("date,description,amount\n2026-04-02,Shop,-1.00\n"), acc.ID, nil)
			c.do("PUT", "/api/v1/budgets?month=2026-04", map[string]any{"items": []map[string]any{{"categoryId": cat.ID, "amount": 100}}}, nil)
			if code := c.do("POST", "/api/v1/schedules", map[string]any{"type": "expense", "amount": 100, "accountId": acc.ID, "categoryId": cat.ID,
				"frequency": "monthly", "startDate": "2026-04-01"}, nil); code != 201 {
				t.Fatalf("schedule: %d", code)
			}
			var mov, other idReply
			c.do("POST", "/api/v1/categories", map[string]any{"name": "Cleaning", "type": "expense"}, &other)
			c.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-04-03", "amount": 100, "accountId": acc.ID,
				"splits": []map[string]any{{"categoryId": cat.ID, "amount": 60}, {"categoryId": other.ID, "amount": 40}}}, &mov)
			if code := c.attach(mov.ID, "ticket.png", pngOf(2, 2), nil); code != 201 {
				t.Fatalf("attachment: %d", code)
			}
			var rule idReply
			c.do("POST", "/api/v1/rules", map[string]any{"name": "Mercadona", "conditions": []map[string]any{{"field": "description", "op": "contains", "text": "mercadona"}},
				"actions": map[string]any{"tags": []string{"food"}}}, &rule)
			if code := c.do("POST", "/api/v1/rules/"+rule.ID+"/apply?dryRun=false", nil, nil); code != 200 {
				t.Fatalf("rule run: %d", code)
			}
			var me struct {
				LedgerID string `json:"ledgerId"`
			}
			c.do("GET", "/api/v1/me", nil, &me)
			if code := c.do("POST", "/api/v1/ledgers/"+me.LedgerID+"/invitations", map[string]any{"email": "guest@example.com", "role": "viewer"}, nil); code != 201 {
				t.Fatalf("invitation: %d", code)
			}
		}
		ctx := context.Background()
		gone, _, err := identity.New(db).UserByEmail(ctx, "gone@example.com")
		if err != nil {
			t.Fatal(err)
		}
		stays, _, _ := identity.New(db).UserByEmail(ctx, "stays@example.com")
		before := storetest.CountLedgerRows(ctx, db, stays.LedgerID)
		for table, n := range storetest.CountLedgerRows(ctx, db, gone.LedgerID) {
			if n <= 0 {
				t.Fatalf("setup: no %s rows", table)
			}
		}
		if code := a.do("DELETE", "/api/v1/me", map[string]string{"currentPassword": "mango-river-42"}, nil); code != 204 {
			t.Fatalf("delete: %d", code)
		}
		for table, n := range storetest.CountLedgerRows(ctx, db, gone.LedgerID) {
			if n != 0 {
				t.Errorf("%d %s rows left", n, table)
			}
		}
		for _, table := range []string{"users", "ledgers", "ledger_members", "sessions", "user_identities"} {
			if n := storetest.CountRows(ctx, db, table, gone.ID); n != 0 {
				t.Errorf("%d %s rows left", n, table)
			}
		}
		if code := a.do("GET", "/api/v1/me", nil, nil); code != 401 {
			t.Fatalf("deleted user's session: %d", code)
		}
		if code, _ := newClient(t, srv).login("gone@example.com", "mango-river-42"); code != 401 {
			t.Fatalf("deleted user signs in: %d", code)
		}
		after := storetest.CountLedgerRows(ctx, db, stays.LedgerID)
		for table, n := range before {
			if after[table] != n {
				t.Errorf("the other user's %s changed: %d → %d", table, n, after[table])
			}
		}
		// The email can be used again.
		newClient(t, srv).signUp("gone@example.com")
	})
}

func TestSignupDisabled(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		open, _ := identityServer(t, db, identityOptions{})
		newClient(t, open).signUp("early@example.com")
		closed, _ := identityServer(t, db, identityOptions{signupDisabled: true})
		var p problem
		if code := newClient(t, closed).do("POST", "/api/v1/auth/signup", map[string]string{"email": "late@example.com", "password": "mango-river-42", "name": "L"}, &p); code != 403 || p.Code != "signup_disabled" {
			t.Fatalf("sign-up when disabled: %d %+v", code, p)
		}
		if code, _ := newClient(t, closed).login("early@example.com", "mango-river-42"); code != 200 {
			t.Fatalf("existing user when sign-ups are off: %d", code)
		}
	})
}

// oidcClient follows redirects by hand so that tests can tamper with a step.
func oidcClient(t *testing.T, srv *httptest.Server) *client {
	c := newClient(t, srv)
	c.http.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return c
}

func (c *client) get(rawURL string) *http.Response {
	c.t.Helper()
	resp, err := c.http.Get(rawURL)
	if err != nil {
		c.t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

// beginOIDC goes to the provider and back: it returns the callback URL the
// provider redirected to, not yet visited.
func (c *client) beginOIDC(provider string) *url.URL {
	c.t.Helper()
	resp := c.get(c.base + "/auth/oidc/" + provider + "/login")
	if resp.StatusCode != 302 {
		c.t.Fatalf("login: %d", resp.StatusCode)
	}
	resp = c.get(resp.Header.Get("Location"))
	if resp.StatusCode != 302 {
		c.t.Fatalf("authorize: %d", resp.StatusCode)
	}
	cb, err := url.Parse(resp.Header.Get("Location"))
	if err != nil || !strings.HasPrefix(cb.String(), c.base+"/auth/oidc/"+provider+"/callback") {
		c.t.Fatalf("provider redirected to %q", resp.Header.Get("Location"))
	}
	return cb
}

// finishOIDC visits the callback and returns where the app sent the browser.
func (c *client) finishOIDC(cb *url.URL) string {
	c.t.Helper()
	resp := c.get(cb.String())
	if resp.StatusCode != 303 {
		c.t.Fatalf("callback: %d", resp.StatusCode)
	}
	return resp.Header.Get("Location")
}

func startIDP(t *testing.T) *mockoidc.MockOIDC {
	t.Helper()
	m, err := mockoidc.Run()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = m.Shutdown() })
	return m
}

func idpUser(email string, verified bool) *mockoidc.MockUser {
	u := mockoidc.DefaultUser()
	u.Subject, u.Email, u.EmailVerified, u.PreferredUsername = "sub-"+email, email, verified, "Idp User"
	return u
}

func TestOpenIDConnect(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		idp := startIDP(t)
		cfg := auth.ProviderConfig{ID: "test", Name: "Test IdP", Issuer: idp.Issuer(), ClientID: idp.ClientID, ClientSecret: idp.ClientSecret}
		srv, _ := identityServer(t, db, identityOptions{providers: []auth.ProviderConfig{cfg}})

		var providers []auth.ProviderInfo
		newClient(t, srv).do("GET", "/api/v1/auth/providers", nil, &providers)
		if len(providers) != 1 || providers[0].Name != "Test IdP" || providers[0].LoginURL != "/auth/oidc/test/login" {
			t.Fatalf("providers %+v", providers)
		}

		// A new user: created, signed in, providerId is the issuer.
		idp.QueueUser(idpUser("new@example.com", true))
		c := oidcClient(t, srv)
		if to := c.finishOIDC(c.beginOIDC("test")); to != "/" {
			t.Fatalf("new user sent to %q", to)
		}
		var doc me
		if code := c.do("GET", "/api/v1/me", nil, &doc); code != 200 || doc.Email != "new@example.com" || doc.ProviderID != idp.Issuer() {
			t.Fatalf("new OIDC user: %d %+v", code, doc)
		}

		// State mismatch: refused, no session.
		idp.QueueUser(idpUser("new@example.com", true))
		s := oidcClient(t, srv)
		cb := s.beginOIDC("test")
		q := cb.Query()
		q.Set("state", "forged")
		cb.RawQuery = q.Encode()
		if to := s.finishOIDC(cb); to != "/login?error=oidc_failed" {
			t.Fatalf("state mismatch sent to %q", to)
		}
		if code := s.do("GET", "/api/v1/me", nil, nil); code != 401 {
			t.Fatalf("session after a state mismatch: %d", code)
		}

		// Nonce mismatch: the flow cookie's nonce differs from the token's.
		idp.QueueUser(idpUser("new@example.com", true))
		n := oidcClient(t, srv)
		cb = n.beginOIDC("test")
		u, _ := url.Parse(srv.URL + "/auth/oidc/")
		var flowCookie *http.Cookie
		for _, ck := range n.http.Jar.Cookies(u) {
			if ck.Name == "cc_oidc" {
				flowCookie = ck
			}
		}
		if flowCookie == nil {
			t.Fatal("no flow cookie")
		}
		raw, _ := base64.RawURLEncoding.DecodeString(flowCookie.Value)
		var f map[string]string
		if err := json.Unmarshal(raw, &f); err != nil || f["n"] == "" {
			t.Fatalf("flow cookie %s: %v", raw, err)
		}
		f["n"] = "another-nonce"
		raw, _ = json.Marshal(f)
		n.http.Jar.SetCookies(u, []*http.Cookie{{Name: "cc_oidc", Value: base64.RawURLEncoding.EncodeToString(raw), Path: "/auth/oidc/"}})
		if to := n.finishOIDC(cb); to != "/login?error=oidc_failed" {
			t.Fatalf("nonce mismatch sent to %q", to)
		}
		if code := n.do("GET", "/api/v1/me", nil, nil); code != 401 {
			t.Fatalf("session after a nonce mismatch: %d", code)
		}

		// A callback without a flow started here is refused.
		if resp := oidcClient(t, srv).get(srv.URL + "/auth/oidc/test/callback?code=x&state=y"); resp.Header.Get("Location") != "/login?error=oidc_failed" {
			t.Fatalf("callback without a flow: %q", resp.Header.Get("Location"))
		}

		// Linking: a verified email that matches an email account signs into it.
		e := newClient(t, srv)
		e.signUp("linked@example.com")
		var emailDoc me
		e.do("GET", "/api/v1/me", nil, &emailDoc)
		idp.QueueUser(idpUser("Linked@Example.com", true))
		l := oidcClient(t, srv)
		if to := l.finishOIDC(l.beginOIDC("test")); to != "/" {
			t.Fatalf("linking sent to %q", to)
		}
		var linked me
		l.do("GET", "/api/v1/me", nil, &linked)
		if linked.UID != emailDoc.UID || linked.ProviderID != idp.Issuer() {
			t.Fatalf("linked document %+v, email account %+v", linked, emailDoc)
		}
		// Signing in by email again puts providerId back to 'Email'.
		if code, _ := newClient(t, srv).login("linked@example.com", "mango-river-42"); code != 200 {
			t.Fatalf("email sign-in after linking: %d", code)
		}
		e.do("GET", "/api/v1/me", nil, &emailDoc)
		if emailDoc.ProviderID != "Email" {
			t.Fatalf("providerId after an email sign-in: %q", emailDoc.ProviderID)
		}

		// An unverified email is never linked nor used to create an account.
		v := newClient(t, srv)
		v.signUp("victim@example.com")
		idp.QueueUser(idpUser("victim@example.com", false))
		x := oidcClient(t, srv)
		if to := x.finishOIDC(x.beginOIDC("test")); to != "/login?error=email_unverified" {
			t.Fatalf("unverified email sent to %q", to)
		}
		if code := x.do("GET", "/api/v1/me", nil, nil); code != 401 {
			t.Fatalf("session for an unverified email: %d", code)
		}
		ctx := context.Background()
		victim, _, _ := identity.New(db).UserByEmail(ctx, "victim@example.com")
		if n := storetest.CountRows(ctx, db, "user_identities", victim.ID); n != 0 {
			t.Fatalf("unverified identity linked: %d", n)
		}

		// With sign-ups off, an unknown provider user is refused with a clear code.
		closed, _ := identityServer(t, db, identityOptions{signupDisabled: true, providers: []auth.ProviderConfig{cfg}})
		idp.QueueUser(idpUser("stranger@example.com", true))
		z := oidcClient(t, closed)
		if to := z.finishOIDC(z.beginOIDC("test")); to != "/login?error=signup_disabled" {
			t.Fatalf("sign-ups off sent to %q", to)
		}
		if _, _, err := identity.New(db).UserByEmail(ctx, "stranger@example.com"); err == nil {
			t.Fatal("a user was created with sign-ups off")
		}

		// An unknown provider is a 404, and an unreachable issuer a clear error, not a crash.
		if resp := oidcClient(t, srv).get(srv.URL + "/auth/oidc/nope/login"); resp.StatusCode != 404 {
			t.Fatalf("unknown provider: %d", resp.StatusCode)
		}
		down, _ := identityServer(t, db, identityOptions{providers: []auth.ProviderConfig{{ID: "down", Name: "Down", Issuer: "http://127.0.0.1:1", ClientID: "x", ClientSecret: "y"}}})
		if resp := oidcClient(t, down).get(down.URL + "/auth/oidc/down/login"); resp.StatusCode != 303 || resp.Header.Get("Location") != "/login?error=oidc_failed" {
			t.Fatalf("unreachable issuer: %d %q", resp.StatusCode, resp.Header.Get("Location"))
		}
	})
}
