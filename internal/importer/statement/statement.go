// Package statement reads bank statement files (CSV, OFX/QFX, QIF; one file
// per format) into movement drafts: signed amounts in minor units, ISO dates,
// and per-row errors that name the line, so that a preview can be shown and
// then every row committed in one transaction. It does no I/O of its own:
// callers hand it the file's bytes. The readers stream: each good row goes
// to a callback as it is read, so a caller that keeps only counts and a
// sample holds the file once, not its rows. A Planner (plan.go) turns those
// rows into what an import does: the duplicates of existing movements, the
// categories, the preview.
package statement

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// Format is the kind of a bank file.
type Format string

// Formats that the importer reads; FormatUnknown is anything else
// (spreadsheets, PDFs, images, other apps' books: see Unsupported).
const (
	FormatUnknown Format = ""
	FormatCSV     Format = "csv"
	FormatOFX     Format = "ofx"
	FormatQIF     Format = "qif"
	FormatCAMT    Format = "camt"    // ISO 20022 camt.052, camt.053, camt.054
	FormatMT940   Format = "mt940"   // SWIFT MT940 and MT942
	FormatNorma43 Format = "norma43" // AEB/CSB Cuaderno 43
	FormatXLSX    Format = "xlsx"    // Excel workbook, read as a table like a CSV
	FormatXLS     Format = "xls"     // Excel 97-2003 workbook (BIFF8), read as an XLSX
)

// Tabular says whether a format is a table of columns that the user maps
// (CSVOptions): a CSV or a spreadsheet.
func Tabular(f Format) bool { return f == FormatCSV || f == FormatXLSX || f == FormatXLS }

// DetectTable detects a tabular file's layout (DetectCSV, DetectXLSX of
// the sheet named, or the first).
func DetectTable(format Format, data []byte, sheet string) (CSVPreview, error) {
	if format == FormatXLSX || format == FormatXLS {
		return DetectXLSX(data, sheet)
	}
	return DetectCSV(data)
}

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

// Result is what a file holds: the good rows (only when the caller asked
// for them: see Emit), the errors of the broken ones, and how many rows (good
// and broken) the file has.
type Result struct {
	Rows       []Draft             // filled by ParseCSV, ParseOFX and ParseQIF; empty with an Emit
	Valid      int                 // good rows (a split movement's are its lines)
	Errors     []importer.RowError // at most importer.MaxErrors
	Total      int
	DateFormat string // the date layout used (detected or given)
	// Currency is the statements' currency as the file states it (OFX
	// <CURDEF>), "" when it states none.
	Currency string
	// Balance is the balance the file states at its end (OFX <LEDGERBAL>),
	// nil when it states none.
	Balance *Balance
	// DateChoices are the date layouts that read every date of the file
	// when they disagree on which is the day (a QIF file whose days are
	// all 12 or less): DateFormat is the first, and the user must choose.
	DateChoices []string
	// Skipped counts the records left out because they are not movements,
	// by kind (QIF: Skipped* constants).
	Skipped map[string]int
}

// Balance is an account's balance on a day, as a bank file states it.
type Balance struct {
	Date   string // YYYY-MM-DD
	Amount int64  // minor units of the account's currency
}

// CheckCurrency refuses a file whose statements are in another currency than
// the account's (currency, an ISO 4217 code): its amounts would be read as
// the account's money.
func (r *Result) CheckCurrency(currency string) error {
	if r.Currency == "" || strings.EqualFold(r.Currency, currency) {
		return nil
	}
	return finance.Errorf(finance.ECodeCurrencyMismatch, "the file's statement is in %s and the account in %s: choose an account in %s", r.Currency, currency, r.Currency).
		With("fileCurrency", r.Currency).With("accountCurrency", currency)
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
// used for CSV files, and its DateFormat for QIF files). Rows are not kept: Result has the counts and the
// first errors.
func Parse(format Format, data []byte, csv CSVOptions, exponent int, emit Emit) (Result, error) {
	switch format {
	case FormatCSV:
		return ParseCSVEach(data, csv, exponent, emit)
	case FormatXLSX, FormatXLS:
		return ParseXLSXEach(data, csv, exponent, emit)
	case FormatOFX:
		return ParseOFXEach(data, exponent, emit)
	case FormatQIF:
		return ParseQIFEach(data, exponent, csv.DateFormat, emit) // the user's choice of day and month, or "": detect
	case FormatCAMT:
		return ParseCAMTEach(data, exponent, emit)
	case FormatMT940:
		return ParseMT940Each(data, exponent, emit)
	case FormatNorma43:
		return ParseNorma43Each(data, exponent, emit)
	}
	return Result{}, Unsupported(data)
}

// Streams says whether a format's reader can stream the file from an
// io.Reader (ParseReader) instead of its bytes: a CAMT statement, the
// largest files banks give.
func Streams(f Format) bool { return f == FormatCAMT }

// ParseReader is Parse for a format that Streams, reading the file from r.
func ParseReader(format Format, r io.Reader, exponent int, emit Emit) (Result, error) {
	if format == FormatCAMT {
		return ParseCAMTReader(r, exponent, emit)
	}
	return Result{}, finance.Errorf(finance.ECodeInvalid, "the %s reader does not stream", format)
}

// SkippedZero counts the rows of a CSV or spreadsheet whose amount is zero
// (a card hold, a notice): not movements.
const SkippedZero = "zero"

// SkippedSummary counts the summary lines below a CSV's or spreadsheet's
// table (a closing balance, a total): not movements.
const SkippedSummary = "summary"

// skip counts a record left out because it is not a movement: not a row of
// Total, nor an error.
func (r *Result) skip(kind string) {
	r.Total--
	if r.Skipped == nil {
		r.Skipped = map[string]int{}
	}
	r.Skipped[kind]++
}

// addError records a field error of a row, keeping at most importer.MaxErrors.
func (r *Result) addError(line int, field, code string) {
	if len(r.Errors) < importer.MaxErrors {
		r.Errors = append(r.Errors, importer.RowError{Line: line, Field: field, Code: code})
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
	if UnsupportedKind(head) != "" {
		return FormatUnknown // another app's book, a PDF, an image: Unsupported says which
	}
	head = bytes.TrimLeft(bytes.TrimPrefix(head, importer.UTF8BOM), " \t\r\n")
	upper := bytes.ToUpper(head)
	switch {
	case isXLSX(data):
		return FormatXLSX
	case isXLS(data):
		return FormatXLS
	case bytes.HasPrefix(head, []byte("PK\x03\x04")), bytes.HasPrefix(head, []byte("%PDF")),
		bytes.HasPrefix(head, []byte("\xd0\xcf\x11\xe0")): // xlsx, pdf, xls
		return FormatUnknown
	case bytes.Contains(upper, []byte("OFXHEADER")), bytes.Contains(upper, []byte("<OFX>")):
		return FormatOFX
	case bytes.HasPrefix(head, []byte("<")) && bytes.Contains(head, []byte("urn:iso:std:iso:20022:tech:xsd:camt.05")):
		return FormatCAMT
	case isMT940(head):
		return FormatMT940
	case isNorma43(head):
		return FormatNorma43
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
	if bytes.IndexByte(head, 0) >= 0 && !importer.HasUTF16BOM(head) {
		return FormatUnknown
	}
	return FormatCSV
}

// isMT940 says whether a file's start is a SWIFT MT940/MT942 message: its
// basic header block, or a :20: reference with statement fields.
func isMT940(head []byte) bool {
	if bytes.HasPrefix(head, []byte("{1:F01")) {
		return true
	}
	text := "\n" + strings.ReplaceAll(string(head), "\r", "")
	return strings.Contains(text, "\n:20:") && (strings.Contains(text, "\n:25:") || strings.Contains(text, "\n:61:"))
}

// isNorma43 says whether a file starts as a Norma 43 file: an account's
// header (11, its bank, branch, account, days and balance in digits, at
// most 80 characters), then a movement (22) or the account's end (33).
func isNorma43(head []byte) bool {
	text := strings.ReplaceAll(string(head), "\r", "")
	first, rest, _ := strings.Cut(text, "\n")
	if len(first) > 80 && !strings.Contains(text, "\n") {
		first, rest = first[:80], "\n"+first[80:]
	}
	if len(first) < 50 || utf8.RuneCountInString(first) > 80 || !strings.HasPrefix(first, "11") || strings.Trim(first[2:47], "0123456789") != "" {
		return false
	}
	return strings.HasPrefix(rest, "22") || strings.HasPrefix(rest, "33") || strings.Contains(rest, "\n22") || strings.Contains(rest, "\n33")
}

// fieldCode maps the amount parser's errors to field error codes.
func fieldCode(err error) string {
	if errors.Is(err, importer.ErrAmountOutOfRange) {
		return finance.FCodeOutOfRange
	}
	return finance.FCodeInvalid
}
