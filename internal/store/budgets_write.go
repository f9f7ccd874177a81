package store

import (
	"context"
	"fmt"

	"cashcontrol/internal/finance"
)

// SetBudgets applies in's changes from month on (BudgetScopeOnward: later
// changes of those categories go) or to month only (BudgetScopeMonth: the
// month after keeps what it had), all or none.
func (db *DB) SetBudgets(ctx context.Context, ledgerID int64, month string, in finance.BudgetInput) error {
	if err := in.Validate(); err != nil {
		return err
	}
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error { return tx.setBudgets(ctx, month, in) })
}

func (t *Tx) setBudgets(ctx context.Context, month string, in finance.BudgetInput) error {
	cats, err := categoryTypes(ctx, t, t.ledgerID)
	if err != nil {
		return err
	}
	var v finance.Validation
	for i, c := range in.Items {
		if c.CategoryID == finance.OverallBudget {
			continue
		}
		switch typ, ok := cats[c.CategoryID]; {
		case !ok:
			v.Add(fmt.Sprintf("items[%d].categoryId", i), finance.FCodeUnknown)
		case typ != finance.CategoryExpense:
			v.Add(fmt.Sprintf("items[%d].categoryId", i), finance.FCodeMismatch)
		}
	}
	if err := v.Err(); err != nil {
		return err
	}
	tl, err := readBudgets(ctx, t, t.ledgerID)
	if err != nil {
		return err
	}
	next := finance.AddMonths(month, 1)
	for _, c := range in.Items {
		before := tl.at(c.CategoryID, month)
		roll := before != nil && before.rollover
		if c.Rollover != nil {
			roll = *c.Rollover
		}
		if err := t.putBudget(ctx, c.CategoryID, month, c.Amount, roll); err != nil {
			return err
		}
		switch in.Scope {
		case finance.BudgetScopeOnward:
			if _, err := t.Exec(ctx, `DELETE FROM budgets WHERE ledger_id = ? AND category_id = ? AND month > ?`, t.ledgerID, c.CategoryID, month); err != nil {
				return err
			}
		case finance.BudgetScopeMonth:
			if r := tl.at(c.CategoryID, next); r != nil && r.month == next {
				continue // the next month has its own budget already
			}
			var amount *int64
			roll := false
			if before != nil {
				amount, roll = before.amount, before.rollover
			}
			if err := t.putBudget(ctx, c.CategoryID, next, amount, roll); err != nil {
				return err
			}
		}
	}
	return nil
}

func (t *Tx) putBudget(ctx context.Context, category int64, month string, amount *int64, rollover bool) error {
	_, err := t.Exec(ctx, `INSERT INTO budgets (ledger_id, category_id, month, amount, rollover) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (ledger_id, category_id, month) DO UPDATE SET amount = excluded.amount, rollover = excluded.rollover`,
		t.ledgerID, category, month, nullArg(amount), rollover)
	return err
}

// categoryTypes maps each of the ledger's categories to its type.
func categoryTypes(ctx context.Context, q RowsQuerier, ledgerID int64) (map[int64]string, error) {
	return queryPairs[string](q.Query(ctx, `SELECT id, type FROM categories WHERE ledger_id = ?`, ledgerID))
}

// CopyBudgets makes month's budgets those of the month before (for month
// only: the months after keep theirs).
func (db *DB) CopyBudgets(ctx context.Context, ledgerID int64, month string) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		tl, err := readBudgets(ctx, tx, ledgerID)
		if err != nil {
			return err
		}
		prev := finance.AddMonths(month, -1)
		in := finance.BudgetInput{Scope: finance.BudgetScopeMonth}
		for cat := range tl {
			was, now := tl.at(cat, prev), tl.at(cat, month)
			var amount, current *int64
			roll := false
			if was != nil {
				amount, roll = was.amount, was.rollover
			}
			if now != nil {
				current = now.amount
			}
			if samePtr(amount, current) && (now == nil || now.rollover == roll) {
				continue
			}
			in.Items = append(in.Items, finance.BudgetChange{CategoryID: cat, Amount: amount, Rollover: &roll})
		}
		if len(in.Items) == 0 {
			return nil
		}
		return tx.setBudgets(ctx, month, in)
	})
}

// FillBudgets sets, from month on (or for month only), each expense
// category's budget to its average monthly spending over the months before
// (3, 6 or 12), subcategories included; categories that spent nothing keep
// theirs.
func (db *DB) FillBudgets(ctx context.Context, ledgerID int64, month string, months int, scope string) error {
	if months != 3 && months != 6 && months != 12 {
		return finance.FieldErr("months", finance.FCodeOutOfRange, "months must be 3, 6 or 12")
	}
	in := finance.BudgetInput{Scope: scope}
	if in.Scope == "" {
		in.Scope = finance.BudgetScopeOnward
	}
	if in.Scope != finance.BudgetScopeMonth && in.Scope != finance.BudgetScopeOnward {
		return finance.FieldErr("scope", finance.FCodeUnknown, "scope must be month or onward")
	}
	// What the averages are made of is read inside the write, after the
	// ledger's lock: a movement written meanwhile is counted or not, never half.
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		cats, err := listCategories(ctx, tx, ledgerID)
		if err != nil {
			return err
		}
		from, to := finance.AddMonths(month, -months), finance.AddMonths(month, -1)
		spent, err := readSpending(ctx, tx, ledgerID, from, to)
		if err != nil {
			return err
		}
		b := newBudgetBook(budgetTimeline{}, cats, spent)
		for _, c := range cats {
			if c.Type != finance.CategoryExpense || c.Archived {
				continue
			}
			var sum int64
			for m := from; m <= to; m = finance.AddMonths(m, 1) {
				sum += b.spentIn(c.ID, m)
			}
			if avg := (sum + int64(months)/2) / int64(months); avg > 0 {
				in.Items = append(in.Items, finance.BudgetChange{CategoryID: c.ID, Amount: &avg})
			}
		}
		if len(in.Items) == 0 {
			return nil
		}
		return tx.setBudgets(ctx, month, in)
	})
}
