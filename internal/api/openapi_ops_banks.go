package api

import "cashcontrol/internal/finance"

// bankProblems are what a call to a bank provider may answer.
var bankProblems = []string{finance.ECodeBankUnavailable, finance.ECodeBankRateLimited, finance.ECodeBankConsentExpired,
	finance.ECodeSecretKeyUnavailable, finance.ECodeConflict}

func bankOps() map[string]op {
	return map[string]op{
		"GET /api/v1/bank/connections": {id: "listBankConnections", summary: "The ledger's bank connections, without their credentials",
			desc:  "Each with the bank's accounts (balance: the bank's booked balance on balanceDate, appBalance the linked account's), the last sync's result or error, and the consent's end.",
			reply: list[finance.BankConnection]{}},
		"POST /api/v1/bank/connections": {id: "connectBank", summary: "Connect a bank",
			desc: "SimpleFIN: setupToken (the base64 of a claim URL, claimed once): 201 with the connection, active, and the bank's accounts. " +
				"Enable Banking: the user's own applicationId and privateKey (PEM): 201 with the connection pending; then list its banks " +
				"(…/institutions) and start the authorisation (…/start). Credentials are kept sealed with the server's secret key: " +
				"without one (CASHCONTROL_SECRET_KEY), 409 secret_key_required and nothing is claimed or kept.",
			body: finance.BankConnectInput{}, status: 201, reply: finance.BankConnection{},
			problems: append([]string{finance.ECodeSecretKeyRequired}, bankProblems...)},
		"GET /api/v1/bank/connections/{id}": {id: "getBankConnection", summary: "A bank connection", reply: finance.BankConnection{}},
		"PATCH /api/v1/bank/connections/{id}": {id: "patchBankConnection", summary: "Change how often a connection syncs by itself",
			desc: "syncEveryHours: 0 (by hand only) to 168; the next scheduled sync comes that long after the last. Of several servers, one runs each.",
			body: finance.BankConnectionPatch{}, reply: finance.BankConnection{}},
		"DELETE /api/v1/bank/connections/{id}": {id: "disconnectBank", summary: "Disconnect a bank (its movements stay)", status: 204,
			problems: []string{finance.ECodeSecretKeyUnavailable}},
		"GET /api/v1/bank/connections/{id}/institutions": {id: "listBankInstitutions", summary: "The banks of a country the connection's provider offers",
			query: []param{qp("country", "string", "ISO 3166 alpha-2 (Enable Banking).")}, reply: list[finance.BankInstitution]{}, problems: bankProblems},
		"POST /api/v1/bank/connections/{id}/start": {id: "startBankConnection", summary: "Ask the bank for the user's authorisation (Enable Banking)",
			desc: "Answers the address to send the browser to; the bank sends it back to GET /api/v1/bank/callback.",
			body: finance.BankStartInput{}, reply: finance.BankStarted{}, problems: bankProblems},
		"GET /api/v1/bank/callback": {id: "bankCallback", summary: "The bank's answer: finishes the authorisation and redirects to the app",
			query:  []param{qp("state", "string", "The authorisation's state."), qp("code", "string", "The bank's code."), qp("error", "string", "Set when the user refused.")},
			status: 303, desc: "Redirects to /config/banks?connection=<id>, or /config/banks?bankError=<code>."},
		"PUT /api/v1/bank/connections/{id}/accounts/{bankAccountId}": {id: "linkBankAccount", summary: "Link one of the bank's accounts to an account of the ledger",
			desc: "The account must have the bank account's currency; accountId null unlinks it. Only linked accounts are synced.",
			body: finance.BankLinkInput{}, reply: finance.BankConnection{}, problems: ledgerData},
		"POST /api/v1/bank/connections/{id}/sync": {id: "syncBank", summary: "Sync a bank connection now",
			desc: "Fetches the linked accounts' transactions since the last booked day minus a few (banks book late) and answers what it " +
				"created, matched with movements the ledger had (typed or imported; see …/matches) and updated (pending ones booked). " +
				"Nothing is taken twice: a sync with nothing new answers created 0. A failure is kept on the connection (lastError).",
			reply: finance.BankSyncResult{}, problems: append([]string{finance.ECodeLimitExceeded}, bankProblems...)},
		"GET /api/v1/bank/connections/{id}/matches": {id: "listBankMatches", summary: "The bank transactions a sync matched with movements the ledger had",
			reply: list[finance.BankMatch]{}},
		"DELETE /api/v1/bank/connections/{id}/matches/{matchId}": {id: "undoBankMatch", summary: "Undo a match: the bank transaction becomes a movement of its own",
			reply: finance.BankUndone{}, problems: ledgerData},
	}
}
