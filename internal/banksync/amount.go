package banksync

import (
	"errors"

	"cashcontrol/internal/finance"
)

var errAmount = errors.New("banksync: not an amount")

// ParseAmount reads a provider's decimal string ("-12.30", "1500") into
// signed minor units of a currency with exponent decimals, exactly: more
// decimals than the currency has (unless zeros), any other character, or a
// value past finance.MaxAmount is refused, never rounded.
func ParseAmount(s string, exponent int) (int64, error) {
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	var v int64
	digits, fraction := 0, -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '.' && fraction < 0 && digits > 0:
			fraction = 0
			continue
		case c < '0' || c > '9':
			return 0, errAmount
		}
		digits++
		if fraction >= 0 {
			fraction++
			if fraction > exponent {
				if c != '0' {
					return 0, errAmount
				}
				continue
			}
		}
		if v > finance.MaxAmount/10 {
			return 0, errAmount
		}
		v = v*10 + int64(c-'0')
	}
	if digits == 0 || fraction == 0 {
		return 0, errAmount
	}
	for f := max(fraction, 0); f < exponent; f++ {
		if v > finance.MaxAmount/10 {
			return 0, errAmount
		}
		v *= 10
	}
	if v > finance.MaxAmount {
		return 0, errAmount
	}
	if neg {
		v = -v
	}
	return v, nil
}

// exponentOf is a currency's decimals; ok false for an unknown code.
func (c Config) exponentOf(currency string) (int, bool) {
	cur, ok := c.Currencies.Lookup(currency)
	return cur.Exponent, ok
}
