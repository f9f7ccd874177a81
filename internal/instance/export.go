package instance

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
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

// ExportSink receives a user's export as it is read: each table in name
// order, then that table's rows in id order. A sink writes them out (to the
// response) as they come: nothing holds the whole export.
type ExportSink interface {
	Table(name string) error
	Row(row map[string]any) error
}

// exportTablesByName is exportTables in name order: the order the export
// document has always listed them in (a JSON object's keys, sorted).
var exportTablesByName = func() []exportTable {
	ts := slices.Clone(exportTables)
	slices.SortFunc(ts, func(a, b exportTable) int { return strings.Compare(a.name, b.name) })
	return ts
}()

// ExportUserData sends every row that belongs to the user to sink, table by
// table, without secrets (password and session hashes), from one consistent
// snapshot: a write that runs meanwhile is in it whole or not at all. A
// sink's error stops the export.
func (st *Store) ExportUserData(ctx context.Context, userID int64, sink ExportSink) error {
	tx, err := st.db.BeginSnapshot(ctx)
	if err != nil {
		return fmt.Errorf("export: begin: %w", err)
	}
	defer tx.Rollback()
	for _, t := range exportTablesByName {
		if err := sink.Table(t.name); err != nil {
			return err
		}
		if err := st.dumpRows(ctx, tx, `SELECT * FROM `+t.name+` WHERE `+t.where+` ORDER BY 1`, t.omit, sink.Row, userID); err != nil {
			return fmt.Errorf("export %s: %w", t.name, err)
		}
	}
	return nil
}

// dumpRows sends each row of q to row as a map of its columns (less omit's),
// text for bytes. One map a row, handed on at once.
func (st *Store) dumpRows(ctx context.Context, tx *sql.Tx, q string, omit map[string]bool, row func(map[string]any) error, args ...any) error {
	rows, err := tx.QueryContext(ctx, st.db.Rebind(q), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
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
		if err := row(m); err != nil {
			return err
		}
	}
	return rows.Err()
}
