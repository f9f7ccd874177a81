package store_test

import (
	"context"
	"testing"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

func TestOpen(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		v, err := db.SchemaVersion(ctx)
		if err != nil || v < 1 {
			t.Fatalf("schema version %d, %v", v, err)
		}
		if n, err := db.Migrate(ctx); err != nil || n != 0 {
			t.Fatalf("second migrate applied %d, %v", n, err)
		}
	})
}

func TestSQLitePragmas(t *testing.T) {
	db := storetest.OpenSQLite(t)
	got := db.SQLitePragmas(context.Background())
	want := map[string]string{"journal_mode": "wal", "foreign_keys": "1", "cache_size": "-40960", "busy_timeout": "10000", "wal_autocheckpoint": "1000"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("PRAGMA %s = %q, want %q", k, got[k], v)
		}
	}
}
