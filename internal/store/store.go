// Package store keeps Cash Control's data in SQLite (the embedded default) or
// PostgreSQL: the connection, the transaction (Write, WriteLedger), the
// dialect, the migrations and the change feed, which identity and instance
// build on; and, until it has a package of its own, the ledger engine. One
// set of queries, written with ? placeholders, is rebound per dialect; DDL
// lives in per-dialect numbered migrations embedded in the binary.
package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync/atomic"
	"time"

	"cashcontrol/internal/files"
	"cashcontrol/internal/money"

	_ "github.com/jackc/pgx/v5/stdlib" // PostgreSQL driver "pgx"
	_ "github.com/mattn/go-sqlite3"    // SQLite driver "sqlite3"
)

// SQLiteCacheBytes is the page cache per SQLite connection: the seed's
// data-store cache default of 41943040 bytes.
const SQLiteCacheBytes = 41943040

// importCacheBytes is the writing connection's page cache while an import
// commits (Tx.bulkLoad). A 100,000-row import touches far more pages than
// the cache holds, so it filled all of SQLiteCacheBytes: the server's peak
// then stood 40 MB above its size at rest (90 MB). With 16 MB it peaks at
// 74 MB and imports as fast.
const importCacheBytes = 16 << 20

// pendingWordsLimit bytes of new words wait at most in the search index's
// pending list during a bulk load on PostgreSQL (bulkLoad): more than the
// largest file's (a 20 MB CSV), far less than the index.
const pendingWordsLimit = 256 << 20

// sqliteAutoCheckpoint is the writing connection's wal_autocheckpoint (in
// pages), SQLite's default: a commit that leaves the log longer copies it
// into the database, the committing request waiting.
const sqliteAutoCheckpoint = 1000

// bulkLoad readies the transaction's connection (SQLite) for a write of many
// rows: its page cache is bounded to importCacheBytes, and its commit does
// not checkpoint the log it grew (tens of MB after 100,000 rows, 0.2 s that
// the import's request waited): the checkpoint runs after it, in the
// background (endBulkLoad). writeOnce sets the connection back once the
// transaction ends, committed or not. On PostgreSQL the transaction's new
// search words wait in the GIN index's pending list (up to pendingWordsLimit)
// instead of being merged into the index while the request waits (about
// 0.1 s of a 100,000-row import): RefreshStatistics merges them after a
// large write, and otherwise the next write past the usual 4 MB does.
func (tx *Tx) bulkLoad(ctx context.Context) error {
	if tx.db.dialect == Postgres {
		_, err := tx.Exec(ctx, `SET LOCAL gin_pending_list_limit = `+strconv.Itoa(pendingWordsLimit>>10))
		return err
	}
	if tx.bulk {
		return nil
	}
	// Set back (endBulkLoad) even if a setting below fails. A negative
	// cache_size is in KiB.
	tx.bulk = true
	_, err := tx.Exec(ctx, `PRAGMA cache_size = `+strconv.Itoa(-importCacheBytes/1024))
	if err == nil {
		_, err = tx.Exec(ctx, `PRAGMA wal_autocheckpoint = 0`)
	}
	return err
}

// endBulkLoad sets a connection that ran a bulkLoad transaction back to the
// pool's settings (the settings are the connection's, not the
// transaction's). A connection that cannot be set back is discarded: the
// pool opens another. After a commit the log is checkpointed in the
// background.
func (db *DB) endBulkLoad(conn *sql.Conn, committed bool) {
	ctx := context.Background() // a request gone must not leave the connection so
	_, err := conn.ExecContext(ctx, `PRAGMA cache_size = `+strconv.Itoa(-SQLiteCacheBytes/1024))
	if err == nil {
		_, err = conn.ExecContext(ctx, `PRAGMA wal_autocheckpoint = `+strconv.Itoa(sqliteAutoCheckpoint))
	}
	if err != nil {
		_ = conn.Raw(func(any) error { return driver.ErrBadConn })
	}
	if committed {
		db.checkpoints.soon(db.checkpoint)
	}
}

// checkpointSQL copies SQLite's write-ahead log into the database; PASSIVE:
// it waits for no one, and the writer goes on beside it.
const checkpointSQL = `PRAGMA wal_checkpoint(PASSIVE)`

// checkpoint runs checkpointSQL on a reading connection, so that writes do
// not queue behind it. What it leaves (a reader on an old snapshot) the next
// checkpoint copies.
func (db *DB) checkpoint() {
	ctx, cancel := context.WithTimeout(db.background, 10*time.Minute)
	defer cancel()
	_, _ = db.r.ExecContext(ctx, checkpointSQL)
}

// rerun runs a task in the background, once at a time: a request while it
// runs makes it run once more after.
type rerun struct{ running, again atomic.Bool }

func (r *rerun) soon(task func()) {
	r.again.Store(true)
	if !r.running.CompareAndSwap(false, true) {
		return
	}
	go func() {
		for {
			for r.again.Swap(false) {
				task()
			}
			r.running.Store(false)
			// A request that came since the last Swap found it running.
			if !r.again.Load() || !r.running.CompareAndSwap(false, true) {
				return
			}
		}
	}()
}

// DB is the store. SQLite gets two pools: one connection for writes (so
// writers queue in Go instead of failing with SQLITE_BUSY) and several for
// reads, which WAL lets run beside the writer. PostgreSQL uses one pool.
type DB struct {
	dialect Dialect
	w       *sql.DB
	r       *sql.DB
	now     func() time.Time
	// currencies is the ISO 4217 table the finance validation checks codes against.
	currencies *money.Table
	// files keeps the attachments' bytes; nil: none can be added.
	files files.Store
	// images decodes the attachments' images a few at a time (thumbnails).
	images *files.Images
	// importDecoded bounds what a ledger import's images may cost decoded
	// (0: MaxImportDecodedBytes; tests set less).
	importDecoded int64
	// stats refreshes the planner's statistics after large imports
	// (refreshStatisticsSoon); checkpoints copies SQLite's log into the
	// database after a bulk load (endBulkLoad).
	stats, checkpoints rerun
	// background is the context of that work, cancelled by Close.
	background     context.Context
	stopBackground context.CancelFunc
	// changes announces committed ledger writes (Subscribe).
	changes *changes
	// bareCopy: whether imports may copy without triggers (pgBulk).
	bareCopy atomic.Int32
	// wordsInGo: whether the schema leaves an inserted movement's words to
	// its writer (SQLite from migration 34 on: addWords); set by noteSchema.
	wordsInGo atomic.Bool
	// reads counts the reads of queryRow and query (Reads).
	reads atomic.Int64
	// quotas bound what one user may keep (SetQuotas).
	quotas Quotas
	// slices: the ledgers a bank import committing in slices holds (SQLite).
	slices slicing
}

// Options selects the database.
type Options struct {
	// DatabaseURL, when set, is a PostgreSQL connection URL.
	DatabaseURL string
	// SQLitePath is the database file used when DatabaseURL is empty.
	SQLitePath string
	// Now replaces the clock (tests); nil means time.Now.
	Now func() time.Time
	// Files keeps the attachments' files (files.Local under the data
	// folder); nil: attachments cannot be added.
	Files files.Store
}

// Open connects, checks the connection and applies pending migrations.
func Open(ctx context.Context, opts Options) (*DB, error) {
	db, err := open(ctx, opts)
	if err != nil {
		return nil, err
	}
	if _, err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	// Before any write: the ledgers of imports a stopped server left half
	// committed wait until the sweep has taken them back.
	if err := db.holdUnfinished(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// OpenNoMigrate connects without migrating (the migrate command reports itself).
func OpenNoMigrate(ctx context.Context, opts Options) (*DB, error) {
	db, err := open(ctx, opts)
	if err == nil {
		db.noteSchema(ctx)
	}
	return db, err
}

func open(ctx context.Context, opts Options) (*DB, error) {
	db, err := openPools(ctx, opts)
	if err != nil {
		return nil, err
	}
	db.background, db.stopBackground = context.WithCancel(context.Background())
	db.images = files.NewImages(runtime.NumCPU())
	return db, nil
}

func openPools(ctx context.Context, opts Options) (*DB, error) {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	if opts.DatabaseURL != "" {
		p, err := sql.Open("pgx", opts.DatabaseURL)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		p.SetMaxOpenConns(32)
		p.SetMaxIdleConns(8)
		p.SetConnMaxIdleTime(5 * time.Minute)
		if err := p.PingContext(ctx); err != nil {
			p.Close()
			return nil, fmt.Errorf("connect to postgres: %w", err)
		}
		changes := newChanges()
		if changes.channel, err = pgChannel(ctx, p); err != nil {
			p.Close()
			return nil, err
		}
		return &DB{dialect: Postgres, w: p, r: p, now: now, currencies: money.NewTable(), files: opts.Files, changes: changes}, nil
	}
	if opts.SQLitePath == "" {
		return nil, errors.New("no database: set a SQLite path or a PostgreSQL URL")
	}
	if dir := filepath.Dir(opts.SQLitePath); dir != "" {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("create data directory: %w", err)
		}
	}
	if err := ownerOnly(opts.SQLitePath); err != nil {
		return nil, err
	}
	w, err := sql.Open("sqlite3", sqliteDSN(opts.SQLitePath, false))
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	w.SetMaxOpenConns(1)
	w.SetConnMaxIdleTime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", opts.SQLitePath, err)
	}
	var fts5 bool
	if err := w.QueryRowContext(ctx, `SELECT sqlite_compileoption_used('ENABLE_FTS5')`).Scan(&fts5); err != nil || !fts5 {
		w.Close()
		return nil, errors.New("open sqlite: this binary's SQLite has no FTS5, which the search needs: build it with -tags sqlite_fts5 (make build does)")
	}
	r, err := sql.Open("sqlite3", sqliteDSN(opts.SQLitePath, true))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	n := max(4, 2*runtime.NumCPU())
	r.SetMaxOpenConns(n)
	r.SetMaxIdleConns(n)
	return &DB{dialect: SQLite, w: w, r: r, now: now, currencies: money.NewTable(), files: opts.Files, changes: newChanges()}, nil
}

// sqliteStatementsKept is how many prepared statements each SQLite
// connection keeps (least recently used out first).
const sqliteStatementsKept = 256

func sqliteDSN(path string, readOnly bool) string {
	q := url.Values{}
	q.Set("_foreign_keys", "on")
	q.Set("_journal_mode", "WAL")
	q.Set("_busy_timeout", "10000")
	q.Set("_synchronous", "NORMAL")
	q.Set("_cache_size", fmt.Sprint(-SQLiteCacheBytes/1024)) // negative: KiB
	// Each connection keeps its most recent statements prepared: a create
	// runs some forty statements, and preparing them again was a quarter of
	// its CPU. SQLite prepares a kept statement again by itself when the
	// schema changes.
	q.Set("_stmt_cache_size", fmt.Sprint(sqliteStatementsKept))
	if readOnly {
		q.Set("_query_only", "on")
	} else {
		q.Set("_txlock", "immediate")
	}
	return "file:" + path + "?" + q.Encode()
}

// Close closes both pools.
func (db *DB) Close() error {
	db.stopBackground()
	db.changes.mu.Lock()
	db.changes.closed = true
	db.changes.stop()
	db.changes.mu.Unlock()
	err := db.w.Close()
	if db.r != db.w {
		err = errors.Join(err, db.r.Close())
	}
	return err
}

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.r.PingContext(ctx) }

// Tx is a write transaction with the store's rebinding. In a ledger write
// (writeLedger) it also gathers what the limits are checked on at the end:
// the accounts whose balance changed and the change of the ledger's turnover.
type Tx struct {
	db *DB
	tx *sql.Tx
	// conn is the connection the transaction runs on: PostgreSQL's COPY
	// goes through the driver's own connection (copyMovements).
	conn *sql.Conn

	ledgerID int64
	// actor is the user the write is made for (WithActor; 0: the server).
	actor    int64
	touched  map[int64]bool
	turnover int64
	// features: the change of the suggestion counts (learnFeatures).
	features map[featureKey]int64
	// gone: the keys of files whose rows this transaction deleted, removed
	// from the file store once it commits (dropFiles).
	gone []string
	// conv converts to the base currency (converter); nil until first used
	// and after a change of rates.
	conv *converter
	// bulk: the connection is set for a bulk load until the transaction
	// ends (bulkLoad).
	bulk bool
	// quiet: a commit that announces no change of its ledger (a slice of an
	// import: its last transaction does).
	quiet bool
}

// stamp is when a row is written and for whom (created_at and created_by, say).
type stamp struct{ at, by int64 }

// stamp is this transaction's: now, and its actor.
func (t *Tx) stamp() stamp { return stamp{at: t.db.NowMillis(), by: t.actor} }

func (t *Tx) Exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(ctx, t.db.Rebind(q), args...)
}

func (t *Tx) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(ctx, t.db.Rebind(q), args...)
}

func (t *Tx) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return t.tx.QueryContext(ctx, t.db.Rebind(q), args...)
}

// InsertID runs an INSERT of one row (q, without RETURNING) and returns the
// row's id: on PostgreSQL through RETURNING, on SQLite as the driver's last
// insert id, where RETURNING costs about 20 µs more a statement (measured on
// a create's insert: 25 against 4.4 µs).
func (t *Tx) InsertID(ctx context.Context, q string, args ...any) (int64, error) {
	var id int64
	if t.db.dialect == Postgres {
		err := t.QueryRow(ctx, q+` RETURNING id`, args...).Scan(&id)
		return id, err
	}
	res, err := t.Exec(ctx, q, args...)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// updateRow runs UPDATE table SET set WHERE where and scans returning as
// the row is after it; sql.ErrNoRows when no row matches. PostgreSQL does
// both in one statement (RETURNING); SQLite runs the UPDATE and then a
// SELECT, together about 6 µs where its RETURNING costs 17.
func (t *Tx) updateRow(ctx context.Context, table, set string, setArgs []any, where string, whereArgs []any, returning string, dest ...any) error {
	q := `UPDATE ` + table + ` SET ` + set + ` WHERE ` + where
	if t.db.dialect == Postgres {
		return t.QueryRow(ctx, q+` RETURNING `+returning, append(setArgs, whereArgs...)...).Scan(dest...)
	}
	if _, err := t.Exec(ctx, q, append(setArgs, whereArgs...)...); err != nil {
		return err
	}
	return t.QueryRow(ctx, `SELECT `+returning+` FROM `+table+` WHERE `+where, whereArgs...).Scan(dest...)
}

// maxWriteAttempts bounds the retries of a transaction that PostgreSQL
// aborted for a serialization failure or a deadlock.
const maxWriteAttempts = 4

// Write runs fn in one Write transaction, committed when fn returns nil. A
// transaction that PostgreSQL aborts as a serialization failure or a deadlock
// runs again from the start, a few times at most: fn must not keep state
// from an attempt that failed.
func (db *DB) Write(ctx context.Context, fn func(*Tx) error) error {
	for attempt := 1; ; attempt++ {
		err := db.writeOnce(ctx, fn)
		if err == nil || attempt == maxWriteAttempts || !isRetryable(err) {
			return err
		}
		// A short, growing, jittered pause lets the other transaction finish.
		pause := time.Duration(attempt*attempt)*time.Millisecond + time.Duration(rand.Int64N(int64(2*time.Millisecond)))
		select {
		case <-ctx.Done():
			return err
		case <-time.After(pause):
		}
	}
}

func (db *DB) writeOnce(ctx context.Context, fn func(*Tx) error) error {
	conn, err := db.w.Conn(ctx)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer conn.Close()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	t := &Tx{db: db, tx: tx, conn: conn, actor: actorOf(ctx)}
	// Whether fn fails, panics or commits, the connection goes back to the
	// pool without the transaction and as the pool set it.
	committed := false
	defer func() {
		if !committed {
			_ = tx.Rollback()
		}
		if t.bulk {
			db.endBulkLoad(conn, committed)
		}
	}()
	err = fn(t)
	if err == nil && len(t.features) > 0 {
		// The suggestion counts the write changed, once at its end.
		err = t.flushFeatures(ctx)
	}
	if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	committed = true
	db.removeFiles(ctx, t.gone)
	if t.ledgerID != 0 && !t.quiet {
		db.committed(Change{LedgerID: t.ledgerID, By: t.actor})
	}
	return nil
}

// WriteLedger runs fn in a write transaction that holds the ledger's write
// lock: every write of a ledger's accounts, categories, movements and
// uploads goes through it, so they apply one after the other, on any number
// of servers sharing one PostgreSQL (SQLite has a single writer already; a
// bank import that commits there in slices holds its ledger between them,
// and the ledger's writes wait for its end: slicing.busy). Taking this one
// lock first is the fixed lock order that keeps balance and rollup rows
// free of deadlocks, and what fn reads inside is current. Before the commit
// the limits are checked on what fn changed.
func (db *DB) WriteLedger(ctx context.Context, ledgerID int64, fn func(*Tx) error) error {
	for {
		var wait <-chan struct{}
		err := db.Write(ctx, func(tx *Tx) error {
			tx.ledgerID = ledgerID
			if db.dialect == Postgres {
				// NO KEY UPDATE conflicts with itself but not with the key-share
				// locks that foreign keys take, so inserts elsewhere that
				// reference the ledger (sessions, uploads) do not queue here.
				var one int
				if err := tx.QueryRow(ctx, `SELECT 1 FROM ledgers WHERE id = ? FOR NO KEY UPDATE`, ledgerID).Scan(&one); err != nil {
					return NotFound(err, "ledger")
				}
			} else if wait = db.slices.busy(ledgerID); wait != nil {
				return errLedgerHeld
			}
			if err := fn(tx); err != nil {
				return err
			}
			return tx.checkLimits(ctx)
		})
		if wait == nil || !errors.Is(err, errLedgerHeld) {
			return err
		}
		select {
		case <-wait:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// RowScanner is a *sql.Row or *sql.Rows.
type RowScanner interface{ Scan(...any) error }

// Querier reads one row from the read pool (DB) or inside a write (Tx): the
// checks of a ledger write read through its transaction, after the lock.
type Querier interface {
	QueryRow(ctx context.Context, q string, args ...any) *sql.Row
}

func (db *DB) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	db.reads.Add(1)
	return db.r.QueryRowContext(ctx, db.Rebind(q), args...)
}

func (db *DB) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	db.reads.Add(1)
	return db.r.QueryContext(ctx, db.Rebind(q), args...)
}

// WriteRow runs one statement that writes and returns a row on the writing
// pool, without a transaction around it (the statement is atomic alone):
// the rate limits' buckets, taken on every request that counts.
func (db *DB) WriteRow(ctx context.Context, q string, args ...any) *sql.Row {
	return db.w.QueryRowContext(ctx, db.Rebind(q), args...)
}

// WriteExec runs one writing statement on the writing pool, without a
// transaction around it.
func (db *DB) WriteExec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return db.w.ExecContext(ctx, db.Rebind(q), args...)
}

// BeginSnapshot begins a read-only transaction that sees the database as
// it was at one moment, however long it lasts (PostgreSQL's repeatable
// read; SQLite's WAL gives every read transaction its snapshot): the
// exports read through it.
func (db *DB) BeginSnapshot(ctx context.Context) (*sql.Tx, error) {
	opts := &sql.TxOptions{ReadOnly: true}
	if db.dialect == Postgres {
		opts.Isolation = sql.LevelRepeatableRead
	}
	db.reads.Add(1)
	return db.r.BeginTx(ctx, opts)
}

// WriteConn is a connection of the writing pool, for a write that must run
// on one connection outside Write (a whole instance's import: its own
// transaction, COPY on PostgreSQL). The caller closes it.
func (db *DB) WriteConn(ctx context.Context) (*sql.Conn, error) { return db.w.Conn(ctx) }

// Files keeps the attachments' bytes (nil: none can be added).
func (db *DB) Files() files.Store { return db.files }

// Now is the store clock's time.
func (db *DB) Now() time.Time { return db.now() }

// CurrencyTable is the ISO 4217 table that currency codes are checked against.
func (db *DB) CurrencyTable() *money.Table { return db.currencies }

// NowMillis is the store clock's time in Unix milliseconds.
func (t *Tx) NowMillis() int64 { return t.db.NowMillis() }

// NowMillis is the store clock's time in Unix milliseconds.
func (db *DB) NowMillis() int64 { return db.now().UnixMilli() }

// Pools are the connection pools, by name, for the metrics: SQLite's writer
// and readers, PostgreSQL's one pool.
func (db *DB) Pools() map[string]*sql.DB {
	if db.w == db.r {
		return map[string]*sql.DB{"postgres": db.w}
	}
	return map[string]*sql.DB{"sqlite_write": db.w, "sqlite_read": db.r}
}

// queryIDs reads a one-column query of ids: queryIDs(db.query(…)).
func queryIDs(rows *sql.Rows, err error) ([]int64, error) { return queryColumn[int64](rows, err) }

// queryPairs reads a two-column query (id, value) into a map, and closes it.
func queryPairs[V any](rows *sql.Rows, err error) (map[int64]V, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]V{}
	for rows.Next() {
		var id int64
		var v V
		if err := rows.Scan(&id, &v); err != nil {
			return nil, err
		}
		out[id] = v
	}
	return out, rows.Err()
}

// queryColumn reads a one-column query: queryColumn[string](db.query(…)).
func queryColumn[T any](rows *sql.Rows, err error) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		var v T
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
