package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"cashcontrol/internal/finance"
)

// streamBatchRows movements are held at most by a movementWriter: one COPY
// on PostgreSQL.
const streamBatchRows = 4096

// maxStreamErrors bad rows are listed at most; the write stops at the first.
const maxStreamErrors = 200

// movementWriter stores a stream of new movements in a ledger write without
// holding them all, so that a large import holds one batch and not its
// rows: each movement is checked against the ledger as it comes (refs.check,
// as every create), its effects are summed (aggregate, through parts) and it
// is written in batches — with COPY on PostgreSQL, prepared multi-row
// INSERTs on SQLite, where a statement costs no round trip, and whose search
// index and search_totals take the movements a batch at a time (deferSearch),
// not a row at a time through the triggers. Nothing is written
// once a movement is bad: close then answers a finance.BulkError listing the
// bad ones (by their index in the stream), and the transaction is rolled back.
type movementWriter struct {
	ctx      context.Context
	tx       *Tx
	ledgerID int64
	refs     *refs
	agg      *aggregate
	st       stamp
	batch    []finance.MovementDraft
	n        int // movements added
	written  int
	bad      []finance.RowError
	err      error
	sqlite   *sqliteInserter
	// keepIDs: ids collects the written movements' ids in the stream's order.
	keepIDs bool
	ids     []int64
	// indexed: on SQLite (once sqlite is prepared) the writer indexes its
	// movements itself, not the insert triggers (deferSearch); the last id
	// it indexed.
	indexed int64
	// pg: PostgreSQL's COPY without triggers (skipTriggers), when the
	// writer may (bulk) and the database lets it.
	pg *pgBulk
	// copying: with pg, a batch being copied on a goroutine of its own
	// while the next one fills (copyAhead); spare: the batch to fill next.
	copying chan copied
	spare   []finance.MovementDraft
}

// copied is how a batch's copy ended.
type copied struct {
	batch []finance.MovementDraft
	ids   []int64
	err   error
}

// newMovementWriter starts a stream of movements of the ledger; r holds the
// ledger's accounts and categories (loadRefs), created ones included.
func newMovementWriter(ctx context.Context, tx *Tx, ledgerID int64, r *refs) *movementWriter {
	return &movementWriter{ctx: ctx, tx: tx, ledgerID: ledgerID, refs: r, agg: newAggregate(), st: tx.stamp()}
}

// bulk lets the writer copy its movements on PostgreSQL without the
// table's triggers, its foreign keys' checks among them (pgBulk): a write
// that holds the ledger, and reads its accounts and categories, after the
// lock (writeLedger, loadRefs), as an import does.
func (w *movementWriter) bulk() {
	if w.tx.db.dialect == Postgres {
		w.pg = &pgBulk{}
	}
}

// add takes the next movement (copied: d may be reused).
func (w *movementWriter) add(d *finance.MovementDraft) {
	if w.err != nil {
		return
	}
	index := w.n
	w.n++
	w.batch = append(w.batch, *d)
	m := &w.batch[len(w.batch)-1]
	if err := w.refs.check(m, nil); err != nil {
		w.batch = w.batch[:len(w.batch)-1]
		fe, _ := err.(*finance.Error)
		row := finance.RowError{Index: index, Err: fe}
		if fe != nil {
			row.Field = fe.Fields
		}
		w.bad = append(w.bad, row)
		if len(w.bad) == maxStreamErrors {
			w.err = &finance.BulkError{Rows: w.bad}
		}
		return
	}
	if len(w.bad) > 0 {
		w.batch = w.batch[:0] // nothing will be written: only look for more bad rows
		return
	}
	// A copy ahead that failed meanwhile (settledReader) comes first.
	if err := w.tx.fillBase(w.ctx, w.refs, m); err != nil || w.err != nil {
		w.err = cmp.Or(w.err, err)
		return
	}
	w.agg.add(m)
	if w.pg != nil {
		w.pg.refer(m)
	}
	if len(w.batch) == streamBatchRows {
		w.err = w.flush()
	}
}

// close writes what is left and applies the summed effects; it returns how
// many movements were written.
func (w *movementWriter) close() (int, error) {
	if w.sqlite != nil {
		defer w.sqlite.close()
	}
	if w.err == nil && len(w.bad) > 0 {
		w.err = &finance.BulkError{Rows: w.bad}
	}
	if w.err == nil {
		w.err = w.flush()
	}
	if err := w.settle(); w.err == nil { // whatever else failed: the copy must end first
		w.err = err
	}
	if c := w.tx.conv; c != nil {
		if r, ok := c.q.(settledReader); ok {
			c.q = r.reader
		}
	}
	if w.err == nil && w.sqlite != nil {
		w.err = undeferSearch(w.ctx, w.tx, w.ledgerID, w.indexed, w.sqlite.words)
	}
	if w.err == nil && w.pg != nil {
		w.err = w.pg.finish(w.ctx, w.tx, w.ledgerID)
	}
	if w.err == nil {
		w.err = w.agg.apply(w.ctx, w.tx, w.ledgerID)
	}
	return w.written, w.err
}

func (w *movementWriter) flush() error {
	if len(w.batch) == 0 {
		return nil
	}
	if err := w.ctx.Err(); err != nil {
		return err
	}
	if w.pg != nil {
		return w.copyAhead()
	}
	var err error
	split := slices.ContainsFunc(w.batch, func(d finance.MovementDraft) bool { return len(d.Splits) > 0 })
	var ids []int64
	if w.tx.db.dialect == Postgres {
		ids, err = copyMovementsPostgres(w.ctx, w.tx, w.ledgerID, w.batch, w.st, w.keepIDs || split, nil)
	} else {
		if w.sqlite == nil {
			if w.sqlite, err = prepareSQLiteInserter(w.ctx, w.tx); err != nil {
				return err
			}
			if err = deferSearch(w.ctx, w.tx, w.ledgerID); err != nil {
				return err
			}
			w.sqlite.words = wordSums{}
		}
		ids, err = w.sqlite.insert(w.ctx, w.ledgerID, w.batch, w.st, nil)
		if err == nil {
			err = indexBatch(w.ctx, w.tx, w.ledgerID, w.indexed, slices.Min(ids), slices.Max(ids), len(ids))
			w.indexed = slices.Max(ids)
		}
	}
	if err != nil {
		return err
	}
	if w.keepIDs {
		w.ids = append(w.ids, ids...)
	}
	if split {
		if err := insertSplitsOf(w.ctx, w.tx, w.ledgerID, ids, w.batch); err != nil {
			return err
		}
	}
	w.written += len(w.batch)
	clear(w.batch) // drop the strings of the batch before the next one
	w.batch = w.batch[:0]
	return nil
}

// copyColumns are movementInsertColumns as COPY lists them.
var copyColumns = []string{"ledger_id", "type", "date", "amount", "account_id", "category_id",
	"to_account_id", "to_amount", "description", "notes", "tags", "fitid", "created_at", "updated_at", "base_amount", "to_base_amount", "base_later", "splits",
	"created_by", "updated_by", "state", "search_words"}

// copyMovementsPostgres writes a batch with COPY on the transaction's own
// connection: one round trip and no SQL to parse for thousands of rows.
// Ids come from the table's identity, unless a movement has tags or the
// caller wants them: then the batch's ids are reserved first (and returned,
// in the drafts' order). With bulk (not nil) the rows go in without the
// triggers when the database lets them, and bulk sums their words.
func copyMovementsPostgres(ctx context.Context, tx *Tx, ledgerID int64, drafts []finance.MovementDraft, st stamp, wantIDs bool, bulk *pgBulk) ([]int64, error) {
	var ids []int64
	cols := copyColumns
	tags := 0
	for i := range drafts {
		tags += len(drafts[i].Tags)
	}
	if tags > 0 || wantIDs {
		var err error
		if ids, err = reserveIDs(ctx, tx.tx, "movements", len(drafts)); err != nil {
			return nil, err
		}
		cols = append([]string{"id"}, copyColumns...)
	}
	bare := false // without triggers: the words are summed here (bulk.words)
	if bulk != nil {
		var err error
		if bare, err = bulk.skipTriggers(ctx, tx); err != nil {
			return nil, err
		}
	}
	err := tx.conn.Raw(func(driverConn any) error {
		sc, ok := driverConn.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("copy movements: the driver connection is a %T", driverConn)
		}
		conn := sc.Conn()
		row := make([]any, 0, len(cols))
		i := -1
		if _, err := conn.CopyFrom(ctx, pgx.Identifier{"movements"}, cols, pgx.CopyFromFunc(func() ([]any, error) {
			if i++; i == len(drafts) {
				return nil, nil
			}
			row = row[:0]
			if ids != nil {
				row = append(row, ids[i])
			}
			row = append(row, movementArgs(ledgerID, &drafts[i], st)...)
			if bare {
				bulk.words.add(&drafts[i], row[len(row)-1].(string)) // search_words comes last
			}
			return row, nil
		})); err != nil {
			return fmt.Errorf("copy movements: %w", err)
		}
		if tags == 0 {
			return nil
		}
		i, t := 0, -1
		_, err := conn.CopyFrom(ctx, pgx.Identifier{"movement_tags"}, []string{"movement_id", "ledger_id", "tag"}, pgx.CopyFromFunc(func() ([]any, error) {
			for t++; i < len(drafts) && t == len(drafts[i].Tags); t = 0 {
				i++
			}
			if i == len(drafts) {
				return nil, nil
			}
			return []any{ids[i], ledgerID, drafts[i].Tags[t]}, nil
		}))
		if err != nil {
			return fmt.Errorf("copy movement tags: %w", err)
		}
		return nil
	})
	if bare && err == nil {
		err = bulk.copied(ctx, tx, ledgerID)
	}
	return ids, err
}

// sqliteInserter inserts movements and their tags with prepared statements,
// sqliteBatchRows rows per statement, in searchOrder. On an embedded database
// a statement costs no round trip, but the search index writes out its
// pending words at every statement (its savepoint) and whenever a key is
// lower than the one before (see searchOrder): with FTS4, a statement per row
// made imports 3–4 times slower. The ids come back through RETURNING; SQLite
// gives the rows of one statement increasing ids in the order they go in.
type sqliteInserter struct {
	owner  *Tx
	tx     *sql.Tx
	stmts  map[int]*sql.Stmt // by rows per statement
	tagIns *sql.Stmt
	args   []any
	// words, when not nil, sums the movements' words (the insert trigger
	// of search_totals is deferred).
	words wordSums
}

func prepareSQLiteInserter(ctx context.Context, owner *Tx) (*sqliteInserter, error) {
	tagIns, err := owner.tx.PrepareContext(ctx, `INSERT INTO movement_tags (movement_id, ledger_id, tag) VALUES (?, ?, ?)`)
	if err != nil {
		return nil, err
	}
	return &sqliteInserter{owner: owner, tx: owner.tx, stmts: map[int]*sql.Stmt{}, tagIns: tagIns}, nil
}

func (s *sqliteInserter) close() {
	for _, st := range s.stmts {
		st.Close()
	}
	s.tagIns.Close()
}

// statement returns the prepared INSERT of n rows.
func (s *sqliteInserter) statement(ctx context.Context, n int) (*sql.Stmt, error) {
	if st, ok := s.stmts[n]; ok {
		return st, nil
	}
	var q strings.Builder
	q.WriteString(`INSERT INTO movements (` + movementInsertColumns + `) VALUES `)
	for i := 0; i < n; i++ {
		if i > 0 {
			q.WriteByte(',')
		}
		q.WriteString(`(` + movementPlaceholders + `)`)
	}
	q.WriteString(` RETURNING id`)
	st, err := s.tx.PrepareContext(ctx, q.String())
	if err != nil {
		return nil, err
	}
	s.stmts[n] = st
	return st, nil
}

// insert writes the drafts and appends their ids, in the drafts' order, to ids.
func (s *sqliteInserter) insert(ctx context.Context, ledgerID int64, drafts []finance.MovementDraft, st stamp, ids []int64) ([]int64, error) {
	out := make([]int64, len(drafts))
	order := searchOrder(drafts)
	// A cancellable context costs the SQLite driver a goroutine per statement;
	// the rows go in with one that is not, and the loop itself watches for
	// cancellation.
	reqCtx := ctx
	ctx = context.WithoutCancel(ctx)
	for lo := 0; lo < len(order); lo += sqliteBatchRows {
		if err := reqCtx.Err(); err != nil {
			return nil, err
		}
		batch := order[lo:min(lo+sqliteBatchRows, len(order))]
		ins, err := s.statement(ctx, len(batch))
		if err != nil {
			return nil, err
		}
		s.args = s.args[:0]
		for _, i := range batch {
			args := movementArgs(ledgerID, &drafts[i], st)
			if s.words != nil {
				s.words.add(&drafts[i], args[len(args)-1].(string)) // search_words comes last
				if len(s.words) > maxWordSums {
					if err := s.words.apply(ctx, s.owner, ledgerID); err != nil {
						return nil, err
					}
					s.words = wordSums{} // not cleared: a cleared map keeps its size
				}
			}
			s.args = append(s.args, args...)
		}
		got, err := queryIDs(ins.QueryContext(ctx, s.args...))
		if err != nil {
			return nil, fmt.Errorf("insert movements: %w", err)
		}
		if len(got) != len(batch) {
			return nil, fmt.Errorf("inserted %d movements of %d", len(got), len(batch))
		}
		slices.Sort(got)
		for k, i := range batch {
			out[i] = got[k]
			for _, t := range drafts[i].Tags {
				if _, err := s.tagIns.ExecContext(ctx, got[k], ledgerID, t); err != nil {
					return nil, err
				}
			}
		}
	}
	return append(ids, out...), nil
}
