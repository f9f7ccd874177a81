package instance_test

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/instance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// Every table of the schema is carried by the portable format or left out
// for a reason, so that a new table cannot be forgotten by export-all and
// the backups; and every table named exists.
func TestPortableCoversEveryTable(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		tables, err := storetest.Tables(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		carried, left := instance.PortableTablesForTest()
		for _, name := range tables {
			_, out := left[name]
			if slices.Contains(carried, name) == out {
				t.Errorf("the table %s must be either carried by the portable format (portableTables) or left out with a reason (notPortable)", name)
			}
		}
		for _, name := range carried {
			if !slices.Contains(tables, name) {
				t.Errorf("portableTables names %s, which does not exist", name)
			}
		}
		if len(tables) < 30 {
			t.Fatalf("only %d tables: %v", len(tables), tables)
		}
	})
}

// Exports taken while writers add, change and delete movements and move
// money between accounts are consistent snapshots: each imports into an
// empty database whose every balance and monthly total equals its movements,
// on either database, and holds as many movements as were there at one
// moment (never a half-applied write).
func TestExportDuringWrites(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx, cancel := context.WithCancel(context.Background())
		l := storetest.NewLedger(t, db, "busy@example.com")
		a := storetest.Account(t, db, l, "Bank", "EUR", 100000)
		b := storetest.Account(t, db, l, "Cash", "EUR", 0)
		cat := storetest.Category(t, db, l, "Food", finance.MovementExpense, 0)
		var wg sync.WaitGroup
		var writes atomic.Int64
		wrote := make(chan struct{}, 1)
		for w := range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; ctx.Err() == nil; i++ {
					d := finance.MovementDraft{Type: finance.MovementExpense, Date: fmt.Sprintf("2026-%02d-%02d", 1+i%12, 1+i%28),
						Amount: int64(100 + i), AccountID: a.ID, CategoryID: cat.ID, Description: "w" + strconv.Itoa(w)}
					if i%3 == 0 {
						d = finance.MovementDraft{Type: finance.MovementTransfer, Date: d.Date, Amount: 50, AccountID: a.ID, ToAccountID: b.ID}
					}
					m, err := db.CreateMovement(ctx, l, d)
					if err == nil && i%5 == 0 {
						err = db.DeleteMovement(ctx, l, m.ID)
					}
					if err != nil && ctx.Err() == nil {
						t.Errorf("writer %d: %v", w, err)
						return
					}
					writes.Add(1)
					select {
					case wrote <- struct{}{}:
					default:
					}
				}
			}()
		}
		stopped := make(chan struct{})
		go func() { wg.Wait(); close(stopped) }()
		var exports [][]byte
		for range 4 {
			// Each export after 20 more writes (each write says so on wrote).
			for writes.Load() < int64(20*(len(exports)+1)) {
				select {
				case <-wrote:
				case <-stopped:
					t.Fatal("the writers stopped")
				}
			}
			var buf bytes.Buffer
			if _, err := instance.New(db).ExportAll(ctx, &buf); err != nil {
				t.Fatal(err)
			}
			exports = append(exports, buf.Bytes())
		}
		cancel()
		wg.Wait()
		for i, data := range exports {
			for _, target := range []*store.DB{storetest.OpenSQLite(t), storetest.OpenPostgres(t)} {
				if _, err := instance.New(target).ImportAll(context.Background(), bytes.NewReader(data), int64(len(data))); err != nil {
					t.Fatalf("export %d into %s: %v", i, target.Dialect(), err)
				}
				if err := storetest.CheckLedger(context.Background(), target, l); err != nil {
					t.Fatalf("export %d into %s: %v", i, target.Dialect(), err)
				}
			}
		}
	})
}
