package statement_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"cashcontrol/internal/importer"
	"cashcontrol/internal/importer/statement"
)

// An Austrian bank's Soll;Haben pair writes 0,00 (or 0, -, nothing) on the
// side a row does not use: every debit is read, a row with both sides used
// is an error, and a row of zeros (a card hold) is skipped, not an error.
func TestDebitCreditZeroSide(t *testing.T) {
	opt := statement.CSVOptions{Delimiter: ';', HasHeader: true, DateFormat: "02.01.2006", DecimalSep: ',', Date: 0, Description: 1,
		Amount: -1, Debit: 2, Credit: 3, Notes: -1, Category: -1, Account: -1}
	res, err := statement.ParseCSV(read(t, "at_soll_haben.csv"), opt, 2)
	if err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, d := range res.Rows {
		got = append(got, d.Amount)
	}
	if want := []int64{-4530, 215000, -78000, 1250}; !reflect.DeepEqual(got, want) {
		t.Errorf("amounts %v, want %v", got, want)
	}
	if want := []importer.RowError{{Line: 6, Field: "amount", Code: "invalid"}}; !reflect.DeepEqual(res.Errors, want) {
		t.Errorf("errors %+v, want %+v", res.Errors, want)
	}
	if res.Skipped[statement.SkippedZero] != 2 || res.Total != 5 || res.Broken() != 1 {
		t.Errorf("skipped %v total %d broken %d", res.Skipped, res.Total, res.Broken())
	}
}

// Dates with a time, without separators, with dots, and with the month's
// name in es, en, fr, de or nl are detected and read.
func TestDateLayouts(t *testing.T) {
	for _, c := range []struct {
		vals          []string
		layout, first string
	}{
		{[]string{"2022-01-02 12:16:54", "2022-01-13 08:00:01"}, "2006-01-02 15:04:05", "2022-01-02"},
		{[]string{"02/01/2022 12:16", "13/01/2022 08:00"}, "02/01/2006 15:04", "2022-01-02"},
		{[]string{"20230105", "20230131"}, "20060102", "2023-01-05"},
		{[]string{"2023.01.05", "2023.12.31"}, "2006.01.02", "2023-01-05"},
		{[]string{"05.01.2023", "31.12.2023"}, "02.01.2006", "2023-01-05"},
		{[]string{"27-Apr-23", "7-ene-24", "12-Mär-24"}, "2-Jan-06", "2023-04-27"},
		{[]string{"12-Mär-2024", "3-déc.-2024"}, "2-Jan-2006", "2024-03-12"},
		{[]string{"3 févr. 2024", "5 mei 2023", "1 août 2024"}, "2 Jan 2006", "2024-02-03"},
	} {
		var b strings.Builder
		b.WriteString("date;text;amount\n")
		for i, v := range c.vals {
			fmt.Fprintf(&b, "%s;row %d;-1,50\n", v, i)
		}
		p, err := statement.DetectCSV([]byte(b.String()))
		if err != nil || p.Options.DateFormat != c.layout || p.Options.Date != 0 {
			t.Errorf("%v: detected %q col %d (%v), want %q", c.vals, p.Options.DateFormat, p.Options.Date, err, c.layout)
			continue
		}
		res, err := statement.ParseCSV([]byte(b.String()), p.Options, 2)
		if err != nil || len(res.Rows) != len(c.vals) || res.Rows[0].Date != c.first {
			t.Errorf("%v: read %+v %v", c.vals, res.Rows, err)
		}
	}
}

// Banks' header names in es, fr, de, nl, it, pt and en: a known date header
// beats the first date-like column, the booking date beats the value date,
// and a balance is never the amount.
func TestBankHeaderNames(t *testing.T) {
	for _, c := range []struct {
		header, row         string
		date, amount, descr int
	}{
		{"Fecha valor;Fecha operación;Concepto;Importe;Saldo", "03/01/2024;02/01/2024;Compra;-12,00;100,00", 1, 3, 2},
		{"F. Valor;Concepto;Importe (EUR);Saldo", "03/01/2024;Compra;-12,00;100,00", 0, 2, 1},
		{"Buchungstag;Valutadatum;Auftraggeber/Empfänger;Verwendungszweck;Betrag;Kontostand", "02.01.2024;03.01.2024;Muster;Miete;-12,00;100,00", 0, 4, 2},
		{"Wertstellung;Buchungstag;Buchungstext;Betrag (EUR)", "03.01.2024;02.01.2024;Lastschrift;-12,00", 1, 3, 2},
		{"Rentedatum;Boekdatum;Naam / Omschrijving;Bedrag;Mededelingen", "20240103;20240102;Albert Heijn;-12,00;pas 1", 1, 3, 2},
		{"Date de valeur;Date d'opération;Libellé;Montant", "03/01/2024;02/01/2024;CB CARREFOUR;-12,00", 1, 3, 2},
		{"Data valuta;Data contabile;Descrizione;Importo", "03/01/2024;02/01/2024;POS;-12,00", 1, 3, 2},
		{"Data valor;Data movimento;Descrição;Valor;Saldo", "03-01-2024;02-01-2024;Compra;-12,00;100,00", 1, 3, 2},
		{"initial_date;transaction_date;description;amount;balance", "2024-01-01;2024-01-02;Coffee;-12.00;100.00", 1, 3, 2},
		{"Posting Date;Payee;Amount;Balance", "01/02/2024;Coffee;-12.00;100.00", 0, 2, 1},
		{"when;what;how much;Saldo", "02/01/2024;Compra;-12,00;100,00", 0, 2, 1}, // by content, not the balance
	} {
		p, err := statement.DetectCSV([]byte(c.header + "\n" + c.row + "\n" + c.row + "\n"))
		o := p.Options
		if err != nil || o.Date != c.date || o.Amount != c.amount || o.Description != c.descr {
			t.Errorf("%s: date %d amount %d description %d (%v), want %d %d %d", c.header, o.Date, o.Amount, o.Description, err, c.date, c.amount, c.descr)
		}
	}
}

// A sign column (Af/Bij, D/C, S/H, Soll/Haben, Cargo/Abono, Débit/Crédit)
// makes the unsigned amount negative for the debit words.
func TestSignColumn(t *testing.T) {
	data := read(t, "nl_af_bij.csv")
	p, err := statement.DetectCSV(data)
	if err != nil || p.Options.Sign != 4 || p.Options.Amount != 4 || p.Options.Date != 1 || p.Options.Description != 2 {
		t.Fatalf("detected %+v %v", p.Options, err)
	}
	res, err := statement.ParseCSV(data, p.Options, 2)
	if err != nil || len(res.Rows) != 3 || res.Rows[0].Amount != -2345 || res.Rows[1].Amount != 234500 || res.Rows[2].Amount != -85000 {
		t.Fatalf("%+v %v", res.Rows, err)
	}
	for _, c := range []struct {
		words string
		want  []int64
	}{
		{"D,C", []int64{-100, 100}}, {"S,H", []int64{-100, 100}}, {"Soll,Haben", []int64{-100, 100}},
		{"Cargo,Abono", []int64{-100, 100}}, {"Débit,Crédit", []int64{-100, 100}}, {"Debit,Credit", []int64{-100, 100}},
	} {
		w := strings.Split(c.words, ",")
		csv := fmt.Sprintf("date;what;amount;dc\n02/01/2024;a;1,00;%s\n03/01/2024;b;1,00;%s\n04/01/2024;c;1,00;X\n", w[0], w[1])
		p, err := statement.DetectCSV([]byte(csv))
		if err != nil || p.Options.Sign != 4 { // by its header's name
			t.Errorf("%s: detected sign %d %v", c.words, p.Options.Sign, err)
		}
		res, _ := statement.ParseCSV([]byte(csv), p.Options, 2)
		if len(res.Rows) != 2 || res.Rows[0].Amount != c.want[0] || res.Rows[1].Amount != c.want[1] || len(res.Errors) != 1 || res.Errors[0].Field != "sign" {
			t.Errorf("%s: %+v %+v", c.words, res.Rows, res.Errors)
		}
	}
}

// A German bank's preamble of account details above the header is skipped
// (skipLines detected), and the closing balance below the table is a summary
// line, not a movement.
func TestPreamble(t *testing.T) {
	data := read(t, "de_preamble.csv")
	p, err := statement.DetectCSV(data)
	o := p.Options
	if err != nil || o.SkipLines != 6 || !o.HasHeader || o.Date != 0 || o.Amount != 5 || o.Description != 3 || o.DateFormat != "02.01.2006" || o.DecimalSep != ',' {
		t.Fatalf("detected %+v %v", o, err)
	}
	if len(p.Header) != 7 || p.Header[2] != "Buchungstext" || len(p.Sample) != 5 {
		t.Fatalf("header %q sample %d", p.Header, len(p.Sample))
	}
	res, err := statement.ParseCSV(data, o, 2)
	if err != nil || len(res.Rows) != 3 || len(res.Errors) != 0 || res.Skipped[statement.SkippedSummary] != 1 || res.Skipped[statement.SkippedZero] != 1 {
		t.Fatalf("%+v %+v %v %v", res.Rows, res.Errors, res.Skipped, err)
	}
	if d := res.Rows[1]; d.Date != "2024-03-04" || d.Amount != 248015 || d.Description != "Muster GmbH" || d.Line != 9 {
		t.Fatalf("%+v", d)
	}
	// A preamble as wide as the table (an Austrian bank pads its lines).
	at := "Kontonummer:;AT00 1234;;;\nKontoinhaber:;Erika;;;\n\nZeitraum:;01.03.2024 - 31.03.2024;;;\n\n" +
		"Buchungsdatum;Valuta;Buchungstext;Soll;Haben\n01.03.2024;01.03.2024;BILLA;45,30;0,00\n04.03.2024;04.03.2024;Gehalt;0,00;2.150,00\n"
	if p, err := statement.DetectCSV([]byte(at)); err != nil || p.Options.SkipLines != 5 || p.Options.Debit != 3 || p.Options.Credit != 4 {
		t.Fatalf("padded preamble: %+v %v", p.Options, err)
	}
	o.SkipLines = 0 // the user's choice: the preamble's lines are rows
	if res, _ := statement.ParseCSV(data, o, 2); len(res.Rows) != 0 && len(res.Errors) == 0 {
		t.Fatalf("without skipLines: %+v", res)
	}
}
