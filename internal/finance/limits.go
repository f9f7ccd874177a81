package finance

import "math"

// Bounds that keep every balance, total and report of a ledger exact in
// int64 (whose limit is about 9.2 × 10^18). A write that would pass one is
// refused with ECodeLimitExceeded; reads can then never overflow.
const (
	// MaxAmount bounds one amount (a movement's, an opening balance):
	// |amount| ≤ 10^15 minor units.
	MaxAmount = 1_000_000_000_000_000
	// MaxBalance bounds an account's balance: |balance| ≤ 10^15 minor units.
	MaxBalance = MaxAmount
	// MaxTurnover bounds the sum of every amount of a ledger (absolute opening
	// balances, movement amounts and transfers' received amounts). Any sum a
	// report takes is a part of it, so none can pass 10^18.
	MaxTurnover = 1_000_000_000_000_000_000
	// MaxFilterValues bounds the ids or tags one list filter may name.
	MaxFilterValues = 200
)

// AddCapped returns a + b, stopping at the int64 limits instead of wrapping:
// sums of untrusted amounts use it before they are compared with a bound.
func AddCapped(a, b int64) int64 {
	s := a + b
	switch {
	case a > 0 && b > 0 && s < 0:
		return math.MaxInt64
	case a < 0 && b < 0 && s >= 0:
		return math.MinInt64
	}
	return s
}

// LimitError is the error of a write that would pass a bound.
func LimitError(field, message string) *Error {
	e := &Error{Code: ECodeLimitExceeded, Message: message}
	if field != "" {
		e.Fields = []FieldError{{Field: field, Code: FCodeOutOfRange}}
	}
	return e
}
