package finance_test

import (
	"errors"
	"testing"

	"cashcontrol/internal/finance"
)

// TestReportPeriod: the period a report covers from what was asked; a date
// that is not one is refused before the ledger is asked for its first day.
func TestReportPeriod(t *testing.T) {
	for _, tc := range []struct {
		from, to, first  string
		wantFrom, wantTo string
		field, code      string // the refusal, "" when none
		asked            bool   // whether the first movement's date was needed
	}{
		{from: "2026-03-01", to: "2026-03-31", wantFrom: "2026-03-01", wantTo: "2026-03-31"},
		{to: "2026-03-31", first: "2024-05-17", wantFrom: "2024-05-01", wantTo: "2026-03-31", asked: true},
		{first: "2024-05-17", wantFrom: "2024-05-01", wantTo: "2026-11-29", asked: true},                   // to: today
		{to: "2023-02-10", first: "2024-05-17", wantFrom: "2023-02-01", wantTo: "2023-02-10", asked: true}, // before the first movement
		{to: "2026-03-31", wantFrom: "2026-03-01", wantTo: "2026-03-31", asked: true},                      // no movements
		{to: "2026-02-30", field: "to", code: finance.FCodeInvalid},
		{to: "tomorrow", field: "to", code: finance.FCodeInvalid},
		{from: "2026-13-01", to: "2026-03-31", field: "from", code: finance.FCodeInvalid},
		{from: "2026-04-01", to: "2026-03-31", field: "from", code: finance.FCodeOutOfRange},
	} {
		asked := false
		f, err := finance.ReportPeriod(tc.from, tc.to, "2026-11-29", func() (string, error) { asked = true; return tc.first, nil })
		if asked != tc.asked && tc.field == "" {
			t.Errorf("%s..%s: asked for the first movement %v, want %v", tc.from, tc.to, asked, tc.asked)
		}
		if tc.field != "" {
			var fe *finance.Error
			if !errors.As(err, &fe) || len(fe.Fields) != 1 || fe.Fields[0].Field != tc.field || fe.Fields[0].Code != tc.code {
				t.Errorf("%s..%s: %v, want %s %s", tc.from, tc.to, err, tc.field, tc.code)
			}
			continue
		}
		if err != nil || f.From != tc.wantFrom || f.To != tc.wantTo {
			t.Errorf("%s..%s: %+v %v, want %s..%s", tc.from, tc.to, f, err, tc.wantFrom, tc.wantTo)
		}
	}
}
