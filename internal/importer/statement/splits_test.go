package statement_test

import (
	"fmt"
	"strings"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer/statement"
)

// Cash Control's own export: consecutive rows of one movement id are one
// split movement, a line a row; a lone row is a whole movement; rows of one
// id that differ in date or sign, or are too many, are errors and none of
// them is imported. The headers are found in es, en and fr.
func TestSplitRows(t *testing.T) {
	for lang, header := range map[string]string{
		"en": "date,type,amount,category,description,movement,lineNote",
		"es": "fecha,tipo,importe,categoria,concepto,movimiento,nota de línea",
		"fr": "date,type,montant,catégorie,libellé,mouvement,note de ligne",
	} {
		t.Run(lang, func(t *testing.T) {
			csv := header + "\n" +
				"2026-03-10,expense,-35.00,Food,Ticket,7,fruit\n" +
				"2026-03-10,expense,-15.00,Cleaning,Ticket,7,\n" +
				"2026-03-11,expense,-4.00,Food,Bread,8,\n" +
				"2026-03-12,earning,10.00,Gifts,Split gift,9,a\n" +
				"2026-03-12,earning,2.50,Other,Split gift,9,b\n" +
				"2026-03-13,expense,-1.00,Food,Bad,10,\n" +
				"2026-03-14,expense,-1.00,Food,Bad,10,\n" + // another date
				"2026-03-15,expense,-3.00,Food,No id,,\n"
			p, err := statement.DetectCSV([]byte(csv))
			if err != nil {
				t.Fatal(err)
			}
			if p.Options.Movement != 6 || p.Options.LineNote != 7 {
				t.Fatalf("columns %+v", p.Options)
			}
			res, err := statement.ParseCSV([]byte(csv), p.Options, 2)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range res.Rows {
				s := fmt.Sprintf("%s %d %s", d.Description, d.Amount, d.Category)
				for _, l := range d.Lines {
					s += fmt.Sprintf(" [%d %s %q]", l.Amount, l.Category, l.Note)
				}
				got = append(got, s)
			}
			want := []string{`Ticket -5000  [-3500 Food "fruit"] [-1500 Cleaning ""]`, "Bread -400 Food",
				`Split gift 1250  [1000 Gifts "a"] [250 Other "b"]`, "No id -300 Food"}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("rows\n%q\nwant\n%q", got, want)
			}
			if fmt.Sprint(res.Errors) != "[{7 movement mismatch} {8 movement mismatch}]" || res.Total != 8 {
				t.Fatalf("errors %v, total %d", res.Errors, res.Total)
			}
		})
	}
}

func TestSplitRowsAtMost(t *testing.T) {
	var b strings.Builder
	b.WriteString("date,amount,category,movement\n")
	for range finance.MaxSplits + 1 {
		b.WriteString("2026-03-10,-1.00,Food,3\n")
	}
	b.WriteString("2026-03-10,-1.00,Food,4\n")
	opt := statement.CSVOptions{Delimiter: ',', HasHeader: true, DateFormat: "2006-01-02", DecimalSep: '.', Date: 0, Amount: 1,
		Debit: -1, Credit: -1, Description: -1, Notes: -1, Category: 2, Account: -1, Movement: 4}
	res, err := statement.ParseCSV([]byte(b.String()), opt, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 1 || res.Rows[0].Line != finance.MaxSplits+3 || len(res.Errors) != finance.MaxSplits+1 || res.Errors[0].Code != finance.FCodeOutOfRange {
		t.Fatalf("%d rows, %d errors %v", len(res.Rows), len(res.Errors), res.Errors[:1])
	}
}

// A group that fails is an error on each of its rows, once: a row's own
// error (a bad date) is not said twice, and the group's other rows say why
// they were left out.
func TestSplitRowErrors(t *testing.T) {
	opt := statement.CSVOptions{Delimiter: ',', HasHeader: true, DateFormat: "2006-01-02", DecimalSep: '.', Date: 0, Amount: 1,
		Debit: -1, Credit: -1, Description: -1, Notes: -1, Category: 2, Account: -1, Movement: 4}
	for _, tc := range []struct {
		name, rows, errors string
	}{
		{"signs", "2026-03-10,-1.00,Food,1\n2026-03-10,2.00,Gifts,1\n", "[{2 movement mismatch} {3 movement mismatch}]"},
		{"dates", "2026-03-10,-1.00,Food,1\n2026-03-10,-1.00,Food,1\n2026-03-11,-1.00,Food,1\n",
			"[{2 movement mismatch} {3 movement mismatch} {4 movement mismatch}]"},
		{"bad row", "2026-03-10,-1.00,Food,1\n2026-13-10,-1.00,Food,1\n2026-03-10,-1.00,Food,1\n",
			"[{3 date invalid} {2 movement invalid} {4 movement invalid}]"},
		{"bad first row", "2026-03-10,x,Food,1\n2026-03-10,-1.00,Food,1\n", "[{2 amount invalid} {3 movement invalid}]"},
		{"bad lone row", "2026-03-10,,Food,1\n", "[{2 amount required}]"},
		{"sum too large", "2026-03-10,-9000000000000.00,Food,1\n2026-03-10,-2000000000000.00,Food,1\n",
			"[{2 movement out_of_range} {3 movement out_of_range}]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, _ := statement.ParseCSV([]byte("date,amount,category,movement\n"+tc.rows+"2026-03-20,-1.00,Food,2\n"), opt, 2)
			if fmt.Sprint(res.Errors) != tc.errors || len(res.Rows) != 1 || res.Rows[0].Description != "" || res.Rows[0].Date != "2026-03-20" ||
				res.Valid != 1 || res.Broken() != strings.Count(tc.rows, "\n") {
				t.Fatalf("errors %v, rows %+v, %d valid, %d broken", res.Errors, res.Rows, res.Valid, res.Broken())
			}
		})
	}
}

// A bank's "Movimiento" column holds its concept: rows with the same
// concept are not one split movement, and the column is the description.
func TestMovementColumnOfText(t *testing.T) {
	csv := "Fecha;Movimiento;Importe\n02/01/2026;MERCADONA;-45,30\n02/01/2026;MERCADONA;-12,00\n"
	p, err := statement.DetectCSV([]byte(csv))
	if err != nil || p.Options.Movement != 0 || p.Options.Description != 1 {
		t.Fatalf("%v %+v", err, p.Options)
	}
	res, err := statement.ParseCSV([]byte(csv), p.Options, 2)
	if err != nil || len(res.Rows) != 2 || res.Rows[0].Description != "MERCADONA" {
		t.Fatalf("%v %+v", err, res)
	}
}

// Cash Control's own export, as it writes it (testdata/splits.csv): the
// columns are found and its split movements read back.
func TestSplitExportFile(t *testing.T) {
	data := read(t, "splits.csv")
	p, err := statement.DetectCSV(data)
	if err != nil || p.Options.Movement != 13 || p.Options.LineNote != 14 || p.Options.Description != 9 || p.Options.Notes != 10 || p.Options.Category != 5 {
		t.Fatalf("%v %+v", err, p.Options)
	}
	res, err := statement.ParseCSV(data, p.Options, 2)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range res.Rows {
		s := fmt.Sprintf("%s %s %d %q %s", d.Date, d.Description, d.Amount, d.Notes, d.Category)
		for _, l := range d.Lines {
			s += fmt.Sprintf(" [%d %s %q]", l.Amount, l.Category, l.Note)
		}
		got = append(got, s)
	}
	want := []string{`2026-03-10 Ticket -5000 "weekly"  [-3500 Food / Groceries "fruit, veg"] [-1500 Cleaning "=bleach"]`,
		`2026-03-10 Bread -700 "" Food`, `2026-03-12 Birthday 1250 ""  [1000 Gifts ""] [250 Gifts "aunt"]`}
	if fmt.Sprint(got) != fmt.Sprint(want) || fmt.Sprint(res.Errors) != "[{7 movement mismatch} {8 movement mismatch}]" {
		t.Fatalf("rows\n%q\nwant\n%q\nerrors %v", got, want, res.Errors)
	}
}

// The plan of a split row: a movement with a line a row in the lines'
// categories (the fallback for a line without one), which the preview names
// together and the plan lists to create.
func TestPlanOfSplitRows(t *testing.T) {
	p := statement.NewPlanner([]finance.Category{{ID: 1, Type: "expense", Name: "Food"}, {ID: 2, Type: "expense", Name: "Fruit", ParentID: ptr(int64(1))}},
		statement.Fallback{Expense: "Other expenses", Earning: "Other income"}, 5)
	row := statement.Draft{Line: 2, Date: "2026-03-10", Amount: -5000, Description: "Ticket",
		Lines: []statement.Line{{Amount: -3500, Category: "Food / Fruit", Note: "x"}, {Amount: -1000, Category: "Cleaning"}, {Amount: -500}}}
	p.Read(row)
	pl := p.Plan()
	if pl.Rows[0].Category != "Food / Fruit + Cleaning + Other expenses" || fmt.Sprint(pl.NewCategories) != "[{expense Cleaning} {expense Other expenses}]" {
		t.Fatalf("plan %+v", pl)
	}
	var got finance.ImportDraft
	p.Write(statement.Existing{}, func(d *finance.ImportDraft) { got = *d })(row)
	if got.Type != "expense" || got.Amount != 5000 || got.CategoryName != "" || len(got.Splits) != 3 || got.Splits[0].Amount != 3500 ||
		got.Splits[0].Note != "x" || fmt.Sprint(got.SplitCategoryNames) != "[Food / Fruit Cleaning Other expenses]" {
		t.Fatalf("draft %+v", got)
	}
}
func ptr[T any](v T) *T { return &v }

// What the export makes safe for spreadsheets reads back as it was; an
// apostrophe before anything else stays.
func TestSpreadsheetSafeRoundTrip(t *testing.T) {
	for _, s := range []string{"=1+1", " -2", "+34 600", "@x", "\uff1dcmd()", "plain", "'quoted'", "'", "", "'=already"} {
		safe := statement.SpreadsheetSafe(s)
		if back := statement.FromSpreadsheetSafe(safe); back != s {
			t.Errorf("%q → %q → %q", s, safe, back)
		}
	}
	if statement.FromSpreadsheetSafe("'plain") != "'plain" {
		t.Error("an apostrophe before plain text must stay")
	}
}
