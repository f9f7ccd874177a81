package store_test

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"cashcontrol/internal/store"
)

// The live SQLite database, its log and its shared memory are the owner's
// alone, whatever the umask (0644 under the usual 022 before); a file left
// readable by an older version is tightened when it is opened.
func TestSQLiteFilesAreOwnerOnly(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	dir := t.TempDir()
	path := filepath.Join(dir, "cashcontrol.db")
	check := func(when string) {
		t.Helper()
		for _, p := range []string{path, path + "-wal", path + "-shm"} {
			st, err := os.Stat(p)
			if err != nil {
				t.Fatalf("%s: %v", when, err)
			}
			if st.Mode().Perm() != 0o600 {
				t.Errorf("%s: %s is %v, want -rw-------", when, filepath.Base(p), st.Mode().Perm())
			}
		}
	}
	ctx := context.Background()
	db, err := store.Open(ctx, store.Options{SQLitePath: path})
	if err != nil {
		t.Fatal(err)
	}
	check("created")
	db.Close()
	// As an older version left them (the log and shared memory stay after
	// a close only when another connection holds them; the database does).
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path + "-wal", path + "-shm"} {
		if err := os.Chmod(p, 0o644); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	db, err = store.Open(ctx, store.Options{SQLitePath: path})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	check("reopened")
}

// A data folder others may read is reported (the server warns at start);
// an owner-only one is not.
func TestDataDirReadableByOthers(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if mode, open := store.ReadableByOthers(dir); !open || mode.Perm() != 0o755 {
		t.Fatalf("0755: %v %v", mode, open)
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if _, open := store.ReadableByOthers(dir); open {
		t.Fatal("0700 reported as open")
	}
}
