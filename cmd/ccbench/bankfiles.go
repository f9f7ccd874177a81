package main

import (
	"bytes"
	"fmt"
	"strconv"
	"time"

	"github.com/xuri/excelize/v2"
)

// The bank files of the import scenario: the same n movements (a day of the
// year, a description, an expense of 0.01–5.00) written as a CSV, as an
// ISO 20022 CAMT.053 statement and as an Excel workbook, the formats that
// are measured against the CSV. Each run and each format has a year of its own, so that
// no file's rows are duplicates of another's.

// bankFormats are the formats the import scenario knows, in the order it
// measures them; the CSV is the reference the others are compared with.
var bankFormats = []string{"csv", "camt", "xlsx"}

// bankFile is run's n-row file in format, with its file name; currency is
// the account's (a statement states it).
func bankFile(format string, run, n int, currency string) (string, []byte, error) {
	year := 2001 + run
	for i, f := range bankFormats {
		if f == format {
			year += 20 * i
		}
	}
	day := time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC)
	row := func(i int) (time.Time, string, int) {
		return day.AddDate(0, 0, i%365), fmt.Sprintf("Bench import %s %d-%d", format, run, i), (1+i%500)*100 + i%100
	}
	var b bytes.Buffer
	switch format {
	case "csv":
		b.WriteString("date;description;amount;category\n")
		for i := 0; i < n; i++ {
			date, desc, cents := row(i)
			fmt.Fprintf(&b, "%s;%s;-%d,%02d;Bench\n", date.Format("02/01/2006"), desc, cents/100, cents%100)
		}
		return "bench.csv", b.Bytes(), nil
	case "camt":
		fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
<BkToCstmrStmt><GrpHdr><MsgId>BENCH-%d</MsgId><CreDtTm>%d-12-31T23:00:00</CreDtTm></GrpHdr>
<Stmt><Id>BENCH-%d-1</Id><CreDtTm>%d-12-31T23:00:00</CreDtTm><Acct><Id><IBAN>ES9121000418450200051332</IBAN></Id><Ccy>%s</Ccy></Acct>
`, run, year, run, year, currency)
		for i := 0; i < n; i++ {
			date, desc, cents := row(i)
			// Lean entries: 100,000 of them stay under the 20 MB upload limit.
			fmt.Fprintf(&b, `<Ntry><Amt Ccy="%s">%d.%02d</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>%s</Dt></BookgDt>`+
				`<AcctSvcrRef>B%d-%d</AcctSvcrRef><AddtlNtryInf>%s</AddtlNtryInf></Ntry>
`, currency, cents/100, cents%100, date.Format("2006-01-02"), run, i, desc)
		}
		b.WriteString("</Stmt></BkToCstmrStmt></Document>\n")
		return "bench.xml", b.Bytes(), nil
	case "xlsx":
		// A sheet as a bank's export has it: dates as dates, amounts as numbers.
		f := excelize.NewFile()
		defer f.Close()
		sw, err := f.NewStreamWriter("Sheet1")
		if err != nil {
			return "", nil, err
		}
		dateStyle, err := f.NewStyle(&excelize.Style{NumFmt: 14}) // the locale's short date
		if err != nil {
			return "", nil, err
		}
		if err := sw.SetRow("A1", []any{"Date", "Description", "Amount"}); err != nil {
			return "", nil, err
		}
		for i := 0; i < n; i++ {
			date, desc, cents := row(i)
			amount, _ := strconv.ParseFloat(fmt.Sprintf("-%d.%02d", cents/100, cents%100), 64) // a cell holds a number
			if err := sw.SetRow(fmt.Sprintf("A%d", i+2), []any{excelize.Cell{StyleID: dateStyle, Value: date}, desc, amount}); err != nil {
				return "", nil, err
			}
		}
		if err := sw.Flush(); err != nil {
			return "", nil, err
		}
		if err := f.Write(&b); err != nil {
			return "", nil, err
		}
		return "bench.xlsx", b.Bytes(), nil
	}
	return "", nil, fmt.Errorf("no bank file format %q (%v)", format, bankFormats)
}
