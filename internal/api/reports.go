package api

import (
	"net/http"
	"net/url"
	"time"

	"cashcontrol/internal/finance"
)

// reportPeriod reads ?from=&to= (finance.ReportPeriod) and ?accountId=.
func (a *API) reportPeriod(r *http.Request, u *finance.User) (finance.ReportFilter, error) {
	q := r.URL.Query()
	f, err := finance.ReportPeriod(q.Get("from"), q.Get("to"), today(q).Format(finance.DateLayout), func() (string, error) {
		return a.db.FirstMovementDate(r.Context(), u.LedgerID)
	})
	if err != nil {
		return f, err
	}
	mf, err := movementFilter(url.Values{"accountId": q["accountId"]})
	if err != nil {
		return f, err
	}
	f.AccountIDs = mf.AccountIDs
	return f, nil
}

// today is the client's date when it sends one (?today=), else the server's.
func today(q url.Values) time.Time {
	if t, err := time.Parse(finance.DateLayout, q.Get("today")); err == nil {
		return t
	}
	return time.Now()
}

func reportType(q url.Values) (string, error) {
	switch t := q.Get("type"); t {
	case "", finance.MovementExpense:
		return finance.MovementExpense, nil
	case finance.MovementEarning:
		return t, nil
	}
	return "", finance.FieldErr("type", finance.FCodeUnknown, "type must be expense or earning")
}

// reportReply is a report: one section per currency (items), and every
// currency converted to the ledger's base currency (converted).
type reportReply[T any] struct {
	From      string `json:"from"`
	To        string `json:"to"`
	Type      string `json:"type,omitempty" enum:"expense,earning"`
	Items     []T    `json:"items"`
	Converted T      `json:"converted"`
}

func (a *API) reportCategories(w http.ResponseWriter, r *http.Request, u *finance.User) {
	f, err := a.reportPeriod(r, u)
	typ, terr := reportType(r.URL.Query())
	if err == nil {
		err = terr
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	items, conv, err := a.db.Categories(r.Context(), u.LedgerID, f, typ)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, reportReply[finance.CurrencyCategories]{From: f.From, To: f.To, Type: typ, Items: items, Converted: conv})
}

// reportMonthly serves both the trend and the cash-flow reports: one series
// of earnings, expenses, transfers, net and running total per month.
func (a *API) reportMonthly(w http.ResponseWriter, r *http.Request, u *finance.User) {
	f, err := a.reportPeriod(r, u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	items, conv, err := a.db.Monthly(r.Context(), u.LedgerID, f)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, reportReply[finance.CurrencyMonths]{From: f.From, To: f.To, Items: items, Converted: conv})
}

func (a *API) reportNetWorth(w http.ResponseWriter, r *http.Request, u *finance.User) {
	f, err := a.reportPeriod(r, u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	items, conv, err := a.db.NetWorth(r.Context(), u.LedgerID, f)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, reportReply[finance.CurrencyWorth]{From: f.From, To: f.To, Items: items, Converted: conv})
}

type compareReply struct {
	reportReply[finance.CurrencyComparison]
	PreviousFrom string `json:"previousFrom"`
	PreviousTo   string `json:"previousTo"`
}

// previousPeriod is the period of the same length just before f: the same
// number of whole months when f is whole months, else the same number of days.
func previousPeriod(f finance.ReportFilter) finance.ReportFilter {
	from, _ := time.Parse(finance.DateLayout, f.From)
	to, _ := time.Parse(finance.DateLayout, f.To)
	p := finance.ReportFilter{AccountIDs: f.AccountIDs}
	if from.Day() == 1 && to.AddDate(0, 0, 1).Day() == 1 {
		months := (to.Year()-from.Year())*12 + int(to.Month()-from.Month()) + 1
		p.From = from.AddDate(0, -months, 0).Format(finance.DateLayout)
		p.To = from.AddDate(0, 0, -1).Format(finance.DateLayout)
		return p
	}
	days := int(to.Sub(from).Hours()/24) + 1
	p.From = from.AddDate(0, 0, -days).Format(finance.DateLayout)
	p.To = from.AddDate(0, 0, -1).Format(finance.DateLayout)
	return p
}

func (a *API) reportCompare(w http.ResponseWriter, r *http.Request, u *finance.User) {
	f, err := a.reportPeriod(r, u)
	typ, terr := reportType(r.URL.Query())
	if err == nil {
		err = terr
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	prev := previousPeriod(f)
	items, conv, err := a.db.Compare(r.Context(), u.LedgerID, f, prev, typ)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, compareReply{reportReply: reportReply[finance.CurrencyComparison]{From: f.From, To: f.To, Type: typ, Items: items, Converted: conv},
		PreviousFrom: prev.From, PreviousTo: prev.To})
}

func (a *API) dashboard(w http.ResponseWriter, r *http.Request, u *finance.User) {
	d, err := a.db.Dashboard(r.Context(), u.LedgerID, today(r.URL.Query()))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}
