package importer

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"cashcontrol/internal/finance"
)

// Errors of ParseDecimal (and of the readers' amount parsers); a row error carries them as invalid / out_of_range.
var (
	ErrInvalidAmount    = errors.New("importer: not an amount")
	ErrAmountOutOfRange = errors.New("importer: amount out of range")
)

// TrimBlank trims ASCII and Unicode spaces (banks use U+00A0 and U+202F).
func TrimBlank(s string) string {
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

// ParseDecimal reads digits with thousands separators and at most one
// decimal separator into minor units.
func ParseDecimal(s string, decimalSep byte, exponent int) (int64, error) {
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
