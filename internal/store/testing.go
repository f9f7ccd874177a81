package store

import (
	"context"
	"fmt"
)

// SQLitePragmas reports the connection settings that matter, for the tests;
// empty on PostgreSQL.
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

// CheckLedgerForTest is CheckLedger under the name the tests have always used.
func (db *DB) CheckLedgerForTest(ctx context.Context, ledgerID int64) error {
	return db.CheckLedger(ctx, ledgerID)
}

// ColumnsForTest lists every table of the schema (goose's bookkeeping table
// aside) with its columns and their declared types, as the database reports
// them: PRAGMA table_info on SQLite, information_schema on PostgreSQL.
func (db *DB) ColumnsForTest(ctx context.Context) (map[string]map[string]string, error) {
	q := `SELECT m.name, p.name, p.type FROM sqlite_master m JOIN pragma_table_info(m.name) p
		WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> 'goose_db_version'`
	if db.dialect == Postgres {
		q = `SELECT table_name, column_name, data_type FROM information_schema.columns
			WHERE table_schema = current_schema() AND table_name <> 'goose_db_version'`
	}
	rows, err := db.query(ctx, q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]map[string]string{}
	for rows.Next() {
		var table, column, typ string
		if err := rows.Scan(&table, &column, &typ); err != nil {
			return nil, err
		}
		if out[table] == nil {
			out[table] = map[string]string{}
		}
		out[table][column] = typ
	}
	return out, rows.Err()
}
