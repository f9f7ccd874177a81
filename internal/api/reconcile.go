package api

import (
	"net/http"

	"cashcontrol/internal/finance"
)

// reconcileAccount reconciles an account against a statement: 201 with what
// it reconciled, or 409 reconcile_difference with the difference.
func (a *API) reconcileAccount(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := a.ledgerAccount(r, u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var in finance.ReconcileInput
	idem, err := decodeOnce(w, r, &in)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	res, replayed, err := a.db.Reconcile(r.Context(), u.LedgerID, id, in, u.LanguagePreference, idem)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	markReplayed(w, replayed)
	writeJSON(w, http.StatusCreated, res)
}

// ledgerAccount is the path's account id when it is the ledger's: another
// ledger's is not_found before anything else of the request is read.
func (a *API) ledgerAccount(r *http.Request, u *finance.User) (int64, error) {
	id, err := pathID(r)
	if err != nil {
		return 0, err
	}
	_, err = a.db.Account(r.Context(), u.LedgerID, id)
	return id, err
}

// getReconciliation is the reconcile screen's data for ?date= (required).
func (a *API) getReconciliation(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := a.ledgerAccount(r, u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	q := r.URL.Query()
	limit, err := pageLimit(q, 0, 500)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	date := q.Get("date")
	if date == "" {
		a.fail(w, r, finance.FieldErr("date", finance.FCodeRequired, "date is required"))
		return
	}
	v, err := a.db.ReconcileView(r.Context(), u.LedgerID, id, date, limit, q.Get("cursor"))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// listCheckpoints lists the account's statement balances beside the app's.
func (a *API) listCheckpoints(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	items, err := a.db.Checkpoints(r.Context(), u.LedgerID, id)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list[finance.Checkpoint]{Items: items})
}

// putReconcileDraft keeps a reconciliation to come back to (the statement's
// date and balance), shown again as the account's reconcileDraft.
func (a *API) putReconcileDraft(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := a.ledgerAccount(r, u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var in finance.ReconcileDraftInput
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	d, err := a.db.SaveReconcileDraft(r.Context(), u.LedgerID, id, in)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}

// deleteReconcileDraft forgets the account's reconciliation draft.
func (a *API) deleteReconcileDraft(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	if err := a.db.DeleteReconcileDraft(r.Context(), u.LedgerID, id); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
