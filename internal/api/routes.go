package api

import "net/http"

// Register adds every API route to mux.
func (a *API) Register(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/v1/health", a.health)
	mux.HandleFunc("GET /api/v1/meta", a.getMeta)
	mux.HandleFunc("GET /api/v1/currencies", a.listCurrencies)

	mux.HandleFunc("GET /api/v1/auth/providers", a.listProviders)
	mux.HandleFunc("POST /api/v1/auth/signup", a.signUp)
	mux.HandleFunc("POST /api/v1/auth/login", a.login)
	mux.HandleFunc("POST /api/v1/auth/logout", a.logout)
	mux.HandleFunc("GET /auth/oidc/{provider}/login", a.oidcLogin)
	mux.HandleFunc("GET /auth/oidc/{provider}/callback", a.oidcCallback)

	mux.HandleFunc("GET /api/v1/me", a.authed(a.getMe))
	mux.HandleFunc("PATCH /api/v1/me", a.authed(a.patchMe))
	mux.HandleFunc("DELETE /api/v1/me", a.authed(a.deleteMe))
	mux.HandleFunc("PUT /api/v1/me/settings", a.authed(a.putSettings))
	mux.HandleFunc("POST /api/v1/me/welcome", a.authed(a.welcome))
	mux.HandleFunc("PUT /api/v1/me/password", a.authed(a.changePassword))
	mux.HandleFunc("DELETE /api/v1/me/sessions", a.authed(a.endAllSessions))
	mux.HandleFunc("GET /api/v1/me/export", a.authed(a.exportMe))

	mux.HandleFunc("/api/", NotFound)
	mux.HandleFunc("/auth/", NotFound)
}
