package store_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// sourceOf is an import of the given drafts into an account, in order, with
// every category they name (the planner's role in the API).
func sourceOf(accountID int64, drafts []finance.ImportDraft) store.ImportSource {
	src := store.ImportSource{AccountID: accountID}
	seen := map[string]bool{}
	for _, d := range drafts {
		if src.From == "" || d.Date < src.From {
			src.From = d.Date
		}
		src.To = max(src.To, d.Date)
		if k := d.Type + "|" + finance.NameKey(d.CategoryName); d.CategoryName != "" && !seen[k] {
			seen[k] = true
			src.Categories = append(src.Categories, finance.NewCategory{Type: d.Type, Name: d.CategoryName})
		}
	}
	src.Rows = func(_ finance.ImportExisting, write func(*finance.ImportDraft)) error {
		for i := range drafts {
			d := drafts[i] // write may change its draft
			write(&d)
		}
		return nil
	}
	return src
}

// allMovements reads every movement of an account, oldest first.
func allMovements(t *testing.T, db *store.DB, ledger, account int64) []finance.Movement {
	t.Helper()
	var out []finance.Movement
	cursor := ""
	for {
		page, next, err := db.ListMovements(context.Background(), ledger, finance.MovementFilter{AccountIDs: []int64{account}, Ascending: true}, store.MaxPageSize, cursor)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, page...)
		if next == nil {
			return out
		}
		cursor = *next
	}
}

// importRows makes n rows that cross several batches of the streaming
// writer: expenses and earnings over three years, in categories the ledger
// has (by another case and spacing) and new ones, some with tags, notes and
// bank ids.
func importRows(accountID int64, n int) []finance.ImportDraft {
	drafts := make([]finance.ImportDraft, n)
	for i := range drafts {
		d := finance.MovementDraft{Type: finance.MovementExpense, Date: fmt.Sprintf("%d-%02d-%02d", 2023+i%3, 1+i%12, 1+i%28),
			Amount: int64(1 + i*7%100000), AccountID: accountID, Description: fmt.Sprintf("Row %d", i)}
		name := []string{" food ", "Rent", "Café", "New place"}[i%4]
		if i%5 == 0 {
			d.Type, name = finance.MovementEarning, []string{"Salary", "Gifts"}[i%2]
		}
		if i%3 == 0 {
			d.Tags = []string{"trip", fmt.Sprintf("t%d", i%7)}
		}
		if i%11 == 0 {
			d.Notes, d.FITID = "note "+fmt.Sprint(i), fmt.Sprintf("F%d", i)
		}
		drafts[i] = finance.ImportDraft{MovementDraft: d, CategoryName: name}
	}
	return drafts
}

// A 10,000-row commit (several COPY batches on PostgreSQL) stores every row
// as given, in the named categories (existing ones by name, the others
// created once), with its tags, and leaves balances, monthly totals and
// turnover equal to a recount from the movements.
func TestImportCommitStoresEveryRow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "stream@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 5000)
		other := mustAccount(t, db, l, "Other", "EUR", 0)
		food := mustCategory(t, db, l, "Food", "expense", 0)
		if _, err := db.CreateMovements(ctx, l, []finance.MovementDraft{
			{Type: "expense", Date: "2024-03-04", Amount: 250, AccountID: acc.ID, CategoryID: food.ID, Description: "Before"},
			{Type: "expense", Date: "2024-03-04", Amount: 99, AccountID: other.ID, CategoryID: food.ID, Description: "Elsewhere"},
		}); err != nil {
			t.Fatal(err)
		}
		cats0, _ := db.ListCategories(ctx, l)
		up, err := db.SaveUpload(ctx, l, "bank.csv", "csv", []byte("x"), store.UploadLimits{})
		if err != nil {
			t.Fatal(err)
		}
		drafts := importRows(acc.ID, 10_000)
		src := sourceOf(acc.ID, drafts)
		rows := src.Rows
		var seen finance.ImportExisting
		src.Rows = func(existing finance.ImportExisting, write func(*finance.ImportDraft)) error {
			seen = existing
			return rows(existing, write)
		}
		created, cats, err := db.ImportMovements(ctx, l, up, src)
		if err != nil {
			t.Fatal(err)
		}
		mustFullCache(t, db)
		if db.Dialect() == store.SQLite {
			// The commit left its log to the background checkpoint, which
			// copied all of it: the next write starts the log afresh.
			db.WaitForCheckpointForTest()
			newLedger(t, db, "after-the-import@example.com")
			if frames, err := db.LogFramesForTest(ctx); err != nil || frames > 100 {
				t.Fatalf("a write after the import found %d frames in the log (%v): the import's were not checkpointed", frames, err)
			}
		}
		// The existing movements of that account and period, read in the commit.
		if len(seen.Keys) != 1 || seen.Keys[finance.DuplicateKey("2024-03-04", "expense", 250, "before")] != 1 {
			t.Errorf("existing movements handed to the rows: %+v", seen)
		}
		// Rent, Café, New place, Salary and Gifts are new; " food " is Food.
		if created != len(drafts) || cats != 5 {
			t.Fatalf("created %d movements and %d categories, want %d and 5", created, cats, len(drafts))
		}
		categories, _ := db.ListCategories(ctx, l)
		if len(categories) != len(cats0)+5 {
			t.Fatalf("%d categories after the import, want %d", len(categories), len(cats0)+5)
		}
		catID := map[string]int64{}
		for _, c := range categories {
			if c.ParentID == nil {
				catID[c.Type+"|"+finance.NameKey(c.Name)] = c.ID
			}
		}
		got := allMovements(t, db, l, acc.ID)
		if len(got) != len(drafts)+1 {
			t.Fatalf("%d movements in the account, want %d", len(got), len(drafts)+1)
		}
		slices.SortStableFunc(got, func(a, b finance.Movement) int { return strings.Compare(a.Description, b.Description) })
		byDesc := map[string]finance.Movement{}
		for _, m := range got {
			byDesc[m.Description] = m
		}
		balance := int64(5000 - 250)
		for _, d := range drafts {
			m, ok := byDesc[d.Description]
			want := catID[d.Type+"|"+finance.NameKey(d.CategoryName)]
			if !ok || m.Type != d.Type || m.Date != d.Date || m.Amount != d.Amount || m.Notes != d.Notes || m.CategoryID == nil || *m.CategoryID != want ||
				!slices.Equal(slices.Sorted(slices.Values(m.Tags)), slices.Sorted(slices.Values(d.Tags))) {
				t.Fatalf("stored %+v for %+v (category %d)", m, d, want)
			}
			if d.Type == finance.MovementExpense {
				balance -= d.Amount
			} else {
				balance += d.Amount
			}
		}
		if b := balanceOf(t, db, l, acc.ID); b != balance {
			t.Errorf("balance %d, want %d", b, balance)
		}
		if b := balanceOf(t, db, l, other.ID); b != -99 {
			t.Errorf("the other account's balance %d, want -99", b)
		}
		// Tags are searchable: a third of the rows carry "trip".
		n := 0
		for cursor := ""; ; {
			page, next, err := db.ListMovements(ctx, l, finance.MovementFilter{Tags: []string{"trip"}}, store.MaxPageSize, cursor)
			if err != nil {
				t.Fatal(err)
			}
			n += len(page)
			if next == nil {
				break
			}
			cursor = *next
		}
		if n != (len(drafts)+2)/3 {
			t.Errorf("%d movements tagged trip, want %d", n, (len(drafts)+2)/3)
		}
		// Balances, monthly totals and turnover agree with a recount.
		mustCheck(t, db, l)
		if _, _, err := db.ImportMovements(ctx, l, up, src); finance.ErrorCode(err) != finance.ECodeAlreadyCommitted {
			t.Fatalf("a second commit: %v, want already_committed", err)
		}
	})
}

// A commit that fails after several batches were written — a bad row, a
// balance past its limit, an error of the file's reading — writes nothing:
// no movement, no category, no change to balances or totals, and the
// upload can still be committed.
func TestImportCommitFailureWritesNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "fail@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 100)
		up, err := db.SaveUpload(ctx, l, "bank.csv", "csv", []byte("x"), store.UploadLimits{})
		if err != nil {
			t.Fatal(err)
		}
		before := storetest.CountLedgerRows(ctx, db, l)

		unknown := importRows(acc.ID, 10_000)
		unknown[9000].AccountID = acc.ID + 1000
		tooBig := importRows(acc.ID, 10_000)
		for i := range tooBig {
			tooBig[i].Type, tooBig[i].Amount = finance.MovementEarning, finance.MaxAmount/2000
		}
		readErr := errors.New("the file changed")
		broken := sourceOf(acc.ID, importRows(acc.ID, 10_000))
		rows := broken.Rows
		broken.Rows = func(existing finance.ImportExisting, write func(*finance.ImportDraft)) error {
			_ = rows(existing, write)
			return readErr
		}
		// The file is read on a goroutine of its own: a panic there fails the
		// commit, not the server.
		panics := sourceOf(acc.ID, importRows(acc.ID, 10_000))
		panics.Rows = func(existing finance.ImportExisting, write func(*finance.ImportDraft)) error {
			for i, d := range importRows(acc.ID, 10_000) {
				if i == 9000 {
					panic("a bug in a reader")
				}
				write(&d)
			}
			return nil
		}
		// A row whose category the source did not list stops the writing
		// mid-file; the reading, ahead of it, ends too.
		unlisted := importRows(acc.ID, 10_000)
		unlistedSrc := sourceOf(acc.ID, unlisted)
		unlisted[9000].CategoryName = "Not listed"
		read := 0
		rows2 := unlistedSrc.Rows
		unlistedSrc.Rows = func(existing finance.ImportExisting, write func(*finance.ImportDraft)) error {
			return rows2(existing, func(d *finance.ImportDraft) { read++; write(d) })
		}
		for _, c := range []struct {
			name  string
			src   store.ImportSource
			check func(error) bool
		}{
			{"a bad row after two batches", sourceOf(acc.ID, unknown), func(err error) bool {
				var be *finance.BulkError
				return errors.As(err, &be) && len(be.Rows) == 1 && be.Rows[0].Index == 9000
			}},
			{"a balance past its limit", sourceOf(acc.ID, tooBig), func(err error) bool { return finance.ErrorCode(err) == finance.ECodeLimitExceeded }},
			{"the file's reading fails", broken, func(err error) bool { return errors.Is(err, readErr) }},
			{"the file's reading panics", panics, func(err error) bool { return err != nil && strings.Contains(err.Error(), "a bug in a reader") }},
			{"a category the source did not list", unlistedSrc, func(err error) bool {
				return err != nil && strings.Contains(err.Error(), `"Not listed" is not among the source's categories`) && read == len(unlisted)
			}},
		} {
			_, _, err := db.ImportMovements(ctx, l, up, c.src)
			if !c.check(err) {
				t.Fatalf("%s: %v", c.name, err)
			}
			if after := storetest.CountLedgerRows(ctx, db, l); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Fatalf("%s: rows %v, before %v", c.name, after, before)
			}
			if b := balanceOf(t, db, l, acc.ID); b != 100 {
				t.Fatalf("%s: balance %d", c.name, b)
			}
			mustCheck(t, db, l)
			mustFullCache(t, db)
		}
		if created, _, err := db.ImportMovements(ctx, l, up, sourceOf(acc.ID, importRows(acc.ID, 10))); err != nil || created != 10 {
			t.Fatalf("the upload after failed commits: %d, %v", created, err)
		}
		mustCheck(t, db, l)
	})
}

// mustFullCache fails unless SQLite's writing connection has its page cache
// back at its size and checkpoints its commits again (an import commits with
// a smaller cache and leaves the checkpoint to the background).
func mustFullCache(t *testing.T, db *store.DB) {
	t.Helper()
	if db.Dialect() != store.SQLite {
		return
	}
	p := db.SQLitePragmas(context.Background())
	if got, want := p["cache_size"], fmt.Sprint(-store.SQLiteCacheBytes/1024); got != want {
		t.Fatalf("after an import the writer's cache_size is %s, want %s", got, want)
	}
	if got := p["wal_autocheckpoint"]; got != "1000" {
		t.Fatalf("after an import the writer's wal_autocheckpoint is %s, want 1000", got)
	}
}
