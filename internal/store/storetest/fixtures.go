package storetest

import (
	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
	"context"
	"testing"
)

// NewLedger signs up a user (email) and returns their personal ledger.
func NewLedger(t *testing.T, db *store.DB, email string) int64 {
	t.Helper()
	u, err := identity.New(db).CreateUser(context.Background(), identity.NewUser{Email: email})
	if err != nil {
		t.Fatal(err)
	}
	return u.LedgerID
}

// Account creates an account with an opening balance, or fails the test.
func Account(t *testing.T, db *store.DB, ledger int64, name, currency string, opening int64) *finance.Account {
	t.Helper()
	a, err := db.CreateAccount(context.Background(), ledger, finance.AccountInput{Name: &name, Type: new("bank"), Currency: &currency, OpeningBalance: &opening})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// Category creates a category (a subcategory of parent when not 0), or
// fails the test.
func Category(t *testing.T, db *store.DB, ledger int64, name, typ string, parent int64) *finance.Category {
	t.Helper()
	in := finance.CategoryInput{Name: &name, Type: &typ}
	if parent != 0 {
		in.ParentID = &finance.IDInput{ID: parent, Set: true}
	}
	c, err := db.CreateCategory(context.Background(), ledger, in)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
