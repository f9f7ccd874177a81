package finance

import (
	"math/big"
	"regexp"
	"slices"
	"strings"
)

// An exchange rate says that on Date one unit of Currency is worth Rate
// units of Quote. Rates are exact decimals: parsed into big.Rat, never a
// float, and sent as strings ("1.0842"). The quote of a rate entered by hand
// is the ledger's base currency of that moment; the European Central Bank's
// rates are quoted against the euro; a cross-currency transfer gives the rate
// of its two currencies. Changing the ledger's base changes no stored rate:
// conversion goes through a common currency when there is no direct rate
// (CrossRate), so every figure is re-expressed from the same rates.

// Rate sources.
const (
	RateManual   = "manual"
	RateCSV      = "csv"
	RateECB      = "ecb"
	RateTransfer = "transfer" // learnt from a cross-currency transfer
)

// Rate is one stored exchange rate.
type Rate struct {
	ID         int64  `json:"id,string"`
	Currency   string `json:"currency"`
	Quote      string `json:"quote"`
	Date       string `json:"date"`
	Rate       string `json:"rate"`
	Source     string `json:"source" enum:"manual,csv,ecb,transfer"`
	MovementID *int64 `json:"movementId,string,omitempty"`
}

// RateInput enters a rate by hand. Quote is the ledger's base currency when
// empty.
type RateInput struct {
	Currency string `json:"currency"`
	Quote    string `json:"quote"`
	Date     string `json:"date"`
	Rate     string `json:"rate"`
}

// MaxRateDigits bounds the digits of a rate on either side of the point.
const MaxRateDigits = 12

// rateSignificant is how many significant digits a computed rate keeps (a
// rate learnt from a transfer's two amounts may not be a finite decimal).
const rateSignificant = 15

var rateRE = regexp.MustCompile(`^[0-9]{1,12}(\.[0-9]{1,12})?$`)

// ParseRate reads a positive decimal with at most 12 digits before and after
// the point ("1.0842", "0.0062", "155"). Nothing else is a rate: no sign, no
// exponent, no zero.
func ParseRate(s string) (*big.Rat, bool) {
	if !rateRE.MatchString(s) {
		return nil, false
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok || r.Sign() <= 0 {
		return nil, false
	}
	return r, true
}

// FormatRate writes r as a plain decimal: exactly when it has at most 12
// decimals, else rounded half-even to 15 significant digits (or to 12
// decimals when that keeps more).
func FormatRate(r *big.Rat) string {
	places := MaxRateDigits
	if !new(big.Rat).Mul(r, new(big.Rat).SetInt(pow10(places))).IsInt() {
		intDigits := len(new(big.Int).Quo(r.Num(), r.Denom()).String())
		if r.Cmp(big.NewRat(1, 1)) < 0 {
			// 0.000123…: the zeros after the point are not significant.
			zeros := 0
			for v := new(big.Rat).Set(r); v.Sign() > 0 && v.Cmp(big.NewRat(1, 10)) < 0; zeros++ {
				v.Mul(v, big.NewRat(10, 1))
			}
			places = max(places, zeros+rateSignificant)
		} else {
			places = max(places, rateSignificant-intDigits)
		}
	}
	s := roundHalfEven(new(big.Rat).Mul(r, new(big.Rat).SetInt(pow10(places)))).String()
	for len(s) <= places {
		s = "0" + s
	}
	return strings.TrimSuffix(trimZeros(s[:len(s)-places]+"."+s[len(s)-places:]), ".")
}

func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	return strings.TrimRight(s, "0")
}

func pow10(n int) *big.Int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil) }

// roundHalfEven rounds r to the nearest integer, ties to even.
func roundHalfEven(r *big.Rat) *big.Int {
	num, den := r.Num(), r.Denom() // den > 0
	q, m := new(big.Int).DivMod(num, den, new(big.Int))
	// q = floor(r), 0 <= m < den: compare 2m with den.
	switch new(big.Int).Lsh(m, 1).Cmp(den) {
	case 1:
		q.Add(q, big.NewInt(1))
	case 0:
		if q.Bit(0) == 1 {
			q.Add(q, big.NewInt(1))
		}
	}
	return q
}

// Convert expresses amount (minor units of a currency with fromExp decimals)
// in a currency with toExp decimals at rate, rounded half-even to the minor
// unit. ok is false when the result is past MaxAmount: such a figure counts
// as having no rate rather than being cut.
func Convert(amount int64, fromExp, toExp int, rate *big.Rat) (int64, bool) {
	v := new(big.Rat).Mul(new(big.Rat).SetInt64(amount), rate)
	switch {
	case toExp > fromExp:
		v.Mul(v, new(big.Rat).SetInt(pow10(toExp-fromExp)))
	case toExp < fromExp:
		v.Quo(v, new(big.Rat).SetInt(pow10(fromExp-toExp)))
	}
	n := roundHalfEven(v)
	if !n.IsInt64() || n.Int64() > MaxAmount || n.Int64() < -MaxAmount {
		return 0, false
	}
	return n.Int64(), true
}

// LearntRate is the rate a transfer's two amounts give: one unit of the
// source currency in the destination currency.
func LearntRate(amount int64, fromExp int, toAmount int64, toExp int) *big.Rat {
	r := new(big.Rat).SetFrac(big.NewInt(toAmount), big.NewInt(amount))
	if fromExp > toExp {
		r.Mul(r, new(big.Rat).SetInt(pow10(fromExp-toExp)))
	} else if toExp > fromExp {
		r.Quo(r, new(big.Rat).SetInt(pow10(toExp-fromExp)))
	}
	r, _ = new(big.Rat).SetString(FormatRate(r))
	return r
}

// RateAt is a stored rate as a conversion reads it.
type RateAt struct {
	Date string
	Rate *big.Rat
}

// PairRates are what a pair of currencies (a, b) has around one day, in both
// directions: the latest rate on or before it and the earliest after it, of
// a in b (Direct) and of b in a (Inverse). nil where there is none.
type PairRates struct {
	DirectBefore, DirectAfter, InverseBefore, InverseAfter *RateAt
}

// leg picks the rate of a in b from p: the latest on or before the day (the
// direct one on a tie), else the earliest after it (later true).
func (p PairRates) leg() (r *big.Rat, later, ok bool) {
	inv := func(x *RateAt) *big.Rat { return new(big.Rat).Inv(x.Rate) }
	switch db, ib := p.DirectBefore, p.InverseBefore; {
	case db != nil && (ib == nil || db.Date >= ib.Date):
		return db.Rate, false, true
	case ib != nil:
		return inv(ib), false, true
	}
	switch da, ia := p.DirectAfter, p.InverseAfter; {
	case da != nil && (ia == nil || da.Date <= ia.Date):
		return da.Rate, true, true
	case ia != nil:
		return inv(ia), true, true
	}
	return nil, false, false
}

// RateLookup answers the PairRates of (a, b) around the conversion's day.
type RateLookup func(a, b string) (PairRates, error)

// CrossRate is the one rule that gives the rate of from in to on a day:
//   - a rate between the two currencies, in either direction, when there is
//     one: the latest on or before the day, else the earliest after (later);
//   - else through one common currency (pivots: every currency that has rates
//     with both, tried in code order), each leg chosen the same way; a path
//     whose legs are all on or before the day wins over one that is not.
//
// ok is false when no path exists: the figure has no rate, and is never
// counted as 1.
func CrossRate(from, to string, pivots []string, look RateLookup) (*big.Rat, bool, bool, error) {
	if from == to {
		return big.NewRat(1, 1), false, true, nil
	}
	p, err := look(from, to)
	if err != nil {
		return nil, false, false, err
	}
	direct, directLater, directOK := p.leg()
	if directOK && !directLater {
		return direct, false, true, nil
	}
	var fallback *big.Rat
	for _, q := range slices.Sorted(slices.Values(pivots)) {
		if q == from || q == to {
			continue
		}
		p1, err := look(from, q)
		if err != nil {
			return nil, false, false, err
		}
		r1, l1, ok1 := p1.leg()
		if !ok1 {
			continue
		}
		p2, err := look(to, q)
		if err != nil {
			return nil, false, false, err
		}
		r2, l2, ok2 := p2.leg()
		if !ok2 {
			continue
		}
		cross := new(big.Rat).Quo(r1, r2)
		if !l1 && !l2 {
			return cross, false, true, nil
		}
		if fallback == nil {
			fallback = cross
		}
	}
	switch {
	case directOK:
		return direct, true, true, nil
	case fallback != nil:
		return fallback, true, true, nil
	}
	return nil, false, false, nil
}

// ValidateRate checks a hand-entered rate; known tells ISO and the ledger's
// own currencies apart from unknown codes.
func (in *RateInput) Validate(known func(string) bool) (*big.Rat, error) {
	in.Currency = strings.ToUpper(strings.TrimSpace(in.Currency))
	in.Quote = strings.ToUpper(strings.TrimSpace(in.Quote))
	in.Rate = strings.TrimSpace(in.Rate)
	var v Validation
	switch {
	case in.Currency == "":
		v.Add("currency", FCodeRequired)
	case !known(in.Currency):
		v.Add("currency", FCodeUnknown)
	}
	switch {
	case in.Quote == "":
		v.Add("quote", FCodeRequired)
	case !known(in.Quote):
		v.Add("quote", FCodeUnknown)
	case in.Quote == in.Currency:
		v.Add("quote", FCodeMismatch)
	}
	if !ValidDate(in.Date) {
		v.Add("date", FCodeInvalid)
	}
	r, ok := ParseRate(in.Rate)
	switch {
	case in.Rate == "":
		v.Add("rate", FCodeRequired)
	case !ok:
		v.Add("rate", FCodeInvalid)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	in.Rate = FormatRate(r)
	return r, nil
}
