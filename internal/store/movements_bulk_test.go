package store_test

import (
	"context"
	"fmt"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// A bulk create larger than one statement's batch keeps every movement, in
// order, with its own id and tags, and moves the balance by exactly its sum.
func TestCreateMovementsInBatches(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "batches@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 1000)
		savings := mustAccount(t, db, l, "Savings", "EUR", 0)
		food := mustCategory(t, db, l, "Food", "expense", 0)
		salary := mustCategory(t, db, l, "Salary", "earning", 0)
		const n = 2345
		drafts := make([]finance.MovementDraft, n)
		var balance, tagged int64 = 1000, 0
		for i := range drafts {
			d := finance.MovementDraft{Type: "expense", Date: fmt.Sprintf("2024-%02d-%02d", 1+i%12, 1+i%28), Amount: int64(1 + i),
				AccountID: acc.ID, CategoryID: food.ID, Description: fmt.Sprintf("Row %d", i)}
			switch {
			case i%7 == 0:
				d.Type, d.CategoryID = "earning", salary.ID
				balance += d.Amount
			case i%11 == 0:
				d.Type, d.CategoryID, d.ToAccountID, d.ToAmount = "transfer", 0, savings.ID, d.Amount
				balance -= d.Amount
			default:
				balance -= d.Amount
			}
			if i%5 == 0 {
				d.Tags = []string{"five", fmt.Sprintf("t%d", i%3)}
				tagged++
			}
			drafts[i] = d
		}
		ids, err := db.CreateMovements(ctx, l, drafts)
		if err != nil {
			t.Fatal(err)
		}
		if len(ids) != n {
			t.Fatalf("%d ids for %d drafts", len(ids), n)
		}
		seen := map[int64]bool{}
		for _, i := range []int{0, 5, 999, 1000, 1001, 1999, 2000, n - 1} {
			if seen[ids[i]] {
				t.Fatalf("id %d repeated", ids[i])
			}
			seen[ids[i]] = true
			m, err := db.Movement(ctx, l, ids[i])
			if err != nil {
				t.Fatal(err)
			}
			if m.Description != drafts[i].Description || m.Amount != drafts[i].Amount || m.Type != drafts[i].Type || len(m.Tags) != len(drafts[i].Tags) {
				t.Fatalf("row %d came back as %+v", i, m)
			}
		}
		a, err := db.Account(ctx, l, acc.ID)
		if err != nil {
			t.Fatal(err)
		}
		if a.Balance != balance {
			t.Fatalf("balance %d, want %d", a.Balance, balance)
		}
		tot, err := db.TotalMovements(ctx, l, finance.MovementFilter{Tags: []string{"five"}})
		if err != nil {
			t.Fatal(err)
		}
		if tot.Count != tagged {
			t.Fatalf("tag filter: %d, want %d", tot.Count, tagged)
		}
		// Savings only receives transfers; it has movements all the same.
		empty := mustAccount(t, db, l, "Empty", "EUR", 0)
		accounts, err := db.ListAccounts(ctx, l)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range accounts {
			if want := a.ID != empty.ID; a.HasMovements != want {
				t.Errorf("%s: hasMovements %v, want %v", a.Name, a.HasMovements, want)
			}
		}
		if err := db.RefreshStatistics(ctx); err != nil {
			t.Fatal(err)
		}
		// Filters still read right after the planner has seen the data.
		if tot, _ := db.TotalMovements(ctx, l, finance.MovementFilter{CategoryIDs: []int64{salary.ID}}); tot.Count != (n+6)/7 {
			t.Fatalf("salary: %d", tot.Count)
		}
	})
}

// A category filter holds only the ledger's own categories: another ledger's
// category, or one that does not exist, matches nothing.
func TestCategoryFilterStaysInTheLedger(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		mine, theirs := newLedger(t, db, "mine@example.com"), newLedger(t, db, "theirs@example.com")
		myAcc, theirAcc := mustAccount(t, db, mine, "Bank", "EUR", 0), mustAccount(t, db, theirs, "Bank", "EUR", 0)
		myFood, theirFood := mustCategory(t, db, mine, "Food", "expense", 0), mustCategory(t, db, theirs, "Food", "expense", 0)
		for _, x := range []struct{ l, acc, cat int64 }{{mine, myAcc.ID, myFood.ID}, {theirs, theirAcc.ID, theirFood.ID}} {
			if _, err := db.CreateMovements(ctx, x.l, []finance.MovementDraft{{Type: "expense", Date: "2025-01-01", Amount: 5, AccountID: x.acc, CategoryID: x.cat}}); err != nil {
				t.Fatal(err)
			}
		}
		for _, ids := range [][]int64{{theirFood.ID}, {987654}} {
			items, _, err := db.ListMovements(ctx, mine, finance.MovementFilter{CategoryIDs: ids}, 50, "")
			if err != nil {
				t.Fatal(err)
			}
			tot, err := db.TotalMovements(ctx, mine, finance.MovementFilter{CategoryIDs: ids})
			if err != nil {
				t.Fatal(err)
			}
			if len(items) != 0 || tot.Count != 0 {
				t.Fatalf("filter %v: %d items, %d counted", ids, len(items), tot.Count)
			}
		}
		if tot, _ := db.TotalMovements(ctx, mine, finance.MovementFilter{CategoryIDs: []int64{myFood.ID, theirFood.ID}}); tot.Count != 1 {
			t.Fatalf("own category among others: %d", tot.Count)
		}
	})
}
