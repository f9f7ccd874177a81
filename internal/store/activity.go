package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"

	"cashcontrol/internal/finance"
)

// The activity of a ledger: each write of its movements, accounts,
// categories, members and invitations records who did what in the same
// transaction (Tx.logActivity), so the record and the change commit together.

// MaxActivityPage is the most entries one page of activity holds.
const MaxActivityPage = 200

// logActivity records an entry of the transaction's ledger by its actor.
// subjectID 0 is none (a bulk change of count things).
func (t *Tx) logActivity(ctx context.Context, action, subject string, subjectID, count int64, d finance.ActivityDetails) error {
	details, _ := json.Marshal(d)
	_, err := t.Exec(ctx, `INSERT INTO ledger_activity (ledger_id, user_id, at, action, subject, subject_id, count, details)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, t.ledgerID, nullID(t.actor), t.db.NowMillis(), action, subject, nullID(subjectID), count, string(details))
	return err
}

// movementDetails names a movement in the activity.
func movementDetails(m *finance.Movement) finance.ActivityDetails {
	return finance.ActivityDetails{Name: m.Description, Type: m.Type, Amount: m.Amount, Currency: m.Currency, Date: m.Date}
}

// Activity is a page of the ledger's activity, newest first, before the
// entry before (0: from the newest); next is the cursor of the next page (0: none).
func (db *DB) Activity(ctx context.Context, ledgerID, before int64, limit int) (items []finance.Activity, next int64, err error) {
	if limit <= 0 || limit > MaxActivityPage {
		limit = MaxActivityPage
	}
	q := `SELECT a.id, a.at, a.user_id, COALESCE(u.name, ''), COALESCE(u.last_name, ''), a.action, a.subject, a.subject_id, a.count, a.details
		FROM ledger_activity a LEFT JOIN users u ON u.id = a.user_id WHERE a.ledger_id = ?`
	args := []any{ledgerID}
	if before > 0 {
		q += ` AND a.id < ?`
		args = append(args, before)
	}
	rows, err := db.Query(ctx, q+` ORDER BY a.id DESC LIMIT ?`, append(args, limit+1)...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	items = []finance.Activity{}
	for rows.Next() {
		var a finance.Activity
		var user, subject sql.NullInt64
		var name, last, details string
		if err := rows.Scan(&a.ID, &a.At, &user, &name, &last, &a.Action, &a.Subject, &subject, &a.Count, &details); err != nil {
			return nil, 0, err
		}
		a.UserID, a.SubjectID = nullable(user), nullable(subject)
		a.UserName = strings.TrimSpace(name + " " + last)
		// Details the server wrote itself; an entry whose details cannot be
		// read still shows what was done.
		_ = json.Unmarshal([]byte(details), &a.Details)
		items = append(items, a)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	if len(items) > limit {
		items = items[:limit]
		next = items[limit-1].ID
	}
	return items, next, nil
}

// writeLedgerLogged is writeLedger for a change of one account or category
// (table): fn's change is recorded as action on the row *id (set by fn for a
// creation), named as it is after fn (before, for a deletion).
func (db *DB) writeLedgerLogged(ctx context.Context, ledgerID int64, action, subject, table string, id *int64, fn func(*Tx) error) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		name := func() (string, error) {
			var n string
			err := tx.QueryRow(ctx, `SELECT name FROM `+table+` WHERE ledger_id = ? AND id = ?`, ledgerID, *id).Scan(&n)
			if err == sql.ErrNoRows {
				err = nil
			}
			return n, err
		}
		var before string
		if action == finance.ActDeleted {
			var err error
			if before, err = name(); err != nil {
				return err
			}
		}
		if err := fn(tx); err != nil {
			return err
		}
		if action != finance.ActDeleted {
			var err error
			if before, err = name(); err != nil {
				return err
			}
		}
		return tx.logActivity(ctx, action, subject, *id, 1, finance.ActivityDetails{Name: before})
	})
}
