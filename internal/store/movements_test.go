package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// TestMovementsRandomized applies a random sequence of writes and checks after
// each step that balances and monthly totals equal what the movements say.
func TestMovementsRandomized(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprint("seed", seed), func(t *testing.T) { randomized(t, db, seed) })
		}
	})
}

func randomized(t *testing.T, db *store.DB, seed uint64) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(seed, 42))
	l := newLedger(t, db, fmt.Sprintf("r%d@example.com", seed))
	accs := []*finance.Account{mustAccount(t, db, l, "EUR 1", "EUR", 100000), mustAccount(t, db, l, "EUR 2", "EUR", -5000), mustAccount(t, db, l, "JPY", "JPY", 0)}
	exp := mustCategory(t, db, l, "Exp", "expense", 0)
	cats := map[string][]int64{
		"expense": {exp.ID, mustCategory(t, db, l, "Sub", "expense", exp.ID).ID},
		"earning": {mustCategory(t, db, l, "Earn", "earning", 0).ID},
	}
	var ids []int64
	draft := func() finance.MovementDraft {
		typ := []string{"expense", "earning", "transfer"}[rng.IntN(3)]
		d := finance.MovementDraft{Type: typ, Date: fmt.Sprintf("%d-%02d-%02d", 2024+rng.IntN(3), 1+rng.IntN(12), 1+rng.IntN(28)),
			Amount: 1 + rng.Int64N(100000), AccountID: accs[rng.IntN(3)].ID, Tags: []string{"t" + fmt.Sprint(rng.IntN(3))}}
		if typ == "transfer" {
			for d.ToAccountID == 0 || d.ToAccountID == d.AccountID {
				d.ToAccountID = accs[rng.IntN(3)].ID
			}
			d.ToAmount = 1 + rng.Int64N(100000)
		} else {
			d.CategoryID = cats[typ][rng.IntN(len(cats[typ]))]
		}
		return d
	}
	for step := 0; step < 120; step++ {
		switch op := rng.IntN(10); {
		case op < 5 || len(ids) == 0:
			m, err := db.CreateMovement(ctx, l, draft())
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, m.ID)
		case op < 7:
			d := draft()
			in := finance.MovementInput{Type: &d.Type, Date: &d.Date, Amount: &d.Amount, AccountID: &finance.IDInput{ID: d.AccountID, Set: true},
				CategoryID: &finance.IDInput{ID: d.CategoryID, Set: d.CategoryID != 0}, ToAccountID: &finance.IDInput{ID: d.ToAccountID, Set: d.ToAccountID != 0}, ToAmount: &d.ToAmount}
			if _, err := db.UpdateMovement(ctx, l, ids[rng.IntN(len(ids))], in); err != nil {
				t.Fatal(err)
			}
		case op < 8:
			i := rng.IntN(len(ids))
			if err := db.DeleteMovement(ctx, l, ids[i]); err != nil {
				t.Fatal(err)
			}
			ids = append(ids[:i], ids[i+1:]...)
		case op < 9:
			batch := make([]finance.MovementDraft, 1+rng.IntN(20))
			for i := range batch {
				batch[i] = draft()
			}
			created, err := db.CreateMovements(ctx, l, batch)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, created...)
		default:
			deleted, err := db.DeleteMovements(ctx, l, ids[:min(3, len(ids))])
			if err != nil {
				t.Fatal(err)
			}
			ids = ids[len(deleted):]
		}
		if err := storetest.CheckLedger(ctx, db, l); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
	}
}

func TestMovementRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "m@example.com")
		other := newLedger(t, db, "o@example.com")
		eur := mustAccount(t, db, l, "EUR", "EUR", 0)
		eur2 := mustAccount(t, db, l, "EUR2", "EUR", 0)
		usd := mustAccount(t, db, l, "USD", "USD", 0)
		food := mustCategory(t, db, l, "Food", "expense", 0)
		salary := mustCategory(t, db, l, "Salary", "earning", 0)
		theirs := mustAccount(t, db, other, "Theirs", "EUR", 0)
		for name, c := range map[string]struct {
			d     finance.MovementDraft
			field string
		}{
			"category of the other type": {finance.MovementDraft{Type: "expense", Date: "2026-01-01", Amount: 1, AccountID: eur.ID, CategoryID: salary.ID}, "categoryId"},
			"another ledger's account":   {finance.MovementDraft{Type: "expense", Date: "2026-01-01", Amount: 1, AccountID: theirs.ID, CategoryID: food.ID}, "accountId"},
			"transfer to itself":         {finance.MovementDraft{Type: "transfer", Date: "2026-01-01", Amount: 1, AccountID: eur.ID, ToAccountID: eur.ID}, "toAccountId"},
			"cross-currency without to":  {finance.MovementDraft{Type: "transfer", Date: "2026-01-01", Amount: 1, AccountID: eur.ID, ToAccountID: usd.ID}, "toAmount"},
			"bad date":                   {finance.MovementDraft{Type: "expense", Date: "2026-02-30", Amount: 1, AccountID: eur.ID, CategoryID: food.ID}, "date"},
			"zero amount":                {finance.MovementDraft{Type: "expense", Date: "2026-01-01", AccountID: eur.ID, CategoryID: food.ID}, "amount"},
			"missing category":           {finance.MovementDraft{Type: "earning", Date: "2026-01-01", Amount: 1, AccountID: eur.ID}, "categoryId"},
		} {
			_, err := db.CreateMovement(ctx, l, c.d)
			fe, ok := err.(*finance.Error)
			if !ok || fe.Code != finance.ECodeInvalid || len(fe.Fields) == 0 || fe.Fields[0].Field != c.field {
				t.Errorf("%s: got %v, want field %s", name, err, c.field)
			}
		}
		tr, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "transfer", Date: "2026-01-01", Amount: 300, AccountID: eur.ID, ToAccountID: eur2.ID, ToAmount: 999})
		if err != nil || *tr.ToAmount != 300 {
			t.Fatalf("same-currency transfer receives the amount sent: %+v %v", tr, err)
		}
		fx, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "transfer", Date: "2026-01-01", Amount: 1000, AccountID: eur.ID, ToAccountID: usd.ID, ToAmount: 1085})
		if err != nil || *fx.ToAmount != 1085 || fx.ToCurrency != "USD" || fx.Currency != "EUR" {
			t.Fatalf("%+v %v", fx, err)
		}
		if a, _ := db.Account(ctx, l, usd.ID); a.Balance != 1085 {
			t.Fatalf("usd balance %d", a.Balance)
		}
		if _, err := db.Movement(ctx, other, fx.ID); finance.ErrorCode(err) != finance.ECodeNotFound {
			t.Fatalf("another ledger reads the movement: %v", err)
		}
		if _, err := db.DeleteMovements(ctx, other, []int64{fx.ID}); finance.ErrorCode(err) != finance.ECodeNotFound {
			t.Fatalf("another ledger deletes the movement: %v", err)
		}
		if _, err := db.DeleteMovements(ctx, l, []int64{tr.ID, 99999999}); finance.ErrorCode(err) != finance.ECodeNotFound {
			t.Fatalf("bulk with an unknown id: %v", err)
		}
		if _, err := db.Movement(ctx, l, tr.ID); err != nil {
			t.Fatal("a refused bulk delete deleted something")
		}
		_, err = db.CreateMovements(ctx, l, []finance.MovementDraft{
			{Type: "expense", Date: "2026-01-01", Amount: 1, AccountID: eur.ID, CategoryID: food.ID},
			{Type: "expense", Date: "nope", Amount: 1, AccountID: eur.ID, CategoryID: food.ID},
		})
		be, ok := err.(*finance.BulkError)
		if !ok || len(be.Rows) != 1 || be.Rows[0].Index != 1 || finance.ErrorCode(err) != finance.ECodeInvalid {
			t.Fatalf("bulk create with a bad row: %v", err)
		}
		if tot, _ := db.TotalMovements(ctx, l, finance.MovementFilter{}); tot.Count != 2 {
			t.Fatalf("a failed bulk create wrote %d", tot.Count-2)
		}
	})
}

func TestListMovements(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "list@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 0)
		usd := mustAccount(t, db, l, "USD", "USD", 0)
		food := mustCategory(t, db, l, "Food", "expense", 0)
		groceries := mustCategory(t, db, l, "Groceries", "expense", food.ID)
		rent := mustCategory(t, db, l, "Rent", "expense", 0)
		salary := mustCategory(t, db, l, "Salary", "earning", 0)
		var drafts []finance.MovementDraft
		for i := 0; i < 130; i++ {
			d := finance.MovementDraft{Type: "expense", Date: fmt.Sprintf("2025-%02d-%02d", 1+i%12, 1+i%5), Amount: int64(100 + i),
				AccountID: acc.ID, CategoryID: []int64{food.ID, groceries.ID, rent.ID}[i%3], Description: fmt.Sprintf("Shop %d", i)}
			if i%10 == 0 {
				d.Type, d.CategoryID, d.Description, d.Tags = "earning", salary.ID, "ACME 100% payroll", []string{"work"}
			}
			if i%13 == 0 {
				d.AccountID = usd.ID
			}
			drafts = append(drafts, d)
		}
		if _, err := db.CreateMovements(ctx, l, drafts); err != nil {
			t.Fatal(err)
		}
		seen := map[int64]bool{}
		cursor, pages, lastKey := "", 0, "9999-99-99|"
		for {
			items, next, err := db.ListMovements(ctx, l, finance.MovementFilter{}, 50, cursor)
			if err != nil {
				t.Fatal(err)
			}
			pages++
			for _, m := range items {
				key := fmt.Sprintf("%s|%020d", m.Date, m.ID)
				if seen[m.ID] || key > lastKey {
					t.Fatalf("page %d: %s repeated or out of order", pages, key)
				}
				seen[m.ID], lastKey = true, key
			}
			if next == nil {
				break
			}
			cursor = *next
		}
		if len(seen) != 130 || pages != 3 {
			t.Fatalf("%d movements in %d pages", len(seen), pages)
		}
		count := func(f finance.MovementFilter) int64 {
			tot, err := db.TotalMovements(ctx, l, f)
			if err != nil {
				t.Fatal(err)
			}
			return tot.Count
		}
		for name, c := range map[string]struct {
			f    finance.MovementFilter
			want int64
		}{
			"parent includes subcategories": {finance.MovementFilter{CategoryIDs: []int64{food.ID}}, 78},
			"subcategory alone":             {finance.MovementFilter{CategoryIDs: []int64{groceries.ID}}, 39},
			"type":                          {finance.MovementFilter{Types: []string{"earning"}}, 13},
			"tag":                           {finance.MovementFilter{Tags: []string{"work"}}, 13},
			"text with a % inside":          {finance.MovementFilter{Text: "100% PAY"}, 13},
			"amount range":                  {finance.MovementFilter{MinAmount: ptr(int64(110)), MaxAmount: ptr(int64(119))}, 10},
			"period":                        {finance.MovementFilter{From: "2025-03-01", To: "2025-03-31"}, 11},
			"account":                       {finance.MovementFilter{AccountIDs: []int64{usd.ID}}, 10},
		} {
			if got := count(c.f); got != c.want {
				t.Errorf("%s: %d, want %d", name, got, c.want)
			}
		}
		tot, _ := db.TotalMovements(ctx, l, finance.MovementFilter{})
		if len(tot.ByCurrency) != 2 || tot.ByCurrency[0].Currency != "EUR" || tot.ByCurrency[1].Currency != "USD" {
			t.Fatalf("totals must be per currency: %+v", tot)
		}
		asc, _, _ := db.ListMovements(ctx, l, finance.MovementFilter{Ascending: true}, 1, "")
		if asc[0].Date != "2025-01-01" {
			t.Fatalf("oldest first: %s", asc[0].Date)
		}
		if _, _, err := db.ListMovements(ctx, l, finance.MovementFilter{}, 10, "garbage!"); finance.ErrorCode(err) != finance.ECodeInvalid {
			t.Fatalf("bad cursor: %v", err)
		}
	})
}
