package statement

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// DateLayouts are the date formats a CSV or spreadsheet may use, most likely
// first (day before month, as Spanish and French banks write dates). A
// layout with "Jan" reads a month's name or abbreviation in es, en, fr, de
// or nl ("ene", "févr.", "Mär", "mei"); one with a time keeps only the day.
var DateLayouts = []string{"2006-01-02", "02/01/2006", "01/02/2006", "02.01.2006", "02-01-2006", "2006/01/02", "02/01/06", "01/02/06",
	"2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02T15:04:05", "02/01/2006 15:04:05", "02/01/2006 15:04", "02.01.2006 15:04:05", "02.01.2006 15:04",
	"20060102", "2006.01.02", "02.01.06", "2-Jan-06", "2-Jan-2006", "2 Jan 2006", "2 Jan 06", "Jan 2, 2006"}

// monthNames maps the folded (lower-case, unaccented) names and
// abbreviations of the months in es, en, fr, de and nl to Go's.
var monthNames = func() map[string]string {
	m := map[string]string{}
	for i, names := range [12]string{
		"jan january ene enero janv janvier januar jän jan janner januari",
		"feb february febrero fev fevr fevrier februar februari",
		"mar march marzo mars mär marz mrt maart",
		"apr april abr abril avr avril",
		"may mayo mai mei",
		"jun june junio juin juni",
		"jul july julio juil juillet juli",
		"aug august ago agosto aout augustus",
		"sep sept september septiembre set setiembre septembre",
		"oct october octubre octobre okt oktober",
		"nov november noviembre novembre",
		"dec december dic diciembre decembre dez dezember",
	} {
		for _, n := range strings.Fields(names) {
			m[fold(n)] = time.Month(i + 1).String()[:3]
		}
	}
	return m
}()

// parseDate reads s with layout; a layout with a month's name reads it in
// any of the languages of monthNames.
func parseDate(layout, s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if strings.Contains(layout, "Jan") {
		s = englishMonth(s)
	}
	return time.Parse(layout, s)
}

// englishMonth replaces the first run of letters of s (and a dot after it)
// by Go's abbreviation of the month it names, when it names one.
func englishMonth(s string) string {
	start := strings.IndexFunc(s, unicode.IsLetter)
	if start < 0 {
		return s
	}
	end := start
	for end < len(s) {
		r, n := utf8.DecodeRuneInString(s[end:])
		if !unicode.IsLetter(r) {
			break
		}
		end += n
	}
	en, ok := monthNames[fold(s[start:end])]
	if !ok {
		return s
	}
	rest := strings.TrimPrefix(s[end:], ".")
	return s[:start] + en + rest
}
