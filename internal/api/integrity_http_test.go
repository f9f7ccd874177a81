package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"cashcontrol/internal/api"
	"cashcontrol/internal/auth"
	"cashcontrol/internal/finance"
	"cashcontrol/internal/money"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// raw sends a request with a literal body and headers and returns the status,
// the headers and the body.
func (c *client) raw(method, path, body string, header map[string]string) (int, http.Header, []byte) {
	c.t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, c.base+path, r)
	if err != nil {
		c.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, data
}

// routePatterns are the API's endpoints, from the route table itself, so
// that a new endpoint is covered without anyone remembering to add it.
func routePatterns(t *testing.T) []string {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	a := api.New(api.Deps{Currencies: money.NewTable(), Logger: log, Sessions: auth.NewSessions(nil, time.Hour, time.Hour, nil)})
	return a.Routes()
}

// Every endpoint refuses a NUL character or bytes that are not UTF-8 in its
// path or query with a 400, and one in its JSON body with a 4xx: never a 500
// (PostgreSQL's text refuses NUL, which used to surface as 500s).
func TestEveryEndpointRefusesNUL(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c := newClient(t, srv)
		c.signUp("nul@example.com")
		// The reported cases, each with a body that is right but for the NUL.
		anon := newClient(t, srv)
		if code, _, body := anon.raw("POST", "/api/v1/auth/signup", `{"email":"x@example.com","password":"mango-river-42","name":"A\u0000"}`, nil); code != 400 {
			t.Errorf("sign-up with NUL in the name: %d %s", code, body)
		}
		var acc, cat idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &acc)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &cat)
		body := fmt.Sprintf(`{"type":"expense","date":"2025-01-01","amount":1,"accountId":%q,"categoryId":%q,"description":"a\u0000b"}`, acc.ID, cat.ID)
		if code, _, resp := c.raw("POST", "/api/v1/movements", body, nil); code != 400 {
			t.Errorf("movement with NUL in the description: %d %s", code, resp)
		}
		// "\\u0000" is a backslash and "u0000", not a NUL: accepted.
		body = strings.Replace(body, `a\u0000b`, `a\\u0000b`, 1)
		if code, _, resp := c.raw("POST", "/api/v1/movements", body, nil); code != 201 {
			t.Errorf("movement with an escaped backslash: %d %s", code, resp)
		}
		// Then every endpoint (signing out and deleting the user among them,
		// so last).
		for _, pattern := range routePatterns(t) {
			method, path, _ := strings.Cut(pattern, " ")
			path = strings.NewReplacer("{id}", "1", "{provider}", "google", "{ledgerId}", "1", "{userId}", "1", "{token}", "x").Replace(path)
			for _, q := range []string{"?q=%00", "?q=%ff", "?accountId=1%002"} {
				if code, _, body := c.raw(method, path+q, "", nil); code != 400 {
					t.Errorf("%s%s: %d %s", pattern, q, code, body)
				}
			}
			if method == "GET" || strings.HasPrefix(path, "/auth/") {
				continue
			}
			body := `{"name":"a\u0000b","description":"x\u0000","email":"a\u0000@example.com","password":"p\u0000assword-long-enough"}`
			if code, _, resp := c.raw(method, path, body, nil); code >= 500 {
				t.Errorf("%s with NUL in the body: %d %s", pattern, code, resp)
			}
		}
	})
}

// Lists of ids in a filter are capped: 40,000 ids used to be a 500 on SQLite
// (too many SQL variables).
func TestFilterListsAreCapped(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClient(t, ledgerServer(t, db))
		c.signUp("cap@example.com")
		ids := make([]string, 40000)
		for i := range ids {
			ids[i] = fmt.Sprint(i + 1)
		}
		for _, path := range []string{"/api/v1/movements", "/api/v1/movements/totals", "/api/v1/movements/export.csv"} {
			for _, key := range []string{"accountId", "categoryId", "tag"} {
				var p problem
				if code := c.do("GET", path+"?"+key+"="+strings.Join(ids, ","), nil, &p); code != 400 || p.Code != "invalid" {
					t.Errorf("%s with 40,000 %s: %d %+v", path, key, code, p)
				}
			}
		}
		if code := c.do("GET", "/api/v1/movements?accountId="+strings.Join(ids[:finance.MaxFilterValues], ","), nil, nil); code != 200 {
			t.Errorf("%d ids: %d", finance.MaxFilterValues, code)
		}
	})
}

// Amounts that would overflow are refused and reads stay 200: two bulk
// creates of 5,000 × 10^15 used to make accounts, dashboard and totals
// answer 500 for good.
func TestOverflowIsRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClient(t, ledgerServer(t, db))
		c.signUp("overflow@example.com")
		var acc, cat idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &acc)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Salary", "type": "earning"}, &cat)
		ms := make([]map[string]any, 5000)
		for i := range ms {
			ms[i] = map[string]any{"type": "earning", "date": "2025-01-01", "amount": finance.MaxAmount, "accountId": acc.ID, "categoryId": cat.ID}
		}
		for i := 0; i < 2; i++ {
			var p problem
			if code := c.do("POST", "/api/v1/movements/bulk", map[string]any{"action": "create", "movements": ms}, &p); code != 400 || p.Code != "limit_exceeded" {
				t.Fatalf("bulk create %d: %d %+v", i, code, p)
			}
		}
		for _, path := range []string{"/api/v1/accounts", "/api/v1/dashboard", "/api/v1/movements/totals", "/api/v1/reports/networth", "/api/v1/reports/categories"} {
			if code := c.do("GET", path, nil, nil); code != 200 {
				t.Errorf("%s: %d", path, code)
			}
		}
		if err := storetest.CheckLedger(t.Context(), db, 1); err != nil {
			t.Fatal(err)
		}
	})
}

// Parallel deletes of one movement answer one 204 and 404s; parallel commits
// of one upload import it once and answer 409 already_committed to the rest.
func TestRepeatedRequestsApplyOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c := newClient(t, srv)
		c.signUp("once@example.com")
		var acc, cat idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &acc)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &cat)
		movement := map[string]any{"type": "expense", "date": "2025-01-01", "amount": 1000, "accountId": acc.ID, "categoryId": cat.ID}
		var m idReply
		c.do("POST", "/api/v1/movements", movement, &m)
		codes := make([]int, 8)
		var wg sync.WaitGroup
		for i := range codes {
			wg.Add(1)
			go func(i int) { defer wg.Done(); codes[i], _, _ = c.raw("DELETE", "/api/v1/movements/"+m.ID, "", nil) }(i)
		}
		wg.Wait()
		if count(codes, 204) != 1 || count(codes, 404) != 7 {
			t.Fatalf("parallel deletes: %v", codes)
		}

		var csv strings.Builder
		csv.WriteString("date,amount,description\n")
		for i := 0; i < 300; i++ {
			fmt.Fprintf(&csv, "2025-02-%02d,-1.00,Shop %d\n", 1+i%28, i)
		}
		var p preview
		if code := c.upload("bank.csv", []byte(csv.String()), acc.ID, &p); code != 200 {
			t.Fatalf("upload: %d", code)
		}
		commit, _ := json.Marshal(map[string]any{"accountId": acc.ID, "options": p.Options})
		bodies := make([]string, 4)
		for i := range codes[:4] {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				var b []byte
				codes[i], _, b = c.raw("POST", "/api/v1/imports/"+p.ID+"/commit", string(commit), nil)
				bodies[i] = string(b)
			}(i)
		}
		wg.Wait()
		if count(codes[:4], 200) != 1 || count(codes[:4], 409) != 3 {
			t.Fatalf("parallel commits: %v %v", codes[:4], bodies)
		}
		for i, b := range bodies {
			if codes[i] == 409 && !strings.Contains(b, `"already_committed"`) {
				t.Fatalf("409 without already_committed: %s", b)
			}
		}
		var tot struct{ Count int64 }
		if c.do("GET", "/api/v1/movements/totals", nil, &tot); tot.Count != 300 {
			t.Fatalf("%d movements after the commits, want 300", tot.Count)
		}
		// Committing again later, or previewing, says the same.
		if code, _, b := c.raw("POST", "/api/v1/imports/"+p.ID+"/commit", string(commit), nil); code != 409 {
			t.Fatalf("late commit: %d %s", code, b)
		}
		if code, _, b := c.raw("POST", "/api/v1/imports/"+p.ID+"/preview", string(commit), nil); code != 409 {
			t.Fatalf("preview after commit: %d %s", code, b)
		}
	})
}

// A create sent again with the same Idempotency-Key is answered from the
// first one (marked Idempotent-Replayed) and writes nothing; the same key on
// another body is a 422.
func TestIdempotencyKeyHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClient(t, ledgerServer(t, db))
		c.signUp("key@example.com")
		var acc, cat idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &acc)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &cat)
		one := fmt.Sprintf(`{"type":"expense","date":"2025-01-01","amount":700,"accountId":%q,"categoryId":%q}`, acc.ID, cat.ID)
		bulk := `{"action":"create","movements":[` + one + `,` + one + `]}`
		key := map[string]string{"Idempotency-Key": "double-click-1"}
		code1, h1, b1 := c.raw("POST", "/api/v1/movements", one, key)
		code2, h2, b2 := c.raw("POST", "/api/v1/movements", one, key)
		if code1 != 201 || code2 != 201 || !bytes.Equal(b1, b2) || h1.Get("Idempotent-Replayed") != "" || h2.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("single create twice: %d %s / %d %s %v", code1, b1, code2, b2, h2)
		}
		key = map[string]string{"Idempotency-Key": "double-click-2"}
		code1, _, b1 = c.raw("POST", "/api/v1/movements/bulk", bulk, key)
		code2, h2, b2 = c.raw("POST", "/api/v1/movements/bulk", bulk, key)
		if code1 != 200 || code2 != 200 || !bytes.Equal(b1, b2) || h2.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("bulk create twice: %d %s / %d %s", code1, b1, code2, b2)
		}
		if code, _, b := c.raw("POST", "/api/v1/movements/bulk", `{"action":"create","movements":[`+one+`]}`, key); code != 422 || !strings.Contains(string(b), "idempotency_key_reused") {
			t.Fatalf("key reused on another body: %d %s", code, b)
		}
		if code, _, _ := c.raw("POST", "/api/v1/movements", one, map[string]string{"Idempotency-Key": strings.Repeat("k", 300)}); code != 400 {
			t.Fatalf("long key: %d", code)
		}
		var a struct{ Balance int64 }
		if c.do("GET", "/api/v1/accounts/"+acc.ID, nil, &a); a.Balance != -2100 {
			t.Fatalf("balance %d, want -2100 (three movements)", a.Balance)
		}
	})
}

func count(codes []int, want int) int {
	n := 0
	for _, c := range codes {
		if c == want {
			n++
		}
	}
	return n
}
