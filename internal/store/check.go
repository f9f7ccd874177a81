package store

import (
	"context"
	"errors"
	"fmt"
)

// LedgerIDs lists the id of every ledger, in order.
func (db *DB) LedgerIDs(ctx context.Context) ([]int64, error) {
	return queryIDs(db.query(ctx, `SELECT id FROM ledgers ORDER BY id`))
}

// CheckLedger recomputes, straight from the movements, every account balance
// and every monthly total of a ledger, and its turnover, and reports any difference from what the
// store keeps. Tests call it after writes, `cashcontrol check` after a soak; it
// is also the definition of what the derived data must be.
func (db *DB) CheckLedger(ctx context.Context, ledgerID int64) error {
	rows, err := db.query(ctx, `SELECT a.id, a.balance, a.opening_balance
		+ COALESCE((SELECT SUM(CASE m.type WHEN 'earning' THEN m.amount ELSE -m.amount END) FROM movements m WHERE m.account_id = a.id), 0)
		+ COALESCE((SELECT SUM(m.to_amount) FROM movements m WHERE m.to_account_id = a.id AND m.type = 'transfer'), 0)
		FROM accounts a WHERE a.ledger_id = ?`, ledgerID)
	if err != nil {
		return err
	}
	defer rows.Close()
	var wrong []error
	for rows.Next() {
		var id, kept, truth int64
		if err := rows.Scan(&id, &kept, &truth); err != nil {
			return err
		}
		if kept != truth {
			wrong = append(wrong, fmt.Errorf("account %d: balance %d, movements say %d", id, kept, truth))
		}
	}
	rows.Close()
	type key struct {
		acc, cat    int64
		month, kind string
	}
	want := map[key][2]int64{}
	mrows, err := db.query(ctx, `SELECT type, date, amount, account_id, COALESCE(category_id, 0), COALESCE(to_account_id, 0), COALESCE(to_amount, 0)
		FROM movements WHERE ledger_id = ?`, ledgerID)
	if err != nil {
		return err
	}
	for mrows.Next() {
		var typ, date string
		var amount, acc, cat, to, toAmount int64
		if err := mrows.Scan(&typ, &date, &amount, &acc, &cat, &to, &toAmount); err != nil {
			mrows.Close()
			return err
		}
		add := func(k key, v int64) { w := want[k]; want[k] = [2]int64{w[0] + v, w[1] + 1} }
		if typ == "transfer" {
			add(key{acc, 0, date[:7], "transfer_out"}, amount)
			add(key{to, 0, date[:7], "transfer_in"}, toAmount)
		} else {
			add(key{acc, cat, date[:7], typ}, amount)
		}
	}
	mrows.Close()
	trows, err := db.query(ctx, `SELECT account_id, category_id, month, kind, total, count FROM monthly_totals WHERE ledger_id = ?`, ledgerID)
	if err != nil {
		return err
	}
	defer trows.Close()
	seen := 0
	for trows.Next() {
		var k key
		var total, count int64
		if err := trows.Scan(&k.acc, &k.cat, &k.month, &k.kind, &total, &count); err != nil {
			return err
		}
		if total == 0 && count == 0 {
			continue // a row emptied by deletes
		}
		if w := want[k]; w[0] != total || w[1] != count {
			wrong = append(wrong, fmt.Errorf("monthly total %+v: kept %d/%d, movements say %d/%d", k, total, count, w[0], w[1]))
		}
		if _, ok := want[k]; ok {
			seen++
		}
	}
	if err := trows.Err(); err != nil {
		return err
	}
	if seen != len(want) {
		wrong = append(wrong, fmt.Errorf("monthly totals: %d of the %d rows the movements give are kept", seen, len(want)))
	}
	trows.Close()
	// The turnover that bounds every sum: absolute opening balances plus every
	// movement's amounts.
	var kept, truth int64
	if err := db.queryRow(ctx, `SELECT turnover,
		COALESCE((SELECT SUM(ABS(opening_balance)) FROM accounts WHERE ledger_id = ledgers.id), 0)
		+ COALESCE((SELECT SUM(amount + COALESCE(to_amount, 0)) FROM movements WHERE ledger_id = ledgers.id), 0)
		FROM ledgers WHERE id = ?`, ledgerID).Scan(&kept, &truth); err != nil {
		return err
	}
	if kept != truth {
		wrong = append(wrong, fmt.Errorf("turnover %d, accounts and movements say %d", kept, truth))
	}
	return errors.Join(wrong...)
}
