package store

import (
	"errors"
	"fmt"
	"os"
)

// ReadableByOthers reports whether users other than the owner may read or
// list path (a data folder): the server warns about it at start.
func ReadableByOthers(path string) (os.FileMode, bool) {
	st, err := os.Stat(path)
	if err != nil {
		return 0, false
	}
	return st.Mode(), st.Mode().Perm()&0o044 != 0
}

// ownerOnly creates the SQLite database file as the owner's alone (0600)
// before SQLite opens it, and tightens it and its log and shared memory
// when an older version left them readable. SQLite gives the log and the
// shared memory it creates the database file's mode.
func ownerOnly(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("open sqlite %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return err
	}
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		st, err := os.Stat(p)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if st.Mode().Perm()&0o077 != 0 {
			if err := os.Chmod(p, st.Mode().Perm()&0o700); err != nil {
				return fmt.Errorf("make %s owner-only: %w", p, err)
			}
		}
	}
	return nil
}
