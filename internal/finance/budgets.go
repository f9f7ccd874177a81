package finance

import (
	"fmt"
	"time"
)

// Budgets are amounts of the ledger's base currency per expense category
// and month (and one for the whole ledger, OverallBudget). A budget set for
// a month holds for the months after it until another is set: the store
// keeps one row per change, and a month reads the latest row on or before it.

// OverallBudget is the category id of the ledger's overall monthly budget.
const OverallBudget int64 = 0

// MonthLayout is a month as the API writes it.
const MonthLayout = "2006-01"

// ParseMonth reads YYYY-MM (years 1900–2199, as dates).
func ParseMonth(s string) (time.Time, bool) {
	t, err := time.Parse(MonthLayout, s)
	if err != nil || t.Format(MonthLayout) != s || t.Year() < 1900 || t.Year() > 2199 {
		return time.Time{}, false
	}
	return t, true
}

// AddMonths moves a YYYY-MM month by n months.
func AddMonths(month string, n int) string {
	t, _ := time.Parse(MonthLayout, month)
	return t.AddDate(0, n, 0).Format(MonthLayout)
}

// Budget scopes: a change for one month only (the month after keeps what it
// had), or from that month on (later changes of the category are replaced).
const (
	BudgetScopeMonth  = "month"
	BudgetScopeOnward = "onward"
)

// BudgetChange sets one category's budget (OverallBudget for the ledger's).
// Amount nil removes the budget; Rollover nil keeps the current setting.
type BudgetChange struct {
	CategoryID int64  `json:"categoryId,string"`
	Amount     *int64 `json:"amount"`
	Rollover   *bool  `json:"rollover"`
}

// BudgetInput is a set of changes made in one month, with one scope.
type BudgetInput struct {
	Scope string         `json:"scope" enum:"onward,month"`
	Items []BudgetChange `json:"items"`
}

// MaxBudgetItems bounds the changes of one request.
const MaxBudgetItems = 1000

// Validate checks the scope, the amounts and that no category repeats; the
// store checks that each category is one of the ledger's expense categories.
func (in *BudgetInput) Validate() error {
	var v Validation
	switch in.Scope {
	case "":
		in.Scope = BudgetScopeOnward
	case BudgetScopeMonth, BudgetScopeOnward:
	default:
		v.Add("scope", FCodeUnknown)
	}
	if len(in.Items) == 0 {
		v.Add("items", FCodeRequired)
	}
	if len(in.Items) > MaxBudgetItems {
		v.Add("items", FCodeOutOfRange)
	}
	seen := map[int64]bool{}
	for i, c := range in.Items {
		field := fmt.Sprintf("items[%d]", i)
		if c.Amount != nil && (*c.Amount < 0 || *c.Amount > MaxAmount) {
			v.Add(field+".amount", FCodeOutOfRange)
		}
		if c.CategoryID < 0 {
			v.Add(field+".categoryId", FCodeInvalid)
		}
		if seen[c.CategoryID] {
			v.Add(field+".categoryId", FCodeInvalid)
		}
		seen[c.CategoryID] = true
	}
	return v.Err()
}

// BudgetLine is one category's budget in a month: what was budgeted (nil:
// none), what the months before carried into it (rollover), what was spent
// and what remains (budget + carried − spent; nil without a budget).
type BudgetLine struct {
	CategoryID int64  `json:"categoryId,string"`
	ParentID   *int64 `json:"parentId,string"`
	Amount     *int64 `json:"amount"`
	// FromChildren: a parent without a budget of its own shows the sum of
	// its subcategories'.
	FromChildren bool   `json:"fromChildren"`
	Rollover     bool   `json:"rollover"`
	Carried      int64  `json:"carried"`
	Spent        int64  `json:"spent"`
	Remaining    *int64 `json:"remaining"`
}

// BudgetMonth is a month's budgets in the base currency: the overall one
// (nil when none is set) and every expense category's.
type BudgetMonth struct {
	Month    string       `json:"month"`
	Currency string       `json:"currency"`
	Overall  *BudgetLine  `json:"overall"`
	Items    []BudgetLine `json:"items"`
	// Budgeted and Spent add up the top-level categories (their own or
	// their subcategories' budgets) and every expense of the month.
	Budgeted int64 `json:"budgeted"`
	Spent    int64 `json:"spent"`
	// Incomplete lists the currencies of the month's expenses that have no
	// rate to the base currency (left out of Spent).
	Incomplete []string `json:"incomplete"`
}

// BudgetPoint is one month of the budget report.
type BudgetPoint struct {
	Month    string `json:"month"`
	Budgeted int64  `json:"budgeted"`
	Spent    int64  `json:"spent"`
}
