package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// TestTotalsFromRollupEqualBruteForce: on a random ledger of several
// currencies, subcategories and transfers (some between currencies), the
// totals of random filters of period, accounts, categories and types — read
// from the monthly rollup — equal a sum over every movement in Go; and so do
// the totals of filters only the movements can answer.
func TestTotalsFromRollupEqualBruteForce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		rng := rand.New(rand.NewPCG(7, 16))
		l := newLedger(t, db, "totals@example.com")
		accs := []*finance.Account{mustAccount(t, db, l, "EUR 1", "EUR", 0), mustAccount(t, db, l, "EUR 2", "EUR", 0),
			mustAccount(t, db, l, "USD", "USD", 0), mustAccount(t, db, l, "JPY", "JPY", 0)}
		food := mustCategory(t, db, l, "Food", "expense", 0)
		cats := map[string][]*finance.Category{
			"expense": {food, mustCategory(t, db, l, "Groceries", "expense", food.ID), mustCategory(t, db, l, "Rent", "expense", 0)},
			"earning": {mustCategory(t, db, l, "Salary", "earning", 0)},
		}
		parent := map[int64]int64{}
		for _, cs := range cats {
			for _, c := range cs {
				if c.ParentID != nil {
					parent[c.ID] = *c.ParentID
				}
			}
		}
		// Dollars have a rate; yen only those their transfers give.
		if _, err := db.PutRate(ctx, l, finance.RateInput{Currency: "USD", Date: "2025-01-01", Rate: "0.9"}); err != nil {
			t.Fatal(err)
		}
		var drafts []finance.MovementDraft
		for range 600 {
			typ := []string{"expense", "expense", "earning", "transfer"}[rng.IntN(4)]
			d := finance.MovementDraft{Type: typ, Date: fmt.Sprintf("2025-%02d-%02d", 1+rng.IntN(5), 1+rng.IntN(28)),
				Amount: 1 + rng.Int64N(10000), AccountID: accs[rng.IntN(len(accs))].ID, Tags: []string{fmt.Sprint("t", rng.IntN(3))}}
			if typ == "transfer" {
				for d.ToAccountID == 0 || d.ToAccountID == d.AccountID {
					d.ToAccountID = accs[rng.IntN(len(accs))].ID
				}
				d.ToAmount = 1 + rng.Int64N(10000)
			} else {
				d.CategoryID = cats[typ][rng.IntN(len(cats[typ]))].ID
				if rng.IntN(4) == 0 { // a quarter split in lines
					var ids []int64
					for _, c := range cats[typ] {
						ids = append(ids, c.ID)
					}
					if d.Splits = randomSplits(rng, d.Amount, ids); d.Splits != nil {
						d.CategoryID = 0
					}
				}
			}
			drafts = append(drafts, d)
		}
		if _, err := db.CreateMovements(ctx, l, drafts); err != nil {
			t.Fatal(err)
		}
		// Some edits and deletes, so that the rollup has lived.
		var all []finance.Movement
		cursor := ""
		for {
			page, next, err := db.ListMovements(ctx, l, finance.MovementFilter{}, store.MaxPageSize, cursor)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, page...)
			if next == nil {
				break
			}
			cursor = *next
		}
		for i := range 40 {
			if err := db.DeleteMovement(ctx, l, all[i*7].ID); err != nil {
				t.Fatal(err)
			}
		}
		// Deletes change learnt rates, and so amounts in the base currency.
		cursor = ""
		for {
			page, next, err := db.ListMovements(ctx, l, finance.MovementFilter{}, store.MaxPageSize, cursor)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range page {
				i := slices.IndexFunc(all, func(o finance.Movement) bool { return o.ID == m.ID })
				all[i] = m
			}
			if next == nil {
				break
			}
			cursor = *next
		}
		currency := map[int64]string{}
		for _, a := range accs {
			currency[a.ID] = a.Currency
		}
		brute := func(f finance.MovementFilter) *finance.MovementTotals {
			in := func(id int64, ids []int64) bool { return slices.Contains(ids, id) }
			by := map[string]*finance.CurrencyTotals{}
			conv := &finance.CurrencyTotals{Currency: "EUR"}
			out := &finance.MovementTotals{ByCurrency: []finance.CurrencyTotals{}, Converted: conv}
			for _, m := range all {
				if m.Date == "deleted" ||
					(f.From != "" && m.Date < f.From) || (f.To != "" && m.Date > f.To) ||
					(len(f.Types) > 0 && !slices.Contains(f.Types, m.Type)) ||
					(len(f.AccountIDs) > 0 && !in(m.AccountID, f.AccountIDs) && (m.ToAccountID == nil || !in(*m.ToAccountID, f.AccountIDs))) ||
					(len(f.CategoryIDs) > 0 && len(m.Splits) == 0 && (m.CategoryID == nil || !(in(*m.CategoryID, f.CategoryIDs) || in(parent[*m.CategoryID], f.CategoryIDs)))) ||
					(len(f.Tags) > 0 && !slices.ContainsFunc(m.Tags, func(t string) bool { return slices.Contains(f.Tags, t) })) ||
					(f.MinAmount != nil && m.Amount < *f.MinAmount) || (f.MaxAmount != nil && m.Amount > *f.MaxAmount) {
					continue
				}
				// A split movement is in the filter's categories by its lines
				// there, and counts their amounts.
				amount, base := m.Amount, m.BaseAmount
				if len(f.CategoryIDs) > 0 && len(m.Splits) > 0 {
					amount, base = 0, nil
					var b int64
					for _, s := range m.Splits {
						if in(s.CategoryID, f.CategoryIDs) || in(parent[s.CategoryID], f.CategoryIDs) {
							amount += s.Amount
							if s.BaseAmount != nil {
								b += *s.BaseAmount
								base = &b
							}
						}
					}
					if amount == 0 {
						continue
					}
					if m.BaseAmount == nil {
						base = nil
					}
				}
				c := currency[m.AccountID]
				if by[c] == nil {
					by[c] = &finance.CurrencyTotals{Currency: c}
				}
				by[c].Count++
				switch m.Type {
				case "earning":
					by[c].Earnings += amount
				case "expense":
					by[c].Expenses += amount
				}
				out.Count++
				conv.Count++
				switch {
				case m.Type == "transfer":
				case base == nil:
					if !slices.Contains(conv.Incomplete, c) {
						conv.Incomplete = append(conv.Incomplete, c)
						slices.Sort(conv.Incomplete)
					}
				case m.Type == "earning":
					conv.Earnings += *base
				default:
					conv.Expenses += *base
				}
			}
			conv.Net = conv.Earnings - conv.Expenses
			for _, c := range []string{"EUR", "JPY", "USD"} {
				if t := by[c]; t != nil {
					t.Net = t.Earnings - t.Expenses
					out.ByCurrency = append(out.ByCurrency, *t)
				}
			}
			return out
		}
		for i := range 40 {
			all[i*7].Date = "deleted"
		}
		dates := []string{"", "2024-12-31", "2025-01-01", "2025-01-17", "2025-02-28", "2025-03-01", "2025-03-02", "2025-04-30", "2025-05-15", "2026-01-01"}
		pick := func(n int, from []int64) []int64 {
			var out []int64
			for range rng.IntN(n + 1) {
				out = append(out, from[rng.IntN(len(from))])
			}
			return out
		}
		accIDs := []int64{accs[0].ID, accs[1].ID, accs[2].ID, accs[3].ID}
		catIDs := []int64{food.ID, cats["expense"][1].ID, cats["expense"][2].ID, cats["earning"][0].ID}
		for i := range 300 {
			f := finance.MovementFilter{From: dates[rng.IntN(len(dates))], To: dates[rng.IntN(len(dates))],
				AccountIDs: pick(2, accIDs), CategoryIDs: pick(1, catIDs)}
			for _, typ := range []string{"expense", "earning", "transfer"} {
				if rng.IntN(3) == 0 {
					f.Types = append(f.Types, typ)
				}
			}
			if i%10 == 9 { // the movements' path
				f.Tags = []string{"t1"}
				if i%20 == 19 {
					f.Tags, f.MinAmount = nil, ptr(int64(5000))
				}
			}
			got, err := db.TotalMovements(ctx, l, f)
			if err != nil {
				t.Fatal(err)
			}
			if want := brute(f); fmt.Sprint(got.Count, got.ByCurrency, *got.Converted) != fmt.Sprint(want.Count, want.ByCurrency, *want.Converted) {
				t.Fatalf("filter %+v:\n got %+v %+v\nwant %+v %+v", f, got, *got.Converted, want, *want.Converted)
			}
		}
	})
}
