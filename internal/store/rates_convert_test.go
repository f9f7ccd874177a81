package store_test

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/money"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// bruteBase converts one amount the slow way: every rate of the ledger in
// memory, the rule applied to them directly.
func bruteBase(rates []finance.Rate, amount int64, currency, base, date string) (*int64, bool) {
	if currency == base {
		return &amount, false
	}
	partners := map[string]map[string]bool{}
	for _, r := range rates {
		for _, p := range [][2]string{{r.Currency, r.Quote}, {r.Quote, r.Currency}} {
			if partners[p[0]] == nil {
				partners[p[0]] = map[string]bool{}
			}
			partners[p[0]][p[1]] = true
		}
	}
	var pivots []string
	for q := range partners[currency] {
		if partners[base][q] {
			pivots = append(pivots, q)
		}
	}
	look := func(a, b string) (finance.PairRates, error) {
		var p finance.PairRates
		pick := func(slot **finance.RateAt, r finance.Rate, better func(x, y string) bool) {
			v, _ := new(big.Rat).SetString(r.Rate)
			if *slot == nil || better(r.Date, (*slot).Date) {
				*slot = &finance.RateAt{Date: r.Date, Rate: v}
			}
		}
		later := func(x, y string) bool { return x > y }
		earlier := func(x, y string) bool { return x < y }
		for _, r := range rates {
			switch {
			case r.Currency == a && r.Quote == b && r.Date <= date:
				pick(&p.DirectBefore, r, later)
			case r.Currency == a && r.Quote == b:
				pick(&p.DirectAfter, r, earlier)
			case r.Currency == b && r.Quote == a && r.Date <= date:
				pick(&p.InverseBefore, r, later)
			case r.Currency == b && r.Quote == a:
				pick(&p.InverseAfter, r, earlier)
			}
		}
		return p, nil
	}
	rate, later, ok, _ := finance.CrossRate(currency, base, pivots, look)
	if !ok {
		return nil, false
	}
	exp := func(c string) int { cur, _ := money.NewTable().Lookup(c); return cur.Exponent }
	v, ok := finance.Convert(amount, exp(currency), exp(base), rate)
	if !ok {
		return nil, false
	}
	return &v, later
}

func show(p *int64) string {
	if p == nil {
		return "none"
	}
	return fmt.Sprint(*p)
}

// Random writes of movements, rates and the base currency; after each few,
// every movement's amount in the base currency equals the brute force's, and
// CheckLedger finds the rollup, turnover and rates in step.
func TestConversionAgainstBruteForce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprint("seed", seed), func(t *testing.T) { conversionProperty(t, db, seed) })
		}
	})
}

func conversionProperty(t *testing.T, db *store.DB, seed uint64) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(seed, 17))
	l := newLedger(t, db, fmt.Sprintf("fx%d@example.com", seed))
	currencies := []string{"EUR", "USD", "JPY", "GBP"}
	var accs []*finance.Account
	for i, cur := range []string{"EUR", "USD", "JPY", "EUR", "GBP"} {
		accs = append(accs, mustAccount(t, db, l, fmt.Sprint("A", i), cur, 0))
	}
	exp := mustCategory(t, db, l, "Food", "expense", 0)
	earn := mustCategory(t, db, l, "Pay", "earning", 0)
	day := func() string {
		return time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, rng.IntN(60)).Format(finance.DateLayout)
	}
	draft := func() finance.MovementDraft {
		a := accs[rng.IntN(len(accs))]
		d := finance.MovementDraft{Date: day(), Amount: 1 + rng.Int64N(100000), AccountID: a.ID}
		switch rng.IntN(4) {
		case 0:
			d.Type, d.CategoryID = "earning", earn.ID
		case 1:
			to := accs[rng.IntN(len(accs))]
			for to.ID == a.ID {
				to = accs[rng.IntN(len(accs))]
			}
			d.Type, d.ToAccountID, d.ToAmount = "transfer", to.ID, 1+rng.Int64N(100000)
		default:
			d.Type, d.CategoryID = "expense", exp.ID
		}
		return d
	}
	var ids []int64
	var rateIDs []int64
	for step := 0; step < 160; step++ {
		var err error
		switch op := rng.IntN(10); {
		case op < 3 || len(ids) == 0:
			var m *finance.Movement
			if m, err = db.CreateMovement(ctx, l, draft()); err == nil {
				ids = append(ids, m.ID)
			}
		case op == 3:
			batch := []finance.MovementDraft{draft(), draft(), draft()}
			var got []int64
			if got, err = db.CreateMovements(ctx, l, batch); err == nil {
				ids = append(ids, got...)
			}
		case op == 4:
			d := draft()
			amount, date, acc := d.Amount, d.Date, d.AccountID
			in := finance.MovementInput{Amount: &amount, Date: &date}
			if rng.IntN(2) == 0 {
				in.AccountID = &finance.IDInput{ID: acc, Set: true}
			}
			_, err = db.UpdateMovement(ctx, l, ids[rng.IntN(len(ids))], in)
			if finance.ErrorCode(err) == finance.ECodeInvalid {
				err = nil // e.g. a transfer to its own account
			}
		case op == 5 && len(ids) > 4:
			// Several at once: forgetting one transfer's rate converts the
			// others again, while they are being deleted.
			rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
			_, err = db.DeleteMovements(ctx, l, ids[:4])
			ids = ids[4:]
		case op == 5:
			i := rng.IntN(len(ids))
			err = db.DeleteMovement(ctx, l, ids[i])
			ids = slices.Delete(ids, i, i+1)
		case op <= 7:
			c, q := currencies[rng.IntN(4)], currencies[rng.IntN(4)]
			if c == q {
				continue
			}
			rate := fmt.Sprintf("%d.%04d", rng.IntN(200), rng.IntN(10000))
			if rate == "0.0000" {
				rate = "1"
			}
			var r finance.Rate
			if r, err = db.PutRate(ctx, l, finance.RateInput{Currency: c, Quote: q, Date: day(), Rate: rate}); err == nil {
				rateIDs = append(rateIDs, r.ID)
			}
		case op == 8 && len(rateIDs) > 0:
			i := rng.IntN(len(rateIDs))
			err = db.DeleteRate(ctx, l, rateIDs[i])
			if finance.ErrorCode(err) == finance.ECodeNotFound {
				err = nil // replaced by a later rate of the same pair and day
			}
			rateIDs = slices.Delete(rateIDs, i, i+1)
		default:
			_, err = db.SetBaseCurrency(ctx, l, currencies[rng.IntN(3)])
		}
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		if step%20 == 19 {
			compareConversions(t, db, l)
		}
	}
	compareConversions(t, db, l)
}

func compareConversions(t *testing.T, db *store.DB, l int64) {
	t.Helper()
	ctx := context.Background()
	mustCheck(t, db, l)
	ledger, err := db.Ledger(ctx, l)
	if err != nil {
		t.Fatal(err)
	}
	rates, err := db.Rates(ctx, l, "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	ms, _, err := db.ListMovements(ctx, l, finance.MovementFilter{}, 1000, "")
	if err != nil {
		t.Fatal(err)
	}
	defer compareConvertedReports(t, db, l, ledger.BaseCurrency, rates, ms)
	for _, m := range ms {
		want, later := bruteBase(rates, m.Amount, m.Currency, ledger.BaseCurrency, m.Date)
		if show(want) != show(m.BaseAmount) || later != (m.BaseLater()&1 != 0) {
			t.Fatalf("movement %d (%d %s on %s) in %s: %s (later %v), brute force %s (later %v)", m.ID, m.Amount, m.Currency, m.Date,
				ledger.BaseCurrency, show(m.BaseAmount), m.BaseLater(), show(want), later)
		}
		if m.Type == finance.MovementTransfer {
			want, _ := bruteBase(rates, *m.ToAmount, m.ToCurrency, ledger.BaseCurrency, m.Date)
			if show(want) != show(m.ToBaseAmount) {
				t.Fatalf("transfer %d received %d %s: in base %s, brute force %s", m.ID, *m.ToAmount, m.ToCurrency, show(m.ToBaseAmount), show(want))
			}
		}
	}
}

// compareConvertedReports checks the converted reports against sums of the
// movements' amounts in the base currency (which compareConversions checks
// one by one), over a period that ends mid-month.
func compareConvertedReports(t *testing.T, db *store.DB, l int64, base string, rates []finance.Rate, ms []finance.Movement) {
	t.Helper()
	if t.Failed() {
		return
	}
	ctx := context.Background()
	f := finance.ReportFilter{From: "2025-01-10", To: "2025-02-20"}
	var want finance.CurrencyCategories
	months := map[string]*finance.MonthFlow{}
	missing := map[string]bool{}
	balances := map[string]map[string]int64{} // month → currency → balance at its end (or the period's)
	for _, m := range ms {
		in := m.Date >= f.From && m.Date <= f.To
		if in && m.Type != "transfer" {
			if m.BaseAmount == nil {
				missing[m.Currency] = true
			} else {
				mf := months[m.Date[:7]]
				if mf == nil {
					mf = &finance.MonthFlow{}
					months[m.Date[:7]] = mf
				}
				if m.Type == "expense" {
					want.Total += *m.BaseAmount
					mf.Expenses += *m.BaseAmount
				} else {
					mf.Earnings += *m.BaseAmount
				}
			}
		}
		for _, end := range []string{"2025-01-31", f.To} {
			if m.Date > end {
				continue
			}
			if balances[end] == nil {
				balances[end] = map[string]int64{}
			}
			switch m.Type {
			case "expense":
				balances[end][m.Currency] -= m.Amount
			case "earning":
				balances[end][m.Currency] += m.Amount
			default:
				balances[end][m.Currency] -= m.Amount
				balances[end][m.ToCurrency] += *m.ToAmount
			}
		}
	}
	got, err := db.ConvertedCategories(ctx, l, f, "expense")
	if err != nil {
		t.Fatal(err)
	}
	if got.Currency != base || got.Total != want.Total {
		t.Fatalf("converted expenses %s %d, the movements say %s %d", got.Currency, got.Total, base, want.Total)
	}
	monthly, err := db.ConvertedMonthly(ctx, l, f)
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range monthly.Months {
		w := months[mf.Month]
		if w == nil {
			w = &finance.MonthFlow{}
		}
		if mf.Earnings != w.Earnings || mf.Expenses != w.Expenses {
			t.Fatalf("converted %s: %+v, the movements say %+v", mf.Month, mf, *w)
		}
	}
	var codes []string
	for c := range missing {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	if fmt.Sprint(codes) != fmt.Sprint(monthly.Incomplete) {
		t.Fatalf("incomplete %v, the movements say %v", monthly.Incomplete, codes)
	}
	compareDashboard(t, db, l, ms)
	worth, err := db.ConvertedNetWorth(ctx, l, f)
	if err != nil {
		t.Fatal(err)
	}
	for i, end := range []string{"2025-01-31", f.To} {
		var sum int64
		for c, b := range balances[end] {
			if b == 0 {
				continue
			}
			if v, _ := bruteBase(rates, b, c, base, end); v != nil {
				sum += *v
			}
		}
		if worth.Points[i].Balance != sum {
			t.Fatalf("net worth at %s: %d, brute force %d", end, worth.Points[i].Balance, sum)
		}
	}
}

// compareDashboard checks the dashboard's this month and last month, per
// currency and in the base currency, against sums of the movements.
func compareDashboard(t *testing.T, db *store.DB, l int64, ms []finance.Movement) {
	t.Helper()
	today := "2025-02-20"
	d, err := db.Dashboard(context.Background(), l, time.Date(2025, 2, 20, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	type sums struct{ earnings, expenses int64 }
	own := map[string]map[string]*sums{} // month → currency
	conv := map[string]*sums{}
	for _, m := range ms {
		if m.Date > today || m.Type == finance.MovementTransfer {
			continue
		}
		month := m.Date[:7]
		if own[month] == nil {
			own[month] = map[string]*sums{}
		}
		if own[month][m.Currency] == nil {
			own[month][m.Currency] = &sums{}
		}
		if conv[month] == nil {
			conv[month] = &sums{}
		}
		o, c := own[month][m.Currency], conv[month]
		base := int64(0)
		if m.BaseAmount != nil {
			base = *m.BaseAmount
		}
		if m.Type == finance.MovementExpense {
			o.expenses += m.Amount
			c.expenses += base
		} else {
			o.earnings += m.Amount
			c.earnings += base
		}
	}
	for _, tc := range []struct {
		month string
		got   []finance.MonthSummary
		conv  finance.MonthSummary
	}{{"2025-02", d.ThisMonth, d.Converted.ThisMonth}, {"2025-01", d.LastMonth, d.Converted.LastMonth}} {
		for _, s := range tc.got {
			w := own[tc.month][s.Currency]
			if w == nil { // only transfers that month
				w = &sums{}
			}
			if s.Earnings != w.earnings || s.Expenses != w.expenses {
				t.Fatalf("dashboard %s %s: %+v, the movements say %+v", tc.month, s.Currency, s, w)
			}
		}
		// Every currency with movements that month is there (transfers
		// only count as movements of the month, with no earnings or expenses).
		for c, w := range own[tc.month] {
			if (w.earnings != 0 || w.expenses != 0) && !slices.ContainsFunc(tc.got, func(s finance.MonthSummary) bool { return s.Currency == c }) {
				t.Fatalf("dashboard %s: no %s, the movements say %+v", tc.month, c, w)
			}
		}
		w := conv[tc.month]
		if w == nil {
			w = &sums{}
		}
		if tc.conv.Earnings != w.earnings || tc.conv.Expenses != w.expenses {
			t.Fatalf("dashboard %s in base: %+v, the movements say %+v", tc.month, tc.conv, w)
		}
	}
}
