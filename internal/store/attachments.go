package store

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"time"

	"cashcontrol/internal/files"
	"cashcontrol/internal/finance"
)

// Attachments: a row per file, the bytes in the file store (files.Store).
// A new file is written before its row, and removed again when the row's
// transaction fails; a row's deletion removes its files once it commits
// (Tx.gone, dropFiles), so a file store never loses a file a row names.

const attachmentColumns = `id, movement_id, name, content_type, size, width, height, thumb_key <> '', created_at`

func scanAttachment(s RowScanner) (*finance.Attachment, error) {
	var a finance.Attachment
	if err := s.Scan(&a.ID, &a.MovementID, &a.Name, &a.ContentType, &a.Size, &a.Width, &a.Height, &a.Thumbnail, &a.CreatedAt); err != nil {
		return nil, err
	}
	return &a, nil
}

var errNoFileStore = errors.New("attachments: no file store")

// NewAttachment is a file to keep with a movement, prepared already
// (PrepareAttachment: inspected, stripped, with its thumbnail).
type NewAttachment struct {
	Name      string
	Data      []byte
	Info      files.Info
	Thumbnail []byte // nil: none
}

// PrepareAttachment reads a file to attach (files.Images.Prepare): its
// type from its bytes, an image within what it may cost to decode, its
// metadata stripped and its thumbnail made, a few at a time.
func (db *DB) PrepareAttachment(ctx context.Context, name string, data []byte) (NewAttachment, error) {
	p, err := db.images.Prepare(ctx, data, nil)
	if err != nil {
		return NewAttachment{}, err
	}
	return NewAttachment{Name: name, Data: p.Data, Info: p.Info, Thumbnail: p.Thumbnail}, nil
}

// AddAttachment keeps a file with one of the ledger's movements: at most
// finance.MaxAttachmentsPerMovement each.
func (db *DB) AddAttachment(ctx context.Context, ledgerID, movementID int64, in NewAttachment) (*finance.Attachment, error) {
	if db.files == nil {
		return nil, errNoFileStore
	}
	name := finance.Truncate(in.Name, finance.MaxAttachmentName)
	if name == "" {
		name = "file"
	}
	key, thumb := files.NewKey(), ""
	if err := db.files.Put(ctx, key, in.Data); err != nil {
		return nil, err
	}
	written := []string{key}
	if in.Thumbnail != nil {
		thumb = files.NewKey()
		if err := db.files.Put(ctx, thumb, in.Thumbnail); err != nil {
			db.removeFiles(ctx, written)
			return nil, err
		}
		written = append(written, thumb)
	}
	var id int64
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		var n int64
		if err := tx.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM attachments WHERE movement_id = m.id) FROM movements m
			WHERE m.ledger_id = ? AND m.id = ?`, ledgerID, movementID).Scan(&n); err != nil {
			return NotFound(err, "movement")
		}
		if n >= finance.MaxAttachmentsPerMovement {
			return finance.Errorf(finance.ECodeTooManyFiles, "a movement keeps at most %d files", finance.MaxAttachmentsPerMovement)
		}
		if err := tx.checkAttachmentQuota(ctx, ledgerID, int64(len(in.Data))); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `INSERT INTO attachments (ledger_id, movement_id, name, content_type, size, width, height, file_key, thumb_key, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, ledgerID, movementID, name, in.Info.ContentType, len(in.Data),
			in.Info.Width, in.Info.Height, key, thumb, db.NowMillis()).Scan(&id)
	})
	if err != nil {
		db.removeFiles(ctx, written)
		return nil, err
	}
	return scanAttachment(db.QueryRow(ctx, `SELECT `+attachmentColumns+` FROM attachments WHERE id = ?`, id))
}

// Attachments lists the files of one of the ledger's movements, oldest first.
func (db *DB) Attachments(ctx context.Context, ledgerID, movementID int64) ([]finance.Attachment, error) {
	var one int
	if err := db.QueryRow(ctx, `SELECT 1 FROM movements WHERE ledger_id = ? AND id = ?`, ledgerID, movementID).Scan(&one); err != nil {
		return nil, NotFound(err, "movement")
	}
	rows, err := db.Query(ctx, `SELECT `+attachmentColumns+` FROM attachments WHERE ledger_id = ? AND movement_id = ? ORDER BY id`, ledgerID, movementID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []finance.Attachment{}
	for rows.Next() {
		a, err := scanAttachment(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *a)
	}
	return out, rows.Err()
}

// OpenAttachment opens one of the ledger's files (its thumbnail with
// thumbnail; not_found when it has none). The caller closes it.
func (db *DB) OpenAttachment(ctx context.Context, ledgerID, id int64, thumbnail bool) (*finance.Attachment, io.ReadSeekCloser, error) {
	var fileKey, thumbKey string
	row := db.QueryRow(ctx, `SELECT `+attachmentColumns+`, file_key, thumb_key FROM attachments WHERE ledger_id = ? AND id = ?`, ledgerID, id)
	var a finance.Attachment
	if err := row.Scan(&a.ID, &a.MovementID, &a.Name, &a.ContentType, &a.Size, &a.Width, &a.Height, &a.Thumbnail, &a.CreatedAt, &fileKey, &thumbKey); err != nil {
		return nil, nil, NotFound(err, "attachment")
	}
	key := fileKey
	if thumbnail {
		if thumbKey == "" {
			return nil, nil, finance.Errorf(finance.ECodeNotFound, "this file has no thumbnail")
		}
		key = thumbKey
	}
	if db.files == nil {
		return nil, nil, errNoFileStore
	}
	f, err := db.files.Open(ctx, key)
	if err != nil {
		return nil, nil, err
	}
	return &a, f, nil
}

// DeleteAttachment deletes one of the ledger's files.
func (db *DB) DeleteAttachment(ctx context.Context, ledgerID, id int64) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		if err := tx.dropFiles(ctx, `id = ?`, id); err != nil {
			return err
		}
		res, err := tx.Exec(ctx, `DELETE FROM attachments WHERE ledger_id = ? AND id = ?`, ledgerID, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return finance.Errorf(finance.ECodeNotFound, "attachment not found")
		}
		return nil
	})
}

// dropFiles notes the files of the ledger's attachments that match where
// (an SQL condition on attachments) for removal once the transaction
// commits: their rows go with the movement or here.
func (t *Tx) dropFiles(ctx context.Context, where string, args ...any) error {
	keys, err := attachmentKeys(ctx, t, `ledger_id = ? AND `+where, append([]any{t.ledgerID}, args...)...)
	t.gone = append(t.gone, keys...)
	return err
}

// removeFiles deletes files from the file store; a failure is logged (the
// file is only space lost: no row names it any more).
func (db *DB) removeFiles(ctx context.Context, keys []string) {
	if db.files == nil {
		return
	}
	for _, k := range keys {
		if err := db.files.Delete(context.WithoutCancel(ctx), k); err != nil {
			slog.Warn("attachments: a file was not removed", "key", k, "err", err)
		}
	}
}

// attachmentKeys lists the file keys (files and thumbnails) of the
// attachments that match where.
func attachmentKeys(ctx context.Context, q RowsQuerier, where string, args ...any) ([]string, error) {
	rows, err := q.Query(ctx, `SELECT file_key, thumb_key FROM attachments WHERE `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var f, th string
		if err := rows.Scan(&f, &th); err != nil {
			return nil, err
		}
		out = append(out, f)
		if th != "" {
			out = append(out, th)
		}
	}
	return out, rows.Err()
}

// SweepFiles removes the files written before t that no attachment names,
// when the file store lists its files (files.Lister): a crash (kill -9)
// between a file's write and the commit of its row, an upload's or a
// ledger import's, leaves them. A file written since t is spared: another
// server's write may be on its way to its commit.
func (db *DB) SweepFiles(ctx context.Context, before time.Time) (int, error) {
	l, ok := db.files.(files.Lister)
	if !ok {
		return 0, nil
	}
	removed := 0
	err := l.Files(ctx, before, func(keys []string) error {
		for len(keys) > 0 {
			batch := keys[:min(len(keys), 500)]
			keys = keys[len(batch):]
			in := strings.Repeat("?, ", len(batch)-1) + "?"
			args := make([]any, 0, 2*len(batch))
			for _, k := range batch {
				args = append(args, k)
			}
			named, err := attachmentKeys(ctx, db, `file_key IN (`+in+`) OR thumb_key IN (`+in+`)`, append(args, args...)...)
			if err != nil {
				return err
			}
			keep := map[string]bool{}
			for _, k := range named {
				keep[k] = true
			}
			for _, k := range batch {
				if keep[k] {
					continue
				}
				if err := db.files.Delete(ctx, k); err != nil {
					return err
				}
				removed++
			}
		}
		return nil
	})
	return removed, err
}
