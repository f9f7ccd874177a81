package statement

import (
	"unicode"
	"unicode/utf8"

	"cashcontrol/internal/importer"
)

// ParseAmount reads a bank amount as signed minor units with exponent decimals
// (JPY 0, EUR 2, BHD 3), with integer arithmetic only. decimalSep is '.' or
// ','; the other one, spaces (also non-breaking and thin ones) and
// apostrophes are taken as thousands separators between groups of three
// digits. It accepts a sign before or after the number ("-12,5", "12.50-"),
// accounting parentheses ("(12.50)" is negative), and a currency symbol or
// three-letter code on either side ("€ 12,50", "12.50 EUR"). More decimals
// than the exponent are refused unless they are zeros, and so is
// |amount| > finance.MaxAmount.
func ParseAmount(s string, decimalSep rune, exponent int) (int64, error) {
	if decimalSep != '.' && decimalSep != ',' {
		return 0, importer.ErrInvalidAmount
	}
	if exponent < 0 || exponent > importer.MaxExponent {
		return 0, importer.ErrInvalidAmount
	}
	core, neg, ok := stripAffixes(s)
	if !ok {
		return 0, importer.ErrInvalidAmount
	}
	v, err := importer.ParseDecimal(core, byte(decimalSep), exponent)
	if err != nil {
		return 0, err
	}
	if neg {
		v = -v
	}
	return v, nil
}

// stripAffixes removes blanks, signs, parentheses and currency marks around
// the number and reports whether it is negative. At most one sign (a '-', a
// '+' or a pair of parentheses) and one currency mark are allowed.
func stripAffixes(s string) (core string, neg, ok bool) {
	signs, currencies := 0, 0
	for {
		s = importer.TrimBlank(s)
		if s == "" {
			return "", false, false
		}
		switch {
		case s[0] == '(' && s[len(s)-1] == ')':
			s, neg = s[1:len(s)-1], true
			signs++
		case s[0] == '-' || s[0] == '+':
			neg = neg || s[0] == '-'
			s = s[1:]
			signs++
		case s[len(s)-1] == '-' || s[len(s)-1] == '+':
			neg = neg || s[len(s)-1] == '-'
			s = s[:len(s)-1]
			signs++
		default:
			rest, cut := stripCurrency(s)
			if !cut {
				return s, neg, true
			}
			s = rest
			currencies++
		}
		if signs > 1 || currencies > 1 {
			return "", false, false
		}
	}
}

// stripCurrency removes one currency symbol or three-letter code at either end.
func stripCurrency(s string) (string, bool) {
	if r, n := utf8.DecodeRuneInString(s); unicode.Is(unicode.Sc, r) {
		return s[n:], true
	}
	if r, n := utf8.DecodeLastRuneInString(s); unicode.Is(unicode.Sc, r) {
		return s[:len(s)-n], true
	}
	if len(s) > 3 && isCode(s[:3]) && !isLetter(s[3]) {
		return s[3:], true
	}
	if len(s) > 3 && isCode(s[len(s)-3:]) && !isLetter(s[len(s)-4]) {
		return s[:len(s)-3], true
	}
	return s, false
}

func isCode(s string) bool { return isLetter(s[0]) && isLetter(s[1]) && isLetter(s[2]) }

func isLetter(b byte) bool { return b|0x20 >= 'a' && b|0x20 <= 'z' }
