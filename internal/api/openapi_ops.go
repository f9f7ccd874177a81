package api

import (
	"maps"

	"github.com/go-webauthn/webauthn/protocol"

	"cashcontrol/internal/auth"
	"cashcontrol/internal/finance"
	"cashcontrol/internal/money"
)

// operations documents every route of the table, keyed by its pattern (a
// ledger route's alias under /api/v1/ledgers/{ledgerId} shares its route's).
func operations() map[string]op {
	out := map[string]op{}
	for _, part := range []map[string]op{publicOps(), accountOps(), adminOps(), ledgerOps(), bookOps(), movementOps(), planOps(), bankOps()} {
		maps.Copy(out, part)
	}
	return out
}

const (
	user2FA   = "The user document, and the session cookie."
	reachable = "Anyone may call it."
)

func publicOps() map[string]op {
	return map[string]op{
		"GET /api/v1/health": {id: "health", summary: "The server and its database answer", desc: reachable, reply: healthReply{}},
		"GET /api/v1/meta": {id: "getMeta", summary: "What this server offers",
			desc: "Its version, support address, whether sign-ups are open, whether \"forgot password\" sends email, whether passkeys work here and whether banks can be connected (the server has a secret key).", reply: Meta{}},
		"GET /api/v1/currencies":     {id: "listCurrencies", summary: "The ISO 4217 currencies the server knows", reply: []money.Currency{}},
		"GET " + OpenAPIPath:         {id: "getOpenAPI", summary: "This document", reply: map[string]any{}},
		"GET /api/v1/auth/providers": {id: "listProviders", summary: "The OpenID Connect providers one can sign in with", reply: []auth.ProviderInfo{}},
		"POST /api/v1/auth/signup": {id: "signUp", required: []string{"email", "password"}, summary: "Create an account with an email and a password", body: finance.SignUp{},
			status: 201, reply: finance.User{}, desc: user2FA,
			problems: []string{finance.ECodeEmailTaken, finance.ECodeSignupDisabled, finance.ECodeRateLimited}},
		"POST /api/v1/auth/login": {id: "login", required: []string{"email", "password"}, summary: "Sign in with an email and a password", body: loginRequest{}, reply: finance.User{},
			desc:     user2FA + " With two-step sign-in on, a right password answers 202 and the short-lived cc_2fa cookie instead: send the code to /api/v1/auth/login/two-factor.",
			also:     []answer{{status: 202, desc: "The password is right; the second step must follow.", reply: twoFactorRequired{}}},
			problems: []string{finance.ECodeInvalidCredentials, finance.ECodeAccountDisabled, finance.ECodeRateLimited}},
		"POST /api/v1/auth/login/two-factor": {id: "loginSecondStep", summary: "The sign-in's second step: a code or a recovery code",
			body: auth.SecondStepRequest{}, reply: finance.User{}, desc: user2FA,
			problems: []string{finance.ECodeTwoFactorExpired, finance.ECodeTwoFactorAttempts, finance.ECodeAccountDisabled, finance.ECodeRateLimited, finance.ECodeSecretKeyUnavailable}},
		"POST /api/v1/auth/passkey/options": {id: "passkeySignInOptions", summary: "Begin a sign-in with a passkey",
			desc: "The options for navigator.credentials.get, and the cc_webauthn cookie (5 minutes).", reply: protocol.CredentialAssertion{},
			problems: []string{finance.ECodePasskeysOff, finance.ECodeRateLimited}},
		"POST /api/v1/auth/passkey": {id: "passkeySignIn", summary: "Sign in with a passkey", body: auth.PasskeySignInRequest{}, reply: finance.User{},
			desc:     user2FA + " No second step follows: the device verified its user.",
			problems: []string{finance.ECodePasskeyFailed, finance.ECodePasskeysOff, finance.ECodeAccountDisabled, finance.ECodeRateLimited}},
		"POST /api/v1/auth/logout": {id: "logout", summary: "Sign out: the session ends", status: 204},
		"POST /api/v1/auth/password-reset": {id: "forgotPassword", summary: "Email a password-reset link", body: forgotPasswordRequest{}, status: 202,
			desc:     "Answers 202 whether or not the account exists; when it does, a link valid one hour is emailed in the user's language.",
			problems: []string{finance.ECodeResetByEmailOff, finance.ECodeRateLimited}},
		"GET /api/v1/auth/password-reset/{token}": {id: "checkResetLink", summary: "The account a reset link is for, while it works",
			reply: resetLinkReply{}, problems: []string{finance.ECodeResetLinkInvalid}},
		"POST /api/v1/auth/password-reset/{token}": {id: "resetPassword", summary: "Set a new password with a reset link",
			desc: "Every session of the user ends. A link works once.", body: auth.ResetPasswordRequest{}, status: 204,
			problems: []string{finance.ECodeResetLinkInvalid, finance.ECodeRateLimited}},
		"GET /auth/oidc/{provider}/login": {id: "oidcLogin", summary: "Begin signing in with an OpenID Connect provider (a browser's redirect)",
			status: 302, also: []answer{{status: 303, desc: "Back to /login?error=oidc_failed"}}},
		"GET /auth/oidc/{provider}/callback": {id: "oidcCallback", summary: "The provider's answer: signs in and redirects to the app",
			status: 303, desc: "Redirects to / signed in, or to /login?error=<code> (oidc_failed, signup_disabled, email_unverified)."},
	}
}

func accountOps() map[string]op {
	return map[string]op{
		"GET /api/v1/me": {id: "getMe", summary: "The signed-in user", reply: finance.User{}},
		"PATCH /api/v1/me": {id: "patchMe", summary: "Change the profile", body: finance.ProfilePatch{}, reply: finance.User{},
			desc: "Only the fields sent change. photoURL is empty or an https:// address; timeZone an IANA name (\"\" for UTC)."},
		"DELETE /api/v1/me": {id: "deleteMe", summary: "Delete the account and every ledger it alone owns", body: deleteMeRequest{}, status: 204,
			desc: "The current password is needed when the account has one; without, a sign-in in the last 5 minutes.", problems: []string{finance.ECodeRecentSignInRequired, finance.ECodeRateLimited, finance.ECodeLastOwner}},
		"PUT /api/v1/me/settings": {id: "putSettings", summary: "The language and theme", body: finance.Settings{}, reply: finance.User{}},
		"POST /api/v1/me/welcome": {id: "welcome", summary: "Finish the first-run welcome", body: welcomeRequest{}, reply: finance.User{}},
		"PUT /api/v1/me/password": {id: "changePassword", summary: "Change the password", body: auth.ChangePasswordRequest{}, status: 204,
			desc: "Every other session of the user ends.", problems: []string{finance.ECodeRateLimited}},
		"DELETE /api/v1/me/sessions": {id: "endAllSessions", summary: "Sign out everywhere", status: 204},
		"GET /api/v1/me/export": {id: "exportMe", summary: "Everything the user owns, as JSON or a zip with the attachments",
			query: []param{qp("format", "json|zip", "zip: a zip holding the JSON and every attachment.")}, reply: exportDocument{}, media: "application/zip"},
		"POST /api/v1/me/ledger-imports": {id: "uploadLedgerImport", summary: "Upload a file that becomes a new ledger, and see what it holds",
			desc: "The user's own export (JSON or zip), Firefly III's CSV export, Actual Budget's exported zip, or ezBookkeeping's CSV/TSV export. " +
				"The preview is what committing writes; rows that cannot be taken are listed in skipped. The file is kept a day.",
			form: []param{{name: "file", kind: "file", desc: "The file (at most 20 MB)."}}, status: 201, reply: ledgerImport{},
			problems: []string{finance.ECodeUnsupportedMedia, finance.ECodePayloadTooLarge, finance.ECodeTooManyUploads, finance.ECodeRateLimited,
				finance.ECodeLimitExceeded}},
		"GET /api/v1/me/ledger-imports/{id}": {id: "getLedgerImport", summary: "Preview a kept file again, or another of an export's ledgers",
			desc: "With the upload's choices, the preview the upload answered (kept with the file); other choices read the file again, within the uploads' rate.",
			query: []param{qp("ledger", "string", "Which of the export's ledgers (its id in the file); the first by default."),
				qp("baseCurrency", "string", "The new ledger's base currency (the file's, else the user's, by default): accounts the file gives no currency are in it.")},
			reply: ledgerImport{}, problems: []string{finance.ECodeAlreadyCommitted, finance.ECodeLimitExceeded, finance.ECodeRateLimited}},
		"POST /api/v1/me/ledger-imports/{id}/commit": {id: "commitLedgerImport", summary: "Create the new ledger from the file, whole or not at all",
			desc: "A repeated or concurrent commit creates nothing and answers already_committed.", body: ledgerImportCommit{}, status: 201,
			reply: finance.LedgerImportResult{}, problems: []string{finance.ECodeAlreadyCommitted, finance.ECodeLimitExceeded, finance.ECodeTooManyLedgers}},
		"DELETE /api/v1/me/ledger-imports/{id}": {id: "deleteLedgerImport", summary: "Discard a kept file", status: 204,
			problems: []string{finance.ECodeAlreadyCommitted}},
		"GET /api/v1/me/two-factor": {id: "getTwoFactor", summary: "Whether two-step sign-in is on, and how many recovery codes are left", reply: finance.TwoFactorStatus{}},
		"POST /api/v1/me/two-factor/setup": {id: "setupTwoFactor", summary: "Begin turning two-step sign-in on: a new key and its QR code",
			body: setupTwoFactorRequest{}, reply: finance.TwoFactorSetup{}, problems: []string{finance.ECodeTwoFactorEnabled, finance.ECodePasswordRequired, finance.ECodeRateLimited}},
		"POST /api/v1/me/two-factor/confirm": {id: "confirmTwoFactor", summary: "Turn two-step sign-in on with a first code: the recovery codes, shown once",
			body: confirmTwoFactorRequest{}, reply: finance.RecoveryCodes{}, problems: []string{finance.ECodeTwoFactorEnabled, finance.ECodeTwoFactorNotStarted, finance.ECodeRateLimited, finance.ECodeSecretKeyUnavailable}},
		"POST /api/v1/me/two-factor/recovery-codes": {id: "renewRecoveryCodes", summary: "New recovery codes (the old ones stop working)",
			body: auth.SecondFactorRequest{}, reply: finance.RecoveryCodes{}, problems: []string{finance.ECodeTwoFactorDisabled, finance.ECodeRateLimited, finance.ECodeSecretKeyUnavailable}},
		"DELETE /api/v1/me/two-factor": {id: "disableTwoFactor", summary: "Turn two-step sign-in off", body: auth.SecondFactorRequest{}, status: 204,
			problems: []string{finance.ECodeTwoFactorDisabled, finance.ECodeRateLimited, finance.ECodeSecretKeyUnavailable}},
		"GET /api/v1/me/passkeys": {id: "listPasskeys", summary: "The user's passkeys", reply: []finance.Passkey{}},
		"POST /api/v1/me/passkeys/options": {id: "passkeyCreationOptions", summary: "Begin adding a passkey",
			desc: "The options for navigator.credentials.create, and the cc_webauthn cookie (5 minutes).", reply: protocol.CredentialCreation{},
			problems: []string{finance.ECodePasskeysOff, finance.ECodeLimitExceeded}},
		"POST /api/v1/me/passkeys": {id: "addPasskey", summary: "Add a passkey", body: auth.AddPasskeyRequest{}, status: 201, reply: finance.Passkey{},
			problems: []string{finance.ECodePasskeyFailed, finance.ECodePasskeysOff, finance.ECodeLimitExceeded}},
		"PATCH /api/v1/me/passkeys/{id}":  {id: "renamePasskey", summary: "Rename a passkey", body: renamePasskeyRequest{}, reply: finance.Passkey{}},
		"DELETE /api/v1/me/passkeys/{id}": {id: "removePasskey", summary: "Remove a passkey", status: 204},
		"GET /api/v1/me/tokens":           {id: "listTokens", summary: "The user's API tokens (never their secrets)", reply: []finance.APIToken{}},
		"POST /api/v1/me/tokens": {id: "createToken", required: []string{"name", "scope"}, summary: "Create an API token: its secret is in this answer only", body: finance.NewAPIToken{},
			status: 201, reply: createdToken{}, problems: []string{finance.ECodeLimitExceeded}},
		"DELETE /api/v1/me/tokens/{id}": {id: "revokeToken", summary: "Revoke an API token", status: 204},
		"GET /api/v1/me/security-events": {id: "listSecurityEvents", summary: "The user's recent security activity, newest first",
			query: []param{qp("limit", "int", "How many (1–200, 50 by default).")}, reply: []finance.SecurityEvent{}},
	}
}

func adminOps() map[string]op {
	return map[string]op{
		"GET /api/v1/admin/users": {id: "adminUsers", summary: "The instance's users", reply: []finance.AdminUser{}},
		"PATCH /api/v1/admin/users/{userId}": {id: "adminPatchUser", summary: "Disable or enable a user, make or remove an administrator, turn a user's two-step sign-in off",
			body: finance.AdminUserPatch{}, reply: finance.AdminUser{}, desc: "Disabling ends the user's sessions. The last enabled administrator stays one.",
			problems: []string{finance.ECodeLastAdmin, finance.ECodeForbidden}},
		"POST /api/v1/admin/users/{userId}/password-reset": {id: "adminResetLink", summary: "A one-time password-reset link for a user (24 hours)",
			status: 201, reply: finance.PasswordResetLink{}, problems: []string{finance.ECodeForbidden, finance.ECodeAccountDisabled}},
		"GET /api/v1/admin/settings": {id: "adminSettings", summary: "The instance's settings", reply: finance.InstanceSettings{}, problems: []string{finance.ECodeForbidden}},
		"PUT /api/v1/admin/settings": {id: "adminPutSettings", summary: "Open or close sign-ups, for every server", body: adminSettingsRequest{},
			reply: finance.InstanceSettings{}, problems: []string{finance.ECodeForbidden}},
		"GET /api/v1/admin/backups": {id: "adminBackups", summary: "The scheduled backups: their settings and the last 10 taken",
			reply: backupStatus{}, problems: []string{finance.ECodeForbidden}},
		"POST /api/v1/admin/backups": {id: "adminBackupNow", summary: "Take a backup now (into CASHCONTROL_BACKUP_DIR)", status: 201,
			reply: finance.BackupRun{}, problems: []string{finance.ECodeForbidden, finance.ECodeBackupsOff, finance.ECodeBackupFailed}},
		"GET /api/v1/admin/security-events": {id: "adminSecurityEvents", summary: "Every user's security activity, newest first",
			query: []param{qp("limit", "int", "How many (1–200, 100 by default).")}, reply: []finance.AdminSecurityEvent{}, problems: []string{finance.ECodeForbidden}},
	}
}

func ledgerOps() map[string]op {
	return map[string]op{
		"PUT /api/v1/me/ledger": {id: "setCurrentLedger", summary: "Work in another of the user's ledgers", body: currentLedgerRequest{}, reply: finance.User{},
			problems: []string{finance.ECodeNotFound}},
		"GET /api/v1/ledgers": {id: "listLedgers", summary: "The ledgers the user belongs to", reply: list[finance.LedgerInfo]{}},
		"POST /api/v1/ledgers": {id: "createLedger", required: []string{"name"}, summary: "Create a ledger the user owns", body: finance.LedgerInput{}, status: 201, reply: finance.LedgerInfo{},
			problems: []string{finance.ECodeTooManyLedgers}},
		"GET /api/v1/ledgers/{ledgerId}":   {id: "getLedgerInfo", summary: "A ledger, with the user's role in it", reply: finance.LedgerInfo{}},
		"PATCH /api/v1/ledgers/{ledgerId}": {id: "renameLedger", summary: "Rename a ledger", body: finance.LedgerInput{}, reply: finance.LedgerInfo{}},
		"DELETE /api/v1/ledgers/{ledgerId}": {id: "deleteLedger", summary: "Delete a ledger and everything in it", status: 204,
			problems: []string{finance.ECodeDefaultLedger}},
		"GET /api/v1/ledgers/{ledgerId}/members": {id: "listMembers", summary: "The ledger's members and their roles", reply: list[finance.Member]{}},
		"GET /api/v1/ledgers/{ledgerId}/activity": {id: "listActivity", summary: "The ledger's activity, newest first",
			query: []param{qp("before", "string", "The nextCursor of the page before."), qp("limit", "int", "How many (1–200, 50 by default).")}, reply: list[finance.Activity]{}},
		"PATCH /api/v1/ledgers/{ledgerId}/members/{userId}": {id: "patchMember", summary: "Give a member another role", body: memberRoleRequest{},
			reply: finance.Member{}, problems: []string{finance.ECodeLastOwner}},
		"DELETE /api/v1/ledgers/{ledgerId}/members/{userId}": {id: "removeMember", summary: "Remove a member (an owner), or leave (the member)", status: 204,
			problems: []string{finance.ECodeLastOwner, finance.ECodeDefaultLedger}},
		"POST /api/v1/ledgers/{ledgerId}/transfer": {id: "transferLedger", summary: "Make another member the owner (the caller becomes an editor)",
			body: transferRequest{}, reply: list[finance.Member]{}},
		"GET /api/v1/ledgers/{ledgerId}/invitations": {id: "listInvitations", summary: "The ledger's pending invitations", reply: list[finance.Invitation]{}},
		"POST /api/v1/ledgers/{ledgerId}/invitations": {id: "createInvitation", required: []string{"email", "role"}, summary: "Invite someone by email (the link is in the answer and, with SMTP, in an email)",
			body: finance.InvitationInput{}, status: 201, reply: finance.Invitation{}, problems: []string{finance.ECodeAlreadyMember, finance.ECodeLimitExceeded}},
		"DELETE /api/v1/ledgers/{ledgerId}/invitations/{id}": {id: "revokeInvitation", summary: "Revoke a pending invitation", status: 204},
		"GET " + EventsPath: {id: "events", summary: "Live changes of the user's ledgers (server-sent events)", reply: "", media: "text/event-stream",
			desc:     "Each event names the ledger that changed; the web app reloads what it shows of it. A user, and the server, keep a bounded number of streams open.",
			problems: []string{finance.ECodeTooManyStreams}},
		"GET /api/v1/invitations/{token}": {id: "getInvitation", summary: "An invitation, before accepting it", reply: finance.InvitationView{}},
		"POST /api/v1/invitations/{token}/accept": {id: "acceptInvitation", summary: "Accept an invitation: the user joins the ledger",
			reply: finance.LedgerInfo{}, problems: []string{finance.ECodeInvitationEmail, finance.ECodeAlreadyMember}},

		"GET /api/v1/ledger": {id: "getLedger", summary: "The ledger's settings", reply: finance.Ledger{}},
		"PUT /api/v1/ledger": {id: "putLedger", summary: "Change the ledger's base currency or the daily ECB rates", body: ledgerSettingsRequest{},
			reply: finance.Ledger{}, problems: []string{finance.ECodeRatesUnavailable}},
		"GET /api/v1/ledger/currencies": {id: "listCustomCurrencies", summary: "The ledger's own currencies (crypto, points…)", reply: list[finance.CustomCurrency]{}},
		"POST /api/v1/ledger/currencies": {id: "createCustomCurrency", required: []string{"code", "name"}, summary: "Add a currency of the ledger's own", body: finance.CustomCurrency{}, status: 201, reply: finance.CustomCurrency{},
			problems: []string{finance.ECodeConflict}},
		"DELETE /api/v1/ledger/currencies/{code}": {id: "deleteCustomCurrency", summary: "Remove a currency of the ledger's own", status: 204,
			problems: []string{finance.ECodeInUse}},
		"GET /api/v1/rates": {id: "listRates", summary: "Exchange rates (to the base currency), newest first",
			query: []param{qp("currency", "string", "Only this currency's."), qp("from", "date", "From this day."), qp("to", "date", "Up to this day.")},
			reply: list[finance.Rate]{}},
		"POST /api/v1/rates": {id: "createRate", required: []string{"currency", "date", "rate"}, summary: "Set a day's rate by hand", body: finance.RateInput{}, status: 201, reply: finance.Rate{}},
		"POST /api/v1/rates/import": {id: "importRates", summary: "Import rates from a CSV (date,currency,rate)",
			form: []param{{name: "file", kind: "file", desc: "The CSV file."}},
			query: []param{qp("dryRun", "bool", "true: answer the preview, store nothing."), qp("skipInvalid", "bool", "true: store the good lines, skip the bad."),
				qp("quote", "string", "The currency the rates are in (the base currency by default).")},
			reply: ratesImported{}, also: []answer{{status: 200, desc: "With dryRun=true: the preview.", reply: ratesPreview{}}},
			desc: "All or none: a bad line refuses the file unless skipInvalid=true. With dryRun=true the answer is the preview (ratesPreview)."},
		"POST /api/v1/rates/ecb": {id: "downloadRates", summary: "Download the ECB's reference rates now", reply: ratesImported{},
			problems: []string{finance.ECodeRatesUnavailable}},
		"DELETE /api/v1/rates/{id}": {id: "deleteRate", summary: "Delete a rate", status: 204},
	}
}
