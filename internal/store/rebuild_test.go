package store_test

import (
	"context"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// Deleting an account with its movements takes its transfers away from the
// accounts on their other side: their balances and monthly totals are
// rebuilt, in and out, and the movements between other accounts stay.
func TestDeleteAccountWithTransfersRebuildsTheOthers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "rebuild@example.com")
		a := mustAccount(t, db, l, "A", "EUR", 1000)
		b := mustAccount(t, db, l, "B", "EUR", 2000)
		c := mustAccount(t, db, l, "C", "USD", 3000)
		food := mustCategory(t, db, l, "Food", "expense", 0)
		pay := mustCategory(t, db, l, "Pay", "earning", 0)
		for _, d := range []finance.MovementDraft{
			{Type: "expense", Date: "2025-01-05", Amount: 100, AccountID: a.ID, CategoryID: food.ID},
			{Type: "transfer", Date: "2025-01-06", Amount: 250, AccountID: a.ID, ToAccountID: b.ID},              // out of A, into B
			{Type: "transfer", Date: "2025-02-07", Amount: 40, AccountID: c.ID, ToAccountID: a.ID, ToAmount: 37}, // out of C, into A
			{Type: "earning", Date: "2025-02-08", Amount: 500, AccountID: b.ID, CategoryID: pay.ID},
			{Type: "transfer", Date: "2025-02-09", Amount: 70, AccountID: b.ID, ToAccountID: c.ID, ToAmount: 75}, // B to C stays
			{Type: "expense", Date: "2025-03-01", Amount: 30, AccountID: c.ID, CategoryID: food.ID},
		} {
			if _, err := db.CreateMovement(ctx, l, d); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.DeleteAccount(ctx, l, a.ID, true); err != nil {
			t.Fatal(err)
		}
		if got, want := balanceOf(t, db, l, b.ID), int64(2000+500-70); got != want {
			t.Errorf("B: balance %d, want %d", got, want)
		}
		if got, want := balanceOf(t, db, l, c.ID), int64(3000+75-30); got != want {
			t.Errorf("C: balance %d, want %d", got, want)
		}
		mustCheck(t, db, l)
		n, err := db.TotalMovements(ctx, l, finance.MovementFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if n.Count != 3 {
			t.Errorf("%d movements left, want 3", n.Count)
		}
	})
}
