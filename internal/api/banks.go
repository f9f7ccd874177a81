package api

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"cashcontrol/internal/finance"
)

// Bank connections (banksync.Service): connect, link, sync, disconnect.
// Credentials go in once and never come back out.

// listBankConnections lists the ledger's connections, without secrets.
func (a *API) listBankConnections(w http.ResponseWriter, r *http.Request, u *finance.User) {
	items, err := a.db.BankConnections(r.Context(), u.LedgerID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list[finance.BankConnection]{Items: items})
}

// ledgerConnection is the path's connection id when it is the ledger's:
// another ledger's is not_found before anything else of the request is read.
func (a *API) ledgerConnection(r *http.Request, u *finance.User) (int64, error) {
	id, err := pathID(r)
	if err != nil {
		return 0, err
	}
	_, err = a.db.BankConnection(r.Context(), u.LedgerID, id)
	return id, err
}

// getBankConnection is one connection.
func (a *API) getBankConnection(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	c, err := a.db.BankConnection(r.Context(), u.LedgerID, id)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, c)
}

// connectBank connects a bank: 201 with the connection (SimpleFIN: its
// accounts; Enable Banking: pending until its authorisation).
func (a *API) connectBank(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var in finance.BankConnectInput
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	c, err := a.banks.Connect(r.Context(), u.LedgerID, in)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, c)
}

// listBankInstitutions lists the banks of ?country= a connection's
// provider offers.
func (a *API) listBankInstitutions(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := a.ledgerConnection(r, u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	items, err := a.banks.Institutions(r.Context(), u.LedgerID, id, r.URL.Query().Get("country"))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list[finance.BankInstitution]{Items: items})
}

// bankCallbackPath is where the bank sends the user's browser back.
const bankCallbackPath = "/api/v1/bank/callback"

// startBankConnection asks the bank for the user's authorisation: 200
// with the address the browser goes to.
func (a *API) startBankConnection(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := a.ledgerConnection(r, u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var in finance.BankStartInput
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	res, err := a.banks.Start(r.Context(), u.LedgerID, id, in, a.publicURL(r)+bankCallbackPath)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

// publicURL is the server's public address (CASHCONTROL_BASE_URL, else
// the request's own).
func (a *API) publicURL(r *http.Request) string {
	if a.baseURL != "" {
		return strings.TrimRight(a.baseURL, "/")
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// bankScreen is the web app's bank connections screen (Configuration →
// Bank connections), which reads ?connection= or ?bankError=.
const bankScreen = "/config/banks"

// bankCallback finishes the bank's authorisation the browser brings back
// (?state=&code=, or ?error= when the user refused) and sends the browser
// to the bank connections screen, which says how it went.
func (a *API) bankCallback(w http.ResponseWriter, r *http.Request, u *finance.User) {
	q := r.URL.Query()
	if e := q.Get("error"); e != "" {
		http.Redirect(w, r, bankScreen+"?bankError="+url.QueryEscape(finance.ECodeBankConsentExpired), http.StatusSeeOther)
		return
	}
	_, id, err := a.banks.Finish(r.Context(), u.ID, q.Get("state"), q.Get("code"))
	if err != nil {
		code := finance.ErrorCode(err)
		if code == finance.ECodeInternal {
			a.fail(w, r, err)
			return
		}
		http.Redirect(w, r, bankScreen+"?bankError="+url.QueryEscape(code), http.StatusSeeOther)
		return
	}
	http.Redirect(w, r, bankScreen+"?connection="+strconv.FormatInt(id, 10), http.StatusSeeOther)
}

// linkBankAccount links the bank's account to an account of the ledger.
func (a *API) linkBankAccount(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := a.ledgerConnection(r, u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var in finance.BankLinkInput
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	if in.AccountID.Invalid {
		a.fail(w, r, finance.FieldErr("accountId", finance.FCodeInvalid, "not an account id"))
		return
	}
	if err := a.db.LinkBankAccount(r.Context(), u.LedgerID, id, r.PathValue("bankAccountId"), in.AccountID.ID); err != nil {
		a.fail(w, r, err)
		return
	}
	c, err := a.db.BankConnection(r.Context(), u.LedgerID, id)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, c)
}

// syncBank syncs a connection now: 200 with what it created, matched and
// updated.
func (a *API) syncBank(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := a.ledgerConnection(r, u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	res, err := a.banks.Sync(r.Context(), u.LedgerID, id, u.LanguagePreference)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

// patchBankConnection changes a connection's settings (how often it syncs).
func (a *API) patchBankConnection(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := a.ledgerConnection(r, u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var in finance.BankConnectionPatch
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	if in.SyncEveryHours != nil {
		if err := a.db.SetBankSyncEvery(r.Context(), u.LedgerID, id, *in.SyncEveryHours); err != nil {
			a.fail(w, r, err)
			return
		}
	}
	c, err := a.db.BankConnection(r.Context(), u.LedgerID, id)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, c)
}

// disconnectBank forgets a connection (its movements stay): 204.
func (a *API) disconnectBank(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := a.ledgerConnection(r, u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	if err := a.banks.Disconnect(r.Context(), u.LedgerID, id); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// listBankMatches lists the bank transactions a sync matched with
// movements the ledger had.
func (a *API) listBankMatches(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := a.ledgerConnection(r, u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	items, err := a.db.BankMatches(r.Context(), u.LedgerID, id)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list[finance.BankMatch]{Items: items})
}

// undoBankMatch undoes a match: the bank transaction becomes a movement of
// its own; 200 with its id.
func (a *API) undoBankMatch(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := a.ledgerConnection(r, u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	matchID, ok := finance.ParseID(r.PathValue("matchId"))
	if !ok {
		a.fail(w, r, finance.Errorf(finance.ECodeNotFound, "bank match not found"))
		return
	}
	mid, err := a.db.UndoBankMatch(r.Context(), u.LedgerID, id, matchID, u.LanguagePreference)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, finance.BankUndone{MovementID: mid})
}
