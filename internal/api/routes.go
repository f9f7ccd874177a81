package api

import (
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"cashcontrol/internal/finance"
)

// routes is the route table: every endpoint of the API.
func (a *API) routes() []route {
	return []route{
		open("GET /api/v1/health", a.health),
		open("GET /api/v1/meta", a.getMeta),
		open("GET /api/v1/currencies", a.listCurrencies),
		open("GET "+OpenAPIPath, a.getOpenAPI),

		open("GET /api/v1/auth/providers", a.listProviders),
		open("POST /api/v1/auth/signup", a.signUp),
		open("POST /api/v1/auth/login", a.login),
		open("POST /api/v1/auth/login/two-factor", a.loginSecondStep),
		open("POST /api/v1/auth/passkey/options", a.passkeySignInOptions),
		open("POST /api/v1/auth/passkey", a.passkeySignIn),
		open("POST /api/v1/auth/logout", a.logout),
		open("POST /api/v1/auth/password-reset", a.forgotPassword),
		open("GET /api/v1/auth/password-reset/{token}", a.checkResetLink),
		open("POST /api/v1/auth/password-reset/{token}", a.resetPassword),
		open("GET /auth/oidc/{provider}/login", a.oidcLogin),
		open("GET /auth/oidc/{provider}/callback", a.oidcCallback),

		me("GET /api/v1/me", a.getMe),
		me("PATCH /api/v1/me", a.patchMe),
		session("DELETE /api/v1/me", a.deleteMe),
		me("PUT /api/v1/me/settings", a.putSettings),
		me("POST /api/v1/me/welcome", a.welcome),
		session("PUT /api/v1/me/password", a.changePassword),
		session("DELETE /api/v1/me/sessions", a.endAllSessions),
		me("GET /api/v1/me/export", a.exportMe),
		me("POST /api/v1/me/ledger-imports", a.uploadLedgerImport),
		me("GET /api/v1/me/ledger-imports/{id}", a.getLedgerImport),
		me("POST /api/v1/me/ledger-imports/{id}/commit", a.commitLedgerImport),
		me("DELETE /api/v1/me/ledger-imports/{id}", a.deleteLedgerImport),
		session("GET /api/v1/me/two-factor", a.getTwoFactor),
		session("POST /api/v1/me/two-factor/setup", a.setupTwoFactor),
		session("POST /api/v1/me/two-factor/confirm", a.confirmTwoFactor),
		session("POST /api/v1/me/two-factor/recovery-codes", a.renewRecoveryCodes),
		session("DELETE /api/v1/me/two-factor", a.disableTwoFactor),
		session("GET /api/v1/me/passkeys", a.listPasskeys),
		session("POST /api/v1/me/passkeys/options", a.passkeyCreationOptions),
		session("POST /api/v1/me/passkeys", a.addPasskey),
		session("PATCH /api/v1/me/passkeys/{id}", a.renamePasskey),
		session("DELETE /api/v1/me/passkeys/{id}", a.removePasskey),
		session("GET /api/v1/me/tokens", a.listTokens),
		session("POST /api/v1/me/tokens", a.createToken),
		session("DELETE /api/v1/me/tokens/{id}", a.revokeToken),
		me("GET /api/v1/me/security-events", a.listSecurityEvents),

		administer("GET /api/v1/admin/users", a.adminUsers),
		administer("PATCH /api/v1/admin/users/{userId}", a.adminPatchUser),
		administer("POST /api/v1/admin/users/{userId}/password-reset", a.adminResetLink),
		administer("GET /api/v1/admin/settings", a.adminSettings),
		administer("PUT /api/v1/admin/settings", a.adminPutSettings),
		administer("GET /api/v1/admin/security-events", a.adminSecurityEvents),
		administer("GET /api/v1/admin/backups", a.adminBackups),
		administer("POST /api/v1/admin/backups", a.adminBackupNow),

		me("PUT /api/v1/me/ledger", a.setCurrentLedger),
		me("GET /api/v1/ledgers", a.listLedgers),
		me("POST /api/v1/ledgers", a.createLedger),
		read("GET /api/v1/ledgers/{ledgerId}", a.getLedgerInfo),
		own("PATCH /api/v1/ledgers/{ledgerId}", a.renameLedger),
		own("DELETE /api/v1/ledgers/{ledgerId}", a.deleteLedger),
		read("GET /api/v1/ledgers/{ledgerId}/members", a.listMembers),
		read("GET /api/v1/ledgers/{ledgerId}/activity", a.listActivity),
		own("PATCH /api/v1/ledgers/{ledgerId}/members/{userId}", a.patchMember),
		read("DELETE /api/v1/ledgers/{ledgerId}/members/{userId}", a.removeMember), // an owner, or the member leaving
		own("POST /api/v1/ledgers/{ledgerId}/transfer", a.transferLedger),
		own("GET /api/v1/ledgers/{ledgerId}/invitations", a.listInvitations),
		own("POST /api/v1/ledgers/{ledgerId}/invitations", a.createInvitation),
		own("DELETE /api/v1/ledgers/{ledgerId}/invitations/{id}", a.revokeInvitation),
		session("GET "+EventsPath, a.events), // the stream checks its session as it sends: a browser's
		me("GET /api/v1/invitations/{token}", a.getInvitation),
		me("POST /api/v1/invitations/{token}/accept", a.acceptInvitation),

		read("GET /api/v1/ledger", a.getLedger),
		own("PUT /api/v1/ledger", a.putLedger),
		read("GET /api/v1/ledger/currencies", a.listCustomCurrencies),
		edit("POST /api/v1/ledger/currencies", a.createCustomCurrency),
		edit("DELETE /api/v1/ledger/currencies/{code}", a.deleteCustomCurrency),
		read("GET /api/v1/rates", a.listRates),
		edit("POST /api/v1/rates", a.createRate),
		edit("POST /api/v1/rates/import", a.importRates),
		edit("POST /api/v1/rates/ecb", a.downloadRates),
		edit("DELETE /api/v1/rates/{id}", a.deleteRate),

		read("GET /api/v1/accounts", a.listAccounts),
		edit("POST /api/v1/accounts", a.createAccount),
		edit("PUT /api/v1/accounts/order", a.reorderAccounts),
		read("GET /api/v1/accounts/{id}", a.getAccount),
		edit("PATCH /api/v1/accounts/{id}", a.patchAccount),
		edit("DELETE /api/v1/accounts/{id}", a.deleteAccount),
		edit("POST /api/v1/accounts/{id}/reconciliations", a.reconcileAccount),
		read("GET /api/v1/accounts/{id}/reconciliation", a.getReconciliation),
		edit("PUT /api/v1/accounts/{id}/reconciliation/draft", a.putReconcileDraft),
		edit("DELETE /api/v1/accounts/{id}/reconciliation/draft", a.deleteReconcileDraft),
		read("GET /api/v1/accounts/{id}/checkpoints", a.listCheckpoints),

		read("GET /api/v1/categories", a.listCategories),
		edit("POST /api/v1/categories", a.createCategory),
		edit("POST /api/v1/categories/starter", a.createStarterCategories),
		edit("PUT /api/v1/categories/order", a.reorderCategories),
		read("GET /api/v1/categories/suggest", a.suggestCategories),
		read("GET /api/v1/categories/{id}", a.getCategory),
		edit("PATCH /api/v1/categories/{id}", a.patchCategory),
		edit("DELETE /api/v1/categories/{id}", a.deleteCategory),

		read("GET /api/v1/movements", a.listMovements),
		edit("POST /api/v1/movements", a.createMovement),
		read("GET /api/v1/movements/totals", a.movementTotals),
		read("GET /api/v1/movements/export.csv", a.exportMovements),
		edit("POST /api/v1/movements/bulk", a.bulkMovements),
		read("GET /api/v1/movements/{id}", a.getMovement),
		edit("PATCH /api/v1/movements/{id}", a.patchMovement),
		edit("DELETE /api/v1/movements/{id}", a.deleteMovement),
		read("GET /api/v1/movements/{id}/attachments", a.listAttachments),
		edit("POST /api/v1/movements/{id}/attachments", a.addAttachment),
		read("GET /api/v1/attachments/{id}", a.getAttachment(false)),
		read("GET /api/v1/attachments/{id}/thumbnail", a.getAttachment(true)),
		edit("DELETE /api/v1/attachments/{id}", a.deleteAttachment),

		read("GET /api/v1/reports/categories", a.reportCategories),
		read("GET /api/v1/reports/trend", a.reportMonthly),
		read("GET /api/v1/reports/cashflow", a.reportMonthly),
		read("GET /api/v1/reports/networth", a.reportNetWorth),
		read("GET /api/v1/reports/compare", a.reportCompare),
		read("GET /api/v1/reports/budget", a.reportBudget),
		read("GET /api/v1/dashboard", a.dashboard),

		read("GET /api/v1/budgets", a.getBudgets),
		edit("PUT /api/v1/budgets", a.putBudgets),
		edit("POST /api/v1/budgets/copy", a.copyBudgets),
		edit("POST /api/v1/budgets/fill", a.fillBudgets),

		read("GET /api/v1/schedules", a.listSchedules),
		edit("POST /api/v1/schedules", a.createSchedule),
		read("GET /api/v1/schedules/upcoming", a.upcomingSchedules),
		read("GET /api/v1/schedules/suggestions", a.scheduleSuggestions),
		read("GET /api/v1/schedules/{id}", a.getSchedule),
		edit("PATCH /api/v1/schedules/{id}", a.patchSchedule),
		edit("DELETE /api/v1/schedules/{id}", a.deleteSchedule),
		edit("POST /api/v1/schedules/{id}/post", a.postSchedule),
		edit("POST /api/v1/schedules/{id}/skip", a.skipSchedule),
		read("GET /api/v1/forecast", a.forecast),

		edit("GET /api/v1/bank/connections", a.listBankConnections),
		edit("POST /api/v1/bank/connections", a.connectBank),
		edit("GET /api/v1/bank/connections/{id}", a.getBankConnection),
		edit("PATCH /api/v1/bank/connections/{id}", a.patchBankConnection),
		edit("DELETE /api/v1/bank/connections/{id}", a.disconnectBank),
		edit("GET /api/v1/bank/connections/{id}/institutions", a.listBankInstitutions),
		edit("POST /api/v1/bank/connections/{id}/start", a.startBankConnection),
		edit("PUT /api/v1/bank/connections/{id}/accounts/{bankAccountId}", a.linkBankAccount),
		edit("POST /api/v1/bank/connections/{id}/sync", a.syncBank),
		edit("GET /api/v1/bank/connections/{id}/matches", a.listBankMatches),
		edit("DELETE /api/v1/bank/connections/{id}/matches/{matchId}", a.undoBankMatch),
		session("GET /api/v1/bank/callback", a.bankCallback),

		read("GET /api/v1/rules", a.listRules),
		edit("POST /api/v1/rules", a.createRule),
		edit("PUT /api/v1/rules/order", a.reorderRules),
		read("GET /api/v1/rules/{id}", a.getRule),
		edit("PATCH /api/v1/rules/{id}", a.patchRule),
		edit("DELETE /api/v1/rules/{id}", a.deleteRule),
		edit("POST /api/v1/rules/{id}/apply", a.applyRule),
		edit("POST /api/v1/rules/runs/{id}/undo", a.undoRuleRun),

		edit("POST /api/v1/imports", a.uploadImport),
		edit("POST /api/v1/imports/{id}/preview", a.previewImport),
		edit("POST /api/v1/imports/{id}/commit", a.commitImport),
		edit("DELETE /api/v1/imports/{id}", a.discardImport),
	}
}

// Routes returns the pattern of every endpoint, for tests that must cover
// them all.
func (a *API) Routes() []string {
	var out []string
	for _, rt := range expand(a.routes()) {
		out = append(out, rt.pattern)
	}
	return out
}

// Register adds every API route to mux.
func (a *API) Register(mux *http.ServeMux) {
	for _, rt := range expand(a.routes()) {
		mux.HandleFunc(rt.pattern, a.cleanInput(a.wrap(rt)))
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

// SessionOnlyRoutes are the endpoints API tokens never reach, for tests.
func (a *API) SessionOnlyRoutes() map[string]bool {
	out := map[string]bool{}
	for _, rt := range expand(a.routes()) {
		if rt.sessionOnly {
			out[rt.pattern] = true
		}
	}
	return out
}

// RouteAccess maps every endpoint's pattern (aliases included) to who may
// call it: anyone, signedIn, viewer, editor or owner; for tests that walk
// every endpoint × role.
func (a *API) RouteAccess() map[string]string {
	names := map[access]string{anyone: "anyone", signedIn: "signedIn", viewer: "viewer", editor: "editor", owner: "owner", admin: "admin"}
	out := map[string]string{}
	for _, rt := range expand(a.routes()) {
		out[rt.pattern] = names[rt.access]
	}
	return out
}
