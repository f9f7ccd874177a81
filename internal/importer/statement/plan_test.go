package statement_test

import (
	"fmt"
	"reflect"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer/statement"
)

// planned is a commit's plan with the drafts it wrote.
type planned struct {
	*statement.Plan
	Drafts []finance.ImportDraft
}

// plan runs the Planner both ways a handler does — a commit (the second
// reading through Write) and a preview (through Recheck) — checks that they
// agree, and returns the commit's plan with the drafts it wrote.
func plan(t *testing.T, rows []statement.Draft, existing statement.Existing, cats []finance.Category, fb statement.Fallback) planned {
	t.Helper()
	copyOf := func(e statement.Existing) statement.Existing { // matching uses Keys up
		keys := map[string]int{}
		for k, n := range e.Keys {
			keys[k] = n
		}
		return statement.Existing{Keys: keys, FITIDs: e.FITIDs}
	}
	commit := statement.NewPlanner(cats, fb, 7)
	preview := statement.NewPlanner(cats, fb, 7)
	for _, d := range rows {
		commit.Read(d)
		preview.Read(d)
	}
	var drafts []finance.ImportDraft
	write := commit.Write(copyOf(existing), func(d *finance.ImportDraft) { drafts = append(drafts, *d) })
	again := preview.Recheck(copyOf(existing))
	for _, d := range rows {
		write(d)
		again(d)
	}
	c, p := commit.Plan(), preview.Plan()
	if c.From != p.From || c.To != p.To || c.Duplicates != p.Duplicates || !reflect.DeepEqual(c.Rows, p.Rows) ||
		!reflect.DeepEqual(c.NewCategories, p.NewCategories) || !reflect.DeepEqual(c.Categories, p.Categories) {
		t.Errorf("commit and preview plans differ:\n%+v\n%+v", c, p)
	}
	if len(drafts)+c.Duplicates != len(rows) {
		t.Errorf("%d drafts and %d duplicates of %d rows", len(drafts), c.Duplicates, len(rows))
	}
	// Every category a draft names is listed once in Categories.
	listed := map[string]int{}
	for _, nc := range c.Categories {
		listed[nc.Type+"|"+finance.NameKey(nc.Name)]++
	}
	for _, d := range drafts {
		if listed[d.Type+"|"+finance.NameKey(d.CategoryName)] != 1 {
			t.Errorf("draft category %s %q is not listed once in %+v", d.Type, d.CategoryName, c.Categories)
		}
	}
	return planned{c, drafts}
}

func row(line int, date string, amount int64, desc, cat, fitid string) statement.Draft {
	return statement.Draft{Line: line, Date: date, Amount: amount, Description: desc, Category: cat, FITID: fitid, Notes: "n"}
}

func key(date, typ string, amount int64, desc string) string {
	return finance.DuplicateKey(date, typ, amount, desc)
}

func TestPlanDuplicates(t *testing.T) {
	const exp, earn = finance.MovementExpense, finance.MovementEarning
	for _, c := range []struct {
		name     string
		rows     []statement.Draft
		existing statement.Existing
		dups     []bool // by row
	}{
		{"nothing exists", []statement.Draft{row(1, "2026-01-02", -500, "Shop", "", "")},
			statement.Existing{}, []bool{false}},
		{"same date, type, amount and description", []statement.Draft{row(1, "2026-01-02", -500, " SHOP ", "", ""), row(2, "2026-01-02", 500, "Shop", "", "")},
			statement.Existing{Keys: map[string]int{key("2026-01-02", exp, 500, "shop"): 1}}, []bool{true, false}},
		{"a multiset: one existing movement matches one row", []statement.Draft{row(1, "2026-01-02", -500, "Shop", "", ""), row(2, "2026-01-02", -500, "Shop", "", "")},
			statement.Existing{Keys: map[string]int{key("2026-01-02", exp, 500, "Shop"): 1}}, []bool{true, false}},
		{"two existing match two of three rows", []statement.Draft{row(1, "2026-01-02", 900, "Pay", "", ""), row(2, "2026-01-02", 900, "Pay", "", ""), row(3, "2026-01-02", 900, "Pay", "", "")},
			statement.Existing{Keys: map[string]int{key("2026-01-02", earn, 900, "Pay"): 2}}, []bool{true, true, false}},
		{"a FITID seen before, though date, amount and description differ", []statement.Draft{row(1, "2026-01-05", -777, "Other text", "", "F1"), row(2, "2026-01-05", -777, "Other text", "", "F2")},
			statement.Existing{Keys: map[string]int{key("2026-01-02", exp, 500, "Shop"): 1}, FITIDs: map[string]bool{"F1": true}}, []bool{true, false}},
		{"a FITID match does not use up the key", []statement.Draft{row(1, "2026-01-02", -500, "Shop", "", "F1"), row(2, "2026-01-02", -500, "Shop", "", "")},
			statement.Existing{Keys: map[string]int{key("2026-01-02", exp, 500, "Shop"): 1}, FITIDs: map[string]bool{"F1": true}}, []bool{true, true}},
		{"a new FITID with a known key is a duplicate by key", []statement.Draft{row(1, "2026-01-02", -500, "Shop", "", "F9")},
			statement.Existing{Keys: map[string]int{key("2026-01-02", exp, 500, "Shop"): 1}, FITIDs: map[string]bool{"F1": true}}, []bool{true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := plan(t, c.rows, c.existing, nil, statement.Fallback{Expense: "Other expenses", Earning: "Other income"})
			want, kept := 0, []int{}
			for i, dup := range c.dups {
				if p.Rows[i].Duplicate != dup {
					t.Errorf("row %d: duplicate %v, want %v", i+1, p.Rows[i].Duplicate, dup)
				}
				if dup {
					want++
				} else {
					kept = append(kept, i)
				}
			}
			if p.Duplicates != want || len(p.Drafts) != len(kept) {
				t.Fatalf("%d duplicates and %d drafts, want %d and %d", p.Duplicates, len(p.Drafts), want, len(kept))
			}
			for j, i := range kept {
				if d := p.Drafts[j]; d.Date != c.rows[i].Date || d.Description != c.rows[i].Description || d.FITID != c.rows[i].FITID {
					t.Errorf("draft %d is %+v, want row %d", j, d, i+1)
				}
			}
		})
	}
}

func TestPlanCategories(t *testing.T) {
	fb := statement.Fallback{Expense: "Otros gastos", Earning: "Otros ingresos"}
	cats := []finance.Category{{Type: finance.CategoryExpense, Name: "Groceries"}, {Type: finance.CategoryExpense, Name: "Otros gastos"}}
	newCat := func(typ, name string) finance.NewCategory { return finance.NewCategory{Type: typ, Name: name} }
	for _, c := range []struct {
		name  string
		rows  []statement.Draft
		cats  []string // of each row
		types []string // of each draft
		fresh []finance.NewCategory
	}{
		{"fallback by type: the expense one exists, the earning one is new",
			[]statement.Draft{row(1, "2026-01-02", -500, "a", "", ""), row(2, "2026-01-03", 900, "b", "", ""), row(3, "2026-01-04", 100, "c", "", "")},
			[]string{"Otros gastos", "Otros ingresos", "Otros ingresos"}, []string{"expense", "earning", "earning"},
			[]finance.NewCategory{newCat("earning", "Otros ingresos")}},
		{"names from the file match existing ones whatever their case and spaces",
			[]statement.Draft{row(1, "2026-01-02", -500, "a", "  GROCERIES ", ""), row(2, "2026-01-02", -500, "a", "groceries", "")},
			[]string{"  GROCERIES ", "groceries"}, []string{"expense", "expense"}, []finance.NewCategory{}},
		{"a name of the other type is new",
			[]statement.Draft{row(1, "2026-01-02", 500, "a", "Groceries", "")},
			[]string{"Groceries"}, []string{"earning"}, []finance.NewCategory{newCat("earning", "Groceries")}},
		{"new names are listed once, as first written, in file order; accents count",
			[]statement.Draft{row(1, "2026-01-02", -500, "a", "Café", ""), row(2, "2026-01-02", -500, "a", "CAFÉ", ""), row(3, "2026-01-02", -500, "a", "Cafe", ""), row(4, "2026-01-02", -1, "a", "Bar", "")},
			[]string{"Café", "CAFÉ", "Cafe", "Bar"}, []string{"expense", "expense", "expense", "expense"},
			[]finance.NewCategory{newCat("expense", "Café"), newCat("expense", "Cafe"), newCat("expense", "Bar")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := plan(t, c.rows, statement.Existing{}, cats, fb)
			if !reflect.DeepEqual(p.NewCategories, c.fresh) {
				t.Errorf("new categories %+v, want %+v", p.NewCategories, c.fresh)
			}
			for i, d := range p.Drafts {
				amount := c.rows[i].Amount
				if amount < 0 {
					amount = -amount
				}
				if p.Rows[i].Category != c.cats[i] || d.CategoryName != c.cats[i] || d.Type != c.types[i] || d.Amount != amount || d.AccountID != 7 || d.Notes != "n" {
					t.Errorf("row %d: %+v, draft %+v; want category %q, type %s, amount %d", i+1, p.Rows[i], d, c.cats[i], c.types[i], amount)
				}
			}
		})
	}
}

// The preview shows the first MaxPlanRows rows; the period and the drafts
// cover them all.
func TestPlanPeriodAndPreviewRows(t *testing.T) {
	var rows []statement.Draft
	for i := range statement.MaxPlanRows + 10 {
		rows = append(rows, row(i+1, fmt.Sprintf("2026-02-%02d", 28-i%28), -int64(i+1), "x", "", ""))
	}
	rows = append(rows, row(99, "2025-12-31", 1, "last", "", ""))
	p := plan(t, rows, statement.Existing{Keys: map[string]int{key("2025-12-31", finance.MovementEarning, 1, "LAST"): 1}}, nil, statement.Fallback{})
	if p.From != "2025-12-31" || p.To != "2026-02-28" {
		t.Errorf("period %s to %s", p.From, p.To)
	}
	if len(p.Rows) != statement.MaxPlanRows || p.Rows[0].Line != 1 || p.Rows[0].Amount != -1 || len(p.Drafts) != len(rows)-1 || p.Duplicates != 1 {
		t.Errorf("%d rows (first %+v), %d drafts, %d duplicates", len(p.Rows), p.Rows[0], len(p.Drafts), p.Duplicates)
	}
	if empty := statement.NewPlanner(nil, statement.Fallback{}, 1).Plan(); empty.Rows == nil || empty.NewCategories == nil || empty.Categories == nil || empty.From != "" {
		t.Errorf("an empty plan must list no rows, not null: %+v", empty)
	}
}
