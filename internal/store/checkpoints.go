package store

import (
	"context"
	"database/sql"
	"slices"

	"cashcontrol/internal/finance"
)

// maxCheckpoints is how many of an account's latest checkpoints the list
// shows.
const maxCheckpoints = 100

// Checkpoints lists the account's checkpoints (the balances its imported
// bank files stated), newest first, each beside the app's balance on its
// date (every movement up to and including it, whatever its state). The
// rule for where a disagreement starts is simple: it is the first date of a
// movement of the account after the last earlier checkpoint that agrees (or
// the account's first movement's date when none does), up to the
// checkpoint's date; nil when no movement lies there.
func (db *DB) Checkpoints(ctx context.Context, ledgerID, accountID int64) ([]finance.Checkpoint, error) {
	if _, err := db.Account(ctx, ledgerID, accountID); err != nil {
		return nil, err
	}
	rows, err := db.Query(ctx, `SELECT id, date, balance, source, created_at FROM checkpoints
		WHERE ledger_id = ? AND account_id = ? ORDER BY date DESC, id DESC LIMIT ?`, ledgerID, accountID, maxCheckpoints)
	if err != nil {
		return nil, err
	}
	out := []finance.Checkpoint{}
	for rows.Next() {
		var c finance.Checkpoint
		if err := rows.Scan(&c.ID, &c.Date, &c.Balance, &c.Source, &c.CreatedAt); err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	slices.Reverse(out) // oldest first, to find the last agreeing one
	agreed := ""        // the date of the last agreeing checkpoint so far
	for i := range out {
		c := &out[i]
		if c.AppBalance, err = balanceOn(ctx, db, ledgerID, accountID, c.Date, allStates); err != nil {
			return nil, err
		}
		c.Agrees = c.AppBalance == c.Balance
		if c.Agrees {
			agreed = c.Date
			continue
		}
		var first sql.NullString
		if err := db.QueryRow(ctx, `SELECT MIN(m.date) FROM movements m WHERE m.ledger_id = ? AND (m.account_id = ? OR m.to_account_id = ?)
			AND m.date > ? AND m.date <= ?`, ledgerID, accountID, accountID, agreed, c.Date).Scan(&first); err != nil {
			return nil, err
		}
		if first.Valid {
			c.DivergesFrom = &first.String
		}
	}
	slices.Reverse(out)
	return out, nil
}
