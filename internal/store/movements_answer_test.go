package store_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// A create answers the movement without reading it back, an update what it
// read in its transaction: each answer must be what a read after gives, for
// every kind of movement (rules' changes aside, which only the create's
// answer says).
func TestCreateAnswersWhatIsStored(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		u, err := identity.New(db).CreateUser(ctx, identity.NewUser{Email: "answer@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		l := u.LedgerID
		eur := storetest.Account(t, db, l, "Bank", "EUR", 0)
		eur2 := storetest.Account(t, db, l, "Savings", "EUR", 0)
		usd := storetest.Account(t, db, l, "Dollars", "USD", 0)
		gbp := storetest.Account(t, db, l, "Pounds", "GBP", 0)
		food := storetest.Category(t, db, l, "Food", "expense", 0)
		home := storetest.Category(t, db, l, "Home", "expense", 0)
		pay := storetest.Category(t, db, l, "Pay", "earning", 0)
		if _, err := db.PutRate(ctx, l, finance.RateInput{Currency: "USD", Date: "2025-03-01", Rate: "0.9"}); err != nil {
			t.Fatal(err)
		}
		drafts := []finance.MovementDraft{
			{Type: "expense", Date: "2025-03-02", Amount: 1234, AccountID: eur.ID, CategoryID: food.ID, Description: "Café  Olé", Notes: "n", Tags: []string{"a", "b"}},
			{Type: "earning", Date: "2025-03-03", Amount: 500000, AccountID: usd.ID, CategoryID: pay.ID, State: "cleared"},
			// A rate of a later date only: estimated.
			{Type: "expense", Date: "2025-02-01", Amount: 999, AccountID: usd.ID, CategoryID: food.ID},
			// No rate at all: no amount in the base currency.
			{Type: "expense", Date: "2025-03-04", Amount: 77, AccountID: gbp.ID, CategoryID: food.ID, Tags: []string{}},
			{Type: "transfer", Date: "2025-03-05", Amount: 2500, AccountID: eur.ID, ToAccountID: eur2.ID, Description: "to savings"},
			{Type: "transfer", Date: "2025-03-06", Amount: 1000, AccountID: usd.ID, ToAccountID: eur.ID, ToAmount: 905},
			{Type: "expense", Date: "2025-03-07", Amount: 3000, AccountID: usd.ID, Description: "split",
				Splits: []finance.Split{{CategoryID: food.ID, Amount: 1000, Note: "one"}, {CategoryID: home.ID, Amount: 2000}}},
		}
		for _, actor := range []int64{0, u.ID} {
			c := ctx
			if actor != 0 {
				c = store.WithActor(ctx, actor)
			}
			for i, d := range drafts {
				m, replayed, err := db.CreateMovementOnce(c, l, d, nil, true)
				if err != nil || replayed {
					t.Fatalf("draft %d: %v %v", i, err, replayed)
				}
				got, err := db.Movement(ctx, l, m.ID)
				if err != nil {
					t.Fatal(err)
				}
				m.Rules = nil // said by the create's answer only
				if !reflect.DeepEqual(m, got) {
					a, _ := json.Marshal(m)
					b, _ := json.Marshal(got)
					t.Fatalf("draft %d (actor %d): the create answered\n%s\nbut the movement reads\n%s", i, actor, a, b)
				}
				// An update answers what it leaves, read in its transaction.
				in, amount := finance.MovementInput{Description: ptr("changed " + m.Description)}, m.Amount
				if len(m.Splits) == 0 { // a split's lines must sum to its amount
					amount++
					in.Amount = &amount
				}
				u, err := db.UpdateMovement(c, l, m.ID, in)
				if err != nil {
					t.Fatal(err)
				}
				if got, err = db.Movement(ctx, l, m.ID); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(u, got) || u.Amount != amount {
					a, _ := json.Marshal(u)
					b, _ := json.Marshal(got)
					t.Fatalf("draft %d (actor %d): the update answered\n%s\nbut the movement reads\n%s", i, actor, a, b)
				}
			}
		}
	})
}
