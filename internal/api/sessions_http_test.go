package api_test

import (
	"encoding/csv"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"cashcontrol/internal/auth"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// A password change ends every other session of the user; the one that made
// it stays signed in.
func TestPasswordChangeEndsOtherSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, _ := identityServer(t, db, identityOptions{})
		a := newClient(t, srv)
		a.signUp("pw@example.com")
		b, c := newClient(t, srv), newClient(t, srv)
		b.login("pw@example.com", "mango-river-42")
		c.login("pw@example.com", "mango-river-42")
		other := newClient(t, srv)
		other.signUp("other@example.com")

		var p problem
		if code := a.do("PUT", "/api/v1/me/password", map[string]string{"currentPassword": "wrong-one-1", "newPassword": "kiwi-harbour-77"}, &p); code != 400 ||
			len(p.Errors) != 1 || p.Errors[0].Field != "currentPassword" || p.Errors[0].Code != "mismatch" {
			t.Fatalf("wrong current password: %d %+v", code, p)
		}
		if code := b.do("GET", "/api/v1/me", nil, nil); code != 200 {
			t.Fatalf("a refused change ended a session: %d", code)
		}
		if code := a.do("PUT", "/api/v1/me/password", map[string]string{"currentPassword": "mango-river-42", "newPassword": "kiwi-harbour-77"}, nil); code != 204 {
			t.Fatalf("change password: %d", code)
		}
		for name, cl := range map[string]*client{"second": b, "third": c} {
			if code := cl.do("GET", "/api/v1/me", nil, nil); code != 401 {
				t.Errorf("%s session after a password change: %d", name, code)
			}
		}
		if code := a.do("GET", "/api/v1/me", nil, nil); code != 200 {
			t.Fatalf("the session that changed the password: %d", code)
		}
		if code := other.do("GET", "/api/v1/me", nil, nil); code != 200 {
			t.Fatalf("another user's session: %d", code)
		}
		if code, _ := newClient(t, srv).login("pw@example.com", "kiwi-harbour-77"); code != 200 {
			t.Fatalf("sign in with the new password: %d", code)
		}
	})
}

// DELETE /me asks for the current password; a wrong or missing one deletes
// nothing.
func TestDeleteAccountAsksForThePassword(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, _ := identityServer(t, db, identityOptions{})
		a := newClient(t, srv)
		a.signUp("del@example.com")
		for _, tc := range []struct {
			body       any
			field, fc  string
			wantStatus int
		}{
			{nil, "currentPassword", "required", 400},
			{map[string]string{}, "currentPassword", "required", 400},
			{map[string]string{"currentPassword": "not-my-password"}, "currentPassword", "mismatch", 400},
			{map[string]string{"password": "mango-river-42"}, "", "", 400}, // unknown field
		} {
			var p problem
			code := a.do("DELETE", "/api/v1/me", tc.body, &p)
			if code != tc.wantStatus || tc.field != "" && (len(p.Errors) != 1 || p.Errors[0].Field != tc.field || p.Errors[0].Code != tc.fc) {
				t.Fatalf("delete with %v: %d %+v", tc.body, code, p)
			}
			if code := a.do("GET", "/api/v1/me", nil, nil); code != 200 {
				t.Fatalf("the account is gone after a refused delete (%v): %d", tc.body, code)
			}
		}
		if code := a.do("DELETE", "/api/v1/me", map[string]string{"currentPassword": "mango-river-42"}, nil); code != 204 {
			t.Fatalf("delete with the password: %d", code)
		}
		if code, _ := newClient(t, srv).login("del@example.com", "mango-river-42"); code != 401 {
			t.Fatalf("deleted user signs in: %d", code)
		}
	})
}

// An account without a password (OpenID Connect only) may be deleted within
// ten minutes of signing in; later it is told to sign in again.
func TestDeleteAccountWithoutPasswordNeedsARecentSignIn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		idp := startIDP(t)
		cfg := auth.ProviderConfig{ID: "test", Name: "Test IdP", Issuer: idp.Issuer(), ClientID: idp.ClientID, ClientSecret: idp.ClientSecret}
		srv, clk := identityServer(t, db, identityOptions{providers: []auth.ProviderConfig{cfg}})
		idp.QueueUser(idpUser("sso@example.com", true))
		c := oidcClient(t, srv)
		c.finishOIDC(c.beginOIDC("test"))
		clk.Add(10*time.Minute + time.Second)
		var p problem
		if code := c.do("DELETE", "/api/v1/me", map[string]string{}, &p); code != 403 || p.Code != "recent_sign_in_required" {
			t.Fatalf("delete eleven minutes after sign-in: %d %+v", code, p)
		}
		if code := c.do("GET", "/api/v1/me", nil, nil); code != 200 {
			t.Fatalf("the account after a refused delete: %d", code)
		}
		// Signing in again makes it possible.
		idp.QueueUser(idpUser("sso@example.com", true))
		c.finishOIDC(c.beginOIDC("test"))
		clk.Add(5 * time.Minute)
		if code := c.do("DELETE", "/api/v1/me", nil, nil); code != 204 {
			t.Fatalf("delete five minutes after sign-in: %d", code)
		}
		if code := c.do("GET", "/api/v1/me", nil, nil); code != 401 {
			t.Fatalf("session after delete: %d", code)
		}
	})
}

func TestPhotoURLMustBeHTTPS(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, _ := identityServer(t, db, identityOptions{})
		c := newClient(t, srv)
		c.signUp("photo@example.com")
		for _, bad := range []string{"http://example.com/a.png", "javascript:alert(1)", "data:image/png;base64,AAAA", "//example.com/a.png",
			"https://", "https://user:pw@example.com/a.png", "https:/example.com/a.png", "https://exa mple.com/a.png", "ftp://example.com/a.png"} {
			var p problem
			if code := c.do("PATCH", "/api/v1/me", map[string]string{"photoURL": bad}, &p); code != 400 || len(p.Errors) != 1 ||
				p.Errors[0].Field != "photoURL" || p.Errors[0].Code != "invalid" {
				t.Errorf("photoURL %q: %d %+v", bad, code, p)
			}
		}
		var doc struct {
			PhotoURL string `json:"photoURL"`
		}
		if code := c.do("PATCH", "/api/v1/me", map[string]string{"photoURL": " https://example.com/me.png?s=64 "}, &doc); code != 200 || doc.PhotoURL != "https://example.com/me.png?s=64" {
			t.Fatalf("https photo: %d %+v", code, doc)
		}
		if code := c.do("PATCH", "/api/v1/me", map[string]string{"photoURL": ""}, &doc); code != 200 || doc.PhotoURL != "" {
			t.Fatalf("empty photo: %d %+v", code, doc)
		}
	})
}

// No text cell of the CSV export starts a formula: tags, names, description
// and notes all come out inert.
func TestExportNeutralisesFormulasInEveryColumn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c := newClient(t, srv)
		c.signUp("csv@example.com")
		var acc, to, cat idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "=cmd|' /C calc'!A0", "type": "bank", "currency": "EUR"}, &acc)
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "+Savings", "type": "bank", "currency": "EUR"}, &to)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "@SUM(1+1)", "type": "expense"}, &cat)
		if acc.ID == "" || to.ID == "" || cat.ID == "" {
			t.Fatalf("setup: %v %v %v", acc, to, cat)
		}
		for _, m := range []map[string]any{
			{"type": "expense", "date": "2026-04-01", "amount": 100, "accountId": acc.ID, "categoryId": cat.ID,
				"description": " =1+1", "notes": "-2+3", "tags": []string{`=hyperlink("http://evil.example")`}},
			{"type": "expense", "date": "2026-04-02", "amount": 200, "accountId": acc.ID, "categoryId": cat.ID,
				"description": "\uff1dcmd()", "tags": []string{"food", "@x"}},
			{"type": "transfer", "date": "2026-04-03", "amount": 300, "accountId": acc.ID, "toAccountId": to.ID, "tags": []string{"+1"}},
		} {
			if code := c.do("POST", "/api/v1/movements", m, nil); code != 201 {
				t.Fatalf("create %v: %d", m, code)
			}
		}
		resp, err := c.http.Get(srv.URL + "/api/v1/movements/export.csv?order=asc")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		rows, err := csv.NewReader(resp.Body).ReadAll()
		if err != nil || len(rows) != 4 || resp.StatusCode != http.StatusOK {
			t.Fatalf("export: %d %v %q", resp.StatusCode, err, rows)
		}
		for _, row := range rows[1:] {
			for i, cell := range row {
				if rows[0][i] == "amount" || rows[0][i] == "toAmount" {
					continue // numbers the server wrote
				}
				if s := strings.TrimLeft(cell, " "); s != "" && strings.ContainsAny(s[:1], "=+-@") || strings.HasPrefix(s, "\uff1d") {
					t.Errorf("%s cell %q is live", rows[0][i], cell)
				}
			}
		}
		if tags := rows[1][slices.Index(rows[0], "tags")]; tags != `'=hyperlink("http://evil.example")` {
			t.Errorf("tags cell %q", tags)
		}
	})
}
