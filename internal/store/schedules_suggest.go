package store

import (
	"context"
	"database/sql"
	"slices"
	"strconv"
	"strings"

	"cashcontrol/internal/finance"
)

// Suggestions look at this many days of history: a monthly series shows
// a year of occurrences, a weekly one many more.
const suggestionDays = 400

// maxSeriesRows leaves out descriptions more frequent than weekly (the
// supermarket), which no interval fits.
const maxSeriesRows = suggestionDays/7 + 2

type seriesKey struct {
	typ                string
	account, toAccount int64
	description        string // finance.NameKey
}

// ScheduleSuggestions finds the regular series of the last suggestionDays
// (finance.DetectRecurrence) that no schedule of the ledger makes already
// (same type, account, destination and description).
func (db *DB) ScheduleSuggestions(ctx context.Context, ledgerID int64) ([]finance.ScheduleSuggestion, error) {
	today, err := db.ledgerToday(ctx, db, ledgerID)
	if err != nil {
		return nil, err
	}
	from := finance.AddDays(today, -suggestionDays)
	have := map[seriesKey]bool{}
	rows, err := db.Query(ctx, `SELECT type, account_id, COALESCE(to_account_id, 0), description FROM schedules WHERE ledger_id = ?`, ledgerID)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var k seriesKey
		if err := rows.Scan(&k.typ, &k.account, &k.toAccount, &k.description); err != nil {
			rows.Close()
			return nil, err
		}
		k.description = finance.NameKey(k.description)
		have[k] = true
	}
	rows.Close()
	// One pass over the window: the series seen often enough, but not too
	// often, whose amounts are near enough (finance decides), each with its
	// dates and amounts as "date:amount" joined by commas.
	agg := `group_concat(date || ':' || amount)`
	if db.dialect == Postgres {
		agg = `string_agg(date || ':' || amount, ',')`
	}
	rows, err = db.Query(ctx, `SELECT type, account_id, COALESCE(to_account_id, 0), description, `+agg+`
		FROM movements WHERE ledger_id = ? AND date >= ? AND description <> ''
		GROUP BY type, account_id, to_account_id, description
		HAVING COUNT(*) >= ? AND COUNT(*) <= ? AND MAX(amount) * 100 <= MIN(amount) * ?`,
		ledgerID, from, finance.MinRecurring, maxSeriesRows, 100+2*finance.StableAmountPercent)
	if err != nil {
		return nil, err
	}
	type series struct {
		key   seriesKey
		s     finance.ScheduleSuggestion
		moves []finance.PastMovement
	}
	var found []series
	for rows.Next() {
		var sr series
		var list string
		if err := rows.Scan(&sr.key.typ, &sr.key.account, &sr.key.toAccount, &sr.s.Description, &list); err != nil {
			rows.Close()
			return nil, err
		}
		sr.key.description = finance.NameKey(sr.s.Description)
		if have[sr.key] {
			continue
		}
		for _, item := range strings.Split(list, ",") {
			date, amount, _ := strings.Cut(item, ":")
			v, err := strconv.ParseInt(amount, 10, 64)
			if err != nil || !finance.ValidDate(date) {
				continue
			}
			sr.moves = append(sr.moves, finance.PastMovement{Date: date, Amount: v})
		}
		rec, ok := finance.DetectRecurrence(sr.moves, today)
		if !ok {
			continue
		}
		sr.s.Type, sr.s.AccountID, sr.s.Frequency, sr.s.Interval, sr.s.Day = sr.key.typ, sr.key.account, rec.Frequency, rec.Interval, rec.Day
		sr.s.Amount, sr.s.StartDate, sr.s.Occurrences = rec.Amount, rec.Next, len(sr.moves)
		found = append(found, sr)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// The rest from each series' latest movement (the account's newest
	// first: a few steps back on its index).
	out := []finance.ScheduleSuggestion{}
	for _, sr := range found {
		s := sr.s
		var cat, to, toAmount sql.NullInt64
		var last int64
		err := db.QueryRow(ctx, `SELECT m.date, m.amount, m.category_id, m.to_account_id, m.to_amount, a.currency FROM movements m
			JOIN accounts a ON a.id = m.account_id
			WHERE m.account_id = ? AND m.ledger_id = ? AND m.type = ? AND m.description = ? AND m.date >= ?
			ORDER BY m.date DESC, m.id DESC LIMIT 1`, s.AccountID, ledgerID, s.Type, s.Description, from).
			Scan(&s.LastDate, &last, &cat, &to, &toAmount, &s.Currency)
		if err != nil {
			return nil, err
		}
		s.CategoryID, s.ToAccountID, s.ToAmount, s.Tags = nullable(cat), nullable(to), nullable(toAmount), []string{}
		if s.ToAccountID != nil && s.ToAmount != nil && *s.ToAmount == last {
			s.ToAmount = &s.Amount // one currency: the median both ways
		}
		out = append(out, s)
	}
	// The soonest first.
	slices.SortStableFunc(out, func(a, b finance.ScheduleSuggestion) int { return strings.Compare(a.StartDate, b.StartDate) })
	return out, nil
}
