package api

import (
	"net/http"

	"cashcontrol/internal/finance"
)

func (a *API) listAccounts(w http.ResponseWriter, r *http.Request, u *finance.User) {
	items, err := a.db.ListAccounts(r.Context(), u.LedgerID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list[finance.Account]{Items: items})
}

func (a *API) getAccount(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err == nil {
		var acc *finance.Account
		if acc, err = a.db.Account(r.Context(), u.LedgerID, id); err == nil {
			writeJSON(w, http.StatusOK, acc)
			return
		}
	}
	a.fail(w, r, err)
}

func (a *API) createAccount(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var in finance.AccountInput
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	acc, err := a.db.CreateAccount(r.Context(), u.LedgerID, in)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, acc)
}

func (a *API) patchAccount(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var in finance.AccountInput
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	acc, err := a.db.UpdateAccount(r.Context(), u.LedgerID, id, in)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, acc)
}

// deleteAccount refuses an account with movements unless
// ?withMovements=true&confirm=<the account's name> is given.
func (a *API) deleteAccount(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	withMovements := r.URL.Query().Get("withMovements") == "true"
	if withMovements {
		acc, err := a.db.Account(r.Context(), u.LedgerID, id)
		if err != nil {
			a.fail(w, r, err)
			return
		}
		if r.URL.Query().Get("confirm") != acc.Name {
			a.fail(w, r, finance.FieldErr("confirm", finance.FCodeMismatch, "type the account's name to confirm"))
			return
		}
	}
	if err := a.db.DeleteAccount(r.Context(), u.LedgerID, id, withMovements); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type reorderRequest struct {
	IDs []finance.IDInput `json:"ids"`
}

func (req reorderRequest) ids() ([]int64, error) {
	out := make([]int64, 0, len(req.IDs))
	for _, id := range req.IDs {
		if !id.Set {
			return nil, finance.FieldErr("ids", finance.FCodeInvalid, "ids must be ids")
		}
		out = append(out, id.ID)
	}
	if len(out) == 0 || len(out) > 1000 {
		return nil, finance.FieldErr("ids", finance.FCodeOutOfRange, "give between 1 and 1000 ids")
	}
	return out, nil
}

func (a *API) reorderAccounts(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var req reorderRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	ids, err := req.ids()
	if err == nil {
		err = a.db.ReorderAccounts(r.Context(), u.LedgerID, ids)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
