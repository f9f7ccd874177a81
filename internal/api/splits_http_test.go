package api_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

type splitLine struct {
	CategoryID string `json:"categoryId"`
	Amount     int64  `json:"amount"`
	Note       string `json:"note"`
	BaseAmount *int64 `json:"baseAmount"`
}

type splitMovement struct {
	ID         string      `json:"id"`
	Amount     int64       `json:"amount"`
	CategoryID *string     `json:"categoryId"`
	Splits     []splitLine `json:"splits"`
}

// TestSplitsHTTP: a ticket split in two categories through the API answers
// its lines, counts them in the category report and the category filter,
// and bad splits (not adding up, of a transfer, another user's category)
// answer 400 problem+json naming the field, and change nothing.
func TestSplitsHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c := newClient(t, srv)
		c.signUp("splits@example.com")
		var acc, bank, food, clean idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Cash", "type": "cash", "currency": "EUR"}, &acc)
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &bank)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &food)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Cleaning", "type": "expense"}, &clean)
		other := newClient(t, srv)
		other.signUp("splits-other@example.com")
		var foreign idReply
		other.do("POST", "/api/v1/categories", map[string]any{"name": "Theirs", "type": "expense"}, &foreign)

		var m splitMovement
		if code := c.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-03-10", "amount": 5000, "accountId": acc.ID,
			"description": "Ticket", "splits": []map[string]any{{"categoryId": food.ID, "amount": 3500, "note": "fruit"}, {"categoryId": clean.ID, "amount": 1500}}}, &m); code != 201 {
			t.Fatalf("create: %d", code)
		}
		if m.CategoryID != nil || len(m.Splits) != 2 || m.Splits[0].CategoryID != food.ID || m.Splits[0].Amount != 3500 || m.Splits[0].Note != "fruit" ||
			m.Splits[0].BaseAmount == nil || *m.Splits[0].BaseAmount != 3500 || m.Splits[1].CategoryID != clean.ID {
			t.Fatalf("created %+v", m)
		}
		var whole splitMovement
		c.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-03-11", "amount": 700, "accountId": acc.ID, "categoryId": food.ID}, &whole)
		if whole.Splits == nil || len(whole.Splits) != 0 {
			t.Fatalf("a whole movement's splits: %#v", whole.Splits)
		}

		var rep struct {
			Items []struct {
				Categories []struct {
					CategoryID string
					Total      int64
				}
			}
		}
		c.do("GET", "/api/v1/reports/categories?type=expense&from=2026-03-01&to=2026-03-31", nil, &rep)
		got := map[string]int64{}
		for _, cc := range rep.Items {
			for _, cat := range cc.Categories {
				got[cat.CategoryID] = cat.Total
			}
		}
		if got[food.ID] != 4200 || got[clean.ID] != 1500 {
			t.Fatalf("report %v", got)
		}
		var page struct{ Items []splitMovement }
		c.do("GET", "/api/v1/movements?categoryId="+clean.ID, nil, &page)
		if len(page.Items) != 1 || page.Items[0].ID != m.ID || len(page.Items[0].Splits) != 2 {
			t.Fatalf("filtered %+v", page)
		}
		var tot struct {
			Count      int64
			ByCurrency []struct{ Expenses int64 }
		}
		c.do("GET", "/api/v1/movements/totals?categoryId="+clean.ID, nil, &tot)
		if tot.Count != 1 || tot.ByCurrency[0].Expenses != 1500 {
			t.Fatalf("totals %+v", tot)
		}

		u, _, err := db.UserByEmail(t.Context(), "splits@example.com")
		if err != nil {
			t.Fatal(err)
		}
		before := db.CountLedgerRowsForTest(t.Context(), u.LedgerID)
		for _, bad := range []struct {
			name  string
			body  map[string]any
			field string
			code  string
		}{
			{"not adding up", map[string]any{"type": "expense", "date": "2026-03-12", "amount": 100, "accountId": acc.ID,
				"splits": []map[string]any{{"categoryId": food.ID, "amount": 60}, {"categoryId": clean.ID, "amount": 30}}}, "splits", "mismatch"},
			{"a transfer", map[string]any{"type": "transfer", "date": "2026-03-12", "amount": 100, "accountId": acc.ID, "toAccountId": bank.ID,
				"splits": []map[string]any{{"categoryId": food.ID, "amount": 60}, {"categoryId": clean.ID, "amount": 40}}}, "splits", "invalid"},
			{"another user's category", map[string]any{"type": "expense", "date": "2026-03-12", "amount": 100, "accountId": acc.ID,
				"splits": []map[string]any{{"categoryId": food.ID, "amount": 60}, {"categoryId": foreign.ID, "amount": 40}}}, "splits.categoryId", "unknown"},
			{"a line that is not a number", map[string]any{"type": "expense", "date": "2026-03-12", "amount": 100, "accountId": acc.ID,
				"splits": []map[string]any{{"categoryId": food.ID, "amount": "60"}, {"categoryId": clean.ID, "amount": 40}}}, "splits.amount", "invalid"},
		} {
			var p problem
			if code := c.do("POST", "/api/v1/movements", bad.body, &p); code != 400 || len(p.Errors) != 1 || p.Errors[0].Field != bad.field || p.Errors[0].Code != bad.code {
				t.Errorf("%s: %d %+v", bad.name, code, p)
			}
		}
		var p problem
		if code := c.do("PATCH", "/api/v1/movements/"+m.ID, map[string]any{"amount": 9000}, &p); code != 400 || fmt.Sprint(p.Errors) != "[{splits mismatch}]" {
			t.Errorf("a new amount without lines: %d %+v", code, p)
		}
		if after := db.CountLedgerRowsForTest(t.Context(), u.LedgerID); fmt.Sprint(after) != fmt.Sprint(before) {
			t.Fatalf("bad requests changed rows: %v → %v", before, after)
		}
		// A category alone makes it whole again.
		if code := c.do("PATCH", "/api/v1/movements/"+m.ID, map[string]any{"categoryId": food.ID}, &m); code != 200 || len(m.Splits) != 0 || m.CategoryID == nil {
			t.Fatalf("made whole: %d %+v", code, m)
		}
	})
}

// TestSplitsRoundTripCSV: the CSV export writes a row a line with the
// movement's id; importing the file into another account joins the lines
// again: the same movements, lines, categories (a subcategory by its full
// name) and notes.
func TestSplitsRoundTripCSV(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c := newClient(t, srv)
		c.signUp("roundtrip@example.com")
		var acc, other, food, groceries, clean, gifts idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Cash", "type": "cash", "currency": "EUR"}, &acc)
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Copy", "type": "bank", "currency": "EUR"}, &other)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &food)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Groceries", "parentId": food.ID}, &groceries)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Cleaning", "type": "expense"}, &clean)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Gifts", "type": "earning"}, &gifts)
		for _, body := range []map[string]any{
			{"type": "expense", "date": "2026-03-10", "amount": 5000, "accountId": acc.ID, "description": "Ticket", "notes": "weekly",
				"splits": []map[string]any{{"categoryId": groceries.ID, "amount": 3500, "note": "fruit, veg"}, {"categoryId": clean.ID, "amount": 1500, "note": "=bleach"}}},
			{"type": "expense", "date": "2026-03-10", "amount": 700, "accountId": acc.ID, "categoryId": food.ID, "description": "Bread"},
			{"type": "earning", "date": "2026-03-12", "amount": 1250, "accountId": acc.ID, "description": "Birthday",
				"splits": []map[string]any{{"categoryId": gifts.ID, "amount": 1000}, {"categoryId": gifts.ID, "amount": 250, "note": "aunt"}}},
		} {
			if code := c.do("POST", "/api/v1/movements", body, nil); code != 201 {
				t.Fatalf("create %v: %d", body, code)
			}
		}
		resp, file := c.fetch(srv.URL + "/api/v1/movements/export.csv?accountId=" + acc.ID)
		if resp.StatusCode != 200 || strings.Count(string(file), "\n") != 6 || !strings.Contains(string(file), "'=bleach") {
			t.Fatalf("export %d:\n%s", resp.StatusCode, file)
		}
		var p struct {
			ID      string
			Valid   int
			Invalid int
			Errors  []map[string]any
		}
		if code := c.upload("movements.csv", file, other.ID, &p); code != 200 || p.Valid != 5 || p.Invalid != 0 {
			t.Fatalf("upload %d %+v\n%s", code, p, file)
		}
		if code := c.do("POST", "/api/v1/imports/"+p.ID+"/commit", map[string]any{"accountId": other.ID}, nil); code != 200 {
			t.Fatalf("commit: %d", code)
		}
		shape := func(accountID string) []string {
			var page struct {
				Items []struct {
					Type, Date, Description, Notes string
					Amount                         int64
					CategoryID                     *string
					Splits                         []splitLine
				}
			}
			c.do("GET", "/api/v1/movements?order=asc&accountId="+accountID, nil, &page)
			var out []string
			for _, m := range page.Items {
				s := fmt.Sprintf("%s %s %d %s %s cat=%v", m.Date, m.Type, m.Amount, m.Description, m.Notes, m.CategoryID != nil && *m.CategoryID == food.ID)
				for _, l := range m.Splits {
					s += fmt.Sprintf(" [%s %d %q]", l.CategoryID, l.Amount, l.Note)
				}
				out = append(out, s)
			}
			slices.Sort(out) // the copies' ids, and so their order on a day, differ
			return out
		}
		want, got := shape(acc.ID), shape(other.ID)
		if len(want) != 3 || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("imported\n%q\nwant\n%q", got, want)
		}
	})
}
