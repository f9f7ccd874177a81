package store_test

import (
	"context"
	"testing"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// waitChange waits for the change of ledger from ch.
func waitChange(t *testing.T, ch <-chan store.Change, ledger, by int64) {
	t.Helper()
	deadline := time.After(3 * time.Second)
	for {
		select {
		case c := <-ch:
			if c.LedgerID == ledger && c.By == by {
				return
			}
		case <-deadline:
			t.Fatalf("no change of ledger %d by %d within 3 s", ledger, by)
		}
	}
}

// A committed write of a ledger reaches the subscribers of every server:
// on SQLite the one server, on PostgreSQL the other one too (NOTIFY). A
// write that fails announces nothing.
func TestChangesReachEveryServer(t *testing.T) {
	check := func(t *testing.T, writer, reader *store.DB) {
		ctx := store.WithActor(context.Background(), 42)
		l := newLedger(t, writer, "changes@example.com")
		ch, stop := reader.Subscribe()
		defer stop()
		name, typ, cur := "Bank", "bank", "EUR"
		if _, err := writer.CreateAccount(ctx, l, finance.AccountInput{Name: &name, Type: &typ, Currency: &cur}); err != nil {
			t.Fatal(err)
		}
		waitChange(t, ch, l, 42)
		// A refused write commits nothing and says nothing.
		if _, err := writer.CreateAccount(ctx, l, finance.AccountInput{Name: &name, Type: &typ, Currency: &cur}); err == nil {
			t.Fatal("a second account of the same name")
		}
		select {
		case c := <-ch:
			t.Fatalf("a failed write announced %+v", c)
		case <-time.After(500 * time.Millisecond):
		}
	}
	t.Run("sqlite", func(t *testing.T) {
		db := storetest.OpenSQLite(t)
		check(t, db, db)
	})
	t.Run("postgres", func(t *testing.T) {
		a, b := storetest.OpenPostgresPair(t)
		check(t, a, b)
	})
}
