package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"cashcontrol/internal/finance"
)

// Posting occurrences. Every occurrence handled, posted or skipped, gets a row
// keyed by (schedule, date) in the transaction that moves the schedule past
// it, under the ledger's write lock: two servers, the job and a click, or a
// retry find the schedule already past the date, and the key refuses a
// second row if anything ever tried.

// occurrence is one handled occurrence to record.
type occurrence struct {
	scheduleID int64
	date       string
	status     string
	movementID int64
}

// Occurrence statuses.
const (
	occurrencePosted  = "posted"
	occurrenceSkipped = "skipped"
)

// advance moves the schedule past its next occurrence.
func (s *storedSchedule) advance() {
	s.lastDate = s.NextDate
	s.nextIndex++
	s.Done++
	s.NextDate = s.Rule.Next(s.nextIndex, s.Done)
}

func saveProgress(ctx context.Context, tx *Tx, ledgerID int64, s *storedSchedule) error {
	_, err := tx.Exec(ctx, `UPDATE schedules SET next_index = ?, next_date = ?, done = ?, last_date = ?, paused = ? WHERE ledger_id = ? AND id = ?`,
		s.nextIndex, s.NextDate, s.Done, s.lastDate, s.Paused, ledgerID, s.ID)
	return err
}

// recordOccurrences inserts the rows, several per statement.
func recordOccurrences(ctx context.Context, tx *Tx, ledgerID int64, occ []occurrence) error {
	const perStatement = 500
	now := tx.db.NowMillis()
	for lo := 0; lo < len(occ); lo += perStatement {
		batch := occ[lo:min(lo+perStatement, len(occ))]
		var q strings.Builder
		q.WriteString(`INSERT INTO schedule_occurrences (schedule_id, ledger_id, date, status, movement_id, created_at) VALUES `)
		args := make([]any, 0, 6*len(batch))
		for i, o := range batch {
			if i > 0 {
				q.WriteByte(',')
			}
			q.WriteString(`(?, ?, ?, ?, ?, ?)`)
			args = append(args, o.scheduleID, ledgerID, o.date, o.status, nullID(o.movementID), now)
		}
		if _, err := tx.Exec(ctx, q.String(), args...); err != nil {
			return fmt.Errorf("record occurrences: %w", err)
		}
	}
	return nil
}

// postMovements writes the drafts with their effects and returns their ids
// in order.
func postMovements(ctx context.Context, tx *Tx, ledgerID int64, r *refs, drafts []finance.MovementDraft) ([]int64, error) {
	w := newMovementWriter(ctx, tx, ledgerID, r)
	w.keepIDs = true
	for i := range drafts {
		w.add(&drafts[i])
	}
	if _, err := w.close(); err != nil {
		var be *finance.BulkError
		if errors.As(err, &be) && len(be.Rows) > 0 && be.Rows[0].Err != nil {
			return nil, be.Rows[0].Err // one movement: its own error
		}
		return nil, err
	}
	if len(w.ids) != len(drafts) {
		return nil, fmt.Errorf("posted %d movements of %d", len(w.ids), len(drafts))
	}
	return w.ids, nil
}

// dueCondition selects the schedules the server posts by itself.
const dueCondition = ` s.auto_post = ? AND s.ask_amount = ? AND s.paused = ? AND s.next_date <> '' AND s.next_date <= ?`

// postDue posts what is due by today (in the owner's time zone) of the
// ledger's auto-posting schedules (those of ids only, when given), in the
// ledger write tx. A schedule whose movement the ledger now refuses (its
// account or category archived) is paused instead.
func postDue(ctx context.Context, tx *Tx, ledgerID int64, ids []int64) (int, error) {
	today, err := tx.db.ledgerToday(ctx, tx, ledgerID)
	if err != nil {
		return 0, err
	}
	q := `SELECT ` + scheduleColumns + scheduleFrom + ` WHERE s.ledger_id = ? AND` + dueCondition
	args := []any{ledgerID, true, false, false, today}
	if len(ids) > 0 {
		in, idArgs := inList(ids)
		q += ` AND s.id IN (` + in + `)`
		args = append(args, idArgs...)
	}
	rows, err := tx.Query(ctx, q+` ORDER BY s.id`, args...)
	if err != nil {
		return 0, err
	}
	var due []*storedSchedule
	for rows.Next() {
		s, err := scanSchedule(rows)
		if err != nil {
			rows.Close()
			return 0, err
		}
		due = append(due, s)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(due) == 0 {
		return 0, err
	}
	r, err := loadRefs(ctx, tx, ledgerID)
	if err != nil {
		return 0, err
	}
	var drafts []finance.MovementDraft
	var occ []occurrence
	catchUp := tx.db.quota().CatchUp
	for _, s := range due {
		probe := s.Draft(s.NextDate)
		if r.check(&probe, nil) != nil {
			s.Paused = true
		}
		n := 0
		for !s.Paused && s.NextDate != "" && s.NextDate <= today {
			if n++; len(ids) > 0 && n > catchUp {
				// A saved schedule that would post more than its catch-up
				// at once is refused (the job posts what came due).
				return 0, tx.db.catchUpError(n - 1 + s.countDue(today))
			}
			drafts = append(drafts, s.Draft(s.NextDate))
			occ = append(occ, occurrence{scheduleID: s.ID, date: s.NextDate, status: occurrencePosted})
			s.advance()
		}
	}
	if len(drafts) > 0 {
		movementIDs, err := postMovements(ctx, tx, ledgerID, r, drafts)
		if err != nil {
			return 0, err
		}
		for i := range occ {
			occ[i].movementID = movementIDs[i]
		}
		if err := recordOccurrences(ctx, tx, ledgerID, occ); err != nil {
			return 0, err
		}
	}
	for _, s := range due {
		if err := saveProgress(ctx, tx, ledgerID, s); err != nil {
			return 0, err
		}
	}
	return len(drafts), nil
}

// countDue is how many occurrences s would post by today (from its next).
func (s *storedSchedule) countDue(today string) int {
	c := *s
	n := 0
	for c.NextDate != "" && c.NextDate <= today {
		n++
		c.advance()
	}
	return n
}

// PostDue is the server job's round: it posts every ledger's due occurrences
// (a ledger per transaction) and returns how many it posted. Any number of
// servers may run it at once.
func (db *DB) PostDue(ctx context.Context) (int, error) {
	// The latest "today" on Earth is UTC+14; each ledger's own is checked
	// under its lock.
	latest := db.now().UTC().Add(14 * time.Hour).Format(finance.DateLayout)
	ledgers, err := queryIDs(db.Query(ctx, `SELECT DISTINCT s.ledger_id FROM schedules s WHERE`+dueCondition, true, false, false, latest))
	if err != nil {
		return 0, err
	}
	total := 0
	var errs []error
	for _, l := range ledgers {
		n := 0
		err := db.WriteLedger(ctx, l, func(tx *Tx) error {
			var err error
			n, err = postDue(ctx, tx, l, nil)
			return err
		})
		if err != nil {
			if ctx.Err() != nil {
				return total, ctx.Err()
			}
			errs = append(errs, fmt.Errorf("ledger %d: %w", l, err))
			continue
		}
		total += n
	}
	return total, errors.Join(errs...)
}

// handled reads an occurrence's row: its status and movement ("" if none).
func handled(ctx context.Context, tx *Tx, scheduleID int64, date string) (string, int64, error) {
	var status string
	var movement *int64
	err := tx.QueryRow(ctx, `SELECT status, movement_id FROM schedule_occurrences WHERE schedule_id = ? AND date = ?`, scheduleID, date).
		Scan(&status, &movement)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, nil
	} else if err != nil {
		return "", 0, err
	}
	if movement == nil {
		return status, 0, nil
	}
	return status, *movement, nil
}

// pick finds the occurrence a request names (the next one when empty). done
// reports one already handled: its status and movement.
func pick(ctx context.Context, tx *Tx, s *storedSchedule, want string) (status string, movementID int64, err error) {
	if want == "" || want == s.NextDate {
		if s.NextDate == "" {
			return "", 0, finance.Errorf(finance.ECodeConflict, "the schedule has ended: it has no next occurrence")
		}
		return "", 0, nil
	}
	status, movementID, err = handled(ctx, tx, s.ID, want)
	if err == nil && status == "" {
		err = finance.FieldErr("occurrence", finance.FCodeInvalid, "only the next occurrence can be posted or skipped")
	}
	return status, movementID, err
}

// PostOccurrence posts the schedule's next occurrence now (or the one
// in.Occurrence names: if it was posted already, its movement comes back with
// true, so that a repeated request never posts twice).
func (db *DB) PostOccurrence(ctx context.Context, ledgerID, id int64, in finance.OccurrenceInput, idem *Idempotency) (*finance.Movement, bool, error) {
	if err := in.Validate(); err != nil {
		return nil, false, err
	}
	var movementID int64
	var m *finance.Movement
	var replayed, already bool
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		var err error
		already = false
		replayed, err = once(ctx, tx, idem, &movementID, func() (int64, error) {
			s, err := readSchedule(ctx, tx, ledgerID, id)
			if err != nil {
				return 0, err
			}
			status, done, err := pick(ctx, tx, s, in.Occurrence)
			switch {
			case err != nil:
				return 0, err
			case status == occurrenceSkipped:
				return 0, finance.Errorf(finance.ECodeConflict, "that occurrence was skipped")
			case status == occurrencePosted:
				already = true
				return done, nil
			}
			if s.AskAmount && in.Amount == nil {
				return 0, finance.FieldErr("amount", finance.FCodeRequired, "this schedule asks for each occurrence's amount")
			}
			today, err := db.ledgerToday(ctx, tx, ledgerID)
			if err != nil {
				return 0, err
			}
			d := s.Draft(min(s.NextDate, today))
			if in.Date != "" {
				d.Date = in.Date
			}
			if in.Amount != nil {
				d.Amount = *in.Amount
			}
			r, err := loadRefs(ctx, tx, ledgerID, &d)
			if err != nil {
				return 0, err
			}
			ids, err := postMovements(ctx, tx, ledgerID, r, []finance.MovementDraft{d})
			if err != nil {
				return 0, err
			}
			if err := recordOccurrences(ctx, tx, ledgerID, []occurrence{{s.ID, s.NextDate, occurrencePosted, ids[0]}}); err != nil {
				return 0, err
			}
			s.advance()
			return ids[0], saveProgress(ctx, tx, ledgerID, s)
		})
		if err != nil {
			return err
		}
		// Read in the write: a delete cannot come between.
		m, err = scanMovement(tx.QueryRow(ctx, `SELECT `+movementColumns+movementFrom+` WHERE m.ledger_id = ? AND m.id = ?`, ledgerID, movementID))
		if errors.Is(err, sql.ErrNoRows) {
			return finance.Errorf(finance.ECodeConflict, "that occurrence was posted, and its movement deleted since")
		}
		if err != nil {
			return err
		}
		return withSplits(ctx, tx, ledgerID, m)
	})
	if err != nil {
		return nil, false, err
	}
	return m, replayed || already, nil
}

// SkipOccurrence skips the schedule's next occurrence (or the one
// in.Occurrence names; one already handled is left as it is).
func (db *DB) SkipOccurrence(ctx context.Context, ledgerID, id int64, in finance.OccurrenceInput) (*finance.Schedule, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		s, err := readSchedule(ctx, tx, ledgerID, id)
		if err != nil {
			return err
		}
		status, _, err := pick(ctx, tx, s, in.Occurrence)
		if err != nil || status != "" {
			return err
		}
		if err := recordOccurrences(ctx, tx, ledgerID, []occurrence{{s.ID, s.NextDate, occurrenceSkipped, 0}}); err != nil {
			return err
		}
		s.advance()
		return saveProgress(ctx, tx, ledgerID, s)
	})
	if err != nil {
		return nil, err
	}
	return db.Schedule(ctx, ledgerID, id)
}
