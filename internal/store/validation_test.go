package store_test

import (
	"context"
	"strings"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// TestStoreValidates: the store applies finance's rule to every resource it
// writes, whoever calls it (the handlers no longer check anything).
func TestStoreValidates(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		u, err := identity.New(db).CreateUser(ctx, identity.NewUser{Email: "v@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		l := u.LedgerID
		acc := mustAccount(t, db, l, "Bank", "EUR", 0)
		cat := mustCategory(t, db, l, "Food", "expense", 0)
		long := strings.Repeat("x", 61)
		for _, c := range []struct {
			name, field string
			write       func() error
		}{
			{"account name too long", "name", func() error {
				_, err := db.CreateAccount(ctx, l, finance.AccountInput{Name: &long, Type: ptr("bank"), Currency: ptr("EUR")})
				return err
			}},
			{"account without type", "type", func() error {
				_, err := db.CreateAccount(ctx, l, finance.AccountInput{Name: ptr("Cash"), Currency: ptr("EUR")})
				return err
			}},
			{"account currency unknown", "currency", func() error {
				_, err := db.UpdateAccount(ctx, l, acc.ID, finance.AccountInput{Currency: ptr("XYZ")})
				return err
			}},
			{"category name too long", "name", func() error {
				_, err := db.CreateCategory(ctx, l, finance.CategoryInput{Name: &long, Type: ptr("expense")})
				return err
			}},
			{"subcategory without name", "name", func() error {
				_, err := db.CreateCategory(ctx, l, finance.CategoryInput{ParentID: &finance.IDInput{ID: cat.ID, Set: true}})
				return err
			}},
			{"category color", "color", func() error {
				_, err := db.UpdateCategory(ctx, l, cat.ID, finance.CategoryInput{Color: ptr("red")})
				return err
			}},
			{"profile photo", "photoURL", func() error {
				_, err := identity.New(db).UpdateProfile(ctx, u.ID, finance.ProfilePatch{PhotoURL: ptr("http://example.com/me.png")})
				return err
			}},
			{"welcome language", "languagePreference", func() error {
				_, err := identity.New(db).CompleteWelcome(ctx, u.ID, identity.Welcome{Language: "de", Currency: "EUR"})
				return err
			}},
			{"welcome currency", "baseCurrency", func() error {
				_, err := identity.New(db).CompleteWelcome(ctx, u.ID, identity.Welcome{Language: finance.LangEnglish, Currency: "XYZ"})
				return err
			}},
		} {
			t.Run(c.name, func(t *testing.T) {
				var err error
				func() {
					defer func() {
						if p := recover(); p != nil {
							t.Fatalf("panic: %v", p)
						}
					}()
					err = c.write()
				}()
				var fe *finance.Error
				if e, ok := err.(*finance.Error); ok {
					fe = e
				}
				if fe == nil || fe.Code != finance.ECodeInvalid || len(fe.Fields) == 0 || fe.Fields[0].Field != c.field {
					t.Fatalf("got %v, want invalid %s", err, c.field)
				}
			})
		}
		// Nothing was written: the account and category are as they were.
		if got, _ := db.Account(ctx, l, acc.ID); got.Currency != "EUR" {
			t.Fatalf("account changed: %+v", got)
		}
		if got, _ := db.Category(ctx, l, cat.ID); got.Color == "red" {
			t.Fatalf("category changed: %+v", got)
		}
		if n, _ := db.ListAccounts(ctx, l); len(n) != 1 {
			t.Fatalf("accounts: %d", len(n))
		}
		if got, _ := identity.New(db).UserByID(ctx, u.ID); !got.FirstTime {
			t.Fatalf("welcome completed: %+v", got)
		}
	})
}
