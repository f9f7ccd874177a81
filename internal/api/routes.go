package api

import (
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"cashcontrol/internal/finance"
)

// route is one endpoint: "METHOD /path" as http.ServeMux reads it.
type route struct {
	pattern string
	handler http.HandlerFunc
}

// routes is the route table: every endpoint of the API.
func (a *API) routes() []route {
	return []route{
		{"GET /api/v1/health", a.health},
		{"GET /api/v1/meta", a.getMeta},
		{"GET /api/v1/currencies", a.listCurrencies},

		{"GET /api/v1/auth/providers", a.listProviders},
		{"POST /api/v1/auth/signup", a.signUp},
		{"POST /api/v1/auth/login", a.login},
		{"POST /api/v1/auth/logout", a.logout},
		{"GET /auth/oidc/{provider}/login", a.oidcLogin},
		{"GET /auth/oidc/{provider}/callback", a.oidcCallback},

		{"GET /api/v1/me", a.authed(a.getMe)},
		{"PATCH /api/v1/me", a.authed(a.patchMe)},
		{"DELETE /api/v1/me", a.authed(a.deleteMe)},
		{"PUT /api/v1/me/settings", a.authed(a.putSettings)},
		{"POST /api/v1/me/welcome", a.authed(a.welcome)},
		{"PUT /api/v1/me/password", a.authed(a.changePassword)},
		{"DELETE /api/v1/me/sessions", a.authed(a.endAllSessions)},
		{"GET /api/v1/me/export", a.authed(a.exportMe)},

		{"GET /api/v1/ledger", a.authed(a.getLedger)},
		{"PUT /api/v1/ledger", a.authed(a.putLedger)},
		{"GET /api/v1/ledger/currencies", a.authed(a.listCustomCurrencies)},
		{"POST /api/v1/ledger/currencies", a.authed(a.createCustomCurrency)},
		{"DELETE /api/v1/ledger/currencies/{code}", a.authed(a.deleteCustomCurrency)},
		{"GET /api/v1/rates", a.authed(a.listRates)},
		{"POST /api/v1/rates", a.authed(a.createRate)},
		{"POST /api/v1/rates/import", a.authed(a.importRates)},
		{"POST /api/v1/rates/ecb", a.authed(a.downloadRates)},
		{"DELETE /api/v1/rates/{id}", a.authed(a.deleteRate)},

		{"GET /api/v1/accounts", a.authed(a.listAccounts)},
		{"POST /api/v1/accounts", a.authed(a.createAccount)},
		{"PUT /api/v1/accounts/order", a.authed(a.reorderAccounts)},
		{"GET /api/v1/accounts/{id}", a.authed(a.getAccount)},
		{"PATCH /api/v1/accounts/{id}", a.authed(a.patchAccount)},
		{"DELETE /api/v1/accounts/{id}", a.authed(a.deleteAccount)},

		{"GET /api/v1/categories", a.authed(a.listCategories)},
		{"POST /api/v1/categories", a.authed(a.createCategory)},
		{"POST /api/v1/categories/starter", a.authed(a.createStarterCategories)},
		{"PUT /api/v1/categories/order", a.authed(a.reorderCategories)},
		{"GET /api/v1/categories/suggest", a.authed(a.suggestCategories)},
		{"GET /api/v1/categories/{id}", a.authed(a.getCategory)},
		{"PATCH /api/v1/categories/{id}", a.authed(a.patchCategory)},
		{"DELETE /api/v1/categories/{id}", a.authed(a.deleteCategory)},

		{"GET /api/v1/movements", a.authed(a.listMovements)},
		{"POST /api/v1/movements", a.authed(a.createMovement)},
		{"GET /api/v1/movements/totals", a.authed(a.movementTotals)},
		{"GET /api/v1/movements/export.csv", a.authed(a.exportMovements)},
		{"POST /api/v1/movements/bulk", a.authed(a.bulkMovements)},
		{"GET /api/v1/movements/{id}", a.authed(a.getMovement)},
		{"PATCH /api/v1/movements/{id}", a.authed(a.patchMovement)},
		{"DELETE /api/v1/movements/{id}", a.authed(a.deleteMovement)},
		{"GET /api/v1/movements/{id}/attachments", a.authed(a.listAttachments)},
		{"POST /api/v1/movements/{id}/attachments", a.authed(a.addAttachment)},
		{"GET /api/v1/attachments/{id}", a.authed(a.getAttachment(false))},
		{"GET /api/v1/attachments/{id}/thumbnail", a.authed(a.getAttachment(true))},
		{"DELETE /api/v1/attachments/{id}", a.authed(a.deleteAttachment)},

		{"GET /api/v1/reports/categories", a.authed(a.reportCategories)},
		{"GET /api/v1/reports/trend", a.authed(a.reportMonthly)},
		{"GET /api/v1/reports/cashflow", a.authed(a.reportMonthly)},
		{"GET /api/v1/reports/networth", a.authed(a.reportNetWorth)},
		{"GET /api/v1/reports/compare", a.authed(a.reportCompare)},
		{"GET /api/v1/reports/budget", a.authed(a.reportBudget)},
		{"GET /api/v1/dashboard", a.authed(a.dashboard)},

		{"GET /api/v1/budgets", a.authed(a.getBudgets)},
		{"PUT /api/v1/budgets", a.authed(a.putBudgets)},
		{"POST /api/v1/budgets/copy", a.authed(a.copyBudgets)},
		{"POST /api/v1/budgets/fill", a.authed(a.fillBudgets)},

		{"GET /api/v1/schedules", a.authed(a.listSchedules)},
		{"POST /api/v1/schedules", a.authed(a.createSchedule)},
		{"GET /api/v1/schedules/upcoming", a.authed(a.upcomingSchedules)},
		{"GET /api/v1/schedules/suggestions", a.authed(a.scheduleSuggestions)},
		{"GET /api/v1/schedules/{id}", a.authed(a.getSchedule)},
		{"PATCH /api/v1/schedules/{id}", a.authed(a.patchSchedule)},
		{"DELETE /api/v1/schedules/{id}", a.authed(a.deleteSchedule)},
		{"POST /api/v1/schedules/{id}/post", a.authed(a.postSchedule)},
		{"POST /api/v1/schedules/{id}/skip", a.authed(a.skipSchedule)},
		{"GET /api/v1/forecast", a.authed(a.forecast)},

		{"GET /api/v1/rules", a.authed(a.listRules)},
		{"POST /api/v1/rules", a.authed(a.createRule)},
		{"PUT /api/v1/rules/order", a.authed(a.reorderRules)},
		{"GET /api/v1/rules/{id}", a.authed(a.getRule)},
		{"PATCH /api/v1/rules/{id}", a.authed(a.patchRule)},
		{"DELETE /api/v1/rules/{id}", a.authed(a.deleteRule)},
		{"POST /api/v1/rules/{id}/apply", a.authed(a.applyRule)},
		{"POST /api/v1/rules/runs/{id}/undo", a.authed(a.undoRuleRun)},

		{"POST /api/v1/imports", a.authed(a.uploadImport)},
		{"POST /api/v1/imports/{id}/preview", a.authed(a.previewImport)},
		{"POST /api/v1/imports/{id}/commit", a.authed(a.commitImport)},
		{"DELETE /api/v1/imports/{id}", a.authed(a.discardImport)},
	}
}

// Routes returns the pattern of every endpoint, for tests that must cover
// them all.
func (a *API) Routes() []string {
	var out []string
	for _, rt := range a.routes() {
		out = append(out, rt.pattern)
	}
	return out
}

// Register adds every API route to mux.
func (a *API) Register(mux *http.ServeMux) {
	for _, rt := range a.routes() {
		mux.HandleFunc(rt.pattern, a.cleanInput(rt.handler))
	}

	mux.HandleFunc("/api/", NotFound)
	mux.HandleFunc("/auth/", NotFound)
}

// cleanInput refuses a path or query that the database could not store or
// compare: a NUL character or bytes that are not UTF-8 (PostgreSQL's text
// refuses both). JSON bodies are checked where they are decoded.
func (a *API) cleanInput(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !cleanText(r.URL.Path) {
			a.fail(w, r, finance.Errorf(finance.ECodeInvalid, "the path holds a NUL character or is not UTF-8"))
			return
		}
		q, err := url.ParseQuery(r.URL.RawQuery)
		if err != nil {
			a.fail(w, r, finance.Errorf(finance.ECodeInvalid, "the query string is malformed"))
			return
		}
		for k, vs := range q {
			for _, v := range vs {
				if !cleanText(k) || !cleanText(v) {
					a.fail(w, r, finance.Errorf(finance.ECodeInvalid, "the query parameter %q holds a NUL character or is not UTF-8", k))
					return
				}
			}
		}
		h(w, r)
	}
}

func cleanText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }
