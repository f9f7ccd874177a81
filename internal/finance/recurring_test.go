package finance

import "testing"

func series(amount int64, dates ...string) []PastMovement {
	var out []PastMovement
	for _, d := range dates {
		out = append(out, PastMovement{Date: d, Amount: amount})
	}
	return out
}

func TestDetectRecurrence(t *testing.T) {
	today := "2026-11-24"
	for _, tc := range []struct {
		name   string
		series []PastMovement
		want   Recurrence
		ok     bool
	}{
		{"monthly, a day wandering", series(1299, "2026-08-12", "2026-09-13", "2026-10-12", "2026-11-11"),
			Recurrence{Frequency: FrequencyMonthly, Interval: 1, Day: 12, Amount: 1299, Next: "2026-12-12"}, true},
		{"monthly on the last day", series(95000, "2026-08-31", "2026-09-30", "2026-10-31"),
			Recurrence{Frequency: FrequencyMonthly, Interval: 1, Day: 31, Amount: 95000, Next: "2026-11-30"}, true},
		{"every two weeks", series(2000, "2026-10-06", "2026-10-20", "2026-11-03", "2026-11-17"),
			Recurrence{Frequency: FrequencyWeekly, Interval: 2, Amount: 2000, Next: "2026-12-01"}, true},
		{"quarterly", series(20000, "2026-03-03", "2026-06-03", "2026-09-03"),
			Recurrence{Frequency: FrequencyMonthly, Interval: 3, Day: 3, Amount: 20000, Next: "2026-12-03"}, true},
		{"twice a year", series(150000, "2025-06-20", "2025-12-20", "2026-06-20"),
			Recurrence{Frequency: FrequencyMonthly, Interval: 6, Day: 20, Amount: 150000, Next: "2026-12-20"}, true},
		{"two are not a series", series(1299, "2026-10-12", "2026-11-12"), Recurrence{}, false},
		{"an amount that varies", []PastMovement{{"2026-08-05", 4000}, {"2026-09-05", 9000}, {"2026-10-05", 13000}}, Recurrence{}, false},
		{"irregular gaps", series(500, "2026-10-01", "2026-10-04", "2026-10-20", "2026-11-02"), Recurrence{}, false},
		{"a day that wanders too far", series(500, "2026-08-01", "2026-09-15", "2026-10-01"), Recurrence{}, false},
		{"stopped months ago", series(1299, "2026-01-12", "2026-02-12", "2026-03-12"), Recurrence{}, false},
	} {
		got, ok := DetectRecurrence(tc.series, today)
		if ok != tc.ok || got != tc.want {
			t.Errorf("%s: got %+v %v, want %+v %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}
