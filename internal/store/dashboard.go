package store

import (
	"context"
	"sort"
	"time"

	"cashcontrol/internal/finance"
)

func summaries(months []finance.CurrencyMonths) []finance.MonthSummary {
	out := []finance.MonthSummary{}
	for _, cm := range months {
		s := finance.MonthSummary{Currency: cm.Currency}
		for _, m := range cm.Months {
			s.Earnings += m.Earnings
			s.Expenses += m.Expenses
		}
		s.Net = s.Earnings - s.Expenses
		if s.Earnings > 0 {
			rate := (s.Net*10000*2 + sign(s.Net)*s.Earnings) / (2 * s.Earnings)
			s.SavingsRate = &rate
		}
		out = append(out, s)
	}
	return out
}

// Dashboard computes the dashboard for the month of today.
func (db *DB) Dashboard(ctx context.Context, ledgerID int64, today time.Time) (*finance.Dashboard, error) {
	day := today.Format(finance.DateLayout)
	first := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC)
	d := &finance.Dashboard{Today: day, Month: first.Format("2006-01")}
	var err error
	if d.Accounts, err = db.ListAccounts(ctx, ledgerID); err != nil {
		return nil, err
	}
	byCur := map[string]int64{}
	for _, a := range d.Accounts {
		byCur[a.Currency] += a.Balance
	}
	d.Balances = []finance.CurrencyBalance{}
	for c, b := range byCur {
		d.Balances = append(d.Balances, finance.CurrencyBalance{Currency: c, Balance: b})
	}
	sort.Slice(d.Balances, func(i, j int) bool { return d.Balances[i].Currency < d.Balances[j].Currency })
	// The trend's last two months are this month (to today) and the last:
	// one read of the rollup answers all three, and one the categories.
	this := finance.ReportFilter{From: first.Format(finance.DateLayout), To: day}
	trend := finance.ReportFilter{From: first.AddDate(0, -11, 0).Format(finance.DateLayout), To: day}
	trendConv := finance.CurrencyMonths{}
	if d.Trend, trendConv, err = db.Monthly(ctx, ledgerID, trend); err != nil {
		return nil, err
	}
	d.ThisMonth, d.LastMonth = monthOf(d.Trend, 1), monthOf(d.Trend, 2)
	top, topConv, err := db.Categories(ctx, ledgerID, this, finance.MovementExpense)
	if err != nil {
		return nil, err
	}
	d.TopCategories = top
	for i := range d.TopCategories {
		if len(d.TopCategories[i].Categories) > 5 {
			d.TopCategories[i].Categories = d.TopCategories[i].Categories[:5]
		}
	}
	if d.Recent, _, err = db.ListMovements(ctx, ledgerID, finance.MovementFilter{}, 8, ""); err != nil {
		return nil, err
	}
	if d.Converted, err = db.convertedDashboard(ctx, ledgerID, d, day, trendConv, topConv); err != nil {
		return nil, err
	}
	return d, nil
}

// monthOf summarises the month back from the end of each series (1: the
// last), for the currencies that have movements in it.
func monthOf(series []finance.CurrencyMonths, back int) []finance.MonthSummary {
	var in []finance.CurrencyMonths
	for _, cm := range series {
		if i := len(cm.Months) - back; i >= 0 {
			m := cm.Months[i]
			if m.Earnings != 0 || m.Expenses != 0 || m.TransferIn != 0 || m.TransferOut != 0 {
				in = append(in, finance.CurrencyMonths{Currency: cm.Currency, Months: []finance.MonthFlow{m}})
			}
		}
	}
	return summaries(in)
}

// convertedDashboard is the dashboard's figures in the base currency:
// balances at today's rates, flows at each movement's.
func (db *DB) convertedDashboard(ctx context.Context, ledgerID int64, d *finance.Dashboard, day string, trend finance.CurrencyMonths, top finance.CurrencyCategories) (*finance.DashboardConverted, error) {
	conv, err := newConverter(ctx, db, db, ledgerID)
	if err != nil {
		return nil, err
	}
	c := &finance.DashboardConverted{Currency: conv.base, Trend: trend, TopCategories: top}
	missing := map[string]bool{}
	for _, b := range d.Balances {
		v, _, err := conv.convert(ctx, b.Balance, b.Currency, day)
		if err != nil {
			return nil, err
		}
		if v == nil {
			missing[b.Currency] = b.Balance != 0 || missing[b.Currency]
			continue
		}
		c.Balance += *v
	}
	for _, code := range trend.Incomplete {
		missing[code] = true
	}
	one := func(back int) finance.MonthSummary {
		s := finance.CurrencyMonths{Currency: trend.Currency}
		if i := len(trend.Months) - back; i >= 0 {
			s.Months = trend.Months[i : i+1]
		}
		return summaries([]finance.CurrencyMonths{s})[0]
	}
	c.ThisMonth, c.LastMonth = one(1), one(2)
	if len(c.TopCategories.Categories) > 5 {
		c.TopCategories.Categories = c.TopCategories.Categories[:5]
	}
	c.Incomplete = []string{}
	for code, yes := range missing {
		if yes {
			c.Incomplete = append(c.Incomplete, code)
		}
	}
	sort.Strings(c.Incomplete)
	return c, nil
}
