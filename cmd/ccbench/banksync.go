package main

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"cashcontrol/internal/banksync"
	"cashcontrol/internal/finance"
)

// bankSyncBench measures a bank sync's write: n transactions of the last
// 90 days (a tenth of them movements the account has already, which the
// sync matches; the descriptions cleaned up as banksync does), brought
// into the first account of the user's ledger (in the database the
// server's settings name, the server stopped) by store.SyncBank — the
// provider's call is a few hundred milliseconds of the bank's own. Then
// the same again, which must create nothing. It checks the ledger after.
func bankSyncBench(email string, n int) error {
	ctx := context.Background()
	db, _, u, err := openStore(ctx, email)
	if err != nil {
		return err
	}
	defer db.Close()
	accounts, err := db.ListAccounts(ctx, u.LedgerID)
	if err != nil || len(accounts) == 0 {
		return fmt.Errorf("the ledger of %s has no account (%v)", email, err)
	}
	acc := accounts[0]
	bankID := "bench-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	conn, err := db.CreateBankConnection(ctx, u.LedgerID, finance.BankConnectionDraft{Provider: finance.BankSimpleFIN, Institution: "Bench",
		Status: finance.BankActive, Secret: "sb1:bench", Accounts: []finance.BankAccount{{ID: bankID, Name: "Bench", Currency: acc.Currency}}})
	if err != nil {
		return err
	}
	defer func() { _ = db.DeleteBankConnection(ctx, u.LedgerID, conn) }()
	if err := db.LinkBankAccount(ctx, u.LedgerID, conn, bankID, acc.ID); err != nil {
		return err
	}
	today := time.Now().UTC()
	from := today.AddDate(0, 0, -90).Format(time.DateOnly)
	var existing []finance.Movement
	for cursor := ""; len(existing) < n/10; {
		page, next, err := db.ListMovements(ctx, u.LedgerID, finance.MovementFilter{AccountIDs: []int64{acc.ID}, From: from}, n/10-len(existing), cursor)
		if err != nil {
			return err
		}
		existing = append(existing, page...)
		if next == nil {
			break
		}
		cursor = *next
	}
	words := []string{"Grocery store", "Coffee", "Fuel station", "Pharmacy", "Restaurant", "Online shop", "Bakery", "Cinema"}
	txs := make([]finance.BankTransaction, 0, n)
	for _, m := range existing {
		if m.Type == finance.MovementTransfer {
			continue
		}
		amount := -m.Amount
		if m.Type == finance.MovementEarning {
			amount = m.Amount
		}
		txs = append(txs, finance.BankTransaction{ID: "m" + strconv.FormatInt(m.ID, 10), Date: m.Date, Amount: amount, Description: m.Description})
	}
	matchable := len(txs)
	for i := 0; len(txs) < n; i++ {
		t := finance.BankTransaction{ID: "b" + strconv.Itoa(i), Date: today.AddDate(0, 0, -(i % 90)).Format(time.DateOnly),
			Amount: -int64(101 + i%9973), Description: "mandatereference:,creditorid:,remittanceinformation:" + words[i%len(words)] + " " + strconv.Itoa(i%97)}
		t.Description, t.Notes = banksync.Describe("ING", t)
		txs = append(txs, t)
	}
	in := finance.BankSyncInput{Language: finance.LangEnglish, Statements: []finance.BankStatement{{AccountID: bankID, Transactions: txs}}}
	t0 := time.Now()
	res, err := db.SyncBank(ctx, u.LedgerID, conn, in)
	took := time.Since(t0)
	if err != nil {
		return err
	}
	if res.Created+res.Matched != n || res.Matched < matchable*9/10 {
		return fmt.Errorf("the sync created %d and matched %d of %d (%d matchable)", res.Created, res.Matched, n, matchable)
	}
	t0 = time.Now()
	again, err := db.SyncBank(ctx, u.LedgerID, conn, in)
	tookAgain := time.Since(t0)
	if err != nil {
		return err
	}
	if again != (finance.BankSyncResult{}) {
		return fmt.Errorf("the same sync again did %+v", again)
	}
	if err := db.CheckLedger(ctx, u.LedgerID); err != nil {
		return err
	}
	fmt.Printf("%-32s %s (%d new, %d matched)\n", fmt.Sprintf("bank sync, %d transactions", n), took.Round(time.Millisecond), res.Created, res.Matched)
	fmt.Printf("%-32s %s\n", "bank sync again, nothing new", tookAgain.Round(time.Millisecond))
	return nil
}
