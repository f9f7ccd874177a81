package finance

import (
	"slices"
	"testing"
	"time"
)

// occurrences lists the rule's first n dates (fewer when it ends), each
// handled in turn.
func occurrences(r Rule, n int) []string {
	var out []string
	for k := 0; k < n; k++ {
		d := r.Next(k, k)
		if d == "" {
			break
		}
		out = append(out, d)
	}
	return out
}

func TestScheduleDates(t *testing.T) {
	for _, tc := range []struct {
		name string
		rule Rule
		n    int
		want []string
	}{
		{"daily", Rule{Frequency: FrequencyDaily, Interval: 1, Start: "2024-02-27"}, 4,
			[]string{"2024-02-27", "2024-02-28", "2024-02-29", "2024-03-01"}},
		{"every 3 days over a year end", Rule{Frequency: FrequencyDaily, Interval: 3, Start: "2025-12-29"}, 3,
			[]string{"2025-12-29", "2026-01-01", "2026-01-04"}},
		{"weekly", Rule{Frequency: FrequencyWeekly, Interval: 1, Start: "2026-03-25"}, 3,
			[]string{"2026-03-25", "2026-04-01", "2026-04-08"}},
		{"every 2 weeks", Rule{Frequency: FrequencyWeekly, Interval: 2, Start: "2026-12-21"}, 3,
			[]string{"2026-12-21", "2027-01-04", "2027-01-18"}},
		{"monthly on the 31st falls on each month's last day", Rule{Frequency: FrequencyMonthly, Interval: 1, Day: 31, Start: "2024-01-31"}, 5,
			[]string{"2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31"}},
		{"monthly on the 30th in a common year", Rule{Frequency: FrequencyMonthly, Interval: 1, Day: 30, Start: "2025-01-30"}, 3,
			[]string{"2025-01-30", "2025-02-28", "2025-03-30"}},
		{"monthly day before the start's begins next month", Rule{Frequency: FrequencyMonthly, Interval: 1, Day: 5, Start: "2026-01-10"}, 2,
			[]string{"2026-02-05", "2026-03-05"}},
		{"monthly day after the start's begins this month", Rule{Frequency: FrequencyMonthly, Interval: 1, Day: 28, Start: "2026-01-10"}, 2,
			[]string{"2026-01-28", "2026-02-28"}},
		{"every 3 months", Rule{Frequency: FrequencyMonthly, Interval: 3, Day: 15, Start: "2026-11-15"}, 3,
			[]string{"2026-11-15", "2027-02-15", "2027-05-15"}},
		{"yearly from 29 February", Rule{Frequency: FrequencyYearly, Interval: 1, Start: "2024-02-29"}, 5,
			[]string{"2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"}},
		{"every 2 years", Rule{Frequency: FrequencyYearly, Interval: 2, Start: "2026-06-01"}, 2,
			[]string{"2026-06-01", "2028-06-01"}},
		{"ends after a count", Rule{Frequency: FrequencyMonthly, Interval: 1, Day: 1, Start: "2026-01-01", Count: 3}, 10,
			[]string{"2026-01-01", "2026-02-01", "2026-03-01"}},
		{"ends on an end date (inclusive)", Rule{Frequency: FrequencyWeekly, Interval: 1, Start: "2026-01-01", End: "2026-01-15"}, 10,
			[]string{"2026-01-01", "2026-01-08", "2026-01-15"}},
		{"an end before the first occurrence", Rule{Frequency: FrequencyMonthly, Interval: 1, Day: 5, Start: "2026-01-10", End: "2026-01-31"}, 10,
			nil},
		// Madrid moves its clocks on 29 March 2026 and 25 October 2026: dates
		// are civil, so no occurrence shifts.
		{"daily across a DST change", Rule{Frequency: FrequencyDaily, Interval: 1, Start: "2026-03-28"}, 3,
			[]string{"2026-03-28", "2026-03-29", "2026-03-30"}},
		{"weekly across the autumn change", Rule{Frequency: FrequencyWeekly, Interval: 1, Start: "2026-10-21"}, 2,
			[]string{"2026-10-21", "2026-10-28"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := (ScheduleDraft{Movement: MovementDraft{Type: MovementExpense, Amount: 1, AccountID: 1, CategoryID: 1}, Rule: tc.rule}).Validate(); err != nil {
				t.Fatalf("the rule is refused: %v", err)
			}
			if got := occurrences(tc.rule, tc.n); !slices.Equal(got, tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
			// IndexOnOrAfter finds each occurrence, and the next one from the day after.
			for k, d := range tc.want {
				if i := tc.rule.IndexOnOrAfter(d); i != k {
					t.Errorf("IndexOnOrAfter(%s) = %d, want %d", d, i, k)
				}
				next := civil(d).AddDate(0, 0, 1).Format(DateLayout)
				if i := tc.rule.IndexOnOrAfter(next); i != k+1 {
					t.Errorf("IndexOnOrAfter(%s) = %d, want %d", next, i, k+1)
				}
			}
		})
	}
}

func TestToday(t *testing.T) {
	for _, tc := range []struct {
		utc, zone, want string
	}{
		// Half past midnight in Madrid, still the day before in UTC, on the
		// night the clocks go forward (UTC+1 → UTC+2) and back.
		{"2026-03-28T23:30:00Z", "Europe/Madrid", "2026-03-29"},
		{"2026-03-28T22:59:00Z", "Europe/Madrid", "2026-03-28"},
		{"2026-10-24T22:30:00Z", "Europe/Madrid", "2026-10-25"},
		{"2026-10-25T22:59:00Z", "Europe/Madrid", "2026-10-25"},
		{"2026-10-25T23:00:00Z", "Europe/Madrid", "2026-10-26"},
		{"2026-11-02T04:30:00Z", "America/New_York", "2026-11-01"},
		{"2026-11-02T05:30:00Z", "America/New_York", "2026-11-02"},
		{"2026-12-31T11:00:00Z", "Pacific/Kiritimati", "2027-01-01"},
		{"2026-12-31T23:30:00Z", "", "2026-12-31"},
		{"2026-12-31T23:30:00Z", "Not/AZone", "2026-12-31"},
	} {
		now, _ := time.Parse(time.RFC3339, tc.utc)
		if got := Today(now, tc.zone); got != tc.want {
			t.Errorf("Today(%s, %q) = %s, want %s", tc.utc, tc.zone, got, tc.want)
		}
	}
	if !ValidTimeZone("Europe/Madrid") || !ValidTimeZone("") || ValidTimeZone("Local") || ValidTimeZone("Mars/Olympus") {
		t.Error("ValidTimeZone")
	}
}

func TestScheduleValidation(t *testing.T) {
	ok := MovementDraft{Type: MovementExpense, Amount: 100, AccountID: 1, CategoryID: 1}
	for _, tc := range []struct {
		name  string
		rule  Rule
		field string
	}{
		{"day 0", Rule{Frequency: FrequencyMonthly, Interval: 1, Day: 0, Start: "2026-01-01"}, "day"},
		{"day 32", Rule{Frequency: FrequencyMonthly, Interval: 1, Day: 32, Start: "2026-01-01"}, "day"},
		{"end before start", Rule{Frequency: FrequencyDaily, Interval: 1, Start: "2026-01-02", End: "2026-01-01"}, "endDate"},
		{"no start", Rule{Frequency: FrequencyDaily, Interval: 1}, "startDate"},
		{"bad start", Rule{Frequency: FrequencyDaily, Interval: 1, Start: "2026-02-30"}, "startDate"},
		{"unknown frequency", Rule{Frequency: "hourly", Interval: 1, Start: "2026-01-01"}, "frequency"},
		{"interval 0", Rule{Frequency: FrequencyWeekly, Interval: 0, Start: "2026-01-01"}, "interval"},
		{"negative count", Rule{Frequency: FrequencyWeekly, Interval: 1, Start: "2026-01-01", Count: -1}, "count"},
	} {
		err := ScheduleDraft{Movement: ok, Rule: tc.rule}.Validate()
		fe, _ := err.(*Error)
		if fe == nil || len(fe.Fields) != 1 || fe.Fields[0].Field != tc.field {
			t.Errorf("%s: got %v, want an error on %s", tc.name, err, tc.field)
		}
	}
	// A create takes the start's day for a monthly rule and defaults to
	// every period, auto-posted.
	freq, start := FrequencyMonthly, "2026-03-31"
	d := ScheduleDraftFrom(ScheduleDraft{}, ScheduleInput{Frequency: &freq, StartDate: &start}, true)
	if d.Rule.Day != 31 || d.Rule.Interval != 1 || !d.AutoPost || d.Movement.Date != start {
		t.Errorf("defaults: %+v", d)
	}
}
