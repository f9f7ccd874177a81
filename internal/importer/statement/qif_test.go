package statement_test

import (
	"reflect"
	"testing"

	"cashcontrol/internal/importer/statement"
)

// Each QIF fixture (testdata/qif, written from Quicken's QIF specification):
// only the transactions of bank, cash and card sections are movements, the
// date layout comes from their dates alone, and what is left out is counted.
func TestQIFBySection(t *testing.T) {
	type row struct {
		i           int
		date        string
		amount      int64
		description string
	}
	cases := []struct {
		file    string
		n       int
		sum     int64
		rows    []row
		layout  string
		skipped map[string]int
	}{
		// An !Account block used to be a row "date is required" that blocked a commit.
		{"account_block.qif", 2, -4520 + 185000, []row{{0, "2025-02-03", -4520, "Mercadona"}, {1, "2025-02-28", 185000, "Nómina"}},
			"2/1/2006", map[string]int{statement.SkippedAccounts: 3}},
		// A purchase of shares was imported as an earning of 100.00; a
		// non-padded ISO date made the whole file invalid.
		{"investments.qif", 2, -10000 + 1234, []row{{0, "2025-03-01", -10000, "Transfer to broker"}, {1, "2025-03-15", 1234, "Interest"}},
			"2006-1-2", map[string]int{statement.SkippedInvestments: 2}},
		// The lists' descriptions hold month/day dates: every date of this
		// day/month file was swapped (11/10/2013 → 2013-11-10).
		{"lists.qif", 2, -3000 - 1200, []row{{0, "2013-10-11", -3000, "Librería"}, {1, "2013-10-25", -1200, "Café"}},
			"2/1/2006", map[string]int{statement.SkippedCategories: 3, statement.SkippedMemorized: 1}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			res, err := statement.ParseQIF(read(t, "qif/"+c.file), 2, "")
			if err != nil {
				t.Fatalf("%v %+v", err, res.Errors)
			}
			var sum int64
			for _, r := range res.Rows {
				sum += r.Amount
			}
			if len(res.Rows) != c.n || sum != c.sum || len(res.Errors) != 0 || res.Total != c.n {
				t.Fatalf("%d rows (total %d) summing %d, errors %+v", len(res.Rows), res.Total, sum, res.Errors)
			}
			for _, w := range c.rows {
				got := res.Rows[w.i]
				if got.Date != w.date || got.Amount != w.amount || got.Description != w.description {
					t.Errorf("row %d: %s %d %q; want %s %d %q", w.i, got.Date, got.Amount, got.Description, w.date, w.amount, w.description)
				}
			}
			if res.DateFormat != c.layout || len(res.DateChoices) != 0 {
				t.Errorf("layout %q, choices %v", res.DateFormat, res.DateChoices)
			}
			if !reflect.DeepEqual(res.Skipped, c.skipped) {
				t.Errorf("skipped %v, want %v", res.Skipped, c.skipped)
			}
		})
	}
}

// A file whose every date reads both ways says so: both layouts are offered
// and the reader does not choose unsaid; the user's choice is then read.
func TestQIFAmbiguousDates(t *testing.T) {
	res, err := statement.ParseQIF(read(t, "qif/ambiguous.qif"), 2, "")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res.DateChoices, []string{"1/2/2006", "2/1/2006"}) {
		t.Fatalf("choices %v", res.DateChoices)
	}
	res, err = statement.ParseQIF(read(t, "qif/ambiguous.qif"), 2, "2/1/2006")
	if err != nil || res.Rows[0].Date != "2025-02-01" || res.Rows[1].Date != "2025-04-03" || len(res.DateChoices) != 0 {
		t.Fatalf("day/month: %v %+v", err, res.Rows)
	}
}

// Split lines (S, E, $) become a split movement; lines that do not add up
// to the total are an error of that record, not a silent "Other expenses";
// a single split line is the movement's category.
func TestQIFSplits(t *testing.T) {
	res, err := statement.ParseQIF(read(t, "qif/splits.qif"), 2, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 2 || len(res.Errors) != 1 || res.Errors[0].Line != 12 {
		t.Fatalf("rows %+v errors %+v", res.Rows, res.Errors)
	}
	want := []statement.Line{{Amount: -8000, Category: "Groceries", Note: "Food"}, {Amount: -4000, Category: "Cleaning", Note: "Detergent"}}
	if got := res.Rows[0]; got.Amount != -12000 || got.Category != "" || !reflect.DeepEqual(got.Lines, want) {
		t.Errorf("split %+v", got)
	}
	if got := res.Rows[1]; got.Category != "Cinema" || got.Lines != nil {
		t.Errorf("one-line split %+v", got)
	}
}
