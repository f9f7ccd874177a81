package api

import (
	"net/http"

	"cashcontrol/internal/finance"
)

func (a *API) listRules(w http.ResponseWriter, r *http.Request, u *finance.User) {
	items, err := a.db.ListRules(r.Context(), u.LedgerID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list[finance.MovementRule]{Items: items})
}

func (a *API) getRule(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err == nil {
		var rule *finance.MovementRule
		if rule, err = a.db.Rule(r.Context(), u.LedgerID, id); err == nil {
			writeJSON(w, http.StatusOK, rule)
			return
		}
	}
	a.fail(w, r, err)
}

func (a *API) createRule(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var in finance.RuleInput
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	rule, err := a.db.CreateRule(r.Context(), u.LedgerID, in)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, rule)
}

func (a *API) patchRule(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var in finance.RuleInput
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	rule, err := a.db.UpdateRule(r.Context(), u.LedgerID, id, in)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rule)
}

func (a *API) deleteRule(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err == nil {
		err = a.db.DeleteRule(r.Context(), u.LedgerID, id)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *API) reorderRules(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var req reorderRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	ids, err := req.ids()
	if err == nil {
		err = a.db.ReorderRules(r.Context(), u.LedgerID, ids)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// applyRule applies a rule to the ledger's movements: ?dryRun=true (the
// default) says what would change, dryRun=false changes it in one
// transaction and answers the run's id for its undo.
func (a *API) applyRule(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var dryRun bool
	switch r.URL.Query().Get("dryRun") {
	case "", "true":
		dryRun = true
	case "false":
	default:
		a.fail(w, r, finance.FieldErr("dryRun", finance.FCodeInvalid, "dryRun is true or false"))
		return
	}
	run, err := a.db.ApplyRule(r.Context(), u.LedgerID, id, dryRun)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, run)
}

// undoRuleRun gives back what an applied rule changed, but for the
// movements changed since.
func (a *API) undoRuleRun(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	res, err := a.db.UndoRuleRun(r.Context(), u.LedgerID, id)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}
