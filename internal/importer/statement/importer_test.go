package statement_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"cashcontrol/internal/importer"
	"cashcontrol/internal/importer/statement"
)

func read(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParseAmount(t *testing.T) {
	for _, c := range []struct {
		in   string
		sep  rune
		exp  int
		want int64
		ok   bool
	}{
		{"1.234,56", ',', 2, 123456, true}, {"1,234.56", '.', 2, 123456, true}, {"-12,5", ',', 2, -1250, true},
		{"(12.50)", '.', 2, -1250, true}, {"12.50-", '.', 2, -1250, true}, {"€ 12,50", ',', 2, 1250, true},
		{"12.50 EUR", '.', 2, 1250, true}, {"1 234,56", ',', 2, 123456, true}, {"1'234.56", '.', 2, 123456, true},
		{"1500", '.', 0, 1500, true}, {"1.5", '.', 0, 0, false}, {"1.50", '.', 1, 15, true}, {"0.125", '.', 3, 125, true},
		{"12.345", '.', 2, 0, false}, {"abc", '.', 2, 0, false}, {"", '.', 2, 0, false}, {"10000000000000.01", '.', 2, 0, false},
		{"--5", '.', 2, 0, false}, {"1.23.4", ',', 2, 0, false},
	} {
		got, err := statement.ParseAmount(c.in, c.sep, c.exp)
		if (err == nil) != c.ok || (c.ok && got != c.want) {
			t.Errorf("ParseAmount(%q, %q, %d) = %d, %v; want %d ok=%v", c.in, c.sep, c.exp, got, err, c.want, c.ok)
		}
	}
}

func TestDetectAndParseSpanishLatin1(t *testing.T) {
	data := read(t, "es_bank.csv")
	p, err := statement.DetectCSV(data)
	if err != nil {
		t.Fatal(err)
	}
	o := p.Options
	if o.Delimiter != ';' || !o.HasHeader || o.Date != 0 || o.Description != 1 || o.Amount != 2 || o.DecimalSep != ',' || o.DateFormat != "02/01/2006" {
		t.Fatalf("detected %+v", o)
	}
	res, err := statement.ParseCSV(data, o, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := []statement.Draft{
		{Line: 2, Date: "2026-01-02", Amount: -4530, Description: "MERCADONA VALENCIA"},
		{Line: 3, Date: "2026-01-05", Amount: 215000, Description: "Nómina ACME S.L."},
		{Line: 4, Date: "2026-01-07", Amount: -7812, Description: "Recibo luz Iberdrola"},
	}
	if !reflect.DeepEqual(res.Rows, want) || res.Total != 3 {
		t.Fatalf("got %+v", res.Rows)
	}
}

func TestDebitCreditColumns(t *testing.T) {
	data := read(t, "us_bank.csv")
	p, err := statement.DetectCSV(data)
	if err != nil {
		t.Fatal(err)
	}
	if p.Options.Debit != 2 || p.Options.Credit != 3 || p.Options.Category != 4 || p.Options.DecimalSep != '.' || p.Options.DateFormat != "01/02/2006" {
		t.Fatalf("detected %+v", p.Options)
	}
	res, err := statement.ParseCSV(data, p.Options, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 3 || res.Rows[0].Amount != -123456 || res.Rows[1].Amount != 300000 || res.Rows[2].Description != "Coffee, Inc." || res.Rows[0].Category != "Groceries" {
		t.Fatalf("%+v", res.Rows)
	}
}

func TestFrenchHeaders(t *testing.T) {
	data := read(t, "fr_bank.csv")
	p, err := statement.DetectCSV(data)
	if err != nil {
		t.Fatal(err)
	}
	res, err := statement.ParseCSV(data, p.Options, 2)
	if err != nil || len(res.Rows) != 2 || res.Rows[1].Amount != 248000 || res.Rows[0].Category != "Courses" || res.Rows[0].Description != "CARREFOUR MARKET" {
		t.Fatalf("%+v %+v %v", p.Options, res.Rows, err)
	}
}

func TestRowErrorsNameTheLine(t *testing.T) {
	data := read(t, "bad_rows.csv")
	p, _ := statement.DetectCSV(data)
	res, err := statement.ParseCSV(data, p.Options, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := []importer.RowError{{Line: 3, Field: "date", Code: "invalid"}, {Line: 4, Field: "amount", Code: "invalid"}}
	if !reflect.DeepEqual(res.Errors, want) || len(res.Rows) != 2 || res.Total != 4 {
		t.Fatalf("errors %+v rows %d total %d", res.Errors, len(res.Rows), res.Total)
	}
}

func TestParseOFX(t *testing.T) {
	res, err := statement.ParseOFX(read(t, "bank.ofx"), 2)
	if err != nil {
		t.Fatal(err)
	}
	want := []statement.Draft{
		{Line: 1, Date: "2026-01-03", Amount: -2345, Description: "SUPERMERCADO DIA", Notes: "Tarjeta 1234", FITID: "20260103001"},
		{Line: 2, Date: "2026-01-28", Amount: 210000, Description: "NOMINA ACME", FITID: "20260128001"},
	}
	if !reflect.DeepEqual(res.Rows, want) {
		t.Fatalf("%+v", res.Rows)
	}
	if _, err := statement.ParseOFX(read(t, "bank.ofx"), 0); err == nil {
		// -23.45 has decimals a JPY account cannot hold
		r, _ := statement.ParseOFX(read(t, "bank.ofx"), 0)
		if len(r.Errors) == 0 {
			t.Fatal("cents accepted into a zero-decimal currency")
		}
	}
}

func TestParseQIF(t *testing.T) {
	res, err := statement.ParseQIF(read(t, "bank.qif"), 2, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 3 || res.Rows[0].Date != "2026-01-04" || res.Rows[0].Amount != -1299 || res.Rows[0].Category != "Subscriptions" ||
		res.Rows[1].Amount != 150000 || res.Rows[2].Category != "" || res.Rows[0].Description != "Netflix" {
		t.Fatalf("%+v", res.Rows)
	}
}

func TestBadFiles(t *testing.T) {
	if _, err := statement.DetectCSV([]byte("")); err == nil {
		t.Error("empty file accepted")
	}
	if _, err := statement.ParseCSV([]byte("a,b\n"), statement.CSVOptions{Date: -1, Amount: -1, Debit: -1, Credit: -1}, 2); err == nil {
		t.Error("no columns accepted")
	}
	if _, err := statement.ParseCSV(make([]byte, importer.MaxFileBytes+1), statement.CSVOptions{Date: 0, Amount: 1}, 2); err == nil {
		t.Error("oversized file accepted")
	}
	if _, err := statement.ParseOFX([]byte("<OFX><garbage"), 2); err == nil {
		t.Error("broken OFX accepted")
	}
	if f := statement.DetectFormat("x.csv", []byte("%PDF-1.4")); f != statement.FormatUnknown {
		t.Errorf("a PDF is %q", f)
	}
	if f := statement.DetectFormat("export.txt", read(t, "bank.qif")); f != statement.FormatQIF {
		t.Errorf("QIF detected as %q", f)
	}
	if f := statement.DetectFormat("export.dat", read(t, "bank.ofx")); f != statement.FormatOFX {
		t.Errorf("OFX detected as %q", f)
	}
	if _, err := statement.ParseCSV([]byte(strings.Repeat("x", 10)), statement.CSVOptions{Date: 0, Amount: 1, DateFormat: "2006-01-02"}, 2); err == nil {
		t.Error("a file of nothing but garbage must be an error")
	}
}

func BenchmarkParseCSV100k(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("date;description;amount\n")
	for i := 0; i < 100_000; i++ {
		sb.WriteString("15/03/2025;Supermercado ")
		sb.WriteString(strings.Repeat("x", i%20))
		sb.WriteString(";-1.234,56\n")
	}
	data := []byte(sb.String())
	p, err := statement.DetectCSV(data)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if res, err := statement.ParseCSV(data, p.Options, 2); err != nil || len(res.Rows) != 100_000 {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(100_000*b.N)/b.Elapsed().Seconds(), "rows/s")
}
