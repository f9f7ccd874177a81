package store

import (
	"context"
	"fmt"

	"cashcontrol/internal/finance"
)

// ledgerSliceRows movements at most are written by one transaction of a
// ledger import that commits in slices.
const ledgerSliceRows = 2000

// createLedgerInSlices writes a large ledger on SQLite, whose one writer a
// single transaction would hold for the whole import (tens of seconds),
// stalling every other user's writes: in short transactions that others'
// writes interleave with. It stays all or nothing through a staged ledger:
// first the ledger's row, marked importing_since and with no member (no
// one can read or write it), its currencies, accounts and categories; then
// the movements, ledgerSliceRows a transaction; last, in one transaction,
// the claim of the upload (a concurrent commit of it fails there), what
// names the movements, the owner's membership and the end of the staging.
// A failure on the way deletes the staged ledger; a crash leaves it to the
// uploads' sweep (SweepUploads).
func (db *DB) createLedgerInSlices(ctx context.Context, u *finance.User, uploadID int64, name, base string, s *finance.LedgerSnapshot,
	cats []finance.SnapshotCategory, stored snapshotFiles) (finance.LedgerImportResult, error) {
	res := finance.LedgerImportResult{Name: name}
	w := &snapshotWriter{base: base, s: s, res: &res}
	var id int64
	err := db.Write(ctx, func(tx *Tx) error {
		res = finance.LedgerImportResult{Name: name}
		w.init()
		if err := ledgerUploadWaiting(ctx, tx, u.ID, uploadID); err != nil {
			return err
		}
		var err error
		if id, err = insertLedgerRow(ctx, tx, u, name, base, true); err != nil {
			return err
		}
		tx.ledgerID, w.tx, w.ledgerID, res.LedgerID = id, tx, id, id
		if err := w.run(ctx, w.before(cats)); err != nil {
			return err
		}
		return tx.checkLimits(ctx) // each transaction: the turnover and balances it moved
	})
	if err != nil {
		return finance.LedgerImportResult{}, err
	}
	fail := func(err error) (finance.LedgerImportResult, error) {
		if derr := db.dropStagedLedger(context.WithoutCancel(ctx), id); derr != nil {
			err = fmt.Errorf("%w (and the staged ledger stays, for the sweep: %v)", err, derr)
		}
		return finance.LedgerImportResult{}, err
	}
	for lo := 0; lo < len(s.Movements); lo += ledgerSliceRows {
		hi := min(lo+ledgerSliceRows, len(s.Movements))
		done := res.Movements
		if err := db.Write(ctx, func(tx *Tx) error {
			tx.ledgerID, w.tx, res.Movements = id, tx, done
			if err := w.writeMovementRange(ctx, lo, hi); err != nil {
				return err
			}
			return tx.checkLimits(ctx)
		}); err != nil {
			return fail(err)
		}
	}
	made := res
	err = db.Write(ctx, func(tx *Tx) error {
		res = made
		tx.ledgerID, w.tx = id, tx
		if err := ledgerUploads.claim(ctx, tx, u.ID, uploadID); err != nil {
			return err
		}
		if err := w.run(ctx, w.after(stored)); err != nil {
			return err
		}
		if err := addOwner(ctx, tx, id, u.ID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE ledgers SET importing_since = NULL WHERE id = ?`, id); err != nil {
			return err
		}
		return finishLedgerImport(ctx, tx, uploadID, res)
	})
	if err != nil {
		return fail(err)
	}
	return res, nil
}

// ledgerUploadWaiting: the user's upload waits to be committed (else the
// error LedgerUpload gives).
func ledgerUploadWaiting(ctx context.Context, tx *Tx, userID, id int64) error {
	var n int
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM ledger_imports WHERE user_id = ? AND id = ? AND created_at >= ? AND committed_at IS NULL`,
		userID, id, tx.db.now().Add(-uploadTTL).UnixMilli()).Scan(&n); err != nil || n == 1 {
		return err
	}
	return ledgerUploads.gone(ctx, tx, userID, id)
}

// dropStagedLedger deletes a ledger still staged, and all it holds.
func (db *DB) dropStagedLedger(ctx context.Context, id int64) error {
	return db.Write(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM ledgers WHERE id = ? AND importing_since IS NOT NULL`, id)
		return err
	})
}
