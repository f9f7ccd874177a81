package api

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"cashcontrol/internal/finance"
)

// movementFilter reads the list filters from the query string. Lists are
// comma-separated or repeated: ?type=expense,earning&accountId=3&accountId=4.
func movementFilter(q url.Values) (finance.MovementFilter, error) {
	var f finance.MovementFilter
	var v finance.Validation
	multi := func(key string) []string {
		var out []string
		for _, s := range q[key] {
			for _, part := range strings.Split(s, ",") {
				if part = strings.TrimSpace(part); part != "" {
					out = append(out, part)
				}
			}
		}
		return out
	}
	ids := func(key string) []int64 {
		var out []int64
		parts := multi(key)
		if len(parts) > finance.MaxFilterValues {
			v.Add(key, finance.FCodeOutOfRange)
			return nil
		}
		for _, s := range parts {
			id, ok := finance.ParseID(s)
			if !ok {
				v.Add(key, finance.FCodeInvalid)
				continue
			}
			out = append(out, id)
		}
		return out
	}
	amount := func(key string) *int64 {
		s := q.Get(key)
		if s == "" {
			return nil
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 || n > finance.MaxAmount {
			v.Add(key, finance.FCodeInvalid)
			return nil
		}
		return &n
	}
	f.From, f.To = q.Get("from"), q.Get("to")
	if f.From != "" && !finance.ValidDate(f.From) {
		v.Add("from", finance.FCodeInvalid)
	}
	if f.To != "" && !finance.ValidDate(f.To) {
		v.Add("to", finance.FCodeInvalid)
	}
	for _, t := range multi("type") {
		if t != finance.MovementExpense && t != finance.MovementEarning && t != finance.MovementTransfer {
			v.Add("type", finance.FCodeUnknown)
		}
		f.Types = append(f.Types, t)
	}
	for _, st := range multi("state") {
		if !finance.ValidState(st) {
			v.Add("state", finance.FCodeUnknown)
		}
		f.States = append(f.States, st)
	}
	f.AccountIDs = ids("accountId")
	f.CategoryIDs = ids("categoryId")
	f.Tags = finance.NormalizeTags(multi("tag"))
	if len(f.Tags) > finance.MaxFilterValues {
		v.Add("tag", finance.FCodeOutOfRange)
	}
	f.MinAmount, f.MaxAmount = amount("minAmount"), amount("maxAmount")
	f.Text = strings.TrimSpace(q.Get("q"))
	if len(f.Text) > 200 {
		v.Add("q", finance.FCodeTooLong)
	}
	switch q.Get("order") {
	case "", "desc":
	case "asc":
		f.Ascending = true
	default:
		v.Add("order", finance.FCodeInvalid)
	}
	return f, v.Err()
}

func (a *API) listMovements(w http.ResponseWriter, r *http.Request, u *finance.User) {
	q := r.URL.Query()
	f, err := movementFilter(q)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	limit, err := pageLimit(q, 0, 500)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	items, next, err := a.db.ListMovements(r.Context(), u.LedgerID, f, limit, q.Get("cursor"))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list[finance.Movement]{Items: items, NextCursor: next})
}

func (a *API) movementTotals(w http.ResponseWriter, r *http.Request, u *finance.User) {
	f, err := movementFilter(r.URL.Query())
	if err != nil {
		a.fail(w, r, err)
		return
	}
	t, err := a.db.TotalMovements(r.Context(), u.LedgerID, f)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, t)
}

func (a *API) getMovement(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err == nil {
		var m *finance.Movement
		if m, err = a.db.Movement(r.Context(), u.LedgerID, id); err == nil {
			writeJSON(w, http.StatusOK, m)
			return
		}
	}
	a.fail(w, r, err)
}

func (a *API) createMovement(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var in finance.MovementInput
	idem, err := decodeOnce(w, r, &in)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	withRules := r.URL.Query().Get("rules") != "false"
	m, replayed, err := a.db.CreateMovementOnce(r.Context(), u.LedgerID, finance.DraftFrom(finance.MovementDraft{}, in), idem, withRules)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	markReplayed(w, replayed)
	writeJSON(w, http.StatusCreated, m)
}

func (a *API) patchMovement(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var in finance.MovementInput
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	m, err := a.db.UpdateMovementConfirmed(r.Context(), u.LedgerID, id, in, confirmed(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, m)
}

func (a *API) deleteMovement(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err == nil {
		_, err = a.db.DeleteMovementsConfirmed(r.Context(), u.LedgerID, []int64{id}, confirmed(r))
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// confirmed says whether the request carries ?confirm=true: a change of a
// reconciled movement's amount, date, account or state, or its deletion.
func confirmed(r *http.Request) bool { return r.URL.Query().Get("confirm") == "true" }

// pageLimit reads ?limit= of a list: 1 to most, def without it.
func pageLimit(q url.Values, def, most int) (int, error) {
	s := q.Get("limit")
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > most {
		return 0, finance.FieldErr("limit", finance.FCodeOutOfRange, fmt.Sprintf("limit must be 1 to %d", most))
	}
	return n, nil
}
