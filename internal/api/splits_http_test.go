package api_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"cashcontrol/internal/identity"
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

		u, _, err := identity.New(db).UserByEmail(t.Context(), "splits@example.com")
		if err != nil {
			t.Fatal(err)
		}
		before := storetest.CountLedgerRows(t.Context(), db, u.LedgerID)
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
		if after := storetest.CountLedgerRows(t.Context(), db, u.LedgerID); fmt.Sprint(after) != fmt.Sprint(before) {
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
// name) and notes. Its preview is a row a movement, a second import of it
// is all duplicates (by the movements' totals), and a fresh ledger that has
// none of the categories gets them created by name.
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
		if resp.StatusCode != 200 || strings.Count(string(file), "\n") != 6 || !strings.Contains(string(file), "'=bleach") ||
			!strings.HasPrefix(string(file), "date,type,amount,currency,account,category,toAccount,toAmount,toCurrency,description,notes,tags,movement,lineNote,state\n") {
			t.Fatalf("export %d:\n%s", resp.StatusCode, file)
		}
		want := movementShapes(c, acc.ID)
		if len(want) != 3 || !strings.Contains(want[0], `[Food / Groceries 3500 "fruit, veg"] [Cleaning 1500 "=bleach"]`) {
			t.Fatalf("originals %q", want)
		}

		// Into another account of the ledger: its categories, found by name;
		// a rule that gives the ticket a category leaves its lines alone.
		if code := c.do("POST", "/api/v1/rules", map[string]any{"name": "Ticket", "conditions": []map[string]any{{"field": "description", "op": "contains", "text": "ticket"}},
			"actions": map[string]any{"categoryId": clean.ID}}, nil); code != 201 {
			t.Fatalf("rule: %d", code)
		}
		p := roundTripImport(c, file, other.ID, 3, 0)
		var rows []string
		for _, r := range p.Rows {
			rows = append(rows, fmt.Sprintf("%d %s", r.Amount, r.Category))
		}
		slices.Sort(rows)
		if fmt.Sprint(rows) != "[-5000 Food / Groceries + Cleaning -700 Food 1250 Gifts + Gifts]" || len(p.NewCategories) != 0 {
			t.Fatalf("preview %q, new categories %v", rows, p.NewCategories)
		}
		if got := movementShapes(c, other.ID); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("imported\n%q\nwant\n%q", got, want)
		}
		// Again: every movement is a duplicate of its copy, by its total.
		var again importReply
		if code := c.upload("movements.csv", file, other.ID, &again); code != 200 || again.Valid != 5 || again.Duplicates != 3 {
			t.Fatalf("upload again %d %+v", code, again)
		}

		// Into a fresh ledger: the categories are created by their names.
		fresh := newClient(t, srv)
		fresh.signUp("roundtrip-fresh@example.com")
		var wallet idReply
		fresh.do("POST", "/api/v1/accounts", map[string]any{"name": "Cash", "type": "cash", "currency": "EUR"}, &wallet)
		roundTripImport(fresh, file, wallet.ID, 3, 0)
		if got := movementShapes(fresh, wallet.ID); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("imported into a fresh ledger\n%q\nwant\n%q", got, want)
		}
	})
}

type importReply struct {
	ID         string
	Valid      int
	Invalid    int
	Duplicates int
	Rows       []struct {
		Amount   int64
		Category string
	}
	NewCategories []struct{ Type, Name string }
}

// roundTripImport uploads a file into an account, checks its preview (its
// movements, none invalid, the duplicates) and commits it.
func roundTripImport(c *client, file []byte, accountID string, movements, duplicates int) importReply {
	c.t.Helper()
	var p importReply
	if code := c.upload("movements.csv", file, accountID, &p); code != 200 || len(p.Rows) != movements || p.Invalid != 0 || p.Duplicates != duplicates {
		c.t.Fatalf("upload %d %+v\n%s", code, p, file)
	}
	if code := c.do("POST", "/api/v1/imports/"+p.ID+"/commit", map[string]any{"accountId": accountID}, nil); code != 200 {
		c.t.Fatalf("commit: %d", code)
	}
	return p
}

// movementShapes describes an account's movements by what a round trip
// keeps: date, type, amount, description, notes, and the category or the
// lines by full category name (ids, and so the order on a day, differ).
func movementShapes(c *client, accountID string) []string {
	c.t.Helper()
	var cats struct {
		Items []struct {
			ID, Name string
			ParentID *string
		}
	}
	c.do("GET", "/api/v1/categories", nil, &cats)
	names := map[string]string{}
	for _, cat := range cats.Items {
		names[cat.ID] = cat.Name
	}
	for _, cat := range cats.Items {
		if cat.ParentID != nil {
			names[cat.ID] = names[*cat.ParentID] + " / " + cat.Name
		}
	}
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
		s := fmt.Sprintf("%s %s %d %s %q", m.Date, m.Type, m.Amount, m.Description, m.Notes)
		if m.CategoryID != nil {
			s += " " + names[*m.CategoryID]
		}
		for _, l := range m.Splits {
			s += fmt.Sprintf(" [%s %d %q]", names[l.CategoryID], l.Amount, l.Note)
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}
