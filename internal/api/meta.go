package api

import "net/http"

func (a *API) health(w http.ResponseWriter, r *http.Request) {
	if err := a.db.Ping(r.Context()); err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "version": Version})
}

func (a *API) getMeta(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-cache")
	writeJSON(w, http.StatusOK, a.meta)
}

func (a *API) listCurrencies(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, a.currencies.All())
}
