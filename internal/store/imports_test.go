package store_test

import (
	"bytes"
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// TestUploadsExpireOnEveryLedger: an upload older than a day is gone for its
// ledger, and the next upload of any ledger sweeps it from the database; a
// stored upload reads back exactly as sent.
func TestUploadsExpireOnEveryLedger(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	for name, opts := range map[string]func(t *testing.T) store.Options{
		"sqlite": func(t *testing.T) store.Options {
			return store.Options{SQLitePath: filepath.Join(t.TempDir(), "t.db"), Now: clock}
		},
		"postgres": func(t *testing.T) store.Options {
			return store.Options{DatabaseURL: storetest.PostgresURL(t), Now: clock}
		},
	} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			db, err := store.Open(ctx, opts(t))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			a, err := identity.New(db).CreateUser(ctx, identity.NewUser{Email: "a-" + name + "@example.com", ProviderID: finance.ProviderEmail})
			if err != nil {
				t.Fatal(err)
			}
			b, err := identity.New(db).CreateUser(ctx, identity.NewUser{Email: "b-" + name + "@example.com", ProviderID: finance.ProviderEmail})
			if err != nil {
				t.Fatal(err)
			}
			data := bytes.Repeat([]byte("2026-01-01;Shop;-1,00\n"), 1000)
			id, err := db.SaveUpload(ctx, a.LedgerID, "a.csv", "csv", data, store.UploadLimits{})
			if err != nil {
				t.Fatal(err)
			}
			up, err := db.Upload(ctx, a.LedgerID, id)
			if err == nil {
				_, err = up.Bytes()
			}
			if err != nil || !bytes.Equal(up.Data, data) || up.FileName != "a.csv" || up.Format != "csv" {
				t.Fatalf("read back: %v", err)
			}
			mu.Lock()
			now = now.Add(25 * time.Hour)
			mu.Unlock()
			if _, err := db.Upload(ctx, a.LedgerID, id); finance.ErrorCode(err) != finance.ECodeNotFound {
				t.Fatalf("an expired upload: %v", err)
			}
			if _, err := db.SaveUpload(ctx, b.LedgerID, "b.csv", "csv", data, store.UploadLimits{}); err != nil {
				t.Fatal(err)
			}
			if n := storetest.CountLedgerRows(ctx, db, a.LedgerID)["imports"]; n != 0 {
				t.Fatalf("another ledger's expired upload was kept: %d", n)
			}
		})
	}
}
