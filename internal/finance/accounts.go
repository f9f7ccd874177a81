package finance

import (
	"strings"
	"unicode/utf8"
)

// Account types.
var AccountTypes = []string{"cash", "bank", "card", "savings", "investment", "loan"}

// MaxAccountName bounds an account's name.
const MaxAccountName = 60

// Account is a wallet: cash, a bank account, a card...
type Account struct {
	ID             int64  `json:"id,string"`
	Name           string `json:"name"`
	Type           string `json:"type" enum:"cash,bank,card,savings,investment,loan"`
	Currency       string `json:"currency"`
	OpeningBalance int64  `json:"openingBalance"`
	Balance        int64  `json:"balance"`
	Position       int64  `json:"position"`
	Archived       bool   `json:"archived"`
	HasMovements   bool   `json:"hasMovements"`
	// LastReconciled: the account's last reconciliation (the latest
	// statement date), nil when it was never reconciled.
	LastReconciled *ReconciledBalance `json:"lastReconciled"`
	// ReconcileDraft: a reconciliation begun and not finished (the
	// statement's date and balance typed), nil when there is none.
	ReconcileDraft *ReconciledBalance `json:"reconcileDraft"`
}

// AccountInput creates or patches an account; nil fields are unchanged.
type AccountInput struct {
	Name           *string `json:"name"`
	Type           *string `json:"type" enum:"cash,bank,card,savings,investment,loan"`
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

// Ledger is a ledger's settings.
type Ledger struct {
	ID           int64  `json:"id,string"`
	Name         string `json:"name"`
	BaseCurrency string `json:"baseCurrency"`
	// ECBRates: the European Central Bank's reference rates are downloaded
	// every day; ECBFetchedAt is when that last succeeded (ms, 0: never).
	ECBRates     bool  `json:"ecbRates"`
	ECBFetchedAt int64 `json:"ecbFetchedAt"`
}
