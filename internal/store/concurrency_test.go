package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// parallel runs fn from n goroutines released at once and returns their errors.
func parallel(n int, fn func(i int) error) []error {
	errs := make([]error, n)
	var start, done sync.WaitGroup
	start.Add(1)
	for i := 0; i < n; i++ {
		done.Add(1)
		go func(i int) {
			defer done.Done()
			start.Wait()
			errs[i] = fn(i)
		}(i)
	}
	start.Done()
	done.Wait()
	return errs
}

func balanceOf(t *testing.T, db *store.DB, ledger, id int64) int64 {
	t.Helper()
	a, err := db.Account(context.Background(), ledger, id)
	if err != nil {
		t.Fatal(err)
	}
	return a.Balance
}

func mustCheck(t *testing.T, db *store.DB, ledger int64) {
	t.Helper()
	if err := storetest.CheckLedger(context.Background(), db, ledger); err != nil {
		t.Fatal(err)
	}
}

// Eight parallel deletes of one movement: exactly one deletes it, the others
// find it gone, and the balance moves back once (PostgreSQL used to answer
// several 204s and drift the balance by each).
func TestParallelDeletesOfOneMovement(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "del@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 10000)
		cat := mustCategory(t, db, l, "Food", "expense", 0)
		for trial := 0; trial < 5; trial++ {
			m, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: "2025-03-01", Amount: 1000, AccountID: acc.ID, CategoryID: cat.ID})
			if err != nil {
				t.Fatal(err)
			}
			errs := parallel(8, func(int) error { return db.DeleteMovement(ctx, l, m.ID) })
			ok := 0
			for _, err := range errs {
				switch {
				case err == nil:
					ok++
				case finance.ErrorCode(err) != finance.ECodeNotFound:
					t.Fatalf("delete: %v", err)
				}
			}
			if ok != 1 {
				t.Fatalf("trial %d: %d deletes succeeded, want 1", trial, ok)
			}
			if b := balanceOf(t, db, l, acc.ID); b != 10000 {
				t.Fatalf("trial %d: balance %d, want 10000", trial, b)
			}
			mustCheck(t, db, l)
		}
	})
}

// Eight parallel patches of one movement's amount leave exactly one of them
// in effect, and the balance and totals agree with it.
func TestParallelPatchesOfOneMovement(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "patch@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 0)
		other := mustAccount(t, db, l, "Cash", "EUR", 0)
		cat := mustCategory(t, db, l, "Food", "expense", 0)
		for trial := 0; trial < 5; trial++ {
			m, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: "2025-03-01", Amount: 1000, AccountID: acc.ID, CategoryID: cat.ID})
			if err != nil {
				t.Fatal(err)
			}
			errs := parallel(8, func(i int) error {
				amount := int64(100 * (i + 1))
				in := finance.MovementInput{Amount: &amount}
				if i%2 == 1 { // half of them also move it to the other account
					in.AccountID = &finance.IDInput{ID: other.ID, Set: true}
				}
				_, err := db.UpdateMovement(ctx, l, m.ID, in)
				return err
			})
			for _, err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			final, err := db.Movement(ctx, l, m.ID)
			if err != nil {
				t.Fatal(err)
			}
			mustCheck(t, db, l)
			if err := db.DeleteMovement(ctx, l, final.ID); err != nil {
				t.Fatal(err)
			}
			if a, b := balanceOf(t, db, l, acc.ID), balanceOf(t, db, l, other.ID); a != 0 || b != 0 {
				t.Fatalf("trial %d: balances %d and %d after deleting, want 0", trial, a, b)
			}
		}
	})
}

// Many writers at once — transfers both ways between the same accounts,
// creates, patches, deletes, bulk creates, re-categorisations, account and
// category edits — end with every balance and total right and no error but
// the expected not_found (PostgreSQL used to deadlock and drift).
func TestConcurrentMixedWrites(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "mixed@example.com")
		accs := []int64{mustAccount(t, db, l, "A", "EUR", 100000).ID, mustAccount(t, db, l, "B", "EUR", 0).ID, mustAccount(t, db, l, "C", "EUR", -500).ID}
		exp := []int64{mustCategory(t, db, l, "E1", "expense", 0).ID, mustCategory(t, db, l, "E2", "expense", 0).ID}
		earn := mustCategory(t, db, l, "In", "earning", 0).ID
		var mu sync.Mutex
		var ids []int64
		pick := func(rng *rand.Rand) (int64, bool) {
			mu.Lock()
			defer mu.Unlock()
			if len(ids) == 0 {
				return 0, false
			}
			return ids[rng.IntN(len(ids))], true
		}
		keep := func(id ...int64) { mu.Lock(); ids = append(ids, id...); mu.Unlock() }
		draft := func(rng *rand.Rand) finance.MovementDraft {
			d := finance.MovementDraft{Date: fmt.Sprintf("2025-%02d-%02d", 1+rng.IntN(3), 1+rng.IntN(28)), Amount: 1 + rng.Int64N(5000),
				AccountID: accs[rng.IntN(len(accs))]}
			switch rng.IntN(3) {
			case 0:
				d.Type, d.CategoryID = "expense", exp[rng.IntN(2)]
			case 1:
				d.Type, d.CategoryID = "earning", earn
			default:
				d.Type = "transfer"
				d.ToAccountID = accs[(rng.IntN(2)+1+indexOf(accs, d.AccountID))%len(accs)]
			}
			return d
		}
		errs := parallel(16, func(w int) error {
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			for step := 0; step < 40; step++ {
				var err error
				switch op := rng.IntN(12); {
				case op < 4:
					var m *finance.Movement
					if m, err = db.CreateMovement(ctx, l, draft(rng)); err == nil {
						keep(m.ID)
					}
				case op < 6:
					if id, ok := pick(rng); ok {
						d := draft(rng)
						_, err = db.UpdateMovement(ctx, l, id, finance.MovementInput{Amount: &d.Amount, Date: &d.Date,
							AccountID: &finance.IDInput{ID: d.AccountID, Set: true}})
						if finance.ErrorCode(err) == finance.ECodeInvalid {
							err = nil // a transfer moved onto its own destination
						}
					}
				case op < 8:
					if id, ok := pick(rng); ok {
						err = db.DeleteMovement(ctx, l, id)
					}
				case op < 9:
					batch := []finance.MovementDraft{draft(rng), draft(rng), draft(rng)}
					var got []int64
					if got, err = db.CreateMovements(ctx, l, batch); err == nil {
						keep(got...)
					}
				case op < 10:
					a, b := pick(rng)
					c, _ := pick(rng)
					if b {
						_, err = db.RecategorizeMovements(ctx, l, []int64{a, c}, exp[rng.IntN(2)])
						if finance.ErrorCode(err) == finance.ECodeInvalid {
							err = nil // one of them is an earning or a transfer
						}
					}
				case op < 11:
					opening := rng.Int64N(10000)
					_, err = db.UpdateAccount(ctx, l, accs[rng.IntN(len(accs))], finance.AccountInput{OpeningBalance: &opening})
				default:
					if id, ok := pick(rng); ok {
						_, err = db.DeleteMovements(ctx, l, []int64{id})
					}
				}
				if err != nil && finance.ErrorCode(err) != finance.ECodeNotFound {
					return fmt.Errorf("worker %d step %d: %w", w, step, err)
				}
			}
			return nil
		})
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		mustCheck(t, db, l)
	})
}

func indexOf(s []int64, v int64) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

// Four commits of one upload at once import it once: the others are
// already_committed and add nothing (a double-click used to import twice).
func TestParallelCommitsOfOneUpload(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "imp@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 0)
		cat := mustCategory(t, db, l, "Food", "expense", 0)
		for trial := 0; trial < 3; trial++ {
			up, err := db.SaveUpload(ctx, l, "bank.csv", "csv", []byte("date,amount\n"), store.UploadLimits{})
			if err != nil {
				t.Fatal(err)
			}
			drafts := make([]finance.ImportDraft, 200)
			for i := range drafts {
				drafts[i] = finance.ImportDraft{MovementDraft: finance.MovementDraft{Type: "expense", Date: "2025-01-02", Amount: 100, AccountID: acc.ID, CategoryID: cat.ID}}
			}
			errs := parallel(4, func(int) error {
				_, _, err := db.ImportMovements(ctx, l, up, sourceOf(acc.ID, drafts))
				return err
			})
			ok := 0
			for _, err := range errs {
				switch {
				case err == nil:
					ok++
				case finance.ErrorCode(err) != finance.ECodeAlreadyCommitted:
					t.Fatalf("commit: %v", err)
				}
			}
			if ok != 1 {
				t.Fatalf("trial %d: %d commits succeeded, want 1", trial, ok)
			}
			if b := balanceOf(t, db, l, acc.ID); b != -20000*int64(trial+1) {
				t.Fatalf("trial %d: balance %d, want %d", trial, b, -20000*(trial+1))
			}
			if _, err := db.Upload(ctx, l, up); finance.ErrorCode(err) != finance.ECodeAlreadyCommitted {
				t.Fatalf("reading a committed upload: %v, want already_committed", err)
			}
			mustCheck(t, db, l)
		}
	})
}
