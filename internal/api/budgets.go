package api

import (
	"net/http"
	"net/url"

	"cashcontrol/internal/finance"
)

// budgetMonth reads ?month=YYYY-MM; without it, the month of ?today (the
// client's date) or the server's.
func budgetMonth(q url.Values) (string, error) {
	m := q.Get("month")
	if m == "" {
		return today(q).Format(finance.MonthLayout), nil
	}
	if _, ok := finance.ParseMonth(m); !ok {
		return "", finance.FieldErr("month", finance.FCodeInvalid, "month must be YYYY-MM")
	}
	return m, nil
}

func (a *API) getBudgets(w http.ResponseWriter, r *http.Request, u *finance.User) {
	month, err := budgetMonth(r.URL.Query())
	if err != nil {
		a.fail(w, r, err)
		return
	}
	a.writeBudgets(w, r, u, month, http.StatusOK)
}

func (a *API) writeBudgets(w http.ResponseWriter, r *http.Request, u *finance.User, month string, status int) {
	b, err := a.db.Budgets(r.Context(), u.LedgerID, month)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, status, b)
}

// putBudgets sets budgets for the month (scope "month") or from it on
// ("onward", the default), and answers the month as GET does.
func (a *API) putBudgets(w http.ResponseWriter, r *http.Request, u *finance.User) {
	month, err := budgetMonth(r.URL.Query())
	var in finance.BudgetInput
	if err == nil {
		err = decode(w, r, &in)
	}
	if err == nil {
		err = a.db.SetBudgets(r.Context(), u.LedgerID, month, in)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	a.writeBudgets(w, r, u, month, http.StatusOK)
}

// copyBudgets makes the month's budgets those of the month before.
func (a *API) copyBudgets(w http.ResponseWriter, r *http.Request, u *finance.User) {
	month, err := budgetMonth(r.URL.Query())
	if err == nil {
		err = a.db.CopyBudgets(r.Context(), u.LedgerID, month)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	a.writeBudgets(w, r, u, month, http.StatusOK)
}

// fillBudgetsRequest: the months to average (3, 6 or 12) and which
// categories to fill.
type fillBudgetsRequest struct {
	Months int    `json:"months"`
	Scope  string `json:"scope" enum:"onward,month"`
}

// fillBudgets sets each category's budget to its average spending of the
// last 3, 6 or 12 months.
func (a *API) fillBudgets(w http.ResponseWriter, r *http.Request, u *finance.User) {
	month, err := budgetMonth(r.URL.Query())
	var in fillBudgetsRequest
	if err == nil {
		err = decode(w, r, &in)
	}
	if err == nil {
		err = a.db.FillBudgets(r.Context(), u.LedgerID, month, in.Months, in.Scope)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	a.writeBudgets(w, r, u, month, http.StatusOK)
}

// reportBudget is budgeted against spent per month, from..to (YYYY-MM; the
// 12 months to the current one by default).
// budgetReportReply is budgeted against spent per month, in the base
// currency; incomplete names the months a missing rate left out.
type budgetReportReply struct {
	From       string                `json:"from"`
	To         string                `json:"to"`
	Currency   string                `json:"currency"`
	Items      []finance.BudgetPoint `json:"items"`
	Incomplete []string              `json:"incomplete"`
}

func (a *API) reportBudget(w http.ResponseWriter, r *http.Request, u *finance.User) {
	q := r.URL.Query()
	to, err := budgetMonth(url.Values{"month": {q.Get("to")}, "today": {q.Get("today")}})
	if err != nil {
		err = finance.FieldErr("to", finance.FCodeInvalid, "to must be YYYY-MM")
	}
	from := q.Get("from")
	if err == nil && from == "" {
		from = finance.AddMonths(to, -11)
	} else if _, ok := finance.ParseMonth(from); err == nil && !ok {
		err = finance.FieldErr("from", finance.FCodeInvalid, "from must be YYYY-MM")
	}
	if err == nil && (from > to || finance.AddMonths(from, 120) < to) {
		err = finance.FieldErr("from", finance.FCodeOutOfRange, "from must be before to, at most 10 years before")
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	points, missing, err := a.db.BudgetReport(r.Context(), u.LedgerID, from, to)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	base, err := a.db.BaseCurrency(r.Context(), u.LedgerID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, budgetReportReply{From: from, To: to, Currency: base, Items: points, Incomplete: missing})
}
