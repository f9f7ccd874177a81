package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// model is the brute-force truth the reports are checked against.
type model struct {
	moves    map[int64]finance.MovementDraft
	currency map[int64]string // account → currency
	parent   map[int64]int64  // category → top-level category
	opening  map[int64]int64
}

func (m *model) inPeriod(d finance.MovementDraft, from, to string) bool {
	return d.Date >= from && d.Date <= to
}

func TestReportsAgainstBruteForce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprint("seed", seed), func(t *testing.T) { reportProperty(t, db, seed) })
		}
	})
}

func reportProperty(t *testing.T, db *store.DB, seed uint64) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(seed, 7))
	l := newLedger(t, db, fmt.Sprintf("rep%d@example.com", seed))
	m := &model{moves: map[int64]finance.MovementDraft{}, currency: map[int64]string{}, parent: map[int64]int64{}, opening: map[int64]int64{}}
	var accs []int64
	for i, cur := range []string{"EUR", "EUR", "USD"} {
		a := mustAccount(t, db, l, fmt.Sprint("A", i), cur, int64(rng.IntN(100000)))
		accs = append(accs, a.ID)
		m.currency[a.ID], m.opening[a.ID] = cur, a.OpeningBalance
	}
	cats := map[string][]int64{}
	for _, typ := range []string{"expense", "earning"} {
		top := mustCategory(t, db, l, "Top "+typ, typ, 0)
		sub := mustCategory(t, db, l, "Sub "+typ, typ, top.ID)
		other := mustCategory(t, db, l, "Other "+typ, typ, 0)
		cats[typ] = []int64{top.ID, sub.ID, other.ID}
		m.parent[top.ID], m.parent[sub.ID], m.parent[other.ID] = top.ID, top.ID, other.ID
	}
	draft := func() finance.MovementDraft {
		typ := []string{"expense", "expense", "earning", "transfer"}[rng.IntN(4)]
		day := time.Date(2023, 12, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, rng.IntN(800)) // spans a leap day
		d := finance.MovementDraft{Type: typ, Date: day.Format("2006-01-02"), Amount: 1 + rng.Int64N(50000), AccountID: accs[rng.IntN(3)]}
		if typ == "transfer" {
			for d.ToAccountID == 0 || d.ToAccountID == d.AccountID {
				d.ToAccountID = accs[rng.IntN(3)]
			}
			d.ToAmount = d.Amount
			if m.currency[d.ToAccountID] != m.currency[d.AccountID] {
				d.ToAmount = 1 + rng.Int64N(50000)
			}
		} else if d.Splits = nil; rng.IntN(3) == 0 {
			d.Splits = randomSplits(rng, d.Amount, cats[typ]) // a third split in lines
		}
		if typ != "transfer" && d.Splits == nil {
			d.CategoryID = cats[typ][rng.IntN(3)]
		}
		return d
	}
	var batch []finance.MovementDraft
	for i := 0; i < 300; i++ {
		batch = append(batch, draft())
	}
	ids, err := db.CreateMovements(ctx, l, batch)
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range ids {
		m.moves[id] = batch[i]
	}
	for i := 0; i < 40; i++ { // edits and deletes in the mix
		id := ids[rng.IntN(len(ids))]
		if _, ok := m.moves[id]; !ok {
			continue
		}
		if rng.IntN(2) == 0 {
			_ = db.DeleteMovement(ctx, l, id)
			delete(m.moves, id)
			continue
		}
		d := draft()
		in := finance.MovementInput{Type: &d.Type, Date: &d.Date, Amount: &d.Amount, AccountID: &finance.IDInput{ID: d.AccountID, Set: true},
			CategoryID: &finance.IDInput{ID: d.CategoryID, Set: d.CategoryID != 0}, ToAccountID: &finance.IDInput{ID: d.ToAccountID, Set: d.ToAccountID != 0}, ToAmount: &d.ToAmount}
		if d.Splits != nil {
			in.Splits = splitInput(d.Splits)
		}
		if _, err := db.UpdateMovement(ctx, l, id, in); err != nil {
			t.Fatal(err)
		}
		m.moves[id] = d
	}
	periods := [][2]string{{"2024-01-01", "2024-12-31"}, {"2024-02-10", "2024-03-05"}, {"2024-02-29", "2024-02-29"},
		{"2023-12-15", "2025-06-20"}, {"2030-01-01", "2030-03-31"}, {"2024-03-01", "2024-03-31"}, {"2024-01-31", "2024-04-01"},
		// partial months read as the month's rollup minus the rest of it
		{"2024-01-03", "2024-04-28"}, {"2024-02-02", "2024-02-27"}, {"2024-06-02", "2024-06-30"}, {"2024-07-01", "2024-07-29"},
		{"2024-08-20", "2024-08-31"}, {"2024-09-05", "2025-01-10"}, {"2024-02-01", "2024-02-28"}, {"2023-11-30", "2024-02-29"}}
	for _, p := range periods {
		f := finance.ReportFilter{From: p[0], To: p[1]}
		checkCategories(t, db, l, m, f)
		checkMonthly(t, db, l, m, f)
		checkNetWorth(t, db, l, m, f)
	}
	checkCategories(t, db, l, m, finance.ReportFilter{From: "2024-01-01", To: "2024-06-30", AccountIDs: []int64{accs[0]}})
	if err := storetest.CheckLedger(ctx, db, l); err != nil {
		t.Fatal(err)
	}
}

func checkCategories(t *testing.T, db *store.DB, l int64, m *model, f finance.ReportFilter) {
	t.Helper()
	for _, typ := range []string{"expense", "earning"} {
		want := map[string]map[int64]int64{}
		for _, d := range m.moves {
			if d.Type != typ || !m.inPeriod(d, f.From, f.To) || (len(f.AccountIDs) > 0 && d.AccountID != f.AccountIDs[0]) {
				continue
			}
			cur := m.currency[d.AccountID]
			if want[cur] == nil {
				want[cur] = map[int64]int64{}
			}
			if len(d.Splits) == 0 {
				want[cur][m.parent[d.CategoryID]] += d.Amount
			}
			for _, s := range d.Splits { // a split movement counts its lines
				want[cur][m.parent[s.CategoryID]] += s.Amount
			}
		}
		got, err := db.ReportCategories(context.Background(), l, f, typ)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%v %s: %d currencies, want %d", f, typ, len(got), len(want))
		}
		for _, cc := range got {
			var sum int64
			for _, c := range cc.Categories {
				if c.Total != want[cc.Currency][c.CategoryID] {
					t.Fatalf("%v %s %s category %d: %d, want %d", f, typ, cc.Currency, c.CategoryID, c.Total, want[cc.Currency][c.CategoryID])
				}
				var children int64
				for _, ch := range c.Children {
					children += ch.Total
				}
				if len(c.Children) > 0 && children != c.Total {
					t.Fatalf("children of %d sum to %d, parent %d", c.CategoryID, children, c.Total)
				}
				sum += c.Total
			}
			if sum != cc.Total || len(cc.Categories) != len(want[cc.Currency]) {
				t.Fatalf("%v %s %s total %d (sum %d)", f, typ, cc.Currency, cc.Total, sum)
			}
		}
	}
}

func checkMonthly(t *testing.T, db *store.DB, l int64, m *model, f finance.ReportFilter) {
	t.Helper()
	type key struct{ cur, month string }
	want := map[key][2]int64{}
	for _, d := range m.moves {
		if !m.inPeriod(d, f.From, f.To) {
			continue
		}
		k := key{m.currency[d.AccountID], d.Date[:7]}
		w := want[k]
		switch d.Type {
		case "earning":
			w[0] += d.Amount
		case "expense":
			w[1] += d.Amount
		}
		want[k] = w
	}
	got, err := db.ReportMonthly(context.Background(), l, f)
	if err != nil {
		t.Fatal(err)
	}
	for _, cm := range got {
		for _, mf := range cm.Months {
			w := want[key{cm.Currency, mf.Month}]
			if mf.Earnings != w[0] || mf.Expenses != w[1] || mf.Net != w[0]-w[1] {
				t.Fatalf("%v %s %s: %d/%d, want %d/%d", f, cm.Currency, mf.Month, mf.Earnings, mf.Expenses, w[0], w[1])
			}
		}
	}
}

func checkNetWorth(t *testing.T, db *store.DB, l int64, m *model, f finance.ReportFilter) {
	t.Helper()
	got, err := db.ReportNetWorth(context.Background(), l, f)
	if err != nil {
		t.Fatal(err)
	}
	for _, cw := range got {
		for _, p := range cw.Points {
			monthEnd := p.Month + "-31"
			var want int64
			for acc, cur := range m.currency {
				if cur == cw.Currency {
					want += m.opening[acc]
				}
			}
			for _, d := range m.moves {
				if d.Date > monthEnd || d.Date > f.To {
					continue
				}
				if m.currency[d.AccountID] == cw.Currency {
					if d.Type == "earning" {
						want += d.Amount
					} else {
						want -= d.Amount
					}
				}
				if d.Type == "transfer" && m.currency[d.ToAccountID] == cw.Currency {
					want += d.ToAmount
				}
			}
			if p.Balance != want {
				t.Fatalf("%v net worth %s at %s: %d, want %d", f, cw.Currency, p.Month, p.Balance, want)
			}
		}
	}
}

func TestReportsEmptyAndIsolated(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "e@example.com")
		other := newLedger(t, db, "x@example.com")
		acc := mustAccount(t, db, other, "Theirs", "EUR", 500)
		cat := mustCategory(t, db, other, "Food", "expense", 0)
		if _, err := db.CreateMovement(ctx, other, finance.MovementDraft{Type: "expense", Date: "2026-01-05", Amount: 100, AccountID: acc.ID, CategoryID: cat.ID}); err != nil {
			t.Fatal(err)
		}
		f := finance.ReportFilter{From: "2026-01-01", To: "2026-12-31"}
		cats, err := db.ReportCategories(ctx, l, f, "expense")
		if err != nil || len(cats) != 0 {
			t.Fatalf("%v %v", cats, err)
		}
		months, err := db.ReportMonthly(ctx, l, f)
		if err != nil || len(months) != 0 {
			t.Fatalf("%v %v", months, err)
		}
		// Naming another ledger's account as a filter finds nothing either.
		cats, _ = db.ReportCategories(ctx, l, finance.ReportFilter{From: f.From, To: f.To, AccountIDs: []int64{acc.ID}}, "expense")
		if len(cats) != 0 {
			t.Fatalf("another ledger's data leaked: %v", cats)
		}
		cmp, err := db.ReportCompare(ctx, other, f, finance.ReportFilter{From: "2025-01-01", To: "2025-12-31"}, "expense")
		if err != nil || len(cmp) != 1 || cmp[0].Current != 100 || cmp[0].Previous != 0 || cmp[0].ChangeBP != nil {
			t.Fatalf("%+v %v", cmp, err)
		}
	})
}
