// Package money holds amounts as int64 minor units and the ISO 4217 currency
// table with each currency's exponent (number of decimals).
package money

import (
	"sort"
	"strconv"
	"strings"
)

// Currency is one ISO 4217 currency.
type Currency struct {
	Code     string `json:"code"`
	Exponent int    `json:"exponent"`
}

// Active ISO 4217 codes with a non-default exponent; every other listed code
// has exponent 2.
var exponents = map[string]int{
	"BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0,
	"PYG": 0, "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
	"BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
	"CLF": 4, "UYW": 4,
}

const twoDecimalCodes = "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN BZD " +
	"CAD CDF CHF CNY COP CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD " +
	"HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK " +
	"MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB " +
	"SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD " +
	"UYU UZS VES WST XCD YER ZAR ZMW ZWG"

// Table is the currency table, built once by NewTable and read-only after.
type Table struct {
	byCode map[string]Currency
	sorted []Currency
}

// NewTable builds the ISO 4217 table.
func NewTable() *Table {
	t := &Table{byCode: map[string]Currency{}}
	for _, c := range strings.Fields(twoDecimalCodes) {
		t.byCode[c] = Currency{Code: c, Exponent: 2}
	}
	for c, e := range exponents {
		t.byCode[c] = Currency{Code: c, Exponent: e}
	}
	for _, c := range t.byCode {
		t.sorted = append(t.sorted, c)
	}
	sort.Slice(t.sorted, func(i, j int) bool { return t.sorted[i].Code < t.sorted[j].Code })
	return t
}

// Lookup returns the currency for an upper-case ISO code.
func (t *Table) Lookup(code string) (Currency, bool) {
	c, ok := t.byCode[code]
	return c, ok
}

// Known reports whether code is in the table.
func (t *Table) Known(code string) bool {
	_, ok := t.byCode[code]
	return ok
}

// All returns every currency, sorted by code. Callers must not modify it.
func (t *Table) All() []Currency { return t.sorted }

// FormatDecimal writes minor units as a plain decimal with the currency's
// exponent ("-1234.50" for -123450 and exponent 2), with integer arithmetic.
func FormatDecimal(amount int64, exponent int) string {
	neg := amount < 0
	u := uint64(amount)
	if neg {
		u = uint64(-amount)
	}
	s := strconv.FormatUint(u, 10)
	if exponent > 0 {
		if len(s) <= exponent {
			s = strings.Repeat("0", exponent-len(s)+1) + s
		}
		s = s[:len(s)-exponent] + "." + s[len(s)-exponent:]
	}
	if neg {
		s = "-" + s
	}
	return s
}
