package store_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"testing"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// sliceRows is a slice of the tests' commits in slices: 3,000 rows go in six.
const sliceRows = 500

// ledgerState is what a failed import must leave as it found it: the
// ledger's rows in every table, its accounts (balances), its categories,
// the search totals of the words the import's rows share, and the integrity
// check.
type ledgerState struct {
	rows       map[string]int64
	accounts   []finance.Account
	categories int
	search     map[string]store.CurrencySumsForTest
}

func ledgerStateOf(t *testing.T, db *store.DB, l int64) ledgerState {
	t.Helper()
	ctx := context.Background()
	if err := storetest.CheckLedger(ctx, db, l); err != nil {
		t.Fatalf("check: %v", err)
	}
	s := ledgerState{rows: storetest.CountLedgerRows(ctx, db, l)}
	delete(s.rows, "imports") // the upload itself: checked on its own
	var err error
	if s.accounts, err = db.ListAccounts(ctx, l); err != nil {
		t.Fatal(err)
	}
	cats, err := db.ListCategories(ctx, l)
	if err != nil {
		t.Fatal(err)
	}
	s.categories = len(cats)
	words, matches, ok, err := db.SearchTotalsForTest(ctx, l, finance.MovementFilter{Text: "row"})
	if err != nil || !ok {
		t.Fatalf("search totals: %v (answered: %v)", err, ok)
	}
	if !maps.Equal(words, matches) {
		t.Fatalf("search totals %v, the matches sum %v", words, matches)
	}
	s.search = words
	return s
}

func (s ledgerState) same(t *testing.T, after ledgerState) {
	t.Helper()
	if !maps.Equal(s.rows, after.rows) {
		t.Errorf("the ledger's rows: %v before, %v after", s.rows, after.rows)
	}
	if fmt.Sprint(s.accounts) != fmt.Sprint(after.accounts) {
		t.Errorf("the accounts: %+v before, %+v after", s.accounts, after.accounts)
	}
	if s.categories != after.categories {
		t.Errorf("%d categories before, %d after", s.categories, after.categories)
	}
	if !maps.Equal(s.search, after.search) {
		t.Errorf("search totals %v before, %v after", s.search, after.search)
	}
}

// importSetup is a ledger with an account holding a movement (a word of
// the import's rows in its description, so that search totals move), its
// upload, and 3,000 rows to import (six slices on SQLite).
func importSetup(t *testing.T, db *store.DB, email string) (l, acc, up int64, src store.ImportSource) {
	t.Helper()
	ctx := context.Background()
	l = newLedger(t, db, email)
	a := mustAccount(t, db, l, "Bank", "EUR", 5000)
	food := mustCategory(t, db, l, "Food", "expense", 0)
	if _, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: "2024-03-04", Amount: 250, AccountID: a.ID,
		CategoryID: food.ID, Description: "Row before"}); err != nil {
		t.Fatal(err)
	}
	up, err := db.SaveUpload(ctx, l, "bank.csv", "csv", []byte("x"), store.UploadLimits{})
	if err != nil {
		t.Fatal(err)
	}
	return l, a.ID, up, sourceOf(a.ID, importRows(a.ID, 3000))
}

// outcome waits for a write started on another goroutine; a write that
// never ends (it waits for the import that waits for it) fails the test
// instead of hanging it.
func outcome(done <-chan error) error {
	select {
	case err := <-done:
		return err
	case <-time.After(2 * time.Minute):
		return errors.New("the write did not end while the import waited for it")
	}
}

// While a large import commits, another user's create goes through (on
// SQLite between two slices; on PostgreSQL beside the import's one
// transaction, which locks only its ledger), and a write to the importer's
// ledger waits for the import's end: it comes after every imported
// movement, and the ledger passes its check.
func TestImportCommitLetsOthersWrite(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l, acc, up, src := importSetup(t, db, "slices@example.com")
		other := newLedger(t, db, "other-writer@example.com")
		cash := mustAccount(t, db, other, "Cash", "EUR", 0)
		food := mustCategory(t, db, other, "Food", "expense", 0)
		kept := mustCategory(t, db, l, "Kept", "expense", 0)
		mine := make(chan error, 1)
		var mineID int64
		hooked := 0
		db.SetImportSlicesForTest(sliceRows, func(ctx context.Context, slice int) error {
			hooked++
			if slice != 2 {
				return nil
			}
			if db.Dialect() == store.SQLite && !db.LedgerHeldForTest(l) {
				t.Error("the importer's ledger is not held between slices")
			}
			go func() {
				m, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: "2025-01-01", Amount: 3, AccountID: acc, CategoryID: kept.ID, Description: "Row meanwhile"})
				if err == nil {
					mineID = m.ID
				}
				mine <- err
			}()
			theirs := make(chan error, 1)
			go func() {
				_, err := db.CreateMovement(ctx, other, finance.MovementDraft{Type: "expense", Date: "2026-01-01", Amount: 1, AccountID: cash.ID,
					CategoryID: food.ID, Description: "meanwhile"})
				theirs <- err
			}()
			if err := outcome(theirs); err != nil {
				return fmt.Errorf("another user's create during the import: %w", err)
			}
			return nil
		})
		created, _, err := db.ImportMovements(ctx, l, up, src)
		if err != nil {
			t.Fatal(err)
		}
		if created != 3000 || hooked != 3000/sliceRows {
			t.Fatalf("%d movements created, the hook ran %d times", created, hooked)
		}
		if err := outcome(mine); err != nil {
			t.Fatalf("a write to the importer's ledger: %v", err)
		}
		var newer int64
		if newer, err = db.CountForTest(ctx, `SELECT COUNT(*) FROM movements WHERE ledger_id = ? AND id > ?`, l, mineID); err != nil || newer != 0 {
			t.Fatalf("%d imported movements came after the write to the ledger made during the import (%v)", newer, err)
		}
		if n := len(allMovements(t, db, l, acc)); n != 3002 {
			t.Fatalf("%d movements in the account", n)
		}
		ledgerStateOf(t, db, l)
		ledgerStateOf(t, db, other)
		if db.LedgerHeldForTest(l) {
			t.Fatal("the ledger is still held")
		}
	})
}

// A commit that fails after some slices leaves the ledger exactly as it
// was — movements, balances, categories, search totals, the check — and its
// upload waiting: committed again, it imports every row.
func TestImportCommitFailingMidwayLeavesNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l, acc, up, src := importSetup(t, db, "slices-fail@example.com")
		before := ledgerStateOf(t, db, l)
		broken := errors.New("the disk is full")
		db.SetImportSlicesForTest(sliceRows, func(_ context.Context, slice int) error {
			if slice == 3 {
				return broken
			}
			return nil
		})
		if _, _, err := db.ImportMovements(ctx, l, up, src); !errors.Is(err, broken) {
			t.Fatalf("commit: %v", err)
		}
		before.same(t, ledgerStateOf(t, db, l))
		if db.LedgerHeldForTest(l) {
			t.Fatal("the ledger is still held")
		}
		if _, err := db.Upload(ctx, l, up); err != nil {
			t.Fatalf("the upload after a failed commit: %v", err)
		}
		db.SetImportSlicesForTest(sliceRows, nil)
		if created, _, err := db.ImportMovements(ctx, l, up, src); err != nil || created != 3000 {
			t.Fatalf("commit again: %d, %v", created, err)
		}
		if n := len(allMovements(t, db, l, acc)); n != 3001 {
			t.Fatalf("%d movements in the account", n)
		}
		ledgerStateOf(t, db, l)
	})
}

// A server stopped in the middle of a commit (slices written, its memory
// lost) leaves the import to the next start: the ledger is held from Open
// and the uploads' sweep takes the import back; the upload waits again.
func TestImportCommitStoppedMidwayIsSwept(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l, acc, up, src := importSetup(t, db, "slices-crash@example.com")
		before := ledgerStateOf(t, db, l)
		db.SetImportSlicesForTest(sliceRows, func(_ context.Context, slice int) error {
			if slice == 4 {
				return store.ErrStopForTest
			}
			return nil
		})
		if _, _, err := db.ImportMovements(ctx, l, up, src); !errors.Is(err, store.ErrStopForTest) {
			t.Fatalf("commit: %v", err)
		}
		written := len(allMovements(t, db, l, acc)) - 1
		if db.Dialect() == store.SQLite && written != 4*sliceRows {
			t.Fatalf("%d movements written before the stop", written)
		}
		if err := db.RestartForTest(ctx); err != nil {
			t.Fatal(err)
		}
		if held := db.LedgerHeldForTest(l); held != (written > 0) {
			t.Fatalf("after a restart, the ledger held: %v, with %d movements of the import", held, written)
		}
		if _, err := db.SweepUploads(ctx); err != nil {
			t.Fatal(err)
		}
		if db.LedgerHeldForTest(l) {
			t.Fatal("the ledger is still held after the sweep")
		}
		before.same(t, ledgerStateOf(t, db, l))
		db.SetImportSlicesForTest(sliceRows, nil)
		if created, _, err := db.ImportMovements(ctx, l, up, src); err != nil || created != 3000 {
			t.Fatalf("commit after the sweep: %d, %v", created, err)
		}
		ledgerStateOf(t, db, l)
	})
}

// Two commits of one upload at once (a double click, a retry) import it
// once: the second, started while the first writes its slices, answers
// already_committed.
func TestImportCommitTwiceAtOnceAppliesOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l, acc, up, src := importSetup(t, db, "slices-twice@example.com")
		second := make(chan error, 1)
		db.SetImportSlicesForTest(sliceRows, func(ctx context.Context, slice int) error {
			if slice == 2 {
				go func() {
					_, _, err := db.ImportMovements(ctx, l, up, sourceOf(acc, importRows(acc, 3000)))
					second <- err
				}()
			}
			return nil
		})
		if created, _, err := db.ImportMovements(ctx, l, up, src); err != nil || created != 3000 {
			t.Fatalf("the first commit: %d, %v", created, err)
		}
		if err := outcome(second); finance.ErrorCode(err) != finance.ECodeAlreadyCommitted {
			t.Fatalf("the second commit: %v", err)
		}
		if _, _, err := db.ImportMovements(ctx, l, up, src); finance.ErrorCode(err) != finance.ECodeAlreadyCommitted {
			t.Fatalf("a third commit: %v", err)
		}
		if n := len(allMovements(t, db, l, acc)); n != 3001 {
			t.Fatalf("%d movements in the account", n)
		}
		ledgerStateOf(t, db, l)
	})
}
