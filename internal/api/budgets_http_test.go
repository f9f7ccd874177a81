package api_test

import (
	"testing"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

type budgetReply struct {
	Month    string `json:"month"`
	Currency string `json:"currency"`
	Overall  *struct {
		Amount    *int64 `json:"amount"`
		Spent     int64  `json:"spent"`
		Remaining *int64 `json:"remaining"`
	} `json:"overall"`
	Items []struct {
		CategoryID   string `json:"categoryId"`
		Amount       *int64 `json:"amount"`
		FromChildren bool   `json:"fromChildren"`
		Rollover     bool   `json:"rollover"`
		Carried      int64  `json:"carried"`
		Spent        int64  `json:"spent"`
		Remaining    *int64 `json:"remaining"`
	} `json:"items"`
	Budgeted int64 `json:"budgeted"`
	Spent    int64 `json:"spent"`
}

// A budget set in one month holds for the next ones, rolls over what is
// left, is copied and filled from the average; bad input is a 400 naming the
// field and changes nothing; another user's categories are unknown here.
func TestBudgetsHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c := newClient(t, srv)
		c.signUp("budgets@example.com")
		var bank, food, groceries, pay idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &bank)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &food)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Groceries", "type": "expense", "parentId": food.ID}, &groceries)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Pay", "type": "earning"}, &pay)
		for _, m := range []map[string]any{
			{"type": "expense", "date": "2026-01-10", "amount": 30000, "accountId": bank.ID, "categoryId": groceries.ID},
			{"type": "expense", "date": "2026-02-10", "amount": 45000, "accountId": bank.ID, "categoryId": groceries.ID},
			{"type": "expense", "date": "2026-03-10", "amount": 12000, "accountId": bank.ID, "categoryId": food.ID},
		} {
			if code := c.do("POST", "/api/v1/movements", m, nil); code != 201 {
				t.Fatalf("movement: %d", code)
			}
		}
		line := func(b budgetReply, id string) (amount *int64, carried, spent int64, remaining *int64) {
			for _, it := range b.Items {
				if it.CategoryID == id {
					return it.Amount, it.Carried, it.Spent, it.Remaining
				}
			}
			t.Fatalf("no line for %s in %+v", id, b)
			return
		}
		var b budgetReply
		if code := c.do("PUT", "/api/v1/budgets?month=2026-01", map[string]any{"items": []map[string]any{
			{"categoryId": groceries.ID, "amount": 40000, "rollover": true}, {"categoryId": "0", "amount": 100000}}}, &b); code != 200 {
			t.Fatalf("put: %d", code)
		}
		// January: 40,000 budgeted, 30,000 spent. February carries 10,000.
		c.do("GET", "/api/v1/budgets?month=2026-02", nil, &b)
		if a, carried, spent, rem := line(b, groceries.ID); a == nil || *a != 40000 || carried != 10000 || spent != 45000 || *rem != 5000 {
			t.Fatalf("february groceries: %v %d %d %v", a, carried, spent, rem)
		}
		// The parent shows its subcategory's budget; the overall one holds.
		if a, _, spent, _ := line(b, food.ID); a == nil || *a != 40000 || spent != 45000 || b.Overall == nil || *b.Overall.Amount != 100000 {
			t.Fatalf("february food %v %d, overall %+v", a, spent, b.Overall)
		}
		// March only: 20,000; April goes back to 40,000.
		c.do("PUT", "/api/v1/budgets?month=2026-03", map[string]any{"scope": "month", "items": []map[string]any{{"categoryId": groceries.ID, "amount": 20000}}}, nil)
		c.do("GET", "/api/v1/budgets?month=2026-04", nil, &b)
		if a, _, _, _ := line(b, groceries.ID); a == nil || *a != 40000 {
			t.Fatalf("april after a march-only change: %v", a)
		}
		// Fill from the average of the 3 months before April (Jan–Mar):
		// groceries (30,000 + 45,000) / 3, food everything (87,000) / 3.
		if code := c.do("POST", "/api/v1/budgets/fill?month=2026-04", map[string]any{"months": 3}, &b); code != 200 {
			t.Fatalf("fill: %d", code)
		}
		if a, _, _, _ := line(b, groceries.ID); a == nil || *a != 25000 {
			t.Fatalf("filled groceries: %v", a)
		}
		if a, _, _, _ := line(b, food.ID); a == nil || *a != 29000 {
			t.Fatalf("filled food: %v", a)
		}
		// Copy March (20,000) into May, for May only.
		c.do("POST", "/api/v1/budgets/copy?month=2026-05", nil, nil)
		c.do("GET", "/api/v1/budgets?month=2026-05", nil, &b)
		if a, _, _, _ := line(b, groceries.ID); a == nil || *a != 25000 {
			t.Fatalf("copied from april: %v", a)
		}
		var report struct {
			Items []struct {
				Month    string `json:"month"`
				Budgeted int64  `json:"budgeted"`
				Spent    int64  `json:"spent"`
			} `json:"items"`
		}
		if code := c.do("GET", "/api/v1/reports/budget?from=2026-01&to=2026-03", nil, &report); code != 200 || len(report.Items) != 3 ||
			report.Items[1].Budgeted != 100000 || report.Items[1].Spent != 45000 {
			t.Fatalf("report: %d %+v", code, report)
		}

		// Bad input: a 400 naming the field, and nothing changed.
		c.do("GET", "/api/v1/budgets?month=2026-06", nil, &b)
		before := b
		other := newClient(t, srv)
		other.signUp("budgets-other@example.com")
		var theirs idReply
		other.do("POST", "/api/v1/categories", map[string]any{"name": "Theirs", "type": "expense"}, &theirs)
		for _, tc := range []struct {
			path  string
			body  any
			field string
		}{
			{"/api/v1/budgets?month=2026-06", map[string]any{"items": []map[string]any{{"categoryId": groceries.ID, "amount": -1}}}, "items[0].amount"},
			{"/api/v1/budgets?month=2026-06", map[string]any{"items": []map[string]any{{"categoryId": "424242", "amount": 1}}}, "items[0].categoryId"},
			{"/api/v1/budgets?month=2026-06", map[string]any{"items": []map[string]any{{"categoryId": pay.ID, "amount": 1}}}, "items[0].categoryId"},
			{"/api/v1/budgets?month=2026-06", map[string]any{"items": []map[string]any{{"categoryId": groceries.ID, "amount": 1}, {"categoryId": theirs.ID, "amount": 1}}}, "items[1].categoryId"},
			{"/api/v1/budgets?month=2026-13", map[string]any{"items": []map[string]any{{"categoryId": groceries.ID, "amount": 1}}}, "month"},
			{"/api/v1/budgets?month=2026-06", map[string]any{"scope": "always", "items": []map[string]any{{"categoryId": groceries.ID, "amount": 1}}}, "scope"},
		} {
			var p problem
			if code := c.do("PUT", tc.path, tc.body, &p); code != 400 || len(p.Errors) == 0 || p.Errors[0].Field != tc.field {
				t.Errorf("PUT %s %v: %d %+v", tc.path, tc.body, code, p)
			}
		}
		var p problem
		if code := c.do("POST", "/api/v1/budgets/fill?month=2026-06", map[string]any{"months": 4}, &p); code != 400 || p.Errors[0].Field != "months" {
			t.Errorf("fill 4 months: %d %+v", code, p)
		}
		if code := c.do("GET", "/api/v1/reports/budget?from=2026-05&to=2026-01", nil, &p); code != 400 {
			t.Errorf("report backwards: %d", code)
		}
		c.do("GET", "/api/v1/budgets?month=2026-06", nil, &b)
		if a, _, _, _ := line(b, groceries.ID); a == nil || *a != 25000 || b.Budgeted != before.Budgeted {
			t.Fatalf("a refused change changed june: %v %d → %d", a, before.Budgeted, b.Budgeted)
		}
		// The other user sees none of it.
		var theirBudgets budgetReply
		other.do("GET", "/api/v1/budgets?month=2026-02", nil, &theirBudgets)
		if theirBudgets.Overall != nil || theirBudgets.Spent != 0 || len(theirBudgets.Items) != 1 {
			t.Fatalf("another ledger's budgets: %+v", theirBudgets)
		}
	})
}
