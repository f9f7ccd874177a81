package api_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

func TestMovementsHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c := newClient(t, srv)
		c.signUp("mov@example.com")
		var acc, usd, food, sub, salary idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR", "openingBalance": 10000}, &acc)
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Dollars", "type": "bank", "currency": "USD"}, &usd)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense", "color": "#ff0000", "icon": "basket"}, &food)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Groceries", "parentId": food.ID}, &sub)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Salary", "type": "earning"}, &salary)

		t.Run("Validation", func(t *testing.T) {
			for name, body := range map[string]string{
				"malformed":     `{"type":`,
				"unknown field": `{"type":"expense","colour":"red"}`,
				"wrong type":    `{"amount":"12"}`,
				"two objects":   `{}{}`,
			} {
				req, _ := http.NewRequest("POST", srv.URL+"/api/v1/movements", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				resp, err := c.http.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				if resp.StatusCode != 400 || resp.Header.Get("Content-Type") != "application/problem+json" {
					t.Errorf("%s: %d %s", name, resp.StatusCode, resp.Header.Get("Content-Type"))
				}
			}
			var p problem
			if code := c.do("GET", "/api/v1/movements?from=2026-02-30&type=gift&limit=0", nil, &p); code != 400 || len(p.Errors) < 2 {
				t.Errorf("bad filters: %d %+v", code, p)
			}
		})
		var e1, e2, earn, tr idReply
		c.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-03-10", "amount": 1250, "accountId": acc.ID, "categoryId": sub.ID,
			"description": "Super", "tags": []string{"Home", "home "}}, &e1)
		c.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-03-11", "amount": 4000, "accountId": acc.ID, "categoryId": food.ID,
			"description": "=HYPERLINK()"}, &e2)
		c.do("POST", "/api/v1/movements", map[string]any{"type": "earning", "date": "2026-03-28", "amount": 250000, "accountId": acc.ID, "categoryId": salary.ID}, &earn)
		if code := c.do("POST", "/api/v1/movements", map[string]any{"type": "transfer", "date": "2026-03-29", "amount": 10000, "accountId": acc.ID,
			"toAccountId": usd.ID, "toAmount": 10850}, &tr); code != 201 {
			t.Fatalf("transfer: %d", code)
		}
		var a struct{ Balance int64 }
		if c.do("GET", "/api/v1/accounts/"+acc.ID, nil, &a); a.Balance != 10000-1250-4000+250000-10000 {
			t.Fatalf("balance %d", a.Balance)
		}
		t.Run("FilterAndTotals", func(t *testing.T) {
			var tot struct {
				Count      int64
				ByCurrency []struct {
					Currency                string
					Earnings, Expenses, Net int64
				}
			}
			c.do("GET", "/api/v1/movements/totals?categoryId="+food.ID, nil, &tot)
			if tot.Count != 2 || tot.ByCurrency[0].Expenses != 5250 {
				t.Fatalf("%+v", tot)
			}
			var page struct {
				Items []struct {
					ID   string
					Tags []string
				}
				NextCursor *string
			}
			c.do("GET", "/api/v1/movements?limit=2", nil, &page)
			if len(page.Items) != 2 || page.NextCursor == nil || page.Items[0].ID != tr.ID {
				t.Fatalf("%+v", page)
			}
			c.do("GET", "/api/v1/movements?limit=2&cursor="+*page.NextCursor, nil, &page)
			if len(page.Items) != 2 || page.NextCursor != nil || page.Items[1].ID != e1.ID || len(page.Items[1].Tags) != 1 {
				t.Fatalf("second page %+v", page)
			}
		})
		t.Run("Export", func(t *testing.T) {
			resp, err := c.http.Get(srv.URL + "/api/v1/movements/export.csv?order=asc")
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			lines := strings.Split(strings.TrimSpace(string(b)), "\n")
			if len(lines) != 5 || lines[1] != "2026-03-10,expense,-12.50,EUR,Bank,Food / Groceries,,,,Super,,home,"+e1.ID+",,uncleared" ||
				!strings.Contains(lines[2], ",'=HYPERLINK(),") || !strings.HasPrefix(lines[4], "2026-03-29,transfer,-100.00,EUR,Bank,,Dollars,108.50,USD") {
				t.Fatalf("%s", b)
			}
		})
		t.Run("BulkAndUndo", func(t *testing.T) {
			var del struct {
				Affected int
				Deleted  []map[string]any
			}
			if code := c.do("POST", "/api/v1/movements/bulk", map[string]any{"action": "delete", "ids": []string{e1.ID, e2.ID}}, &del); code != 200 || del.Affected != 2 {
				t.Fatalf("%d %+v", code, del)
			}
			// Undo: create them again from what the delete answered.
			var undo []map[string]any
			for _, m := range del.Deleted {
				undo = append(undo, map[string]any{"type": m["type"], "date": m["date"], "amount": m["amount"], "accountId": m["accountId"],
					"categoryId": m["categoryId"], "description": m["description"], "tags": m["tags"]})
			}
			var created struct{ Affected int }
			if code := c.do("POST", "/api/v1/movements/bulk", map[string]any{"action": "create", "movements": undo}, &created); code != 200 || created.Affected != 2 {
				t.Fatalf("undo: %d %+v", code, created)
			}
			var p struct {
				problem
				Rows []struct {
					Index int
				}
			}
			bad := []map[string]any{undo[0], {"type": "expense", "date": "nope", "amount": 1, "accountId": acc.ID, "categoryId": food.ID}}
			if code := c.do("POST", "/api/v1/movements/bulk", map[string]any{"action": "create", "movements": bad}, &p); code != 400 || len(p.Rows) != 1 || p.Rows[0].Index != 1 {
				t.Fatalf("bulk with a bad row: %d %+v", code, p)
			}
			var tot struct{ Count int64 }
			if c.do("GET", "/api/v1/movements/totals", nil, &tot); tot.Count != 4 {
				t.Fatalf("after a refused bulk create: %d movements", tot.Count)
			}
			if err := storetest.CheckLedger(t.Context(), db, 1); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("CategoryInUse", func(t *testing.T) {
			var p problem
			if code := c.do("DELETE", "/api/v1/categories/"+food.ID, nil, &p); code != 409 || p.Code != "in_use" {
				t.Fatalf("%d %+v", code, p)
			}
			if code := c.do("DELETE", "/api/v1/accounts/"+acc.ID+"?withMovements=true&confirm=bank", nil, &p); code != 400 {
				t.Fatalf("wrong confirmation: %d", code)
			}
		})
	})
}

func TestReportsHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c := newClient(t, srv)
		c.signUp("rep@example.com")
		var acc, food, salary idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &acc)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &food)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Salary", "type": "earning"}, &salary)
		for _, m := range []map[string]any{
			{"type": "expense", "date": "2026-01-15", "amount": 3000, "accountId": acc.ID, "categoryId": food.ID},
			{"type": "expense", "date": "2026-02-15", "amount": 1000, "accountId": acc.ID, "categoryId": food.ID},
			{"type": "earning", "date": "2026-02-27", "amount": 200000, "accountId": acc.ID, "categoryId": salary.ID},
		} {
			c.do("POST", "/api/v1/movements", m, nil)
		}
		var cats struct {
			From, To string
			Items    []struct {
				Currency   string
				Total      int64
				Categories []struct{ Total, Share int64 }
			}
		}
		c.do("GET", "/api/v1/reports/categories?from=2026-02-01&to=2026-02-28", nil, &cats)
		if len(cats.Items) != 1 || cats.Items[0].Total != 1000 || cats.Items[0].Categories[0].Share != 10000 {
			t.Fatalf("%+v", cats)
		}
		c.do("GET", "/api/v1/reports/categories", nil, &cats)
		if cats.From != "2026-01-01" || cats.Items[0].Total != 4000 {
			t.Fatalf("all time: %+v", cats)
		}
		var cmp struct {
			PreviousFrom, PreviousTo string
			Items                    []struct{ Current, Previous, Change, ChangeBp int64 }
		}
		c.do("GET", "/api/v1/reports/compare?from=2026-02-01&to=2026-02-28", nil, &cmp)
		if cmp.PreviousFrom != "2026-01-01" || cmp.PreviousTo != "2026-01-31" || cmp.Items[0].Change != -2000 || cmp.Items[0].ChangeBp != -6667 {
			t.Fatalf("%+v", cmp)
		}
		var dash struct {
			Month     string
			ThisMonth []struct {
				Earnings, Expenses int64
				SavingsRate        *int64
			}
			Trend []struct{ Months []struct{ Month string } }
		}
		c.do("GET", "/api/v1/dashboard?today=2026-02-28", nil, &dash)
		if dash.Month != "2026-02" || dash.ThisMonth[0].Earnings != 200000 || *dash.ThisMonth[0].SavingsRate != 9950 || len(dash.Trend[0].Months) != 12 {
			t.Fatalf("%+v", dash)
		}
		var p problem
		if code := c.do("GET", "/api/v1/reports/trend?from=2026-03-01&to=2026-01-01", nil, &p); code != 400 {
			t.Fatalf("from after to: %d", code)
		}
	})
}
