package statement_test

import (
	"reflect"
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
