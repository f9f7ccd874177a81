package api

import (
	"net/http"

	"cashcontrol/internal/finance"
)

func (a *API) listCategories(w http.ResponseWriter, r *http.Request, u *finance.User) {
	items, err := a.db.ListCategories(r.Context(), u.LedgerID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list[finance.Category]{Items: items})
}

func (a *API) getCategory(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err == nil {
		var c *finance.Category
		if c, err = a.db.Category(r.Context(), u.LedgerID, id); err == nil {
			writeJSON(w, http.StatusOK, c)
			return
		}
	}
	a.fail(w, r, err)
}

func (a *API) createCategory(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var in finance.CategoryInput
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	c, err := a.db.CreateCategory(r.Context(), u.LedgerID, in)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, c)
}

func (a *API) patchCategory(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var in finance.CategoryInput
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	c, err := a.db.UpdateCategory(r.Context(), u.LedgerID, id, in)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, c)
}

// deleteCategory deletes a category and its subcategories; when movements use
// them, ?moveTo=<id> moves those movements to another category first.
func (a *API) deleteCategory(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var moveTo *int64
	if s := r.URL.Query().Get("moveTo"); s != "" {
		to, ok := finance.ParseID(s)
		if !ok {
			a.fail(w, r, finance.FieldErr("moveTo", finance.FCodeInvalid, "moveTo must be a category id"))
			return
		}
		moveTo = &to
	}
	if err := a.db.DeleteCategory(r.Context(), u.LedgerID, id, moveTo); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *API) reorderCategories(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var req reorderRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	ids, err := req.ids()
	if err == nil {
		err = a.db.ReorderCategories(r.Context(), u.LedgerID, ids)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type starterResult struct {
	Created int `json:"created"`
}

// createStarterCategories adds the starter set in the user's language;
// repeating it creates nothing twice.
func (a *API) createStarterCategories(w http.ResponseWriter, r *http.Request, u *finance.User) {
	n, err := a.db.CreateStarterCategories(r.Context(), u.LedgerID, u.LanguagePreference)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, starterResult{Created: n})
}
