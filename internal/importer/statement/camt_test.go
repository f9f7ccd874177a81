package statement_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"cashcontrol/internal/importer/statement"
)

// Each CAMT fixture (testdata/camt, written from the ISO 20022 message
// definitions the way German, Dutch, Swiss and French banks fill them).
func TestCAMTAsBanksWriteIt(t *testing.T) {
	checkBank(t, "camt", statement.FormatCAMT, []bankCase{
		{file: "stmt_v02.xml", n: 3, sum: -85000 + 265000 - 5049, currency: "EUR", skipped: 1,
			rows:    []bankRow{{0, "2025-01-02", -85000, "Wohnbau Nord GmbH · Miete Januar 2025 Whg 3.OG links"}, {2, "2025-01-31", -5049, "Kontoführungsentgelt Januar"}},
			balance: &statement.Balance{Date: "2025-01-31", Amount: 326951}},
		{file: "stmt_v08_batch.xml", n: 4, errors: 1, sum: -12000 - 9025 - 10000 + 19450, currency: "EUR", skipped: 1,
			rows:    []bankRow{{1, "2025-02-10", -9025, "Café De Zon · Factuur 2025-118"}, {3, "2025-02-20", 19450, "Belastingdienst · Teruggave 2024"}},
			balance: &statement.Balance{Date: "2025-02-28", Amount: -21575}},
		{file: "report_052.xml", n: 2, sum: -6480 + 120000, currency: "CHF", skipped: 1,
			rows: []bankRow{{0, "2025-04-14", -6480, "Migros Zürich HB"}, {1, "2025-04-15", 120000, "Lukas Meier · 210000000003139471430009017"}}},
		{file: "notification_054.xml", n: 2, sum: 4510 + 6000, currency: "EUR",
			rows: []bankRow{{0, "2025-06-03", 4510, "Jeanne Martin · Abonnement juin"}, {1, "2025-06-03", 6000, "Versements groupés"}}},
	})
}

// The duplicate key is the bank's reference of the entry, else the entry's
// reference, else the end-to-end id; a batch's transactions get one each;
// the rest of the remittance goes to the notes.
func TestCAMTKeysAndNotes(t *testing.T) {
	res, err := statement.ParseCAMT(read(t, "camt/stmt_v08_batch.xml"), 2)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"BATCH-20250210-77-1", "BATCH-20250210-77-2", "BATCH-20250210-77-3", "20250220-5521"}
	for i, w := range want {
		if res.Rows[i].FITID != w {
			t.Errorf("row %d: FITID %q, want %q", i, res.Rows[i].FITID, w)
		}
	}
	if res.Errors[0].Line != 5 || res.Errors[0].Field != "amount" {
		t.Errorf("the USD entry of a EUR statement: %+v", res.Errors)
	}
	res, err = statement.ParseCAMT(read(t, "camt/stmt_v02.xml"), 2)
	if err != nil {
		t.Fatal(err)
	}
	if r := res.Rows[0]; r.FITID != "2025010200017731" || r.Notes != "SEPA-Lastschrift · EndToEndId MIETE-2025-01" {
		t.Errorf("row 0: FITID %q notes %q", r.FITID, r.Notes)
	}
	if r := res.Rows[1]; r.FITID != "2025013000412209" || r.Notes != "SEPA-Gutschrift" {
		t.Errorf("row 1: FITID %q notes %q (NOTPROVIDED is no id)", r.FITID, r.Notes)
	}
	res, err = statement.ParseCAMT(read(t, "camt/notification_054.xml"), 2)
	if err != nil {
		t.Fatal(err)
	}
	if res.Rows[0].FITID != "00001" || res.Rows[1].FITID != "" {
		t.Errorf("FITIDs %q %q", res.Rows[0].FITID, res.Rows[1].FITID)
	}
}

// Several statements are read in order; statements of two currencies are
// refused; a file that is not XML says so; a file cut short keeps what was
// read.
func TestCAMTStatements(t *testing.T) {
	stmt := func(ccy, iban, amount, bal string) string {
		return `<Stmt><Acct><Id><IBAN>` + iban + `</IBAN></Id><Ccy>` + ccy + `</Ccy></Acct>` +
			`<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="` + ccy + `">` + bal + `</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2025-01-31</Dt></Dt></Bal>` +
			`<Ntry><Amt Ccy="` + ccy + `">` + amount + `</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-01-31</Dt></BookgDt><AddtlNtryInf>x</AddtlNtryInf></Ntry></Stmt>`
	}
	doc := func(body string) []byte {
		return []byte(`<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt>` + body + `</BkToCstmrStmt></Document>`)
	}
	res, err := statement.ParseCAMT(doc(stmt("EUR", "A", "1.00", "10.00")+stmt("EUR", "A", "2.00", "12.00")), 2)
	if err != nil || len(res.Rows) != 2 || res.Rows[1].Amount != 200 || res.Balance == nil || res.Balance.Amount != 1200 {
		t.Fatalf("%v %+v %+v", err, res.Rows, res.Balance)
	}
	res, err = statement.ParseCAMT(doc(stmt("EUR", "A", "1.00", "10.00")+stmt("EUR", "B", "2.00", "12.00")), 2)
	if err != nil || len(res.Rows) != 2 || res.Balance != nil {
		t.Fatalf("two accounts: %v %+v", err, res.Balance)
	}
	if _, err := statement.ParseCAMT(doc(stmt("EUR", "A", "1.00", "10.00")+stmt("USD", "B", "2.00", "12.00")), 2); err == nil || !strings.Contains(err.Error(), "EUR and USD") {
		t.Fatalf("two currencies: %v", err)
	}
	if _, err := statement.ParseCAMT([]byte("<Document><BkToCstmrStmt><Stmt>"), 2); err == nil {
		t.Fatal("an empty document was read")
	}
	whole := string(doc(stmt("EUR", "A", "1.00", "10.00") + stmt("EUR", "A", "2.00", "12.00")))
	res, err = statement.ParseCAMT([]byte(whole[:strings.LastIndex(whole, "<Ntry>")+20]), 2)
	if err != nil || len(res.Rows) != 1 {
		t.Fatalf("cut short: %v %+v", err, res.Rows)
	}
}

// A file of 100,000 entries is read token by token: what it holds at once
// is the entry being read, not the tree.
func TestCAMTLargeFileStreams(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Acct><Ccy>EUR</Ccy></Acct>`)
	for i := range 100_000 {
		fmt.Fprintf(&b, `<Ntry><Amt Ccy="EUR">%d.%02d</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-01-%02d</Dt></BookgDt><AcctSvcrRef>R%d</AcctSvcrRef><AddtlNtryInf>Kartenzahlung</AddtlNtryInf></Ntry>`, i%500+1, i%100, i%28+1, i)
	}
	b.WriteString(`</Stmt></BkToCstmrStmt></Document>`)
	data := []byte(b.String())
	b.Reset()
	var before, during runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	n := 0
	res, err := statement.ParseCAMTEach(data, 2, func(statement.Draft) {
		if n++; n == 90_000 {
			runtime.GC()
			runtime.ReadMemStats(&during)
		}
	})
	if err != nil || res.Valid != 100_000 || n != 100_000 {
		t.Fatalf("%v %d %d", err, res.Valid, n)
	}
	grown := int64(during.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%d bytes of file, heap grown by %d bytes at entry 90,000", len(data), grown)
	if grown > 4<<20 {
		t.Fatalf("the heap grew by %d bytes while reading a %d-byte file", grown, len(data))
	}
}
