package finance

import (
	"strconv"
	"strings"
)

// ImportDraft is a movement read from a bank file whose category may still
// be a name.
type ImportDraft struct {
	MovementDraft
	// CategoryName names the category when CategoryID is 0; it is created
	// (top-level, of the movement's type) when the ledger has none by that name.
	CategoryName string
	// SplitCategoryNames name the categories of the lines of a split
	// movement, one per line (as CategoryName; "" for a line whose
	// CategoryID is set).
	SplitCategoryNames []string
}

// ImportSkipped counts the records of a bank file that are not movements
// (a QIF file's account list, category lists, investment trades…), by kind.
type ImportSkipped struct {
	Kind  string `json:"kind" enum:"accounts,investments,categories,memorized,pending,other,zero,summary"`
	Count int    `json:"count"`
}

// StatementBalance is the balance a bank file states for the account on a
// day (OFX <LEDGERBAL>, a CAMT closing balance…), beside the account's own
// balance on that day once the file is imported: when they differ, the
// account or the file misses movements.
type StatementBalance struct {
	Date   string `json:"date"`
	Amount int64  `json:"amount"`
	// AccountBalance is the account's balance at the end of Date after the
	// import (its movements up to that day and the file's new ones).
	AccountBalance int64 `json:"accountBalance"`
	// Agrees tells whether Amount and AccountBalance are the same.
	Agrees bool `json:"agrees"`
}

// ImportRow is a row of an import's preview, as the file has it.
type ImportRow struct {
	Line        int    `json:"line"`
	Date        string `json:"date"`
	Amount      int64  `json:"amount"` // signed: negative is money out
	Description string `json:"description"`
	Category    string `json:"category"` // from a rule, a suggestion, the file, or the fallback of its type
	Duplicate   bool   `json:"duplicate"`
	ImportChanges
}

// ImportChanges is what the ledger's rules and suggestions did to a row of
// an import, for its preview.
type ImportChanges struct {
	// Category names the category a rule or a suggestion gave ("" when
	// neither did).
	Category string `json:"-"`
	// Suggested: the category is the suggestion of the ledger's history.
	Suggested bool `json:"suggested"`
	// Rules: what the ledger's rules changed, in their order.
	Rules []RuleChange `json:"rules,omitempty"`
}

// NewCategory is a category that committing an import creates.
type NewCategory struct {
	Type string `json:"type" enum:"expense,earning"`
	Name string `json:"name"`
}

// ImportExisting is what an account already holds in the period of an
// imported file: how many movements share each DuplicateKey (a multiset: two
// equal movements make two equal rows duplicates, not three), and the bank
// transaction ids (OFX FITID) seen.
type ImportExisting struct {
	Keys   map[string]int
	FITIDs map[string]bool
}

// DuplicateKey identifies a movement for duplicate detection on import: an
// imported row is a duplicate of a movement of its account with the same
// date, type, amount and description (case and surrounding spaces aside).
func DuplicateKey(date, typ string, amount int64, description string) string {
	return date + "|" + typ + "|" + strconv.FormatInt(amount, 10) + "|" + strings.ToLower(strings.TrimSpace(description))
}

// The fallback rule of imports: a row whose file names no category goes to
// the starter category "Other expenses" (money out) or "Other income" (money
// in), by its name in the user's language — the existing category of that
// name, or a new one when the ledger no longer has it. These are the keys of
// those categories in StarterCategories.
const (
	ImportFallbackExpenseKey = "other-expense"
	ImportFallbackEarningKey = "other-income"
)

// ImportFallback returns the names, in the given language, of the categories
// that imported rows without one receive (see ImportFallbackExpenseKey).
func ImportFallback(language string) (expense, earning string) {
	for _, s := range StarterCategories() {
		switch s.Key {
		case ImportFallbackExpenseKey:
			expense = s.Name(language)
		case ImportFallbackEarningKey:
			earning = s.Name(language)
		}
	}
	return expense, earning
}
