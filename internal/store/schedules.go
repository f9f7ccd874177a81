package store

import (
	"context"
	"database/sql"
	"strings"

	"cashcontrol/internal/finance"
)

const scheduleColumns = `s.id, s.type, s.amount, a.currency, s.account_id, s.category_id, s.to_account_id, s.to_amount,
	COALESCE(ta.currency, ''), s.description, s.notes, s.tags, s.frequency, s.interval_n, s.day, s.start_date, s.end_date,
	s.count_n, s.ask_amount, s.auto_post, s.paused, s.next_index, s.next_date, s.done, s.last_date`

const scheduleFrom = ` FROM schedules s JOIN accounts a ON a.id = s.account_id LEFT JOIN accounts ta ON ta.id = s.to_account_id`

// storedSchedule is a schedule with what the store keeps about its progress.
type storedSchedule struct {
	finance.Schedule
	nextIndex int
	lastDate  string
}

func scanSchedule(s RowScanner) (*storedSchedule, error) {
	var st storedSchedule
	sc := &st.Schedule
	var cat, to, toAmount sql.NullInt64
	var tags string
	if err := s.Scan(&sc.ID, &sc.Type, &sc.Amount, &sc.Currency, &sc.AccountID, &cat, &to, &toAmount, &sc.ToCurrency,
		&sc.Description, &sc.Notes, &tags, &sc.Frequency, &sc.Interval, &sc.Day, &sc.Start, &sc.End, &sc.Count,
		&sc.AskAmount, &sc.AutoPost, &sc.Paused, &st.nextIndex, &sc.NextDate, &sc.Done, &st.lastDate); err != nil {
		return nil, err
	}
	sc.CategoryID, sc.ToAccountID, sc.ToAmount = nullable(cat), nullable(to), nullable(toAmount)
	sc.Tags = splitTags(tags)
	sc.Due = []string{}
	return &st, nil
}

// fillDue lists the occurrences due by today that wait for a confirmation.
func (s *storedSchedule) fillDue(today string) {
	s.Due = []string{}
	if s.Paused || !s.Waits() {
		return
	}
	for k, done := s.nextIndex, s.Done; len(s.Due) < finance.MaxDueListed; k, done = k+1, done+1 {
		d := s.Rule.Next(k, done)
		if d == "" || d > today {
			return
		}
		s.Due = append(s.Due, d)
	}
}

// ledgerToday is today's date in the time zone of the ledger's owner.
func (db *DB) ledgerToday(ctx context.Context, q Querier, ledgerID int64) (string, error) {
	var zone string
	err := q.QueryRow(ctx, `SELECT u.timezone FROM ledgers l JOIN users u ON u.id = l.owner_id WHERE l.id = ?`, ledgerID).Scan(&zone)
	if err != nil {
		return "", NotFound(err, "ledger")
	}
	return finance.Today(db.now(), zone), nil
}

// Schedules lists the ledger's schedules, the next due first and the ended
// ones last.
func (db *DB) Schedules(ctx context.Context, ledgerID int64) (*finance.ScheduleList, error) {
	today, err := db.ledgerToday(ctx, db, ledgerID)
	if err != nil {
		return nil, err
	}
	rows, err := db.Query(ctx, `SELECT `+scheduleColumns+scheduleFrom+` WHERE s.ledger_id = ?
		ORDER BY s.next_date = '', s.next_date, s.id`, ledgerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := &finance.ScheduleList{Today: today, Items: []finance.Schedule{}}
	for rows.Next() {
		s, err := scanSchedule(rows)
		if err != nil {
			return nil, err
		}
		s.fillDue(today)
		out.Items = append(out.Items, s.Schedule)
	}
	return out, rows.Err()
}

// Schedule returns one of the ledger's schedules.
func (db *DB) Schedule(ctx context.Context, ledgerID, id int64) (*finance.Schedule, error) {
	today, err := db.ledgerToday(ctx, db, ledgerID)
	if err != nil {
		return nil, err
	}
	s, err := readSchedule(ctx, db, ledgerID, id)
	if err != nil {
		return nil, err
	}
	s.fillDue(today)
	return &s.Schedule, nil
}

func readSchedule(ctx context.Context, q Querier, ledgerID, id int64) (*storedSchedule, error) {
	s, err := scanSchedule(q.QueryRow(ctx, `SELECT `+scheduleColumns+scheduleFrom+` WHERE s.ledger_id = ? AND s.id = ?`, ledgerID, id))
	if err != nil {
		return nil, NotFound(err, "schedule")
	}
	return s, nil
}

// checkSchedule validates a schedule's draft against the ledger: the movement
// it makes as any movement (prev: the stored one, whose archived account or
// category stays allowed). An "ask each time" schedule waits for each amount.
func checkSchedule(ctx context.Context, tx *Tx, ledgerID int64, d *finance.ScheduleDraft, prev *finance.ScheduleDraft) error {
	if err := d.Validate(); err != nil {
		return err
	}
	r, err := loadRefs(ctx, tx, ledgerID, &d.Movement)
	if err != nil {
		return err
	}
	var pm *finance.MovementDraft
	if prev != nil {
		pm = &prev.Movement
	}
	if d.AskAmount {
		d.AutoPost = false
	}
	return r.check(&d.Movement, pm)
}

func scheduleArgs(d *finance.ScheduleDraft) []any {
	m := &d.Movement
	var toAmount any
	if m.Type == finance.MovementTransfer {
		toAmount = m.ToAmount
	}
	return []any{m.Type, m.Amount, m.AccountID, nullID(m.CategoryID), nullID(m.ToAccountID), toAmount, m.Description, m.Notes,
		strings.Join(m.Tags, ","), d.Rule.Frequency, d.Rule.Interval, d.Rule.Day, d.Rule.Start, d.Rule.End, d.Rule.Count,
		d.AskAmount, d.AutoPost, d.Paused}
}

const scheduleSetColumns = `type = ?, amount = ?, account_id = ?, category_id = ?, to_account_id = ?, to_amount = ?, description = ?,
	notes = ?, tags = ?, frequency = ?, interval_n = ?, day = ?, start_date = ?, end_date = ?, count_n = ?, ask_amount = ?,
	auto_post = ?, paused = ?`

// CreateSchedule stores a schedule (under an idempotency key, nil: none) and
// posts at once what it makes due by today, if it posts by itself.
func (db *DB) CreateSchedule(ctx context.Context, ledgerID int64, in finance.ScheduleInput, idem *Idempotency) (*finance.Schedule, bool, error) {
	var id int64
	var replayed bool
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		var err error
		replayed, err = once(ctx, tx, idem, &id, func() (int64, error) {
			d := finance.ScheduleDraftFrom(finance.ScheduleDraft{}, in, true)
			if err := checkSchedule(ctx, tx, ledgerID, &d, nil); err != nil {
				return 0, err
			}
			if err := tx.checkScheduleQuota(ctx, ledgerID); err != nil {
				return 0, err
			}
			now := db.NowMillis()
			var id int64
			if err := tx.QueryRow(ctx, `INSERT INTO schedules (ledger_id, type, amount, account_id, category_id, to_account_id, to_amount, description,
				notes, tags, frequency, interval_n, day, start_date, end_date, count_n, ask_amount, auto_post, paused, next_index, next_date,
				created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?) RETURNING id`,
				append(append([]any{ledgerID}, scheduleArgs(&d)...), d.Rule.Next(0, 0), now, now)...).Scan(&id); err != nil {
				return 0, err
			}
			_, err := postDue(ctx, tx, ledgerID, []int64{id})
			return id, err
		})
		return err
	})
	if err != nil {
		return nil, false, err
	}
	s, err := db.Schedule(ctx, ledgerID, id)
	return s, replayed, err
}

// UpdateSchedule applies a patch. What was posted or skipped stays: the
// next occurrence becomes the new rule's first after the latest handled one
// and, when the rule changed or the schedule is resumed, on or after today:
// an edit changes future occurrences only, and never back-fills.
func (db *DB) UpdateSchedule(ctx context.Context, ledgerID, id int64, in finance.ScheduleInput) (*finance.Schedule, error) {
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		cur, err := readSchedule(ctx, tx, ledgerID, id)
		if err != nil {
			return err
		}
		prev := finance.ScheduleDraftOf(&cur.Schedule)
		d := finance.ScheduleDraftFrom(prev, in, false)
		if err := checkSchedule(ctx, tx, ledgerID, &d, &prev); err != nil {
			return err
		}
		from := d.Rule.Start
		if cur.lastDate != "" {
			from = max(from, finance.NextDay(cur.lastDate))
		}
		if d.Rule != prev.Rule || (prev.Paused && !d.Paused) {
			today, err := db.ledgerToday(ctx, tx, ledgerID)
			if err != nil {
				return err
			}
			from = max(from, today)
		}
		k := d.Rule.IndexOnOrAfter(from)
		if _, err := tx.Exec(ctx, `UPDATE schedules SET `+scheduleSetColumns+`, next_index = ?, next_date = ?, updated_at = ?
			WHERE ledger_id = ? AND id = ?`, append(scheduleArgs(&d), k, d.Rule.Next(k, cur.Done), db.NowMillis(), ledgerID, id)...); err != nil {
			return err
		}
		_, err = postDue(ctx, tx, ledgerID, []int64{id})
		return err
	})
	if err != nil {
		return nil, err
	}
	return db.Schedule(ctx, ledgerID, id)
}

// DeleteSchedule deletes a schedule: no more occurrences; the movements it
// posted stay.
func (db *DB) DeleteSchedule(ctx context.Context, ledgerID, id int64) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `DELETE FROM schedules WHERE ledger_id = ? AND id = ?`, ledgerID, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return finance.Errorf(finance.ECodeNotFound, "schedule not found")
		}
		return nil
	})
}
