package api_test

import (
	"testing"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// TestImportStatementBalanceBesideTheAccounts: a file that states a balance
// (OFX <LEDGERBAL>) is previewed with the account's balance on that day once
// the file is imported — its movements up to that day (not the later ones)
// plus the file's new rows (not its duplicates) — and whether they agree.
func TestImportStatementBalanceBesideTheAccounts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c, _ := importClient(t, ledgerServer(t, db), "balance@example.com")
		var acc, cat idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Checking", "type": "bank", "currency": "EUR", "openingBalance": 298345}, &acc)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &cat)
		for _, m := range []map[string]any{
			{"date": "2026-01-03", "amount": 2345, "description": "SUPERMERCADO DIA"}, // the file's T1: a duplicate
			{"date": "2026-02-10", "amount": 2000, "description": "CINE"},             // after the statement's day
		} {
			m["type"], m["accountId"], m["categoryId"] = "expense", acc.ID, cat.ID
			if code := c.do("POST", "/api/v1/movements", m, nil); code != 201 {
				t.Fatalf("movement: %d", code)
			}
		}
		// bank.ofx states 5,000.00 on 2026-01-31.
		file := ofx(t, [4]string{"20260103", "-23.45", "T1", "SUPERMERCADO DIA"}, [4]string{"20260110", "-60.00", "T2", "GASOLINERA"},
			[4]string{"20260128", "2100.00", "T3", "NOMINA ACME"})
		type balance struct {
			Date           string `json:"date"`
			Amount         int64  `json:"amount"`
			AccountBalance int64  `json:"accountBalance"`
			Agrees         bool   `json:"agrees"`
		}
		var p struct {
			ID               string   `json:"id"`
			Duplicates       int      `json:"duplicates"`
			StatementBalance *balance `json:"statementBalance"`
		}
		if code := c.upload("january.ofx", file, acc.ID, &p); code != 200 || p.Duplicates != 1 {
			t.Fatalf("upload: %d %+v", code, p)
		}
		// 2,983.45 − 23.45 (typed) − 60.00 + 2,100.00 (new); T1 is not counted twice, CINE is later.
		if want := (balance{Date: "2026-01-31", Amount: 500000, AccountBalance: 500000, Agrees: true}); p.StatementBalance == nil || *p.StatementBalance != want {
			t.Fatalf("statement balance %+v, want %+v", p.StatementBalance, want)
		}

		// The account missed 3.45 before the statement: the balances differ, and the preview says so.
		if code := c.do("PATCH", "/api/v1/accounts/"+acc.ID, map[string]any{"openingBalance": 298000}, nil); code != 200 {
			t.Fatalf("patch: %d", code)
		}
		if code := c.do("POST", "/api/v1/imports/"+p.ID+"/preview", map[string]any{"accountId": acc.ID}, &p); code != 200 {
			t.Fatalf("preview: %d", code)
		}
		if want := (balance{Date: "2026-01-31", Amount: 500000, AccountBalance: 499655, Agrees: false}); p.StatementBalance == nil || *p.StatementBalance != want {
			t.Fatalf("statement balance %+v, want %+v", p.StatementBalance, want)
		}
	})
}
