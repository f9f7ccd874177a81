package store_test

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"cashcontrol/internal/store"
)

// The SQLite database holds password hashes and two-step secrets: it, its
// -wal and its -shm are readable by their owner alone, whatever the umask,
// and a file an earlier binary left 0644 is tightened when it opens. (SQLite
// created them 0644 while backups were owner-only.)
func TestSQLiteFilesAreOwnerOnly(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	dir := t.TempDir()
	path := filepath.Join(dir, "cashcontrol.db")
	check := func(when string) {
		t.Helper()
		for _, p := range []string{path, path + "-wal", path + "-shm"} {
			fi, err := os.Stat(p)
			if err != nil {
				t.Fatalf("%s: %v", when, err)
			}
			if m := fi.Mode().Perm(); m != 0o600 {
				t.Errorf("%s: %s is %o", when, filepath.Base(p), m)
			}
		}
	}
	open := func() *store.DB {
		db, err := store.Open(context.Background(), store.Options{SQLitePath: path})
		if err != nil {
			t.Fatal(err)
		}
		return db
	}
	db := open()
	if _, err := db.CreateUser(context.Background(), store.NewUser{Email: "perm@example.com", PasswordHash: "h", Name: "P"}); err != nil {
		t.Fatal(err)
	}
	check("new")
	db.Close()
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		_ = os.Chmod(p, 0o644)
	}
	db = open()
	defer db.Close()
	check("reopened")
}
