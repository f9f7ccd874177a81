package api

import (
	"net/http"
	"strconv"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
)

func (a *API) listSchedules(w http.ResponseWriter, r *http.Request, u *finance.User) {
	l, err := a.db.Schedules(r.Context(), u.LedgerID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, l)
}

func (a *API) getSchedule(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err == nil {
		var s *finance.Schedule
		if s, err = a.db.Schedule(r.Context(), u.LedgerID, id); err == nil {
			writeJSON(w, http.StatusOK, s)
			return
		}
	}
	a.fail(w, r, err)
}

// createSchedule stores a schedule (once per Idempotency-Key); what it makes
// due by today posts at once when it posts by itself.
func (a *API) createSchedule(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var in finance.ScheduleInput
	idem, err := decodeOnce(w, r, &in)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	s, replayed, err := a.db.CreateSchedule(r.Context(), u.LedgerID, in, idem)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	markReplayed(w, replayed)
	writeJSON(w, http.StatusCreated, s)
}

func (a *API) patchSchedule(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	var in finance.ScheduleInput
	if err == nil {
		err = decode(w, r, &in)
	}
	var s *finance.Schedule
	if err == nil {
		s, err = a.db.UpdateSchedule(r.Context(), u.LedgerID, id, in)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, s)
}

func (a *API) deleteSchedule(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err == nil {
		err = a.db.DeleteSchedule(r.Context(), u.LedgerID, id)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// decodeOccurrence reads a post or skip body (an empty one means the next
// occurrence, as it is) and its idempotency key.
func decodeOccurrence(w http.ResponseWriter, r *http.Request, in *finance.OccurrenceInput) (*store.Idempotency, error) {
	if r.ContentLength == 0 {
		return idempotencyKey(r, nil)
	}
	return decodeOnce(w, r, in)
}

// postSchedule posts the schedule's next occurrence now (201 with the
// movement); a repeated request naming the same occurrence answers its
// movement with 200 and Idempotent-Replayed.
func (a *API) postSchedule(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	var in finance.OccurrenceInput
	var idem *store.Idempotency
	if err == nil {
		idem, err = decodeOccurrence(w, r, &in)
	}
	var m *finance.Movement
	var replayed bool
	if err == nil {
		m, replayed, err = a.db.PostOccurrence(r.Context(), u.LedgerID, id, in, idem)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	markReplayed(w, replayed)
	status := http.StatusCreated
	if replayed {
		status = http.StatusOK
	}
	writeJSON(w, status, m)
}

func (a *API) skipSchedule(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	var in finance.OccurrenceInput
	if err == nil {
		_, err = decodeOccurrence(w, r, &in)
	}
	var s *finance.Schedule
	if err == nil {
		s, err = a.db.SkipOccurrence(r.Context(), u.LedgerID, id, in)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, s)
}

// dayCount reads a number of days (or months) from the query: def when
// absent, between lo and hi.
func dayCount(r *http.Request, name string, def, lo, hi int) (int, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, finance.FieldErr(name, finance.FCodeOutOfRange, name+" must be a whole number from "+strconv.Itoa(lo)+" to "+strconv.Itoa(hi))
	}
	return n, nil
}

// upcomingSchedules lists the occurrences due or waiting and those of the
// next ?days (7 by default).
func (a *API) upcomingSchedules(w http.ResponseWriter, r *http.Request, u *finance.User) {
	days, err := dayCount(r, "days", 7, 0, finance.MaxForecastDays)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	l, err := a.db.Upcoming(r.Context(), u.LedgerID, days)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, l)
}

func (a *API) scheduleSuggestions(w http.ResponseWriter, r *http.Request, u *finance.User) {
	s, err := a.db.ScheduleSuggestions(r.Context(), u.LedgerID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list[finance.ScheduleSuggestion]{Items: s})
}

// forecast projects the balances for ?days (90 by default), with the
// average unscheduled flow of the last ?average months (0: none).
func (a *API) forecast(w http.ResponseWriter, r *http.Request, u *finance.User) {
	days, err := dayCount(r, "days", 90, 1, finance.MaxForecastDays)
	var average int
	if err == nil {
		average, err = dayCount(r, "average", 0, 0, finance.MaxForecastAverage)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	f, err := a.db.Forecast(r.Context(), u.LedgerID, days, average)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, f)
}
