package store

import (
	"cmp"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"cashcontrol/internal/files"
	"cashcontrol/internal/finance"
)

// A ledger import is a file that becomes a new ledger: the user's own export
// or another app's (Profile → Import a ledger). The file waits in
// ledger_imports, as a bank file waits in imports, until its preview is
// confirmed; committing it creates the ledger whole or not at all, once.

// SaveLedgerUpload stores a file for a ledger import of the user, within
// the limits of waiting files (too_many_pending_imports past them), with the
// preview it was answered with (LedgerUploadPreview).
func (db *DB) SaveLedgerUpload(ctx context.Context, userID int64, name, format string, data []byte, lim UploadLimits, preview StoredPreview) (int64, error) {
	stored, err := db.prepareUpload(ctx, data)
	if err != nil {
		return 0, err
	}
	var id int64
	err = db.Write(ctx, func(tx *Tx) error {
		if err := lockUser(ctx, tx, userID); err != nil {
			return err
		}
		if id, err = ledgerUploads.save(ctx, tx, userID, name, format, stored, lim); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE ledger_imports SET preview_key = ?, preview = ? WHERE id = ?`, preview.Key, preview.JSON, id)
		return err
	})
	return id, err
}

// StoredPreview is the preview an upload was answered with (JSON), and
// the choices it was made with (Key), so that the same preview asked again
// is answered without reading the file.
type StoredPreview struct {
	Key  string
	JSON string
}

// LedgerUploadPreview is the preview kept with a waiting file of the
// user's (an empty one when none was kept); errors as LedgerUpload's.
func (db *DB) LedgerUploadPreview(ctx context.Context, userID, id int64) (StoredPreview, error) {
	var p StoredPreview
	err := db.QueryRow(ctx, `SELECT preview_key, preview FROM ledger_imports WHERE user_id = ? AND id = ? AND created_at >= ? AND committed_at IS NULL`,
		userID, id, db.now().Add(-uploadTTL).UnixMilli()).Scan(&p.Key, &p.JSON)
	if errors.Is(err, sql.ErrNoRows) {
		return p, ledgerUploads.gone(ctx, db, userID, id)
	}
	return p, err
}

// userLockClass is the first key of the advisory lock lockUser takes.
const userLockClass = 0x636c6564 // "cled": a user's ledgers and uploads

// lockUser serializes, on PostgreSQL (SQLite has one writer), the writes
// that count a user's things (ledgers, waiting files): an advisory lock
// held to the transaction's end. Not the user's row: a long import would
// hold it, and every update of the user (profile, current ledger) would
// wait. Two users whose ids share the lock's low 31 bits only wait for
// each other.
func lockUser(ctx context.Context, tx *Tx, userID int64) error {
	if tx.db.dialect != Postgres {
		return nil
	}
	_, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(?, ?)`, int32(userLockClass), int32(userID&0x7fffffff))
	return err
}

// LedgerUpload loads a waiting file of the user's; another user's, or one
// older than a day, is not_found, and a committed one already_committed.
func (db *DB) LedgerUpload(ctx context.Context, userID, id int64) (*Upload, error) {
	u, err := ledgerUploads.load(ctx, db, userID, id)
	if err != nil {
		return nil, err
	}
	if _, err := u.Bytes(); err != nil { // read whole: Data
		return nil, err
	}
	return u, nil
}

// DeleteLedgerUpload discards a waiting file of the user's.
func (db *DB) DeleteLedgerUpload(ctx context.Context, userID, id int64) error {
	return db.Write(ctx, func(tx *Tx) error { return ledgerUploads.discard(ctx, tx, userID, id) })
}

func ledgerUploadGone(ctx context.Context, q Querier, userID, id int64) error {
	var result string
	err := q.QueryRow(ctx, `SELECT result FROM ledger_imports WHERE user_id = ? AND id = ? AND committed_at IS NOT NULL`, userID, id).Scan(&result)
	if err != nil {
		return NotFound(err, "import")
	}
	var res finance.LedgerImportResult
	_ = json.Unmarshal([]byte(result), &res)
	return finance.Errorf(finance.ECodeAlreadyCommitted, "this file was imported already, as the ledger %q", res.Name)
}

// CreateLedgerFrom commits a ledger import: it creates a ledger named name
// in base (an ISO 4217 code the instance knows), owned by u, holding the
// cleaned snapshot (finance.LedgerSnapshot.Clean), in one transaction — all
// or nothing — and marks the upload committed. A repeated or concurrent
// commit of the upload creates nothing and is already_committed.
func (db *DB) CreateLedgerFrom(ctx context.Context, u *finance.User, uploadID int64, name, base string, s *finance.LedgerSnapshot) (finance.LedgerImportResult, error) {
	var res finance.LedgerImportResult
	name, err := finance.CleanLedgerName(name)
	if err != nil {
		return res, err
	}
	base = strings.ToUpper(strings.TrimSpace(base))
	if !db.currencies.Known(base) {
		return res, finance.FieldErr("baseCurrency", finance.FCodeUnknown, "unknown currency")
	}
	cats, err := s.CategoriesInOrder()
	if err != nil {
		return res, finance.Errorf(finance.ECodeInvalid, "the file's categories: %v", err)
	}
	// The files go to the file store first; the rows that name them are
	// written in the transaction, and the files removed if it fails.
	stored, err := db.putSnapshotFiles(ctx, s.Attachments)
	if err != nil {
		return res, err
	}
	if db.dialect == SQLite && len(s.Movements) > ledgerSliceRows {
		res, err = db.createLedgerInSlices(ctx, u, uploadID, name, base, s, cats, stored)
	} else {
		res, err = db.createLedgerAtOnce(ctx, u, uploadID, name, base, s, cats, stored)
	}
	if err != nil {
		db.removeFiles(ctx, stored.keys())
		return finance.LedgerImportResult{}, err
	}
	if res.Movements >= largeLoad {
		db.refreshStatisticsSoon()
	}
	return res, nil
}

// createLedgerAtOnce writes the ledger in one transaction.
func (db *DB) createLedgerAtOnce(ctx context.Context, u *finance.User, uploadID int64, name, base string, s *finance.LedgerSnapshot,
	cats []finance.SnapshotCategory, stored snapshotFiles) (finance.LedgerImportResult, error) {
	var res finance.LedgerImportResult
	err := db.Write(ctx, func(tx *Tx) error {
		res = finance.LedgerImportResult{Name: name}
		if err := ledgerUploads.claim(ctx, tx, u.ID, uploadID); err != nil {
			return err
		}
		// A large ledger writes as a large bank import does: within a
		// bounded page cache, its log checkpointed after (bulkLoad).
		if len(s.Movements) >= largeLoad {
			if err := tx.bulkLoad(ctx); err != nil {
				return err
			}
		}
		id, err := insertLedger(ctx, tx, u, name, base)
		if err != nil {
			return err
		}
		tx.ledgerID, res.LedgerID = id, id
		w := snapshotWriter{tx: tx, ledgerID: id, base: base, s: s, res: &res}
		if err := w.write(ctx, cats, stored); err != nil {
			return err
		}
		return finishLedgerImport(ctx, tx, uploadID, res)
	})
	return res, err
}

// finishLedgerImport logs the import in the new ledger's activity, keeps
// its result with the upload (what a later commit of it is told) and checks
// the ledger's limits.
func finishLedgerImport(ctx context.Context, tx *Tx, uploadID int64, res finance.LedgerImportResult) error {
	if err := tx.logActivity(ctx, finance.ActImported, finance.SubjectMovement, uploadID, int64(res.Movements), finance.ActivityDetails{}); err != nil {
		return err
	}
	b, _ := json.Marshal(res)
	if _, err := tx.Exec(ctx, `UPDATE ledger_imports SET result = ? WHERE id = ?`, string(b), uploadID); err != nil {
		return err
	}
	return tx.checkLimits(ctx)
}

// insertLedger creates a ledger owned by u (within the ledgers' quota).
func insertLedger(ctx context.Context, tx *Tx, u *finance.User, name, base string) (int64, error) {
	id, err := insertLedgerRow(ctx, tx, u, name, base, false)
	if err != nil {
		return 0, err
	}
	return id, addOwner(ctx, tx, id, u.ID)
}

// insertLedgerRow creates the ledger's row, owned by u, within the ledgers'
// quota; staged: marked as being imported (importing_since).
func insertLedgerRow(ctx context.Context, tx *Tx, u *finance.User, name, base string, staged bool) (int64, error) {
	if err := lockUser(ctx, tx, u.ID); err != nil {
		return 0, err
	}
	if err := tx.checkLedgerQuota(ctx, u.ID); err != nil {
		return 0, err
	}
	now := tx.db.NowMillis()
	var since *int64
	if staged {
		since = &now
	}
	var id int64
	if err := tx.QueryRow(ctx, `INSERT INTO ledgers (owner_id, name, base_currency, created_at, importing_since) VALUES (?, ?, ?, ?, ?) RETURNING id`,
		u.ID, name, base, now, since).Scan(&id); err != nil {
		return 0, fmt.Errorf("insert ledger: %w", err)
	}
	return id, nil
}

// addOwner makes the user the ledger's owner member.
func addOwner(ctx context.Context, tx *Tx, ledgerID, userID int64) error {
	_, err := tx.Exec(ctx, `INSERT INTO ledger_members (ledger_id, user_id, role, created_at) VALUES (?, ?, ?, ?)`,
		ledgerID, userID, finance.RoleOwner, tx.db.NowMillis())
	return err
}

// snapshotFile is an attachment's file put in the file store (key "": a
// file the app does not take, left out).
type snapshotFile struct {
	key, thumb  string
	contentType string
	size        int64
	width       int
	height      int
}

type snapshotFiles []snapshotFile

func (f snapshotFiles) keys() []string {
	var out []string
	for _, x := range f {
		if x.key == "" {
			continue
		}
		out = append(out, x.key)
		if x.thumb != "" {
			out = append(out, x.thumb)
		}
	}
	return out
}

// MaxImportDecodedBytes bounds what a ledger import's images may cost
// decoded in all (their thumbnails): past it, an image is kept without
// one. A file named by many rows is read and decoded once.
const MaxImportDecodedBytes = 8 * files.MaxDecodedBytes

// putSnapshotFiles writes the attachments' files (and an image's
// thumbnail) to the file store, in the snapshot's order: each prepared as
// an upload is (PrepareAttachment), within MaxImportDecodedBytes.
func (db *DB) putSnapshotFiles(ctx context.Context, atts []finance.SnapshotAttachment) (snapshotFiles, error) {
	if len(atts) == 0 {
		return nil, nil
	}
	if db.files == nil {
		return nil, errNoFileStore
	}
	budget := files.NewBudget(cmp.Or(db.importDecoded, MaxImportDecodedBytes))
	seen := map[[sha256.Size]byte]*files.Prepared{} // the same bytes named again
	var out snapshotFiles
	for _, a := range atts {
		data, err := readAll(a.Open)
		if err != nil {
			db.removeFiles(ctx, out.keys())
			return nil, finance.Errorf(finance.ECodeInvalid, "the file %q could not be read: %v", a.Name, err)
		}
		sum := sha256.Sum256(data)
		p := seen[sum]
		if p == nil {
			// Only what the app takes as an attachment: a file of another
			// type, or an image too large, is left out, as an upload of it
			// would be refused.
			prepared, err := db.images.Prepare(ctx, data, budget)
			if err != nil && ctx.Err() != nil {
				db.removeFiles(ctx, out.keys())
				return nil, ctx.Err()
			}
			if err != nil {
				prepared = files.Prepared{}
			}
			p = &prepared
			seen[sum] = p
		}
		if p.Data == nil {
			out = append(out, snapshotFile{})
			continue
		}
		f := snapshotFile{key: files.NewKey(), contentType: p.Info.ContentType, size: int64(len(p.Data)), width: p.Info.Width, height: p.Info.Height}
		if p.Thumbnail != nil {
			f.thumb = files.NewKey()
			if err := db.files.Put(ctx, f.thumb, p.Thumbnail); err != nil {
				db.removeFiles(ctx, out.keys())
				return nil, err
			}
		}
		if err := db.files.Put(ctx, f.key, p.Data); err != nil {
			db.removeFiles(ctx, append(out, snapshotFile{key: f.thumb}).keys())
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

func readAll(open func() (io.ReadCloser, error)) ([]byte, error) {
	r, err := open()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}
