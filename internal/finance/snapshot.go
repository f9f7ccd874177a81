package finance

import (
	"fmt"
	"io"
	"sort"
)

// Where a ledger snapshot was read from.
const (
	SourceCashControl   = "cashcontrol"   // the user's own export (GET /me/export)
	SourceFirefly       = "firefly"       // Firefly III's CSV export
	SourceActual        = "actual"        // Actual Budget's exported budget (zip)
	SourceEzBookkeeping = "ezbookkeeping" // ezBookkeeping's CSV or TSV export
)

// LedgerSnapshot is a whole ledger read from a file — the user's own export
// or another app's — before it becomes a new ledger. Ids are the file's own,
// local to the snapshot (any positive numbers, unique per kind): movements,
// budgets, schedules, rules and attachments name accounts, categories and
// movements by them, and the store maps them to the new ledger's ids.
type LedgerSnapshot struct {
	Source string
	// Name and BaseCurrency as the file has them ("" when it has none: the
	// user chooses when committing).
	Name         string
	BaseCurrency string
	// Currencies: the ledger's own currencies (not ISO 4217), and Rates its
	// exchange rates (those learnt from transfers come back with them).
	Currencies  []CustomCurrency
	Rates       []SnapshotRate
	Accounts    []SnapshotAccount
	Categories  []SnapshotCategory // parents may come after their children
	Movements   []SnapshotMovement // in any order
	Budgets     []SnapshotBudget
	Schedules   []SnapshotSchedule
	Rules       []MovementRule // ids in conditions and actions are local; ID unused
	Attachments []SnapshotAttachment
	// Skipped: what the reader could not take, row by row (shown in the
	// preview; nothing of it is imported).
	Skipped []SnapshotSkip
}

// SnapshotRate is an exchange rate and where it came from (RateManual,
// RateECB…; "" manual).
type SnapshotRate struct {
	RateInput
	Source string
}

// SnapshotAccount is an account of a snapshot. Currency "" is the ledger's
// base currency.
type SnapshotAccount struct {
	ID             int64
	Name           string
	Type           string // an account type (AccountTypes)
	Currency       string
	OpeningBalance int64
	Archived       bool
}

// SnapshotCategory is a category; ParentID 0 makes it top-level (a parent
// must be top-level and of the same type).
type SnapshotCategory struct {
	ID       int64
	ParentID int64
	Name     string
	Type     string // expense or earning
	Color    string // "" : a default
	Icon     string // "" : a default
	Archived bool
}

// SnapshotMovement is a movement; the draft's AccountID, CategoryID,
// ToAccountID and Splits' CategoryID are local ids (0: none). ID is needed
// only when an attachment or a schedule's occurrence names the movement.
type SnapshotMovement struct {
	ID    int64
	Draft MovementDraft
}

// SnapshotBudget is a category's budget for a month (YYYY-MM).
type SnapshotBudget struct {
	CategoryID int64
	Month      string
	Amount     *int64
	Rollover   bool
}

// SnapshotSchedule is a schedule with where it stands; the entry's ids are
// local.
type SnapshotSchedule struct {
	Schedule
	NextIndex   int
	LastDate    string
	Occurrences []SnapshotOccurrence
}

// SnapshotOccurrence is a handled occurrence of a schedule: posted (with
// its movement's local id, 0 when it is gone) or skipped.
type SnapshotOccurrence struct {
	Date       string
	Status     string
	MovementID int64
}

// SnapshotAttachment is a movement's file; Open reads it.
type SnapshotAttachment struct {
	MovementID  int64
	Name        string
	ContentType string
	Size        int64
	Width       int
	Height      int
	Open        func() (io.ReadCloser, error)
}

// SnapshotSkip is a row the reader left out: Line is the file's line or
// row number (0 when none), Code what was wrong (SkipDate…), Reason a short
// English sentence with the details.
type SnapshotSkip struct {
	Line   int    `json:"line"`
	Code   string `json:"code" enum:"date,amount,currency,account,type,transfer,row,reference,duplicate"`
	Reason string `json:"reason"`
}

// What was wrong with a row left out.
const (
	SkipDate      = "date"      // not a date
	SkipAmount    = "amount"    // zero, not a number, or out of range
	SkipCurrency  = "currency"  // unknown, or not the account's
	SkipAccount   = "account"   // no account of the ledger's (or the same twice)
	SkipType      = "type"      // not a type the app exports
	SkipTransfer  = "transfer"  // a transfer between currencies without the amount received
	SkipRow       = "row"       // the row cannot be read or lacks a field
	SkipReference = "reference" // a budget, schedule, rule or file whose account, category or movement is not in the file
	SkipDuplicate = "duplicate" // an id that repeats
)

// MaxSnapshotSkips bounds the skipped rows a snapshot lists (more are
// counted, not listed).
const MaxSnapshotSkips = 100

// Skip records a row left out.
func (s *LedgerSnapshot) Skip(line int, code, format string, args ...any) {
	s.Skipped = append(s.Skipped, SnapshotSkip{Line: line, Code: code, Reason: fmt.Sprintf(format, args...)})
}

// SnapshotSummary is what a snapshot holds, for its preview.
type SnapshotSummary struct {
	Source        string                   `json:"source" enum:"cashcontrol,firefly,actual,ezbookkeeping"`
	Name          string                   `json:"name"`
	BaseCurrency  string                   `json:"baseCurrency"`
	Accounts      []SnapshotAccountSummary `json:"accounts"`
	Categories    int                      `json:"categories"`
	Subcategories int                      `json:"subcategories"`
	Movements     int                      `json:"movements"`
	Transfers     int                      `json:"transfers"`
	Splits        int                      `json:"splits"`
	Tags          int                      `json:"tags"`
	Budgets       int                      `json:"budgets"`
	Schedules     int                      `json:"schedules"`
	Rules         int                      `json:"rules"`
	Attachments   int                      `json:"attachments"`
	// From and To: the first and last movements' dates ("" without any).
	From    string         `json:"from"`
	To      string         `json:"to"`
	Skipped []SnapshotSkip `json:"skipped"`
	// SkippedCount counts every row left out (Skipped lists at most
	// MaxSnapshotSkips).
	SkippedCount int `json:"skippedCount"`
}

// SnapshotAccountSummary is an account with the balance its movements
// give it, in its currency's minor units ("" currency: the base).
type SnapshotAccountSummary struct {
	Name     string `json:"name"`
	Type     string `json:"type" enum:"cash,bank,card,savings,investment,loan"`
	Currency string `json:"currency"`
	Balance  int64  `json:"balance"`
	Archived bool   `json:"archived"`
}

// Summary counts what the snapshot holds and each account's balance.
func (s *LedgerSnapshot) Summary() SnapshotSummary {
	sum := SnapshotSummary{Source: s.Source, Name: s.Name, BaseCurrency: s.BaseCurrency, Accounts: []SnapshotAccountSummary{},
		Budgets: len(s.Budgets), Schedules: len(s.Schedules), Rules: len(s.Rules), Attachments: len(s.Attachments),
		SkippedCount: len(s.Skipped)}
	balance := map[int64]int64{}
	for _, a := range s.Accounts {
		balance[a.ID] += a.OpeningBalance
	}
	for _, c := range s.Categories {
		if c.ParentID == 0 {
			sum.Categories++
		} else {
			sum.Subcategories++
		}
	}
	tags := map[string]bool{}
	for _, m := range s.Movements {
		d := m.Draft
		sum.Movements++
		if sum.From == "" || d.Date < sum.From {
			sum.From = d.Date
		}
		if d.Date > sum.To {
			sum.To = d.Date
		}
		// Capped: a crafted file's sums must not wrap round to a small one.
		switch d.Type {
		case MovementExpense:
			balance[d.AccountID] = AddCapped(balance[d.AccountID], -d.Amount)
		case MovementEarning:
			balance[d.AccountID] = AddCapped(balance[d.AccountID], d.Amount)
		case MovementTransfer:
			sum.Transfers++
			balance[d.AccountID] = AddCapped(balance[d.AccountID], -d.Amount)
			to := d.ToAmount
			if to == 0 {
				to = d.Amount
			}
			balance[d.ToAccountID] = AddCapped(balance[d.ToAccountID], to)
		}
		if len(d.Splits) > 0 {
			sum.Splits++
		}
		for _, t := range d.Tags {
			tags[NameKey(t)] = true
		}
	}
	sum.Tags = len(tags)
	for _, a := range s.Accounts {
		sum.Accounts = append(sum.Accounts, SnapshotAccountSummary{Name: a.Name, Type: a.Type, Currency: a.Currency,
			Balance: balance[a.ID], Archived: a.Archived})
	}
	sum.Skipped = s.Skipped[:min(len(s.Skipped), MaxSnapshotSkips)]
	if sum.Skipped == nil {
		sum.Skipped = []SnapshotSkip{}
	}
	return sum
}

// WithinLimits says whether the cleaned snapshot's accounts stay within
// ±MaxBalance and its amounts within MaxTurnover (the store counts the
// amounts in the base currency too: it may still refuse a ledger near the
// limit); limit_exceeded when not.
func (s *LedgerSnapshot) WithinLimits() error {
	for _, a := range s.Summary().Accounts {
		if a.Balance > MaxBalance || a.Balance < -MaxBalance {
			return LimitError("", fmt.Sprintf("the account %q would hold more than ±10^15 minor units", a.Name))
		}
	}
	var turnover int64
	for _, a := range s.Accounts {
		turnover = AddCapped(turnover, max(a.OpeningBalance, -a.OpeningBalance))
	}
	for _, m := range s.Movements {
		turnover = AddCapped(turnover, m.Draft.Amount)
	}
	if turnover > MaxTurnover {
		return LimitError("", "the ledger's amounts would add up past 10^18 minor units")
	}
	return nil
}

// CategoriesInOrder returns the categories with every parent before its
// children, or an error when a parent is missing, not top-level, of another
// type, or ids repeat.
func (s *LedgerSnapshot) CategoriesInOrder() ([]SnapshotCategory, error) {
	byID := make(map[int64]SnapshotCategory, len(s.Categories))
	for _, c := range s.Categories {
		if c.ID <= 0 {
			return nil, fmt.Errorf("category %q has no id", c.Name)
		}
		if _, dup := byID[c.ID]; dup {
			return nil, fmt.Errorf("category id %d repeats", c.ID)
		}
		byID[c.ID] = c
	}
	out := make([]SnapshotCategory, 0, len(s.Categories))
	var children []SnapshotCategory
	for _, c := range s.Categories {
		if c.ParentID == 0 {
			out = append(out, c)
			continue
		}
		p, ok := byID[c.ParentID]
		switch {
		case !ok:
			return nil, fmt.Errorf("category %q: its parent %d is missing", c.Name, c.ParentID)
		case p.ParentID != 0:
			return nil, fmt.Errorf("category %q: its parent %q is a subcategory", c.Name, p.Name)
		case p.Type != c.Type:
			return nil, fmt.Errorf("category %q: its parent %q is of another type", c.Name, p.Name)
		}
		children = append(children, c)
	}
	sort.SliceStable(children, func(i, j int) bool { return children[i].ParentID < children[j].ParentID })
	return append(out, children...), nil
}

// LedgerImportResult is what committing a ledger import made.
type LedgerImportResult struct {
	LedgerID    int64  `json:"ledgerId,string"`
	Name        string `json:"name"`
	Accounts    int    `json:"accounts"`
	Categories  int    `json:"categories"`
	Movements   int    `json:"movements"`
	Budgets     int    `json:"budgets"`
	Schedules   int    `json:"schedules"`
	Rules       int    `json:"rules"`
	Attachments int    `json:"attachments"`
}
