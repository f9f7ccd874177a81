package store

import (
	"context"
	"database/sql"
	"slices"
	"strings"

	"cashcontrol/internal/finance"
)

// Suggestions look at this many days of history: a monthly series shows
// a year of occurrences, a weekly one many more.
const suggestionDays = 400

// maxSeriesRows leaves out descriptions more frequent than weekly (the
// supermarket), which no interval fits.
const maxSeriesRows = suggestionDays/7 + 2

// Suggestion is a schedule the user has not made, from a regular series of
// movements: the fields a POST /schedules takes, and what was seen.
type Suggestion struct {
	Type        string `json:"type"`
	Amount      int64  `json:"amount"`
	Currency    string `json:"currency"`
	AccountID   int64  `json:"accountId,string"`
	CategoryID  *int64 `json:"categoryId,string"`
	ToAccountID *int64 `json:"toAccountId,string"`
	ToAmount    *int64 `json:"toAmount"`
	Description string `json:"description"`
	Frequency   string `json:"frequency"`
	Interval    int    `json:"interval"`
	Day         int    `json:"day"`
	StartDate   string `json:"startDate"`
	Occurrences int    `json:"occurrences"`
	LastDate    string `json:"lastDate"`
}

type seriesKey struct {
	typ                string
	account, toAccount int64
	description        string // finance.NameKey
}

// ScheduleSuggestions finds the regular series of the last suggestionDays
// (finance.DetectRecurrence) that no schedule of the ledger makes already
// (same type, account, destination and description).
func (db *DB) ScheduleSuggestions(ctx context.Context, ledgerID int64) ([]Suggestion, error) {
	today, err := db.ledgerToday(ctx, db, ledgerID)
	if err != nil {
		return nil, err
	}
	from := addDays(today, -suggestionDays)
	have := map[seriesKey]bool{}
	rows, err := db.query(ctx, `SELECT type, account_id, COALESCE(to_account_id, 0), description FROM schedules WHERE ledger_id = ?`, ledgerID)
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
	// The descriptions seen often enough, but not too often, then their
	// movements, newest last.
	rows, err = db.query(ctx, `SELECT m.type, m.account_id, COALESCE(m.to_account_id, 0), m.description, m.date, m.amount,
		m.category_id, m.to_amount, a.currency
		FROM movements m JOIN accounts a ON a.id = m.account_id
		JOIN (SELECT account_id, description FROM movements WHERE ledger_id = ? AND date >= ? AND description <> ''
			GROUP BY account_id, description HAVING COUNT(*) >= ? AND COUNT(*) <= ?) g
			ON g.account_id = m.account_id AND g.description = m.description
		WHERE m.ledger_id = ? AND m.date >= ? ORDER BY m.date, m.id`,
		ledgerID, from, finance.MinRecurring, maxSeriesRows*2, ledgerID, from)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	type series struct {
		last  Suggestion
		moves []finance.PastMovement
	}
	var order []seriesKey
	all := map[seriesKey]*series{}
	for rows.Next() {
		var s Suggestion
		var k seriesKey
		var cat, toAmount sql.NullInt64
		if err := rows.Scan(&k.typ, &k.account, &k.toAccount, &s.Description, &s.LastDate, &s.Amount, &cat, &toAmount, &s.Currency); err != nil {
			return nil, err
		}
		k.description = finance.NameKey(s.Description)
		if have[k] {
			continue
		}
		s.Type, s.AccountID, s.CategoryID, s.ToAmount = k.typ, k.account, nullable(cat), nullable(toAmount)
		if k.toAccount != 0 {
			s.ToAccountID = &k.toAccount
		}
		cur := all[k]
		if cur == nil {
			cur = &series{}
			all[k] = cur
			order = append(order, k)
		}
		cur.last = s
		cur.moves = append(cur.moves, finance.PastMovement{Date: s.LastDate, Amount: s.Amount})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := []Suggestion{}
	for _, k := range order {
		sr := all[k]
		if len(sr.moves) > maxSeriesRows {
			continue
		}
		rec, ok := finance.DetectRecurrence(sr.moves, today)
		if !ok {
			continue
		}
		s := sr.last
		s.Amount, s.Frequency, s.Interval, s.Day, s.StartDate, s.Occurrences = rec.Amount, rec.Frequency, rec.Interval, rec.Day, rec.Next, len(sr.moves)
		if s.ToAccountID != nil && s.ToAmount != nil && *s.ToAmount == sr.moves[len(sr.moves)-1].Amount {
			s.ToAmount = &s.Amount // one currency: the median both ways
		}
		out = append(out, s)
	}
	// The soonest first.
	slices.SortStableFunc(out, func(a, b Suggestion) int { return strings.Compare(a.StartDate, b.StartDate) })
	return out, nil
}
