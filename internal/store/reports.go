package store

import (
	"context"
	"sort"
	"time"

	"cashcontrol/internal/finance"
)

// Each report reads the rollup once and answers both ways: each currency's
// own figures (items) and every currency's in the ledger's base currency
// (converted, from the stored base amounts), with the currencies of the
// movements left out of the conversion for want of a rate (incomplete).
// Both come from the same rows, so they always describe the same movements.

// BaseCurrency is the ledger's base currency.
func (db *DB) BaseCurrency(ctx context.Context, ledgerID int64) (string, error) {
	var base string
	err := db.QueryRow(ctx, `SELECT base_currency FROM ledgers WHERE id = ?`, ledgerID).Scan(&base)
	return base, NotFound(err, "ledger")
}

// sortedKeys lists the currencies marked true, in order (nil when none).
func sortedKeys(set map[string]bool) []string {
	var out []string
	for c, yes := range set {
		if yes {
			out = append(out, c)
		}
	}
	sort.Strings(out)
	return out
}

// ReportCategories sums expenses or earnings per category for the period,
// subcategories folded into their parent (and listed under it), per currency.
func (db *DB) ReportCategories(ctx context.Context, ledgerID int64, f finance.ReportFilter, typ string) ([]finance.CurrencyCategories, error) {
	items, _, err := db.Categories(ctx, ledgerID, f, typ)
	return items, err
}

// ConvertedCategories is ReportCategories with every currency in the base one.
func (db *DB) ConvertedCategories(ctx context.Context, ledgerID int64, f finance.ReportFilter, typ string) (finance.CurrencyCategories, error) {
	_, conv, err := db.Categories(ctx, ledgerID, f, typ)
	return conv, err
}

// Categories is ReportCategories and ConvertedCategories from one read.
func (db *DB) Categories(ctx context.Context, ledgerID int64, f finance.ReportFilter, typ string) ([]finance.CurrencyCategories, finance.CurrencyCategories, error) {
	conv := finance.CurrencyCategories{Categories: []finance.CategoryAmount{}}
	base, err := db.BaseCurrency(ctx, ledgerID)
	if err != nil {
		return nil, conv, err
	}
	conv.Currency = base
	cats, err := db.ListCategories(ctx, ledgerID)
	if err != nil {
		return nil, conv, err
	}
	cur, err := db.accountCurrencies(ctx, ledgerID)
	if err != nil {
		return nil, conv, err
	}
	sums, err := db.readSource(ctx, ledgerID, f.From, f.To, sourceRead{category: true, where: ` AND kind = ?`, args: []any{typ}, accounts: f.AccountIDs})
	if err != nil {
		return nil, conv, err
	}
	own, inBase := map[catKey][2]int64{}, map[catKey][2]int64{}
	unrated := map[string]bool{}
	for k, v := range sums {
		c, ok := cur[k.account]
		if !ok {
			continue
		}
		ok1, bk := catKey{c, k.category}, catKey{base, k.category}
		o, b := own[ok1], inBase[bk]
		own[ok1] = [2]int64{o[0] + v.total, o[1] + v.count}
		inBase[bk] = [2]int64{b[0] + v.base, b[1] + v.count}
		unrated[c] = unrated[c] || v.unrated > 0
	}
	if list := byCategory(cats, inBase); len(list) > 0 {
		conv = list[0]
	}
	conv.Incomplete = sortedKeys(unrated)
	return byCategory(cats, own), conv, nil
}

type catKey struct {
	currency string
	cat      int64
}

// byCategory builds the report's sections from the sums (total, count) per
// currency and category.
func byCategory(cats []finance.Category, sums map[catKey][2]int64) []finance.CurrencyCategories {
	byID := map[int64]finance.Category{}
	for _, c := range cats {
		byID[c.ID] = c
	}
	type key = catKey
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
	return res
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
	items, _, err := db.Monthly(ctx, ledgerID, f)
	return items, err
}

// ConvertedMonthly is ReportMonthly with every currency in the base one.
func (db *DB) ConvertedMonthly(ctx context.Context, ledgerID int64, f finance.ReportFilter) (finance.CurrencyMonths, error) {
	_, conv, err := db.Monthly(ctx, ledgerID, f)
	return conv, err
}

// Monthly is ReportMonthly and ConvertedMonthly from one read.
func (db *DB) Monthly(ctx context.Context, ledgerID int64, f finance.ReportFilter) ([]finance.CurrencyMonths, finance.CurrencyMonths, error) {
	base, err := db.BaseCurrency(ctx, ledgerID)
	if err != nil {
		return nil, finance.CurrencyMonths{}, err
	}
	type key struct{ currency, month string }
	flows := map[key]*finance.MonthFlow{}
	add := func(k key, kind string, total int64) {
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
	}
	// The converted series is kept under "" (no currency code is empty).
	cur, err := db.accountCurrencies(ctx, ledgerID)
	if err != nil {
		return nil, finance.CurrencyMonths{}, err
	}
	sums, err := db.readSource(ctx, ledgerID, f.From, f.To, sourceRead{month: true, kind: true, accounts: f.AccountIDs})
	if err != nil {
		return nil, finance.CurrencyMonths{}, err
	}
	currencies, unrated := map[string]bool{}, map[string]bool{}
	for k, v := range sums {
		c, ok := cur[k.account]
		if !ok {
			continue
		}
		currencies[c] = true
		unrated[c] = unrated[c] || v.unrated > 0
		add(key{c, k.month}, k.kind, v.total)
		add(key{"", k.month}, k.kind, v.base)
	}
	months := monthsBetween(f.From, f.To)
	series := func(cur, label string) finance.CurrencyMonths {
		cm := finance.CurrencyMonths{Currency: label, Months: make([]finance.MonthFlow, 0, len(months))}
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
		return cm
	}
	items := []finance.CurrencyMonths{}
	for _, cur := range sortedKeys(currencies) {
		items = append(items, series(cur, cur))
	}
	conv := series("", base)
	conv.Incomplete = sortedKeys(unrated)
	return items, conv, nil
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
	// A month's end balance is the opening balances plus every flow up to
	// it, wherever the period starts: one read from the first day to f.To.
	q := `SELECT id, currency, opening_balance FROM accounts WHERE ledger_id = ?`
	args := []any{ledgerID}
	if len(f.AccountIDs) > 0 {
		in, ids := inList(f.AccountIDs)
		q += ` AND id IN (` + in + `)`
		args = append(args, ids...)
	}
	rows, err := db.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	cur, balance := map[int64]string{}, map[string]int64{}
	for rows.Next() {
		var id, v int64
		var c string
		if err := rows.Scan(&id, &c, &v); err != nil {
			rows.Close()
			return nil, err
		}
		cur[id] = c
		balance[c] += v
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	sums, err := db.readSource(ctx, ledgerID, firstDate, f.To, sourceRead{month: true, kind: true, accounts: f.AccountIDs})
	if err != nil {
		return nil, err
	}
	type key struct{ currency, month string }
	flow := map[key]int64{}
	for k, v := range sums {
		c, ok := cur[k.account]
		if !ok {
			continue
		}
		switch k.kind {
		case "earning", "transfer_in":
			flow[key{c, k.month}] += v.total
		default:
			flow[key{c, k.month}] -= v.total
		}
	}
	months := monthsBetween(f.From, f.To)
	first := ""
	if len(months) > 0 {
		first = months[0]
	}
	for k, v := range flow {
		if k.month < first {
			balance[k.currency] += v
		}
	}
	out := []finance.CurrencyWorth{}
	for c, bal := range balance {
		cw := finance.CurrencyWorth{Currency: c, Points: make([]finance.WorthPoint, 0, len(months))}
		for _, m := range months {
			bal += flow[key{c, m}]
			cw.Points = append(cw.Points, finance.WorthPoint{Month: m, Balance: bal})
		}
		out = append(out, cw)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Currency < out[j].Currency })
	return out, nil
}

// ConvertedNetWorth is the net worth in the base currency: each currency's
// balance at a month's end (or the period's, for its last month) converted at
// the rate of that day.
func (db *DB) ConvertedNetWorth(ctx context.Context, ledgerID int64, f finance.ReportFilter) (finance.CurrencyWorth, error) {
	per, err := db.ReportNetWorth(ctx, ledgerID, f)
	if err != nil {
		return finance.CurrencyWorth{}, err
	}
	return db.convertWorth(ctx, ledgerID, f, per)
}

// NetWorth is ReportNetWorth and ConvertedNetWorth, the second from the first.
func (db *DB) NetWorth(ctx context.Context, ledgerID int64, f finance.ReportFilter) ([]finance.CurrencyWorth, finance.CurrencyWorth, error) {
	per, err := db.ReportNetWorth(ctx, ledgerID, f)
	if err != nil {
		return nil, finance.CurrencyWorth{}, err
	}
	conv, err := db.convertWorth(ctx, ledgerID, f, per)
	return per, conv, err
}

// convertWorth converts each currency's month-end balances at that day's rate.
func (db *DB) convertWorth(ctx context.Context, ledgerID int64, f finance.ReportFilter, per []finance.CurrencyWorth) (finance.CurrencyWorth, error) {
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
