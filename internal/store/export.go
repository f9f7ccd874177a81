package store

import (
	"context"
	"fmt"
)

// exportTable names a table holding a user's data and how to find the user's
// rows in it. Later tables (accounts, categories, movements) join this list.
type exportTable struct {
	name  string
	where string // SQL condition with one ? for the user id
	omit  map[string]bool
}

var exportTables = []exportTable{
	{name: "user_identities", where: "user_id = ?"},
	{name: "ledgers", where: "id IN (SELECT ledger_id FROM ledger_members WHERE user_id = ? AND role = 'owner')"},
	{name: "ledger_members", where: "user_id = ?"},
	{name: "ledger_invitations", where: inUserLedgers, omit: map[string]bool{"token_hash": true}},
	{name: "ledger_activity", where: inUserLedgers},
	{name: "sessions", where: "user_id = ?", omit: map[string]bool{"token_hash": true}},
	{name: "ledger_currencies", where: inUserLedgers},
	{name: "rates", where: inUserLedgers},
	{name: "accounts", where: inUserLedgers},
	{name: "categories", where: inUserLedgers},
	{name: "movements", where: inUserLedgers},
	{name: "movement_tags", where: inUserLedgers},
	{name: "movement_splits", where: inUserLedgers},
	{name: "reconciliations", where: inUserLedgers},
	{name: "reconcile_drafts", where: inUserLedgers},
	{name: "checkpoints", where: inUserLedgers},
	{name: "bank_connections", where: inUserLedgers, omit: map[string]bool{"secret": true, "state": true}},
	{name: "bank_accounts", where: inUserLedgers},
	{name: "bank_transactions", where: inUserLedgers},
	{name: "budgets", where: inUserLedgers},
	{name: "schedules", where: inUserLedgers},
	{name: "schedule_occurrences", where: inUserLedgers},
	{name: "rules", where: inUserLedgers},
	{name: "attachments", where: inUserLedgers, omit: map[string]bool{"file_key": true, "thumb_key": true}},
}

// inUserLedgers: the ledgers the user owns (what a member may only read or
// edit is its owners' to export).
const inUserLedgers = "ledger_id IN (SELECT ledger_id FROM ledger_members WHERE user_id = ? AND role = 'owner')"

// ExportUserData returns every row that belongs to the user, table by table,
// without secrets (password and session hashes).
func (db *DB) ExportUserData(ctx context.Context, userID int64) (map[string][]map[string]any, error) {
	out := map[string][]map[string]any{}
	for _, t := range exportTables {
		rows, err := db.dumpRows(ctx, `SELECT * FROM `+t.name+` WHERE `+t.where+` ORDER BY 1`, t.omit, userID)
		if err != nil {
			return nil, fmt.Errorf("export %s: %w", t.name, err)
		}
		out[t.name] = rows
	}
	return out, nil
}

func (db *DB) dumpRows(ctx context.Context, q string, omit map[string]bool, args ...any) ([]map[string]any, error) {
	rows, err := db.query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	out := []map[string]any{}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		m := make(map[string]any, len(cols))
		for i, c := range cols {
			if omit[c] {
				continue
			}
			if b, ok := vals[i].([]byte); ok {
				m[c] = string(b)
			} else {
				m[c] = vals[i]
			}
		}
		out = append(out, m)
	}
	return out, rows.Err()
}
