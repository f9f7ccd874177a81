package store

import (
	"context"
	"database/sql"

	"cashcontrol/internal/finance"
)

// balanceSQL is an account's balance on a date (?: the account, the date,
// the account, the date): its opening balance plus its movements up to and
// including that date whose state passes the condition on m.state that
// follows each of the two sums (money out and in; a transfer counts on
// both of its accounts).
func balanceSQL(states string) string {
	return `SELECT a.opening_balance
		+ COALESCE((SELECT SUM(CASE WHEN m.type = 'earning' THEN m.amount ELSE -m.amount END) FROM movements m
			WHERE m.account_id = a.id AND m.date <= ?` + states + `), 0)
		+ COALESCE((SELECT SUM(m.to_amount) FROM movements m
			WHERE m.to_account_id = a.id AND m.date <= ?` + states + `), 0)
		FROM accounts a WHERE a.ledger_id = ? AND a.id = ?`
}

// The states a balance counts.
const (
	clearedStates    = ` AND m.state <> 'uncleared'`
	reconciledStates = ` AND m.state = 'reconciled'`
	allStates        = ``
)

// balanceOn is the account's balance on date counting the movements of
// states (clearedStates, reconciledStates or allStates); not_found when the
// account is not the ledger's.
func balanceOn(ctx context.Context, q Querier, ledgerID, accountID int64, date, states string) (int64, error) {
	var b int64
	if err := q.QueryRow(ctx, balanceSQL(states), date, date, ledgerID, accountID).Scan(&b); err != nil {
		return 0, NotFound(err, "account")
	}
	return b, nil
}

// Reconcile reconciles an account against a statement, under the ledger's
// lock and an idempotency key (nil: none; a repeated key answers the first
// result, and true). When the cleared balance on the statement's date equals
// its balance, the cleared movements up to that date become reconciled in
// one statement and the reconciliation is stored; when it does not, the
// answer is reconcile_difference with the difference and nothing changes,
// unless in.Adjust: then an adjustment movement of the difference (reconciled)
// makes them equal. language names the adjustment's category. A second
// reconciliation of the same statement finds nothing left to reconcile and
// no difference: it adjusts nothing again.
func (db *DB) Reconcile(ctx context.Context, ledgerID, accountID int64, in finance.ReconcileInput, language string, idem *Idempotency) (*finance.ReconcileResult, bool, error) {
	if err := in.Validate(); err != nil {
		return nil, false, err
	}
	var res finance.ReconcileResult
	var replayed bool
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		var err error
		replayed, err = once(ctx, tx, idem, &res, func() (finance.ReconcileResult, error) {
			return tx.reconcile(ctx, accountID, in, language)
		})
		return err
	})
	if err != nil {
		return nil, false, err
	}
	return &res, replayed, nil
}

func (tx *Tx) reconcile(ctx context.Context, accountID int64, in finance.ReconcileInput, language string) (finance.ReconcileResult, error) {
	var res finance.ReconcileResult
	acc, err := accountIn(ctx, tx, tx.ledgerID, accountID)
	if err != nil {
		return res, err
	}
	// A statement before the last reconciled one would reconcile movements
	// that one's balance left out.
	if last, ok, err := lastReconciliation(ctx, tx, accountID); err != nil {
		return res, err
	} else if ok && in.Date < last.Date {
		return res, finance.FieldErr("date", finance.FCodeOutOfRange, "the account was reconciled on a later date: "+last.Date)
	}
	cleared, err := balanceOn(ctx, tx, tx.ledgerID, accountID, in.Date, clearedStates)
	if err != nil {
		return res, err
	}
	if diff := *in.Balance - cleared; diff != 0 {
		if !in.Adjust {
			return res, finance.DifferenceError(diff)
		}
		id, err := tx.adjust(ctx, acc, in.Date, diff, language)
		if err != nil {
			return res, err
		}
		res.Adjustment = &id
	}
	r, err := tx.Exec(ctx, `UPDATE movements SET state = 'reconciled', updated_at = ?, updated_by = ?
		WHERE ledger_id = ? AND (account_id = ? OR to_account_id = ?) AND state = 'cleared' AND date <= ?`,
		tx.db.NowMillis(), nullID(tx.actor), tx.ledgerID, accountID, accountID, in.Date)
	if err != nil {
		return res, err
	}
	if res.Reconciled, err = r.RowsAffected(); err != nil {
		return res, err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM reconcile_drafts WHERE account_id = ?`, accountID); err != nil {
		return res, err
	}
	if err := tx.QueryRow(ctx, `INSERT INTO reconciliations (ledger_id, account_id, date, balance, reconciled, adjustment_id, created_by, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, tx.ledgerID, accountID, in.Date, *in.Balance, res.Reconciled, nullArg(res.Adjustment),
		nullID(tx.actor), tx.db.NowMillis()).Scan(&res.ID); err != nil {
		return res, err
	}
	return res, tx.logActivity(ctx, finance.ActReconciled, finance.SubjectAccount, accountID, res.Reconciled,
		finance.ActivityDetails{Name: acc.Name, Amount: *in.Balance, Currency: acc.Currency, Date: in.Date})
}

// SaveReconcileDraft keeps the statement's date and balance of a
// reconciliation the user will come back to (one an account, replaced by the
// next), under the ledger's lock; Reconcile removes it.
func (db *DB) SaveReconcileDraft(ctx context.Context, ledgerID, accountID int64, in finance.ReconcileDraftInput) (*finance.ReconciledBalance, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		if _, err := accountIn(ctx, tx, ledgerID, accountID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO reconcile_drafts (account_id, ledger_id, date, balance, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (account_id) DO UPDATE SET date = excluded.date, balance = excluded.balance, updated_by = excluded.updated_by,
			updated_at = excluded.updated_at`, accountID, ledgerID, in.Date, *in.Balance, nullID(tx.actor), tx.db.NowMillis())
		return err
	})
	if err != nil {
		return nil, err
	}
	return &finance.ReconciledBalance{Date: in.Date, Balance: *in.Balance}, nil
}

// DeleteReconcileDraft forgets the account's reconciliation draft (none is
// fine); not_found when the account is not the ledger's.
func (db *DB) DeleteReconcileDraft(ctx context.Context, ledgerID, accountID int64) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		if _, err := accountIn(ctx, tx, ledgerID, accountID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM reconcile_drafts WHERE ledger_id = ? AND account_id = ?`, ledgerID, accountID)
		return err
	})
}

// adjust records the difference of a reconciliation as a reconciled movement
// of the account on the statement's date (an earning when the bank has more,
// an expense when less), in the adjustment category of its type.
func (tx *Tx) adjust(ctx context.Context, acc *finance.Account, date string, diff int64, language string) (int64, error) {
	d := finance.MovementDraft{Type: finance.MovementEarning, Date: date, Amount: diff, AccountID: acc.ID,
		Description: finance.AdjustmentCategoryName(language)}
	if diff < 0 {
		d.Type, d.Amount = finance.MovementExpense, -diff
	}
	name := finance.AdjustmentCategoryName(language)
	byName, _, err := importCategories(ctx, tx, tx.ledgerID, []finance.NewCategory{{Type: d.Type, Name: name}})
	if err != nil {
		return 0, err
	}
	d.CategoryID = byName[d.Type+"|"+finance.NameKey(name)]
	r, err := loadRefs(ctx, tx, tx.ledgerID, &d)
	if err != nil {
		return 0, err
	}
	if r.categories[d.CategoryID].archived {
		r.categories[d.CategoryID] = refCategory{typ: d.Type} // an archived category of that name is still the one
	}
	if err := r.check(&d, nil); err != nil {
		return 0, err
	}
	if err := tx.fillBase(ctx, r, &d); err != nil {
		return 0, err
	}
	d.State = finance.StateReconciled
	id, err := insertMovement(ctx, tx, tx.ledgerID, d)
	if err != nil {
		return 0, err
	}
	if err := applyMovement(ctx, tx, tx.ledgerID, &d, 1); err != nil {
		return 0, err
	}
	return id, tx.logActivity(ctx, finance.ActCreated, finance.SubjectMovement, id, 1, finance.ActivityDetails{Name: d.Description,
		Type: d.Type, Amount: d.Amount, Currency: acc.Currency, Date: d.Date})
}

// ReconcileView is the reconcile screen's data for a statement date: the
// cleared balance up to it, the last reconciliation, and a page (limit,
// after cursor) of the uncleared movements up to the date, newest first.
func (db *DB) ReconcileView(ctx context.Context, ledgerID, accountID int64, date string, limit int, cursor string) (*finance.ReconcileView, error) {
	if !finance.ValidDate(date) {
		return nil, finance.FieldErr("date", finance.FCodeInvalid, "date must be YYYY-MM-DD")
	}
	acc, err := db.Account(ctx, ledgerID, accountID)
	if err != nil {
		return nil, err
	}
	v := &finance.ReconcileView{Date: date, LastReconciled: acc.LastReconciled}
	if v.ClearedBalance, err = balanceOn(ctx, db, ledgerID, accountID, date, clearedStates); err != nil {
		return nil, err
	}
	f := finance.MovementFilter{To: date, AccountIDs: []int64{accountID}, States: []string{finance.StateUncleared}}
	if v.Uncleared, v.NextCursor, err = db.ListMovements(ctx, ledgerID, f, limit, cursor); err != nil {
		return nil, err
	}
	return v, nil
}

// lastReconciliation is the account's latest reconciliation (by statement
// date); ok is false when it has none.
func lastReconciliation(ctx context.Context, q Querier, accountID int64) (r finance.ReconciledBalance, ok bool, err error) {
	err = q.QueryRow(ctx, `SELECT date, balance FROM reconciliations WHERE account_id = ? ORDER BY date DESC, id DESC LIMIT 1`, accountID).
		Scan(&r.Date, &r.Balance)
	if err == sql.ErrNoRows {
		return r, false, nil
	}
	return r, err == nil, err
}
