package store

import (
	"context"
	"sort"

	"cashcontrol/internal/finance"
)

// budgetRow is one change of a category's budget: from month on, until the
// category's next row.
type budgetRow struct {
	month    string
	amount   *int64
	rollover bool
}

// budgetTimeline is every category's changes, oldest first.
type budgetTimeline map[int64][]budgetRow

// at is the row that governs month (nil: none).
func (tl budgetTimeline) at(category int64, month string) *budgetRow {
	rows := tl[category]
	i := sort.Search(len(rows), func(i int) bool { return rows[i].month > month })
	if i == 0 {
		return nil
	}
	return &rows[i-1]
}

func readBudgets(ctx context.Context, q reader, ledgerID int64) (budgetTimeline, error) {
	rows, err := q.Query(ctx, `SELECT category_id, month, amount, rollover FROM budgets WHERE ledger_id = ? ORDER BY category_id, month`, ledgerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	tl := budgetTimeline{}
	for rows.Next() {
		var cat int64
		var r budgetRow
		if err := rows.Scan(&cat, &r.month, &r.amount, &r.rollover); err != nil {
			return nil, err
		}
		tl[cat] = append(tl[cat], r)
	}
	return tl, rows.Err()
}

// expenseCategories are the ledger's expense categories by id.
func expenseCategories(cats []finance.Category) map[int64]finance.Category {
	out := map[int64]finance.Category{}
	for _, c := range cats {
		if c.Type == finance.CategoryExpense {
			out[c.ID] = c
		}
	}
	return out
}

// spending is what each expense category (as booked, not folded) spent per
// month in the base currency, from the rollup: whole months only.
type spending map[int64]map[string]int64

func readSpending(ctx context.Context, q RowsQuerier, ledgerID int64, from, to string) (spending, error) {
	rows, err := q.Query(ctx, `SELECT category_id, month, CAST(SUM(base_total) AS BIGINT) FROM monthly_totals
		WHERE ledger_id = ? AND kind = 'expense' AND month >= ? AND month <= ? GROUP BY category_id, month`, ledgerID, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := spending{}
	for rows.Next() {
		var cat, v int64
		var month string
		if err := rows.Scan(&cat, &month, &v); err != nil {
			return nil, err
		}
		if out[cat] == nil {
			out[cat] = map[string]int64{}
		}
		out[cat][month] += v
	}
	return out, rows.Err()
}

// budgetBook computes budget lines from the timeline, the categories and
// the spending of the months it was given.
type budgetBook struct {
	tl       budgetTimeline
	cats     map[int64]finance.Category
	children map[int64][]int64
	spent    spending
}

func newBudgetBook(tl budgetTimeline, cats []finance.Category, spent spending) *budgetBook {
	b := &budgetBook{tl: tl, cats: expenseCategories(cats), children: map[int64][]int64{}, spent: spent}
	for _, c := range b.cats {
		if c.ParentID != nil {
			b.children[*c.ParentID] = append(b.children[*c.ParentID], c.ID)
		}
	}
	return b
}

// spentIn is what category spent in month, its subcategories included (the
// overall budget: every expense).
func (b *budgetBook) spentIn(category int64, month string) int64 {
	if category == finance.OverallBudget {
		var sum int64
		for _, byMonth := range b.spent {
			sum += byMonth[month]
		}
		return sum
	}
	sum := b.spent[category][month]
	for _, ch := range b.children[category] {
		sum += b.spent[ch][month]
	}
	return sum
}

// own is the budget the category's own rows give month (nil: none).
func (b *budgetBook) own(category int64, month string) (*int64, bool) {
	r := b.tl.at(category, month)
	if r == nil {
		return nil, false
	}
	return r.amount, r.rollover
}

// amount is the category's budget in month: its own, else (a parent) the sum
// of its subcategories' own budgets.
func (b *budgetBook) amount(category int64, month string) (amount *int64, fromChildren, rollover bool) {
	a, roll := b.own(category, month)
	if a != nil || category == finance.OverallBudget {
		return a, false, roll
	}
	var sum int64
	found := false
	for _, ch := range b.children[category] {
		if v, _ := b.own(ch, month); v != nil {
			sum += *v
			found = true
		}
	}
	if !found {
		return nil, false, roll
	}
	return &sum, true, roll
}

// carried is what the months before month carry into it: each month with a
// budget and rollover passes on what remained (negative when overspent); a
// month without either stops the chain.
func (b *budgetBook) carried(category int64, month string) int64 {
	first := b.firstMonth(category)
	if first == "" || first >= month {
		return 0
	}
	var carry int64
	for m := first; m < month; m = finance.AddMonths(m, 1) {
		a, _, roll := b.amount(category, m)
		if a == nil || !roll {
			carry = 0
			continue
		}
		carry = *a + carry - b.spentIn(category, m)
	}
	return carry
}

// firstMonth is the category's earliest budget row ("" when none; for a
// parent, its subcategories' too).
func (b *budgetBook) firstMonth(category int64) string {
	first := ""
	for _, c := range append([]int64{category}, b.children[category]...) {
		if rows := b.tl[c]; len(rows) > 0 && (first == "" || rows[0].month < first) {
			first = rows[0].month
		}
	}
	return first
}

func (b *budgetBook) line(category int64, month string) finance.BudgetLine {
	l := finance.BudgetLine{CategoryID: category, Spent: b.spentIn(category, month)}
	if c, ok := b.cats[category]; ok {
		l.ParentID = c.ParentID
	}
	l.Amount, l.FromChildren, l.Rollover = b.amount(category, month)
	if l.Amount != nil {
		if l.Rollover {
			l.Carried = b.carried(category, month)
		}
		r := *l.Amount + l.Carried - l.Spent
		l.Remaining = &r
	}
	return l
}

// earliest is the first month any budget row starts ("" when none).
func (tl budgetTimeline) earliest() string {
	first := ""
	for _, rows := range tl {
		if len(rows) > 0 && (first == "" || rows[0].month < first) {
			first = rows[0].month
		}
	}
	return first
}

// Budgets is the month's budgets: every expense category of the ledger (in
// the categories' order) and the overall budget, in the base currency.
func (db *DB) Budgets(ctx context.Context, ledgerID int64, month string) (finance.BudgetMonth, error) {
	out := finance.BudgetMonth{Month: month, Items: []finance.BudgetLine{}, Incomplete: []string{}}
	base, err := db.BaseCurrency(ctx, ledgerID)
	if err != nil {
		return out, err
	}
	out.Currency = base
	tl, err := readBudgets(ctx, db, ledgerID)
	if err != nil {
		return out, err
	}
	cats, err := db.ListCategories(ctx, ledgerID)
	if err != nil {
		return out, err
	}
	// Rollover reaches back to the first budget; without any, this month.
	from := tl.earliest()
	if from == "" || from > month {
		from = month
	}
	spent, err := readSpending(ctx, db, ledgerID, from, month)
	if err != nil {
		return out, err
	}
	b := newBudgetBook(tl, cats, spent)
	for _, c := range cats {
		if c.Type != finance.CategoryExpense {
			continue
		}
		l := b.line(c.ID, month)
		if c.Archived && l.Amount == nil && l.Spent == 0 {
			continue
		}
		out.Items = append(out.Items, l)
		if c.ParentID == nil && l.Amount != nil {
			out.Budgeted += *l.Amount
		}
	}
	out.Spent = b.spentIn(finance.OverallBudget, month)
	if a, _ := b.own(finance.OverallBudget, month); a != nil {
		l := b.line(finance.OverallBudget, month)
		out.Overall = &l
	}
	out.Incomplete, err = db.unratedExpenses(ctx, ledgerID, month, month)
	return out, err
}

// unratedExpenses lists the currencies of expenses in from..to (months) that
// have no rate to the base currency.
func (db *DB) unratedExpenses(ctx context.Context, ledgerID int64, from, to string) ([]string, error) {
	codes, err := queryColumn[string](db.Query(ctx, `SELECT DISTINCT a.currency FROM monthly_totals t JOIN accounts a ON a.id = t.account_id
		WHERE t.ledger_id = ? AND t.kind = 'expense' AND t.month >= ? AND t.month <= ? AND t.unrated > 0 ORDER BY a.currency`, ledgerID, from, to))
	if codes == nil {
		codes = []string{}
	}
	return codes, err
}

// BudgetReport is, for each month of from..to (YYYY-MM), what was budgeted
// (the overall budget when there is one, else the top-level categories')
// against every expense of the month, in the base currency.
func (db *DB) BudgetReport(ctx context.Context, ledgerID int64, from, to string) ([]finance.BudgetPoint, []string, error) {
	tl, err := readBudgets(ctx, db, ledgerID)
	if err != nil {
		return nil, nil, err
	}
	cats, err := db.ListCategories(ctx, ledgerID)
	if err != nil {
		return nil, nil, err
	}
	spent, err := readSpending(ctx, db, ledgerID, from, to)
	if err != nil {
		return nil, nil, err
	}
	b := newBudgetBook(tl, cats, spent)
	out := []finance.BudgetPoint{}
	for m := from; m <= to; m = finance.AddMonths(m, 1) {
		p := finance.BudgetPoint{Month: m, Spent: b.spentIn(finance.OverallBudget, m)}
		if a, _ := b.own(finance.OverallBudget, m); a != nil {
			p.Budgeted = *a
		} else {
			for _, c := range cats {
				if c.Type == finance.CategoryExpense && c.ParentID == nil {
					if a, _, _ := b.amount(c.ID, m); a != nil {
						p.Budgeted += *a
					}
				}
			}
		}
		out = append(out, p)
	}
	missing, err := db.unratedExpenses(ctx, ledgerID, from, to)
	return out, missing, err
}
