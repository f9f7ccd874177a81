// Package files keeps attachment files outside the SQL rows, and reads what
// a file is from its bytes: its type, an image's size, a thumbnail.
package files

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Store keeps files by key. Local is the default; an S3-compatible store
// can implement the same three calls.
type Store interface {
	// Put stores data under key (a new key: NewKey).
	Put(ctx context.Context, key string, data []byte) error
	// Open reads the file of key; the caller closes it.
	Open(ctx context.Context, key string) (io.ReadSeekCloser, error)
	// Delete removes the file of key; a key that is not there is no error.
	Delete(ctx context.Context, key string) error
}

// Lister is a Store that lists its files, so that those no row names (a
// crash between a file's write and its row's commit) can be removed.
type Lister interface {
	// Files calls fn with the keys of the files last written before t, a
	// batch at a time, and removes the temporary files (a write a crash
	// cut short) older than t.
	Files(ctx context.Context, before time.Time, fn func(keys []string) error) error
}

// NewKey is a random key for a new file: 32 hexadecimal digits.
func NewKey() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Local keeps files in a folder: key ab12… is the file ab/ab12….
type Local struct{ dir string }

// NewLocal keeps files under dir, made if missing (readable by the owner only).
func NewLocal(dir string) (*Local, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	return &Local{dir: dir}, nil
}

func (l *Local) path(key string) (string, error) {
	if len(key) < 3 || strings.Trim(key, "0123456789abcdef") != "" {
		return "", fmt.Errorf("files: bad key %q", key)
	}
	return filepath.Join(l.dir, key[:2], key), nil
}

// Put writes the file through a temporary one, so that a crash never
// leaves half a file under its key.
func (l *Local) Put(_ context.Context, key string, data []byte) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".put-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), p)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
	}
	return err
}

// Files lists the keys of the files written before t (Lister), a folder at
// a time, and removes the temporary files older than t.
func (l *Local) Files(ctx context.Context, before time.Time, fn func(keys []string) error) error {
	dirs, err := os.ReadDir(l.dir)
	if err != nil {
		return err
	}
	for _, d := range dirs {
		if !d.IsDir() || len(d.Name()) != 2 {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		entries, err := os.ReadDir(filepath.Join(l.dir, d.Name()))
		if err != nil {
			return err
		}
		var keys []string
		for _, e := range entries {
			info, err := e.Info()
			if err != nil || !info.Mode().IsRegular() || !info.ModTime().Before(before) {
				continue
			}
			name := e.Name()
			switch {
			case strings.HasPrefix(name, ".put-"):
				if err := os.Remove(filepath.Join(l.dir, d.Name(), name)); err != nil && !errors.Is(err, os.ErrNotExist) {
					return err
				}
			case strings.HasPrefix(name, d.Name()):
				if _, err := l.path(name); err == nil {
					keys = append(keys, name)
				}
			}
		}
		if len(keys) > 0 {
			if err := fn(keys); err != nil {
				return err
			}
		}
	}
	return nil
}

// Open opens the file of key.
func (l *Local) Open(_ context.Context, key string) (io.ReadSeekCloser, error) {
	p, err := l.path(key)
	if err != nil {
		return nil, err
	}
	return os.Open(p)
}

// Delete removes the file of key.
func (l *Local) Delete(_ context.Context, key string) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}
