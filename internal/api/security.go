package api

import (
	"net/http"

	"cashcontrol/internal/auth"
	"cashcontrol/internal/finance"
)

// Profile's security: two-step sign-in, API tokens and the security
// activity; the rules are the auth service's.

func (a *API) getTwoFactor(w http.ResponseWriter, r *http.Request, u *finance.User) {
	st, err := a.ids.TwoFactorStatus(r.Context(), u.ID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

type setupTwoFactorRequest struct {
	CurrentPassword string `json:"currentPassword"`
}

func (a *API) setupTwoFactor(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var req setupTwoFactorRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	setup, err := a.auth.TwoFactorSetup(r.Context(), u, req.CurrentPassword)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, setup)
}

type confirmTwoFactorRequest struct {
	Code string `json:"code"`
}

func (a *API) confirmTwoFactor(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var req confirmTwoFactorRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	codes, err := a.auth.ConfirmTwoFactor(r.Context(), u, req.Code, auth.ClientOf(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, codes)
}

func (a *API) renewRecoveryCodes(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var req auth.SecondFactorRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	codes, err := a.auth.RenewRecoveryCodes(r.Context(), u, req, auth.ClientOf(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, codes)
}

func (a *API) disableTwoFactor(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var req auth.SecondFactorRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	if err := a.auth.DisableTwoFactor(r.Context(), u, req, auth.ClientOf(r)); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *API) listSecurityEvents(w http.ResponseWriter, r *http.Request, u *finance.User) {
	limit, err := pageLimit(r.URL.Query(), 50, finance.SecurityEventsShown)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	events, err := a.ids.SecurityEvents(r.Context(), u.ID, limit)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, events)
}

func (a *API) listTokens(w http.ResponseWriter, r *http.Request, u *finance.User) {
	tokens, err := a.ids.APITokens(r.Context(), u.ID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, tokens)
}

// createdToken is a new token with its secret, shown once.
type createdToken struct {
	*finance.APIToken
	Token string `json:"token"`
}

func (a *API) createToken(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var req finance.NewAPIToken
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	secret, t, err := a.auth.CreateToken(r.Context(), u, req, auth.ClientOf(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusCreated, createdToken{APIToken: t, Token: secret})
}

func (a *API) revokeToken(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err == nil {
		err = a.auth.RevokeToken(r.Context(), u, id, auth.ClientOf(r))
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *API) listPasskeys(w http.ResponseWriter, r *http.Request, u *finance.User) {
	stored, err := a.ids.Passkeys(r.Context(), u.ID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	out := make([]finance.Passkey, len(stored))
	for i, p := range stored {
		out[i] = p.Passkey
	}
	writeJSON(w, http.StatusOK, out)
}

func (a *API) passkeyCreationOptions(w http.ResponseWriter, r *http.Request, u *finance.User) {
	options, token, err := a.auth.PasskeyCreationOptions(r.Context(), u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	a.sessions.SetCeremony(w, r, token)
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, options)
}

func (a *API) addPasskey(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var req auth.AddPasskeyRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	p, err := a.auth.AddPasskey(r.Context(), u, a.sessions.Ceremony(r), req, auth.ClientOf(r))
	if finance.ErrorCode(err) != finance.ECodeInvalid { // a name to correct keeps the ceremony
		a.sessions.ClearCeremony(w, r)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, p)
}

type renamePasskeyRequest struct {
	Name string `json:"name"`
}

func (a *API) renamePasskey(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var req renamePasskeyRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	name, err := finance.CheckPasskeyName(req.Name)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	p, err := a.ids.RenamePasskey(r.Context(), u.ID, id, name)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

func (a *API) removePasskey(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err == nil {
		err = a.auth.RemovePasskey(r.Context(), u, id, auth.ClientOf(r))
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
