package statement_test

import (
	"strings"
	"testing"

	"cashcontrol/internal/importer/statement"
)

// Each OFX/QFX fixture (testdata/ofx, written from the OFX specification in
// the ways banks depart from it): how many movements, their sum, two rows
// checked, the statement's currency and balance. Before the reader of our
// own, the library refused seven of them and misread three.
func TestOFXAsBanksWriteIt(t *testing.T) {
	type row struct {
		i           int
		date        string
		amount      int64
		description string
	}
	cases := []struct {
		file     string
		n        int
		sum      int64
		rows     []row
		currency string
		balance  *statement.Balance
	}{
		{"latin1.qfx", 3, -490 - 6215 + 235000, []row{{0, "2025-02-03", -490, "CB CAFÉ DE LA GARE"}, {2, "2025-02-27", 235000, "VIR SALAIRE FÉVRIER"}},
			"EUR", &statement.Balance{Date: "2025-02-28", Amount: 152340}},
		{"cp1252.qfx", 2, -200 - 1830, []row{{0, "2025-03-31", -200, "FRAIS € TENUE DE COMPTE"}, {1, "2025-03-15", -1830, "BOULANGERIE ŒUVRE"}},
			"EUR", &statement.Balance{Date: "2025-03-31", Amount: 98000}},
		{"ofx2_unclosed.ofx", 3, -12500 + 187532 - 6000, []row{{0, "2024-05-02", -12500, "CHECK 1042"}, {1, "2024-05-15", 187532, "PAYROLL ACME CORP"}},
			"USD", &statement.Balance{Date: "2024-05-31", Amount: 330144}},
		{"blank_lines.ofx", 2, -999 + 4000, []row{{0, "2025-01-10", -999, "STREAMING"}, {1, "2025-01-11", 4000, "REFUND"}}, "EUR", nil},
		{"no_ledgerbal.qfx", 2, -4217 + 50000, []row{{0, "2024-02-12", -4217, "GROCERY OUTLET #123"}, {1, "2024-02-20", 50000, "PAYMENT - THANK YOU"}}, "USD", nil},
		{"encoding_utf8.ofx", 2, -1580 - 750, []row{{0, "2025-05-05", -1580, "Bäckerei Müller"}, {1, "2025-05-06", -750, "Straßenbahn €-Ticket"}}, "EUR", nil},
		{"empty_balamt.ofx", 2, -3310 + 240000, []row{{0, "2025-07-02", -3310, "Albert Heijn 1234"}, {1, "2025-07-25", 240000, "Salaris juli"}}, "EUR", nil},
		{"body_only.ofx", 2, -1200 - 340, []row{{0, "2025-09-01", -1200, "PHARMACIE"}, {1, "2025-09-03", -340, "TABAC PRESSE"}},
			"EUR", &statement.Balance{Date: "2025-09-30", Amount: 10000}},
		{"invest.ofx", 2, 500000 - 2500, []row{{0, "2025-06-05", 500000, "ACH DEPOSIT"}, {1, "2025-06-20", -2500, "ACCOUNT FEE"}}, "USD", nil},
		{"brl_card.ofx", 2, -8990 - 23000, []row{{0, "2025-08-04", -8990, "PADARIA SAO JORGE"}, {1, "2025-08-12", -23000, "POSTO IPIRANGA"}},
			"BRL", &statement.Balance{Date: "2025-08-31", Amount: -31990}},
		{"memo_only.ofx", 3, -4500 - 800 + 1500, []row{{0, "2025-10-02", -4500, "PAIEMENT PAR CARTE LECLERC <DRIVE>"}, {2, "2025-10-04", 1500, "Marie Dupont"}}, "EUR", nil},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			data := read(t, "ofx/"+c.file)
			if f := statement.DetectFormat("statement.dat", data); f != statement.FormatOFX {
				t.Errorf("detected as %q", f)
			}
			res, err := statement.ParseOFX(data, 2)
			if err != nil {
				t.Fatalf("%v (%+v)", err, res.Errors)
			}
			var sum int64
			for _, r := range res.Rows {
				sum += r.Amount
			}
			if len(res.Rows) != c.n || sum != c.sum || len(res.Errors) != 0 {
				t.Fatalf("%d rows summing %d, errors %+v; want %d summing %d", len(res.Rows), sum, res.Errors, c.n, c.sum)
			}
			for _, w := range c.rows {
				got := res.Rows[w.i]
				if got.Date != w.date || got.Amount != w.amount || got.Description != w.description {
					t.Errorf("row %d: %s %d %q; want %s %d %q", w.i, got.Date, got.Amount, got.Description, w.date, w.amount, w.description)
				}
			}
			if res.Currency != c.currency {
				t.Errorf("currency %q, want %q", res.Currency, c.currency)
			}
			if (res.Balance == nil) != (c.balance == nil) || res.Balance != nil && *res.Balance != *c.balance {
				t.Errorf("balance %+v, want %+v", res.Balance, c.balance)
			}
		})
	}
}

// The memo fills an empty description and is not repeated in the notes; a
// name keeps its memo as the notes; a payee's name is the description.
func TestOFXDescriptionAndNotes(t *testing.T) {
	res, err := statement.ParseOFX(read(t, "ofx/memo_only.ofx"), 2)
	if err != nil {
		t.Fatal(err)
	}
	got := [][2]string{}
	for _, r := range res.Rows {
		got = append(got, [2]string{r.Description, r.Notes})
	}
	want := [][2]string{{"PAIEMENT PAR CARTE LECLERC <DRIVE>", ""}, {"H&M", "Boutique 12"}, {"Marie Dupont", "Remboursement"}}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("row %d: %q, want %q", i, got[i], want[i])
		}
	}
}

// A statement in another currency than the account's is refused with both
// named; the same currency, or a file that names none, is not.
func TestOFXCurrencyMustBeTheAccounts(t *testing.T) {
	res, err := statement.ParseOFX(read(t, "ofx/brl_card.ofx"), 2)
	if err != nil {
		t.Fatal(err)
	}
	err = res.CheckCurrency("USD")
	if err == nil || !strings.Contains(err.Error(), "BRL") || !strings.Contains(err.Error(), "USD") {
		t.Fatalf("a BRL statement into a USD account: %v", err)
	}
	if err := res.CheckCurrency("brl"); err != nil {
		t.Errorf("the same currency: %v", err)
	}
	res.Currency = ""
	if err := res.CheckCurrency("USD"); err != nil {
		t.Errorf("no currency stated: %v", err)
	}
	two := strings.Replace(string(read(t, "ofx/brl_card.ofx")), "</CREDITCARDMSGSRSV1>",
		"<CCSTMTTRNRS><CCSTMTRS><CURDEF>USD<BANKTRANLIST><STMTTRN><DTPOSTED>20250805<TRNAMT>-1<FITID>U</STMTTRN></BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>", 1)
	if _, err := statement.ParseOFX([]byte(two), 2); err == nil || !strings.Contains(err.Error(), "BRL and USD") {
		t.Errorf("statements in two currencies: %v", err)
	}
}
