package finance

// ReportFilter selects what a report covers. Dates are inclusive.
type ReportFilter struct {
	From, To   string
	AccountIDs []int64
}

// ReportPeriod is a report's period (inclusive YYYY-MM-DD dates) from what
// was asked, either end may be "": without to, it ends today; without from,
// it starts on the first of the month of the ledger's first movement (first
// gives it, "" when there is none) — "all time" — or of to when that is
// earlier. A date that is not one, or from after to, is a field error.
func ReportPeriod(from, to, today string, first func() (string, error)) (ReportFilter, error) {
	f := ReportFilter{From: from, To: to}
	if f.To == "" {
		f.To = today
	} else if !ValidDate(f.To) {
		// Not only noted: the start of "all time" is computed from it below.
		return f, FieldErr("to", FCodeInvalid, "not a date")
	}
	if f.From == "" {
		start, err := first()
		if err != nil {
			return f, err
		}
		if start == "" || start > f.To {
			start = f.To
		}
		f.From = start[:8] + "01"
	} else if !ValidDate(f.From) {
		return f, FieldErr("from", FCodeInvalid, "not a date")
	}
	if f.From > f.To {
		return f, FieldErr("from", FCodeOutOfRange, "from is after to")
	}
	return f, nil
}

// CategoryAmount is one category's total in a report.
type CategoryAmount struct {
	CategoryID int64            `json:"categoryId,string"`
	Name       string           `json:"name"`
	Color      string           `json:"color"`
	Icon       string           `json:"icon"`
	Total      int64            `json:"total"`
	Count      int64            `json:"count"`
	Share      int64            `json:"share"` // basis points of the currency's total (10000 = 100 %)
	Children   []CategoryAmount `json:"children,omitempty"`
}

// CurrencyCategories is the by-category report in one currency.
type CurrencyCategories struct {
	Currency   string           `json:"currency"`
	Total      int64            `json:"total"`
	Count      int64            `json:"count"`
	Categories []CategoryAmount `json:"categories"`
	// Incomplete: in a figure converted to the base currency, the currencies
	// some of whose movements have no rate (left out, never counted as 1).
	Incomplete []string `json:"incomplete,omitempty"`
}

// MonthFlow is one month of one currency.
type MonthFlow struct {
	Month       string `json:"month"`
	Earnings    int64  `json:"earnings"`
	Expenses    int64  `json:"expenses"`
	TransferIn  int64  `json:"transfersIn"`
	TransferOut int64  `json:"transfersOut"`
	Net         int64  `json:"net"`     // earnings - expenses
	Running     int64  `json:"running"` // cumulative net of every flow (transfers included) since the period began
}

// CurrencyMonths is a monthly series in one currency.
type CurrencyMonths struct {
	Currency string      `json:"currency"`
	Months   []MonthFlow `json:"months"`
	// Incomplete: in a figure converted to the base currency, the currencies
	// some of whose movements have no rate (left out, never counted as 1).
	Incomplete []string `json:"incomplete,omitempty"`
}

// WorthPoint is the net worth of one currency at a month's end.
type WorthPoint struct {
	Month   string `json:"month"`
	Balance int64  `json:"balance"`
}

// CurrencyWorth is a net-worth series in one currency.
type CurrencyWorth struct {
	Currency string       `json:"currency"`
	Points   []WorthPoint `json:"points"`
	// Incomplete: in a figure converted to the base currency, the currencies
	// some of whose movements have no rate (left out, never counted as 1).
	Incomplete []string `json:"incomplete,omitempty"`
}

// CategoryChange compares one top-level category across two periods.
type CategoryChange struct {
	CategoryID int64  `json:"categoryId,string"`
	Name       string `json:"name"`
	Color      string `json:"color"`
	Icon       string `json:"icon"`
	Current    int64  `json:"current"`
	Previous   int64  `json:"previous"`
	Change     int64  `json:"change"`
	// ChangeBP is the change in basis points of the previous amount; null when
	// there was nothing before.
	ChangeBP *int64 `json:"changeBp"`
}

// CurrencyComparison is the period-against-period report in one currency.
type CurrencyComparison struct {
	Currency   string           `json:"currency"`
	Current    int64            `json:"current"`
	Previous   int64            `json:"previous"`
	Change     int64            `json:"change"`
	ChangeBP   *int64           `json:"changeBp"`
	Categories []CategoryChange `json:"categories"`
	// Incomplete: in a figure converted to the base currency, the currencies
	// some of whose movements have no rate (left out, never counted as 1).
	Incomplete []string `json:"incomplete,omitempty"`
}

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
	Accounts      []Account            `json:"accounts"`
	ThisMonth     []MonthSummary       `json:"thisMonth"`
	LastMonth     []MonthSummary       `json:"lastMonth"`
	TopCategories []CurrencyCategories `json:"topCategories"`
	Trend         []CurrencyMonths     `json:"trend"`
	Recent        []Movement           `json:"recent"`
	// Converted is every figure in the ledger's base currency.
	Converted *DashboardConverted `json:"converted"`
}

// DashboardConverted is the dashboard's figures in the base currency.
type DashboardConverted struct {
	Currency      string             `json:"currency"`
	Balance       int64              `json:"balance"`
	ThisMonth     MonthSummary       `json:"thisMonth"`
	LastMonth     MonthSummary       `json:"lastMonth"`
	TopCategories CurrencyCategories `json:"topCategories"`
	Trend         CurrencyMonths     `json:"trend"`
	Incomplete    []string           `json:"incomplete"`
}

// CurrencyTotals are the totals of a filtered set in one currency.
type CurrencyTotals struct {
	Currency string `json:"currency"`
	Count    int64  `json:"count"`
	Earnings int64  `json:"earnings"`
	Expenses int64  `json:"expenses"`
	Net      int64  `json:"net"`
	// Incomplete: in a figure converted to the base currency, the currencies
	// some of whose movements have no rate (left out, never counted as 1).
	Incomplete []string `json:"incomplete,omitempty"`
}

// MovementTotals are the totals of a filtered set; amounts of different
// currencies are never added together.
type MovementTotals struct {
	Count      int64            `json:"count"`
	ByCurrency []CurrencyTotals `json:"byCurrency"`
	// Converted is the whole set in the ledger's base currency.
	Converted *CurrencyTotals `json:"converted"`
}
