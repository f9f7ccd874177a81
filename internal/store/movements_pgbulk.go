package store

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"runtime/debug"
	"slices"

	"cashcontrol/internal/finance"
)

// pgBulk copies a large write's movements into PostgreSQL without the
// table's triggers (session_replication_role = replica, for the COPY alone),
// where the database lets the connection's role (a superuser, or one
// granted SET ON PARAMETER session_replication_role; mayCopyBare). Per
// row, the triggers are most of a COPY's time: the foreign keys' checks of the ledger, account,
// category and transfer account, a query each, were 0.9 s of 2.2 for 100,000
// rows, and search_totals' statement trigger 0.3 s. In their place:
//   - The ledger is held (writeLedger's lock, which its deletion waits for),
//     and refs.check took each account and category from the ledger as the
//     transaction reads it after that lock.
//   - finish locks the accounts and categories the movements name, FOR KEY
//     SHARE as a foreign key's check does, and fails unless each is there: a
//     deletion by anything but the app (which holds the ledger) is caught, or
//     waits for the commit and then finds the movements.
//   - The movements' words are summed in Go (wordSums) and added to
//     search_totals by finish, as SQLite's writer does.
//
// The foreign keys left unchecked are those of movements (ledger_id,
// account_id, category_id, to_account_id) and of movement_tags (movement_id:
// the movements just written; ledger_id); TestTriggersACopyLeavesOut fails
// when either table gains a trigger or a foreign key. Split lines and
// everything else in the transaction keep their triggers.
type pgBulk struct {
	// asked: the first batch asked whether the role may (allowed).
	asked, allowed bool
	// accounts and categories the movements name.
	accounts, categories map[int64]bool
	words                wordSums
}

// refer notes the accounts and categories of a movement about to be copied.
func (b *pgBulk) refer(d *finance.MovementDraft) {
	if b.accounts == nil {
		b.accounts, b.categories = map[int64]bool{}, map[int64]bool{}
	}
	b.accounts[d.AccountID] = true
	if d.ToAccountID != 0 {
		b.accounts[d.ToAccountID] = true
	}
	if d.CategoryID != 0 {
		b.categories[d.CategoryID] = true
	}
}

// skipTriggers turns the triggers off for the next COPY if the role may
// (and then copied must turn them back on). Whether it may is asked of the
// database once (DB.mayCopyBare); the first time in an import the setting
// is made in a savepoint, so that a refusal all the same (the right taken
// away since) leaves the transaction as it was, and the movements are
// copied with their triggers.
func (b *pgBulk) skipTriggers(ctx context.Context, tx *Tx) (bool, error) {
	const off = `SET LOCAL session_replication_role = replica`
	if b.asked {
		if !b.allowed {
			return false, nil
		}
		_, err := tx.Exec(ctx, off)
		return err == nil, err
	}
	b.asked = true
	may, err := tx.db.mayCopyBare(ctx, tx)
	if err != nil || !may {
		return false, err
	}
	if _, err := tx.Exec(ctx, `SAVEPOINT bulk_copy`); err != nil {
		return false, err
	}
	_, err = tx.Exec(ctx, off)
	if isPermissionDenied(err) {
		tx.db.bareCopy.Store(bareCopyRefused)
		_, err = tx.Exec(ctx, `ROLLBACK TO SAVEPOINT bulk_copy`)
		if err == nil {
			_, err = tx.Exec(ctx, `RELEASE SAVEPOINT bulk_copy`)
		}
		return false, err
	}
	if err == nil {
		_, err = tx.Exec(ctx, `RELEASE SAVEPOINT bulk_copy`)
	}
	if err != nil {
		return false, err
	}
	b.allowed, b.words = true, wordSums{}
	return true, nil
}

// DB.bareCopy: whether the role may set session_replication_role, once
// asked (pgBulk). A right granted later is seen after a restart.
const (
	bareCopyUnknown int32 = iota
	bareCopyAllowed
	bareCopyRefused
)

// mayCopyBare asks the database, once, whether the role may set
// session_replication_role: a superuser, or on PostgreSQL 15 and later a
// role granted SET ON PARAMETER (has_parameter_privilege is not there
// before).
func (db *DB) mayCopyBare(ctx context.Context, q Querier) (bool, error) {
	switch db.bareCopy.Load() {
	case bareCopyAllowed:
		return true, nil
	case bareCopyRefused:
		return false, nil
	}
	var super bool
	var version int
	if err := q.QueryRow(ctx, `SELECT current_setting('is_superuser') = 'on', current_setting('server_version_num')::int`).Scan(&super, &version); err != nil {
		return false, err
	}
	may := super
	if !may && version >= 150000 {
		if err := q.QueryRow(ctx, `SELECT has_parameter_privilege('session_replication_role', 'SET')`).Scan(&may); err != nil {
			return false, err
		}
	}
	if may {
		db.bareCopy.Store(bareCopyAllowed)
	} else {
		db.bareCopy.Store(bareCopyRefused)
	}
	return may, nil
}

// copied turns the triggers back on after a COPY without them, and adds the
// words summed so far to search_totals once they are many.
func (b *pgBulk) copied(ctx context.Context, tx *Tx, ledgerID int64) error {
	if _, err := tx.Exec(ctx, `SET LOCAL session_replication_role = DEFAULT`); err != nil {
		return err
	}
	if len(b.words) > maxWordSums {
		if err := b.words.apply(ctx, tx, ledgerID); err != nil {
			return err
		}
		b.words = wordSums{} // not cleared: a cleared map keeps its size
	}
	return nil
}

// finish does what the triggers would have, once the last COPY is done
// (if any went without them).
func (b *pgBulk) finish(ctx context.Context, tx *Tx, ledgerID int64) error {
	if !b.allowed {
		return nil
	}
	for _, ref := range []struct {
		table string
		ids   map[int64]bool
	}{{"accounts", b.accounts}, {"categories", b.categories}} {
		ids := slices.Sorted(maps.Keys(ref.ids))
		there, err := queryColumn[int64](tx.Query(ctx, `SELECT id FROM `+ref.table+` WHERE id = ANY(?) ORDER BY id FOR KEY SHARE`, ids))
		if err != nil {
			return err
		}
		if len(there) != len(ids) { // deleted by another server or client since the ledger was read
			return finance.Errorf(finance.ECodeConflict, "%d of the %s the movements name are gone; nothing was imported", len(ids)-len(there), ref.table)
		}
	}
	return b.words.apply(ctx, tx, ledgerID)
}

// copyAhead copies the writer's batch on a goroutine of its own while the
// next one fills: the movements' checks and conversion run beside
// PostgreSQL's work on the last batch rather than between its COPYs. The
// transaction's connection is the copy's until it has ended (settle): the
// rates the conversion looks up meanwhile wait for it (settledReader), and
// so does everything after the last batch (close).
func (w *movementWriter) copyAhead() error {
	if err := w.settle(); err != nil {
		return err
	}
	// The converter is made, and its reads made to wait, before the
	// connection is lent.
	c, err := w.tx.converter(w.ctx)
	if err != nil {
		return err
	}
	if r, ok := c.q.(settledReader); !ok {
		c.q = settledReader{c.q, w}
	} else if r.w != w {
		c.q = settledReader{r.reader, w}
	}
	batch := w.batch
	w.batch, w.spare = w.spare[:0], nil
	done := make(chan copied, 1)
	w.copying = done
	go func() {
		out := copied{batch: batch}
		defer func() {
			if p := recover(); p != nil {
				out.err = fmt.Errorf("copy movements: %v\n%s", p, debug.Stack())
			}
			done <- out
		}()
		split := slices.ContainsFunc(batch, func(d finance.MovementDraft) bool { return len(d.Splits) > 0 })
		out.ids, out.err = copyMovementsPostgres(w.ctx, w.tx, w.ledgerID, batch, w.st, w.keepIDs || split, w.pg)
		if out.err == nil && split {
			out.err = insertSplitsOf(w.ctx, w.tx, w.ledgerID, out.ids, batch)
		}
	}()
	return nil
}

// drain waits for the batch being copied, if any, whatever becomes of the
// writer: deferred by its owner, so that a panic on the writer's goroutine
// does not leave a copy on the connection after the transaction ends.
func (w *movementWriter) drain() {
	if w.copying != nil {
		<-w.copying
		w.copying = nil
	}
}

// settle waits for the batch being copied, if any, and counts it.
func (w *movementWriter) settle() error {
	if w.copying == nil {
		return nil
	}
	out := <-w.copying
	w.copying = nil
	if out.err != nil {
		return out.err
	}
	if w.keepIDs {
		w.ids = append(w.ids, out.ids...)
	}
	w.written += len(out.batch)
	clear(out.batch) // drop its strings before it fills again
	w.spare = out.batch[:0]
	return nil
}

// settledReader is the converter's reader while a writer copies ahead: a
// read waits for the copy, whose connection it is until then (a copy that
// failed is the writer's error; the read then fails on the aborted
// transaction).
type settledReader struct {
	reader
	w *movementWriter
}

func (r settledReader) wait() {
	if err := r.w.settle(); err != nil && r.w.err == nil {
		r.w.err = err
	}
}

func (r settledReader) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	r.wait()
	return r.reader.QueryRow(ctx, q, args...)
}

func (r settledReader) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	r.wait()
	return r.reader.Query(ctx, q, args...)
}
