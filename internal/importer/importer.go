// Package importer reads bank files (CSV, OFX/QFX, QIF) into movement drafts:
// signed amounts in minor units, ISO dates, and per-row errors that name the
// line, so that the API can show a preview and then commit every row in one
// transaction. It does no I/O of its own: callers hand it the file's bytes.
package importer

import (
	"bytes"
	"errors"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"cashcontrol/internal/finance"
)

// Limits on what an import may hold.
const (
	MaxFileBytes = 20 << 20 // a larger upload is refused whole
	MaxRows      = 1_000_000
	MaxErrors    = 1000 // Result.Errors keeps the first ones; Total-len(Rows) counts them all
	MaxExponent  = 4    // ISO 4217 has no currency with more decimals
)

// Format is the kind of a bank file.
type Format string

// Formats that the importer reads; FormatUnknown is anything else
// (spreadsheets, PDFs, binary files).
const (
	FormatUnknown Format = ""
	FormatCSV     Format = "csv"
	FormatOFX     Format = "ofx"
	FormatQIF     Format = "qif"
)

// Draft is one parsed movement, ready for the store.
type Draft struct {
	Line        int    // 1-based line (CSV, QIF) or transaction index (OFX) in the file
	Date        string // YYYY-MM-DD
	Amount      int64  // signed minor units: negative = money out (expense), positive = in (earning); never 0
	Description string // payee or concept, trimmed, cut to finance.MaxDescription characters
	Notes       string // memo, cut to finance.MaxNotes characters
	Category    string // category name from the file, may be ""
	Account     string // account name (OFX: account id) from the file, may be ""
	FITID       string // OFX transaction id for duplicate detection, "" otherwise
}

// RowError says why one row of the file was left out.
type RowError struct {
	Line  int    `json:"line"`
	Field string `json:"field"` // date, amount, description, category, account, row
	Code  string `json:"code"`  // required, invalid, out_of_range, too_long (finance.FCode*)
}

// Result is what a file holds: the good rows, the errors of the broken ones,
// and how many rows (good and broken) the file has.
type Result struct {
	Rows       []Draft
	Errors     []RowError // at most MaxErrors
	Total      int
	DateFormat string // the date layout used (detected or given)
}

// Broken is the number of rows left out because of errors.
func (r *Result) Broken() int { return r.Total - len(r.Rows) }

// addError records a field error of a row, keeping at most MaxErrors.
func (r *Result) addError(line int, field, code string) {
	if len(r.Errors) < MaxErrors {
		r.Errors = append(r.Errors, RowError{Line: line, Field: field, Code: code})
	}
}

// finish turns a result without a single good row into an error. The result
// is returned too so that a preview can still list the rows' errors.
func (r *Result) finish() (Result, error) {
	switch {
	case r.Total == 0:
		return *r, finance.Errorf(finance.ECodeInvalid, "the file holds no movements")
	case len(r.Rows) == 0:
		first := r.Errors[0]
		return *r, finance.Errorf(finance.ECodeInvalid,
			"none of the %d rows could be read; line %d: %s is %s", r.Total, first.Line, first.Field, first.Code)
	}
	return *r, nil
}

// DetectFormat tells the kind of a file from its content, then its name.
func DetectFormat(name string, data []byte) Format {
	head := data
	if len(head) > 4096 {
		head = head[:4096]
	}
	head = bytes.TrimLeft(bytes.TrimPrefix(head, utf8BOM), " \t\r\n")
	upper := bytes.ToUpper(head)
	switch {
	case bytes.HasPrefix(head, []byte("PK\x03\x04")), bytes.HasPrefix(head, []byte("%PDF")),
		bytes.HasPrefix(head, []byte("\xd0\xcf\x11\xe0")): // xlsx, pdf, xls
		return FormatUnknown
	case bytes.Contains(upper, []byte("OFXHEADER")), bytes.Contains(upper, []byte("<OFX>")):
		return FormatOFX
	case bytes.HasPrefix(upper, []byte("!TYPE:")), bytes.HasPrefix(upper, []byte("!ACCOUNT")),
		bytes.HasPrefix(upper, []byte("!OPTION:")):
		return FormatQIF
	}
	lower := strings.ToLower(name)
	switch {
	case strings.HasSuffix(lower, ".ofx"), strings.HasSuffix(lower, ".qfx"):
		return FormatOFX
	case strings.HasSuffix(lower, ".qif"):
		return FormatQIF
	}
	if bytes.IndexByte(head, 0) >= 0 && !hasUTF16BOM(head) {
		return FormatUnknown
	}
	return FormatCSV
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

func hasUTF16BOM(b []byte) bool {
	return len(b) >= 2 && (b[0] == 0xFF && b[1] == 0xFE || b[0] == 0xFE && b[1] == 0xFF)
}

// errTooLarge is returned for input over MaxFileBytes.
func errTooLarge() error {
	return finance.Errorf(finance.ECodePayloadTooLarge, "the file is larger than %d MB", MaxFileBytes>>20)
}

func errTooManyRows() error {
	return finance.Errorf(finance.ECodeInvalid, "the file has more than %d rows", MaxRows)
}

func checkExponent(exponent int) error {
	if exponent < 0 || exponent > MaxExponent {
		return finance.Errorf(finance.ECodeInvalid, "currency exponent %d is not between 0 and %d", exponent, MaxExponent)
	}
	return nil
}

// toUTF8 returns the file as UTF-8 text: it refuses oversized input, drops a
// byte-order mark, decodes UTF-16 with a BOM, and reads anything that is not
// valid UTF-8 as Windows-1252 (a superset of Latin-1 that Spanish and French
// banks still export).
func toUTF8(data []byte) ([]byte, error) {
	if len(data) > MaxFileBytes {
		return nil, errTooLarge()
	}
	if hasUTF16BOM(data) {
		return decodeUTF16(data), nil
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	if utf8.Valid(data) {
		return data, nil
	}
	return decodeWindows1252(data), nil
}

func decodeUTF16(data []byte) []byte {
	big := data[0] == 0xFE
	data = data[2:]
	units := make([]uint16, len(data)/2)
	for i := range units {
		if big {
			units[i] = uint16(data[2*i])<<8 | uint16(data[2*i+1])
		} else {
			units[i] = uint16(data[2*i+1])<<8 | uint16(data[2*i])
		}
	}
	runes := utf16.Decode(units)
	out := make([]byte, 0, len(runes)+len(runes)/4)
	for _, r := range runes {
		out = utf8.AppendRune(out, r)
	}
	return out
}

// win1252 maps bytes 0x80–0x9F; the rest of the range is Latin-1, which is
// the Unicode code point of the same number. Unassigned bytes keep their
// code point, as browsers do.
var win1252 = [32]rune{
	'€', 0x81, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0x8D, 'Ž', 0x8F,
	0x90, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0x9D, 'ž', 'Ÿ',
}

func decodeWindows1252(data []byte) []byte {
	out := make([]byte, 0, len(data)+len(data)/8)
	for _, b := range data {
		switch {
		case b < 0x80:
			out = append(out, b)
		case b < 0xA0:
			out = utf8.AppendRune(out, win1252[b-0x80])
		default:
			out = utf8.AppendRune(out, rune(b))
		}
	}
	return out
}

// cut trims s and shortens it to at most n characters.
func cut(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) <= n {
		return s
	}
	i := 0
	for j := range s {
		if i == n {
			return strings.TrimSpace(s[:j])
		}
		i++
	}
	return s
}

// fieldCode maps the amount parser's errors to field error codes.
func fieldCode(err error) string {
	if errors.Is(err, ErrAmountOutOfRange) {
		return finance.FCodeOutOfRange
	}
	return finance.FCodeInvalid
}
