// Package storetest opens fresh stores for tests: a SQLite file in a
// temporary directory and, when CASHCONTROL_TEST_POSTGRES names a server, a
// PostgreSQL schema of its own. Set CASHCONTROL_REQUIRE_POSTGRES=1 (CI does)
// to fail instead of skipping when PostgreSQL is not configured or unreachable.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"cashcontrol/internal/files"
	"cashcontrol/internal/store"
)

// Each runs fn as a subtest once per database: "sqlite" and "postgres".
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, OpenSQLite(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, OpenPostgres(t)) })
}

// OpenSQLite returns a migrated store on a new SQLite file, closed at cleanup.
func OpenSQLite(t testing.TB) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), store.Options{SQLitePath: filepath.Join(t.TempDir(), "test.db"), Files: localFiles(t)})
	if err != nil {
		t.Fatalf("open sqlite: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// PostgresURL returns a URL for a new, empty schema on the test server, and
// drops the schema at cleanup. It skips (or fails, when required) without one.
func PostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("CASHCONTROL_TEST_POSTGRES")
	required := os.Getenv("CASHCONTROL_REQUIRE_POSTGRES") == "1"
	if base == "" {
		if required {
			t.Fatal("CASHCONTROL_TEST_POSTGRES is not set but PostgreSQL tests are required")
		}
		t.Skip("CASHCONTROL_TEST_POSTGRES not set")
	}
	admin, err := sql.Open("pgx", base)
	if err == nil {
		err = admin.Ping()
	}
	if err != nil {
		if required {
			t.Fatalf("PostgreSQL unreachable: %v", err)
		}
		t.Skipf("PostgreSQL unreachable: %v", err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		admin.Close()
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("parse CASHCONTROL_TEST_POSTGRES: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// OpenPostgres returns a migrated store in a schema of its own.
func OpenPostgres(t testing.TB) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), store.Options{DatabaseURL: PostgresURL(t), Files: localFiles(t)})
	if err != nil {
		t.Fatalf("open postgres: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// localFiles is a file store in a folder of the test's own.
func localFiles(t testing.TB) *files.Local {
	t.Helper()
	l, err := files.NewLocal(filepath.Join(t.TempDir(), "attachments"))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// OpenPostgresPair returns two stores on one new schema, as two servers of
// one instance have.
func OpenPostgresPair(t testing.TB) (*store.DB, *store.DB) {
	t.Helper()
	u := PostgresURL(t)
	open := func() *store.DB {
		db, err := store.Open(context.Background(), store.Options{DatabaseURL: u, Files: localFiles(t)})
		if err != nil {
			t.Fatalf("open postgres: %v", err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	return open(), open()
}
