// Package importer reads bank files (CSV, OFX/QFX, QIF) into movement drafts:
// signed amounts in minor units, ISO dates, and per-row errors that name the
// line, so that the API can show a preview and then commit every row in one
// transaction. It does no I/O of its own: callers hand it the file's bytes.
// The readers stream: each good row goes to a callback as it is read, so a
// caller that keeps only counts and a sample holds the file once, not its rows.
// A Planner (plan.go) turns those rows into what an import does: the
// duplicates of existing movements, the categories, the preview.
package importer

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

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
	// Lines: the lines of a split movement (CSV rows of one movement id),
	// Amount their sum; nil for a whole one.
	Lines []Line
}

// Line is one line of a split movement as the file has it.
type Line struct {
	Amount   int64  // signed as Draft.Amount
	Category string // category name, may be ""
	Note     string
}

// RowError says why one row of the file was left out.
type RowError struct {
	Line  int    `json:"line"`
	Field string `json:"field"` // date, amount, description, category, account, row
	Code  string `json:"code"`  // required, invalid, out_of_range, too_long (finance.FCode*)
}

// Result is what a file holds: the good rows (only when the caller asked
// for them: see Emit), the errors of the broken ones, and how many rows (good
// and broken) the file has.
type Result struct {
	Rows       []Draft    // filled by ParseCSV, ParseOFX and ParseQIF; empty with an Emit
	Valid      int        // good rows (a split movement's are its lines)
	Errors     []RowError // at most MaxErrors
	Total      int
	DateFormat string // the date layout used (detected or given)
}

// Emit receives each good row, in file order.
type Emit func(Draft)

// Broken is the number of rows left out because of errors.
func (r *Result) Broken() int { return r.Total - r.Valid }

// add counts a good row and hands it to emit, or keeps it in Rows.
func (r *Result) add(d Draft, emit Emit) { r.addRows(d, 1, emit) }

// addRows is add for a movement of several rows (a split movement's lines).
func (r *Result) addRows(d Draft, rows int, emit Emit) {
	r.Valid += rows
	if emit != nil {
		emit(d)
		return
	}
	r.Rows = append(r.Rows, d)
}

// collect runs a streaming parse and keeps every row in Result.Rows.
func collect(parse func(Emit) (Result, error)) (Result, error) {
	var rows []Draft
	res, err := parse(func(d Draft) { rows = append(rows, d) })
	res.Rows = rows
	return res, err
}

// Parse reads a file of any format, handing each good row to emit (csv is
// used for CSV files only). Rows are not kept: Result has the counts and the
// first errors.
func Parse(format Format, data []byte, csv CSVOptions, exponent int, emit Emit) (Result, error) {
	switch format {
	case FormatCSV:
		return ParseCSVEach(data, csv, exponent, emit)
	case FormatOFX:
		return ParseOFXEach(data, exponent, emit)
	case FormatQIF:
		return ParseQIFEach(data, exponent, "", emit)
	}
	return Result{}, finance.Errorf(finance.ECodeUnsupportedMedia, "this is not a CSV, OFX, QFX or QIF file")
}

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
	case r.Valid == 0:
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

// textReader returns the file as a stream of UTF-8 text, without a copy of
// it: it refuses oversized input, drops a byte-order mark, decodes UTF-16
// with a BOM, and reads anything that is not valid UTF-8 as Windows-1252 (a
// superset of Latin-1 that Spanish and French banks still export).
func textReader(data []byte) (io.Reader, error) {
	if len(data) > MaxFileBytes {
		return nil, errTooLarge()
	}
	if hasUTF16BOM(data) {
		dec := xunicode.UTF16(xunicode.LittleEndian, xunicode.ExpectBOM).NewDecoder()
		return transform.NewReader(bytes.NewReader(data), dec), nil
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	if utf8.Valid(data) {
		return bytes.NewReader(data), nil
	}
	return &win1252Reader{src: data}, nil
}

// win1252 maps bytes 0x80–0x9F; the rest of the range is Latin-1, which is
// the Unicode code point of the same number. Unassigned bytes keep their
// code point, as browsers do.
var win1252 = [32]rune{
	'€', 0x81, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0x8D, 'Ž', 0x8F,
	0x90, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0x9D, 'ž', 'Ÿ',
}

// win1252Reader decodes Windows-1252 bytes to UTF-8 as they are read.
type win1252Reader struct{ src []byte }

func (r *win1252Reader) Read(p []byte) (int, error) {
	if len(r.src) == 0 {
		return 0, io.EOF
	}
	n := 0
	for len(r.src) > 0 && n+utf8.UTFMax <= len(p) {
		switch b := r.src[0]; {
		case b < 0x80:
			p[n] = b
			n++
		case b < 0xA0:
			n += utf8.EncodeRune(p[n:], win1252[b-0x80])
		default:
			n += utf8.EncodeRune(p[n:], rune(b))
		}
		r.src = r.src[1:]
	}
	if n == 0 {
		return 0, io.ErrShortBuffer
	}
	return n, nil
}

// clean makes text from a file safe to store: valid UTF-8, no NUL (which
// PostgreSQL refuses in TEXT), other control characters (tabs, line breaks
// of a multi-line field) read as spaces.
func clean(s string) string {
	plain := true
	for i := 0; i < len(s) && plain; i++ {
		plain = s[i] >= 0x20 && s[i] < 0x7F
	}
	if plain || strings.IndexFunc(s, isControl) < 0 && utf8.ValidString(s) {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == 0:
			return -1
		case isControl(r):
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7F }

// cut cleans and trims s and shortens it to at most n characters.
func cut(s string, n int) string {
	return strings.TrimSpace(finance.Truncate(strings.TrimSpace(clean(s)), n))
}

// FileName makes an uploaded file's name fit to store and show, as clean
// makes its text: valid UTF-8, no control characters, at most 255
// characters; "upload" when nothing is left.
func FileName(name string) string {
	if name = cut(name, 255); name == "" {
		return "upload"
	}
	return name
}

// fieldCode maps the amount parser's errors to field error codes.
func fieldCode(err error) string {
	if errors.Is(err, ErrAmountOutOfRange) {
		return finance.FCodeOutOfRange
	}
	return finance.FCodeInvalid
}
