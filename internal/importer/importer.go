// Package importer holds what the readers of uploaded files share: the
// limits on a file, its decoding to UTF-8 text, CSV records read line by
// line, exact decimals, the cleaning of text and the row error. The readers
// live below it: statement (bank statements), ledgerfile (other apps'
// exports and our own, each becoming a ledger) and ratefile (exchange rates).
package importer

import (
	"bytes"
	"io"
	"strconv"
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

// RowError says why one row of the file was left out.
type RowError struct {
	Line  int    `json:"line"`
	Field string `json:"field"` // date, amount, description, category, account, row
	Code  string `json:"code"`  // required, invalid, out_of_range, too_long (finance.FCode*)
}

// Refusal is the error that refuses to import a file for this row, its
// first bad one: nothing was imported.
func (e RowError) Refusal() error {
	line := "line " + strconv.Itoa(e.Line)
	return &finance.Error{Code: finance.ECodeInvalid, Message: line + ": " + e.Field + " is " + e.Code + "; nothing was imported",
		Fields: []finance.FieldError{{Field: line + " " + e.Field, Code: e.Code}}}
}

var UTF8BOM = []byte{0xEF, 0xBB, 0xBF}

func HasUTF16BOM(b []byte) bool {
	return len(b) >= 2 && (b[0] == 0xFF && b[1] == 0xFE || b[0] == 0xFE && b[1] == 0xFF)
}

// TooLarge is returned for input over MaxFileBytes.
func TooLarge() error {
	return finance.Errorf(finance.ECodePayloadTooLarge, "the file is larger than %d MB", MaxFileBytes>>20)
}

func TooManyRows() error {
	return finance.Errorf(finance.ECodeInvalid, "the file has more than %d rows", MaxRows)
}

func CheckExponent(exponent int) error {
	if exponent < 0 || exponent > MaxExponent {
		return finance.Errorf(finance.ECodeInvalid, "currency exponent %d is not between 0 and %d", exponent, MaxExponent)
	}
	return nil
}

// TextReader returns the file as a stream of UTF-8 text, without a copy of
// it: it refuses oversized input, drops a byte-order mark, decodes UTF-16
// with a BOM, and reads anything that is not valid UTF-8 as Windows-1252 (a
// superset of Latin-1 that Spanish and French banks still export).
func TextReader(data []byte) (io.Reader, error) {
	if len(data) > MaxFileBytes {
		return nil, TooLarge()
	}
	if HasUTF16BOM(data) {
		dec := xunicode.UTF16(xunicode.LittleEndian, xunicode.ExpectBOM).NewDecoder()
		return transform.NewReader(bytes.NewReader(data), dec), nil
	}
	data = bytes.TrimPrefix(data, UTF8BOM)
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
func Clean(s string) string {
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
func Cut(s string, n int) string {
	return strings.TrimSpace(finance.Truncate(strings.TrimSpace(Clean(s)), n))
}

// FileName makes an uploaded file's name fit to store and show, as clean
// makes its text: valid UTF-8, no control characters, at most 255
// characters; "upload" when nothing is left.
func FileName(name string) string {
	if name = Cut(name, 255); name == "" {
		return "upload"
	}
	return name
}
