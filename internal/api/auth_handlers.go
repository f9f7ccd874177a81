package api

import (
	"net/http"
	"net/url"

	"cashcontrol/internal/auth"
	"cashcontrol/internal/finance"
)

func (a *API) listProviders(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, a.oidc.List())
}

func (a *API) signUp(w http.ResponseWriter, r *http.Request) {
	if err := auth.Allow(a.limits.Signups, r, "sign-ups"); err != nil {
		a.fail(w, r, err)
		return
	}
	var req finance.SignUp
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	u, err := a.auth.SignUp(r.Context(), req)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	if err := a.sessions.Start(r.Context(), w, r, u.ID, finance.EventSignUp, finance.SignInPassword); err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, u)
}

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// twoFactorRequired answers a right password when a second step must follow.
type twoFactorRequired struct {
	TwoFactorRequired bool `json:"twoFactorRequired" enum:"true"`
}

func (a *API) login(w http.ResponseWriter, r *http.Request) {
	var req loginRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	u, err := a.auth.Login(r.Context(), req.Email, req.Password, auth.ClientOf(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	if u.TwoFactor {
		// The password was right; a code completes the sign-in (loginSecondStep).
		token, err := a.auth.BeginSecondStep(r.Context(), u)
		if err != nil {
			a.fail(w, r, err)
			return
		}
		a.sessions.SetChallenge(w, r, token)
		writeJSON(w, http.StatusAccepted, twoFactorRequired{TwoFactorRequired: true})
		return
	}
	if err := a.sessions.Start(r.Context(), w, r, u.ID, finance.EventSignIn, finance.SignInPassword); err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, u)
}

func (a *API) loginSecondStep(w http.ResponseWriter, r *http.Request) {
	var req auth.SecondStepRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	u, how, err := a.auth.CompleteSignIn(r.Context(), a.sessions.Challenge(r), req, auth.ClientOf(r))
	if err == nil {
		a.sessions.ClearChallenge(w, r)
		err = a.sessions.Start(r.Context(), w, r, u.ID, finance.EventSignIn, how)
	}
	if err != nil {
		if code := finance.ErrorCode(err); code == finance.ECodeTwoFactorExpired || code == finance.ECodeTwoFactorAttempts {
			a.sessions.ClearChallenge(w, r)
		}
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, u)
}

func (a *API) logout(w http.ResponseWriter, r *http.Request) {
	if err := a.sessions.End(r.Context(), w, r); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *API) oidcLogin(w http.ResponseWriter, r *http.Request) {
	to, err := a.oidc.Begin(r.Context(), w, r, r.PathValue("provider"))
	if err != nil {
		if finance.ErrorCode(err) == finance.ECodeNotFound {
			a.fail(w, r, err)
			return
		}
		a.log.WarnContext(r.Context(), "oidc login", "err", err, "request_id", RequestID(r.Context()))
		http.Redirect(w, r, "/login?error="+auth.OIDCFailed, http.StatusSeeOther)
		return
	}
	http.Redirect(w, r, to, http.StatusFound)
}

func (a *API) oidcCallback(w http.ResponseWriter, r *http.Request) {
	u, err := a.oidc.Finish(r.Context(), w, r, r.PathValue("provider"), auth.LanguageFromHeader(r.Header.Get("Accept-Language")))
	if err == nil && u.Disabled {
		err = finance.Errorf(finance.ECodeAccountDisabled, "an administrator has disabled this account")
	}
	if err == nil {
		err = a.sessions.Start(r.Context(), w, r, u.ID, finance.EventSignIn, finance.SignInOIDC+r.PathValue("provider"))
	}
	if err != nil {
		code := finance.ErrorCode(err)
		if code != finance.ECodeSignupDisabled && code != auth.OIDCEmailUnverified && code != finance.ECodeAccountDisabled {
			code = auth.OIDCFailed
		}
		a.log.WarnContext(r.Context(), "oidc callback", "err", err, "request_id", RequestID(r.Context()))
		http.Redirect(w, r, "/login?error="+url.QueryEscape(code), http.StatusSeeOther)
		return
	}
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

func (a *API) passkeySignInOptions(w http.ResponseWriter, r *http.Request) {
	options, token, err := a.auth.PasskeySignInOptions(r.Context(), auth.ClientOf(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	a.sessions.SetCeremony(w, r, token)
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, options)
}

func (a *API) passkeySignIn(w http.ResponseWriter, r *http.Request) {
	var req auth.PasskeySignInRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	u, err := a.auth.PasskeySignIn(r.Context(), a.sessions.Ceremony(r), req, auth.ClientOf(r))
	a.sessions.ClearCeremony(w, r)
	if err == nil {
		err = a.sessions.Start(r.Context(), w, r, u.ID, finance.EventSignIn, finance.SignInPasskey)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, u)
}
