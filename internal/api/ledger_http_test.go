package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"cashcontrol/internal/api"
	"cashcontrol/internal/auth"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/money"
	"cashcontrol/internal/rates"
	"cashcontrol/internal/server"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// ledgerServer starts the real handler on db for the ledger tests.
func ledgerServer(t *testing.T, db *store.DB) *httptest.Server {
	t.Helper()
	return ledgerServerWith(t, db, nil)
}

// ledgerServerWith is ledgerServer with a download of the ECB's rates.
func ledgerServerWith(t *testing.T, db *store.DB, ecb *rates.ECB) *httptest.Server {
	t.Helper()
	return ledgerServerDeps(t, db, func(d *api.Deps) { d.ECB = ecb })
}

// ledgerServerDeps is ledgerServer with dependencies set by with.
func ledgerServerDeps(t *testing.T, db *store.DB, with func(*api.Deps)) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(validated(t, ledgerHandler(t, db, with)))
	t.Cleanup(srv.Close)
	return srv
}

// ledgerHandler is the server's handler as ledgerServerDeps serves it,
// without the check of every answer against the OpenAPI document (which
// holds each answer whole).
func ledgerHandler(t *testing.T, db *store.DB, with func(*api.Deps)) http.Handler {
	t.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc, err := auth.NewService(identity.New(db), auth.NewLimiter(time.Millisecond, 1000, nil), auth.NewLimiter(time.Millisecond, 1000, nil), true)
	if err != nil {
		t.Fatal(err)
	}
	sessions := auth.NewSessions(identity.New(db), time.Hour, 24*time.Hour, nil)
	deps := api.Deps{DB: db, Auth: svc, Sessions: sessions, OIDC: auth.NewOIDC(identity.New(db), "http://127.0.0.1", true, nil),
		Currencies: money.NewTable(), Logger: log, Meta: api.Meta{Version: api.Version}}
	with(&deps)
	a := api.New(deps)
	return server.Handler(server.Options{API: a, Web: fstest.MapFS{"index.html": {Data: []byte("<html>app</html>")}}, Logger: log})
}

type client struct {
	t    *testing.T
	base string
	http *http.Client
}

func newClient(t *testing.T, srv *httptest.Server) *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: t, base: srv.URL, http: &http.Client{Jar: jar}}
}

// do sends a JSON request and decodes the JSON reply into out (when given).
func (c *client) do(method, path string, body any, out any) int {
	c.t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.base+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil && len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			c.t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return resp.StatusCode
}

func (c *client) signUp(email string) {
	c.t.Helper()
	if code := c.do("POST", "/api/v1/auth/signup", map[string]string{"email": email, "password": "mango-river-42", "name": "T"}, nil); code != 201 {
		c.t.Fatalf("sign-up %s: %d", email, code)
	}
}

type idReply struct {
	ID string `json:"id"`
}

type problem struct {
	Code   string `json:"code"`
	Errors []struct {
		Field string `json:"field"`
		Code  string `json:"code"`
	} `json:"errors"`
}

// TestLedgerIsolation: another user's account, category or movement id
// answers 404 on every endpoint that takes one, and nothing of theirs changes.
func TestLedgerIsolation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		owner, intruder := newClient(t, srv), newClient(t, srv)
		owner.signUp("owner@example.com")
		intruder.signUp("intruder@example.com")
		var acc, acc2, cat, cat2, mov idReply
		owner.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR", "openingBalance": 1000}, &acc)
		owner.do("POST", "/api/v1/accounts", map[string]any{"name": "Cash", "type": "cash", "currency": "EUR"}, &acc2)
		owner.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &cat)
		owner.do("POST", "/api/v1/categories", map[string]any{"name": "Home", "type": "expense"}, &cat2)
		if code := owner.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-05-01", "amount": 250,
			"accountId": acc.ID, "categoryId": cat.ID}, &mov); code != 201 {
			t.Fatalf("create movement: %d", code)
		}
		var mine idReply
		intruder.do("POST", "/api/v1/accounts", map[string]any{"name": "Mine", "type": "cash", "currency": "EUR"}, &mine)
		var myCat idReply
		intruder.do("POST", "/api/v1/categories", map[string]any{"name": "Mine", "type": "expense"}, &myCat)
		for _, c := range []struct {
			method, path string
			body         any
		}{
			{"GET", "/api/v1/accounts/" + acc.ID, nil},
			{"PATCH", "/api/v1/accounts/" + acc.ID, map[string]any{"name": "Pwned"}},
			{"DELETE", "/api/v1/accounts/" + acc.ID + "?withMovements=true&confirm=Bank", nil},
			{"PUT", "/api/v1/accounts/order", map[string]any{"ids": []string{acc.ID, mine.ID}}},
			{"GET", "/api/v1/categories/" + cat.ID, nil},
			{"PATCH", "/api/v1/categories/" + cat.ID, map[string]any{"name": "Pwned"}},
			{"DELETE", "/api/v1/categories/" + cat.ID + "?moveTo=" + myCat.ID, nil},
			{"PUT", "/api/v1/categories/order", map[string]any{"ids": []string{cat.ID}}},
			{"GET", "/api/v1/movements/" + mov.ID, nil},
			{"PATCH", "/api/v1/movements/" + mov.ID, map[string]any{"amount": 1}},
			{"DELETE", "/api/v1/movements/" + mov.ID, nil},
			{"POST", "/api/v1/movements/bulk", map[string]any{"action": "delete", "ids": []string{mov.ID}}},
			{"POST", "/api/v1/movements/bulk", map[string]any{"action": "recategorize", "ids": []string{mov.ID}, "categoryId": myCat.ID}},
		} {
			var p problem
			if code := intruder.do(c.method, c.path, c.body, &p); code != 404 || p.Code != "not_found" {
				t.Errorf("%s %s by another user: %d %+v, want 404 not_found", c.method, c.path, code, p)
			}
		}
		// Writes that name the owner's ids from the intruder's ledger are refused too.
		var p problem
		if code := intruder.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-05-01", "amount": 1,
			"accountId": acc.ID, "categoryId": cat.ID}, &p); code != 400 || len(p.Errors) == 0 {
			t.Errorf("movement on another user's account: %d %+v", code, p)
		}
		// Lists, totals, export, reports and the dashboard show only the caller's data.
		var list struct {
			Items []json.RawMessage `json:"items"`
		}
		for _, path := range []string{"/api/v1/movements", "/api/v1/movements?accountId=" + acc.ID, "/api/v1/movements?categoryId=" + cat.ID} {
			intruder.do("GET", path, nil, &list)
			if len(list.Items) != 0 {
				t.Errorf("%s leaks %d movements", path, len(list.Items))
			}
		}
		var reports struct {
			Items []json.RawMessage `json:"items"`
		}
		for _, path := range []string{"/api/v1/reports/categories?from=2026-01-01&to=2026-12-31", "/api/v1/reports/trend?from=2026-01-01&to=2026-12-31&accountId=" + acc.ID} {
			intruder.do("GET", path, nil, &reports)
			if len(reports.Items) != 0 {
				t.Errorf("%s leaks %s", path, reports.Items)
			}
		}
		req, _ := http.NewRequest("GET", srv.URL+"/api/v1/movements/export.csv", nil)
		resp, err := intruder.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		csv, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if strings.Count(string(csv), "\n") != 1 {
			t.Errorf("export leaks: %q", csv)
		}
		var dash struct {
			Accounts []json.RawMessage `json:"accounts"`
			Recent   []json.RawMessage `json:"recent"`
		}
		intruder.do("GET", "/api/v1/dashboard", nil, &dash)
		if len(dash.Accounts) != 1 || len(dash.Recent) != 0 {
			t.Errorf("dashboard shows %d accounts and %d movements", len(dash.Accounts), len(dash.Recent))
		}
		// The owner's data is exactly as it was.
		var a struct {
			Name    string `json:"name"`
			Balance int64  `json:"balance"`
		}
		if owner.do("GET", "/api/v1/accounts/"+acc.ID, nil, &a); a.Name != "Bank" || a.Balance != 750 {
			t.Errorf("owner's account changed: %+v", a)
		}
		var m struct {
			Amount int64 `json:"amount"`
		}
		if code := owner.do("GET", "/api/v1/movements/"+mov.ID, nil, &m); code != 200 || m.Amount != 250 {
			t.Errorf("owner's movement changed: %d %+v", code, m)
		}
	})
}
