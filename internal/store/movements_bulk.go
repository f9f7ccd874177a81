package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"cashcontrol/internal/finance"
)

// CreateMovements stores many movements in one transaction — all or nothing —
// and applies their effects aggregated (one balance update per account, one
// rollup upsert per account, category, month and kind). It returns the new ids.
func (db *DB) CreateMovements(ctx context.Context, ledgerID int64, drafts []finance.MovementDraft) ([]int64, error) {
	ids, _, err := db.CreateMovementsOnce(ctx, ledgerID, drafts, nil)
	return ids, err
}

// CreateMovementsOnce is CreateMovements under an idempotency key (nil: none).
// A repeated key answers the ids the first request created, and true.
func (db *DB) CreateMovementsOnce(ctx context.Context, ledgerID int64, drafts []finance.MovementDraft, idem *Idempotency) ([]int64, bool, error) {
	var ids []int64
	var replayed bool
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		var err error
		replayed, err = once(ctx, tx, idem, &ids, func() ([]int64, error) {
			ids, err := insertMovementsTx(ctx, tx, ledgerID, drafts)
			if err != nil {
				return nil, err
			}
			return ids, tx.logActivity(ctx, finance.ActCreated, finance.SubjectMovement, 0, int64(len(ids)), finance.ActivityDetails{})
		})
		return err
	})
	if err != nil {
		return nil, false, err
	}
	return ids, replayed, nil
}

// bulkLoadRows movements or more make a bulk create a bulkLoad.
const bulkLoadRows = 1000

// insertMovementsTx writes the drafts through a movementWriter, as an import
// does: checked as a create is, effects summed, rows in batches (prepared
// multi-row INSERTs on SQLite with the search index and search_totals written
// a batch at a time, not by the insert triggers a row at a time; COPY on
// PostgreSQL, without the triggers where the database lets it). Nothing is
// written when a draft is bad: a finance.BulkError lists them (up to
// maxStreamErrors). The ids come in the drafts' order. A 300,000-movement
// demo ledger on SQLite: 6.1–6.6 s with the triggers a row at a time, 4.8–5.2
// s so (three runs each, taking turns).
func insertMovementsTx(ctx context.Context, tx *Tx, ledgerID int64, drafts []finance.MovementDraft) ([]int64, error) {
	if len(drafts) == 0 {
		return []int64{}, nil
	}
	ptrs := make([]*finance.MovementDraft, len(drafts))
	for i := range drafts {
		ptrs[i] = &drafts[i]
	}
	// Thousands of movements are written as an import's: a bounded page
	// cache, and the log they grew checkpointed after the commit, in the
	// background (bulkLoad).
	if len(drafts) >= bulkLoadRows {
		if err := tx.bulkLoad(ctx); err != nil {
			return nil, err
		}
	}
	r, err := loadRefs(ctx, tx, ledgerID, ptrs...)
	if err != nil {
		return nil, err
	}
	w := newMovementWriter(ctx, tx, ledgerID, r)
	w.keepIDs = true
	w.bulk() // the ledger is held (writeLedger) and its accounts and categories were read after the lock
	for i := range drafts {
		w.add(&drafts[i])
	}
	if _, err := w.close(); err != nil {
		return nil, err
	}
	if len(w.ids) != len(drafts) {
		return nil, fmt.Errorf("wrote %d movements of %d", len(w.ids), len(drafts))
	}
	// A transfer between currencies gives its day's rate.
	for i := range drafts {
		d := &drafts[i]
		if err := tx.learnFrom(ctx, w.ids[i], d, r.accounts[d.AccountID].currency, r.accounts[d.ToAccountID].currency); err != nil {
			return nil, err
		}
	}
	return w.ids, nil
}

const movementInsertColumns = `ledger_id, type, date, amount, account_id, category_id,
	to_account_id, to_amount, description, notes, tags, fitid, created_at, updated_at, base_amount, to_base_amount, base_later, splits,
	created_by, updated_by, state, search_words`

// movementInsertWidth is how many columns movementInsertColumns lists.
const movementInsertWidth = 22

// movementPlaceholders is one row's "?, ?, …" for movementInsertColumns.
var movementPlaceholders = strings.TrimSuffix(strings.Repeat("?, ", movementInsertWidth), ", ")

// movementArgs are a draft's values in movementInsertColumns order.
func movementArgs(ledgerID int64, d *finance.MovementDraft, st stamp) []any {
	var toAmount any
	if d.Type == finance.MovementTransfer {
		toAmount = d.ToAmount
	}
	return []any{ledgerID, d.Type, d.Date, d.Amount, d.AccountID, nullID(d.CategoryID),
		nullID(d.ToAccountID), toAmount, d.Description, d.Notes, strings.Join(d.Tags, ","), d.FITID, st.at, st.at,
		nullArg(d.Base), nullArg(d.ToBase), d.BaseLater, len(d.Splits), nullID(st.by), nullID(st.by),
		stateOf(d), SearchText(d.Description, d.Notes)}
}

// stateOf is the draft's state as stored: uncleared when it names none.
func stateOf(d *finance.MovementDraft) string {
	if d.State == "" {
		return finance.StateUncleared
	}
	return d.State
}

// reconciledError refuses a change of a reconciled movement that was not confirmed.
func reconciledError() error {
	return finance.Errorf(finance.ECodeReconciled, "the movement is reconciled: confirm the change (?confirm=true)")
}

// sqliteBatchRows movements go in one multi-row INSERT on SQLite (22
// parameters each, far below SQLite's 32,766).
const sqliteBatchRows = 256

// reserveIDs takes n values of table's id sequence (PostgreSQL), in order.
func reserveIDs(ctx context.Context, tx *sql.Tx, table string, n int) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, `SELECT nextval(pg_get_serial_sequence($1, 'id')) FROM generate_series(1, $2)`, table, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	ids := make([]int64, 0, n)
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(ids) != n {
		return nil, fmt.Errorf("reserved %d ids of %d", len(ids), n)
	}
	slices.Sort(ids)
	return ids, nil
}
