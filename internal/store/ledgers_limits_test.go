package store_test

import (
	"context"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// Writes that would take a balance past ±10^15 or a ledger's sums past 10^18
// are refused whole, so that no read can overflow later (two bulk creates of
// 5,000 × 10^15 used to be accepted on SQLite and break the account for good).
func TestLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "limits@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 0)
		other := mustAccount(t, db, l, "Savings", "EUR", 0)
		earn := mustCategory(t, db, l, "Salary", "earning", 0)
		exp := mustCategory(t, db, l, "Rent", "expense", 0)
		big := func(typ string, cat int64) finance.MovementDraft {
			return finance.MovementDraft{Type: typ, Date: "2025-01-01", Amount: finance.MaxAmount, AccountID: acc.ID, CategoryID: cat}
		}
		wantLimit := func(err error) {
			t.Helper()
			if finance.ErrorCode(err) != finance.ECodeLimitExceeded {
				t.Fatalf("got %v, want limit_exceeded", err)
			}
		}

		// Bulk: 5,000 × 10^15 (the reported case) and one past the balance bound.
		drafts := make([]finance.MovementDraft, 5000)
		for i := range drafts {
			drafts[i] = big("earning", earn.ID)
		}
		_, err := db.CreateMovements(ctx, l, drafts)
		wantLimit(err)
		_, err = db.CreateMovements(ctx, l, []finance.MovementDraft{big("earning", earn.ID), {Type: "earning", Date: "2025-01-01", Amount: 1, AccountID: acc.ID, CategoryID: earn.ID}})
		wantLimit(err)

		// One at a time: up to the bound is fine, one minor unit more is not.
		if _, err := db.CreateMovement(ctx, l, big("earning", earn.ID)); err != nil {
			t.Fatal(err)
		}
		_, err = db.CreateMovement(ctx, l, finance.MovementDraft{Type: "earning", Date: "2025-01-02", Amount: 1, AccountID: acc.ID, CategoryID: earn.ID})
		wantLimit(err)
		// A transfer that would push the destination over.
		if _, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "earning", Date: "2025-01-02", Amount: 5, AccountID: other.ID, CategoryID: earn.ID}); err != nil {
			t.Fatal(err)
		}
		_, err = db.CreateMovement(ctx, l, finance.MovementDraft{Type: "transfer", Date: "2025-01-03", Amount: 5, AccountID: other.ID, ToAccountID: acc.ID})
		wantLimit(err)
		// A new opening balance that would.
		opening := int64(1)
		_, err = db.UpdateAccount(ctx, l, acc.ID, finance.AccountInput{OpeningBalance: &opening})
		wantLimit(err)
		if b := balanceOf(t, db, l, acc.ID); b != finance.MaxAmount {
			t.Fatalf("balance %d after refused writes, want %d", b, finance.MaxAmount)
		}
		mustCheck(t, db, l)

		// Turnover: earnings and expenses that cancel out keep the balance
		// small, but their sums grow; past 10^18 in all, writes stop. Each
		// amount counts twice: as itself and in the base currency.
		pairs := make([]finance.MovementDraft, 0, 1000)
		for len(pairs) < 498 {
			pairs = append(pairs, big("expense", exp.ID), big("earning", earn.ID))
		}
		if _, err := db.CreateMovements(ctx, l, pairs); err != nil {
			t.Fatal(err) // 2 × (10^15 + 5 + 498 × 10^15): just under 10^18
		}
		_, err = db.CreateMovements(ctx, l, []finance.MovementDraft{big("expense", exp.ID), big("earning", earn.ID)})
		wantLimit(err)
		mustCheck(t, db, l)
		// Reads stay fine, and deleting frees room again.
		if _, err := db.ListAccounts(ctx, l); err != nil {
			t.Fatal(err)
		}
		if _, err := db.TotalMovements(ctx, l, finance.MovementFilter{}); err != nil {
			t.Fatal(err)
		}
		ms, _, err := db.ListMovements(ctx, l, finance.MovementFilter{}, 2, "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.DeleteMovements(ctx, l, []int64{ms[0].ID, ms[1].ID}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.CreateMovement(ctx, l, big("expense", exp.ID)); err != nil {
			t.Fatal(err)
		}
		mustCheck(t, db, l)
	})
}

// A create sent again with the same idempotency key applies once and answers
// the first result; the same key with another request is refused.
func TestIdempotentCreates(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "idem@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 0)
		cat := mustCategory(t, db, l, "Food", "expense", 0)
		d := finance.MovementDraft{Type: "expense", Date: "2025-01-01", Amount: 250, AccountID: acc.ID, CategoryID: cat.ID}
		key := &store.Idempotency{Key: "k1", Fingerprint: "f1"}
		type res struct {
			ids      []int64
			replayed bool
		}
		out := make([]res, 6)
		errs := parallel(6, func(i int) error {
			ids, replayed, err := db.CreateMovementsOnce(ctx, l, []finance.MovementDraft{d, d}, key)
			out[i] = res{ids, replayed}
			return err
		})
		fresh := 0
		for i, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
			if !out[i].replayed {
				fresh++
			}
			if len(out[i].ids) != 2 || out[i].ids[0] != out[0].ids[0] || out[i].ids[1] != out[0].ids[1] {
				t.Fatalf("answer %d: ids %v, want %v", i, out[i].ids, out[0].ids)
			}
		}
		if fresh != 1 {
			t.Fatalf("%d requests applied, want 1", fresh)
		}
		if b := balanceOf(t, db, l, acc.ID); b != -500 {
			t.Fatalf("balance %d, want -500", b)
		}
		_, _, err := db.CreateMovementsOnce(ctx, l, []finance.MovementDraft{d}, &store.Idempotency{Key: "k1", Fingerprint: "other"})
		if finance.ErrorCode(err) != finance.ECodeIdempotencyReused {
			t.Fatalf("reused key: %v", err)
		}
		m1, r1, err := db.CreateMovementOnce(ctx, l, d, &store.Idempotency{Key: "k2", Fingerprint: "f2"}, false)
		if err != nil || r1 {
			t.Fatal(err, r1)
		}
		m2, r2, err := db.CreateMovementOnce(ctx, l, d, &store.Idempotency{Key: "k2", Fingerprint: "f2"}, false)
		if err != nil || !r2 || m2.ID != m1.ID {
			t.Fatalf("replay: %v %v %v", err, r2, m2)
		}
		// A create that fails keeps no key: fixing the request and sending it
		// again with the same key works.
		bad := d
		bad.CategoryID = 999999
		if _, _, err := db.CreateMovementOnce(ctx, l, bad, &store.Idempotency{Key: "k3", Fingerprint: "f3"}, false); err == nil {
			t.Fatal("a bad draft was accepted")
		}
		if _, r, err := db.CreateMovementOnce(ctx, l, d, &store.Idempotency{Key: "k3", Fingerprint: "f3"}, false); err != nil || r {
			t.Fatal(err, r)
		}
		if b := balanceOf(t, db, l, acc.ID); b != -1000 {
			t.Fatalf("balance %d, want -1000", b)
		}
		mustCheck(t, db, l)
	})
}
