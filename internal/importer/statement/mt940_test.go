package statement_test

import (
	"strings"
	"testing"

	"cashcontrol/internal/importer/statement"
)

// Each MT940/MT942 fixture (testdata/mt940, written from the SWIFT field
// specifications and the German DFÜ-Abkommen's layout of :86:, the way
// German and Dutch banks write them).
func TestMT940AsBanksWriteIt(t *testing.T) {
	checkBank(t, "mt940", statement.FormatMT940, []bankCase{
		{file: "german_structured.sta", n: 3, sum: -4590 + 185000 - 1200, currency: "EUR",
			rows:    []bankRow{{0, "2025-03-01", -4590, "Stadtwerke Musterstadt Energie GmbH"}, {2, "2025-03-05", -1200, "Entgelt Kontofuehrung"}},
			balance: &statement.Balance{Date: "2025-03-05", Amount: 424888}},
		{file: "dutch_name.940", n: 3, sum: -2395 + 31000 - 450, currency: "EUR",
			rows:    []bankRow{{0, "2025-04-15", -2395, "Bakkerij de Gouden Korst"}, {1, "2025-04-15", 31000, "J. de Vries"}},
			balance: &statement.Balance{Date: "2025-04-16", Amount: 178155}},
		{file: "blocks_two_statements.mt940", n: 3, sum: -999 - 15000 + 999, currency: "EUR",
			rows:    []bankRow{{1, "2025-06-02", -15000, "Scheck Nr. 1234 eingeloest"}, {2, "2025-06-02", 999, "MEDIAMARKT KOELN 1102"}},
			balance: &statement.Balance{Date: "2025-06-02", Amount: 16240}},
		{file: "interim_942.txt", n: 2, sum: -7500 + 2000, currency: "EUR",
			rows: []bankRow{{0, "2026-01-02", -7500, "FitLife Studios GmbH"}, {1, "2026-01-02", 2000, "Anna Becker"}}},
	})
}

// The purpose goes to the notes (the SEPA one, after its references), with
// the booking text; the bank's reference is the duplicate key.
func TestMT940NotesAndKeys(t *testing.T) {
	cases := []struct {
		file  string
		i     int
		notes string
		fitid string
	}{
		{"german_structured.sta", 0, "SEPA-BASISLASTSCHRIFT · Strom Abschlag Maerz 2025 Kd-Nr 4471", "2503010123456"},
		{"german_structured.sta", 1, "SEPA-UEBERWEISUNG · Lohn/Gehalt 03/2025", "2503030987654"},
		{"german_structured.sta", 2, "ABSCHLUSS", ""},
		{"dutch_name.940", 0, "SEPA OVERBOEKING · Factuur 2025-0412", "2504150001"},
		{"dutch_name.940", 1, "Terugbetaling vakantie", "2504150002"},
		{"dutch_name.940", 2, "SEPA INCASSO ALGEMEEN DOORLOPEND · Parkeren 16-04 kenteken XX-123-Y", "2504160003"},
		{"blocks_two_statements.mt940", 0, "KARTENZAHLUNG · Mediamarkt Koeln", "BANKREF0001"},
	}
	for _, c := range cases {
		res, err := statement.ParseMT940(read(t, "mt940/"+c.file), 2)
		if err != nil {
			t.Fatal(err)
		}
		if r := res.Rows[c.i]; r.Notes != c.notes || r.FITID != c.fitid {
			t.Errorf("%s row %d: notes %q FITID %q; want %q %q", c.file, c.i, r.Notes, r.FITID, c.notes, c.fitid)
		}
	}
}

// A broken statement line is a row error naming its line; statements in
// two currencies are refused; statements of two accounts have no balance.
func TestMT940Statements(t *testing.T) {
	res, err := statement.ParseMT940([]byte(":20:X\n:25:A\n:60F:C250101EUR0,00\n:61:2501010101DX,00NTRF\n:86:a\n:61:2501020102D1,00NTRF\n:86:b\n:62F:D250102EUR1,00\n"), 2)
	if err != nil || len(res.Rows) != 1 || len(res.Errors) != 1 || res.Errors[0].Line != 4 || res.Errors[0].Field != "amount" {
		t.Fatalf("%v %+v %+v", err, res.Rows, res.Errors)
	}
	if res.Balance == nil || *res.Balance != (statement.Balance{Date: "2025-01-02", Amount: -100}) {
		t.Errorf("balance %+v", res.Balance)
	}
	two := ":20:X\n:25:A\n:60F:C250101EUR0,00\n:61:2501010101D1,00NTRF\n:62F:D250101EUR1,00\n-\n:20:Y\n:25:B\n:60F:C250101%s0,00\n:61:2501010101D2,00NTRF\n:62F:D250101%s2,00\n-\n"
	res, err = statement.ParseMT940([]byte(strings.ReplaceAll(two, "%s", "EUR")), 2)
	if err != nil || len(res.Rows) != 2 || res.Balance != nil || res.Rows[0].Description != "NTRF" {
		t.Fatalf("two accounts: %v %+v %+v", err, res.Rows, res.Balance)
	}
	if _, err := statement.ParseMT940([]byte(strings.ReplaceAll(two, "%s", "USD")), 2); err == nil || !strings.Contains(err.Error(), "EUR and USD") {
		t.Fatalf("two currencies: %v", err)
	}
}
