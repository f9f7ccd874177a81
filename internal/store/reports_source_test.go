package store

import (
	"fmt"
	"testing"
	"time"
)

func TestSourcePlan(t *testing.T) {
	d := func(s string) time.Time { v, _ := time.Parse("2006-01-02", s); return v }
	show := func(spans []dateSpan) string {
		out := ""
		for _, s := range spans {
			out += fmt.Sprintf("[%s %s]", s.from.Format("01-02"), s.to.Format("01-02"))
		}
		return out
	}
	for _, c := range []struct{ from, to, first, last, plus, minus string }{
		{"2026-11-01", "2026-11-23", "2026-11", "2026-11", "", "[11-24 11-30]"}, // this month until today
		{"2026-11-01", "2026-11-30", "2026-11", "2026-11", "", ""},
		{"2026-11-01", "2026-11-10", "2026-11", "2026-10", "[11-01 11-10]", ""},
		{"2026-11-05", "2026-11-25", "2026-11", "2026-11", "", "[11-01 11-04][11-26 11-30]"},
		{"2025-11-24", "2026-11-23", "2025-12", "2026-11", "[11-24 11-30]", "[11-24 11-30]"}, // last 12 months
		{"2016-11-03", "2026-11-23", "2016-11", "2026-11", "", "[11-01 11-02][11-24 11-30]"},
		{"2024-01-31", "2024-04-01", "2024-02", "2024-03", "[01-31 01-31][04-01 04-01]", ""},
		{"2024-02-29", "2024-02-29", "2024-02", "2024-01", "[02-29 02-29]", ""},
	} {
		first, last, plus, minus := sourcePlan(d(c.from), d(c.to))
		got := fmt.Sprint(first.Format("2006-01"), last.Format("2006-01"), show(plus), show(minus))
		want := fmt.Sprint(c.first, c.last, c.plus, c.minus)
		if got != want {
			t.Errorf("%s..%s: got %q, want %q", c.from, c.to, got, want)
		}
	}
}
