package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"cashcontrol/internal/finance"
)

// touch records that an account's balance changed in this transaction in a
// way that addBalance did not check (a new opening balance, a rebuild).
func (t *Tx) touch(accountID int64) {
	if t.touched == nil {
		t.touched = map[int64]bool{}
	}
	t.touched[accountID] = true
}

func turnoverError() error {
	return finance.LimitError("", "the ledger's amounts would add up past 10^18 minor units; nothing was written")
}

// checkLimits runs at the end of every ledger write: it moves the ledger's
// turnover by what the write added and refuses the write when the turnover
// or the balance of an account it changed passes its bound.
func (t *Tx) checkLimits(ctx context.Context) error {
	if t.turnover > finance.MaxTurnover {
		return turnoverError()
	}
	if t.turnover != 0 {
		var turnover int64
		if err := t.updateRow(ctx, `ledgers`, `turnover = turnover + ?`, []any{t.turnover}, `id = ?`, []any{t.ledgerID}, `turnover`, &turnover); err != nil {
			return err
		}
		if turnover > finance.MaxTurnover {
			return turnoverError()
		}
	}
	if len(t.touched) == 0 {
		return nil
	}
	ids := make([]int64, 0, len(t.touched))
	for id := range t.touched {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	in, args := inList(ids)
	var id int64
	err := t.QueryRow(ctx, `SELECT id FROM accounts WHERE ledger_id = ? AND id IN (`+in+`) AND (balance > ? OR balance < ?) LIMIT 1`,
		append(append([]any{t.ledgerID}, args...), finance.MaxBalance, -finance.MaxBalance)...).Scan(&id)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return err
	}
	return balanceError()
}

func balanceError() error {
	return finance.LimitError("", "this would take the balance of an account past ±10^15 minor units; nothing was written")
}

// Quotas bound what one user keeps: the ledgers they own, and within the
// ledgers they own the schedules and the attachments' bytes; and how many
// occurrences a schedule may post at once when it is saved (its catch-up).
// A zero field is its default (DefaultQuotas).
type Quotas struct {
	Ledgers         int
	Schedules       int
	AttachmentBytes int64
	CatchUp         int
}

// DefaultQuotas are the quotas of a server that sets none.
var DefaultQuotas = Quotas{Ledgers: finance.MaxLedgersPerUser, Schedules: 500, AttachmentBytes: 2 << 30, CatchUp: 400}

// SetQuotas sets the quotas (zero fields: the defaults); call it before
// serving.
func (db *DB) SetQuotas(q Quotas) { db.quotas = q }

// quota is the quotas in force.
func (db *DB) quota() Quotas {
	q, d := db.quotas, DefaultQuotas
	if q.Ledgers <= 0 {
		q.Ledgers = d.Ledgers
	}
	if q.Schedules <= 0 {
		q.Schedules = d.Schedules
	}
	if q.AttachmentBytes <= 0 {
		q.AttachmentBytes = d.AttachmentBytes
	}
	if q.CatchUp <= 0 {
		q.CatchUp = d.CatchUp
	}
	return q
}

// checkLedgerQuota refuses a new ledger to a user who owns as many as they
// may; the caller holds the user's lock (lockUser).
func (t *Tx) checkLedgerQuota(ctx context.Context, userID int64) error {
	var n int64
	if err := t.QueryRow(ctx, `SELECT COUNT(*) FROM ledgers WHERE owner_id = ?`, userID).Scan(&n); err != nil {
		return err
	}
	if max := t.db.quota().Ledgers; n >= int64(max) {
		return finance.Errorf(finance.ECodeTooManyLedgers, "you own %d ledgers, the most there may be (%d): delete one to create another", n, max)
	}
	return nil
}

// checkScheduleQuota refuses a new schedule in a ledger whose owner's
// ledgers hold as many as they may. The ledger's lock is held; two of the
// owner's ledgers written at once may pass the quota by one each.
func (t *Tx) checkScheduleQuota(ctx context.Context, ledgerID int64) error {
	var n int64
	if err := t.QueryRow(ctx, `SELECT COUNT(*) FROM schedules WHERE ledger_id IN
		(SELECT o.id FROM ledgers o JOIN ledgers l ON l.owner_id = o.owner_id WHERE l.id = ?)`, ledgerID).Scan(&n); err != nil {
		return err
	}
	if max := t.db.quota().Schedules; n >= int64(max) {
		return finance.Errorf(finance.ECodeTooManySchedules, "the ledgers of this ledger's owner hold %d schedules, the most there may be (%d)", n, max)
	}
	return nil
}

// checkAttachmentQuota refuses size more bytes of attachments in a ledger
// whose owner's ledgers already keep their quota's worth.
func (t *Tx) checkAttachmentQuota(ctx context.Context, ledgerID, size int64) error {
	var n int64
	if err := t.QueryRow(ctx, `SELECT COALESCE(SUM(size), 0) FROM attachments WHERE ledger_id IN
		(SELECT o.id FROM ledgers o JOIN ledgers l ON l.owner_id = o.owner_id WHERE l.id = ?)`, ledgerID).Scan(&n); err != nil {
		return err
	}
	if max := t.db.quota().AttachmentBytes; n+size > max {
		return finance.Errorf(finance.ECodeAttachmentQuota, "the ledgers of this ledger's owner keep %d MB of files, and may keep %d MB", n>>20, max>>20)
	}
	return nil
}

// catchUpError refuses a schedule that would post more than the catch-up
// quota's occurrences at once.
func (db *DB) catchUpError(n int) error {
	return &finance.Error{Code: finance.ECodeCatchUpTooLong, Fields: []finance.FieldError{{Field: "start", Code: finance.FCodeOutOfRange}},
		Message: fmt.Sprintf("the schedule would post %d movements at once, and may post at most %d: choose a later start, or let it ask each time", n, db.quota().CatchUp)}
}
