package api_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"cashcontrol/internal/api"
	"cashcontrol/internal/auth"
	"cashcontrol/internal/money"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

type apiToken struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Scope      string `json:"scope"`
	Hint       string `json:"hint"`
	Token      string `json:"token"`
	CreatedAt  int64  `json:"createdAt"`
	ExpiresAt  *int64 `json:"expiresAt"`
	LastUsedAt *int64 `json:"lastUsedAt"`
}

// bearer sends a request with only the token (no cookies) and returns the
// status, the problem code and the body; it reads no more than the headers
// of an event stream.
func bearer(t *testing.T, base, token, method, path, body string, header map[string]string) (int, string, []byte) {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, base+path, r)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+token)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		return resp.StatusCode, "", nil
	}
	data, _ := io.ReadAll(resp.Body)
	var p problem
	_ = json.Unmarshal(data, &p)
	return resp.StatusCode, p.Code, data
}

func (c *client) newToken(name, scope string, expires *int64) apiToken {
	c.t.Helper()
	body := map[string]any{"name": name, "scope": scope}
	if expires != nil {
		body["expiresAt"] = *expires
	}
	var tok apiToken
	if code := c.do("POST", "/api/v1/me/tokens", body, &tok); code != 201 {
		c.t.Fatalf("new token %s: %d", name, code)
	}
	return tok
}

func TestAPITokens(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, clk := identityServer(t, db, identityOptions{})
		c := newClient(t, srv)
		c.signUp("ana@example.com")

		// Bad input: refused, nothing made.
		for _, body := range []map[string]any{{"scope": "read"}, {"name": "x", "scope": "admin"}, {"name": strings.Repeat("n", 101), "scope": "read"},
			{"name": "x", "scope": "read", "expiresAt": clk.Now().UnixMilli()}} {
			if code, field, _ := c.fieldError("POST", "/api/v1/me/tokens", body); code != 400 || field == "" {
				t.Fatalf("%v: %d %s", body, code, field)
			}
		}
		expires := clk.Now().Add(48 * time.Hour).UnixMilli()
		ro := c.newToken("Spreadsheet", "read", nil)
		rw := c.newToken(" Backup script ", "write", &expires)
		if !strings.HasPrefix(ro.Token, "cc_") || len(ro.Token) != 46 || ro.Hint != "cc_…"+ro.Token[42:] || rw.Name != "Backup script" || *rw.ExpiresAt != expires {
			t.Fatalf("tokens %+v %+v", ro, rw)
		}
		var list []apiToken
		if c.do("GET", "/api/v1/me/tokens", nil, &list); len(list) != 2 || list[0].Name != "Backup script" || list[0].Token != "" || list[1].LastUsedAt != nil {
			t.Fatalf("list %+v", list)
		}

		// A read-only token reads; its writes are refused, and nothing changes.
		if code, _, body := bearer(t, srv.URL, ro.Token, "GET", "/api/v1/me", "", nil); code != 200 || !strings.Contains(string(body), "ana@example.com") {
			t.Fatalf("me with a token: %d %s", code, body)
		}
		if code, pc, _ := bearer(t, srv.URL, ro.Token, "POST", "/api/v1/accounts", `{"name":"Bank","type":"bank","currency":"EUR"}`, nil); code != 403 || pc != "token_scope" {
			t.Fatalf("read-only write: %d %s", code, pc)
		}
		var accounts struct {
			Items []map[string]any `json:"items"`
		}
		if c.do("GET", "/api/v1/accounts", nil, &accounts); len(accounts.Items) != 0 {
			t.Fatalf("accounts after a refused write: %v", accounts)
		}
		// A read-write token writes, and the write is the user's.
		if code, _, body := bearer(t, srv.URL, rw.Token, "POST", "/api/v1/accounts", `{"name":"Bank","type":"bank","currency":"EUR"}`, nil); code != 201 {
			t.Fatalf("write with a token: %d %s", code, body)
		}
		// No token reaches the password, two-step, tokens or deletion.
		for _, call := range [][3]string{{"PUT", "/api/v1/me/password", `{"currentPassword":"mango-river-42","newPassword":"other-pass-99x"}`},
			{"POST", "/api/v1/me/tokens", `{"name":"more","scope":"write"}`}, {"GET", "/api/v1/me/tokens", ""},
			{"DELETE", "/api/v1/me", `{"currentPassword":"mango-river-42"}`}, {"POST", "/api/v1/me/two-factor/setup", `{"currentPassword":"mango-river-42"}`}} {
			if code, pc, _ := bearer(t, srv.URL, rw.Token, call[0], call[1], call[2], nil); code != 403 || pc != "token_not_allowed" {
				t.Fatalf("%s %s with a token: %d %s", call[0], call[1], code, pc)
			}
		}
		if code, _ := newClient(t, srv).login("ana@example.com", "mango-river-42"); code != 200 {
			t.Fatalf("the password changed through a token: %d", code)
		}
		// Cross-origin protection guards cookies, not tokens.
		evil := map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}
		if code, _, body := bearer(t, srv.URL, rw.Token, "POST", "/api/v1/categories", `{"name":"Food","type":"expense"}`, evil); code != 201 {
			t.Fatalf("cross-origin token write: %d %s", code, body)
		}
		if code, _, _ := c.raw("POST", "/api/v1/categories", `{"name":"Rent","type":"expense"}`, evil); code != 403 {
			t.Fatalf("cross-origin cookie write: %d", code)
		}
		// A request with an Authorization header is the token's alone: a
		// wrong token is refused even next to a valid session cookie.
		if code, _, _ := c.raw("GET", "/api/v1/me", "", map[string]string{"Authorization": "Bearer cc_wrong"}); code != 401 {
			t.Fatalf("wrong token with a session cookie: %d", code)
		}
		// An Authorization header of another kind (Basic, from a reverse
		// proxy with a password of its own) is not the API's: the session
		// cookie works through it, and so does the cross-origin check.
		if code, _, body := c.raw("GET", "/api/v1/me", "", map[string]string{"Authorization": "Basic YTpi"}); code != 200 {
			t.Fatalf("basic auth with a session cookie: %d %s", code, body)
		}
		basicEvil := map[string]string{"Authorization": "Basic YTpi", "Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}
		if code, _, _ := c.raw("POST", "/api/v1/categories", `{"name":"Rent","type":"expense"}`, basicEvil); code != 403 {
			t.Fatalf("cross-origin cookie write with basic auth: %d", code)
		}
		if code, _, _ := newClient(t, srv).raw("GET", "/api/v1/me", "", map[string]string{"Authorization": "Basic YTpi"}); code != 401 {
			t.Fatalf("basic auth alone: %d", code)
		}
		for _, bad := range []string{"", "cc_", "nope", ro.Token + "x", strings.ToUpper(ro.Token)} {
			if code, pc, _ := bearer(t, srv.URL, bad, "GET", "/api/v1/me", "", nil); code != 401 || pc != "unauthorized" {
				t.Fatalf("token %q: %d %s", bad, code, pc)
			}
		}

		// Last use: written once a minute.
		c.do("GET", "/api/v1/me/tokens", nil, &list)
		if list[1].LastUsedAt == nil || *list[1].LastUsedAt != clk.Now().UnixMilli() {
			t.Fatalf("last used %+v", list[1])
		}
		// Expired: refused.
		clk.Add(48 * time.Hour)
		if code, _, _ := bearer(t, srv.URL, rw.Token, "GET", "/api/v1/me", "", nil); code != 401 {
			t.Fatalf("expired token: %d", code)
		}
		// Revoked: refused; another user cannot revoke it. (The session
		// ended with the 48 hours: sign in again.)
		c = newClient(t, srv)
		if code, _ := c.login("ana@example.com", "mango-river-42"); code != 200 {
			t.Fatalf("sign-in: %d", code)
		}
		o := newClient(t, srv)
		o.signUp("bo@example.com")
		if code := o.do("DELETE", "/api/v1/me/tokens/"+ro.ID, nil, nil); code != 404 {
			t.Fatalf("another user's revoke: %d", code)
		}
		if code, _, _ := bearer(t, srv.URL, ro.Token, "GET", "/api/v1/me", "", nil); code != 200 {
			t.Fatalf("token after another user's revoke: %d", code)
		}
		if code := c.do("DELETE", "/api/v1/me/tokens/"+ro.ID, nil, nil); code != 204 {
			t.Fatalf("revoke: %d", code)
		}
		if code, _, _ := bearer(t, srv.URL, ro.Token, "GET", "/api/v1/me", "", nil); code != 401 {
			t.Fatalf("revoked token: %d", code)
		}
		if code := c.do("DELETE", "/api/v1/me/tokens/"+ro.ID, nil, nil); code != 404 {
			t.Fatalf("revoke twice: %d", code)
		}
		var events []securityEvent
		c.do("GET", "/api/v1/me/security-events", nil, &events)
		var got []string
		for _, e := range events {
			got = append(got, e.Kind+":"+e.Detail)
		}
		// Uses: once an hour per token (the read-only one was used again 48 hours on).
		want := "token_revoked:Spreadsheet token_used:Spreadsheet sign_in:password sign_in:password token_used:Backup script token_used:Spreadsheet " +
			"token_created:Backup script token_created:Spreadsheet sign_up:password"
		if strings.Join(got, " ") != want {
			t.Fatalf("events\n got %s\nwant %s", strings.Join(got, " "), want)
		}
	})
}

// Every endpoint, from the route table: a read-only token reads and writes
// nothing, a read-write token does what its user may, and no token reaches
// the session-only endpoints, which are exactly the sensitive ones.
func TestTokenScopesOnEveryEndpoint(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	table := api.New(api.Deps{Currencies: money.NewTable(), Logger: log, Sessions: auth.NewSessions(nil, time.Hour, time.Hour, nil)})
	sessionOnly := table.SessionOnlyRoutes()
	var names []string
	for p := range sessionOnly {
		names = append(names, p)
	}
	slices.Sort(names)
	want := []string{"DELETE /api/v1/me", "DELETE /api/v1/me/sessions", "DELETE /api/v1/me/tokens/{id}", "DELETE /api/v1/me/two-factor",
		"GET /api/v1/me/tokens", "GET /api/v1/me/two-factor", "POST /api/v1/me/tokens", "POST /api/v1/me/two-factor/confirm",
		"POST /api/v1/me/two-factor/recovery-codes", "POST /api/v1/me/two-factor/setup", "PUT /api/v1/me/password",
		"GET /api/v1/admin/security-events", "GET /api/v1/admin/settings", "GET /api/v1/admin/users", "PATCH /api/v1/admin/users/{userId}",
		"POST /api/v1/admin/users/{userId}/password-reset", "PUT /api/v1/admin/settings", "GET /api/v1/admin/backups", "POST /api/v1/admin/backups",
		"GET /api/v1/me/passkeys", "POST /api/v1/me/passkeys/options", "POST /api/v1/me/passkeys", "PATCH /api/v1/me/passkeys/{id}",
		"DELETE /api/v1/me/passkeys/{id}", "GET /api/v1/events",
		"GET /api/v1/bank/callback"} // the bank sends the browser back: its session finishes the authorisation
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Fatalf("session-only endpoints\n got %v\nwant %v", names, want)
	}
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, _ := identityServer(t, db, identityOptions{})
		c := newClient(t, srv)
		c.signUp("ana@example.com")
		ro := c.newToken("read", "read", nil)
		rw := c.newToken("write", "write", nil)
		var me struct {
			LedgerID string `json:"ledgerId"`
		}
		c.do("GET", "/api/v1/me", nil, &me)
		walked := 0
		for pattern, access := range table.RouteAccess() {
			if access == "anyone" {
				continue
			}
			method, path, _ := strings.Cut(pattern, " ")
			path = strings.NewReplacer("{id}", "999999", "{ledgerId}", me.LedgerID, "{userId}", "999999", "{token}", "x", "{code}", "XYZ").Replace(path)
			body := ""
			if method != "GET" {
				body = "{}"
			}
			for _, tok := range []apiToken{ro, rw} {
				code, pc, resp := bearer(t, srv.URL, tok.Token, method, path, body, nil)
				switch {
				case sessionOnly[pattern]:
					if code != 403 || pc != "token_not_allowed" {
						t.Errorf("%s with the %s token: %d %s", pattern, tok.Name, code, resp)
					}
				case tok.Scope == "read" && method != "GET":
					if code != 403 || pc != "token_scope" {
						t.Errorf("%s with the read-only token: %d %s", pattern, code, resp)
					}
				default:
					// (This server downloads no rates: 502 rates_unavailable is the ECB route's own answer.)
					if code == 401 || pc == "token_scope" || pc == "token_not_allowed" || (code >= 500 && pc != "rates_unavailable") {
						t.Errorf("%s with the %s token: %d %s", pattern, tok.Name, code, resp)
					}
				}
			}
			walked++
		}
		if walked < 100 {
			t.Fatalf("walked %d endpoints", walked)
		}
	})
}

// A password change, a password reset and "sign out everywhere" end the
// user's API tokens too: whoever took the password or a device may have made
// one. (They kept working.)
func TestTokensEndWithTheSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, _ := identityServer(t, db, identityOptions{})
		c := newClient(t, srv)
		c.signUp("ends@example.com")
		works := func(tok apiToken) bool {
			code, _, _ := bearer(t, srv.URL, tok.Token, "GET", "/api/v1/me", "", nil)
			return code == 200
		}
		tok := c.newToken("laptop", "read", nil)
		if !works(tok) {
			t.Fatal("a new token does not work")
		}
		if code := c.do("PUT", "/api/v1/me/password", map[string]string{"currentPassword": "mango-river-42", "newPassword": "kiwi-ocean-9876"}, nil); code != 204 {
			t.Fatalf("password change: %d", code)
		}
		if works(tok) {
			t.Error("a token outlived a password change")
		}
		var list []apiToken
		if code := c.do("GET", "/api/v1/me/tokens", nil, &list); code != 200 || len(list) != 0 {
			t.Errorf("tokens after a password change: %d %+v", code, list)
		}
		tok = c.newToken("phone", "read", nil)
		if code := c.do("DELETE", "/api/v1/me/sessions", nil, nil); code != 204 {
			t.Fatalf("sign out everywhere: %d", code)
		}
		if works(tok) {
			t.Error("a token outlived signing out everywhere")
		}
	})
}
