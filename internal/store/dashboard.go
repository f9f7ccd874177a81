package store

import (
	"context"
	"sort"
	"time"

	"cashcontrol/internal/finance"
)

// MonthSummary is one month's figures in one currency.
type MonthSummary struct {
	Currency string `json:"currency"`
	Earnings int64  `json:"earnings"`
	Expenses int64  `json:"expenses"`
	Net      int64  `json:"net"`
	// SavingsRate is net / earnings in basis points; null without earnings.
	SavingsRate *int64 `json:"savingsRate"`
}

// CurrencyBalance is the sum of the balances of one currency's accounts.
type CurrencyBalance struct {
	Currency string `json:"currency"`
	Balance  int64  `json:"balance"`
}

// Dashboard is every dashboard figure in one reply.
type Dashboard struct {
	Today         string               `json:"today"`
	Month         string               `json:"month"`
	Balances      []CurrencyBalance    `json:"balances"`
	Accounts      []finance.Account    `json:"accounts"`
	ThisMonth     []MonthSummary       `json:"thisMonth"`
	LastMonth     []MonthSummary       `json:"lastMonth"`
	TopCategories []CurrencyCategories `json:"topCategories"`
	Trend         []CurrencyMonths     `json:"trend"`
	Recent        []finance.Movement   `json:"recent"`
}

func summaries(months []CurrencyMonths) []MonthSummary {
	out := []MonthSummary{}
	for _, cm := range months {
		s := MonthSummary{Currency: cm.Currency}
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
func (db *DB) Dashboard(ctx context.Context, ledgerID int64, today time.Time) (*Dashboard, error) {
	day := today.Format(finance.DateLayout)
	first := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC)
	prevFirst := first.AddDate(0, -1, 0)
	d := &Dashboard{Today: day, Month: first.Format("2006-01")}
	var err error
	if d.Accounts, err = db.ListAccounts(ctx, ledgerID); err != nil {
		return nil, err
	}
	byCur := map[string]int64{}
	for _, a := range d.Accounts {
		byCur[a.Currency] += a.Balance
	}
	d.Balances = []CurrencyBalance{}
	for c, b := range byCur {
		d.Balances = append(d.Balances, CurrencyBalance{Currency: c, Balance: b})
	}
	sort.Slice(d.Balances, func(i, j int) bool { return d.Balances[i].Currency < d.Balances[j].Currency })
	this := ReportFilter{From: first.Format(finance.DateLayout), To: day}
	months, err := db.ReportMonthly(ctx, ledgerID, this)
	if err != nil {
		return nil, err
	}
	d.ThisMonth = summaries(months)
	last := ReportFilter{From: prevFirst.Format(finance.DateLayout), To: first.AddDate(0, 0, -1).Format(finance.DateLayout)}
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
	trend := ReportFilter{From: first.AddDate(0, -11, 0).Format(finance.DateLayout), To: day}
	if d.Trend, err = db.ReportMonthly(ctx, ledgerID, trend); err != nil {
		return nil, err
	}
	if d.Recent, _, err = db.ListMovements(ctx, ledgerID, finance.MovementFilter{}, 8, ""); err != nil {
		return nil, err
	}
	return d, nil
}
