package finance

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// CustomCurrency is a ledger's own unit: a code that is not ISO 4217 (a
// cryptocurrency, loyalty points), usable like the others.
type CustomCurrency struct {
	Code     string `json:"code"`
	Name     string `json:"name"`
	Symbol   string `json:"symbol"`
	Decimals int    `json:"decimals"`
}

// Bounds of a custom currency.
const (
	MaxCustomDecimals = 8
	MaxCurrencyName   = 40
	MaxCurrencySymbol = 8
)

var customCodeRE = regexp.MustCompile(`^[A-Z0-9]{2,10}$`)

// Validate normalizes and checks a new custom currency; iso tells the ISO
// codes, which a ledger cannot take.
func (c *CustomCurrency) Validate(iso func(string) bool) error {
	c.Code = strings.ToUpper(strings.TrimSpace(c.Code))
	c.Name = strings.TrimSpace(c.Name)
	c.Symbol = strings.TrimSpace(c.Symbol)
	var v Validation
	switch {
	case c.Code == "":
		v.Add("code", FCodeRequired)
	case !customCodeRE.MatchString(c.Code):
		v.Add("code", FCodeInvalid)
	case iso(c.Code):
		v.Add("code", FCodeTaken)
	}
	switch {
	case c.Name == "":
		v.Add("name", FCodeRequired)
	case utf8.RuneCountInString(c.Name) > MaxCurrencyName:
		v.Add("name", FCodeTooLong)
	}
	if utf8.RuneCountInString(c.Symbol) > MaxCurrencySymbol {
		v.Add("symbol", FCodeTooLong)
	}
	if c.Decimals < 0 || c.Decimals > MaxCustomDecimals {
		v.Add("decimals", FCodeOutOfRange)
	}
	return v.Err()
}
