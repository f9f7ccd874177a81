package api

import (
	"context"
	"net/http"
	"strings"
	"time"

	"cashcontrol/internal/auth"
	"cashcontrol/internal/finance"
)

// The administration (rol Administrador) and the password resets; the
// rules are the auth service's.

func (a *API) adminUsers(w http.ResponseWriter, r *http.Request, u *finance.User) {
	users, err := a.ids.AdminUsers(r.Context())
	if err != nil {
		a.fail(w, r, err)
		return
	}
	for i := range users {
		users[i].You = users[i].ID == u.ID
	}
	writeJSON(w, http.StatusOK, users)
}

// pathUserID reads {userId}; a malformed one is not found.
func pathUserID(r *http.Request) (int64, error) {
	id, ok := finance.ParseID(r.PathValue("userId"))
	if !ok {
		return 0, finance.Errorf(finance.ECodeNotFound, "user not found")
	}
	return id, nil
}

func (a *API) adminPatchUser(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathUserID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var p finance.AdminUserPatch
	if err := decode(w, r, &p); err != nil {
		a.fail(w, r, err)
		return
	}
	out, err := a.auth.UpdateUserAccess(r.Context(), u, id, p, auth.ClientOf(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	out.You = out.ID == u.ID
	writeJSON(w, http.StatusOK, out)
}

func (a *API) adminResetLink(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathUserID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	link, err := a.auth.PasswordResetLink(r.Context(), u, id, strings.TrimSuffix(a.baseURL, "/"), auth.ClientOf(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusCreated, link)
}

func (a *API) adminSettings(w http.ResponseWriter, r *http.Request, u *finance.User) {
	on, err := a.auth.SignupEnabled(r.Context())
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, finance.InstanceSettings{SignupEnabled: on})
}

type adminSettingsRequest struct {
	SignupEnabled *bool `json:"signupEnabled"`
}

func (a *API) adminPutSettings(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var req adminSettingsRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	if req.SignupEnabled == nil {
		a.fail(w, r, finance.FieldErr("signupEnabled", finance.FCodeRequired, "signupEnabled is required"))
		return
	}
	out, err := a.auth.SetSignupEnabled(r.Context(), *req.SignupEnabled)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (a *API) adminSecurityEvents(w http.ResponseWriter, r *http.Request, u *finance.User) {
	limit, err := pageLimit(r.URL.Query(), 100, finance.AdminSecurityEventsPage)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	events, err := a.ids.AllSecurityEvents(r.Context(), limit)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, events)
}

type forgotPasswordRequest struct {
	Email string `json:"email"`
}

// forgotPassword emails a reset link to the account of that email, when
// there is one; the answer is the same either way, and the email leaves
// after it (its sending takes no time the caller could measure).
func (a *API) forgotPassword(w http.ResponseWriter, r *http.Request) {
	if a.mailer == nil {
		a.fail(w, r, finance.Errorf(finance.ECodeResetByEmailOff, "this server sends no email: ask the administrator for a reset link"))
		return
	}
	var req forgotPasswordRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	link, u, err := a.auth.RequestPasswordReset(r.Context(), req.Email, strings.TrimSuffix(a.baseURL, "/"), auth.ClientOf(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	if u != nil {
		ctx, id := context.WithoutCancel(r.Context()), RequestID(r.Context())
		go func() {
			ctx, cancel := context.WithTimeout(ctx, time.Minute)
			defer cancel()
			if err := a.mailer.PasswordReset(ctx, u.Email, *link, u.LanguagePreference); err != nil {
				a.log.WarnContext(ctx, "password reset email", "err", err, "request_id", id)
			}
		}()
	}
	w.WriteHeader(http.StatusAccepted)
}

// resetLinkReply names the account a working reset link is for.
type resetLinkReply struct {
	Email string `json:"email"`
}

func (a *API) checkResetLink(w http.ResponseWriter, r *http.Request) {
	email, err := a.auth.PasswordResetEmail(r.Context(), r.PathValue("token"))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, resetLinkReply{Email: email})
}

func (a *API) resetPassword(w http.ResponseWriter, r *http.Request) {
	var req auth.ResetPasswordRequest
	if err := decode(w, r, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	if err := a.auth.ResetPassword(r.Context(), r.PathValue("token"), req, auth.ClientOf(r)); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
