package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"cashcontrol/internal/finance"
)

// RowError names a draft of a bulk create that failed its checks.
type RowError struct {
	Index int                  `json:"index"`
	Err   *finance.Error       `json:"-"`
	Field []finance.FieldError `json:"errors"`
}

// BulkError is returned when any draft of a bulk create is invalid: nothing
// was written, and every bad draft is listed.
type BulkError struct{ Rows []RowError }

func (e *BulkError) Error() string { return fmt.Sprintf("invalid: %d rows are invalid", len(e.Rows)) }

// Unwrap exposes the domain code.
func (e *BulkError) Unwrap() error {
	return finance.Errorf(finance.ECodeInvalid, "%d rows are invalid; nothing was written", len(e.Rows))
}

// CreateMovements stores many movements in one transaction — all or nothing —
// and applies their effects aggregated (one balance update per account, one
// rollup upsert per account, category, month and kind). It returns the new ids.
func (db *DB) CreateMovements(ctx context.Context, ledgerID int64, drafts []finance.MovementDraft) ([]int64, error) {
	var ids []int64
	err := db.write(ctx, func(tx *Tx) error {
		var err error
		ids, err = insertMovementsTx(ctx, tx, ledgerID, drafts)
		return err
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}

func createMovementsTx(ctx context.Context, tx *Tx, ledgerID int64, drafts []finance.MovementDraft) (int, error) {
	ids, err := insertMovementsTx(ctx, tx, ledgerID, drafts)
	return len(ids), err
}

func insertMovementsTx(ctx context.Context, tx *Tx, ledgerID int64, drafts []finance.MovementDraft) ([]int64, error) {
	db := tx.db
	r, err := loadRefs(ctx, tx.tx, db, ledgerID)
	if err != nil {
		return nil, err
	}
	var bad []RowError
	for i := range drafts {
		if err := r.check(&drafts[i], nil); err != nil {
			fe, _ := err.(*finance.Error)
			row := RowError{Index: i, Err: fe}
			if fe != nil {
				row.Field = fe.Fields
			}
			bad = append(bad, row)
		}
	}
	if len(bad) > 0 {
		return nil, &BulkError{Rows: bad}
	}
	insertSQL := `INSERT INTO movements (ledger_id, type, date, amount, account_id, category_id,
		to_account_id, to_amount, description, notes, tags, fitid, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	if db.dialect == Postgres {
		insertSQL += ` RETURNING id`
	}
	ins, err := tx.tx.PrepareContext(ctx, db.rebind(insertSQL))
	if err != nil {
		return nil, err
	}
	defer ins.Close()
	tagIns, err := tx.tx.PrepareContext(ctx, db.rebind(`INSERT INTO movement_tags (movement_id, ledger_id, tag) VALUES (?, ?, ?)`))
	if err != nil {
		return nil, err
	}
	defer tagIns.Close()
	agg := newAggregate()
	now := db.nowMillis()
	ids := make([]int64, 0, len(drafts))
	// A cancellable context costs the SQLite driver a goroutine per statement
	// (a third of a 100,000-row import); the rows go in with one that is not,
	// and the loop itself watches for cancellation.
	reqCtx := ctx
	ctx = context.WithoutCancel(ctx)
	for i, d := range drafts {
		if i%4096 == 4095 && reqCtx.Err() != nil {
			return nil, reqCtx.Err()
		}
		var toAmount any
		if d.Type == finance.MovementTransfer {
			toAmount = d.ToAmount
		}
		id, err := insertPrepared(ctx, db.dialect, ins, ledgerID, d.Type, d.Date, d.Amount, d.AccountID, nullID(d.CategoryID),
			nullID(d.ToAccountID), toAmount, d.Description, d.Notes, strings.Join(d.Tags, ","), d.FITID, now, now)
		if err != nil {
			return nil, fmt.Errorf("insert movement: %w", err)
		}
		for _, t := range d.Tags {
			if _, err := tagIns.ExecContext(ctx, id, ledgerID, t); err != nil {
				return nil, err
			}
		}
		ids = append(ids, id)
		agg.add(effectOf(d))
	}
	return ids, agg.apply(ctx, tx, ledgerID)
}

type totalKey struct {
	account, category int64
	month, kind       string
}

type totalVal struct{ total, count int64 }

// aggregate sums many movements' effects before writing them.
type aggregate struct {
	balances map[int64]int64
	totals   map[totalKey]totalVal
}

func newAggregate() *aggregate {
	return &aggregate{balances: map[int64]int64{}, totals: map[totalKey]totalVal{}}
}

func (a *aggregate) addTotal(k totalKey, amount int64) {
	v := a.totals[k]
	v.total += amount
	v.count++
	a.totals[k] = v
}

func (a *aggregate) add(e effect) {
	month := e.Date[:7]
	switch e.Type {
	case finance.MovementExpense:
		a.balances[e.AccountID] -= e.Amount
		a.addTotal(totalKey{e.AccountID, e.CategoryID, month, e.Type}, e.Amount)
	case finance.MovementEarning:
		a.balances[e.AccountID] += e.Amount
		a.addTotal(totalKey{e.AccountID, e.CategoryID, month, e.Type}, e.Amount)
	case finance.MovementTransfer:
		a.balances[e.AccountID] -= e.Amount
		a.balances[e.ToAccountID] += e.ToAmount
		a.addTotal(totalKey{e.AccountID, 0, month, "transfer_out"}, e.Amount)
		a.addTotal(totalKey{e.ToAccountID, 0, month, "transfer_in"}, e.ToAmount)
	}
}

func (a *aggregate) apply(ctx context.Context, tx *Tx, ledgerID int64) error {
	for acc, delta := range a.balances {
		if err := addBalance(ctx, tx, ledgerID, acc, delta); err != nil {
			return err
		}
	}
	for k, v := range a.totals {
		if err := addTotal(ctx, tx, ledgerID, k.account, k.category, k.month, k.kind, v.total, v.count); err != nil {
			return err
		}
	}
	return nil
}

// insertPrepared runs a prepared INSERT and returns the new id: SQLite's
// last insert id is cheaper than RETURNING row by row; PostgreSQL returns it.
func insertPrepared(ctx context.Context, d Dialect, st *sql.Stmt, args ...any) (int64, error) {
	if d == Postgres {
		var id int64
		err := st.QueryRowContext(ctx, args...).Scan(&id)
		return id, err
	}
	res, err := st.ExecContext(ctx, args...)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}
