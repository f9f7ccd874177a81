package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// budgetModel is the brute force: every category's budget written out for
// every month of the test's span (a dense table, unlike the store's rows of
// changes), and every expense's base amount.
type budgetModel struct {
	months   []string
	amount   map[int64]map[string]*int64
	rollover map[int64]map[string]bool
}

func (m *budgetModel) apply(month, scope string, cat int64, amount *int64, rollover *bool) {
	if m.amount[cat] == nil {
		m.amount[cat], m.rollover[cat] = map[string]*int64{}, map[string]bool{}
	}
	roll := m.rollover[cat][month]
	if rollover != nil {
		roll = *rollover
	}
	for _, mm := range m.months {
		if mm == month || (scope == finance.BudgetScopeOnward && mm > month) {
			m.amount[cat][mm], m.rollover[cat][mm] = amount, roll
		}
	}
}

// Random budgets (set for a month or onward, with and without rollover,
// removed), random expenses in the base currency and in one without a rate,
// over two years: every month's figures equal the brute force's.
func TestBudgetsAgainstBruteForce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		for seed := uint64(1); seed <= 2; seed++ {
			t.Run(fmt.Sprint("seed", seed), func(t *testing.T) { budgetProperty(t, db, seed) })
		}
	})
}

func budgetProperty(t *testing.T, db *store.DB, seed uint64) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(seed, 31))
	l := newLedger(t, db, fmt.Sprintf("budget%d@example.com", seed))
	eur := mustAccount(t, db, l, "EUR", "EUR", 0)
	usd := mustAccount(t, db, l, "USD", "USD", 0) // no rate: left out, reported
	food := mustCategory(t, db, l, "Food", "expense", 0)
	groceries := mustCategory(t, db, l, "Groceries", "expense", food.ID)
	eating := mustCategory(t, db, l, "Eating out", "expense", food.ID)
	home := mustCategory(t, db, l, "Home", "expense", 0)
	pay := mustCategory(t, db, l, "Pay", "earning", 0)
	cats := []int64{food.ID, groceries.ID, eating.ID, home.ID, finance.OverallBudget}
	parent := map[int64]int64{groceries.ID: food.ID, eating.ID: food.ID}
	m := &budgetModel{amount: map[int64]map[string]*int64{}, rollover: map[int64]map[string]bool{}}
	for i := 0; i < 24; i++ {
		m.months = append(m.months, finance.AddMonths("2025-01", i))
	}
	spent := map[int64]map[string]int64{} // as booked, base currency
	unrated := map[string]bool{}
	var drafts []finance.MovementDraft
	for i := 0; i < 300; i++ {
		month := m.months[rng.IntN(len(m.months))]
		d := finance.MovementDraft{Type: "expense", Date: fmt.Sprintf("%s-%02d", month, 1+rng.IntN(28)), Amount: 1 + rng.Int64N(20000), AccountID: eur.ID}
		d.CategoryID = []int64{food.ID, groceries.ID, eating.ID, home.ID}[rng.IntN(4)]
		switch rng.IntN(10) {
		case 0:
			d.AccountID = usd.ID
			unrated[month] = true
		case 1:
			d.Type, d.CategoryID = "earning", pay.ID
		default:
			if spent[d.CategoryID] == nil {
				spent[d.CategoryID] = map[string]int64{}
			}
			spent[d.CategoryID][month] += d.Amount
		}
		drafts = append(drafts, d)
	}
	if _, err := db.CreateMovements(ctx, l, drafts); err != nil {
		t.Fatal(err)
	}
	for step := 0; step < 40; step++ {
		month := m.months[rng.IntN(len(m.months))]
		scope := []string{finance.BudgetScopeMonth, finance.BudgetScopeOnward}[rng.IntN(2)]
		cat := cats[rng.IntN(len(cats))]
		var amount *int64
		if rng.IntN(6) > 0 {
			v := rng.Int64N(60000)
			amount = &v
		}
		var roll *bool
		if rng.IntN(2) == 0 {
			r := rng.IntN(2) == 0
			roll = &r
		}
		if err := db.SetBudgets(ctx, l, month, finance.BudgetInput{Scope: scope, Items: []finance.BudgetChange{{CategoryID: cat, Amount: amount, Rollover: roll}}}); err != nil {
			t.Fatal(err)
		}
		m.apply(month, scope, cat, amount, roll)
	}
	spentIn := func(cat int64, month string) int64 {
		var sum int64
		for c, byMonth := range spent {
			if c == cat || parent[c] == cat || cat == finance.OverallBudget {
				sum += byMonth[month]
			}
		}
		return sum
	}
	amountIn := func(cat int64, month string) (*int64, bool) {
		if a := m.amount[cat][month]; a != nil || cat == finance.OverallBudget {
			return a, false
		}
		var sum int64
		found := false
		for c, p := range parent {
			if p == cat && m.amount[c][month] != nil {
				sum += *m.amount[c][month]
				found = true
			}
		}
		if !found {
			return nil, false
		}
		return &sum, true
	}
	// carried: a month with a budget and rollover passes on what remained.
	carriedIn := func(cat int64, month string) int64 {
		var carry int64
		for _, mm := range m.months {
			if mm >= month {
				break
			}
			a, _ := amountIn(cat, mm)
			if a == nil || !m.rollover[cat][mm] {
				carry = 0
				continue
			}
			carry = *a + carry - spentIn(cat, mm)
		}
		return carry
	}
	show := func(p *int64) string {
		if p == nil {
			return "none"
		}
		return fmt.Sprint(*p)
	}
	for _, month := range m.months {
		got, err := db.Budgets(ctx, l, month)
		if err != nil {
			t.Fatal(err)
		}
		lines := map[int64]finance.BudgetLine{}
		for _, it := range got.Items {
			lines[it.CategoryID] = it
		}
		if got.Overall != nil {
			lines[finance.OverallBudget] = *got.Overall
		}
		for _, cat := range cats {
			want, fromChildren := amountIn(cat, month)
			line, ok := lines[cat]
			if cat == finance.OverallBudget && want == nil {
				if ok {
					t.Fatalf("%s: an overall budget %+v, the model has none", month, line)
				}
				continue
			}
			var carried int64
			if want != nil && m.rollover[cat][month] {
				carried = carriedIn(cat, month)
			}
			var remaining *int64
			if want != nil {
				r := *want + carried - spentIn(cat, month)
				remaining = &r
			}
			if show(line.Amount) != show(want) || line.FromChildren != fromChildren || line.Spent != spentIn(cat, month) ||
				line.Carried != carried || show(line.Remaining) != show(remaining) {
				t.Fatalf("%s category %d: amount %s (children %v) carried %d spent %d remaining %s; the model: %s (%v) %d %d %s",
					month, cat, show(line.Amount), line.FromChildren, line.Carried, line.Spent, show(line.Remaining),
					show(want), fromChildren, carried, spentIn(cat, month), show(remaining))
			}
		}
		if got.Spent != spentIn(finance.OverallBudget, month) {
			t.Fatalf("%s: spent %d, the model %d", month, got.Spent, spentIn(finance.OverallBudget, month))
		}
		if want := unrated[month]; want != (len(got.Incomplete) == 1 && got.Incomplete[0] == "USD") {
			t.Fatalf("%s: incomplete %v, the model says USD unrated: %v", month, got.Incomplete, want)
		}
	}
	// The report adds the same figures.
	points, _, err := db.BudgetReport(ctx, l, m.months[0], m.months[len(m.months)-1])
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range points {
		month := m.months[i]
		want := int64(0)
		if a := m.amount[finance.OverallBudget][month]; a != nil {
			want = *a
		} else {
			for _, cat := range []int64{food.ID, home.ID} {
				if a, _ := amountIn(cat, month); a != nil {
					want += *a
				}
			}
		}
		if p.Month != month || p.Budgeted != want || p.Spent != spentIn(finance.OverallBudget, month) {
			t.Fatalf("report %s: %+v, the model budgeted %d spent %d", month, p, want, spentIn(finance.OverallBudget, month))
		}
	}
}

// Bad input changes nothing: a negative amount, an unknown category, an
// earnings category, a repeated category, an unknown scope.
func TestBudgetsRefuseBadInput(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "budget-bad@example.com")
		other := newLedger(t, db, "budget-other@example.com")
		food := mustCategory(t, db, l, "Food", "expense", 0)
		pay := mustCategory(t, db, l, "Pay", "earning", 0)
		foreign := mustCategory(t, db, other, "Theirs", "expense", 0)
		v, neg := int64(100), int64(-1)
		for _, tc := range []struct {
			in   finance.BudgetInput
			want string
		}{
			{finance.BudgetInput{Items: []finance.BudgetChange{{CategoryID: food.ID, Amount: &neg}}}, "items[0].amount:out_of_range"},
			{finance.BudgetInput{Items: []finance.BudgetChange{{CategoryID: food.ID, Amount: &v}, {CategoryID: 999999, Amount: &v}}}, "items[1].categoryId:unknown"},
			{finance.BudgetInput{Items: []finance.BudgetChange{{CategoryID: foreign.ID, Amount: &v}}}, "items[0].categoryId:unknown"},
			{finance.BudgetInput{Items: []finance.BudgetChange{{CategoryID: food.ID, Amount: &v}, {CategoryID: pay.ID, Amount: &v}}}, "items[1].categoryId:mismatch"},
			{finance.BudgetInput{Items: []finance.BudgetChange{{CategoryID: food.ID, Amount: &v}, {CategoryID: food.ID, Amount: &v}}}, "items[1].categoryId:invalid"},
			{finance.BudgetInput{Scope: "forever", Items: []finance.BudgetChange{{CategoryID: food.ID, Amount: &v}}}, "scope:unknown"},
			{finance.BudgetInput{}, "items:required"},
		} {
			err := db.SetBudgets(ctx, l, "2026-03", tc.in)
			if got := fieldCodes(err); got != tc.want {
				t.Errorf("%+v: %v (%s), want %s", tc.in, err, got, tc.want)
			}
		}
		got, err := db.Budgets(ctx, l, "2026-03")
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range got.Items {
			if it.Amount != nil {
				t.Fatalf("a refused change was stored: %+v", it)
			}
		}
		if got.Overall != nil {
			t.Fatalf("overall: %+v", got.Overall)
		}
	})
}

// fieldCodes writes an error's field codes as "field:code" joined by ",".
func fieldCodes(err error) string {
	fe, ok := err.(*finance.Error)
	if !ok {
		return fmt.Sprint(err)
	}
	out := ""
	for _, f := range fe.Fields {
		if out != "" {
			out += ","
		}
		out += f.Field + ":" + f.Code
	}
	return out
}

// Deleting a category deletes its budgets (and its subcategories'); the
// overall budget stays.
func TestBudgetsGoWithTheirCategory(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "budget-delete@example.com")
		food := mustCategory(t, db, l, "Food", "expense", 0)
		groceries := mustCategory(t, db, l, "Groceries", "expense", food.ID)
		home := mustCategory(t, db, l, "Home", "expense", 0)
		v := int64(5000)
		if err := db.SetBudgets(ctx, l, "2026-01", finance.BudgetInput{Items: []finance.BudgetChange{
			{CategoryID: groceries.ID, Amount: &v}, {CategoryID: home.ID, Amount: &v}, {CategoryID: finance.OverallBudget, Amount: &v}}}); err != nil {
			t.Fatal(err)
		}
		if err := db.DeleteCategory(ctx, l, food.ID, nil); err != nil {
			t.Fatal(err)
		}
		// A category made again gets a new id: nothing of the old budgets shows.
		again := mustCategory(t, db, l, "Food", "expense", 0)
		got, err := db.Budgets(ctx, l, "2026-02")
		if err != nil {
			t.Fatal(err)
		}
		amounts := map[int64]*int64{}
		for _, it := range got.Items {
			amounts[it.CategoryID] = it.Amount
		}
		if len(got.Items) != 2 || amounts[home.ID] == nil || amounts[again.ID] != nil || got.Overall == nil || got.Budgeted != 5000 {
			t.Fatalf("after deleting Food: %+v", got)
		}
		if rows := storetest.CountLedgerRows(ctx, db, l)["budgets"]; rows != 2 {
			t.Fatalf("%d budget rows left, want home's and the overall one", rows)
		}
	})
}
