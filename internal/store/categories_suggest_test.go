package store_test

import (
	"context"
	"fmt"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// The suggestion counts follow every kind of movement write: create, bulk
// create, edit, recategorise, delete, deleting a category into another and
// deleting an account with its movements. After each, CheckLedger's recount
// agrees and the suggestion is the one the history gives.
func TestSuggestionsFollowEveryWrite(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "suggest@example.com")
		other := newLedger(t, db, "suggest-other@example.com")
		bank := mustAccount(t, db, l, "Bank", "EUR", 0)
		card := mustAccount(t, db, l, "Card", "EUR", 0)
		groceries := mustCategory(t, db, l, "Groceries", "expense", 0)
		eating := mustCategory(t, db, l, "Eating out", "expense", 0)
		pay := mustCategory(t, db, l, "Pay", "earning", 0)
		step := func(name string, wantCat int64, desc, typ string) {
			t.Helper()
			if err := storetest.CheckLedger(ctx, db, l); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			got, err := db.SuggestCategories(ctx, l, typ, desc, 0, 0, 3)
			if err != nil {
				t.Fatal(err)
			}
			if wantCat == 0 {
				if len(got) != 0 {
					t.Fatalf("%s: %q suggests %+v, want nothing", name, desc, got)
				}
				return
			}
			if len(got) == 0 || got[0].CategoryID != wantCat {
				t.Fatalf("%s: %q suggests %+v, want category %d", name, desc, got, wantCat)
			}
		}
		exp := func(desc string, cat, acc int64) finance.MovementDraft {
			return finance.MovementDraft{Type: "expense", Date: "2026-03-01", Amount: 1234, AccountID: acc, CategoryID: cat, Description: desc}
		}
		step("empty", 0, "Mercadona", "")

		m, err := db.CreateMovement(ctx, l, exp("MERCADONA Valencia", groceries.ID, card.ID))
		if err != nil {
			t.Fatal(err)
		}
		step("create", groceries.ID, "mercadona", "expense")
		step("the other type", 0, "mercadona", "earning")
		if got, _ := db.SuggestCategories(ctx, other, "", "mercadona", 0, 0, 3); len(got) != 0 {
			t.Fatalf("another ledger's history: %+v", got)
		}

		ids, err := db.CreateMovements(ctx, l, []finance.MovementDraft{exp("Bar Pepe", eating.ID, card.ID), exp("Bar Pepe", eating.ID, card.ID),
			{Type: "earning", Date: "2026-03-02", Amount: 100000, AccountID: bank.ID, CategoryID: pay.ID, Description: "Nómina ACME"},
			{Type: "transfer", Date: "2026-03-02", Amount: 500, AccountID: bank.ID, ToAccountID: card.ID, Description: "Bar transfer"}})
		if err != nil {
			t.Fatal(err)
		}
		step("bulk", eating.ID, "bar", "")
		step("accents", pay.ID, "NOMINA", "")

		if _, err := db.UpdateMovement(ctx, l, m.ID, finance.MovementInput{Description: ptr("Mercadona Alicante"), CategoryID: &finance.IDInput{ID: eating.ID, Set: true}}); err != nil {
			t.Fatal(err)
		}
		step("edit", eating.ID, "mercadona", "")
		step("edit forgets the old word", 0, "valencia", "")

		if _, err := db.RecategorizeMovements(ctx, l, []int64{m.ID}, groceries.ID); err != nil {
			t.Fatal(err)
		}
		step("recategorise", groceries.ID, "mercadona alicante", "")

		if err := db.DeleteMovement(ctx, l, ids[0]); err != nil {
			t.Fatal(err)
		}
		step("delete one of two", eating.ID, "bar pepe", "")

		if err := db.DeleteCategory(ctx, l, eating.ID, &groceries.ID); err != nil {
			t.Fatal(err)
		}
		step("category merged", groceries.ID, "bar pepe", "")

		if err := db.DeleteAccount(ctx, l, card.ID, true); err != nil {
			t.Fatal(err)
		}
		step("account deleted", 0, "mercadona bar pepe", "")
		step("the bank's stays", pay.ID, "nomina", "")
	})
}

// A habit that changes wins from its first repeat: the description seen
// before gets the category it had last time, by the movements' own months
// (an edit of the date moves its count), and the recount agrees after every
// write, whichever order the months came in.
func TestSuggestionsFollowTheLatestHabit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "habit@example.com")
		bank := mustAccount(t, db, l, "Bank", "EUR", 0)
		personal := mustCategory(t, db, l, "Personal transfer", "expense", 0)
		self := mustCategory(t, db, l, "Self transfer", "expense", 0)
		gifts := mustCategory(t, db, l, "Gifts", "expense", 0)
		exp := func(date, desc string, cat int64) finance.MovementDraft {
			return finance.MovementDraft{Type: "expense", Date: date, Amount: 5000, AccountID: bank.ID, CategoryID: cat, Description: desc}
		}
		best := func(name, desc string, want int64) finance.Suggestion {
			t.Helper()
			if err := storetest.CheckLedger(ctx, db, l); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			got, err := db.SuggestCategories(ctx, l, "expense", desc, bank.ID, 5000, 3)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) == 0 || got[0].CategoryID != want {
				t.Fatalf("%s: %q suggests %+v, want category %d", name, desc, got, want)
			}
			return got[0]
		}
		var drafts []finance.MovementDraft
		for m := 1; m <= 9; m++ {
			drafts = append(drafts, exp(fmt.Sprintf("2025-%02d-03", m), fmt.Sprintf("TRANSFERENCIA A JUAN GARCIA REF %d", 1000+m), personal.ID))
		}
		// Other movements with the statement's words, spread over categories.
		drafts = append(drafts, exp("2025-02-10", "TRANSFERENCIA A ANA REF 77", gifts.ID), exp("2025-03-10", "TRANSFERENCIA A LUIS REF 78", self.ID))
		if _, err := db.CreateMovements(ctx, l, drafts); err != nil {
			t.Fatal(err)
		}
		s := best("the old habit", "Transferencia a Juan Garcia ref 2001", personal.ID)
		if !s.Confident || s.Word != "transferencia juan garcia ref" || s.Count != 9 || s.Total != 9 {
			t.Fatalf("a description seen nine times in one category: %+v", s)
		}
		m, err := db.CreateMovement(ctx, l, exp("2025-10-03", "TRANSFERENCIA A JUAN GARCIA REF 1010", self.ID))
		if err != nil {
			t.Fatal(err)
		}
		best("relabelled once", "TRANSFERENCIA A JUAN GARCIA REF 1011", self.ID)
		// The same movement dated before the others is an old exception.
		if _, err := db.UpdateMovement(ctx, l, m.ID, finance.MovementInput{Date: ptr("2024-12-03")}); err != nil {
			t.Fatal(err)
		}
		best("the relabelling moved back in time", "TRANSFERENCIA A JUAN GARCIA REF 1011", personal.ID)
		if _, err := db.UpdateMovement(ctx, l, m.ID, finance.MovementInput{Date: ptr("2025-11-03")}); err != nil {
			t.Fatal(err)
		}
		best("and forward again", "TRANSFERENCIA A JUAN GARCIA REF 1012", self.ID)
		if err := db.DeleteMovement(ctx, l, m.ID); err != nil {
			t.Fatal(err)
		}
		best("deleted", "TRANSFERENCIA A JUAN GARCIA REF 1012", personal.ID)
		// A word of the statement found in every category tells nothing: a
		// shop never seen with it is not confidently anything.
		if got, err := db.SuggestCategories(ctx, l, "expense", "TRANSFERENCIA A PEPE REF 1", 0, 0, 3); err != nil || (len(got) > 0 && got[0].Confident) {
			t.Fatalf("a spread word alone: %+v %v", got, err)
		}
	})
}
