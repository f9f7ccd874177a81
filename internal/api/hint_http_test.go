package api_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"cashcontrol/internal/auth"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// The hint cookie says "this browser has a session" to the web app, which
// cannot read the HttpOnly session cookie: it comes and goes with it, holds
// no secret and is readable by scripts.
func TestSessionHintCookie(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, clk := identityServer(t, db, identityOptions{})
		u, _ := url.Parse(srv.URL)
		hint := func(cl *client) string {
			for _, ck := range cl.http.Jar.Cookies(u) {
				if ck.Name == auth.HintCookieName {
					return ck.Value
				}
			}
			return ""
		}

		// Signed out: the page sets no hint.
		c := newClient(t, srv)
		if resp := c.get(srv.URL + "/login"); resp.StatusCode != 200 {
			t.Fatalf("GET /login: %d", resp.StatusCode)
		}
		if h := hint(c); h != "" {
			t.Fatalf("signed out, hint %q", h)
		}

		// Sign-up and sign-in set it next to the session cookie; it is
		// readable by the page (not HttpOnly) and holds only "1".
		c.signUp("hint@example.com")
		if h := hint(c); h != "1" {
			t.Fatalf("after sign-up, hint %q", h)
		}
		req, _ := http.NewRequest("POST", srv.URL+"/api/v1/auth/login", strings.NewReader(`{"email":"hint@example.com","password":"mango-river-42"}`))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		var session, hinted *http.Cookie
		for _, ck := range resp.Cookies() {
			switch ck.Name {
			case auth.CookieName:
				session = ck
			case auth.HintCookieName:
				hinted = ck
			}
		}
		if session == nil || hinted == nil {
			t.Fatalf("sign-in cookies: %v", resp.Header.Values("Set-Cookie"))
		}
		if !session.HttpOnly || hinted.HttpOnly || hinted.Value != "1" || hinted.MaxAge != session.MaxAge ||
			hinted.Path != "/" || hinted.SameSite != http.SameSiteLaxMode || hinted.Secure != session.Secure {
			t.Fatalf("session %+v, hint %+v", session, hinted)
		}

		// Sign-out clears it.
		if code := c.do("POST", "/api/v1/auth/logout", nil, nil); code != 204 {
			t.Fatalf("logout: %d", code)
		}
		if h := hint(c); h != "" {
			t.Fatalf("after sign-out, hint %q", h)
		}

		// An expired session: the 401 clears it too.
		if code, _ := c.login("hint@example.com", "mango-river-42"); code != 200 || hint(c) != "1" {
			t.Fatalf("sign in again: %d, hint %q", code, hint(c))
		}
		clk.Add(61 * time.Minute)
		if code := c.do("GET", "/api/v1/me", nil, nil); code != 401 {
			t.Fatalf("after idle expiry: %d", code)
		}
		if h := hint(c); h != "" {
			t.Fatalf("after a 401, hint %q", h)
		}

		// A browser signed in before the hint existed gets it with the page.
		d := newClient(t, srv)
		if code, _ := d.login("hint@example.com", "mango-river-42"); code != 200 {
			t.Fatalf("login: %d", code)
		}
		d.http.Jar.SetCookies(u, []*http.Cookie{{Name: auth.HintCookieName, Value: "", Path: "/", MaxAge: -1}})
		if hint(d) != "" {
			t.Fatal("the hint was not removed")
		}
		if resp := d.get(srv.URL + "/movements"); resp.StatusCode != 200 {
			t.Fatalf("GET /movements: %d", resp.StatusCode)
		}
		if h := hint(d); h != "1" {
			t.Fatalf("a session without hint, after the page: hint %q", h)
		}
		if code := d.do("GET", "/api/v1/me", nil, nil); code != 200 {
			t.Fatalf("me: %d", code)
		}
	})
}
