package api

import (
	"net/http"

	"cashcontrol/internal/auth"
	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
)

func (a *API) getMe(w http.ResponseWriter, r *http.Request, u *finance.User) {
	writeJSON(w, http.StatusOK, u)
}

func (a *API) patchMe(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var p finance.ProfilePatch
	if err := decode(w, r, &p); err != nil {
		a.fail(w, r, err)
		return
	}
	out, err := a.ids.UpdateProfile(r.Context(), u.ID, p)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (a *API) putSettings(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var s finance.Settings
	if err := decode(w, r, &s); err != nil {
		a.fail(w, r, err)
		return
	}
	out, err := a.ids.UpdateSettings(r.Context(), u.ID, s)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

type welcomeRequest struct {
	LanguagePreference string `json:"languagePreference" enum:"SWITCH_TO_SPANISH,SWITCH_TO_ENGLISH,SWITCH_TO_FRENCH"`
	BaseCurrency       string `json:"baseCurrency"`
	StarterCategories  *bool  `json:"starterCategories"`
	TimeZone           string `json:"timeZone"`
}

func (a *API) welcome(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var req welcomeRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	starter := req.StarterCategories == nil || *req.StarterCategories
	out, err := a.ids.CompleteWelcome(r.Context(), u.ID, identity.Welcome{Language: req.LanguagePreference, Currency: req.BaseCurrency,
		StarterCategories: starter, CashAccountName: finance.CashAccountName(req.LanguagePreference), TimeZone: req.TimeZone})
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (a *API) changePassword(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var req auth.ChangePasswordRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	if err := a.auth.ChangePassword(r.Context(), u, req, sessionOf(r).TokenHash, auth.ClientOf(r)); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *API) endAllSessions(w http.ResponseWriter, r *http.Request, u *finance.User) {
	if err := a.sessions.EndAll(r.Context(), r, u.ID); err != nil {
		a.fail(w, r, err)
		return
	}
	a.sessions.Clear(w, r)
	w.WriteHeader(http.StatusNoContent)
}

// deleteMeRequest is the body of DELETE /me: the current password (an
// account without one sends {} and must have signed in recently).
type deleteMeRequest struct {
	CurrentPassword string `json:"currentPassword"`
}

func (a *API) deleteMe(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var req deleteMeRequest
	if r.ContentLength != 0 {
		if err := decode(w, r, &req); err != nil {
			a.fail(w, r, err)
			return
		}
	}
	if err := a.auth.ConfirmIdentity(r.Context(), u, req.CurrentPassword, a.sessions.SignedInRecently(sessionOf(r))); err != nil {
		a.fail(w, r, err)
		return
	}
	if err := a.ids.DeleteUser(r.Context(), u.ID); err != nil {
		a.fail(w, r, err)
		return
	}
	a.sessions.Clear(w, r)
	w.WriteHeader(http.StatusNoContent)
}
