package statement_test

import (
	"reflect"
	"strings"
	"testing"

	"cashcontrol/internal/importer/statement"
)

// rowLines lists the line of every good row, and errorLines of every error.
func rowLines(res statement.Result) (rows []int, amounts []int64, errs []int) {
	for _, d := range res.Rows {
		rows, amounts = append(rows, d.Line), append(amounts, d.Amount)
	}
	for _, e := range res.Errors {
		errs = append(errs, e.Line)
	}
	return rows, amounts, errs
}

// A broken record is an error on its own line; the lines after it are read
// as rows of their own, never merged into it.
func TestCSVBrokenQuotes(t *testing.T) {
	opt := statement.CSVOptions{Delimiter: ',', DateFormat: "2006-01-02", DecimalSep: '.', Date: 0, Description: 1, Amount: 2,
		Debit: -1, Credit: -1, Notes: -1, Category: -1, Account: -1}
	noDesc := opt
	noDesc.Description, noDesc.Amount = -1, 1
	for _, c := range []struct {
		name    string
		opt     statement.CSVOptions
		in      string
		rows    []int
		amounts []int64
		errs    []int
	}{
		{"unterminated quote, then plain lines", noDesc, "2025-01-01,\"unterminated,-1.00\n2025-01-02,-1.00\n2025-01-03,-1.00\n",
			[]int{2, 3}, []int64{-100, -100}, []int{1}},
		{"unterminated quote, then a quoted field", opt, "2025-01-01,\"unterminated,-1.00\n2025-01-02,\"Shop\",-2.00\n2025-01-03,Bar,-3.00\n",
			[]int{2, 3}, []int64{-200, -300}, []int{1}},
		{"unterminated quote on the last line", opt, "2025-01-01,Shop,-1.00\n2025-01-02,\"Bar,-2.00",
			[]int{1}, []int64{-100}, []int{2}},
		{"a quoted field over two lines is one record", opt, "2025-01-01,\"two\nlines\",-1.00\n2025-01-02,Bar,-2.00\n",
			[]int{1, 3}, []int64{-100, -200}, nil},
		{"escaped and stray quotes on one line", opt, "2025-01-01,\"say \"\"hi\"\"\",-1.00\n2025-01-02,Joe's \"best\" bar,-2.00\n2025-01-03,\"a \"b\" c\",-3.00\n",
			[]int{1, 2, 3}, []int64{-100, -200, -300}, nil},
		{"CRLF and blank lines", opt, "2025-01-01,A,-1.00\r\n\r\n2025-01-02,\"B\",-2.00\r\n",
			[]int{1, 3}, []int64{-100, -200}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, _ := statement.ParseCSV([]byte(c.in), c.opt, 2)
			rows, amounts, errs := rowLines(res)
			if !reflect.DeepEqual(rows, c.rows) || !reflect.DeepEqual(amounts, c.amounts) || !reflect.DeepEqual(errs, c.errs) ||
				res.Total != len(c.rows)+len(c.errs) {
				t.Fatalf("rows at %v amounts %v errors at %v (total %d); want %v %v %v", rows, amounts, errs, res.Total, c.rows, c.amounts, c.errs)
			}
		})
	}
}

func TestCSVQuotedFieldValues(t *testing.T) {
	opt := statement.CSVOptions{Delimiter: ';', DateFormat: "2006-01-02", DecimalSep: ',', Date: 0, Description: 1, Amount: 2,
		Debit: -1, Credit: -1, Notes: 3, Category: -1, Account: -1}
	res, err := statement.ParseCSV([]byte("2025-01-01;\"say \"\"hi\"\"\";\"-1,50\";\"two\nlines\"\n"), opt, 2)
	if err != nil || len(res.Rows) != 1 {
		t.Fatalf("%+v %v", res, err)
	}
	if d := res.Rows[0]; d.Description != `say "hi"` || d.Amount != -150 || d.Notes != "two lines" {
		t.Fatalf("%+v", d)
	}
}

// A QIF record whose "^" is missing is an error on its first line; the next
// record is read on its own.
func TestQIFMissingCaret(t *testing.T) {
	for _, c := range []struct {
		name    string
		in      string
		rows    []int
		amounts []int64
		errs    []int
	}{
		{"no caret before the next date", "!Type:Bank\nD01/02/2025\nT-1.00\nPFirst\nD01/03/2025\nT-2.00\nPSecond\n^\n",
			[]int{5}, []int64{-200}, []int{2}},
		{"no caret anywhere", "!Type:Bank\nD01/02/2025\nT-1.00\nD01/03/2025\nT-2.00\nD01/04/2025\nT-3.00\n",
			[]int{6}, []int64{-300}, []int{2, 4}},
		{"well formed", "!Type:Bank\nD01/02/2025\nT-1.00\n^\nD01/03/2025\nU-2.00\nT-2.00\n^\n",
			[]int{2, 5}, []int64{-100, -200}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, _ := statement.ParseQIF([]byte(c.in), 2, "")
			rows, amounts, errs := rowLines(res)
			if !reflect.DeepEqual(rows, c.rows) || !reflect.DeepEqual(amounts, c.amounts) || !reflect.DeepEqual(errs, c.errs) ||
				res.Total != len(c.rows)+len(c.errs) {
				t.Fatalf("rows at %v amounts %v errors at %v (total %d); want %v %v %v", rows, amounts, errs, res.Total, c.rows, c.amounts, c.errs)
			}
		})
	}
}

// Text from a file never carries NUL or control characters into the store
// (PostgreSQL refuses NUL in TEXT).
func TestImportedTextIsClean(t *testing.T) {
	opt := statement.CSVOptions{Delimiter: ',', DateFormat: "2006-01-02", DecimalSep: '.', Date: 0, Description: 1, Amount: 2,
		Debit: -1, Credit: -1, Notes: 3, Category: 4, Account: -1}
	res, err := statement.ParseCSV([]byte(strings.Repeat("2025-01-01,ok,-1.00,,\n", 300)+"2025-01-02,Sh\x00op\x01,-1.00,a\tb,Fo\x00od\n"), opt, 2)
	if err != nil || len(res.Rows) != 301 {
		t.Fatalf("%v %d", err, len(res.Rows))
	}
	if d := res.Rows[300]; d.Description != "Shop" || d.Notes != "a b" || d.Category != "Food" {
		t.Fatalf("%q %q %q", d.Description, d.Notes, d.Category)
	}
	q, _ := statement.ParseQIF([]byte("!Type:Bank\nD01/02/2025\nT-1.00\nPA\x00B\n^\n"), 2, "")
	if len(q.Rows) != 1 || q.Rows[0].Description != "AB" {
		t.Fatalf("%+v", q.Rows)
	}
}

// The text readers decode UTF-16 (either byte order) and Windows-1252 as
// they stream, the same as a UTF-8 file.
func TestEncodings(t *testing.T) {
	opt := statement.CSVOptions{Delimiter: ';', DateFormat: "2006-01-02", DecimalSep: ',', Date: 0, Description: 1, Amount: 2,
		Debit: -1, Credit: -1, Notes: -1, Category: -1, Account: -1}
	text := "2025-01-01;Crème brûlée €;-1,50\n2025-01-02;Ñandú 🦤;-2,00\n"
	utf16 := func(big bool) []byte {
		out := []byte{0xFF, 0xFE}
		if big {
			out = []byte{0xFE, 0xFF}
		}
		for _, r := range text {
			var units []rune
			if r > 0xFFFF {
				r -= 0x10000
				units = []rune{0xD800 + r>>10, 0xDC00 + r&0x3FF}
			} else {
				units = []rune{r}
			}
			for _, u := range units {
				if big {
					out = append(out, byte(u>>8), byte(u))
				} else {
					out = append(out, byte(u), byte(u>>8))
				}
			}
		}
		return out
	}
	win1252 := []byte("2025-01-01;Cr\xe8me br\xfbl\xe9e \x80;-1,50\n2025-01-02;\xd1and\xfa ?;-2,00\n")
	for name, data := range map[string][]byte{"utf-8": []byte(text), "utf-8 bom": append([]byte{0xEF, 0xBB, 0xBF}, text...),
		"utf-16le": utf16(false), "utf-16be": utf16(true), "windows-1252": win1252} {
		res, err := statement.ParseCSV(data, opt, 2)
		if err != nil || len(res.Rows) != 2 || res.Rows[0].Description != "Crème brûlée €" || !strings.HasPrefix(res.Rows[1].Description, "Ñandú ") ||
			res.Rows[1].Amount != -200 {
			t.Errorf("%s: %+v %v", name, res.Rows, err)
		}
	}
}
