package finance

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
)

// Movement types.
const (
	MovementExpense  = "expense"
	MovementEarning  = "earning"
	MovementTransfer = "transfer"
)

// Movement states against the bank: typed in (uncleared), shown by the bank
// (cleared), or part of a reconciled statement (reconciled: its amount, date
// and account change only when the request confirms it).
const (
	StateUncleared  = "uncleared"
	StateCleared    = "cleared"
	StateReconciled = "reconciled"
)

// ValidState reports whether s is a movement state.
func ValidState(s string) bool {
	return s == StateUncleared || s == StateCleared || s == StateReconciled
}

// Limits on movements.
const (
	MaxDescription = 200
	MaxNotes       = 2000
	MaxTags        = 20
	MaxTagLen      = 40
	DateLayout     = "2006-01-02"
)

// Entry is what a movement moves, as the API shows it: an expense, an
// earning or a transfer between two accounts. Amount is positive, in the
// account's minor units; ToAmount is what the destination account
// receives, in its own currency. Movements, schedules and suggestions
// share it.
type Entry struct {
	Type        string   `json:"type" enum:"expense,earning,transfer"`
	Amount      int64    `json:"amount"`
	Currency    string   `json:"currency"`
	AccountID   int64    `json:"accountId,string"`
	CategoryID  *int64   `json:"categoryId,string"`
	ToAccountID *int64   `json:"toAccountId,string"`
	ToAmount    *int64   `json:"toAmount"`
	ToCurrency  string   `json:"toCurrency,omitempty"`
	Description string   `json:"description"`
	Notes       string   `json:"notes"`
	Tags        []string `json:"tags"`
}

// Movement is an entry on a date.
type Movement struct {
	ID   int64  `json:"id,string"`
	Date string `json:"date"`
	Entry
	// State: uncleared, cleared or reconciled.
	State string `json:"state" enum:"uncleared,cleared,reconciled"`
	// The amounts in the ledger's base currency: nil when the currency has
	// no rate. BaseEstimated: a rate of a later date was used, there being
	// none on or before the movement's.
	BaseAmount    *int64 `json:"baseAmount"`
	ToBaseAmount  *int64 `json:"toBaseAmount"`
	BaseEstimated bool   `json:"baseEstimated"`
	baseLater     int64
	// Attachments: how many files the movement keeps.
	Attachments int `json:"attachments"`
	// Rules: what the ledger's rules changed when the movement was created
	// (only in the answer to its creation).
	Rules []RuleChange `json:"rules,omitempty"`
	// Splits: the lines of a split expense or earning (empty when it is not
	// split; CategoryID is then nil). SplitCount is how many the row says it
	// has, before the store reads them.
	Splits     []Split `json:"splits"`
	SplitCount int     `json:"-"`
	// Who created the movement and who last changed it (user ids; nil: the
	// server, a scheduled movement say, or a movement from before they were
	// recorded), and when (ms).
	CreatedBy *int64 `json:"createdBy,string"`
	CreatedAt int64  `json:"createdAt"`
	UpdatedBy *int64 `json:"updatedBy,string"`
	UpdatedAt int64  `json:"updatedAt"`
}

// BaseLater is which of the movement's amounts used a later rate (1: the
// amount, 2: a transfer's received amount).
func (m *Movement) BaseLater() int64 { return m.baseLater }

// SetBase sets the movement's amounts in the base currency as stored.
func (m *Movement) SetBase(amount, toAmount *int64, later int64) {
	m.BaseAmount, m.ToBaseAmount, m.baseLater, m.BaseEstimated = amount, toAmount, later, later != 0
}

// MovementInput creates a movement or, with nil fields unchanged, patches one.
type MovementInput struct {
	Type        *string   `json:"type" enum:"expense,earning,transfer"`
	Date        *string   `json:"date"`
	Amount      *int64    `json:"amount"`
	AccountID   *IDInput  `json:"accountId"`
	CategoryID  *IDInput  `json:"categoryId"`
	ToAccountID *IDInput  `json:"toAccountId"`
	ToAmount    *int64    `json:"toAmount"`
	Description *string   `json:"description"`
	Notes       *string   `json:"notes"`
	Tags        *[]string `json:"tags"`
	// Splits: the lines of a split movement; [] makes it whole again, and a
	// category without lines too.
	Splits *[]SplitInput `json:"splits"`
	// State: uncleared (the default), cleared or reconciled.
	State *string `json:"state" enum:"uncleared,cleared,reconciled"`
}

// MovementDraft is a complete movement before it is stored; ids are resolved
// and checked against the ledger by the store.
type MovementDraft struct {
	Type        string
	Date        string
	Amount      int64
	AccountID   int64
	CategoryID  int64 // 0: none
	ToAccountID int64 // 0: none
	ToAmount    int64 // 0: same as Amount when the currencies match
	Description string
	Notes       string
	Tags        []string
	Splits      []Split // nil: not split
	FITID       string
	State       string // "": uncleared
	// In the ledger's base currency (set by the store, never by a client):
	// nil when there is no rate; BaseLater as Movement.BaseLater.
	Base, ToBase *int64
	BaseLater    int64
}

// DraftFrom merges a patch over a draft (a zero draft for a create).
func DraftFrom(base MovementDraft, in MovementInput) MovementDraft {
	d := base
	if in.Type != nil {
		d.Type = strings.TrimSpace(*in.Type)
	}
	if in.Date != nil {
		d.Date = strings.TrimSpace(*in.Date)
	}
	if in.Amount != nil {
		d.Amount = *in.Amount
	}
	if in.AccountID != nil {
		d.AccountID = idOrInvalid(*in.AccountID)
	}
	if in.CategoryID != nil {
		d.CategoryID = idOrInvalid(*in.CategoryID)
	}
	if in.ToAccountID != nil {
		d.ToAccountID = idOrInvalid(*in.ToAccountID)
	}
	if in.ToAmount != nil {
		d.ToAmount = *in.ToAmount
	}
	if in.Description != nil {
		d.Description = strings.TrimSpace(*in.Description)
	}
	if in.Notes != nil {
		d.Notes = strings.TrimSpace(*in.Notes)
	}
	if in.Tags != nil {
		d.Tags = *in.Tags
	}
	if in.State != nil {
		d.State = strings.TrimSpace(*in.State)
	}
	d.Tags = NormalizeTags(d.Tags)
	switch {
	case in.Splits != nil:
		d.Splits = splitsFrom(*in.Splits)
		if len(d.Splits) > 0 && in.CategoryID == nil {
			d.CategoryID = 0 // the lines take the place of the category
		}
	case in.CategoryID != nil || d.Type == MovementTransfer:
		d.Splits = nil // a category (or a transfer) takes the movement whole
	default:
		d.Splits = slices.Clone(d.Splits)
	}
	if d.Type == MovementTransfer {
		d.CategoryID = 0
	} else {
		d.ToAccountID, d.ToAmount = 0, 0
	}
	return d
}

func idOrInvalid(p IDInput) int64 {
	if p.Invalid {
		return -1
	}
	return p.ID
}

// NormalizeTags trims, lower-cases, de-duplicates and sorts tags.
func NormalizeTags(tags []string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, t := range tags {
		t = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(t), "#")))
		if t == "" || seen[t] {
			continue
		}
		seen[t] = true
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// ValidDate reports whether s is a calendar date YYYY-MM-DD between 1900 and 2199.
func ValidDate(s string) bool {
	t, err := time.Parse(DateLayout, s)
	return err == nil && t.Year() >= 1900 && t.Year() < 2200
}

// Validate checks the draft's own fields; the store checks the accounts and
// the category against the ledger.
func (d MovementDraft) Validate() error {
	var v Validation
	switch d.Type {
	case "":
		v.Add("type", FCodeRequired)
	case MovementExpense, MovementEarning, MovementTransfer:
	default:
		v.Add("type", FCodeUnknown)
	}
	switch {
	case d.Date == "":
		v.Add("date", FCodeRequired)
	case !ValidDate(d.Date):
		v.Add("date", FCodeInvalid)
	}
	switch {
	case d.Amount == 0:
		v.Add("amount", FCodeRequired)
	case d.Amount < 0 || d.Amount > MaxAmount:
		v.Add("amount", FCodeOutOfRange)
	}
	switch {
	case d.AccountID == 0:
		v.Add("accountId", FCodeRequired)
	case d.AccountID < 0:
		v.Add("accountId", FCodeInvalid)
	}
	switch d.Type {
	case MovementExpense, MovementEarning:
		if len(d.Splits) > 0 {
			break // validateSplits
		}
		if d.CategoryID == 0 {
			v.Add("categoryId", FCodeRequired)
		} else if d.CategoryID < 0 {
			v.Add("categoryId", FCodeInvalid)
		}
	case MovementTransfer:
		switch {
		case d.ToAccountID == 0:
			v.Add("toAccountId", FCodeRequired)
		case d.ToAccountID < 0:
			v.Add("toAccountId", FCodeInvalid)
		case d.ToAccountID == d.AccountID:
			v.Add("toAccountId", FCodeMismatch)
		}
		if d.ToAmount < 0 || d.ToAmount > MaxAmount {
			v.Add("toAmount", FCodeOutOfRange)
		}
	}
	if d.State != "" && !ValidState(d.State) {
		v.Add("state", FCodeUnknown)
	}
	if utf8.RuneCountInString(d.Description) > MaxDescription {
		v.Add("description", FCodeTooLong)
	}
	if utf8.RuneCountInString(d.Notes) > MaxNotes {
		v.Add("notes", FCodeTooLong)
	}
	if len(d.Tags) > MaxTags {
		v.Add("tags", FCodeOutOfRange)
	}
	for _, t := range d.Tags {
		if utf8.RuneCountInString(t) > MaxTagLen || strings.ContainsAny(t, ",\n\t") {
			v.Add("tags", FCodeInvalid)
		}
	}
	if v.Err() == nil {
		d.validateSplits(&v)
	}
	return v.Err()
}

// MovementFilter selects movements; zero values do not filter.
type MovementFilter struct {
	From, To    string // inclusive dates
	Types       []string
	AccountIDs  []int64 // source or destination
	CategoryIDs []int64 // a parent includes its subcategories
	Tags        []string
	MinAmount   *int64
	MaxAmount   *int64
	Text        string
	States      []string // uncleared, cleared, reconciled
	Ascending   bool
}

// RowError names a draft of a bulk create that failed its checks.
type RowError struct {
	Index int          `json:"index"`
	Err   *Error       `json:"-"`
	Field []FieldError `json:"errors"`
}

// BulkError is returned when any draft of a bulk create is invalid: nothing
// was written, and every bad draft is listed.
type BulkError struct{ Rows []RowError }

func (e *BulkError) Error() string { return fmt.Sprintf("invalid: %d rows are invalid", len(e.Rows)) }

// Unwrap exposes the domain code.
func (e *BulkError) Unwrap() error {
	return Errorf(ECodeInvalid, "%d rows are invalid; nothing was written", len(e.Rows))
}

// TouchesReconciled reports whether the patch would change what a
// reconciled movement's balance rests on: its amount, date, account (or a
// transfer's destination and received amount), its lines' amounts, or its
// state. A patch that sends a field with its current value changes nothing.
func TouchesReconciled(cur MovementDraft, in MovementInput) bool {
	next := DraftFrom(cur, in)
	if next.Amount != cur.Amount || next.Date != cur.Date || next.AccountID != cur.AccountID || next.Type != cur.Type ||
		next.ToAccountID != cur.ToAccountID || (next.ToAmount != cur.ToAmount && in.ToAmount != nil) {
		return true
	}
	if next.State != "" && next.State != cur.State {
		return true
	}
	// Lines' amounts: splitting a movement or making it whole keeps its
	// amount; changing the amounts of its lines is a change of it.
	if in.Splits != nil && len(next.Splits) > 0 && len(cur.Splits) > 0 {
		if len(next.Splits) != len(cur.Splits) {
			return true
		}
		for i := range next.Splits {
			if next.Splits[i].Amount != cur.Splits[i].Amount {
				return true
			}
		}
	}
	return false
}
