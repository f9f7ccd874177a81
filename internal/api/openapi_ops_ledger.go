package api

import (
	"cashcontrol/internal/finance"
)

// The filters of the movements' list, totals, export and reports.
var (
	movementFilters = []param{
		qp("from", "date", "From this day (inclusive)."), qp("to", "date", "Up to this day (inclusive)."),
		qp("type", "string", "expense, earning and/or transfer: comma-separated or repeated."),
		qp("accountId", "ids", "Account ids: comma-separated or repeated (at most 100)."),
		qp("categoryId", "ids", "Category ids (a parent includes its subcategories): comma-separated or repeated."),
		qp("tag", "string", "Tags: comma-separated or repeated; a movement has them all."),
		qp("minAmount", "int", "At least this amount (minor units)."), qp("maxAmount", "int", "At most this amount (minor units)."),
		qp("q", "string", "Words of the description or notes, by prefix, ignoring case and accents (at most 200 characters)."),
		qp("order", "asc|desc", "By date: newest first (desc, the default) or oldest first."),
		qp("state", "string", "uncleared, cleared and/or reconciled: comma-separated or repeated."),
	}
	reportFilters = []param{
		qp("from", "date", "From this day; by default the month of the ledger's first movement."),
		qp("to", "date", "Up to this day; by default today."),
		qp("today", "date", "The client's today, for the defaults."),
		qp("accountId", "ids", "Only these accounts: comma-separated or repeated."),
	}
	reportTypeParam = qp("type", "expense|earning", "expense (the default) or earning.")
	monthParam      = []param{qp("month", "string", "The month, YYYY-MM; by default today's."), qp("today", "date", "The client's today.")}
	ledgerData      = []string{finance.ECodeLimitExceeded, finance.ECodeConflict}
	confirmParam    = qp("confirm", "bool", "true: change or delete a reconciled movement (see the code reconciled).")
)

func bookOps() map[string]op {
	return map[string]op{
		"GET /api/v1/accounts": {id: "listAccounts", summary: "The accounts, in the user's order, with their balances", reply: list[finance.Account]{}},
		"POST /api/v1/accounts": {id: "createAccount", required: []string{"name", "type", "currency"}, summary: "Create an account", body: finance.AccountInput{}, status: 201, reply: finance.Account{},
			problems: ledgerData},
		"PUT /api/v1/accounts/order": {id: "reorderAccounts", summary: "Put the accounts in this order", body: reorderRequest{}, status: 204},
		"GET /api/v1/accounts/{id}":  {id: "getAccount", summary: "An account", reply: finance.Account{}},
		"PATCH /api/v1/accounts/{id}": {id: "patchAccount", summary: "Change an account (only the fields sent)", body: finance.AccountInput{}, reply: finance.Account{},
			problems: ledgerData},
		"DELETE /api/v1/accounts/{id}": {id: "deleteAccount", summary: "Delete an account",
			query:  []param{qp("withMovements", "bool", "true: delete its movements too."), qp("confirm", "string", "With withMovements: the account's name, typed.")},
			status: 204, problems: []string{finance.ECodeInUse}},
		"POST /api/v1/accounts/{id}/reconciliations": {id: "reconcileAccount", summary: "Reconcile an account against a bank statement",
			desc: "The cleared balance on date is the opening balance plus the account's cleared and reconciled movements up to and including " +
				"that date (transfers on both accounts). When it equals balance, the cleared movements up to date become reconciled in one write " +
				"(201; reconciled says how many). When it does not, 409 reconcile_difference with difference (balance − cleared balance) and nothing " +
				"changes, unless adjust: then a reconciled adjustment movement of the difference (category \"Reconciliation adjustment\" in the " +
				"user's language) makes them agree. Repeating it finds nothing more to reconcile.",
			body: finance.ReconcileInput{}, status: 201, reply: finance.ReconcileResult{}, idempotent: true,
			problems: append([]string{finance.ECodeReconcileDifference}, ledgerData...),
			also:     []answer{{status: 200, desc: "A replay of an Idempotency-Key: the first request's result.", reply: finance.ReconcileResult{}}}},
		"GET /api/v1/accounts/{id}/reconciliation": {id: "getReconciliation", summary: "The reconcile screen: the cleared balance on a date and the uncleared movements up to it",
			query: []param{qp("date", "date", "The statement's date (required)."), qp("limit", "int", "How many uncleared movements (1–500; 50 by default)."),
				qp("cursor", "string", "The nextCursor of the page before.")},
			reply: finance.ReconcileView{}},
		"PUT /api/v1/accounts/{id}/reconciliation/draft": {id: "putReconcileDraft", summary: "Keep a reconciliation to come back to",
			desc: "The statement's date and balance typed on the reconcile screen, kept (one an account) until the account is reconciled; " +
				"the account answers it as reconcileDraft.",
			body: finance.ReconcileDraftInput{}, reply: finance.ReconciledBalance{}, problems: ledgerData},
		"DELETE /api/v1/accounts/{id}/reconciliation/draft": {id: "deleteReconcileDraft", summary: "Forget the account's reconciliation draft",
			status: 204},
		"GET /api/v1/accounts/{id}/checkpoints": {id: "listCheckpoints", summary: "The balances the account's imported bank files stated, beside the app's",
			desc: "Newest first (the latest 100). appBalance counts every movement up to and including the date. When they disagree, divergesFrom " +
				"is the first date of a movement of the account after the last earlier checkpoint that agrees (or its first movement's date), up to the checkpoint's.",
			reply: list[finance.Checkpoint]{}},

		"GET /api/v1/categories": {id: "listCategories", summary: "The categories, as a tree in the user's order", reply: list[finance.Category]{}},
		"POST /api/v1/categories": {id: "createCategory", required: []string{"name", "type"}, summary: "Create a category", body: finance.CategoryInput{}, status: 201, reply: finance.Category{},
			problems: ledgerData},
		"POST /api/v1/categories/starter": {id: "createStarterCategories", summary: "Add the starter categories in the user's language", reply: starterResult{}},
		"PUT /api/v1/categories/order":    {id: "reorderCategories", summary: "Put the categories in this order", body: reorderRequest{}, status: 204},
		"GET /api/v1/categories/suggest": {id: "suggestCategories", summary: "The likeliest categories for a movement being typed",
			query: []param{qp("description", "string", "What the user typed."), qp("type", "expense|earning", "The movement's type."),
				qp("accountId", "string", "Its account."), qp("amount", "int", "Its amount (minor units).")}, reply: suggestions{}},
		"GET /api/v1/categories/{id}": {id: "getCategory", summary: "A category", reply: finance.Category{}},
		"PATCH /api/v1/categories/{id}": {id: "patchCategory", summary: "Change a category (only the fields sent)", body: finance.CategoryInput{},
			reply: finance.Category{}, problems: ledgerData},
		"DELETE /api/v1/categories/{id}": {id: "deleteCategory", summary: "Delete a category",
			query:  []param{qp("moveTo", "string", "The category its movements move to; without, they are left uncategorised.")},
			status: 204, problems: []string{finance.ECodeInUse}},
	}
}

func movementOps() map[string]op {
	return map[string]op{
		"GET /api/v1/movements": {id: "listMovements", summary: "A page of movements, newest first",
			query: append(append([]param{}, movementFilters...), qp("limit", "int", "How many (1–500; 50 by default)."),
				qp("cursor", "string", "The nextCursor of the page before.")), reply: list[finance.Movement]{}},
		"POST /api/v1/movements": {id: "createMovement", required: []string{"type", "date", "amount", "accountId"}, summary: "Record a movement (an expense, an earning or a transfer; split or not)",
			query: []param{qp("rules", "bool", "false: the ledger's rules do not apply.")}, body: finance.MovementInput{}, status: 201, reply: finance.Movement{},
			idempotent: true, problems: ledgerData,
			also: []answer{{status: 200, desc: "A replay of an Idempotency-Key: the first request's movement.", reply: finance.Movement{}}}},
		"GET /api/v1/movements/totals": {id: "movementTotals", summary: "Counts and sums of the movements the filters select, per currency",
			query: movementFilters, reply: finance.MovementTotals{}},
		"GET /api/v1/movements/export.csv": {id: "exportMovements", summary: "The movements the filters select, as CSV",
			query: movementFilters, reply: "", media: "text/csv"},
		"POST /api/v1/movements/bulk": {id: "bulkMovements", summary: "Delete, re-categorise or create many movements: all or none",
			desc:  "action delete (ids; the answer holds the deleted movements, for an undo), recategorize (ids, categoryId) or create (movements, at most 5000). A refused create writes nothing and answers 400 with rows: each bad row's errors (the first 200). Deleting a reconciled movement needs confirm=true (else 409 reconciled).",
			query: []param{confirmParam}, body: bulkRequest{}, reply: bulkReply{}, idempotent: true, problems: append([]string{finance.ECodeReconciled}, ledgerData...)},
		"GET /api/v1/movements/{id}": {id: "getMovement", summary: "A movement", reply: finance.Movement{}},
		"PATCH /api/v1/movements/{id}": {id: "patchMovement", summary: "Change a movement (only the fields sent)", body: finance.MovementInput{},
			desc:  "A reconciled movement's amount, date, account, lines' amounts or state change only with confirm=true (else 409 reconciled); the change is logged in the ledger's activity.",
			query: []param{confirmParam}, reply: finance.Movement{}, problems: append([]string{finance.ECodeReconciled}, ledgerData...)},
		"DELETE /api/v1/movements/{id}": {id: "deleteMovement", summary: "Delete a movement", status: 204, query: []param{confirmParam},
			desc: "A reconciled movement is deleted only with confirm=true (else 409 reconciled).", problems: append([]string{finance.ECodeReconciled}, ledgerData...)},
		"GET /api/v1/movements/{id}/attachments": {id: "listAttachments", summary: "A movement's attachments", reply: list[finance.Attachment]{}},
		"POST /api/v1/movements/{id}/attachments": {id: "addAttachment", summary: "Attach a receipt (an image or a PDF, at most 10 MB; an image without its metadata)",
			form: []param{{name: "file", kind: "file", desc: "The file."}}, status: 201, reply: finance.Attachment{},
			problems: []string{finance.ECodeTooManyFiles, finance.ECodeImageTooLarge, finance.ECodeRateLimited, finance.ECodeAttachmentQuota}},
		"GET /api/v1/attachments/{id}": {id: "getAttachment", summary: "An attachment's file",
			query: []param{qp("download", "1", "1: as a download.")}, reply: "", media: "*/*"},
		"GET /api/v1/attachments/{id}/thumbnail": {id: "getAttachmentThumbnail", summary: "An image attachment's thumbnail (JPEG)", reply: "", media: "*/*"},
		"DELETE /api/v1/attachments/{id}":        {id: "deleteAttachment", summary: "Delete an attachment", status: 204},

		"POST /api/v1/imports": {id: "uploadImport", summary: "Upload a bank file (CSV, OFX, QIF, CAMT.053) to preview",
			form:  []param{{name: "file", kind: "file", desc: "The file (at most 20 MB)."}, qp("accountId", "string", "The account it is imported into.")},
			reply: importPreview{}, problems: []string{finance.ECodeTooManyUploads, finance.ECodeRateLimited, finance.ECodeCurrencyMismatch, finance.ECodeBalancesOnly}},
		"POST /api/v1/imports/{id}/preview": {id: "previewImport", summary: "Preview an upload again with other options", body: importRequest{}, reply: importPreview{},
			problems: []string{finance.ECodeAlreadyCommitted, finance.ECodeCurrencyMismatch}},
		"POST /api/v1/imports/{id}/commit": {id: "commitImport", summary: "Import an upload: every valid row, or none", body: importRequest{}, reply: importResult{},
			problems: append([]string{finance.ECodeAlreadyCommitted, finance.ECodeCurrencyMismatch}, ledgerData...)},
		"DELETE /api/v1/imports/{id}": {id: "discardImport", summary: "Discard an upload", status: 204},
	}
}

func planOps() map[string]op {
	return map[string]op{
		"GET /api/v1/reports/categories": {id: "reportCategories", summary: "Spending (or earning) per category",
			query: append(append([]param{}, reportFilters...), reportTypeParam), reply: reportReply[finance.CurrencyCategories]{}},
		"GET /api/v1/reports/trend": {id: "reportTrend", summary: "Income and spending per month", query: reportFilters,
			reply: reportReply[finance.CurrencyMonths]{}},
		"GET /api/v1/reports/cashflow": {id: "reportCashflow", summary: "Cash flow per month", query: reportFilters,
			reply: reportReply[finance.CurrencyMonths]{}},
		"GET /api/v1/reports/networth": {id: "reportNetWorth", summary: "Net worth at the end of each month", query: reportFilters,
			reply: reportReply[finance.CurrencyWorth]{}},
		"GET /api/v1/reports/compare": {id: "reportCompare", summary: "Each category against the period just before",
			query: append(append([]param{}, reportFilters...), reportTypeParam), reply: compareReply{}},
		"GET /api/v1/reports/budget": {id: "reportBudget", summary: "Budgeted against spent per month",
			query: []param{qp("from", "string", "The first month, YYYY-MM (11 months before to by default)."), qp("to", "string", "The last month, YYYY-MM (today's by default)."),
				qp("today", "date", "The client's today.")}, reply: budgetReportReply{}},
		"GET /api/v1/dashboard": {id: "dashboard", summary: "The dashboard: balances, this month, recent movements and what is due",
			query: []param{qp("today", "date", "The client's today.")}, reply: finance.Dashboard{}},

		"GET /api/v1/budgets":       {id: "getBudgets", summary: "A month's budgets, with what was spent", query: monthParam, reply: finance.BudgetMonth{}},
		"PUT /api/v1/budgets":       {id: "putBudgets", summary: "Set a month's budgets", query: monthParam, body: finance.BudgetInput{}, reply: finance.BudgetMonth{}},
		"POST /api/v1/budgets/copy": {id: "copyBudgets", summary: "Copy the month before's budgets into a month", query: monthParam, reply: finance.BudgetMonth{}},
		"POST /api/v1/budgets/fill": {id: "fillBudgets", summary: "Set budgets to the average spending of the last 3, 6 or 12 months",
			query: monthParam, body: fillBudgetsRequest{}, reply: finance.BudgetMonth{}},

		"GET /api/v1/schedules": {id: "listSchedules", summary: "The scheduled movements", reply: finance.ScheduleList{}},
		"POST /api/v1/schedules": {id: "createSchedule", required: []string{"type", "amount", "accountId", "frequency", "startDate"}, summary: "Schedule a movement", body: finance.ScheduleInput{}, status: 201, reply: finance.Schedule{},
			idempotent: true, also: []answer{{status: 200, desc: "A replay of an Idempotency-Key.", reply: finance.Schedule{}}},
			problems: []string{finance.ECodeTooManySchedules, finance.ECodeCatchUpTooLong}},
		"GET /api/v1/schedules/upcoming": {id: "upcomingSchedules", summary: "What is due, waiting or coming in the next days",
			query: []param{qp("days", "int", "How many days ahead (0–366, 7 by default).")}, reply: finance.UpcomingList{}},
		"GET /api/v1/schedules/suggestions": {id: "scheduleSuggestions", summary: "Repeating movements worth scheduling", reply: list[finance.ScheduleSuggestion]{}},
		"GET /api/v1/schedules/{id}":        {id: "getSchedule", summary: "A scheduled movement", reply: finance.Schedule{}},
		"PATCH /api/v1/schedules/{id}": {id: "patchSchedule", summary: "Change a scheduled movement (only the fields sent)", body: finance.ScheduleInput{},
			reply: finance.Schedule{}, problems: []string{finance.ECodeCatchUpTooLong}},
		"DELETE /api/v1/schedules/{id}": {id: "deleteSchedule", summary: "Delete a scheduled movement", status: 204},
		"POST /api/v1/schedules/{id}/post": {id: "postSchedule", summary: "Record an occurrence as a movement", body: finance.OccurrenceInput{},
			status: 201, reply: finance.Movement{}, idempotent: true, problems: ledgerData,
			also: []answer{{status: 200, desc: "A replay of an Idempotency-Key.", reply: finance.Movement{}}}},
		"POST /api/v1/schedules/{id}/skip": {id: "skipSchedule", summary: "Skip an occurrence", body: finance.OccurrenceInput{}, reply: finance.Schedule{}},
		"GET /api/v1/forecast": {id: "forecast", summary: "The balances projected from the schedules",
			query: []param{qp("days", "int", "How many days (1–366, 90 by default)."), qp("average", "int", "Add the average unscheduled flow of the last months (0–12).")},
			reply: finance.Forecast{}},

		"GET /api/v1/rules":         {id: "listRules", summary: "The rules, in the order they apply", reply: list[finance.MovementRule]{}},
		"POST /api/v1/rules":        {id: "createRule", required: []string{"name", "conditions"}, summary: "Create a rule", body: finance.RuleInput{}, status: 201, reply: finance.MovementRule{}},
		"PUT /api/v1/rules/order":   {id: "reorderRules", summary: "Put the rules in this order", body: reorderRequest{}, status: 204},
		"GET /api/v1/rules/{id}":    {id: "getRule", summary: "A rule", reply: finance.MovementRule{}},
		"PATCH /api/v1/rules/{id}":  {id: "patchRule", summary: "Change a rule (only the fields sent)", body: finance.RuleInput{}, reply: finance.MovementRule{}},
		"DELETE /api/v1/rules/{id}": {id: "deleteRule", summary: "Delete a rule", status: 204},
		"POST /api/v1/rules/{id}/apply": {id: "applyRule", summary: "Apply a rule to the movements it matches",
			query: []param{qp("dryRun", "bool", "true (the default): count and show a sample, change nothing.")}, reply: finance.RuleRun{}, problems: ledgerData},
		"POST /api/v1/rules/runs/{id}/undo": {id: "undoRuleRun", summary: "Undo a rule's run", reply: finance.RuleUndo{}, problems: ledgerData},
	}
}
