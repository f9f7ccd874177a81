package finance

import (
	"strings"
	"time"
)

// Scheduled movements: a schedule makes an expense, an earning or a transfer
// on the dates of its rule. Dates are calendar dates (no clock, no zone):
// arithmetic is on the civil calendar, so a daylight-saving change cannot
// shift an occurrence; the user's time zone only says which date is today.

// Frequencies of a schedule's rule.
const (
	FrequencyDaily   = "daily"
	FrequencyWeekly  = "weekly"
	FrequencyMonthly = "monthly"
	FrequencyYearly  = "yearly"
)

// Limits on schedules.
const (
	MaxScheduleInterval = 366
	MaxScheduleCount    = 10000
	// LastDayOfMonth is the monthly day that is every month's last (a day
	// past a month's end falls on its last day).
	LastDayOfMonth = 31
	// MaxDueListed bounds the due occurrences a schedule lists.
	MaxDueListed = 12
)

// Rule says when a schedule's occurrences fall: every Interval days, weeks,
// months (on Day, 1–31) or years (on the start's month and day) from Start,
// until End (inclusive, "" for none) or Count occurrences (0 for no limit).
type Rule struct {
	Frequency string `json:"frequency" enum:"daily,weekly,monthly,yearly"`
	Interval  int    `json:"interval"`
	Day       int    `json:"day"`
	Start     string `json:"startDate"`
	End       string `json:"endDate"`
	Count     int    `json:"count"`
}

// civil parses a date already validated (YYYY-MM-DD) at midnight UTC.
func civil(s string) time.Time {
	t, _ := time.Parse(DateLayout, s)
	return t
}

func daysIn(year int, month time.Month) int {
	return time.Date(year, month+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// monthDate is day d of the month (clamped to its last day).
func monthDate(year int, month time.Month, d int) time.Time {
	first := time.Date(year, month, 1, 0, 0, 0, 0, time.UTC)
	return first.AddDate(0, 0, min(d, daysIn(first.Year(), first.Month()))-1)
}

// Validate checks the rule's own fields.
func (r Rule) Validate(v *Validation) {
	switch r.Frequency {
	case "":
		v.Add("frequency", FCodeRequired)
	case FrequencyDaily, FrequencyWeekly, FrequencyMonthly, FrequencyYearly:
	default:
		v.Add("frequency", FCodeUnknown)
	}
	if r.Interval < 1 || r.Interval > MaxScheduleInterval {
		v.Add("interval", FCodeOutOfRange)
	}
	if r.Frequency == FrequencyMonthly && (r.Day < 1 || r.Day > LastDayOfMonth) {
		v.Add("day", FCodeOutOfRange)
	}
	switch {
	case r.Start == "":
		v.Add("startDate", FCodeRequired)
	case !ValidDate(r.Start):
		v.Add("startDate", FCodeInvalid)
	}
	switch {
	case r.End == "":
	case !ValidDate(r.End):
		v.Add("endDate", FCodeInvalid)
	case ValidDate(r.Start) && r.End < r.Start:
		v.Add("endDate", FCodeOutOfRange)
	}
	if r.Count < 0 || r.Count > MaxScheduleCount {
		v.Add("count", FCodeOutOfRange)
	}
}

// candidate is the rule's k-th date counted from the start's period (which
// may fall before the start: see First).
func (r Rule) candidate(k int) time.Time {
	s := civil(r.Start)
	n := k * r.Interval
	switch r.Frequency {
	case FrequencyDaily:
		return s.AddDate(0, 0, n)
	case FrequencyWeekly:
		return s.AddDate(0, 0, 7*n)
	case FrequencyMonthly:
		m := time.Date(s.Year(), s.Month()+time.Month(n), 1, 0, 0, 0, 0, time.UTC)
		return monthDate(m.Year(), m.Month(), r.Day)
	default: // yearly: 29 February falls on the 28th in other years
		return monthDate(s.Year()+n, s.Month(), s.Day())
	}
}

// offset is how many candidates fall before the start (0 or 1: a monthly
// day before the start's day begins in the next period).
func (r Rule) offset() int {
	if r.candidate(0).Format(DateLayout) < r.Start {
		return 1
	}
	return 0
}

// Occurrence is the date of the rule's k-th date (0: the first), or "" past
// its end date. The count is Next's: it counts occurrences handled, and an
// edit renumbers the dates.
func (r Rule) Occurrence(k int) string {
	if k < 0 {
		return ""
	}
	t := r.candidate(k + r.offset())
	if t.Year() >= 2200 {
		return ""
	}
	d := t.Format(DateLayout)
	if r.End != "" && d > r.End {
		return ""
	}
	return d
}

// IndexOnOrAfter is the index of the first occurrence on or after date (the
// rule's end may make its date "").
func (r Rule) IndexOnOrAfter(date string) int {
	if date <= r.Start {
		return 0
	}
	// Estimate from the days between, then step: at most a few steps.
	days := int(civil(date).Sub(civil(r.Start)).Hours() / 24)
	per := map[string]int{FrequencyDaily: 1, FrequencyWeekly: 7, FrequencyMonthly: 28, FrequencyYearly: 365}[r.Frequency] * r.Interval
	k := max(0, days/per-2)
	for k > 0 && r.candidate(k+r.offset()).Format(DateLayout) >= date {
		k--
	}
	for r.candidate(k+r.offset()).Format(DateLayout) < date && k <= MaxScheduleCount*400 {
		k++
	}
	return k
}

// Today is the calendar date at instant now in the time zone (UTC when the
// zone is empty or unknown).
func Today(now time.Time, zone string) string {
	loc, err := time.LoadLocation(zone)
	if err != nil || zone == "" {
		loc = time.UTC
	}
	return now.In(loc).Format(DateLayout)
}

// ValidTimeZone reports an IANA time zone name the server knows ("" is UTC).
func ValidTimeZone(zone string) bool {
	if zone == "" || zone == "Local" || len(zone) > 64 {
		return zone == ""
	}
	_, err := time.LoadLocation(zone)
	return err == nil
}

// Schedule is a scheduled movement as the API shows it: the movement it
// makes, its rule, and where it stands.
type Schedule struct {
	ID int64 `json:"id,string"`
	Entry
	Rule
	// AskAmount: each occurrence waits for its amount (Amount is the
	// estimate the forecast uses); AutoPost: the server posts occurrences
	// when due, otherwise they wait for a confirmation.
	AskAmount bool `json:"askAmount"`
	AutoPost  bool `json:"autoPost"`
	Paused    bool `json:"paused"`
	// NextDate is the next occurrence not yet posted or skipped ("" when
	// the schedule has ended); Done counts those posted or skipped.
	NextDate string `json:"nextDate"`
	Done     int    `json:"done"`
	// Due lists the occurrences due today or before that wait for a
	// confirmation (at most MaxDueListed).
	Due []string `json:"due"`
}

// Waits reports whether the schedule's occurrences wait for a confirmation.
func (s *Schedule) Waits() bool { return !s.AutoPost || s.AskAmount }

// Draft is the movement of an occurrence on date.
func (s *Schedule) Draft(date string) MovementDraft {
	d := MovementDraft{Type: s.Type, Date: date, Amount: s.Amount, AccountID: s.AccountID, Description: s.Description,
		Notes: s.Notes, Tags: s.Tags}
	if s.CategoryID != nil {
		d.CategoryID = *s.CategoryID
	}
	if s.ToAccountID != nil {
		d.ToAccountID = *s.ToAccountID
	}
	if s.ToAmount != nil {
		d.ToAmount = *s.ToAmount
	}
	return d
}

// Next is the date of index k when done occurrences were handled: "" once
// the count is reached or past the end date (the schedule has ended).
func (r Rule) Next(k, done int) string {
	if r.Count > 0 && done >= r.Count {
		return ""
	}
	return r.Occurrence(k)
}

// ScheduleInput creates a schedule or, with nil fields unchanged, patches one.
type ScheduleInput struct {
	MovementInput
	Frequency *string `json:"frequency" enum:"daily,weekly,monthly,yearly"`
	Interval  *int    `json:"interval"`
	Day       *int    `json:"day"`
	StartDate *string `json:"startDate"`
	EndDate   *string `json:"endDate"`
	Count     *int    `json:"count"`
	AskAmount *bool   `json:"askAmount"`
	AutoPost  *bool   `json:"autoPost"`
	Paused    *bool   `json:"paused"`
}

// ScheduleDraft is a complete schedule before it is stored.
type ScheduleDraft struct {
	Movement  MovementDraft
	Rule      Rule
	AskAmount bool
	AutoPost  bool
	Paused    bool
}

// ScheduleDraftOf is the stored schedule as a draft (for patches).
func ScheduleDraftOf(s *Schedule) ScheduleDraft {
	return ScheduleDraft{Movement: s.Draft(s.Start), Rule: s.Rule, AskAmount: s.AskAmount, AutoPost: s.AutoPost, Paused: s.Paused}
}

// ScheduleDraftFrom merges a patch over a draft (a zero draft for a create:
// every 1 period, auto-posted, the monthly day the start's).
func ScheduleDraftFrom(base ScheduleDraft, in ScheduleInput, create bool) ScheduleDraft {
	d := base
	if create {
		d.Rule.Interval, d.AutoPost = 1, true
	}
	d.Movement = DraftFrom(d.Movement, in.MovementInput)
	r := &d.Rule
	if in.Frequency != nil {
		r.Frequency = strings.TrimSpace(*in.Frequency)
	}
	if in.Interval != nil {
		r.Interval = *in.Interval
	}
	if in.StartDate != nil {
		r.Start = strings.TrimSpace(*in.StartDate)
	}
	if in.Day != nil {
		r.Day = *in.Day
	} else if create && ValidDate(r.Start) {
		r.Day = civil(r.Start).Day()
	}
	if in.EndDate != nil {
		r.End = strings.TrimSpace(*in.EndDate)
	}
	if in.Count != nil {
		r.Count = *in.Count
	}
	if in.AskAmount != nil {
		d.AskAmount = *in.AskAmount
	}
	if in.AutoPost != nil {
		d.AutoPost = *in.AutoPost
	}
	if in.Paused != nil {
		d.Paused = *in.Paused
	}
	if r.Frequency != FrequencyMonthly {
		r.Day = 0
	}
	d.Movement.Date = r.Start
	return d
}

// Validate checks the movement (dated at the start) and the rule.
func (d ScheduleDraft) Validate() error {
	var v Validation
	if err := d.Movement.Validate(); err != nil {
		if fe, ok := err.(*Error); ok {
			for _, f := range fe.Fields {
				if f.Field != "date" {
					v.Add(f.Field, f.Code)
				}
			}
		}
	}
	d.Rule.Validate(&v)
	return v.Err()
}

// OccurrenceInput posts or skips one occurrence: Occurrence is its date (the
// next one when empty: a repeated request then names the one it meant), Date
// the movement's date (the occurrence's, or today for one not yet due) and
// Amount the amount (the schedule's when nil).
type OccurrenceInput struct {
	Occurrence string `json:"occurrence"`
	Date       string `json:"date"`
	Amount     *int64 `json:"amount"`
}

// Validate checks the dates' form and the amount's range.
func (in OccurrenceInput) Validate() error {
	var v Validation
	if in.Occurrence != "" && !ValidDate(in.Occurrence) {
		v.Add("occurrence", FCodeInvalid)
	}
	if in.Date != "" && !ValidDate(in.Date) {
		v.Add("date", FCodeInvalid)
	}
	if in.Amount != nil && (*in.Amount <= 0 || *in.Amount > MaxAmount) {
		v.Add("amount", FCodeOutOfRange)
	}
	return v.Err()
}

// AddDays moves a valid date by n calendar days.
func AddDays(date string, n int) string { return civil(date).AddDate(0, 0, n).Format(DateLayout) }

// NextDay is the calendar day after a valid date.
func NextDay(date string) string { return AddDays(date, 1) }

// ScheduleList is the ledger's schedules and the date they are due against.
type ScheduleList struct {
	Today string     `json:"today"`
	Items []Schedule `json:"items"`
}

// UpcomingList is what schedules post or ask for from today to To.
type UpcomingList struct {
	Today string     `json:"today"`
	To    string     `json:"to"`
	Items []Upcoming `json:"items"`
}

// ScheduleSuggestion is a schedule the user has not made, from a regular series of
// movements: the fields a POST /schedules takes, and what was seen.
type ScheduleSuggestion struct {
	Entry
	Frequency   string `json:"frequency" enum:"daily,weekly,monthly,yearly"`
	Interval    int    `json:"interval"`
	Day         int    `json:"day"`
	StartDate   string `json:"startDate"`
	Occurrences int    `json:"occurrences"`
	LastDate    string `json:"lastDate"`
}
