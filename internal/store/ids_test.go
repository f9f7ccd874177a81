package store_test

import (
	"context"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// TestIDsAreNeverReused deletes the newest row of every table whose ids reach
// users and creates another: the new row gets a new id. Without AUTOINCREMENT
// SQLite hands out max(id) + 1, the deleted row's id.
func TestIDsAreNeverReused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		fresh := func(what string, old, new int64) {
			t.Helper()
			if new <= old {
				t.Errorf("%s: deleted id %d, the next one is %d", what, old, new)
			}
		}
		l := newLedger(t, db, "ids@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 0)
		food := mustCategory(t, db, l, "Food", "expense", 0)
		draft := finance.MovementDraft{Type: "expense", Date: "2026-01-02", Amount: 100, AccountID: acc.ID, CategoryID: food.ID}

		m, err := db.CreateMovement(ctx, l, draft)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.DeleteMovement(ctx, l, m.ID); err != nil {
			t.Fatal(err)
		}
		m2, err := db.CreateMovement(ctx, l, draft)
		if err != nil {
			t.Fatal(err)
		}
		fresh("movement", m.ID, m2.ID)

		up, err := db.SaveUpload(ctx, l, "a.csv", "csv", []byte("2026-01-01;Shop;-1,00\n"), store.UploadLimits{})
		if err != nil {
			t.Fatal(err)
		}
		if err := db.DeleteUpload(ctx, l, up); err != nil {
			t.Fatal(err)
		}
		up2, err := db.SaveUpload(ctx, l, "a.csv", "csv", []byte("2026-01-01;Shop;-1,00\n"), store.UploadLimits{})
		if err != nil {
			t.Fatal(err)
		}
		fresh("import", up, up2)

		c := mustCategory(t, db, l, "Old", "expense", 0)
		if err := db.DeleteCategory(ctx, l, c.ID, nil); err != nil {
			t.Fatal(err)
		}
		fresh("category", c.ID, mustCategory(t, db, l, "New", "expense", 0).ID)

		a := mustAccount(t, db, l, "Old", "EUR", 0)
		if err := db.DeleteAccount(ctx, l, a.ID, false); err != nil {
			t.Fatal(err)
		}
		fresh("account", a.ID, mustAccount(t, db, l, "New", "EUR", 0).ID)

		u, err := identity.New(db).CreateUser(ctx, identity.NewUser{Email: "gone@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		if err := identity.New(db).DeleteUser(ctx, u.ID); err != nil {
			t.Fatal(err)
		}
		u2, err := identity.New(db).CreateUser(ctx, identity.NewUser{Email: "next@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		fresh("user", u.ID, u2.ID)
		fresh("ledger", u.LedgerID, u2.LedgerID)
	})
}
