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
	err := db.writeLedger(ctx, ledgerID, func(tx *Tx) error {
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

func insertMovementsTx(ctx context.Context, tx *Tx, ledgerID int64, drafts []finance.MovementDraft) ([]int64, error) {
	db := tx.db
	if len(drafts) == 0 {
		return []int64{}, nil
	}
	ptrs := make([]*finance.MovementDraft, len(drafts))
	for i := range drafts {
		ptrs[i] = &drafts[i]
	}
	r, err := loadRefs(ctx, tx, ledgerID, ptrs...)
	if err != nil {
		return nil, err
	}
	var bad []finance.RowError
	for i := range drafts {
		if err := r.check(&drafts[i], nil); err != nil {
			fe, _ := err.(*finance.Error)
			row := finance.RowError{Index: i, Err: fe}
			if fe != nil {
				row.Field = fe.Fields
			}
			bad = append(bad, row)
		}
	}
	if len(bad) > 0 {
		return nil, &finance.BulkError{Rows: bad}
	}
	for i := range drafts {
		if err := tx.fillBase(ctx, r, &drafts[i]); err != nil {
			return nil, err
		}
	}
	st := tx.stamp()
	var ids []int64
	if db.dialect == Postgres {
		ids, err = insertMovementsPostgres(ctx, tx.tx, ledgerID, drafts, st)
	} else {
		ids, err = insertMovementsSQLite(ctx, tx, ledgerID, drafts, st)
	}
	if err != nil {
		return nil, err
	}
	if err := insertSplitsOf(ctx, tx, ledgerID, ids, drafts); err != nil {
		return nil, err
	}
	agg := newAggregate()
	for i := range drafts {
		agg.add(&drafts[i])
	}
	if err := agg.apply(ctx, tx, ledgerID); err != nil {
		return nil, err
	}
	for i := range drafts {
		d := &drafts[i]
		if err := tx.learnFrom(ctx, ids[i], d, r.accounts[d.AccountID].currency, r.accounts[d.ToAccountID].currency); err != nil {
			return nil, err
		}
	}
	return ids, nil
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
		stateOf(d), searchText(d.Description, d.Notes)}
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

// insertMovementsSQLite inserts the drafts with a sqliteInserter.
func insertMovementsSQLite(ctx context.Context, tx *Tx, ledgerID int64, drafts []finance.MovementDraft, st stamp) ([]int64, error) {
	s, err := prepareSQLiteInserter(ctx, tx)
	if err != nil {
		return nil, err
	}
	defer s.close()
	return s.insert(ctx, ledgerID, drafts, st, make([]int64, 0, len(drafts)))
}

// pgBatchRows movements go in one multi-row INSERT (20 parameters each, far
// below PostgreSQL's 65,535).
const pgBatchRows = 1000

// insertMovementsPostgres reserves the ids from the table's sequence in one
// query, then inserts a thousand rows per statement: a round trip per row
// would make a 100,000-row import wait on the network 100,000 times.
func insertMovementsPostgres(ctx context.Context, tx *sql.Tx, ledgerID int64, drafts []finance.MovementDraft, st stamp) ([]int64, error) {
	ids, err := reserveIDs(ctx, tx, "movements", len(drafts))
	if err != nil {
		return nil, err
	}
	var q strings.Builder
	args := make([]any, 0, pgBatchRows*(movementInsertWidth+1))
	for lo := 0; lo < len(drafts); lo += pgBatchRows {
		hi := min(lo+pgBatchRows, len(drafts))
		q.Reset()
		args = args[:0]
		q.WriteString(`INSERT INTO movements (id, ` + movementInsertColumns + `) VALUES `)
		for i := lo; i < hi; i++ {
			if i > lo {
				q.WriteByte(',')
			}
			q.WriteByte('(')
			for c := 0; c < movementInsertWidth+1; c++ {
				if c > 0 {
					q.WriteByte(',')
				}
				fmt.Fprintf(&q, "$%d", len(args)+c+1)
			}
			q.WriteByte(')')
			args = append(args, ids[i])
			args = append(args, movementArgs(ledgerID, &drafts[i], st)...)
		}
		if _, err := tx.ExecContext(ctx, q.String(), args...); err != nil {
			return nil, fmt.Errorf("insert movements: %w", err)
		}
	}
	// Tags, also a thousand per statement.
	var tagArgs []any
	flush := func() error {
		if len(tagArgs) == 0 {
			return nil
		}
		q.Reset()
		q.WriteString(`INSERT INTO movement_tags (movement_id, ledger_id, tag) VALUES `)
		for i := 0; i < len(tagArgs); i += 3 {
			if i > 0 {
				q.WriteByte(',')
			}
			fmt.Fprintf(&q, "($%d,$%d,$%d)", i+1, i+2, i+3)
		}
		_, err := tx.ExecContext(ctx, q.String(), tagArgs...)
		tagArgs = tagArgs[:0]
		return err
	}
	for i := range drafts {
		for _, t := range drafts[i].Tags {
			tagArgs = append(tagArgs, ids[i], ledgerID, t)
			if len(tagArgs) == pgBatchRows*3 {
				if err := flush(); err != nil {
					return nil, err
				}
			}
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return ids, nil
}

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
