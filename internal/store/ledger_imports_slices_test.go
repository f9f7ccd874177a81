package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// largeSnapshot is a cleaned snapshot of n movements in two accounts (a
// transfer every tenth), in slices on SQLite.
func largeSnapshot(t *testing.T, db *store.DB, n int) *finance.LedgerSnapshot {
	t.Helper()
	s := &finance.LedgerSnapshot{Source: finance.SourceFirefly,
		Accounts:   []finance.SnapshotAccount{{ID: 1, Name: "Bank", Type: "bank", Currency: "EUR"}, {ID: 2, Name: "Savings", Type: "bank", Currency: "EUR"}},
		Categories: []finance.SnapshotCategory{{ID: 1, Name: "Food", Type: "expense"}},
		Schedules:  nil,
	}
	for i := range n {
		d := finance.MovementDraft{Type: "expense", Date: fmt.Sprintf("2025-%02d-%02d", 1+i%12, 1+i%28), Amount: int64(1 + i%500), AccountID: 1,
			CategoryID: 1, Description: fmt.Sprintf("Shop %d", i)}
		if i%10 == 0 {
			d = finance.MovementDraft{Type: "transfer", Date: d.Date, Amount: 7, AccountID: 1, ToAccountID: 2}
		}
		s.Movements = append(s.Movements, finance.SnapshotMovement{ID: int64(i + 1), Draft: d})
	}
	book, err := db.Currencies(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	s.Clean(finance.SnapshotRules{Known: book.Known, Language: "en"})
	return s
}

// TestLargeLedgerImportLetsOthersWrite: a ledger import of 26,000
// movements (six slices on SQLite) while another user writes without a
// pause: on SQLite the other's writes go through between the slices, and
// never see the ledger being made (it has no member until the last slice);
// on both databases the ledger is whole, its balances right, and it passes
// the integrity check.
func TestLargeLedgerImportLetsOthersWrite(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		u, _ := identity.New(db).CreateUser(ctx, identity.NewUser{Email: "big-import@example.com"})
		other, _ := identity.New(db).CreateUser(ctx, identity.NewUser{Email: "writer@example.com"})
		acc := mustAccount(t, db, other.LedgerID, "Cash", "EUR", 0)
		cat := mustCategory(t, db, other.LedgerID, "Food", "expense", 0)
		s := largeSnapshot(t, db, 26000)
		id, _ := db.SaveLedgerUpload(ctx, u.ID, "big.csv", finance.SourceFirefly, []byte("a file"), store.UploadLimits{}, store.StoredPreview{})

		var importing atomic.Bool
		importing.Store(true)
		// The other's writes during the import; the fewest movements a
		// ledger of the importer's held when it was listed (-1: none listed
		// but the importer's own).
		var during, partial atomic.Int64
		partial.Store(-1)
		done := make(chan struct{})
		go func() {
			defer close(done)
			for i := 0; importing.Load(); i++ {
				if _, err := db.CreateMovement(ctx, other.LedgerID, finance.MovementDraft{Type: "expense", Date: "2026-01-01", Amount: 1,
					AccountID: acc.ID, CategoryID: cat.ID, Description: "meanwhile"}); err != nil {
					t.Error(err)
					return
				}
				if !importing.Load() {
					return
				}
				during.Add(1)
				ledgers, err := db.Ledgers(ctx, u)
				if err != nil {
					t.Error(err)
					return
				}
				// The import may end between the check above and the list:
				// a new ledger listed must hold every movement already.
				for _, l := range ledgers {
					if l.ID == u.LedgerID {
						continue
					}
					n, err := db.CountForTest(ctx, `SELECT COUNT(*) FROM movements WHERE ledger_id = ?`, l.ID)
					if err != nil {
						t.Error(err)
						return
					}
					if p := partial.Load(); p < 0 || n < p {
						partial.Store(n)
					}
				}
			}
		}()
		res, err := db.CreateLedgerFrom(ctx, u, id, "Big", "EUR", s)
		importing.Store(false)
		<-done
		if err != nil {
			t.Fatal(err)
		}
		if res.Movements != 26000 {
			t.Fatalf("%d movements written", res.Movements)
		}
		if db.Dialect() == store.SQLite && during.Load() < 2 {
			t.Errorf("another user wrote %d times during the import", during.Load())
		}
		if p := partial.Load(); p >= 0 && p != 26000 {
			t.Errorf("the ledger being made was listed before its import ended (with %d movements)", p)
		}
		accounts, _ := db.ListAccounts(ctx, res.LedgerID)
		var total int64
		for _, a := range accounts {
			total += a.Balance
		}
		var want int64
		for _, m := range s.Movements {
			if m.Draft.Type == "expense" {
				want -= m.Draft.Amount
			}
		}
		if total != want {
			t.Errorf("the accounts hold %d in all, want %d", total, want)
		}
		if err := storetest.CheckLedger(ctx, db, res.LedgerID); err != nil {
			t.Fatal(err)
		}
		if ledgers, _ := db.Ledgers(ctx, u); len(ledgers) != 2 {
			t.Fatalf("%d ledgers after the import", len(ledgers))
		}
	})
}

// TestLargeLedgerImportIsAllOrNothing: an import in slices whose last slice
// is refused (a movement into an account the snapshot lacks), and two
// commits of one upload at once: no staged ledger stays, one ledger is made,
// and the refused upload still waits.
func TestLargeLedgerImportIsAllOrNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		u, _ := identity.New(db).CreateUser(ctx, identity.NewUser{Email: "big-half@example.com"})
		bad := largeSnapshot(t, db, 12000)
		bad.Movements = append(bad.Movements, finance.SnapshotMovement{Draft: finance.MovementDraft{Type: "expense", Date: "2026-01-09",
			Amount: 1, AccountID: 99, CategoryID: 1}})
		id, _ := db.SaveLedgerUpload(ctx, u.ID, "half.csv", finance.SourceFirefly, []byte("a file"), store.UploadLimits{}, store.StoredPreview{})
		var bulk *finance.BulkError
		if _, err := db.CreateLedgerFrom(ctx, u, id, "Half", "EUR", bad); !errors.As(err, &bulk) {
			t.Fatalf("commit: %v", err)
		}
		if ledgers, _ := db.Ledgers(ctx, u); len(ledgers) != 1 {
			t.Fatalf("a failed commit left %d ledgers", len(ledgers))
		}
		if n, err := db.CountForTest(ctx, `SELECT COUNT(*) FROM ledgers`); err != nil || n != 1 {
			t.Fatalf("%d ledgers stay in the database (%v)", n, err)
		}
		if _, err := db.LedgerUpload(ctx, u.ID, id); err != nil {
			t.Fatalf("the upload after a failed commit: %v", err)
		}
		good := largeSnapshot(t, db, 12000)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = db.CreateLedgerFrom(ctx, u, id, "Twice", "EUR", good)
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case finance.ErrorCode(err) != finance.ECodeAlreadyCommitted:
				t.Fatalf("a commit at once: %v", err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d commits went through", ok)
		}
		if n, err := db.CountForTest(ctx, `SELECT COUNT(*) FROM ledgers`); err != nil || n != 2 {
			t.Fatalf("%d ledgers in the database after two commits of one upload (%v)", n, err)
		}
		if n, err := db.CountForTest(ctx, `SELECT COUNT(*) FROM ledgers WHERE importing_since IS NOT NULL`); err != nil || n != 0 {
			t.Fatalf("%d staged ledgers stay (%v)", n, err)
		}
	})
}
