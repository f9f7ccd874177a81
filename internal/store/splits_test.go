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

// randomSplits cuts amount into 2–4 lines of random categories among cats
// (nil when the amount is too small to cut).
func randomSplits(rng *rand.Rand, amount int64, cats []int64) []finance.Split {
	n := 2 + rng.IntN(3)
	if amount < int64(n) {
		return nil
	}
	cuts := []int64{0, amount}
	for len(cuts) < n+1 {
		c := 1 + rng.Int64N(amount-1)
		if !slices.Contains(cuts, c) {
			cuts = append(cuts, c)
		}
	}
	slices.Sort(cuts)
	out := make([]finance.Split, n)
	for i := range out {
		out[i] = finance.Split{CategoryID: cats[rng.IntN(len(cats))], Amount: cuts[i+1] - cuts[i], Note: fmt.Sprint("line ", i)}
	}
	return out
}

// splitInput is a draft's lines as a request sends them.
func splitInput(lines []finance.Split) *[]finance.SplitInput {
	out := []finance.SplitInput{}
	for _, s := range lines {
		out = append(out, finance.SplitInput{CategoryID: finance.IDInput{ID: s.CategoryID, Set: true}, Amount: s.Amount, Note: s.Note})
	}
	return &out
}

func splitsOf(m *finance.Movement) string {
	s := ""
	for _, l := range m.Splits {
		s += fmt.Sprintf("%d:%d:%s;", l.CategoryID, l.Amount, l.Note)
	}
	return s
}

// TestSplitMovements: a split expense keeps its lines through reads, edits,
// a move to one category and back, its category's deletion and its own; the
// balance moves by its amount, the rollup by its lines, and CheckLedger
// finds everything in step after each write. Bad splits change nothing.
func TestSplitMovements(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "split@example.com")
		acc := mustAccount(t, db, l, "Cash", "EUR", 10000)
		food := mustCategory(t, db, l, "Food", "expense", 0)
		clean := mustCategory(t, db, l, "Cleaning", "expense", 0)
		other := mustCategory(t, db, l, "Other", "expense", 0)
		salary := mustCategory(t, db, l, "Salary", "earning", 0)
		check := func() {
			t.Helper()
			if err := storetest.CheckLedger(ctx, db, l); err != nil {
				t.Fatal(err)
			}
		}
		ticket := finance.MovementDraft{Type: "expense", Date: "2025-03-10", Amount: 5000, AccountID: acc.ID, Description: "Mercadona",
			Splits: []finance.Split{{CategoryID: food.ID, Amount: 3500, Note: "fruit"}, {CategoryID: clean.ID, Amount: 1500}}}
		m, err := db.CreateMovement(ctx, l, ticket)
		if err != nil {
			t.Fatal(err)
		}
		check()
		if m.CategoryID != nil || splitsOf(m) != fmt.Sprintf("%d:3500:fruit;%d:1500:;", food.ID, clean.ID) {
			t.Fatalf("created %+v, lines %s", m, splitsOf(m))
		}
		a, _ := db.Account(ctx, l, acc.ID)
		if a.Balance != 5000 {
			t.Fatalf("balance %d, want 5000", a.Balance)
		}
		report := func() map[int64]int64 {
			t.Helper()
			got, err := db.ReportCategories(ctx, l, finance.ReportFilter{From: "2025-03-01", To: "2025-03-31"}, "expense")
			if err != nil {
				t.Fatal(err)
			}
			out := map[int64]int64{}
			for _, cc := range got {
				for _, c := range cc.Categories {
					out[c.CategoryID] = c.Total
				}
			}
			return out
		}
		if r := report(); r[food.ID] != 3500 || r[clean.ID] != 1500 || len(r) != 2 {
			t.Fatalf("report %v", r)
		}
		// The budget of each category spends its lines.
		bm, err := db.Budgets(ctx, l, "2025-03")
		if err != nil {
			t.Fatal(err)
		}
		spent := map[int64]int64{}
		for _, it := range bm.Items {
			spent[it.CategoryID] = it.Spent
		}
		if spent[food.ID] != 3500 || spent[clean.ID] != 1500 || bm.Spent != 5000 {
			t.Fatalf("budget month %+v", bm)
		}
		// The category filter finds it by either line and sums the lines in it.
		list, _, err := db.ListMovements(ctx, l, finance.MovementFilter{CategoryIDs: []int64{clean.ID}}, 10, "")
		if err != nil || len(list) != 1 || splitsOf(&list[0]) != splitsOf(m) {
			t.Fatalf("filtered list %+v, %v", list, err)
		}
		for _, f := range []finance.MovementFilter{{CategoryIDs: []int64{clean.ID}}, {CategoryIDs: []int64{clean.ID}, Text: "mercadona"}} {
			tot, err := db.TotalMovements(ctx, l, f)
			if err != nil || tot.Count != 1 || tot.ByCurrency[0].Expenses != 1500 {
				t.Fatalf("totals of %+v: %+v, %v", f, tot, err)
			}
		}
		tot, err := db.TotalMovements(ctx, l, finance.MovementFilter{})
		if err != nil || tot.Count != 1 || tot.ByCurrency[0].Expenses != 5000 {
			t.Fatalf("totals %+v, %v", tot, err)
		}

		// Bad splits: clear field errors, and nothing changes.
		bad := []struct {
			name  string
			d     finance.MovementDraft
			field string
			code  string
		}{
			{"not adding up", finance.MovementDraft{Type: "expense", Date: "2025-03-11", Amount: 100, AccountID: acc.ID,
				Splits: []finance.Split{{CategoryID: food.ID, Amount: 60}, {CategoryID: clean.ID, Amount: 30}}}, "splits", finance.FCodeMismatch},
			{"one line", finance.MovementDraft{Type: "expense", Date: "2025-03-11", Amount: 100, AccountID: acc.ID,
				Splits: []finance.Split{{CategoryID: food.ID, Amount: 100}}}, "splits", finance.FCodeTooShort},
			{"a transfer", finance.MovementDraft{Type: "transfer", Date: "2025-03-11", Amount: 100, AccountID: acc.ID, ToAccountID: mustAccount(t, db, l, "Bank", "EUR", 0).ID,
				Splits: []finance.Split{{CategoryID: food.ID, Amount: 60}, {CategoryID: clean.ID, Amount: 40}}}, "splits", finance.FCodeInvalid},
			{"a line of an earning's category", finance.MovementDraft{Type: "expense", Date: "2025-03-11", Amount: 100, AccountID: acc.ID,
				Splits: []finance.Split{{CategoryID: food.ID, Amount: 60}, {CategoryID: salary.ID, Amount: 40}}}, "splits.categoryId", finance.FCodeMismatch},
			{"a line of no category", finance.MovementDraft{Type: "expense", Date: "2025-03-11", Amount: 100, AccountID: acc.ID,
				Splits: []finance.Split{{CategoryID: food.ID, Amount: 60}, {Amount: 40}}}, "splits.categoryId", finance.FCodeRequired},
			{"a line of another ledger's category", finance.MovementDraft{Type: "expense", Date: "2025-03-11", Amount: 100, AccountID: acc.ID,
				Splits: []finance.Split{{CategoryID: food.ID, Amount: 60}, {CategoryID: mustCategory(t, db, newLedger(t, db, "other-split@example.com"), "X", "expense", 0).ID, Amount: 40}}},
				"splits.categoryId", finance.FCodeUnknown},
			{"a zero line", finance.MovementDraft{Type: "expense", Date: "2025-03-11", Amount: 100, AccountID: acc.ID,
				Splits: []finance.Split{{CategoryID: food.ID, Amount: 100}, {CategoryID: clean.ID, Amount: 0}}}, "splits.amount", finance.FCodeOutOfRange},
			{"a category and lines", finance.MovementDraft{Type: "expense", Date: "2025-03-11", Amount: 100, AccountID: acc.ID, CategoryID: food.ID,
				Splits: []finance.Split{{CategoryID: food.ID, Amount: 60}, {CategoryID: clean.ID, Amount: 40}}}, "categoryId", finance.FCodeMismatch},
		}
		before := storetest.CountLedgerRows(ctx, db, l) // the accounts and categories made above
		for _, b := range bad {
			_, err := db.CreateMovement(ctx, l, b.d)
			if got := fieldCodes(err); got != b.field+":"+b.code {
				t.Errorf("%s: %v (fields %s), want %s:%s", b.name, err, got, b.field, b.code)
			}
		}
		if after := storetest.CountLedgerRows(ctx, db, l); fmt.Sprint(after) != fmt.Sprint(before) {
			t.Fatalf("bad splits wrote rows: %v → %v", before, after)
		}
		// An edit whose amount leaves the lines short is refused.
		if _, err := db.UpdateMovement(ctx, l, m.ID, finance.MovementInput{Amount: ptr(int64(6000))}); fieldCodes(err) != "splits:mismatch" {
			t.Fatalf("amount without lines: %v", err)
		}
		// New amount and lines together; then the date, keeping the lines.
		m, err = db.UpdateMovement(ctx, l, m.ID, finance.MovementInput{Amount: ptr(int64(6000)),
			Splits: splitInput([]finance.Split{{CategoryID: food.ID, Amount: 1000}, {CategoryID: clean.ID, Amount: 2000}, {CategoryID: other.ID, Amount: 3000, Note: "bin bags"}})})
		if err != nil {
			t.Fatal(err)
		}
		check()
		m, err = db.UpdateMovement(ctx, l, m.ID, finance.MovementInput{Date: ptr("2025-03-20")})
		if err != nil || len(m.Splits) != 3 || m.Splits[2].Note != "bin bags" {
			t.Fatalf("after a date edit: %+v, %v", m, err)
		}
		check()
		if r := report(); r[food.ID] != 1000 || r[clean.ID] != 2000 || r[other.ID] != 3000 {
			t.Fatalf("report %v", r)
		}
		// Deleting a category moves its lines with its movements.
		if err := db.DeleteCategory(ctx, l, other.ID, nil); finance.ErrorCode(err) != finance.ECodeInUse {
			t.Fatalf("deleting a category a line uses: %v", err)
		}
		if err := db.DeleteCategory(ctx, l, other.ID, &clean.ID); err != nil {
			t.Fatal(err)
		}
		check()
		if r := report(); r[clean.ID] != 5000 || r[food.ID] != 1000 {
			t.Fatalf("report after the move %v", r)
		}
		// A category for the whole movement ends the split; lines split it again.
		m, err = db.UpdateMovement(ctx, l, m.ID, finance.MovementInput{CategoryID: &finance.IDInput{ID: food.ID, Set: true}})
		if err != nil || len(m.Splits) != 0 || m.CategoryID == nil || *m.CategoryID != food.ID {
			t.Fatalf("made whole: %+v, %v", m, err)
		}
		check()
		m, err = db.UpdateMovement(ctx, l, m.ID, finance.MovementInput{CategoryID: &finance.IDInput{},
			Splits: splitInput([]finance.Split{{CategoryID: food.ID, Amount: 4000}, {CategoryID: clean.ID, Amount: 2000}})})
		if err != nil || len(m.Splits) != 2 || m.CategoryID != nil {
			t.Fatalf("split again: %+v, %v", m, err)
		}
		check()
		// Moving movements to a category takes a split one whole.
		if _, err := db.RecategorizeMovements(ctx, l, []int64{m.ID}, clean.ID); err != nil {
			t.Fatal(err)
		}
		m, _ = db.Movement(ctx, l, m.ID)
		if len(m.Splits) != 0 || *m.CategoryID != clean.ID {
			t.Fatalf("recategorised: %+v", m)
		}
		check()
		// Lines and a category together are refused; lines alone replace the category.
		if _, err := db.UpdateMovement(ctx, l, m.ID, finance.MovementInput{CategoryID: &finance.IDInput{ID: food.ID, Set: true},
			Splits: splitInput([]finance.Split{{CategoryID: food.ID, Amount: 4000}, {CategoryID: clean.ID, Amount: 2000}})}); fieldCodes(err) != "categoryId:mismatch" {
			t.Fatalf("lines with a category: %v", err)
		}
		m, err = db.UpdateMovement(ctx, l, m.ID, finance.MovementInput{Splits: splitInput([]finance.Split{{CategoryID: food.ID, Amount: 4000}, {CategoryID: clean.ID, Amount: 2000}})})
		if err != nil || m.CategoryID != nil || len(m.Splits) != 2 {
			t.Fatalf("split by lines alone: %+v, %v", m, err)
		}
		check()
		// A rule that sets a category leaves a split movement's lines alone.
		rule, err := db.CreateRule(ctx, l, finance.RuleInput{Name: ptr("Shop"), Conditions: &[]finance.RuleConditionInput{{Field: "description", Op: "contains", Text: "mercadona"}},
			Actions: &finance.RuleActionsInput{CategoryID: finance.IDInput{ID: other2(t, db, l).ID, Set: true}, Tags: []string{"shop"}}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.ApplyRule(ctx, l, rule.ID, false); err != nil {
			t.Fatal(err)
		}
		m, _ = db.Movement(ctx, l, m.ID)
		if len(m.Splits) != 2 || m.CategoryID != nil || !slices.Contains(m.Tags, "shop") {
			t.Fatalf("after the rule: %+v", m)
		}
		check()
		// Export: the lines with their categories' names.
		var rows []store.ExportRow
		if err := db.ExportMovements(ctx, l, finance.MovementFilter{}, func(r store.ExportRow) error { rows = append(rows, r); return nil }); err != nil {
			t.Fatal(err)
		}
		if len(rows) != 1 || len(rows[0].Splits) != 2 || fmt.Sprint(rows[0].SplitCategoryNames) != "[Food Cleaning]" {
			t.Fatalf("export %+v", rows)
		}
		// Deleting the movement takes its lines.
		if err := db.DeleteMovement(ctx, l, m.ID); err != nil {
			t.Fatal(err)
		}
		check()
		if n := storetest.CountLedgerRows(ctx, db, l)["movement_splits"]; n != 0 {
			t.Fatalf("%d lines left", n)
		}
	})
}

// other2 is another expense category for the rule above.
func other2(t *testing.T, db *store.DB, l int64) *finance.Category {
	return mustCategory(t, db, l, "Shops", "expense", 0)
}

// TestSplitBaseAmounts: lines in a currency with a rate get their share of
// the movement's amount in the base currency, adding up to it exactly, and a
// new rate converts them again.
func TestSplitBaseAmounts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "splitbase@example.com")
		usd := mustAccount(t, db, l, "Dollars", "USD", 0)
		a, b := mustCategory(t, db, l, "A", "expense", 0), mustCategory(t, db, l, "B", "expense", 0)
		m, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: "2025-05-02", Amount: 1000, AccountID: usd.ID,
			Splits: []finance.Split{{CategoryID: a.ID, Amount: 333}, {CategoryID: b.ID, Amount: 333}, {CategoryID: a.ID, Amount: 334}}})
		if err != nil {
			t.Fatal(err)
		}
		if m.BaseAmount != nil || m.Splits[0].BaseAmount != nil {
			t.Fatalf("without a rate: %+v", m)
		}
		if _, err := db.PutRate(ctx, l, finance.RateInput{Currency: "USD", Date: "2025-01-01", Rate: "0.9"}); err != nil {
			t.Fatal(err)
		}
		m, _ = db.Movement(ctx, l, m.ID)
		var sum int64
		for _, s := range m.Splits {
			if s.BaseAmount == nil {
				t.Fatalf("a line without its base amount: %+v", m.Splits)
			}
			sum += *s.BaseAmount
		}
		if m.BaseAmount == nil || *m.BaseAmount != 900 || sum != 900 {
			t.Fatalf("base %v, lines %d", m.BaseAmount, sum)
		}
		if err := storetest.CheckLedger(ctx, db, l); err != nil {
			t.Fatal(err)
		}
	})
}
