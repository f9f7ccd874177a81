package store

import (
	"context"
	"fmt"
)

// SQLitePragmas reports the connection settings that matter (tests and the
// version command); empty on PostgreSQL.
func (db *DB) SQLitePragmas(ctx context.Context) map[string]string {
	out := map[string]string{}
	if db.dialect != SQLite {
		return out
	}
	for _, p := range []string{"journal_mode", "foreign_keys", "cache_size", "busy_timeout", "synchronous"} {
		var v string
		if err := db.w.QueryRowContext(ctx, "PRAGMA "+p).Scan(&v); err == nil {
			out[p] = v
		}
	}
	return out
}

// ownerColumn says how each table's rows are tied to a user, for tests that
// prove a deleted user leaves nothing behind.
var ownerColumn = map[string]string{
	"users":           "id = ?",
	"ledgers":         "owner_id = ?",
	"ledger_members":  "user_id = ?",
	"sessions":        "user_id = ?",
	"user_identities": "user_id = ?",
}

// CountRowsForTest counts a user's rows in a table; -1 on error.
func (db *DB) CountRowsForTest(ctx context.Context, table string, userID int64) int64 {
	cond, ok := ownerColumn[table]
	if !ok {
		panic(fmt.Sprintf("no owner column for %s", table))
	}
	var n int64
	if err := db.queryRow(ctx, `SELECT COUNT(*) FROM `+table+` WHERE `+cond, userID).Scan(&n); err != nil {
		return -1
	}
	return n
}

// ledgerTables are the tables whose rows belong to a ledger.
var ledgerTables = []string{"accounts", "categories", "movements", "movement_tags", "monthly_totals", "imports"}

// CountLedgerRowsForTest counts a ledger's rows in every ledger table.
func (db *DB) CountLedgerRowsForTest(ctx context.Context, ledgerID int64) map[string]int64 {
	out := map[string]int64{}
	for _, t := range ledgerTables {
		var n int64
		if err := db.queryRow(ctx, `SELECT COUNT(*) FROM `+t+` WHERE ledger_id = ?`, ledgerID).Scan(&n); err != nil {
			n = -1
		}
		out[t] = n
	}
	return out
}

// CheckLedgerForTest recomputes, straight from the movements, every account
// balance and every monthly total of a ledger and reports any difference from
// what the store keeps. Tests call it after writes; it is also the definition
// of what the derived data must be.
func (db *DB) CheckLedgerForTest(ctx context.Context, ledgerID int64) error {
	rows, err := db.query(ctx, `SELECT a.id, a.balance, a.opening_balance
		+ COALESCE((SELECT SUM(CASE m.type WHEN 'earning' THEN m.amount ELSE -m.amount END) FROM movements m WHERE m.account_id = a.id), 0)
		+ COALESCE((SELECT SUM(m.to_amount) FROM movements m WHERE m.to_account_id = a.id AND m.type = 'transfer'), 0)
		FROM accounts a WHERE a.ledger_id = ?`, ledgerID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, kept, truth int64
		if err := rows.Scan(&id, &kept, &truth); err != nil {
			return err
		}
		if kept != truth {
			return fmt.Errorf("account %d: balance %d, movements say %d", id, kept, truth)
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
			return fmt.Errorf("monthly total %+v: kept %d/%d, movements say %d/%d", k, total, count, w[0], w[1])
		}
		seen++
	}
	if seen != len(want) {
		return fmt.Errorf("monthly totals: %d rows kept, movements give %d", seen, len(want))
	}
	return trows.Err()
}
