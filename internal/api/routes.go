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

	mux.HandleFunc("GET /api/v1/accounts", a.authed(a.listAccounts))
	mux.HandleFunc("POST /api/v1/accounts", a.authed(a.createAccount))
	mux.HandleFunc("PUT /api/v1/accounts/order", a.authed(a.reorderAccounts))
	mux.HandleFunc("GET /api/v1/accounts/{id}", a.authed(a.getAccount))
	mux.HandleFunc("PATCH /api/v1/accounts/{id}", a.authed(a.patchAccount))
	mux.HandleFunc("DELETE /api/v1/accounts/{id}", a.authed(a.deleteAccount))

	mux.HandleFunc("GET /api/v1/categories", a.authed(a.listCategories))
	mux.HandleFunc("POST /api/v1/categories", a.authed(a.createCategory))
	mux.HandleFunc("POST /api/v1/categories/starter", a.authed(a.createStarterCategories))
	mux.HandleFunc("PUT /api/v1/categories/order", a.authed(a.reorderCategories))
	mux.HandleFunc("GET /api/v1/categories/{id}", a.authed(a.getCategory))
	mux.HandleFunc("PATCH /api/v1/categories/{id}", a.authed(a.patchCategory))
	mux.HandleFunc("DELETE /api/v1/categories/{id}", a.authed(a.deleteCategory))

	mux.HandleFunc("GET /api/v1/movements", a.authed(a.listMovements))
	mux.HandleFunc("POST /api/v1/movements", a.authed(a.createMovement))
	mux.HandleFunc("GET /api/v1/movements/totals", a.authed(a.movementTotals))
	mux.HandleFunc("GET /api/v1/movements/export.csv", a.authed(a.exportMovements))
	mux.HandleFunc("POST /api/v1/movements/bulk", a.authed(a.bulkMovements))
	mux.HandleFunc("GET /api/v1/movements/{id}", a.authed(a.getMovement))
	mux.HandleFunc("PATCH /api/v1/movements/{id}", a.authed(a.patchMovement))
	mux.HandleFunc("DELETE /api/v1/movements/{id}", a.authed(a.deleteMovement))

	mux.HandleFunc("GET /api/v1/reports/categories", a.authed(a.reportCategories))
	mux.HandleFunc("GET /api/v1/reports/trend", a.authed(a.reportMonthly))
	mux.HandleFunc("GET /api/v1/reports/cashflow", a.authed(a.reportMonthly))
	mux.HandleFunc("GET /api/v1/reports/networth", a.authed(a.reportNetWorth))
	mux.HandleFunc("GET /api/v1/reports/compare", a.authed(a.reportCompare))
	mux.HandleFunc("GET /api/v1/dashboard", a.authed(a.dashboard))

	mux.HandleFunc("POST /api/v1/imports", a.authed(a.uploadImport))
	mux.HandleFunc("POST /api/v1/imports/{id}/preview", a.authed(a.previewImport))
	mux.HandleFunc("POST /api/v1/imports/{id}/commit", a.authed(a.commitImport))
	mux.HandleFunc("DELETE /api/v1/imports/{id}", a.authed(a.discardImport))

	mux.HandleFunc("/api/", NotFound)
	mux.HandleFunc("/auth/", NotFound)
}
