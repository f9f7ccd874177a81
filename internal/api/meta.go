package api

import "net/http"

// Build is the commit a binary was built from (the About screen's small print).
type Build struct {
	// Commit is the commit's hash, shortened, with "-dirty" when the tree had
	// changes; empty when unknown.
	Commit string `json:"commit"`
	// Date is the commit's date (YYYY-MM-DD); empty when unknown.
	Date string `json:"date"`
}

// healthReply says the server and its database answer.
type healthReply struct {
	Status  string `json:"status"`
	Version string `json:"version"`
}

func (a *API) health(w http.ResponseWriter, r *http.Request) {
	if err := a.db.Ping(r.Context()); err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, healthReply{Status: "ok", Version: a.meta.Version})
}

func (a *API) getMeta(w http.ResponseWriter, r *http.Request) {
	m := a.meta
	var err error
	if m.SignupEnabled, err = a.auth.SignupEnabled(r.Context()); err != nil {
		a.fail(w, r, err)
		return
	}
	m.PasswordResetByEmail = a.mailer != nil
	m.Passkeys = a.auth.PasskeysAvailable()
	m.BankSync = a.banks.Sealing()
	w.Header().Set("Cache-Control", "no-cache")
	writeJSON(w, http.StatusOK, m)
}

func (a *API) listCurrencies(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, a.currencies.All())
}
