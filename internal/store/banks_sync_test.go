package store_test

import (
	"context"
	"sync"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

func bankTx(id, date string, amount int64, desc string, pending bool) finance.BankTransaction {
	return finance.BankTransaction{ID: id, Date: date, Amount: amount, Description: desc, Pending: pending}
}

func TestBankSync(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "banksync@example.com")
		acc := mustAccount(t, db, l, "Checking", "EUR", 100000)
		groceries := mustCategory(t, db, l, "Groceries", "expense", 0)
		if _, err := db.CreateRule(ctx, l, ruleInput("Rewe", "rewe", groceries.ID)); err != nil {
			t.Fatal(err)
		}
		conn, err := db.CreateBankConnection(ctx, l, finance.BankConnectionDraft{Provider: finance.BankSimpleFIN, Institution: "Bridge",
			Status: finance.BankActive, Secret: "sb1:sealed", Accounts: []finance.BankAccount{{ID: "A1", Name: "Bank checking", Currency: "EUR", Balance: 5000}}})
		if err != nil {
			t.Fatal(err)
		}
		if err := db.LinkBankAccount(ctx, l, conn, "A1", acc.ID); err != nil {
			t.Fatal(err)
		}
		// Typed by hand before the bank saw it: matched, not doubled.
		typed, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: "2026-11-04", Amount: 4550, AccountID: acc.ID, CategoryID: groceries.ID, Description: "Aldi weekly shop"})
		if err != nil {
			t.Fatal(err)
		}
		sync1 := finance.BankSyncInput{Language: finance.LangEnglish, Statements: []finance.BankStatement{{AccountID: "A1",
			Balance: &finance.BankBalance{Date: "2026-11-20", Amount: 100000 - 1230 - 4550 + 250000 - 999},
			Transactions: []finance.BankTransaction{
				bankTx("T1", "2026-11-02", -1230, "REWE Markt 42", false),
				bankTx("T2", "2026-11-03", -4550, "ALDI SUED", false),
				bankTx("T3", "2026-11-10", 250000, "Salary ACME", false),
				bankTx("P1", "2026-11-18", -999, "Streaming", true),
			}}}}
		res, err := db.SyncBank(ctx, l, conn, sync1)
		if err != nil {
			t.Fatal(err)
		}
		if res != (finance.BankSyncResult{Created: 3, Matched: 1}) {
			t.Fatalf("first sync: %+v", res)
		}
		// The same again: nothing new.
		if res, err := db.SyncBank(ctx, l, conn, sync1); err != nil || res != (finance.BankSyncResult{}) {
			t.Fatalf("second sync: %+v %v", res, err)
		}
		items, _, err := db.ListMovements(ctx, l, finance.MovementFilter{}, 50, "")
		if err != nil || len(items) != 4 {
			t.Fatalf("movements: %v %d", err, len(items))
		}
		var rewe *finance.Movement
		for i := range items {
			if items[i].Description == "REWE Markt 42" {
				rewe = &items[i]
			}
		}
		if rewe == nil || rewe.CategoryID == nil || *rewe.CategoryID != groceries.ID || rewe.State != finance.StateCleared {
			t.Fatalf("the rule runs on a synced movement: %+v", rewe)
		}
		// The pending one is booked under another id, a day later, for a
		// little more; and a new one arrives.
		sync2 := finance.BankSyncInput{Language: finance.LangEnglish, Statements: []finance.BankStatement{{AccountID: "A1",
			Transactions: []finance.BankTransaction{
				bankTx("T3", "2026-11-10", 250000, "Salary ACME", false),
				bankTx("B1", "2026-11-19", -999, "Streaming Ltd", false),
				bankTx("T4", "2026-11-21", -2000, "Pharmacy", false),
			}}}}
		res, err = db.SyncBank(ctx, l, conn, sync2)
		if err != nil || res != (finance.BankSyncResult{Created: 1, Updated: 1}) {
			t.Fatalf("third sync: %+v %v", res, err)
		}
		a, err := db.Account(ctx, l, acc.ID)
		if err != nil || a.Balance != 100000-1230-4550+250000-999-2000 {
			t.Fatalf("balance %d %v", a.Balance, err)
		}
		if err := db.CheckLedger(ctx, l); err != nil {
			t.Fatal(err)
		}
		conns, err := db.BankConnections(ctx, l)
		if err != nil || len(conns) != 1 || conns[0].LastSync == nil || *conns[0].LastSync != res || conns[0].Accounts[0].AccountID == nil ||
			*conns[0].Accounts[0].AppBalance != a.Balance || conns[0].Accounts[0].Balance != 100000-1230-4550+250000-999 {
			t.Fatalf("connections %+v %v", conns, err)
		}
		// The match is shown and can be undone: the bank's own movement appears.
		matches, err := db.BankMatches(ctx, l, conn)
		if err != nil || len(matches) != 1 || matches[0].MovementID != typed.ID || matches[0].BankDescription != "ALDI SUED" {
			t.Fatalf("matches %+v %v", matches, err)
		}
		if _, err := db.UndoBankMatch(ctx, l, conn, matches[0].ID, finance.LangEnglish); err != nil {
			t.Fatal(err)
		}
		if a, _ := db.Account(ctx, l, acc.ID); a.Balance != 100000-1230-4550*2+250000-999-2000 {
			t.Fatalf("balance after the undo %d", a.Balance)
		}
		if m, _ := db.BankMatches(ctx, l, conn); len(m) != 0 {
			t.Fatalf("matches after the undo %+v", m)
		}
		if err := db.CheckLedger(ctx, l); err != nil {
			t.Fatal(err)
		}
		t.Run("ErrOtherLedger", func(t *testing.T) {
			other := newLedger(t, db, "banksync-other@example.com")
			if _, err := db.SyncBank(ctx, other, conn, sync1); finance.ErrorCode(err) != finance.ECodeNotFound {
				t.Fatalf("another ledger's connection: %v", err)
			}
			if err := db.LinkBankAccount(ctx, other, conn, "A1", acc.ID); finance.ErrorCode(err) != finance.ECodeNotFound {
				t.Fatalf("another ledger's link: %v", err)
			}
		})
		t.Run("ErrCurrency", func(t *testing.T) {
			usd := mustAccount(t, db, l, "Dollars", "USD", 0)
			if err := db.LinkBankAccount(ctx, l, conn, "A1", usd.ID); finance.ErrorCode(err) != finance.ECodeInvalid {
				t.Fatalf("another currency: %v", err)
			}
		})
	})
}

// TestBankSyncConcurrent: two syncs of one connection at once (two servers)
// bring the same transactions: they are taken once, balances exact.
func TestBankSyncConcurrent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "banksync-race@example.com")
		acc := mustAccount(t, db, l, "Checking", "EUR", 0)
		conn, err := db.CreateBankConnection(ctx, l, finance.BankConnectionDraft{Provider: finance.BankSimpleFIN, Status: finance.BankActive, Secret: "sb1:x",
			Accounts: []finance.BankAccount{{ID: "A1", Name: "A", Currency: "EUR"}}})
		if err != nil {
			t.Fatal(err)
		}
		if err := db.LinkBankAccount(ctx, l, conn, "A1", acc.ID); err != nil {
			t.Fatal(err)
		}
		var txs []finance.BankTransaction
		var want int64
		for i := range 300 {
			amount := int64(-(i + 1) * 7)
			want += amount
			txs = append(txs, bankTx("R"+string(rune('a'+i%26))+string(rune('a'+i/26)), "2026-10-"+[]string{"01", "05", "09", "13", "17", "21", "25"}[i%7], amount, "Shop", false))
		}
		in := finance.BankSyncInput{Language: finance.LangEnglish, Statements: []finance.BankStatement{{AccountID: "A1", Transactions: txs}}}
		var wg sync.WaitGroup
		results := make([]finance.BankSyncResult, 4)
		errs := make([]error, 4)
		for i := range 4 {
			wg.Go(func() { results[i], errs[i] = db.SyncBank(ctx, l, conn, in) })
		}
		wg.Wait()
		created := 0
		for i := range 4 {
			if errs[i] != nil {
				t.Fatalf("sync %d: %v", i, errs[i])
			}
			created += results[i].Created
		}
		if created != 300 {
			t.Fatalf("created %d in all, want 300: %+v", created, results)
		}
		a, err := db.Account(ctx, l, acc.ID)
		if err != nil || a.Balance != want {
			t.Fatalf("balance %d, want %d (%v)", a.Balance, want, err)
		}
		if err := db.CheckLedger(ctx, l); err != nil {
			t.Fatal(err)
		}
	})
}
