package store

import (
	"context"
	"slices"
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

// sourcePart is one part of a period's source: the rollup's whole months,
// or movements of a partial month to add (sign "") or subtract ("-").
type sourcePart struct {
	rollup bool
	sql    string // for movements: a subquery with the rollup's columns
	args   []any
}

// sourceParts are the parts of from..to (inclusive): see sourcePlan.
func sourceParts(ledgerID int64, from, to string) []sourcePart {
	f, _ := time.Parse(finance.DateLayout, from)
	t, _ := time.Parse(finance.DateLayout, to)
	first, last, plus, minus := sourcePlan(f, t)
	var parts []sourcePart
	raw := func(s dateSpan, sign string) {
		a, b := s.from.Format(finance.DateLayout), s.to.Format(finance.DateLayout)
		parts = append(parts, sourcePart{sql: `SELECT account_id, COALESCE(category_id, 0) AS category_id, substr(date, 1, 7) AS month,
			CASE type WHEN 'transfer' THEN 'transfer_out' ELSE type END AS kind, ` + sign + `SUM(amount) AS total, ` + sign + `COUNT(*) AS count,
			` + sign + `COALESCE(SUM(base_amount), 0) AS base, ` + sign + `SUM(CASE WHEN base_amount IS NULL THEN 1 ELSE 0 END) AS unrated
			FROM movements WHERE ledger_id = ? AND date >= ? AND date <= ? AND splits = 0
			GROUP BY account_id, COALESCE(category_id, 0), substr(date, 1, 7), CASE type WHEN 'transfer' THEN 'transfer_out' ELSE type END
			UNION ALL
			SELECT to_account_id AS account_id, 0 AS category_id, substr(date, 1, 7) AS month, 'transfer_in' AS kind,
			` + sign + `SUM(to_amount) AS total, ` + sign + `COUNT(*) AS count,
			` + sign + `COALESCE(SUM(to_base_amount), 0) AS base, ` + sign + `SUM(CASE WHEN to_base_amount IS NULL THEN 1 ELSE 0 END) AS unrated
			FROM movements WHERE ledger_id = ? AND type = 'transfer' AND date >= ? AND date <= ?
			GROUP BY to_account_id, substr(date, 1, 7)
			UNION ALL
			SELECT account_id, category_id, substr(date, 1, 7) AS month, type AS kind, ` + sign + `SUM(amount) AS total, ` + sign + `COUNT(*) AS count,
			` + sign + `COALESCE(SUM(base_amount), 0) AS base, ` + sign + `SUM(CASE WHEN base_amount IS NULL THEN 1 ELSE 0 END) AS unrated
			FROM movement_splits WHERE ledger_id = ? AND date >= ? AND date <= ?
			GROUP BY account_id, category_id, substr(date, 1, 7), type`, args: []any{ledgerID, a, b, ledgerID, a, b, ledgerID, a, b}})
	}
	if !first.After(last) {
		parts = append(parts, sourcePart{rollup: true, sql: `SELECT account_id, category_id, month, kind, total, count, base_total AS base, unrated
			FROM monthly_totals WHERE ledger_id = ? AND month >= ? AND month <= ?`,
			args: []any{ledgerID, first.Format("2006-01"), last.Format("2006-01")}})
	}
	for _, s := range plus {
		raw(s, "")
	}
	for _, s := range minus {
		raw(s, "-")
	}
	return parts
}

// sourceSQL returns a subquery yielding (account_id, category_id, month, kind,
// total, count, base, unrated) for the ledger's movements dated from..to
// (inclusive): base is the total in the ledger's base currency of those with
// a rate, unrated how many have none. Rows
// may cancel out: callers group and drop groups whose count sums to zero.
func sourceSQL(ledgerID int64, from, to string) (string, []any) {
	var sqls []string
	var args []any
	for _, p := range sourceParts(ledgerID, from, to) {
		sqls = append(sqls, p.sql)
		args = append(args, p.args...)
	}
	if len(sqls) == 0 { // cannot happen (from <= to), but keep the SQL valid
		sqls = append(sqls, `SELECT account_id, category_id, month, kind, total, count, base_total AS base, unrated FROM monthly_totals WHERE 1 = 0`)
	}
	return "(" + strings.Join(sqls, "\nUNION ALL\n") + ")", args
}

// sourceKey is a group of a report's read (columns it does not group by are
// zero).
type sourceKey struct {
	account, category int64
	month, kind       string
}

// sourceSums are a group's sums: amounts, movements, amounts in the base
// currency and movements without a rate.
type sourceSums struct{ total, count, base, unrated int64 }

// sourceRead is what a report reads: the columns it groups by besides the
// account (among month, kind, category_id, in that order: the rollup's key
// order, so that its GROUP BY needs no sort) and conditions on the source's
// columns.
type sourceRead struct {
	month, kind, category bool
	where                 string // " AND kind = ?"
	args                  []any
	accounts              []int64
}

// readSource sums from..to by r's groups. Each part of the period is its own
// query (the rollup's read follows its primary key and joins nothing), and
// the parts are added in Go; groups whose count comes to zero are dropped.
func (db *DB) readSource(ctx context.Context, ledgerID int64, from, to string, r sourceRead) (map[sourceKey]sourceSums, error) {
	cols := []string{}
	if r.month {
		cols = append(cols, "month")
	}
	if r.kind {
		cols = append(cols, "kind")
	}
	cols = append(cols, "account_id")
	if r.category {
		cols = append(cols, "category_id")
	}
	group := strings.Join(cols, ", ")
	where, wargs := r.where, r.args
	if len(r.accounts) > 0 {
		in, ids := inList(r.accounts)
		where += ` AND account_id IN (` + in + `)`
		wargs = append(slices.Clone(wargs), ids...)
	}
	out := map[sourceKey]sourceSums{}
	for _, p := range sourceParts(ledgerID, from, to) {
		q := `SELECT ` + group + `, CAST(SUM(total) AS BIGINT), CAST(SUM(count) AS BIGINT), CAST(SUM(base) AS BIGINT), CAST(SUM(unrated) AS BIGINT)
			FROM (` + p.sql + `) s WHERE 1 = 1` + where + ` GROUP BY ` + group
		if p.rollup {
			q = `SELECT ` + group + `, CAST(SUM(total) AS BIGINT), CAST(SUM(count) AS BIGINT), CAST(SUM(base_total) AS BIGINT), CAST(SUM(unrated) AS BIGINT)
				FROM monthly_totals WHERE ledger_id = ? AND month >= ? AND month <= ?` + where + ` GROUP BY ` + group
		}
		rows, err := db.Query(ctx, q, append(slices.Clone(p.args), wargs...)...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var k sourceKey
			var v sourceSums
			dest := []any{}
			if r.month {
				dest = append(dest, &k.month)
			}
			if r.kind {
				dest = append(dest, &k.kind)
			}
			dest = append(dest, &k.account)
			if r.category {
				dest = append(dest, &k.category)
			}
			if err := rows.Scan(append(dest, &v.total, &v.count, &v.base, &v.unrated)...); err != nil {
				rows.Close()
				return nil, err
			}
			o := out[k]
			out[k] = sourceSums{o.total + v.total, o.count + v.count, o.base + v.base, o.unrated + v.unrated}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	for k, v := range out {
		if v.count == 0 {
			delete(out, k)
		}
	}
	return out, nil
}

// accountCurrencies maps the ledger's accounts to their currencies.
func (db *DB) accountCurrencies(ctx context.Context, ledgerID int64) (map[int64]string, error) {
	return queryPairs[string](db.Query(ctx, `SELECT id, currency FROM accounts WHERE ledger_id = ?`, ledgerID))
}
