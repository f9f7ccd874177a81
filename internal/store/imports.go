package store

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"cashcontrol/internal/finance"
)

// Upload is a stored bank file.
type Upload struct {
	ID       int64
	FileName string
	Format   string
	Data     []byte // as uploaded; stored gzip-compressed (see Bytes)
	// stored is Data as the store keeps it (gzip-compressed) when read
	// back: Data is decompressed from it when asked (Bytes), and a reader
	// that streams (a CAMT statement) reads it through the decompressor
	// instead (Reader), without the whole file in memory.
	stored []byte
}

// CompressedUpload reads a file of at most limit bytes (payload_too_large
// past it) from r straight into its stored, compressed form: a file that
// is read streaming (statement.Streams) is never whole in memory.
func CompressedUpload(name, format string, r io.Reader, limit int) (*Upload, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	if err != nil {
		return nil, err
	}
	n, err := io.Copy(zw, io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	if n > int64(limit) {
		return nil, finance.Errorf(finance.ECodePayloadTooLarge, "the file is larger than %d MB", limit>>20)
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return &Upload{FileName: name, Format: format, stored: buf.Bytes()}, nil
}

// Bytes is the file as uploaded.
func (u *Upload) Bytes() ([]byte, error) {
	if u.Data == nil && u.stored != nil {
		data, err := decompress(u.stored)
		if err != nil {
			return nil, err
		}
		u.Data = data
	}
	return u.Data, nil
}

// Reader streams the file as uploaded (out of its stored form when it has
// not been decompressed).
func (u *Upload) Reader() (io.Reader, error) {
	if u.Data != nil || u.stored == nil {
		return bytes.NewReader(u.Data), nil
	}
	if len(u.stored) < 18 || u.stored[0] != 0x1f || u.stored[1] != 0x8b {
		return bytes.NewReader(u.stored), nil // stored before compression
	}
	zr, err := gzip.NewReader(bytes.NewReader(u.stored))
	if err != nil {
		return nil, fmt.Errorf("stored upload: %w", err)
	}
	return zr, nil
}

// compress gzips an upload for storage: bank files shrink several times,
// and so do the database and the copy its driver makes of the value.
func compress(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(len(data)/4 + 512)
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// decompress reverses compress into one buffer of the right size (gzip's
// trailer holds it); an upload stored before compression is returned as is.
func decompress(stored []byte) ([]byte, error) {
	if len(stored) < 18 || stored[0] != 0x1f || stored[1] != 0x8b {
		return stored, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(stored))
	if err != nil {
		return stored, nil
	}
	size := int(binary.LittleEndian.Uint32(stored[len(stored)-4:]))
	out := bytes.NewBuffer(make([]byte, 0, min(size, 64<<20)+bytes.MinRead))
	if _, err := out.ReadFrom(zr); err != nil {
		return nil, fmt.Errorf("stored upload: %w", err)
	}
	return out.Bytes(), nil
}

// uploadTTL is how long an unfinished import is kept.
const uploadTTL = 24 * time.Hour

// UploadLimits cap a ledger's uploads waiting to be committed.
type UploadLimits struct {
	Files int   // at most this many
	Bytes int64 // of at most this many bytes in all, as stored (compressed)
}

// DefaultUploadLimits apply when UploadLimits are zero.
var DefaultUploadLimits = UploadLimits{Files: 10, Bytes: 50 << 20}

// waiting is where files wait for their preview to be confirmed: a
// ledger's bank files (imports, by ledger_id) or a user's ledger imports
// (ledger_imports, by user_id). gone explains a file that is not waiting.
type waiting struct {
	table, owner string
	gone         func(ctx context.Context, q Querier, owner, id int64) error
}

var (
	bankUploads   = waiting{table: "imports", owner: "ledger_id", gone: uploadGone}
	ledgerUploads = waiting{table: "ledger_imports", owner: "user_id", gone: ledgerUploadGone}
)

// save stores a file, within the owner's limits (too_many_pending_imports
// past them). The caller holds the owner's lock.
func (w waiting) save(ctx context.Context, tx *Tx, owner int64, name, format string, stored []byte, lim UploadLimits) (int64, error) {
	if lim.Files <= 0 || lim.Bytes <= 0 {
		lim = DefaultUploadLimits
	}
	var files, size int64
	cutoff := tx.db.now().Add(-uploadTTL).UnixMilli()
	if err := tx.QueryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(LENGTH(data)), 0) FROM `+w.table+`
		WHERE `+w.owner+` = ? AND created_at >= ? AND committed_at IS NULL`, owner, cutoff).Scan(&files, &size); err != nil {
		return 0, err
	}
	if files+1 > int64(lim.Files) || size+int64(len(stored)) > lim.Bytes {
		return 0, finance.Errorf(finance.ECodeTooManyUploads,
			"%d files (%d MB) are waiting to be imported, the most allowed is %d files or %d MB: import or discard some first",
			files, (size+1<<20-1)>>20, lim.Files, lim.Bytes>>20)
	}
	var id int64
	err := tx.QueryRow(ctx, `INSERT INTO `+w.table+` (`+w.owner+`, file_name, format, data, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
		owner, name, format, stored, tx.db.now().UnixMilli()).Scan(&id)
	return id, err
}

// load reads a waiting file of the owner's; another's, or one older than
// a day, is not_found, and a committed one as gone says.
func (w waiting) load(ctx context.Context, db *DB, owner, id int64) (*Upload, error) {
	var u Upload
	err := db.QueryRow(ctx, `SELECT id, file_name, format, data FROM `+w.table+` WHERE `+w.owner+` = ? AND id = ? AND created_at >= ? AND committed_at IS NULL`,
		owner, id, db.now().Add(-uploadTTL).UnixMilli()).Scan(&u.ID, &u.FileName, &u.Format, &u.stored)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, w.gone(ctx, db, owner, id)
	}
	if err != nil {
		return nil, err
	}
	if u.stored == nil {
		u.stored = []byte{}
	}
	return &u, nil
}

// discard deletes a waiting file of the owner's (a committed one stays, so
// that a late commit is still told so).
func (w waiting) discard(ctx context.Context, tx *Tx, owner, id int64) error {
	res, err := tx.Exec(ctx, `DELETE FROM `+w.table+` WHERE `+w.owner+` = ? AND id = ? AND committed_at IS NULL`, owner, id)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err == nil && n == 0 {
		err = w.gone(ctx, tx, owner, id)
	}
	return err
}

// claim marks a waiting file committed and drops its data, inside the
// commit's transaction: under the row's lock, so two commits of one file
// run one after the other and the second finds it claimed.
func (w waiting) claim(ctx context.Context, tx *Tx, owner, id int64) error {
	r, err := tx.Exec(ctx, `UPDATE `+w.table+` SET committed_at = ?, data = ? WHERE `+w.owner+` = ? AND id = ? AND committed_at IS NULL`,
		tx.db.NowMillis(), []byte{}, owner, id)
	if err != nil {
		return err
	}
	if n, err := r.RowsAffected(); err != nil || n == 1 {
		return err
	}
	return w.gone(ctx, tx, owner, id)
}

// prepareUpload drops the expired uploads of every ledger and user and
// returns data compressed, as it is stored.
func (db *DB) prepareUpload(ctx context.Context, data []byte) ([]byte, error) {
	if _, err := db.SweepUploads(ctx); err != nil {
		return nil, err
	}
	return compress(data)
}

// SaveUpload stores a file for the ledger, within the ledger's limits
// (too_many_pending_imports past them). Expired uploads of every ledger are
// dropped first.
func (db *DB) SaveUpload(ctx context.Context, ledgerID int64, name, format string, data []byte, lim UploadLimits) (int64, error) {
	return db.saveUpload(ctx, ledgerID, &Upload{FileName: name, Format: format, Data: data}, lim)
}

// saveUpload is SaveUpload of an upload as read (CompressedUpload's is
// stored as it is).
func (db *DB) saveUpload(ctx context.Context, ledgerID int64, up *Upload, lim UploadLimits) (int64, error) {
	stored, err := up.stored, error(nil)
	if stored == nil {
		stored, err = db.prepareUpload(ctx, up.Data)
	} else {
		_, err = db.SweepUploads(ctx)
	}
	if err != nil {
		return 0, err
	}
	var id int64
	// Under the ledger's lock: one upload of a ledger at a time, on any server.
	err = db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		id, err = bankUploads.save(ctx, tx, ledgerID, up.FileName, up.Format, stored, lim)
		return err
	})
	return id, err
}

// SweepUploads deletes the uploads of every ledger, and the ledger imports
// of every user, older than a day and says how many; and the ledgers a
// crash left staged (createLedgerInSlices) over an hour ago. First it takes
// back the bank imports a stopped server left half committed (sweepCommits).
func (db *DB) SweepUploads(ctx context.Context) (int64, error) {
	if _, err := db.sweepCommits(ctx); err != nil {
		return 0, err
	}
	var n int64
	err := db.Write(ctx, func(tx *Tx) error {
		n = 0
		if _, err := tx.Exec(ctx, `DELETE FROM ledgers WHERE importing_since < ?`, db.now().Add(-time.Hour).UnixMilli()); err != nil {
			return err
		}
		for _, w := range []waiting{bankUploads, ledgerUploads} {
			keep := ""
			if w.table == bankUploads.table {
				keep = ` AND committing_since IS NULL` // a commit in slices runs (importInSlices)
			}
			res, err := tx.Exec(ctx, `DELETE FROM `+w.table+` WHERE created_at < ?`+keep, db.now().Add(-uploadTTL).UnixMilli())
			if err != nil {
				return err
			}
			k, err := res.RowsAffected()
			if err != nil {
				return err
			}
			n += k
		}
		return nil
	})
	return n, err
}

// Upload loads a pending file of the ledger; another ledger's, or one older
// than a day, is not_found, and a committed one already_committed.
func (db *DB) Upload(ctx context.Context, ledgerID, id int64) (*Upload, error) {
	return bankUploads.load(ctx, db, ledgerID, id)
}

// DeleteUpload discards a pending upload of the ledger (a committed one is
// already_committed and stays, so that a late commit is still told so).
func (db *DB) DeleteUpload(ctx context.Context, ledgerID, id int64) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		return bankUploads.discard(ctx, tx, ledgerID, id)
	})
}

// ExistingMovements returns what one account holds in a period, for
// duplicate detection: how many movements share each duplicate key
// (finance.DuplicateKey), and the set of bank transaction ids (FITID) seen.
func (db *DB) ExistingMovements(ctx context.Context, ledgerID, accountID int64, from, to string) (finance.ImportExisting, error) {
	return existingMovements(ctx, db, ledgerID, accountID, from, to)
}

// RowsQuerier reads rows from the read pool (DB) or inside a write (Tx).
type RowsQuerier interface {
	Query(ctx context.Context, q string, args ...any) (*sql.Rows, error)
}

func existingMovements(ctx context.Context, q RowsQuerier, ledgerID, accountID int64, from, to string) (finance.ImportExisting, error) {
	ex := finance.ImportExisting{Keys: map[string]int{}, FITIDs: map[string]bool{}}
	if from == "" {
		return ex, nil
	}
	rows, err := q.Query(ctx, `SELECT date, type, amount, description, fitid FROM movements
		WHERE ledger_id = ? AND account_id = ? AND date >= ? AND date <= ?`, ledgerID, accountID, from, to)
	if err != nil {
		return ex, err
	}
	defer rows.Close()
	for rows.Next() {
		var date, typ, desc, fitid string
		var amount int64
		if err := rows.Scan(&date, &typ, &amount, &desc, &fitid); err != nil {
			return ex, err
		}
		ex.Keys[finance.DuplicateKey(date, typ, amount, desc)]++
		if fitid != "" {
			ex.FITIDs[fitid] = true
		}
	}
	return ex, rows.Err()
}

// ImportResult is what a commit did, kept with the upload so that a repeated
// commit can say it.
type ImportResult struct {
	Created           int `json:"created"`
	CategoriesCreated int `json:"categoriesCreated"`
}

// ImportSource is what an import commit writes, read as a stream: a large
// file is read again rather than held as rows.
type ImportSource struct {
	AccountID int64  // the account the rows go to
	From, To  string // the period of the rows (YYYY-MM-DD; "" without rows)
	// Categories lists every category the rows name (by type and name, as
	// finance.NameKey compares them); those the ledger lacks are created.
	Categories []finance.NewCategory
	// Rows hands write each movement to store, in order, leaving out those
	// that exist already: existing is what the account holds in the period,
	// read inside the commit's transaction. write copies the draft, not its
	// slices (Splits, Tags…): Rows must not reuse or change them once handed
	// over, as the commit writes them on another goroutine (readAhead). An
	// error of Rows rolls the commit back.
	Rows func(existing finance.ImportExisting, write func(*finance.ImportDraft)) error
	// Balance is the balance the file states (nil: none): the commit keeps
	// it as a checkpoint of the account.
	Balance *finance.StatementBalance
	// Count is about how many rows Rows hands over (0: few): on SQLite a
	// commit of more than a batch goes in slices (importInSlices).
	Count int
}

// ImportMovements creates the missing categories and all the movements in
// one transaction — all or nothing — and marks the upload committed (its file
// is dropped). An upload is committed at most once: a repeated or concurrent
// commit changes nothing and is already_committed, with the first result.
// The movements stream into the database (movementWriter): the commit holds
// a batch of them at a time, not the file's rows.
func (db *DB) ImportMovements(ctx context.Context, ledgerID, uploadID int64, src ImportSource) (int, int, error) {
	if db.sliced(src) {
		return db.importInSlices(ctx, ledgerID, uploadID, src)
	}
	var res ImportResult
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		res = ImportResult{}
		if err := tx.bulkLoad(ctx); err != nil {
			return err
		}
		if err := bankUploads.claim(ctx, tx, ledgerID, uploadID); err != nil {
			return err
		}
		byName, created, err := importCategories(ctx, tx, ledgerID, src.Categories)
		if err != nil {
			return err
		}
		res.CategoriesCreated = created
		existing, err := existingMovements(ctx, tx, ledgerID, src.AccountID, src.From, src.To)
		if err != nil {
			return err
		}
		r, err := loadRefs(ctx, tx, ledgerID)
		if err != nil {
			return err
		}
		w := newMovementWriter(ctx, tx, ledgerID, r)
		w.bulk()
		if w.pg != nil {
			defer w.drain()
		}
		err = readAhead(src, existing, readAheadBatches(db.dialect), func(d *finance.ImportDraft) bool {
			if w.err = importDraft(byName, d); w.err != nil {
				return false
			}
			w.add(&d.MovementDraft)
			if w.err == nil && db.slices.hook != nil && db.slices.rows > 0 && w.n%db.slices.rows == 0 {
				// Tests: the same points as a commit in slices, inside the one transaction.
				w.err = db.slices.hook(ctx, w.n/db.slices.rows)
			}
			return w.err == nil
		})
		n, werr := w.close()
		if err = cmp.Or(err, werr); err != nil {
			return err
		}
		res.Created = n
		return finishImport(ctx, tx, ledgerID, uploadID, src, res)
	})
	if err == nil && res.Created >= largeLoad {
		// The movements are committed; stale statistics would only cost speed.
		db.refreshStatisticsSoon()
	}
	return res.Created, res.CategoriesCreated, err
}

// finishImport ends a commit, in its last transaction, the upload claimed:
// the file's balance kept as a checkpoint, the import in the ledger's
// activity and its result with the upload, for a repeated commit to say.
func finishImport(ctx context.Context, tx *Tx, ledgerID, uploadID int64, src ImportSource, res ImportResult) error {
	if src.Balance != nil && finance.ValidDate(src.Balance.Date) {
		if _, err := tx.Exec(ctx, `INSERT INTO checkpoints (ledger_id, account_id, date, balance, source, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
			ledgerID, src.AccountID, src.Balance.Date, src.Balance.Amount, finance.CheckpointImport, tx.db.NowMillis()); err != nil {
			return err
		}
	}
	if err := tx.logActivity(ctx, finance.ActImported, finance.SubjectMovement, uploadID, int64(res.Created), finance.ActivityDetails{}); err != nil {
		return err
	}
	b, _ := json.Marshal(res)
	_, err := tx.Exec(ctx, `UPDATE imports SET result = ? WHERE ledger_id = ? AND id = ?`, string(b), ledgerID, uploadID)
	return err
}

// importDraft readies an import's row for its movement: the categories it
// names (byName: importCategories) by id, and its state.
func importDraft(byName map[string]int64, d *finance.ImportDraft) error {
	if d.CategoryID == 0 && d.CategoryName != "" && d.Type != finance.MovementTransfer {
		id, ok := byName[d.Type+"|"+finance.NameKey(d.CategoryName)]
		if !ok {
			return fmt.Errorf("import: category %s %q is not among the source's categories", d.Type, d.CategoryName)
		}
		d.CategoryID = id
	}
	for i, name := range d.SplitCategoryNames {
		if i >= len(d.Splits) || d.Splits[i].CategoryID != 0 || name == "" {
			continue
		}
		id, ok := byName[d.Type+"|"+finance.NameKey(name)]
		if !ok {
			return fmt.Errorf("import: category %s %q of a line is not among the source's categories", d.Type, name)
		}
		d.Splits[i].CategoryID = id
	}
	if d.State == "" {
		d.State = finance.StateCleared // the bank's own file shows it
	}
	return nil
}

// readAheadRows drafts make a batch of readAhead, of which a few wait at
// most (the reading stops until one is taken): drafts are held by the
// thousand, not the file.
const readAheadRows = 256

// readAheadBatches wait at most: on SQLite two (with the one being read and
// the one being written about a thousand drafts; the writing goes on
// between SQLite's statements, in the same goroutine); on PostgreSQL a
// COPY's worth (streamBatchRows), which is read while the COPY runs,
// instead of after it, when the writing goroutine is back (about 0.1 s of
// a 100,000-row import).
func readAheadBatches(d Dialect) int {
	if d == Postgres {
		return streamBatchRows / readAheadRows
	}
	return 2
}

// readAhead reads src's rows on a goroutine of its own and hands them to
// write in order on the caller's, which writes them to the database: the
// file's parsing (a fifth of a large import's time) runs beside SQLite's or
// PostgreSQL's work instead of between its statements. write answers false
// to stop: the rest of the file is read but not handed over. readAhead
// returns once the reading has ended, with its error; if write panics, the
// reading is told to stop before the panic goes on.
func readAhead(src ImportSource, existing finance.ImportExisting, queued int, write func(*finance.ImportDraft) bool) error {
	r := startReading(src, existing, queued)
	defer r.stopReading()
	for d := r.next(); d != nil; d = r.next() {
		if !write(d) {
			break
		}
	}
	return r.close()
}

// draftReader is src's rows read ahead on a goroutine of their own, taken one
// at a time (next) by the writing goroutine, across as many transactions as
// it likes (a commit in slices).
type draftReader struct {
	batches chan []finance.ImportDraft
	// Batches go back to the reading once written: a large file would
	// otherwise leave a few dozen MB of them to the garbage collector.
	free        chan []finance.ImportDraft
	stopReading func()
	done        chan error
	cur         []finance.ImportDraft
	i           int
}

// startReading starts reading src; queued batches wait at most.
func startReading(src ImportSource, existing finance.ImportExisting, queued int) *draftReader {
	stop := make(chan struct{})
	r := &draftReader{batches: make(chan []finance.ImportDraft, queued), free: make(chan []finance.ImportDraft, queued+2),
		stopReading: sync.OnceFunc(func() { close(stop) }), done: make(chan error, 1)}
	go func() {
		defer close(r.batches)
		next := func() []finance.ImportDraft {
			select {
			case b := <-r.free:
				return b[:0]
			default:
				return make([]finance.ImportDraft, 0, readAheadRows)
			}
		}
		batch := next()
		stopped := false
		send := func() {
			select {
			case r.batches <- batch:
			case <-stop:
				stopped = true
			}
			batch = next()
		}
		err := readRows(src, existing, func(d *finance.ImportDraft) {
			if stopped {
				return
			}
			batch = append(batch, *d) // write copies the draft: d may be reused
			if len(batch) == readAheadRows {
				send()
			}
		})
		if err == nil && !stopped && len(batch) > 0 {
			send()
		}
		r.done <- err
	}()
	return r
}

// next is the next row, nil after the last. The row stays the caller's
// until the next call but one (its batch is then reused).
func (r *draftReader) next() *finance.ImportDraft {
	for r.i == len(r.cur) {
		if r.cur != nil {
			clear(r.cur) // its strings are the writer's now, or gone
			select {
			case r.free <- r.cur:
			default:
			}
			r.cur = nil
		}
		b, ok := <-r.batches
		if !ok {
			return nil
		}
		r.cur, r.i = b, 0
	}
	r.i++
	return &r.cur[r.i-1]
}

// close stops the reading where it is and returns once it has ended, with
// its error.
func (r *draftReader) close() error {
	r.stopReading()
	for range r.batches { // until the reading ends
	}
	return <-r.done
}

// readRows runs src.Rows; a panic in it is its error (with the stack, for the
// server's log): on the reading's own goroutine it would stop the server,
// not the request.
func readRows(src ImportSource, existing finance.ImportExisting, write func(*finance.ImportDraft)) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("import: reading the file: %v\n%s", p, debug.Stack())
		}
	}()
	return src.Rows(existing, write)
}

// importCategories returns the ledger's categories by type|NameKey (the
// first by position when names repeat), creating those of want it lacks as
// top-level categories, and how many it created.
func importCategories(ctx context.Context, tx *Tx, ledgerID int64, want []finance.NewCategory) (map[string]int64, int, error) {
	byName := map[string]int64{}
	// A subcategory also answers to its full name, "Parent / Child" (as the
	// CSV export writes it).
	rows, err := tx.Query(ctx, `SELECT c.id, c.type, c.name_key, COALESCE(p.name_key, '') FROM categories c
		LEFT JOIN categories p ON p.id = c.parent_id WHERE c.ledger_id = ? ORDER BY c.parent_key, c.id`, ledgerID)
	if err != nil {
		return nil, 0, err
	}
	for rows.Next() {
		var id int64
		var typ, key, parent string
		if err := rows.Scan(&id, &typ, &key, &parent); err != nil {
			rows.Close()
			return nil, 0, err
		}
		for _, k := range []string{key, finance.CategoryPath(parent, key)} {
			if _, seen := byName[typ+"|"+k]; !seen && k != "" {
				byName[typ+"|"+k] = id
			}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	created := 0
	for _, c := range want {
		k := c.Type + "|" + finance.NameKey(c.Name)
		if _, ok := byName[k]; ok || c.Type == finance.MovementTransfer {
			continue
		}
		id, err := insertCategory(ctx, tx, ledgerID, 0, c.Type, strings.TrimSpace(c.Name), "#868e96", "dots", nil)
		if err != nil {
			return nil, 0, err
		}
		byName[k] = id
		created++
	}
	return byName, created, nil
}

// uploadGone explains why an upload cannot be read or committed: it was
// committed already (with what that commit did), or it does not exist.
func uploadGone(ctx context.Context, q Querier, ledgerID, uploadID int64) error {
	var result string
	err := q.QueryRow(ctx, `SELECT result FROM imports WHERE ledger_id = ? AND id = ? AND committed_at IS NOT NULL`, ledgerID, uploadID).Scan(&result)
	if err != nil {
		return NotFound(err, "import")
	}
	var res ImportResult
	_ = json.Unmarshal([]byte(result), &res)
	return finance.Errorf(finance.ECodeAlreadyCommitted, "this file was imported already (%d movements); importing it again adds nothing", res.Created)
}
