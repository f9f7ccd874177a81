package store_test

import (
	"context"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

func ptr[T any](v T) *T { return &v }

// The fixtures every store test uses, from storetest.
var (
	newLedger    = storetest.NewLedger
	mustAccount  = storetest.Account
	mustCategory = storetest.Category
)

func TestAccounts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "a@example.com")
		other := newLedger(t, db, "b@example.com")
		a := mustAccount(t, db, l, "Bank", "EUR", 10000)
		if a.Balance != 10000 || a.Position != 1 || a.HasMovements {
			t.Fatalf("%+v", a)
		}
		t.Run("ErrNameTaken", func(t *testing.T) {
			_, err := db.CreateAccount(ctx, l, finance.AccountInput{Name: ptr("BANK"), Type: ptr("cash"), Currency: ptr("EUR")})
			if finance.ErrorCode(err) != finance.ECodeConflict {
				t.Fatalf("got %v", err)
			}
			if _, err := db.CreateAccount(ctx, other, finance.AccountInput{Name: ptr("Bank"), Type: ptr("cash"), Currency: ptr("EUR")}); err != nil {
				t.Fatalf("another ledger may use the name: %v", err)
			}
		})
		t.Run("OtherLedgerIsNotFound", func(t *testing.T) {
			if _, err := db.Account(ctx, other, a.ID); finance.ErrorCode(err) != finance.ECodeNotFound {
				t.Fatalf("got %v", err)
			}
			if _, err := db.UpdateAccount(ctx, other, a.ID, finance.AccountInput{Name: ptr("x")}); finance.ErrorCode(err) != finance.ECodeNotFound {
				t.Fatalf("got %v", err)
			}
			if err := db.DeleteAccount(ctx, other, a.ID, true); finance.ErrorCode(err) != finance.ECodeNotFound {
				t.Fatalf("got %v", err)
			}
		})
		t.Run("OpeningBalanceMovesBalance", func(t *testing.T) {
			got, err := db.UpdateAccount(ctx, l, a.ID, finance.AccountInput{OpeningBalance: ptr(int64(2500)), Archived: ptr(true)})
			if err != nil || got.Balance != 2500 || !got.Archived {
				t.Fatalf("%+v %v", got, err)
			}
		})
		t.Run("InUse", func(t *testing.T) {
			b := mustAccount(t, db, l, "Cash", "EUR", 0)
			c := mustCategory(t, db, l, "Food", "expense", 0)
			if _, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: "2026-01-02", Amount: 500, AccountID: b.ID, CategoryID: c.ID}); err != nil {
				t.Fatal(err)
			}
			if err := db.DeleteAccount(ctx, l, b.ID, false); finance.ErrorCode(err) != finance.ECodeInUse {
				t.Fatalf("got %v", err)
			}
			if _, err := db.UpdateAccount(ctx, l, b.ID, finance.AccountInput{Currency: ptr("USD")}); finance.ErrorCode(err) != finance.ECodeInUse {
				t.Fatalf("currency change with movements: %v", err)
			}
			if err := db.DeleteAccount(ctx, l, b.ID, true); err != nil {
				t.Fatal(err)
			}
			if n := storetest.CountLedgerRows(ctx, db, l)["movements"]; n != 0 {
				t.Fatalf("%d movements left", n)
			}
			if err := storetest.CheckLedger(ctx, db, l); err != nil {
				t.Fatal(err)
			}
		})
	})
}

func TestCategories(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "c@example.com")
		other := newLedger(t, db, "d@example.com")
		food := mustCategory(t, db, l, "Food", "expense", 0)
		salary := mustCategory(t, db, l, "Salary", "earning", 0)
		t.Run("Subcategory", func(t *testing.T) {
			c, err := db.CreateCategory(ctx, l, finance.CategoryInput{Name: ptr("Groceries"), ParentID: &finance.IDInput{ID: food.ID, Set: true}})
			if err != nil || c.Type != "expense" || c.ParentID == nil || *c.ParentID != food.ID {
				t.Fatalf("%+v %v", c, err)
			}
			_, err = db.CreateCategory(ctx, l, finance.CategoryInput{Name: ptr("Deeper"), ParentID: &finance.IDInput{ID: c.ID, Set: true}})
			if finance.ErrorCode(err) != finance.ECodeInvalid {
				t.Fatalf("two levels: %v", err)
			}
			_, err = db.CreateCategory(ctx, l, finance.CategoryInput{Name: ptr("X"), Type: ptr("earning"), ParentID: &finance.IDInput{ID: food.ID, Set: true}})
			if finance.ErrorCode(err) != finance.ECodeInvalid {
				t.Fatalf("parent of the other type: %v", err)
			}
			_, err = db.CreateCategory(ctx, l, finance.CategoryInput{Name: ptr("groceries "), ParentID: &finance.IDInput{ID: food.ID, Set: true}})
			if finance.ErrorCode(err) != finance.ECodeConflict {
				t.Fatalf("sibling name case-insensitive: %v", err)
			}
			if _, err := db.CreateCategory(ctx, other, finance.CategoryInput{Name: ptr("Y"), ParentID: &finance.IDInput{ID: food.ID, Set: true}}); finance.ErrorCode(err) != finance.ECodeInvalid {
				t.Fatalf("another ledger's parent: %v", err)
			}
		})
		t.Run("ArchiveFollowsParent", func(t *testing.T) {
			if _, err := db.UpdateCategory(ctx, l, food.ID, finance.CategoryInput{Archived: ptr(true)}); err != nil {
				t.Fatal(err)
			}
			list, _ := db.ListCategories(ctx, l)
			for _, c := range list {
				if c.Type == "expense" && !c.Archived {
					t.Fatalf("%s not archived with its parent", c.Name)
				}
			}
			_, _ = db.UpdateCategory(ctx, l, food.ID, finance.CategoryInput{Archived: ptr(false)})
		})
		t.Run("DeleteInUseAndReassign", func(t *testing.T) {
			acc := mustAccount(t, db, l, "Bank", "EUR", 0)
			list, _ := db.ListCategories(ctx, l)
			var groceries int64
			for _, c := range list {
				if c.Name == "Groceries" {
					groceries = c.ID
				}
			}
			for _, cat := range []int64{food.ID, groceries, groceries} {
				if _, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: "2026-03-01", Amount: 700, AccountID: acc.ID, CategoryID: cat}); err != nil {
					t.Fatal(err)
				}
			}
			if err := db.DeleteCategory(ctx, l, food.ID, nil); finance.ErrorCode(err) != finance.ECodeInUse {
				t.Fatalf("got %v", err)
			}
			if err := db.DeleteCategory(ctx, l, food.ID, &salary.ID); finance.ErrorCode(err) != finance.ECodeInvalid {
				t.Fatalf("move to another type: %v", err)
			}
			home := mustCategory(t, db, l, "Home", "expense", 0)
			if err := db.DeleteCategory(ctx, l, food.ID, &home.ID); err != nil {
				t.Fatal(err)
			}
			n, _ := db.TotalMovements(ctx, l, finance.MovementFilter{CategoryIDs: []int64{home.ID}})
			if n.Count != 3 {
				t.Fatalf("%d movements moved, want 3", n.Count)
			}
			if _, err := db.Category(ctx, l, groceries); finance.ErrorCode(err) != finance.ECodeNotFound {
				t.Fatal("the subcategory survived its parent")
			}
			if err := storetest.CheckLedger(ctx, db, l); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("Starter", func(t *testing.T) {
			l := newLedger(t, db, "s@example.com")
			n, err := db.CreateStarterCategories(ctx, l, finance.LangEnglish)
			if err != nil || n < 20 {
				t.Fatalf("created %d, %v", n, err)
			}
			again, err := db.CreateStarterCategories(ctx, l, finance.LangEnglish)
			if err != nil || again != 0 {
				t.Fatalf("second time created %d, %v", again, err)
			}
			list, _ := db.ListCategories(ctx, l)
			if len(list) != n {
				t.Fatalf("%d categories, want %d", len(list), n)
			}
			found := false
			for _, c := range list {
				found = found || (c.Name == "Groceries" && c.ParentID != nil)
			}
			if !found {
				t.Fatal("no English subcategory Groceries")
			}
		})
	})
}
