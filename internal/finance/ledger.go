package finance

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Account types.
var AccountTypes = []string{"cash", "bank", "card", "savings", "investment", "loan"}

// Category types, as the seed's expense and earnings types.
const (
	CategoryExpense = "expense"
	CategoryEarning = "earning"
)

// Limits on ledger structure.
const (
	MaxAccountName  = 60
	MaxCategoryName = 60
	MaxAmount       = 1_000_000_000_000_000 // |amount| ≤ 10^15 minor units
)

var (
	colorPattern = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
	iconPattern  = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)
)

// Account is a wallet: cash, a bank account, a card...
type Account struct {
	ID             int64  `json:"id,string"`
	Name           string `json:"name"`
	Type           string `json:"type"`
	Currency       string `json:"currency"`
	OpeningBalance int64  `json:"openingBalance"`
	Balance        int64  `json:"balance"`
	Position       int64  `json:"position"`
	Archived       bool   `json:"archived"`
	HasMovements   bool   `json:"hasMovements"`
}

// AccountInput creates or patches an account; nil fields are unchanged.
type AccountInput struct {
	Name           *string `json:"name"`
	Type           *string `json:"type"`
	Currency       *string `json:"currency"`
	OpeningBalance *int64  `json:"openingBalance"`
	Position       *int64  `json:"position"`
	Archived       *bool   `json:"archived"`
}

// Normalize trims the name and upper-cases the currency.
func (in *AccountInput) Normalize() {
	if in.Name != nil {
		*in.Name = strings.TrimSpace(*in.Name)
	}
	if in.Currency != nil {
		*in.Currency = strings.ToUpper(strings.TrimSpace(*in.Currency))
	}
}

// Validate checks the input; create requires name, type and currency.
func (in AccountInput) Validate(create bool, knownCurrency func(string) bool) error {
	var v Validation
	switch {
	case in.Name == nil && create, in.Name != nil && *in.Name == "":
		v.Add("name", FCodeRequired)
	case in.Name != nil && utf8.RuneCountInString(*in.Name) > MaxAccountName:
		v.Add("name", FCodeTooLong)
	}
	switch {
	case in.Type == nil && create:
		v.Add("type", FCodeRequired)
	case in.Type != nil && !contains(AccountTypes, *in.Type):
		v.Add("type", FCodeUnknown)
	}
	switch {
	case in.Currency == nil && create:
		v.Add("currency", FCodeRequired)
	case in.Currency != nil && !knownCurrency(*in.Currency):
		v.Add("currency", FCodeUnknown)
	}
	if in.OpeningBalance != nil && (*in.OpeningBalance > MaxAmount || *in.OpeningBalance < -MaxAmount) {
		v.Add("openingBalance", FCodeOutOfRange)
	}
	return v.Err()
}

// Category sorts movements; one level of subcategories.
type Category struct {
	ID       int64  `json:"id,string"`
	Name     string `json:"name"`
	Type     string `json:"type"`
	ParentID *int64 `json:"parentId,string"`
	Color    string `json:"color"`
	Icon     string `json:"icon"`
	Position int64  `json:"position"`
	Archived bool   `json:"archived"`
}

// CategoryInput creates or patches a category; nil fields are unchanged.
// ParentID "" (or null) makes it top-level.
type CategoryInput struct {
	Name     *string  `json:"name"`
	Type     *string  `json:"type"`
	ParentID *IDInput `json:"parentId"`
	Color    *string  `json:"color"`
	Icon     *string  `json:"icon"`
	Position *int64   `json:"position"`
	Archived *bool    `json:"archived"`
}

// Normalize trims text fields.
func (in *CategoryInput) Normalize() {
	for _, f := range []*string{in.Name, in.Color, in.Icon} {
		if f != nil {
			*f = strings.TrimSpace(*f)
		}
	}
	if in.Color != nil {
		*in.Color = strings.ToLower(*in.Color)
	}
}

// Validate checks field formats (parent rules need the store).
func (in CategoryInput) Validate(create bool) error {
	var v Validation
	switch {
	case in.Name == nil && create, in.Name != nil && *in.Name == "":
		v.Add("name", FCodeRequired)
	case in.Name != nil && utf8.RuneCountInString(*in.Name) > MaxCategoryName:
		v.Add("name", FCodeTooLong)
	}
	switch {
	case in.Type == nil && create:
		v.Add("type", FCodeRequired)
	case in.Type != nil && *in.Type != CategoryExpense && *in.Type != CategoryEarning:
		v.Add("type", FCodeUnknown)
	}
	if in.ParentID != nil && in.ParentID.Invalid {
		v.Add("parentId", FCodeInvalid)
	}
	if in.Color != nil && *in.Color != "" && !colorPattern.MatchString(*in.Color) {
		v.Add("color", FCodeInvalid)
	}
	if in.Icon != nil && *in.Icon != "" && !iconPattern.MatchString(*in.Icon) {
		v.Add("icon", FCodeInvalid)
	}
	return v.Err()
}

// NameKey is the case-insensitive form names are compared by.
func NameKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
