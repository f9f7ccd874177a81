package api

import (
	"net/http"
	"strconv"
	"unicode/utf8"

	"cashcontrol/internal/finance"
)

// suggestLimit is how many categories a suggestion lists.
const suggestLimit = 3

// suggestCategories ranks the ledger's categories for a movement being
// typed: ?description= (required), optional ?type=expense|earning,
// ?accountId= and ?amount= (positive minor units).
// suggestions are the likeliest categories, best first, and the category
// the ledger's rules set (Rule, absent when none does: it wins on save).
type suggestions struct {
	Items []finance.Suggestion `json:"items"`
	Rule  *finance.RuleChange  `json:"rule,omitempty"`
}

func (a *API) suggestCategories(w http.ResponseWriter, r *http.Request, u *finance.User) {
	q := r.URL.Query()
	var v finance.Validation
	desc := q.Get("description")
	if utf8.RuneCountInString(desc) > finance.MaxDescription {
		v.Add("description", finance.FCodeTooLong)
	}
	typ := q.Get("type")
	if typ != "" && typ != finance.MovementExpense && typ != finance.MovementEarning {
		v.Add("type", finance.FCodeUnknown)
	}
	var account, amount int64
	if s := q.Get("accountId"); s != "" {
		id, ok := finance.ParseID(s)
		if !ok {
			v.Add("accountId", finance.FCodeInvalid)
		}
		account = id
	}
	if s := q.Get("amount"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 || n > finance.MaxAmount {
			v.Add("amount", finance.FCodeInvalid)
		}
		amount = n
	}
	if err := v.Err(); err != nil {
		a.fail(w, r, err)
		return
	}
	items, err := a.db.SuggestCategories(r.Context(), u.LedgerID, typ, desc, account, amount, suggestLimit)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	rule, err := a.db.RuleCategory(r.Context(), u.LedgerID, finance.MovementDraft{Type: typ, Description: desc, AccountID: account, Amount: amount})
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, suggestions{Items: items, Rule: rule})
}
