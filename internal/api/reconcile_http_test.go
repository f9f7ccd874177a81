package api_test

import (
	"encoding/json"
	"testing"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// TestReconcileContract walks the API an outside check uses: a movement's
// state, the reconciliation's 409 with its difference and its 201, and the
// lock on reconciled movements with its confirmation.
func TestReconcileContract(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c := newClient(t, srv)
		c.signUp("reconcile-api@example.com")
		var acc, cat idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR", "openingBalance": 10000}, &acc)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &cat)
		type movement struct {
			ID     string `json:"id"`
			State  string `json:"state"`
			Amount int64  `json:"amount"`
		}
		var a, b movement
		c.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-05-02", "amount": 2500, "accountId": acc.ID, "categoryId": cat.ID}, &a)
		c.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-05-03", "amount": 500, "accountId": acc.ID, "categoryId": cat.ID}, &b)
		if a.State != "uncleared" {
			t.Fatalf("a new movement's state: %q", a.State)
		}
		if code := c.do("PATCH", "/api/v1/movements/"+a.ID, map[string]any{"state": "cleared"}, &a); code != 200 || a.State != "cleared" {
			t.Fatalf("mark cleared: %d %+v", code, a)
		}
		var page struct{ Items []movement }
		if c.do("GET", "/api/v1/movements?state=uncleared", nil, &page); len(page.Items) != 1 || page.Items[0].ID != b.ID {
			t.Fatalf("?state=uncleared: %+v", page.Items)
		}
		if code := c.do("GET", "/api/v1/movements?state=lost", nil, nil); code != 400 {
			t.Fatalf("?state=lost: %d", code)
		}
		// The statement (7000) counts both expenses; only one is cleared.
		var p struct {
			Code       string `json:"code"`
			Difference *int64 `json:"difference"`
		}
		code, _, body := c.raw("POST", "/api/v1/accounts/"+acc.ID+"/reconciliations", `{"date":"2026-05-31","balance":7000}`, nil)
		if err := json.Unmarshal(body, &p); err != nil || code != 409 || p.Code != "reconcile_difference" || p.Difference == nil || *p.Difference != -500 {
			t.Fatalf("difference: %d %s", code, body)
		}
		var view struct {
			ClearedBalance int64      `json:"clearedBalance"`
			Uncleared      []movement `json:"uncleared"`
		}
		if code := c.do("GET", "/api/v1/accounts/"+acc.ID+"/reconciliation?date=2026-05-31", nil, &view); code != 200 || view.ClearedBalance != 7500 ||
			len(view.Uncleared) != 1 || view.Uncleared[0].ID != b.ID {
			t.Fatalf("view: %d %+v", code, view)
		}
		c.do("PATCH", "/api/v1/movements/"+b.ID, map[string]any{"state": "cleared"}, nil)
		var res struct {
			Difference int64 `json:"difference"`
			Reconciled int64 `json:"reconciled"`
		}
		hdr := map[string]string{"Idempotency-Key": "rec-1"}
		code, _, body = c.raw("POST", "/api/v1/accounts/"+acc.ID+"/reconciliations", `{"date":"2026-05-31","balance":7000}`, hdr)
		if err := json.Unmarshal(body, &res); err != nil || code != 201 || res.Difference != 0 || res.Reconciled != 2 {
			t.Fatalf("reconcile: %d %s", code, body)
		}
		code, h, body := c.raw("POST", "/api/v1/accounts/"+acc.ID+"/reconciliations", `{"date":"2026-05-31","balance":7000}`, hdr)
		if err := json.Unmarshal(body, &res); err != nil || h.Get("Idempotent-Replayed") != "true" || res.Reconciled != 2 {
			t.Fatalf("double click: %d %s", code, body)
		}
		var account struct {
			LastReconciled *struct {
				Date    string `json:"date"`
				Balance int64  `json:"balance"`
			} `json:"lastReconciled"`
		}
		if c.do("GET", "/api/v1/accounts/"+acc.ID, nil, &account); account.LastReconciled == nil || account.LastReconciled.Balance != 7000 {
			t.Fatalf("account: %+v", account)
		}
		// The lock.
		var pr problem
		for _, patch := range []map[string]any{{"amount": 1}, {"date": "2026-05-09"}, {"state": "cleared"}} {
			if code := c.do("PATCH", "/api/v1/movements/"+a.ID, patch, &pr); code != 409 || pr.Code != "reconciled" {
				t.Fatalf("patch %v of a reconciled movement: %d %+v", patch, code, pr)
			}
		}
		if code := c.do("DELETE", "/api/v1/movements/"+a.ID, nil, &pr); code != 409 || pr.Code != "reconciled" {
			t.Fatalf("delete of a reconciled movement: %d %+v", code, pr)
		}
		if code := c.do("PATCH", "/api/v1/movements/"+a.ID, map[string]any{"description": "Market"}, nil); code != 200 {
			t.Fatalf("description of a reconciled movement: %d", code)
		}
		if err := storetest.CheckLedger(t.Context(), db, 1); err != nil {
			t.Fatal(err)
		}
		if code := c.do("PATCH", "/api/v1/movements/"+a.ID+"?confirm=true", map[string]any{"amount": 2600}, &a); code != 200 || a.Amount != 2600 {
			t.Fatalf("confirmed patch: %d %+v", code, a)
		}
		if code := c.do("DELETE", "/api/v1/movements/"+a.ID+"?confirm=true", nil, nil); code != 204 {
			t.Fatalf("confirmed delete: %d", code)
		}
	})
}
