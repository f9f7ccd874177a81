package finance

import (
	"slices"
	"time"
)

// Recurring detection: a series of past movements (same account, type,
// destination and description) that came at a regular interval with a
// stable amount is suggested as a schedule.

// Detection thresholds.
const (
	MinRecurring = 3
	// An amount is stable when every one is within this share (percent)
	// of the median.
	StableAmountPercent = 5
	// A monthly series may wander this many days around its day.
	MonthDayTolerance = 3
)

// PastMovement is one movement of a series.
type PastMovement struct {
	Date   string
	Amount int64
}

// Recurrence is the rule a series follows and what comes next.
type Recurrence struct {
	Frequency string
	Interval  int
	Day       int
	Amount    int64 // the median
	Next      string
}

func monthIndex(t time.Time) int { return t.Year()*12 + int(t.Month()) - 1 }

// DetectRecurrence finds the rule of a series (sorted by date or not): every
// gap the same number of weeks (1, 2 or 4) or months (1, 2, 3, 6 or 12, the
// day within MonthDayTolerance), at least MinRecurring movements, a stable
// amount, and a next occurrence on or after today (the series still runs).
func DetectRecurrence(series []PastMovement, today string) (Recurrence, bool) {
	if len(series) < MinRecurring {
		return Recurrence{}, false
	}
	s := slices.Clone(series)
	slices.SortFunc(s, func(a, b PastMovement) int {
		if a.Date < b.Date {
			return -1
		} else if a.Date > b.Date {
			return 1
		}
		return 0
	})
	amounts := make([]int64, len(s))
	dates := make([]time.Time, len(s))
	for i, m := range s {
		amounts[i] = m.Amount
		dates[i] = civil(m.Date)
	}
	slices.Sort(amounts)
	median := amounts[len(amounts)/2]
	if median <= 0 || (amounts[len(amounts)-1]-amounts[0])*100 > median*StableAmountPercent*2 ||
		(median-amounts[0])*100 > median*StableAmountPercent || (amounts[len(amounts)-1]-median)*100 > median*StableAmountPercent {
		return Recurrence{}, false
	}
	last := dates[len(dates)-1]
	rec, ok := weekly(dates)
	if !ok {
		rec, ok = monthly(dates)
	}
	if !ok {
		return Recurrence{}, false
	}
	rec.Amount = median
	// A series that missed its last two occurrences has stopped; the next
	// is the first on or after today.
	lastDate := last.Format(DateLayout)
	r := Rule{Frequency: rec.Frequency, Interval: rec.Interval, Day: rec.Day, Start: lastDate}
	if d := r.Occurrence(r.IndexOnOrAfter(NextDay(lastDate)) + 1); d == "" || d < today {
		return Recurrence{}, false
	}
	rec.Next = r.Occurrence(r.IndexOnOrAfter(max(today, NextDay(lastDate))))
	return rec, true
}

func weekly(dates []time.Time) (Recurrence, bool) {
	gap := int(dates[1].Sub(dates[0]).Hours()/24 + 0.5)
	if gap != 7 && gap != 14 && gap != 28 {
		return Recurrence{}, false
	}
	for i := 2; i < len(dates); i++ {
		if int(dates[i].Sub(dates[i-1]).Hours()/24+0.5) != gap {
			return Recurrence{}, false
		}
	}
	return Recurrence{Frequency: FrequencyWeekly, Interval: gap / 7}, true
}

func monthly(dates []time.Time) (Recurrence, bool) {
	n := monthIndex(dates[1]) - monthIndex(dates[0])
	if !slices.Contains([]int{1, 2, 3, 6, 12}, n) {
		return Recurrence{}, false
	}
	days := make([]int, len(dates))
	for i, d := range dates {
		if i > 0 && monthIndex(d)-monthIndex(dates[i-1]) != n {
			return Recurrence{}, false
		}
		days[i] = d.Day()
		if d.Day() == daysIn(d.Year(), d.Month()) {
			days[i] = LastDayOfMonth // a month's last day, whatever its length
		}
	}
	sorted := slices.Clone(days)
	slices.Sort(sorted)
	day := sorted[len(sorted)/2]
	if sorted[len(sorted)-1]-sorted[0] > 2*MonthDayTolerance {
		return Recurrence{}, false
	}
	if n == 12 {
		return Recurrence{Frequency: FrequencyYearly, Interval: 1}, true
	}
	return Recurrence{Frequency: FrequencyMonthly, Interval: n, Day: day}, true
}
