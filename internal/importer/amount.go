package importer

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"cashcontrol/internal/finance"
)

// Errors of ParseAmount; a row error carries them as invalid / out_of_range.
var (
	ErrInvalidAmount    = errors.New("importer: not an amount")
	ErrAmountOutOfRange = errors.New("importer: amount out of range")
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
		return 0, ErrInvalidAmount
	}
	if exponent < 0 || exponent > MaxExponent {
		return 0, ErrInvalidAmount
	}
	core, neg, ok := stripAffixes(s)
	if !ok {
		return 0, ErrInvalidAmount
	}
	v, err := parseDecimal(core, byte(decimalSep), exponent)
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
		s = trimBlank(s)
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

// trimBlank trims ASCII and Unicode spaces (banks use U+00A0 and U+202F).
func trimBlank(s string) string {
	if s != "" && s[0] > ' ' && s[0] < utf8.RuneSelf && s[len(s)-1] > ' ' && s[len(s)-1] < utf8.RuneSelf {
		return s // the common case, without a call
	}
	return strings.TrimFunc(s, unicode.IsSpace)
}

// isGroupSep reports whether r may separate thousands.
func isGroupSep(r rune, decimalSep byte) bool {
	switch r {
	case ' ', '\'', '\u00a0', '\u202f', '\u2009', '’':
		return true
	case '.', ',':
		return byte(r) != decimalSep
	}
	return false
}

// parseDecimal reads digits with thousands separators and at most one
// decimal separator into minor units.
func parseDecimal(s string, decimalSep byte, exponent int) (int64, error) {
	var (
		v         int64
		digits    int  // digits seen so far (integer part, then fraction)
		group     = -1 // digits since the last thousands separator; -1 before the first
		groupSep  rune // the thousands separator in use
		fraction  = -1 // fraction digits seen; -1 before the decimal separator
		overLimit bool
	)
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			d := int64(c - '0')
			digits++
			i++
			if fraction >= 0 {
				fraction++
				if fraction > exponent {
					if d != 0 {
						return 0, ErrInvalidAmount // more precision than the currency has
					}
					continue
				}
			} else if group >= 0 {
				group++
			}
			if v > finance.MaxAmount/10 {
				overLimit = true
				continue
			}
			v = v*10 + d
			continue
		case c == decimalSep:
			if fraction >= 0 || group >= 0 && group != 3 {
				return 0, ErrInvalidAmount
			}
			fraction = 0
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if !isGroupSep(r, decimalSep) || fraction >= 0 || digits == 0 ||
			(group >= 0 && group != 3) || (group < 0 && digits > 3) || (groupSep != 0 && r != groupSep) {
			return 0, ErrInvalidAmount
		}
		groupSep, group = r, 0
		i += n
	}
	if digits == 0 || group >= 0 && group != 3 && fraction < 0 {
		return 0, ErrInvalidAmount
	}
	if fraction < 0 {
		fraction = 0
	}
	for ; fraction < exponent; fraction++ {
		if v > finance.MaxAmount/10 {
			overLimit = true
			break
		}
		v *= 10
	}
	if overLimit || v > finance.MaxAmount {
		return 0, ErrAmountOutOfRange
	}
	return v, nil
}
