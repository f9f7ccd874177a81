package store

import (
	"strings"
	"time"

	"cashcontrol/internal/finance"
)

// Reports read amounts per account, category, month and kind. Whole months
// come from the monthly_totals rollup; the partial months at either end of a
// custom period come from the movements themselves, so any period is exact
// and a year of a million-movement ledger still reads only a few hundred rows.

// sourceSQL returns a subquery yielding (account_id, category_id, month, kind,
// total, count) for the ledger's movements dated from..to (inclusive).
func sourceSQL(ledgerID int64, from, to string) (string, []any) {
	f, _ := time.Parse(finance.DateLayout, from)
	t, _ := time.Parse(finance.DateLayout, to)
	fullFrom := f
	if f.Day() != 1 {
		fullFrom = time.Date(f.Year(), f.Month()+1, 1, 0, 0, 0, 0, time.UTC)
	}
	fullTo := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC) // first day of to's month
	if t.AddDate(0, 0, 1).Month() != t.Month() {
		fullTo = fullTo.AddDate(0, 1, 0) // to is a month end: its month is whole
	}
	// Whole months are [fullFrom, fullTo): months fullFrom.. fullTo-1.
	var parts []string
	var args []any
	raw := func(a, b string) {
		parts = append(parts, `SELECT account_id, COALESCE(category_id, 0) AS category_id, substr(date, 1, 7) AS month,
			CASE type WHEN 'transfer' THEN 'transfer_out' ELSE type END AS kind, SUM(amount) AS total, COUNT(*) AS count
			FROM movements WHERE ledger_id = ? AND date >= ? AND date <= ?
			GROUP BY account_id, COALESCE(category_id, 0), substr(date, 1, 7), CASE type WHEN 'transfer' THEN 'transfer_out' ELSE type END`,
			`SELECT to_account_id AS account_id, 0 AS category_id, substr(date, 1, 7) AS month, 'transfer_in' AS kind,
			SUM(to_amount) AS total, COUNT(*) AS count
			FROM movements WHERE ledger_id = ? AND type = 'transfer' AND date >= ? AND date <= ?
			GROUP BY to_account_id, substr(date, 1, 7)`)
		args = append(args, ledgerID, a, b, ledgerID, a, b)
	}
	if !fullFrom.Before(fullTo) {
		raw(from, to)
	} else {
		if f.Before(fullFrom) {
			raw(from, fullFrom.AddDate(0, 0, -1).Format(finance.DateLayout))
		}
		parts = append(parts, `SELECT account_id, category_id, month, kind, total, count FROM monthly_totals
			WHERE ledger_id = ? AND month >= ? AND month < ?`)
		args = append(args, ledgerID, fullFrom.Format("2006-01"), fullTo.Format("2006-01"))
		if fullTo.Before(t) || fullTo.Equal(t) {
			raw(fullTo.Format(finance.DateLayout), to)
		}
	}
	return "(" + strings.Join(parts, "\nUNION ALL\n") + ")", args
}
