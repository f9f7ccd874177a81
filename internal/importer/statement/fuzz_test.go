package statement_test

import (
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer/statement"
)

// The invariant of every reader: no panic, and every draft it returns has a
// valid date, an amount within ±10^15 minor units that is not zero, and text
// that any database stores (valid UTF-8, no NUL or control characters); a
// split one has 2 to finance.MaxSplits lines of its sign adding up to it.
func checkResult(t *testing.T, res statement.Result) {
	rows := 0
	for _, d := range res.Rows {
		if !finance.ValidDate(d.Date) || d.Amount == 0 || d.Amount > finance.MaxAmount || d.Amount < -finance.MaxAmount {
			t.Fatalf("bad draft %+v", d)
		}
		texts := []string{d.Description, d.Notes, d.Category, d.Account, d.FITID}
		sum := int64(0)
		for _, l := range d.Lines {
			sum += l.Amount
			texts = append(texts, l.Category, l.Note)
			if l.Amount == 0 || (l.Amount < 0) != (d.Amount < 0) {
				t.Fatalf("bad line in %+v", d)
			}
		}
		if d.Lines != nil && (len(d.Lines) < 2 || len(d.Lines) > finance.MaxSplits || sum != d.Amount || d.Category != "") {
			t.Fatalf("bad split draft %+v", d)
		}
		for _, s := range texts {
			if !utf8.ValidString(s) || strings.IndexFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7F }) >= 0 {
				t.Fatalf("text not fit to store in %+v", d)
			}
		}
		rows += max(1, len(d.Lines))
	}
	if res.Valid != rows || res.Total < res.Valid {
		t.Fatalf("counts: total %d, valid %d, rows %d", res.Total, res.Valid, rows)
	}
}

func seeds(f *testing.F) {
	for _, n := range []string{"es_bank.csv", "us_bank.csv", "fr_bank.csv", "bad_rows.csv", "splits.csv", "bank.ofx", "bank.qif", "at_soll_haben.csv", "nl_af_bij.csv", "de_preamble.csv"} {
		f.Add(read(f, n))
	}
	for _, dir := range []string{"ofx", "qif", "camt", "mt940", "norma43"} {
		files, err := os.ReadDir("testdata/" + dir)
		if err != nil {
			f.Fatal(err)
		}
		for _, e := range files {
			f.Add(read(f, dir+"/"+e.Name()))
		}
	}
}

func FuzzDetectCSV(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := statement.DetectCSV(data)
		if err == nil {
			res, _ := statement.ParseCSV(data, p.Options, 2)
			checkResult(t, res)
		}
	})
}

func FuzzParseCSV(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, o := range []statement.CSVOptions{
			{Delimiter: ';', HasHeader: true, DateFormat: "02/01/2006", DecimalSep: ',', Date: 0, Amount: 2, Debit: -1, Credit: -1, Description: 1, Notes: -1, Category: -1, Account: -1},
			{Delimiter: ',', DateFormat: "01/02/2006", DecimalSep: '.', Date: 0, Amount: -1, Debit: 2, Credit: 3, Description: 1, Notes: 5, Category: 4, Account: 6},
			{Delimiter: ',', HasHeader: true, DateFormat: "2006-01-02", DecimalSep: '.', Date: 0, Amount: 2, Debit: -1, Credit: -1, Description: 9, Notes: 10,
				Category: 5, Account: -1, Movement: 13, LineNote: 14},
		} {
			res, _ := statement.ParseCSV(data, o, 2)
			checkResult(t, res)
		}
	})
}

func FuzzParseOFX(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		res, _ := statement.ParseOFX(data, 2)
		checkResult(t, res)
	})
}

func FuzzParseQIF(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		res, _ := statement.ParseQIF(data, 2, "")
		checkResult(t, res)
	})
}

func FuzzParseCAMT(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		res, _ := statement.ParseCAMT(data, 2)
		checkResult(t, res)
	})
}

func FuzzParseMT940(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		res, _ := statement.ParseMT940(data, 2)
		checkResult(t, res)
	})
}

func FuzzParseNorma43(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		res, _ := statement.ParseNorma43(data, 2)
		checkResult(t, res)
		res, _ = statement.ParseNorma43(data, 0) // a currency without decimals: cents must be 00
		checkResult(t, res)
	})
}

// FuzzParseXLSX: any bytes, and mutations of a bank's workbook, read as a
// workbook keep the readers' invariant (and never panic).
func FuzzParseXLSX(f *testing.F) {
	f.Add(bankWorkbook(f, false))
	f.Add(bankWorkbook(f, true))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := statement.DetectXLSX(data, "")
		if err == nil {
			res, _ := statement.ParseXLSX(data, p.Options, 2)
			checkResult(t, res)
		}
	})
}

// FuzzParseXLS: any bytes, and mutations of an Excel 97-2003 workbook,
// read as one keep the readers' invariant (and never panic).
func FuzzParseXLS(f *testing.F) {
	f.Add(xlsWorkbook(f, false))
	f.Add(xlsWorkbook(f, true))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := statement.DetectTable(statement.FormatXLS, data, "")
		if err == nil {
			res, _ := statement.ParseXLSX(data, p.Options, 2)
			checkResult(t, res)
		}
	})
}

func FuzzParseAmount(f *testing.F) {
	for _, s := range []string{"1.234,56", "(12.50)", "€ 12,50", "-0", "1'234.56", "12.50 EUR"} {
		f.Add(s, true, 2)
	}
	f.Fuzz(func(t *testing.T, s string, comma bool, exp int) {
		sep := '.'
		if comma {
			sep = ','
		}
		v, err := statement.ParseAmount(s, sep, exp%5)
		if err == nil && (v > finance.MaxAmount || v < -finance.MaxAmount) {
			t.Fatalf("%q → %d out of range", s, v)
		}
	})
}
