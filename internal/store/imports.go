package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"cashcontrol/internal/finance"
)

// Upload is a stored bank file.
type Upload struct {
	ID       int64
	FileName string
	Format   string
	Data     []byte
}

// uploadTTL is how long an unfinished import is kept.
const uploadTTL = 24 * time.Hour

// SaveUpload stores a file for the ledger (and drops the ledger's stale ones).
func (db *DB) SaveUpload(ctx context.Context, ledgerID int64, name, format string, data []byte) (int64, error) {
	var id int64
	err := db.write(ctx, func(tx *Tx) error {
		now := db.now()
		if _, err := tx.exec(ctx, `DELETE FROM imports WHERE ledger_id = ? AND created_at < ?`, ledgerID, now.Add(-uploadTTL).UnixMilli()); err != nil {
			return err
		}
		return tx.queryRow(ctx, `INSERT INTO imports (ledger_id, file_name, format, data, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
			ledgerID, name, format, data, now.UnixMilli()).Scan(&id)
	})
	return id, err
}

// Upload loads a stored file of the ledger; another ledger's is not_found.
func (db *DB) Upload(ctx context.Context, ledgerID, id int64) (*Upload, error) {
	var u Upload
	err := db.queryRow(ctx, `SELECT id, file_name, format, data FROM imports WHERE ledger_id = ? AND id = ?`, ledgerID, id).
		Scan(&u.ID, &u.FileName, &u.Format, &u.Data)
	if err != nil {
		return nil, notFound(err, "import")
	}
	return &u, nil
}

// DuplicateKey identifies a movement for duplicate detection on import.
func DuplicateKey(date, typ string, amount int64, description string) string {
	return date + "|" + typ + "|" + fmt.Sprint(amount) + "|" + strings.ToLower(strings.TrimSpace(description))
}

// ExistingMovements returns, for one account and period, how many movements
// share each duplicate key, and the set of bank transaction ids (FITID) seen.
func (db *DB) ExistingMovements(ctx context.Context, ledgerID, accountID int64, from, to string) (map[string]int, map[string]bool, error) {
	rows, err := db.query(ctx, `SELECT date, type, amount, description, fitid FROM movements
		WHERE ledger_id = ? AND account_id = ? AND date >= ? AND date <= ?`, ledgerID, accountID, from, to)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	keys, fitids := map[string]int{}, map[string]bool{}
	for rows.Next() {
		var date, typ, desc, fitid string
		var amount int64
		if err := rows.Scan(&date, &typ, &amount, &desc, &fitid); err != nil {
			return nil, nil, err
		}
		keys[DuplicateKey(date, typ, amount, desc)]++
		if fitid != "" {
			fitids[fitid] = true
		}
	}
	return keys, fitids, rows.Err()
}

// ImportDraft is a movement from a file whose category may still be a name.
type ImportDraft struct {
	finance.MovementDraft
	// CategoryName names the category when CategoryID is 0; it is created
	// (top-level, of the movement's type) when the ledger has none by that name.
	CategoryName string
}

// ImportMovements creates the missing categories and all the movements in
// one transaction — all or nothing — and deletes the upload. It returns how
// many movements and categories it created.
func (db *DB) ImportMovements(ctx context.Context, ledgerID, uploadID int64, drafts []ImportDraft) (int, int, error) {
	created, newCats := 0, 0
	err := db.write(ctx, func(tx *Tx) error {
		created, newCats = 0, 0
		byName := map[string]int64{}
		rows, err := tx.tx.QueryContext(ctx, db.rebind(`SELECT id, type, name_key FROM categories WHERE ledger_id = ? ORDER BY parent_key, id`), ledgerID)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id int64
			var typ, key string
			if err := rows.Scan(&id, &typ, &key); err != nil {
				rows.Close()
				return err
			}
			if _, seen := byName[typ+"|"+key]; !seen {
				byName[typ+"|"+key] = id
			}
		}
		rows.Close()
		plain := make([]finance.MovementDraft, len(drafts))
		for i, d := range drafts {
			if d.CategoryID == 0 && d.CategoryName != "" && d.Type != finance.MovementTransfer {
				k := d.Type + "|" + finance.NameKey(d.CategoryName)
				id, ok := byName[k]
				if !ok {
					if id, err = insertCategory(ctx, tx, ledgerID, 0, d.Type, strings.TrimSpace(d.CategoryName), "#868e96", "dots", nil); err != nil {
						return err
					}
					byName[k] = id
					newCats++
				}
				d.CategoryID = id
			}
			plain[i] = d.MovementDraft
		}
		n, err := createMovementsTx(ctx, tx, ledgerID, plain)
		if err != nil {
			return err
		}
		created = n
		_, err = tx.exec(ctx, `DELETE FROM imports WHERE ledger_id = ? AND id = ?`, ledgerID, uploadID)
		return err
	})
	if err == nil && created >= largeLoad {
		// The movements are committed; stale statistics would only cost speed.
		_ = db.RefreshStatistics(ctx)
	}
	return created, newCats, err
}
