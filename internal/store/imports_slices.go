package store

// A bank file's commit in slices (SQLite). SQLite has one writer: a commit
// of 100,000 rows in one transaction held it for seconds, and every other
// user's writes waited that long (3.6 s measured for a CSV, 6.0 s for an
// XLSX). On SQLite a commit of more than a batch of rows therefore writes
// them in slices, each a transaction of its own of about sliceBudget,
// which keeps balances, rollups and search totals exact like any write, so
// that others' writes go in between. It stays all or nothing:
//
//   - the first transaction marks the upload committing (imports'
//     committing_* columns): since when, and the largest movement and
//     category ids then; it creates the categories the file names and reads
//     what the account holds for the duplicates;
//   - from then until the end the import holds its ledger (slicing): the
//     ledger's other writes (writeLedger) wait, so that the movements and
//     categories of the ledger past the marks are the import's alone, and
//     what the duplicates were read against stays true;
//   - the last transaction claims the upload (committed, its file dropped),
//     keeps the file's balance, logs the import and clears the marks;
//   - a commit that fails on the way takes back what its slices wrote
//     (undoImport: the ledger's movements and categories past the marks,
//     their effects undone, in slices too) and leaves the upload waiting, to
//     be committed again; a server stopped midway (kill -9) leaves the marks,
//     and the ledger is held from the next start (Open) until the uploads'
//     sweep, which runs at start, has taken the import back.
//
// A second commit of the same upload waits for the ledger and then finds it
// committed (already_committed) or waiting again. Readers are not held: for
// the seconds a large commit lasts, the ledger's lists, balances and
// reports show the slices written so far (docs/PERFORMANCE.md). PostgreSQL
// keeps one transaction (its COPY is fast, and it locks only the ledger:
// other ledgers' writes never wait for it).

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"

	"cashcontrol/internal/finance"
)

// sliceBudget is about how long a slice of a commit in slices holds the
// writer: it ends at the first batch of rows (streamBatchRows) past it.
const sliceBudget = 200 * time.Millisecond

// undoSliceRows movements at most are taken back by one transaction of a
// failed commit's undo.
const undoSliceRows = 2000

// errLedgerHeld: the ledger is held by a commit in slices (writeLedger waits).
var errLedgerHeld = errors.New("the ledger is held by an import's commit")

// ErrStopForTest, from the hook between slices (SetImportSlicesForTest),
// stops a commit in slices where it is, as if the server had been killed:
// nothing is taken back and the ledger stays held.
var ErrStopForTest = errors.New("stopped between slices (test)")

// slicing is the ledgers held by commits in slices, on this server (SQLite
// has one), and how those commits are sliced.
type slicing struct {
	mu   sync.Mutex
	held map[int64]*hold
	// rows, for tests: a slice is this many rows (0: sliceBudget), and
	// every commit on SQLite goes in slices.
	rows int
	// hook, for tests: runs after each slice but the last (and in one
	// transaction's commit at the same rows), its error failing the commit.
	hook func(ctx context.Context, slice int) error
}

// hold is a ledger held by a commit; done is closed when it lets go.
type hold struct {
	done     chan struct{}
	uploadID int64
	// stale: no commit of this server runs it (a stopped server's, or one
	// whose undo failed): the sweep takes the import back.
	stale bool
}

// busy answers the channel to wait on when the ledger is held, nil when not.
func (s *slicing) busy(ledgerID int64) <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if h := s.held[ledgerID]; h != nil {
		return h.done
	}
	return nil
}

// take holds the ledger for h, or answers the channel to wait on.
func (s *slicing) take(ledgerID int64, h *hold) <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o := s.held[ledgerID]; o != nil && o != h {
		return o.done
	}
	if s.held == nil {
		s.held = map[int64]*hold{}
	}
	s.held[ledgerID] = h
	return nil
}

// release lets the ledger go, when h holds it.
func (s *slicing) release(ledgerID int64, h *hold) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.held[ledgerID] == h {
		delete(s.held, ledgerID)
		close(h.done)
	}
}

// sliced says whether a commit goes in slices: on SQLite, of more than a batch.
func (db *DB) sliced(src ImportSource) bool {
	return db.dialect == SQLite && (src.Count > streamBatchRows || db.slices.rows > 0)
}

// importInSlices is ImportMovements in slices (see the top of this file).
func (db *DB) importInSlices(ctx context.Context, ledgerID, uploadID int64, src ImportSource) (int, int, error) {
	h := &hold{done: make(chan struct{}), uploadID: uploadID}
	var res ImportResult
	var byName map[string]int64
	var existing finance.ImportExisting
	for {
		var wait <-chan struct{}
		err := db.Write(ctx, func(tx *Tx) error {
			tx.ledgerID, tx.quiet = ledgerID, true
			if wait = db.slices.take(ledgerID, h); wait != nil {
				return errLedgerHeld
			}
			if err := markCommitting(ctx, tx, ledgerID, uploadID); err != nil {
				return err
			}
			var err error
			if byName, res.CategoriesCreated, err = importCategories(ctx, tx, ledgerID, src.Categories); err != nil {
				return err
			}
			existing, err = existingMovements(ctx, tx, ledgerID, src.AccountID, src.From, src.To)
			return err
		})
		if err == nil {
			break
		}
		if wait == nil || !errors.Is(err, errLedgerHeld) {
			db.slices.release(ledgerID, h)
			return 0, 0, err
		}
		select {
		case <-wait:
		case <-ctx.Done():
			return 0, 0, ctx.Err()
		}
	}
	kept := false // the ledger stays held: stopped (tests) or not taken back
	defer func() {
		if !kept {
			db.slices.release(ledgerID, h)
		}
	}()
	fail := func(err error) (int, int, error) {
		if errors.Is(err, ErrStopForTest) {
			kept = true
			return 0, 0, err
		}
		if uerr := db.undoImport(context.WithoutCancel(ctx), ledgerID, uploadID); uerr != nil {
			db.slices.mu.Lock()
			h.stale, kept = true, true
			db.slices.mu.Unlock()
			err = fmt.Errorf("%w (and what it wrote stays until the uploads' sweep takes it back: %v)", err, uerr)
		}
		return 0, 0, err
	}

	rd := startReading(src, existing, readAheadBatches(db.dialect))
	defer rd.stopReading()
	for slice, more := 1, true; more; slice++ {
		written := 0
		err := db.Write(ctx, func(tx *Tx) error {
			tx.ledgerID, tx.quiet = ledgerID, true
			if err := tx.bulkLoad(ctx); err != nil {
				return err
			}
			r, err := loadRefs(ctx, tx, ledgerID)
			if err != nil {
				return err
			}
			w := newMovementWriter(ctx, tx, ledgerID, r)
			w.n = res.Created // bad rows by their index in the file's
			start := time.Now()
			for {
				d := rd.next()
				if d == nil {
					more = false
					break
				}
				if w.err = importDraft(byName, d); w.err != nil {
					break
				}
				if w.add(&d.MovementDraft); w.err != nil {
					break
				}
				k := w.n - res.Created
				if db.slices.rows > 0 && k == db.slices.rows || db.slices.rows == 0 && k%streamBatchRows == 0 && time.Since(start) >= sliceBudget {
					break
				}
			}
			if written, err = w.close(); err != nil {
				return err
			}
			return tx.checkLimits(ctx)
		})
		if err != nil {
			rd.close()
			return fail(err)
		}
		res.Created += written
		if more && db.slices.hook != nil {
			if err := db.slices.hook(ctx, slice); err != nil {
				rd.close()
				return fail(err)
			}
		}
	}
	if err := rd.close(); err != nil {
		return fail(err)
	}
	err := db.Write(ctx, func(tx *Tx) error {
		tx.ledgerID = ledgerID // its commit announces the import's change
		if err := bankUploads.claim(ctx, tx, ledgerID, uploadID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE imports SET committing_since = NULL, committing_movements = NULL, committing_categories = NULL
			WHERE ledger_id = ? AND id = ?`, ledgerID, uploadID); err != nil {
			return err
		}
		return finishImport(ctx, tx, ledgerID, uploadID, src, res)
	})
	if err != nil {
		return fail(err)
	}
	if res.Created >= largeLoad {
		db.refreshStatisticsSoon()
	}
	return res.Created, res.CategoriesCreated, nil
}

// markCommitting marks a waiting upload as being committed in slices, with
// the largest movement and category ids before it.
func markCommitting(ctx context.Context, tx *Tx, ledgerID, uploadID int64) error {
	r, err := tx.Exec(ctx, `UPDATE imports SET committing_since = ?,
		committing_movements = (SELECT COALESCE(MAX(id), 0) FROM movements), committing_categories = (SELECT COALESCE(MAX(id), 0) FROM categories)
		WHERE ledger_id = ? AND id = ? AND committed_at IS NULL AND committing_since IS NULL`, tx.db.NowMillis(), ledgerID, uploadID)
	if err != nil {
		return err
	}
	if n, err := r.RowsAffected(); err != nil || n == 1 {
		return err
	}
	var n int
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM imports WHERE ledger_id = ? AND id = ? AND committing_since IS NOT NULL AND committed_at IS NULL`,
		ledgerID, uploadID).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return finance.Errorf(finance.ECodeAlreadyCommitted, "this file is being imported; importing it again adds nothing")
	}
	return uploadGone(ctx, tx, ledgerID, uploadID)
}

// undoImport takes back what an unfinished commit in slices wrote to its
// ledger, which it holds: the movements past its mark (their effects
// undone, undoSliceRows a transaction), then the categories past its mark,
// and the marks, so that the upload waits again.
func (db *DB) undoImport(ctx context.Context, ledgerID, uploadID int64) error {
	var since, movements, categories sql.NullInt64
	err := db.w.QueryRowContext(ctx, db.Rebind(`SELECT committing_since, committing_movements, committing_categories FROM imports
		WHERE ledger_id = ? AND id = ? AND committed_at IS NULL`), ledgerID, uploadID).Scan(&since, &movements, &categories)
	if errors.Is(err, sql.ErrNoRows) || err == nil && !since.Valid {
		return nil // gone with its ledger, or nothing to take back
	}
	if err != nil {
		return err
	}
	for more := true; more; {
		err := db.Write(ctx, func(tx *Tx) error {
			tx.ledgerID, tx.quiet = ledgerID, true
			ids, err := queryIDs(tx.Query(ctx, `SELECT id FROM movements WHERE ledger_id = ? AND id > ? ORDER BY id LIMIT ?`,
				ledgerID, movements.Int64, undoSliceRows))
			if err != nil || len(ids) == 0 {
				more = false
				return err
			}
			if _, err := deleteMovementsTx(ctx, tx, ledgerID, ids, true); err != nil {
				return err
			}
			return tx.checkLimits(ctx) // the turnover they took back
		})
		if err != nil {
			return err
		}
	}
	return db.Write(ctx, func(tx *Tx) error {
		tx.ledgerID = ledgerID
		for _, q := range []string{`DELETE FROM category_features WHERE ledger_id = ? AND category_id > ?`, `DELETE FROM categories WHERE ledger_id = ? AND id > ?`} {
			if _, err := tx.Exec(ctx, q, ledgerID, categories.Int64); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, `UPDATE imports SET committing_since = NULL, committing_movements = NULL, committing_categories = NULL
			WHERE ledger_id = ? AND id = ?`, ledgerID, uploadID)
		return err
	})
}

// unfinishedCommit is an import whose commit in slices left its marks.
type unfinishedCommit struct{ ledgerID, uploadID int64 }

// unfinishedCommits reads the imports marked committing and not committed.
func unfinishedCommits(ctx context.Context, tx *Tx) ([]unfinishedCommit, error) {
	rows, err := tx.Query(ctx, `SELECT ledger_id, id FROM imports WHERE committing_since IS NOT NULL AND committed_at IS NULL`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []unfinishedCommit
	for rows.Next() {
		var c unfinishedCommit
		if err := rows.Scan(&c.ledgerID, &c.uploadID); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// holdStale holds the ledger for a commit no commit of this server runs
// (the caller holds s.mu).
func (s *slicing) holdStale(c unfinishedCommit) *hold {
	if s.held == nil {
		s.held = map[int64]*hold{}
	}
	h := &hold{done: make(chan struct{}), uploadID: c.uploadID, stale: true}
	s.held[c.ledgerID] = h
	return h
}

// holdUnfinished holds, as stale, the ledgers of the commits in slices a
// stopped server left unfinished (at start, before any write): their
// writes wait until the sweep has taken those imports back (sweepCommits).
func (db *DB) holdUnfinished(ctx context.Context) error {
	if db.dialect != SQLite {
		return nil
	}
	return db.Write(ctx, func(tx *Tx) error {
		commits, err := unfinishedCommits(ctx, tx)
		if err != nil {
			return err
		}
		db.slices.mu.Lock()
		defer db.slices.mu.Unlock()
		for _, c := range commits {
			if db.slices.held[c.ledgerID] == nil {
				db.slices.holdStale(c)
			}
		}
		return nil
	})
}

// sweepCommits takes back the commits in slices that no commit of this
// server runs (a stopped server's, or one whose undo failed) and lets
// their ledgers go; it says how many.
func (db *DB) sweepCommits(ctx context.Context) (int64, error) {
	if db.dialect != SQLite {
		return 0, nil
	}
	type unfinished struct {
		ledgerID int64
		h        *hold
	}
	var todo []unfinished
	// In a write: what the marks say and what is held agree (a commit marks
	// and holds in one transaction).
	err := db.Write(ctx, func(tx *Tx) error {
		todo = todo[:0]
		commits, err := unfinishedCommits(ctx, tx)
		if err != nil {
			return err
		}
		db.slices.mu.Lock()
		defer db.slices.mu.Unlock()
		for _, c := range commits {
			h := db.slices.held[c.ledgerID]
			switch {
			case h == nil:
				h = db.slices.holdStale(c)
			case !h.stale || h.uploadID != c.uploadID:
				continue // running, or another's import of the ledger waits for it
			}
			todo = append(todo, unfinished{c.ledgerID, h})
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	var n int64
	for _, u := range todo {
		if err := db.undoImport(ctx, u.ledgerID, u.h.uploadID); err != nil {
			return n, fmt.Errorf("taking back an unfinished import of ledger %d: %w", u.ledgerID, err)
		}
		db.slices.release(u.ledgerID, u.h)
		n++
	}
	return n, nil
}
