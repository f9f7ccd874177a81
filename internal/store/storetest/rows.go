package storetest

import (
	"context"
	"database/sql"
	"fmt"

	"cashcontrol/internal/store"
)

// What tests read and change in a store beside its API: raw counts of
// rows, the ledger's invariants, an invitation made old. Through the
// store's own pools (store.DB.Pools), never on the store's type.

// pool is the store's writing pool: SQLite's writer, PostgreSQL's one pool.
func pool(db *store.DB) *sql.DB {
	p := db.Pools()
	if w, ok := p["sqlite_write"]; ok {
		return w
	}
	return p["postgres"]
}

// Tables are the schema's tables (SQLite's own and the FTS5 shadow tables
// of movements_search aside).
func Tables(ctx context.Context, db *store.DB) ([]string, error) {
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\'
		AND name NOT IN ('movements_search_data', 'movements_search_idx', 'movements_search_docsize', 'movements_search_config', 'movements_search_content')`
	if db.Dialect() == store.Postgres {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
	}
	rows, err := db.Query(ctx, q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		out = append(out, name)
	}
	return out, rows.Err()
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

// CountRows counts a user's rows in a table; -1 on error.
func CountRows(ctx context.Context, db *store.DB, table string, userID int64) int64 {
	cond, ok := ownerColumn[table]
	if !ok {
		panic(fmt.Sprintf("no owner column for %s", table))
	}
	var n int64
	if err := pool(db).QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM `+table+` WHERE `+cond), userID).Scan(&n); err != nil {
		return -1
	}
	return n
}

// ledgerTables are the tables whose rows belong to a ledger.
var ledgerTables = []string{"ledger_invitations", "ledger_activity", "accounts", "categories", "movements", "movement_tags", "movement_splits",
	"monthly_totals", "imports", "budgets", "schedules", "schedule_occurrences", "category_features", "rules", "rule_runs", "attachments"}

// CountLedgerRows counts a ledger's rows in every ledger table (-1: an error).
func CountLedgerRows(ctx context.Context, db *store.DB, ledgerID int64) map[string]int64 {
	out := map[string]int64{}
	for _, t := range ledgerTables {
		var n int64
		if err := pool(db).QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM `+t+` WHERE ledger_id = ?`), ledgerID).Scan(&n); err != nil {
			n = -1
		}
		out[t] = n
	}
	return out
}

// CheckLedger is the store's CheckLedger, and CheckSearchOrphans, which a
// check of the whole instance runs once.
func CheckLedger(ctx context.Context, db *store.DB, ledgerID int64) error {
	if err := db.CheckLedger(ctx, ledgerID); err != nil {
		return err
	}
	return db.CheckSearchOrphans(ctx)
}

// ExpireInvitations makes every invitation of the ledger expired.
func ExpireInvitations(ctx context.Context, db *store.DB, ledgerID int64) error {
	_, err := pool(db).ExecContext(ctx, db.Rebind(`UPDATE ledger_invitations SET expires_at = 1 WHERE ledger_id = ?`), ledgerID)
	return err
}
