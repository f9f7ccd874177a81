package store

import (
	"context"
	"sort"
	"strings"
	"time"

	"cashcontrol/internal/finance"
)

func (db *DB) reportRows(ctx context.Context, ledgerID int64, f finance.ReportFilter, selectSQL, groupSQL string, extra string, extraArgs []any) (rowsFunc func(func(rowScanner) error) error) {
	src, args := sourceSQL(ledgerID, f.From, f.To)
	q := `SELECT ` + selectSQL + ` FROM ` + src + ` s JOIN accounts a ON a.id = s.account_id AND a.ledger_id = ?`
	args = append(args, ledgerID)
	q += ` WHERE 1 = 1`
	if len(f.AccountIDs) > 0 {
		in, ids := inList(f.AccountIDs)
		q += ` AND s.account_id IN (` + in + `)`
		args = append(args, ids...)
	}
	q += extra
	args = append(args, extraArgs...)
	q += ` GROUP BY ` + groupSQL + ` HAVING SUM(s.count) <> 0`
	return func(fn func(rowScanner) error) error {
		rows, err := db.query(ctx, q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			if err := fn(rows); err != nil {
				return err
			}
		}
		return rows.Err()
	}
}

// measure is what a report sums: each currency's own amounts, or every
// currency's in the ledger's base currency (one section). group is what the
// section adds to a GROUP BY (PostgreSQL groups by no constant).
type measure struct{ currency, total, group string }

var ownCurrency = measure{"a.currency", "s.total", "a.currency, "}

// inBase sums the amounts in the base currency code (an ISO or ledger code:
// letters and digits only, so it is written into the SQL as it is).
func inBase(code string) measure {
	clean := strings.Map(func(r rune) rune {
		if r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, code)
	return measure{"'" + clean + "'", "s.base", ""}
}

// BaseCurrency is the ledger's base currency.
func (db *DB) BaseCurrency(ctx context.Context, ledgerID int64) (string, error) {
	var base string
	err := db.queryRow(ctx, `SELECT base_currency FROM ledgers WHERE id = ?`, ledgerID).Scan(&base)
	return base, notFound(err, "ledger")
}

// incomplete lists the currencies of the report's movements that have no
// rate to the base currency.
func (db *DB) incomplete(ctx context.Context, ledgerID int64, f finance.ReportFilter, extra string, extraArgs []any) ([]string, error) {
	var out []string
	err := db.reportRows(ctx, ledgerID, f, `a.currency, CAST(SUM(s.unrated) AS BIGINT)`, `a.currency`, extra, extraArgs)(func(r rowScanner) error {
		var c string
		var n int64
		if err := r.Scan(&c, &n); err != nil {
			return err
		}
		if n > 0 {
			out = append(out, c)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// ReportCategories sums expenses or earnings per category for the period,
// subcategories folded into their parent (and listed under it), per currency.
func (db *DB) ReportCategories(ctx context.Context, ledgerID int64, f finance.ReportFilter, typ string) ([]finance.CurrencyCategories, error) {
	return db.reportCategories(ctx, ledgerID, f, typ, ownCurrency)
}

// ConvertedCategories is ReportCategories with every currency in the base one.
func (db *DB) ConvertedCategories(ctx context.Context, ledgerID int64, f finance.ReportFilter, typ string) (finance.CurrencyCategories, error) {
	base, err := db.BaseCurrency(ctx, ledgerID)
	if err != nil {
		return finance.CurrencyCategories{}, err
	}
	list, err := db.reportCategories(ctx, ledgerID, f, typ, inBase(base))
	if err != nil {
		return finance.CurrencyCategories{}, err
	}
	out := finance.CurrencyCategories{Currency: base, Categories: []finance.CategoryAmount{}}
	if len(list) > 0 {
		out = list[0]
	}
	out.Incomplete, err = db.incomplete(ctx, ledgerID, f, ` AND s.kind = ?`, []any{typ})
	return out, err
}

func (db *DB) reportCategories(ctx context.Context, ledgerID int64, f finance.ReportFilter, typ string, m measure) ([]finance.CurrencyCategories, error) {
	cats, err := db.ListCategories(ctx, ledgerID)
	if err != nil {
		return nil, err
	}
	byID := map[int64]finance.Category{}
	for _, c := range cats {
		byID[c.ID] = c
	}
	type key struct {
		currency string
		cat      int64
	}
	sums := map[key][2]int64{}
	err = db.reportRows(ctx, ledgerID, f, m.currency+`, s.category_id, CAST(SUM(`+m.total+`) AS BIGINT), CAST(SUM(s.count) AS BIGINT)`,
		m.group+`s.category_id`, ` AND s.kind = ?`, []any{typ})(func(r rowScanner) error {
		var k key
		var total, count int64
		if err := r.Scan(&k.currency, &k.cat, &total, &count); err != nil {
			return err
		}
		sums[k] = [2]int64{total, count}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := map[string]*finance.CurrencyCategories{}
	parents := map[key]*finance.CategoryAmount{}
	for k, v := range sums {
		cc := out[k.currency]
		if cc == nil {
			cc = &finance.CurrencyCategories{Currency: k.currency}
			out[k.currency] = cc
		}
		cc.Total += v[0]
		cc.Count += v[1]
		c := byID[k.cat]
		top := k.cat
		if c.ParentID != nil {
			top = *c.ParentID
		}
		p := parents[key{k.currency, top}]
		if p == nil {
			pc := byID[top]
			p = &finance.CategoryAmount{CategoryID: top, Name: pc.Name, Color: pc.Color, Icon: pc.Icon}
			parents[key{k.currency, top}] = p
		}
		p.Total += v[0]
		p.Count += v[1]
		if c.ParentID != nil {
			p.Children = append(p.Children, finance.CategoryAmount{CategoryID: c.ID, Name: c.Name, Color: c.Color, Icon: c.Icon, Total: v[0], Count: v[1]})
		}
	}
	for k, p := range parents {
		cc := out[k.currency]
		p.Share = share(p.Total, cc.Total)
		if len(p.Children) > 0 {
			// What was booked on the parent itself shows as its own row.
			own := p.Total
			for i := range p.Children {
				own -= p.Children[i].Total
				p.Children[i].Share = share(p.Children[i].Total, cc.Total)
			}
			if own != 0 {
				ownCount := p.Count
				for _, ch := range p.Children {
					ownCount -= ch.Count
				}
				p.Children = append(p.Children, finance.CategoryAmount{CategoryID: p.CategoryID, Name: p.Name, Color: p.Color, Icon: p.Icon,
					Total: own, Count: ownCount, Share: share(own, cc.Total)})
			}
			sortAmounts(p.Children)
		}
		cc.Categories = append(cc.Categories, *p)
	}
	res := make([]finance.CurrencyCategories, 0, len(out))
	for _, cc := range out {
		sortAmounts(cc.Categories)
		res = append(res, *cc)
	}
	sort.Slice(res, func(i, j int) bool { return res[i].Currency < res[j].Currency })
	return res, nil
}

func sortAmounts(a []finance.CategoryAmount) {
	sort.Slice(a, func(i, j int) bool {
		if a[i].Total != a[j].Total {
			return a[i].Total > a[j].Total
		}
		return a[i].CategoryID < a[j].CategoryID
	})
}

// share is part/whole in basis points, rounded half up, with integers only.
func share(part, whole int64) int64 {
	if whole == 0 {
		return 0
	}
	return (part*10000*2 + whole) / (whole * 2)
}

// ReportMonthly returns earnings, expenses, transfers, net and a running total
// per month of the period, per currency, with empty months as zeros.
func (db *DB) ReportMonthly(ctx context.Context, ledgerID int64, f finance.ReportFilter) ([]finance.CurrencyMonths, error) {
	return db.reportMonthly(ctx, ledgerID, f, ownCurrency, "")
}

// ConvertedMonthly is ReportMonthly with every currency in the base one.
func (db *DB) ConvertedMonthly(ctx context.Context, ledgerID int64, f finance.ReportFilter) (finance.CurrencyMonths, error) {
	base, err := db.BaseCurrency(ctx, ledgerID)
	if err != nil {
		return finance.CurrencyMonths{}, err
	}
	list, err := db.reportMonthly(ctx, ledgerID, f, inBase(base), base)
	if err != nil {
		return finance.CurrencyMonths{}, err
	}
	out := list[0]
	out.Incomplete, err = db.incomplete(ctx, ledgerID, f, "", nil)
	return out, err
}

// reportMonthly sums by m; a section for always is there even when empty.
func (db *DB) reportMonthly(ctx context.Context, ledgerID int64, f finance.ReportFilter, m measure, always string) ([]finance.CurrencyMonths, error) {
	type key struct{ currency, month string }
	flows := map[key]*finance.MonthFlow{}
	currencies := map[string]bool{}
	if always != "" {
		currencies[always] = true
	}
	err := db.reportRows(ctx, ledgerID, f, m.currency+`, s.month, s.kind, CAST(SUM(`+m.total+`) AS BIGINT)`, m.group+`s.month, s.kind`, "", nil)(
		func(r rowScanner) error {
			var k key
			var kind string
			var total int64
			if err := r.Scan(&k.currency, &k.month, &kind, &total); err != nil {
				return err
			}
			currencies[k.currency] = true
			m := flows[k]
			if m == nil {
				m = &finance.MonthFlow{Month: k.month}
				flows[k] = m
			}
			switch kind {
			case "earning":
				m.Earnings += total
			case "expense":
				m.Expenses += total
			case "transfer_in":
				m.TransferIn += total
			case "transfer_out":
				m.TransferOut += total
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	months := monthsBetween(f.From, f.To)
	out := []finance.CurrencyMonths{}
	for cur := range currencies {
		cm := finance.CurrencyMonths{Currency: cur, Months: make([]finance.MonthFlow, 0, len(months))}
		var running int64
		for _, m := range months {
			mf := finance.MonthFlow{Month: m}
			if v := flows[key{cur, m}]; v != nil {
				mf = *v
			}
			mf.Net = mf.Earnings - mf.Expenses
			running += mf.Net + mf.TransferIn - mf.TransferOut
			mf.Running = running
			cm.Months = append(cm.Months, mf)
		}
		out = append(out, cm)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Currency < out[j].Currency })
	return out, nil
}

// monthsBetween lists YYYY-MM from the month of from to the month of to.
func monthsBetween(from, to string) []string {
	f, err1 := time.Parse(finance.DateLayout, from)
	t, err2 := time.Parse(finance.DateLayout, to)
	if err1 != nil || err2 != nil || t.Before(f) {
		return nil
	}
	var out []string
	for m := time.Date(f.Year(), f.Month(), 1, 0, 0, 0, 0, time.UTC); !m.After(t) && len(out) < 3600; m = m.AddDate(0, 1, 0) {
		out = append(out, m.Format("2006-01"))
	}
	return out
}

// ReportNetWorth returns, per currency, the sum of the account balances at
// the end of each month of the period: opening balances plus every flow up to
// that month.
func (db *DB) ReportNetWorth(ctx context.Context, ledgerID int64, f finance.ReportFilter) ([]finance.CurrencyWorth, error) {
	opening := map[string]int64{}
	q := `SELECT currency, CAST(SUM(opening_balance) AS BIGINT) FROM accounts WHERE ledger_id = ?`
	args := []any{ledgerID}
	if len(f.AccountIDs) > 0 {
		in, ids := inList(f.AccountIDs)
		q += ` AND id IN (` + in + `)`
		args = append(args, ids...)
	}
	rows, err := db.query(ctx, q+` GROUP BY currency`, args...)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var c string
		var v int64
		if err := rows.Scan(&c, &v); err != nil {
			rows.Close()
			return nil, err
		}
		opening[c] = v
	}
	rows.Close()
	// Everything before the period, summed in SQL, then the period month by month.
	start := map[string]int64{}
	for c, v := range opening {
		start[c] = v
	}
	if prior := dayBefore(f.From); prior >= "1900-01-01" {
		err := db.reportRows(ctx, ledgerID, finance.ReportFilter{From: "1900-01-01", To: prior, AccountIDs: f.AccountIDs},
			`a.currency, CAST(SUM(CASE s.kind WHEN 'earning' THEN s.total WHEN 'transfer_in' THEN s.total ELSE -s.total END) AS BIGINT)`,
			`a.currency`, "", nil)(func(r rowScanner) error {
			var c string
			var v int64
			if err := r.Scan(&c, &v); err != nil {
				return err
			}
			start[c] += v
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	period, err := db.ReportMonthly(ctx, ledgerID, f)
	if err != nil {
		return nil, err
	}
	byCur := map[string][]finance.MonthFlow{}
	for _, cm := range period {
		byCur[cm.Currency] = cm.Months
	}
	months := monthsBetween(f.From, f.To)
	out := []finance.CurrencyWorth{}
	for cur, base := range start {
		cw := finance.CurrencyWorth{Currency: cur, Points: make([]finance.WorthPoint, 0, len(months))}
		flows := byCur[cur]
		for i, m := range months {
			bal := base
			if i < len(flows) {
				bal += flows[i].Running
			}
			cw.Points = append(cw.Points, finance.WorthPoint{Month: m, Balance: bal})
		}
		out = append(out, cw)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Currency < out[j].Currency })
	return out, nil
}

func dayBefore(date string) string {
	t, err := time.Parse(finance.DateLayout, date)
	if err != nil {
		return "1899-12-31"
	}
	return t.AddDate(0, 0, -1).Format(finance.DateLayout)
}

// ConvertedNetWorth is the net worth in the base currency: each currency's
// balance at a month's end (or the period's, for its last month) converted at
// the rate of that day.
func (db *DB) ConvertedNetWorth(ctx context.Context, ledgerID int64, f finance.ReportFilter) (finance.CurrencyWorth, error) {
	per, err := db.ReportNetWorth(ctx, ledgerID, f)
	if err != nil {
		return finance.CurrencyWorth{}, err
	}
	conv, err := newConverter(ctx, db, db, ledgerID)
	if err != nil {
		return finance.CurrencyWorth{}, err
	}
	months := monthsBetween(f.From, f.To)
	out := finance.CurrencyWorth{Currency: conv.base, Points: make([]finance.WorthPoint, len(months))}
	for i, m := range months {
		out.Points[i].Month = m
	}
	days := make([]string, len(months))
	for i, m := range months {
		t, _ := time.Parse("2006-01", m)
		days[i] = min(monthEnd(t).Format(finance.DateLayout), f.To)
	}
	currencies := make([]string, len(per))
	for i, cw := range per {
		currencies[i] = cw.Currency
	}
	if err := conv.exact(ctx, currencies, days); err != nil {
		return out, err
	}
	missing := map[string]bool{}
	for _, cw := range per {
		for i, p := range cw.Points {
			if i >= len(out.Points) || p.Balance == 0 {
				continue
			}
			v, _, err := conv.convert(ctx, p.Balance, cw.Currency, days[i])
			if err != nil {
				return out, err
			}
			if v == nil {
				missing[cw.Currency] = true
				continue
			}
			out.Points[i].Balance += *v
		}
	}
	for c := range missing {
		out.Incomplete = append(out.Incomplete, c)
	}
	sort.Strings(out.Incomplete)
	return out, nil
}
