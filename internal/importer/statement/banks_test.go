package statement_test

import (
	"testing"

	"cashcontrol/internal/importer/statement"
)

// bankRow is one movement a bank file must give: its index among the good
// rows, date, amount and description.
type bankRow struct {
	i           int
	date        string
	amount      int64
	description string
}

// bankCase is what one fixture of a bank format must read as.
type bankCase struct {
	file     string
	n        int   // good rows
	errors   int   // rows refused
	sum      int64 // of the good rows
	rows     []bankRow
	currency string
	balance  *statement.Balance
	skipped  int // pending entries left out
}

// checkBank reads every case with parse and checks what it gives.
func checkBank(t *testing.T, dir string, format statement.Format, cases []bankCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			data := read(t, dir+"/"+c.file)
			if f := statement.DetectFormat("statement.dat", data); f != format {
				t.Errorf("detected as %q, want %q", f, format)
			}
			var rows []statement.Draft
			res, err := statement.Parse(format, data, statement.CSVOptions{}, 2, func(d statement.Draft) { rows = append(rows, d) })
			if err != nil {
				t.Fatalf("%v (%+v)", err, res.Errors)
			}
			res.Rows = rows
			checkResult(t, res)
			var sum int64
			for _, r := range rows {
				sum += r.Amount
			}
			if len(rows) != c.n || sum != c.sum || len(res.Errors) != c.errors || res.Total != c.n+c.errors {
				t.Fatalf("%d rows summing %d, %d of %d, errors %+v; want %d summing %d, %d errors", len(rows), sum, res.Valid, res.Total, res.Errors, c.n, c.sum, c.errors)
			}
			for _, w := range c.rows {
				got := rows[w.i]
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
			if res.Skipped[statement.SkippedPending] != c.skipped {
				t.Errorf("skipped %v, want %d pending", res.Skipped, c.skipped)
			}
		})
	}
}
