package finance

// A reconciliation checks an account against a bank statement: the cleared
// balance on the statement's date is the account's opening balance plus its
// cleared and reconciled movements up to and including that date (money in
// positive: earnings and transfers received; money out negative: expenses
// and transfers sent). When it equals the statement's balance, the cleared
// movements up to the date become reconciled.

// ReconcileInput is a statement to reconcile an account against.
type ReconcileInput struct {
	Date    string `json:"date"`
	Balance *int64 `json:"balance"`
	// Adjust: when the balances differ, record the difference as an
	// adjustment movement (reconciled, in the category "Reconciliation
	// adjustment" of the user's language) and reconcile.
	Adjust bool `json:"adjust,omitempty"`
}

// Validate checks the statement's date and balance.
func (in ReconcileInput) Validate() error {
	var v Validation
	switch {
	case in.Date == "":
		v.Add("date", FCodeRequired)
	case !ValidDate(in.Date):
		v.Add("date", FCodeInvalid)
	}
	switch {
	case in.Balance == nil:
		v.Add("balance", FCodeRequired)
	case *in.Balance > MaxBalance || *in.Balance < -MaxBalance:
		v.Add("balance", FCodeOutOfRange)
	}
	return v.Err()
}

// ReconcileDraftInput is a reconciliation to come back to: the statement's
// date and balance, kept until the account is reconciled.
type ReconcileDraftInput struct {
	Date    string `json:"date"`
	Balance *int64 `json:"balance"`
}

// Validate checks the statement's date and balance as a reconciliation's.
func (in ReconcileDraftInput) Validate() error {
	return ReconcileInput{Date: in.Date, Balance: in.Balance}.Validate()
}

// ReconcileResult is what a reconciliation did: Difference is 0 (the
// balances agreed, or an adjustment made them agree), Reconciled how many
// movements became reconciled.
type ReconcileResult struct {
	ID         int64  `json:"id,string"`
	Difference int64  `json:"difference"`
	Reconciled int64  `json:"reconciled"`
	Adjustment *int64 `json:"adjustmentId,string"`
}

// DifferenceError refuses a reconciliation whose statement balance differs
// from the cleared balance by diff (balance − cleared balance).
func DifferenceError(diff int64) *Error {
	e := Errorf(ECodeReconcileDifference, "the statement balance differs from the cleared balance by %d", diff)
	e.Difference = &diff
	return e
}

// ReconciledBalance is an account's last reconciliation: the statement's
// date and balance.
type ReconciledBalance struct {
	Date    string `json:"date"`
	Balance int64  `json:"balance"`
}

// ReconcileView is what the reconcile screen shows for a statement date:
// the cleared balance up to it, the account's last reconciliation, and a page
// of the uncleared movements up to it, newest first.
type ReconcileView struct {
	Date           string             `json:"date"`
	ClearedBalance int64              `json:"clearedBalance"`
	LastReconciled *ReconciledBalance `json:"lastReconciled"`
	Uncleared      []Movement         `json:"uncleared"`
	NextCursor     *string            `json:"nextCursor"`
}

// Checkpoint sources.
const (
	CheckpointImport = "import"
	CheckpointBank   = "bank" // the booked balance a bank sync read
)

// Checkpoint is a balance a bank file stated for an account on a date,
// beside the app's balance on that date. When they differ, DivergesFrom is
// the first day from which they may: the first movement date after the
// last agreeing checkpoint before it (or the account's first movement date
// when none agrees before it).
type Checkpoint struct {
	ID           int64   `json:"id,string"`
	Date         string  `json:"date"`
	Balance      int64   `json:"balance"`
	Source       string  `json:"source" enum:"import,bank"`
	AppBalance   int64   `json:"appBalance"`
	Agrees       bool    `json:"agrees"`
	DivergesFrom *string `json:"divergesFrom"`
	CreatedAt    int64   `json:"createdAt"`
}

// AdjustmentCategoryName is the name, in the user's language, of the
// category a reconciliation's adjustment movement goes to (created when the
// ledger has none by that name).
func AdjustmentCategoryName(language string) string {
	switch language {
	case LangSpanish:
		return "Ajuste de conciliación"
	case LangFrench:
		return "Ajustement de rapprochement"
	}
	return "Reconciliation adjustment"
}
