package store

import (
	"context"
	"database/sql"
	"errors"
	"slices"

	"cashcontrol/internal/finance"
)

// touch records that an account's balance changed in this transaction in a
// way that addBalance did not check (a new opening balance, a rebuild).
func (t *Tx) touch(accountID int64) {
	if t.touched == nil {
		t.touched = map[int64]bool{}
	}
	t.touched[accountID] = true
}

func turnoverError() error {
	return finance.LimitError("", "the ledger's amounts would add up past 10^18 minor units; nothing was written")
}

// checkLimits runs at the end of every ledger write: it moves the ledger's
// turnover by what the write added and refuses the write when the turnover
// or the balance of an account it changed passes its bound.
func (t *Tx) checkLimits(ctx context.Context) error {
	if t.turnover > finance.MaxTurnover {
		return turnoverError()
	}
	if t.turnover != 0 {
		var turnover int64
		if err := t.queryRow(ctx, `UPDATE ledgers SET turnover = turnover + ? WHERE id = ? RETURNING turnover`, t.turnover, t.ledgerID).
			Scan(&turnover); err != nil {
			return err
		}
		if turnover > finance.MaxTurnover {
			return turnoverError()
		}
	}
	if len(t.touched) == 0 {
		return nil
	}
	ids := make([]int64, 0, len(t.touched))
	for id := range t.touched {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	in, args := inList(ids)
	var id int64
	err := t.queryRow(ctx, `SELECT id FROM accounts WHERE ledger_id = ? AND id IN (`+in+`) AND (balance > ? OR balance < ?) LIMIT 1`,
		append(append([]any{t.ledgerID}, args...), finance.MaxBalance, -finance.MaxBalance)...).Scan(&id)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return err
	}
	return balanceError()
}

func balanceError() error {
	return finance.LimitError("", "this would take the balance of an account past ±10^15 minor units; nothing was written")
}
