package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// snapshotForTest is a small ledger: two accounts in two currencies, a
// category tree, an expense, an earning, a split and a transfer.
func snapshotForTest() *finance.LedgerSnapshot {
	s := &finance.LedgerSnapshot{Source: finance.SourceFirefly, Name: "Old app",
		Accounts: []finance.SnapshotAccount{{ID: 10, Name: "Bank", Type: "bank", Currency: "EUR", OpeningBalance: 5000},
			{ID: 11, Name: "Card", Type: "card", Currency: "USD"}},
		Categories: []finance.SnapshotCategory{{ID: 2, ParentID: 1, Name: "Bread", Type: "expense"}, {ID: 1, Name: "Food", Type: "expense"},
			{ID: 3, Name: "Pay", Type: "earning"}},
		Movements: []finance.SnapshotMovement{
			{Draft: finance.MovementDraft{Type: "expense", Date: "2026-01-02", Amount: 300, AccountID: 10, CategoryID: 2, Tags: []string{"a", "a", " b "}}},
			{Draft: finance.MovementDraft{Type: "earning", Date: "2026-01-01", Amount: 9000, AccountID: 10, CategoryID: 3}},
			{Draft: finance.MovementDraft{Type: "expense", Date: "2026-01-03", Amount: 100, AccountID: 11,
				Splits: []finance.Split{{CategoryID: 1, Amount: 60}, {CategoryID: 2, Amount: 40}}}},
			{Draft: finance.MovementDraft{Type: "transfer", Date: "2026-01-04", Amount: 1000, AccountID: 10, ToAccountID: 11, ToAmount: 1100}},
			{Draft: finance.MovementDraft{Type: "expense", Date: "2026-01-05", Amount: 50, AccountID: 10}}, // no category: the fallback
			{Draft: finance.MovementDraft{Type: "expense", Date: "2026-13-01", Amount: 50, AccountID: 10}}, // a bad date: skipped
		},
	}
	return s
}

func cleanedSnapshot(t *testing.T, db *store.DB) *finance.LedgerSnapshot {
	t.Helper()
	book, err := db.Currencies(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	s := snapshotForTest()
	s.Clean(finance.SnapshotRules{Known: book.Known, Language: "en"})
	return s
}

func TestCreateLedgerFrom(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		u, err := identity.New(db).CreateUser(ctx, identity.NewUser{Email: "snap@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		s := cleanedSnapshot(t, db)
		if len(s.Movements) != 5 || len(s.Skipped) != 1 || s.Skipped[0].Code != finance.SkipDate {
			t.Fatalf("cleaned: %d movements, skipped %+v", len(s.Movements), s.Skipped)
		}
		id, err := db.SaveLedgerUpload(ctx, u.ID, "old.csv", finance.SourceFirefly, []byte("a file"), store.UploadLimits{}, store.StoredPreview{})
		if err != nil {
			t.Fatal(err)
		}
		// Another user's upload is not found, and nothing is created.
		other, _ := identity.New(db).CreateUser(ctx, identity.NewUser{Email: "other@example.com"})
		if _, err := db.CreateLedgerFrom(ctx, other, id, "Mine", "EUR", s); finance.ErrorCode(err) != finance.ECodeNotFound {
			t.Fatalf("another user's commit: %v", err)
		}
		res, err := db.CreateLedgerFrom(ctx, u, id, "Old app", "EUR", s)
		if err != nil {
			t.Fatal(err)
		}
		if res.Accounts != 2 || res.Categories != 4 || res.Movements != 5 {
			t.Fatalf("result %+v", res)
		}
		accounts, err := db.ListAccounts(ctx, res.LedgerID)
		if err != nil {
			t.Fatal(err)
		}
		balances := map[string]int64{}
		for _, a := range accounts {
			balances[a.Name] = a.Balance
		}
		if balances["Bank"] != 5000-300+9000-1000-50 || balances["Card"] != -100+1100 {
			t.Fatalf("balances %v", balances)
		}
		cats, _ := db.ListCategories(ctx, res.LedgerID)
		byName := map[string]finance.Category{}
		for _, c := range cats {
			byName[c.Name] = c
		}
		if p := byName["Bread"].ParentID; p == nil || *p != byName["Food"].ID {
			t.Fatalf("Bread's parent: %+v", byName)
		}
		if err := storetest.CheckLedger(ctx, db, res.LedgerID); err != nil {
			t.Fatal(err)
		}
		// Again: already committed, nothing more.
		if _, err := db.CreateLedgerFrom(ctx, u, id, "Again", "EUR", s); finance.ErrorCode(err) != finance.ECodeAlreadyCommitted {
			t.Fatalf("second commit: %v", err)
		}
		if _, err := db.LedgerUpload(ctx, u.ID, id); finance.ErrorCode(err) != finance.ECodeAlreadyCommitted {
			t.Fatalf("a committed upload: %v", err)
		}
		ledgers, _ := db.Ledgers(ctx, u)
		if len(ledgers) != 2 {
			t.Fatalf("%d ledgers", len(ledgers))
		}
	})
}

// A snapshot the store refuses part-way (here a movement into an account
// the snapshot lacks, which Clean would have dropped) leaves no ledger and
// the upload waiting.
func TestCreateLedgerFromIsAllOrNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		u, _ := identity.New(db).CreateUser(ctx, identity.NewUser{Email: "half@example.com"})
		s := cleanedSnapshot(t, db)
		s.Movements = append(s.Movements, finance.SnapshotMovement{Draft: finance.MovementDraft{Type: "expense", Date: "2026-01-09",
			Amount: 1, AccountID: 99, CategoryID: 1}})
		id, _ := db.SaveLedgerUpload(ctx, u.ID, "old.csv", finance.SourceFirefly, []byte("a file"), store.UploadLimits{}, store.StoredPreview{})
		var bulk *finance.BulkError
		if _, err := db.CreateLedgerFrom(ctx, u, id, "Half", "EUR", s); !errors.As(err, &bulk) {
			t.Fatalf("commit: %v", err)
		}
		if ledgers, _ := db.Ledgers(ctx, u); len(ledgers) != 1 {
			t.Fatalf("a failed commit left %d ledgers", len(ledgers))
		}
		if _, err := db.LedgerUpload(ctx, u.ID, id); err != nil {
			t.Fatalf("the upload after a failed commit: %v", err)
		}
	})
}

// Two servers on one PostgreSQL commit the same upload at once: one ledger.
func TestCreateLedgerFromOnceAcrossServers(t *testing.T) {
	one, two := storetest.OpenPostgresPair(t)
	ctx := context.Background()
	u, err := identity.New(one).CreateUser(ctx, identity.NewUser{Email: "twice@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	s := cleanedSnapshot(t, one)
	for round := range 5 {
		id, err := one.SaveLedgerUpload(ctx, u.ID, "old.csv", finance.SourceFirefly, []byte("a file"), store.UploadLimits{}, store.StoredPreview{})
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, db := range []*store.DB{one, two} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = db.CreateLedgerFrom(ctx, u, id, "Copy", "EUR", s)
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case finance.ErrorCode(err) != finance.ECodeAlreadyCommitted:
				t.Fatalf("round %d: %v", round, err)
			}
		}
		if ok != 1 {
			t.Fatalf("round %d: %d commits went through", round, ok)
		}
	}
	if ledgers, _ := one.Ledgers(ctx, u); len(ledgers) != 6 {
		t.Fatalf("%d ledgers, want 6", len(ledgers))
	}
}
