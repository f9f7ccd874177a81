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
	prevFirst := first.AddDate(0, -1, 0)
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
	this := finance.ReportFilter{From: first.Format(finance.DateLayout), To: day}
	months, err := db.ReportMonthly(ctx, ledgerID, this)
	if err != nil {
		return nil, err
	}
	d.ThisMonth = summaries(months)
	last := finance.ReportFilter{From: prevFirst.Format(finance.DateLayout), To: first.AddDate(0, 0, -1).Format(finance.DateLayout)}
	if months, err = db.ReportMonthly(ctx, ledgerID, last); err != nil {
		return nil, err
	}
	d.LastMonth = summaries(months)
	if d.TopCategories, err = db.ReportCategories(ctx, ledgerID, this, finance.MovementExpense); err != nil {
		return nil, err
	}
	for i := range d.TopCategories {
		if len(d.TopCategories[i].Categories) > 5 {
			d.TopCategories[i].Categories = d.TopCategories[i].Categories[:5]
		}
	}
	trend := finance.ReportFilter{From: first.AddDate(0, -11, 0).Format(finance.DateLayout), To: day}
	if d.Trend, err = db.ReportMonthly(ctx, ledgerID, trend); err != nil {
		return nil, err
	}
	if d.Recent, _, err = db.ListMovements(ctx, ledgerID, finance.MovementFilter{}, 8, ""); err != nil {
		return nil, err
	}
	if d.Converted, err = db.convertedDashboard(ctx, ledgerID, d, day, this, last, trend); err != nil {
		return nil, err
	}
	return d, nil
}

// convertedDashboard is the dashboard's figures in the base currency:
// balances at today's rates, flows at each movement's.
func (db *DB) convertedDashboard(ctx context.Context, ledgerID int64, d *finance.Dashboard, day string, this, last, trend finance.ReportFilter) (*finance.DashboardConverted, error) {
	conv, err := newConverter(ctx, db, db, ledgerID)
	if err != nil {
		return nil, err
	}
	c := &finance.DashboardConverted{Currency: conv.base}
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
	month := func(f finance.ReportFilter) (finance.CurrencyMonths, error) {
		m, err := db.ConvertedMonthly(ctx, ledgerID, f)
		for _, code := range m.Incomplete {
			missing[code] = true
		}
		return m, err
	}
	m, err := month(this)
	if err != nil {
		return nil, err
	}
	c.ThisMonth = summaries([]finance.CurrencyMonths{m})[0]
	if m, err = month(last); err != nil {
		return nil, err
	}
	c.LastMonth = summaries([]finance.CurrencyMonths{m})[0]
	if c.Trend, err = month(trend); err != nil {
		return nil, err
	}
	if c.TopCategories, err = db.ConvertedCategories(ctx, ledgerID, this, finance.MovementExpense); err != nil {
		return nil, err
	}
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
