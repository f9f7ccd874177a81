package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"cashcontrol/internal/finance"
)

// A write that panics in the middle of a bulk load leaves SQLite's writing
// connection as the pool set it: its page cache full size and its commits
// checkpointing again (else the log would grow until the next import).
func TestBulkLoadSetBackAfterPanic(t *testing.T) {
	db, err := Open(context.Background(), Options{SQLitePath: filepath.Join(t.TempDir(), "test.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// Without the set-back the connection went back to the pool only when
	// the write's context ended: the test would wait for it.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	func() {
		defer func() {
			if p := recover(); p != "a bug" {
				t.Fatalf("recovered %v", p)
			}
		}()
		_ = db.Write(ctx, func(tx *Tx) error {
			if err := tx.bulkLoad(ctx); err != nil {
				return err
			}
			panic("a bug")
		})
	}()
	p := db.SQLitePragmas(context.Background())
	if p["cache_size"] != fmt.Sprint(-SQLiteCacheBytes/1024) || p["wal_autocheckpoint"] != "1000" {
		t.Fatalf("after a panic in a bulk load the writer has cache_size %s and wal_autocheckpoint %s", p["cache_size"], p["wal_autocheckpoint"])
	}
	if ctx.Err() != nil {
		t.Fatal("the write waited for its context to end")
	}
}

// When the writing side panics, the reading ahead stops instead of waiting
// forever to hand over its next batch (holding the file).
func TestReadAheadStopsWhenTheWritePanics(t *testing.T) {
	ended := make(chan struct{})
	src := ImportSource{Rows: func(_ finance.ImportExisting, write func(*finance.ImportDraft)) error {
		defer close(ended)
		for i := 0; i < 100_000; i++ {
			write(&finance.ImportDraft{MovementDraft: finance.MovementDraft{Description: fmt.Sprint(i)}})
		}
		return nil
	}}
	func() {
		defer func() { _ = recover() }()
		n := 0
		_ = readAhead(src, finance.ImportExisting{}, 2, func(d *finance.ImportDraft) bool {
			if n++; n == 300 {
				panic("a bug in the writing")
			}
			return true
		})
	}()
	select {
	case <-ended:
	case <-time.After(10 * time.Second):
		t.Fatal("the reading did not end after the writing panicked")
	}
}

// The rows come in the source's order, whether the writing takes them all
// or stops after any of them.
func TestReadAheadOrder(t *testing.T) {
	const n = 2_000
	src := ImportSource{Rows: func(_ finance.ImportExisting, write func(*finance.ImportDraft)) error {
		for i := 0; i < n; i++ {
			write(&finance.ImportDraft{MovementDraft: finance.MovementDraft{Amount: int64(i)}})
		}
		return nil
	}}
	for _, stopAt := range []int{0, 1, readAheadRows - 1, readAheadRows, readAheadRows + 1, 1_000, n} {
		got := 0
		err := readAhead(src, finance.ImportExisting{}, 2, func(d *finance.ImportDraft) bool {
			if d.Amount != int64(got) {
				t.Fatalf("stop at %d: row %d came as row %d", stopAt, d.Amount, got)
			}
			got++
			return got < stopAt || stopAt == n
		})
		if want := max(stopAt, 1); err != nil || got != want {
			t.Fatalf("stop at %d: %d rows written, %v; want %d", stopAt, got, err, want)
		}
	}
}
