package statement_test

import (
	"strings"
	"testing"

	"cashcontrol/internal/importer/statement"
)

// Each Norma 43 fixture (testdata/norma43, written from the AEB Cuaderno 43
// record layouts the way Spanish banks write them: short lines, CRLF,
// Windows-1252 text, records without line breaks).
func TestNorma43AsBanksWriteIt(t *testing.T) {
	checkBank(t, "norma43", statement.FormatNorma43, []bankCase{
		{file: "plain.n43", n: 4, sum: -2340 - 6000 + 185000 - 1250, currency: "EUR",
			rows:    []bankRow{{1, "2025-05-05", -6000, "Cajero automático"}, {2, "2025-05-28", 185000, "NOMINA MAYO EMPRESA EJEMPLO SL"}},
			balance: &statement.Balance{Date: "2025-05-31", Amount: 300410}},
		{file: "latin1_complementary.n43", n: 4, sum: -8745 + 50000 - 4312 - 10000, currency: "EUR",
			rows: []bankRow{{0, "2025-06-03", -8745, "RECIBO IBERDROLA CLIENTES SAU FACTURA LUZ JUNIO DOMICILIACIÓN Nº 4471 – AÑO 2025"},
				{1, "2025-06-10", 50000, "TRANSFERENCIA DE MUÑOZ PEÑA, ANDRÉS CONCEPTO: DEVOLUCIÓN PRÉSTAMO"}},
			balance: &statement.Balance{Date: "2025-06-30", Amount: 11868}},
		{file: "usd_account.n43", n: 3, sum: -120000 + 35050 - 1500, currency: "USD",
			rows:    []bankRow{{0, "2025-07-01", -120000, "TRANSFERENCIA A SMITH & CO LLC INVOICE 2025-77"}, {2, "2025-07-31", -1500, "Intereses - comisiones - custodia - gastos e impuestos"}},
			balance: &statement.Balance{Date: "2025-07-31", Amount: 413550}},
	})
}

// The duplicate key is the day with the document number and references;
// the amount in another currency (24) and the second reference of a
// movement without text go to the notes.
func TestNorma43KeysAndNotes(t *testing.T) {
	res, err := statement.ParseNorma43(read(t, "norma43/latin1_complementary.n43"), 2)
	if err != nil {
		t.Fatal(err)
	}
	if r := res.Rows[0]; r.FITID != "2025-06-03/0000123456/B12345678000/REC 2025060301" {
		t.Errorf("row 0 FITID %q", r.FITID)
	}
	if r := res.Rows[1]; r.FITID != "" {
		t.Errorf("a movement without document or references has FITID %q", r.FITID)
	}
	if r := res.Rows[2]; r.Notes != "GBP 36.50" {
		t.Errorf("row 2 notes %q", r.Notes)
	}
	res, err = statement.ParseNorma43(read(t, "norma43/plain.n43"), 2)
	if err != nil {
		t.Fatal(err)
	}
	if r := res.Rows[2]; r.Notes != "" || r.FITID != "2025-05-28/0000004711/000000008812/NOMINA 05/2025" {
		t.Errorf("row 2: notes %q FITID %q", r.Notes, r.FITID)
	}
}

// A file whose end record does not match its movements, or that is cut
// short, or in a currency this app does not know, is refused whole: not one
// row is handed on, and the reason names the figures.
func TestNorma43Refused(t *testing.T) {
	plain := string(read(t, "norma43/plain.n43"))
	cases := []struct {
		name string
		data string
		want []string
	}{
		{"final balance", string(read(t, "norma43/broken_final_balance.n43")), []string{"3004.00 EUR", "3004.10 EUR"}},
		{"truncated", string(read(t, "norma43/broken_truncated.n43")), []string{"ends before the end record (33)", "incomplete"}},
		{"a movement left out", strings.Replace(plain, "22    0418250505250505110021000000000060000000000000000000000000\r\n", "", 1), []string{"3 debits", "2 and 1"}},
		{"no end of file", plain[:strings.LastIndex(plain, "\r\n88")+2], []string{"end-of-file record (88)"}},
		{"unknown currency", strings.Replace(plain, "0000001250009783", "0000001250009993", 1), []string{`"999"`}},
	}
	for _, c := range cases {
		n := 0
		res, err := statement.ParseNorma43Each([]byte(c.data), 2, func(statement.Draft) { n++ })
		if err == nil || n != 0 || res.Valid != 0 {
			t.Errorf("%s: read %d rows, error %v", c.name, n, err)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %q does not say %q", c.name, err, w)
			}
		}
	}
}
