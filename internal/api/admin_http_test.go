package api_test

import (
	"io"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"cashcontrol/internal/api"
	"cashcontrol/internal/auth"
	"cashcontrol/internal/money"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

type adminUser struct {
	ID           string `json:"id"`
	Email        string `json:"email"`
	Rol          string `json:"rol"`
	ProviderID   string `json:"providerId"`
	CreatedAt    int64  `json:"createdAt"`
	LastSignInAt *int64 `json:"lastSignInAt"`
	Movements    int64  `json:"movements"`
	Disabled     bool   `json:"disabled"`
	TwoFactor    bool   `json:"twoFactor"`
	You          bool   `json:"you"`
}

type resetLink struct {
	URL       string `json:"url"`
	ExpiresAt int64  `json:"expiresAt"`
}

func (c *client) adminUsers() map[string]adminUser {
	c.t.Helper()
	var users []adminUser
	if code := c.do("GET", "/api/v1/admin/users", nil, &users); code != 200 {
		c.t.Fatalf("admin users: %d", code)
	}
	out := map[string]adminUser{}
	for _, u := range users {
		out[u.Email] = u
	}
	return out
}

func tokenOf(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil || u.Path != "/login/reset" || u.Query().Get("token") == "" {
		t.Fatalf("reset link %q", link)
	}
	return u.Query().Get("token")
}

func TestAdministration(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, clk := identityServer(t, db, identityOptions{})
		adm := newClient(t, srv)
		adm.signUp("admin@example.com") // the first account is the administrator
		bo := newClient(t, srv)
		bo.signUp("bo@example.com")
		var acc, cat idReply
		bo.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &acc)
		bo.do("POST", "/api/v1/categories", map[string]any{"name": "Salary", "type": "earning"}, &cat)
		for i := range 3 {
			if code := bo.do("POST", "/api/v1/movements", map[string]any{"type": "earning", "date": "2026-04-0" + string(rune('1'+i)), "amount": 100,
				"accountId": acc.ID, "categoryId": cat.ID}, nil); code != 201 {
				t.Fatalf("movement: %d", code)
			}
		}

		// Only an administrator reaches the administration; no token does.
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		walked := 0
		for pattern, access := range api.New(api.Deps{Currencies: money.NewTable(), Logger: log, Sessions: auth.NewSessions(nil, time.Hour, time.Hour, nil)}).RouteAccess() {
			if access != "admin" {
				if strings.HasPrefix(pattern, "GET /api/v1/admin") || strings.Contains(pattern, " /api/v1/admin/") {
					t.Errorf("%s is under /admin but %s", pattern, access)
				}
				continue
			}
			method, path, _ := strings.Cut(pattern, " ")
			path = strings.ReplaceAll(path, "{userId}", "1")
			var p problem
			if code := bo.do(method, path, map[string]any{}, &p); code != 403 || p.Code != "forbidden" {
				t.Errorf("%s as a user: %d %s", pattern, code, p.Code)
			}
			if code := newClient(t, srv).do(method, path, map[string]any{}, &p); code != 401 {
				t.Errorf("%s signed out: %d", pattern, code)
			}
			walked++
		}
		if walked != 8 {
			t.Fatalf("walked %d administration endpoints", walked)
		}

		users := adm.adminUsers()
		a, b := users["admin@example.com"], users["bo@example.com"]
		if len(users) != 2 || a.Rol != "Administrador" || !a.You || b.You || b.Rol != "Usuario" || b.Movements != 3 || a.Movements != 0 ||
			b.LastSignInAt == nil || *b.LastSignInAt != clk.Now().UnixMilli() || b.ProviderID != "Email" || b.Disabled {
			t.Fatalf("users %+v", users)
		}

		// Disabled: sessions end, sign-in and tokens are refused.
		tok := bo.newToken("script", "read", nil)
		var out adminUser
		if code := adm.do("PATCH", "/api/v1/admin/users/"+b.ID, map[string]any{"disabled": true}, &out); code != 200 || !out.Disabled {
			t.Fatalf("disable: %d %+v", code, out)
		}
		if code := bo.do("GET", "/api/v1/me", nil, nil); code != 401 {
			t.Fatalf("a disabled user's session: %d", code)
		}
		if code, p := newClient(t, srv).login("bo@example.com", "mango-river-42"); code != 403 || p.Code != "account_disabled" {
			t.Fatalf("a disabled user's sign-in: %d %+v", code, p)
		}
		if code, p := newClient(t, srv).login("bo@example.com", "wrong-password-1"); code != 401 || p.Code != "invalid_credentials" {
			t.Fatalf("a disabled user's wrong password: %d %+v", code, p)
		}
		if code, _, _ := bearer(t, srv.URL, tok.Token, "GET", "/api/v1/me", "", nil); code != 401 {
			t.Fatalf("a disabled user's token: %d", code)
		}
		if code := adm.do("POST", "/api/v1/admin/users/"+b.ID+"/password-reset", nil, nil); code != 403 {
			t.Fatalf("a reset link for a disabled user: %d", code)
		}
		if code := adm.do("PATCH", "/api/v1/admin/users/"+b.ID, map[string]any{"disabled": false}, &out); code != 200 || out.Disabled {
			t.Fatalf("enable: %d %+v", code, out)
		}
		bo = newClient(t, srv)
		if code, _ := bo.login("bo@example.com", "mango-river-42"); code != 200 {
			t.Fatalf("sign-in after enabling: %d", code)
		}

		// A user who lost the authenticator and the recovery codes: the
		// administrator turns the two-step sign-in off (never on).
		turnOnTwoFactor(t, bo, clk)
		if users := adm.adminUsers(); !users["bo@example.com"].TwoFactor {
			t.Fatalf("two-step sign-in not listed: %+v", users["bo@example.com"])
		}
		if code, field, _ := adm.fieldError("PATCH", "/api/v1/admin/users/"+b.ID, map[string]any{"twoFactor": true}); code != 400 || field != "twoFactor" {
			t.Fatalf("two-step sign-in turned on by an administrator: %d %s", code, field)
		}
		if code := adm.do("PATCH", "/api/v1/admin/users/"+b.ID, map[string]any{"twoFactor": false}, &out); code != 200 || out.TwoFactor {
			t.Fatalf("two-step sign-in off: %d %+v", code, out)
		}
		if code, _ := newClient(t, srv).login("bo@example.com", "mango-river-42"); code != 200 {
			t.Fatalf("sign-in after the two-step sign-in was turned off: %d", code)
		}

		// Administrators: never none.
		if code, _, fc := adm.fieldError("PATCH", "/api/v1/admin/users/"+a.ID, map[string]any{"rol": "Usuario"}); code != 409 || fc != "last_admin" {
			t.Fatalf("the last administrator steps down: %d %s", code, fc)
		}
		if code, _, fc := adm.fieldError("PATCH", "/api/v1/admin/users/"+a.ID, map[string]any{"disabled": true}); code != 409 || fc != "last_admin" {
			t.Fatalf("the last administrator disabled: %d %s", code, fc)
		}
		if code, field, _ := adm.fieldError("PATCH", "/api/v1/admin/users/"+b.ID, map[string]any{"rol": "Root"}); code != 400 || field != "rol" {
			t.Fatalf("a bad rol: %d %s", code, field)
		}
		if code := adm.do("PATCH", "/api/v1/admin/users/999999", map[string]any{"disabled": true}, nil); code != 404 {
			t.Fatalf("an unknown user: %d", code)
		}
		if code := adm.do("PATCH", "/api/v1/admin/users/"+b.ID, map[string]any{"rol": "Administrador"}, &out); code != 200 || out.Rol != "Administrador" {
			t.Fatalf("make administrator: %d %+v", code, out)
		}
		if users := bo.adminUsers(); !users["bo@example.com"].You {
			t.Fatalf("the new administrator's view %+v", users)
		}
		// Two administrators removing each other at once: one of them stays.
		var wg sync.WaitGroup
		codes := make([]int, 2)
		wg.Go(func() { codes[0] = adm.do("PATCH", "/api/v1/admin/users/"+b.ID, map[string]any{"rol": "Usuario"}, nil) })
		wg.Go(func() { codes[1] = bo.do("PATCH", "/api/v1/admin/users/"+a.ID, map[string]any{"rol": "Usuario"}, nil) })
		wg.Wait()
		// (The other is refused: 409 last_admin when both got past the check
		// of their rol, 403 when the first change came before its check.)
		lost := func(c int) bool { return c == 409 || c == 403 }
		if !(codes[0] == 200 && lost(codes[1]) || lost(codes[0]) && codes[1] == 200) {
			t.Fatalf("removing each other: %v", codes)
		}
		winner, winnerEmail := adm, "admin@example.com"
		if codes[1] == 200 {
			winner, winnerEmail = bo, "bo@example.com"
		}
		admins := 0
		for _, u := range winner.adminUsers() {
			if u.Rol == "Administrador" {
				admins++
			}
		}
		if admins != 1 {
			t.Fatalf("%d administrators after removing each other", admins)
		}

		// Sign-ups switched at run time.
		var settings struct {
			SignupEnabled *bool `json:"signupEnabled"`
		}
		if code := winner.do("PUT", "/api/v1/admin/settings", map[string]any{"signupEnabled": false}, &settings); code != 200 || *settings.SignupEnabled {
			t.Fatalf("sign-ups off: %d", code)
		}
		var meta struct {
			SignupEnabled        bool `json:"signupEnabled"`
			PasswordResetByEmail bool `json:"passwordResetByEmail"`
		}
		if newClient(t, srv).do("GET", "/api/v1/meta", nil, &meta); meta.SignupEnabled || meta.PasswordResetByEmail {
			t.Fatalf("meta %+v", meta)
		}
		var p problem
		if code := newClient(t, srv).do("POST", "/api/v1/auth/signup", map[string]string{"email": "cy@example.com", "password": "mango-river-42", "name": "Cy"}, &p); code != 403 || p.Code != "signup_disabled" {
			t.Fatalf("sign-up while off: %d %+v", code, p)
		}
		if code, field, _ := winner.fieldError("PUT", "/api/v1/admin/settings", map[string]any{}); code != 400 || field != "signupEnabled" {
			t.Fatalf("settings without a value: %d %s", code, field)
		}
		winner.do("PUT", "/api/v1/admin/settings", map[string]any{"signupEnabled": true}, nil)
		if winner.do("GET", "/api/v1/admin/settings", nil, &settings); !*settings.SignupEnabled {
			t.Fatal("sign-ups still off")
		}
		newClient(t, srv).signUp("cy@example.com")

		// A password-reset link: once, for 24 hours; it ends every session.
		var link resetLink
		if code := winner.do("POST", "/api/v1/admin/users/"+users["bo@example.com"].ID+"/password-reset", nil, &link); code != 201 ||
			link.ExpiresAt != clk.Now().Add(24*time.Hour).UnixMilli() {
			t.Fatalf("reset link: %d %+v", code, link)
		}
		token := tokenOf(t, link.URL)
		anon := newClient(t, srv)
		var who struct {
			Email string `json:"email"`
		}
		if code := anon.do("GET", "/api/v1/auth/password-reset/"+token, nil, &who); code != 200 || who.Email != "bo@example.com" {
			t.Fatalf("check the link: %d %+v", code, who)
		}
		if code, field, _ := anon.fieldError("POST", "/api/v1/auth/password-reset/"+token, map[string]string{"newPassword": "short"}); code != 400 || field != "newPassword" {
			t.Fatalf("a weak new password: %d %s", code, field)
		}
		if code := anon.do("POST", "/api/v1/auth/password-reset/"+token, map[string]string{"newPassword": "new-river-77"}, nil); code != 204 {
			t.Fatalf("reset: %d", code)
		}
		if code := bo.do("GET", "/api/v1/me", nil, nil); code != 401 {
			t.Fatalf("a session after the reset: %d", code)
		}
		if code, _ := newClient(t, srv).login("bo@example.com", "new-river-77"); code != 200 {
			t.Fatalf("sign-in with the new password: %d", code)
		}
		if code, _, fc := anon.fieldError("POST", "/api/v1/auth/password-reset/"+token, map[string]string{"newPassword": "other-river-88"}); code != 404 || fc != "reset_link_invalid" {
			t.Fatalf("the link twice: %d %s", code, fc)
		}
		// Expired after 24 hours; a newer link replaces an older one.
		var first, second resetLink
		// (bo's sessions ended with the reset: the administrator signs in again.)
		winner = newClient(t, srv)
		if code, _ := winner.login(winnerEmail, map[string]string{"admin@example.com": "mango-river-42", "bo@example.com": "new-river-77"}[winnerEmail]); code != 200 {
			t.Fatalf("the administrator's sign-in: %d", code)
		}
		winner.do("POST", "/api/v1/admin/users/"+a.ID+"/password-reset", nil, &first)
		winner.do("POST", "/api/v1/admin/users/"+a.ID+"/password-reset", nil, &second)
		if code := anon.do("GET", "/api/v1/auth/password-reset/"+tokenOf(t, first.URL), nil, nil); code != 404 {
			t.Fatalf("a replaced link: %d", code)
		}
		clk.Add(24*time.Hour + time.Second)
		if code := anon.do("GET", "/api/v1/auth/password-reset/"+tokenOf(t, second.URL), nil, nil); code != 404 {
			t.Fatalf("an expired link: %d", code)
		}
		// Without a mailer, "forgot password" says to ask the administrator.
		if code, _, fc := anon.fieldError("POST", "/api/v1/auth/password-reset", map[string]string{"email": "bo@example.com"}); code != 409 || fc != "password_reset_unavailable" {
			t.Fatalf("forgot password without email: %d %s", code, fc)
		}

		// What the administration did is in each user's activity, and in the instance's.
		adminView := newClient(t, srv)
		adminView.login("bo@example.com", "new-river-77")
		var events []securityEvent
		adminView.do("GET", "/api/v1/me/security-events", nil, &events)
		var kinds []string
		for _, e := range events {
			kinds = append(kinds, e.Kind+":"+e.Detail)
		}
		for _, want := range []string{"account_disabled:admin@example.com", "account_enabled:admin@example.com", "made_administrator:admin@example.com",
			"two_factor_disabled:admin@example.com",
			"password_reset_link_created:", "password_reset:", "sign_in_failed:password"} {
			found := false
			for _, k := range kinds {
				found = found || strings.HasPrefix(k, want)
			}
			if !found {
				t.Errorf("bo's activity lacks %s: %v", want, kinds)
			}
		}
		var all []struct {
			Kind  string `json:"kind"`
			Email string `json:"email"`
		}
		winner = newClient(t, srv) // (a day later: a new session)
		winner.login(winnerEmail, map[string]string{"admin@example.com": "mango-river-42", "bo@example.com": "new-river-77"}[winnerEmail])
		if code := winner.do("GET", "/api/v1/admin/security-events?limit=200", nil, &all); code != 200 || len(all) < len(events) {
			t.Fatalf("instance activity: %d %d", code, len(all))
		}
		emails := map[string]bool{}
		for _, e := range all {
			emails[e.Email] = true
		}
		if !emails["bo@example.com"] || !emails["admin@example.com"] || !emails["cy@example.com"] {
			t.Fatalf("instance activity users %v", emails)
		}
	})
}

// "Forgot password" emails a link, and says the same for an unknown email.
func TestForgotPasswordByEmail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		m := &fakeMailer{resets: make(chan resetMail, 4)}
		srv := ledgerServerDeps(t, db, func(d *api.Deps) { d.Mailer = m; d.BaseURL = "https://cash.example.com/" })
		c := newClient(t, srv)
		c.signUp("ana@example.com")
		anon := newClient(t, srv)
		if code := anon.do("POST", "/api/v1/auth/password-reset", map[string]string{"email": "nobody@example.com"}, nil); code != 202 {
			t.Fatalf("unknown email: %d", code)
		}
		if code := anon.do("POST", "/api/v1/auth/password-reset", map[string]string{"email": " ANA@example.com "}, nil); code != 202 {
			t.Fatalf("forgot password: %d", code)
		}
		var mail resetMail
		select {
		case mail = <-m.resets:
		case <-time.After(5 * time.Second):
			t.Fatal("no email")
		}
		if mail.to != "ana@example.com" || !strings.HasPrefix(mail.url, "https://cash.example.com/login/reset?token=") || mail.lang != "SWITCH_TO_SPANISH" {
			t.Fatalf("email %+v", mail)
		}
		select {
		case extra := <-m.resets:
			t.Fatalf("an email for an unknown address: %+v", extra)
		default:
		}
		if code, field, _ := anon.fieldError("POST", "/api/v1/auth/password-reset", map[string]string{}); code != 400 || field != "email" {
			t.Fatalf("no email: %d %s", code, field)
		}
		if code := anon.do("POST", "/api/v1/auth/password-reset/"+tokenOf(t, mail.url), map[string]string{"newPassword": "new-river-77"}, nil); code != 204 {
			t.Fatalf("reset: %d", code)
		}
		if code := c.do("GET", "/api/v1/me", nil, nil); code != 401 {
			t.Fatalf("the session after the reset: %d", code)
		}
		if code, _ := newClient(t, srv).login("ana@example.com", "new-river-77"); code != 200 {
			t.Fatalf("sign-in with the new password: %d", code)
		}
		var meta struct {
			PasswordResetByEmail bool `json:"passwordResetByEmail"`
		}
		if anon.do("GET", "/api/v1/meta", nil, &meta); !meta.PasswordResetByEmail {
			t.Fatal("meta says no email")
		}
	})
}
