package statement_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"cashcontrol/internal/importer/statement"
)

// serial is a date's serial number in a workbook's date system.
func serial(date string, date1904 bool) float64 {
	t, _ := time.Parse("2006-01-02", date)
	epoch := time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)
	if date1904 {
		epoch = time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	return t.Sub(epoch).Hours() / 24
}

// bankWorkbook writes a Spanish bank's export as Excel writes it: a
// preamble, a header, dates stored as serial numbers in a dd/mm/yyyy
// format, amounts as numbers with two decimals (one, 0.1+0.2, with a float
// error), a balance column, a zero row; and a second sheet.
func bankWorkbook(t testing.TB, date1904 bool) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", "Movimientos"); err != nil {
		t.Fatal(err)
	}
	if date1904 {
		yes := true
		if err := f.SetWorkbookProps(&excelize.WorkbookPropsOptions{Date1904: &yes}); err != nil {
			t.Fatal(err)
		}
	}
	dateFmt, amountFmt := "dd/mm/yyyy", "#,##0.00"
	ds, _ := f.NewStyle(&excelize.Style{CustomNumFmt: &dateFmt})
	as, _ := f.NewStyle(&excelize.Style{CustomNumFmt: &amountFmt})
	sh := "Movimientos"
	set := func(cell string, v any, style int) {
		if err := f.SetCellValue(sh, cell, v); err != nil {
			t.Fatal(err)
		}
		if style != 0 {
			_ = f.SetCellStyle(sh, cell, cell, style)
		}
	}
	set("A1", "Cuenta", 0)
	set("B1", "ES00 0000 0000 0000 0000 0000", 0)
	set("A2", "Titular", 0)
	set("B2", "Ana García", 0)
	for i, h := range []string{"Fecha operación", "Fecha valor", "Concepto", "Importe", "Saldo"} {
		set(fmt.Sprintf("%c4", 'A'+i), h, 0)
	}
	rows := []struct {
		date, value, concept string
		amount, balance      float64
	}{
		{"2024-03-04", "2024-03-05", "MERCADONA", -45.3, 954.7},
		{"2024-03-05", "2024-03-05", "NOMINA ACME", 1234.56, 2189.26},
		{"2024-03-07", "2024-03-07", "Redondeo", 0.1 + 0.2, 2189.56},
		{"2024-03-08", "2024-03-08", "Retención tarjeta", 0, 2189.56},
		{"2024-03-09", "2024-03-10", "Recibo luz", -78.12, 2111.44},
	}
	for i, r := range rows {
		n := 5 + i
		set(fmt.Sprint("A", n), serial(r.date, date1904), ds)
		set(fmt.Sprint("B", n), serial(r.value, date1904), ds)
		set(fmt.Sprint("C", n), r.concept, 0)
		set(fmt.Sprint("D", n), r.amount, as)
		set(fmt.Sprint("E", n), r.balance, as)
	}
	if _, err := f.NewSheet("Otra"); err != nil {
		t.Fatal(err)
	}
	_ = f.SetCellValue("Otra", "A1", "Date")
	_ = f.SetCellValue("Otra", "B1", "Amount")
	_ = f.SetCellValue("Otra", "A2", "2024-01-02")
	_ = f.SetCellValue("Otra", "B2", "-1.50")
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestXLSX(t *testing.T) {
	for _, date1904 := range []bool{false, true} {
		data := bankWorkbook(t, date1904)
		if f := statement.DetectFormat("extracto.bin", data); f != statement.FormatXLSX {
			t.Fatalf("format %q", f)
		}
		p, err := statement.DetectXLSX(data, "")
		o := p.Options
		if err != nil || o.Sheet != "Movimientos" || len(p.Sheets) != 2 || p.Sheets[1] != "Otra" || o.SkipLines != 3 || !o.HasHeader ||
			o.Date != 0 || o.Amount != 3 || o.Description != 2 {
			t.Fatalf("1904 %v: detected %+v %v %v", date1904, o, p.Sheets, err)
		}
		res, err := statement.ParseXLSX(data, o, 2)
		if err != nil || len(res.Rows) != 4 || res.Skipped[statement.SkippedZero] != 1 || len(res.Errors) != 0 {
			t.Fatalf("1904 %v: %+v %+v %v", date1904, res.Rows, res.Errors, err)
		}
		sum := int64(0)
		for _, d := range res.Rows {
			sum += d.Amount
		}
		if sum != -4530+123456+30-7812 {
			t.Errorf("sum %d", sum)
		}
		if d := res.Rows[0]; d.Date != "2024-03-04" || d.Amount != -4530 || d.Description != "MERCADONA" || d.Line != 5 {
			t.Errorf("1904 %v: %+v", date1904, d)
		}
		if d := res.Rows[2]; d.Date != "2024-03-07" || d.Amount != 30 || d.Description != "Redondeo" {
			t.Errorf("1904 %v: %+v", date1904, d)
		}
	}
	data := bankWorkbook(t, false)
	p, err := statement.DetectXLSX(data, "Otra")
	if err != nil || p.Options.Sheet != "Otra" {
		t.Fatalf("%+v %v", p, err)
	}
	res, err := statement.ParseXLSX(data, p.Options, 2)
	if err != nil || len(res.Rows) != 1 || res.Rows[0].Amount != -150 {
		t.Fatalf("%+v %v", res, err)
	}
	if _, err := statement.DetectXLSX(data, "Nope"); err == nil {
		t.Fatal("an unknown sheet")
	}
	var locked bytes.Buffer
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Write(&locked, excelize.Options{Password: "secreto"}); err != nil {
		t.Fatal(err)
	}
	if statement.DetectFormat("locked.xlsx", locked.Bytes()) != statement.FormatXLSX {
		t.Fatal("a workbook with a password is not told from an XLS")
	}
	if _, err := statement.DetectXLSX(locked.Bytes(), ""); err == nil || !strings.Contains(err.Error(), "password") {
		t.Fatalf("a workbook with a password: %v", err)
	}
	broken := bytes.Clone(data[:len(data)/2])
	if _, err := statement.DetectXLSX(broken, ""); err == nil {
		t.Fatal("a broken workbook")
	}
}
