package store

import (
	"strings"
	"time"

	"cashcontrol/internal/finance"
)

// Reports read amounts per account, category, month and kind. Whole months
// come from the monthly_totals rollup. A partial month at either end of the
// period is read from the movements themselves, or, when the part of the
// month outside the period is shorter, as the month's rollup minus the
// movements outside: "this month until today" costs a read of the (usually
// empty) rest of the month, not of every movement since the first. So any
// period is exact and reads at most about half a month of movements per end.

type dateSpan struct{ from, to time.Time } // inclusive

func monthStart(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}
func monthEnd(t time.Time) time.Time { return monthStart(t).AddDate(0, 1, -1) }
func spanDays(s dateSpan) int        { return int(s.to.Sub(s.from).Hours()/24) + 1 }

// sourcePlan splits from..to into whole months [first, last] (months of the
// rollup; first after last when none), movements to add and movements to subtract.
func sourcePlan(f, t time.Time) (first, last time.Time, plus, minus []dateSpan) {
	sm, em := monthStart(f), monthStart(t)
	if sm.Equal(em) {
		in := dateSpan{f, t}
		var out []dateSpan
		if f.After(sm) {
			out = append(out, dateSpan{sm, f.AddDate(0, 0, -1)})
		}
		if t.Before(monthEnd(t)) {
			out = append(out, dateSpan{t.AddDate(0, 0, 1), monthEnd(t)})
		}
		outDays := 0
		for _, s := range out {
			outDays += spanDays(s)
		}
		if outDays == 0 || outDays < spanDays(in) {
			return sm, sm, nil, out
		}
		return sm, sm.AddDate(0, -1, 0), []dateSpan{in}, nil
	}
	first, last = sm, em
	if f.After(sm) {
		in, out := dateSpan{f, monthEnd(f)}, dateSpan{sm, f.AddDate(0, 0, -1)}
		if spanDays(out) < spanDays(in) {
			minus = append(minus, out)
		} else {
			plus = append(plus, in)
			first = sm.AddDate(0, 1, 0)
		}
	}
	if t.Before(monthEnd(t)) {
		in, out := dateSpan{em, t}, dateSpan{t.AddDate(0, 0, 1), monthEnd(t)}
		if spanDays(out) < spanDays(in) {
			minus = append(minus, out)
		} else {
			plus = append(plus, in)
			last = em.AddDate(0, -1, 0)
		}
	}
	return first, last, plus, minus
}

// sourceSQL returns a subquery yielding (account_id, category_id, month, kind,
// total, count, base, unrated) for the ledger's movements dated from..to
// (inclusive): base is the total in the ledger's base currency of those with
// a rate, unrated how many have none. Rows
// may cancel out: callers group and drop groups whose count sums to zero.
func sourceSQL(ledgerID int64, from, to string) (string, []any) {
	f, _ := time.Parse(finance.DateLayout, from)
	t, _ := time.Parse(finance.DateLayout, to)
	first, last, plus, minus := sourcePlan(f, t)
	var parts []string
	var args []any
	raw := func(s dateSpan, sign string) {
		a, b := s.from.Format(finance.DateLayout), s.to.Format(finance.DateLayout)
		parts = append(parts, `SELECT account_id, COALESCE(category_id, 0) AS category_id, substr(date, 1, 7) AS month,
			CASE type WHEN 'transfer' THEN 'transfer_out' ELSE type END AS kind, `+sign+`SUM(amount) AS total, `+sign+`COUNT(*) AS count,
			`+sign+`COALESCE(SUM(base_amount), 0) AS base, `+sign+`SUM(CASE WHEN base_amount IS NULL THEN 1 ELSE 0 END) AS unrated
			FROM movements WHERE ledger_id = ? AND date >= ? AND date <= ?
			GROUP BY account_id, COALESCE(category_id, 0), substr(date, 1, 7), CASE type WHEN 'transfer' THEN 'transfer_out' ELSE type END`,
			`SELECT to_account_id AS account_id, 0 AS category_id, substr(date, 1, 7) AS month, 'transfer_in' AS kind,
			`+sign+`SUM(to_amount) AS total, `+sign+`COUNT(*) AS count,
			`+sign+`COALESCE(SUM(to_base_amount), 0) AS base, `+sign+`SUM(CASE WHEN to_base_amount IS NULL THEN 1 ELSE 0 END) AS unrated
			FROM movements WHERE ledger_id = ? AND type = 'transfer' AND date >= ? AND date <= ?
			GROUP BY to_account_id, substr(date, 1, 7)`)
		args = append(args, ledgerID, a, b, ledgerID, a, b)
	}
	if !first.After(last) {
		parts = append(parts, `SELECT account_id, category_id, month, kind, total, count, base_total AS base, unrated FROM monthly_totals
			WHERE ledger_id = ? AND month >= ? AND month <= ?`)
		args = append(args, ledgerID, first.Format("2006-01"), last.Format("2006-01"))
	}
	for _, s := range plus {
		raw(s, "")
	}
	for _, s := range minus {
		raw(s, "-")
	}
	if len(parts) == 0 { // cannot happen (from <= to), but keep the SQL valid
		parts = append(parts, `SELECT account_id, category_id, month, kind, total, count, base_total AS base, unrated FROM monthly_totals WHERE 1 = 0`)
	}
	return "(" + strings.Join(parts, "\nUNION ALL\n") + ")", args
}
