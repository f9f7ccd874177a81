package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"

	"cashcontrol/internal/config"
)

// At start the server says when it has no secret key (two-step secrets
// kept plain) and when its data folder is readable by other users; with a
// key and an owner-only folder it says neither.
func TestStartupWarnings(t *testing.T) {
	for _, tc := range []struct {
		key  string
		mode os.FileMode
		want []string
		not  []string
	}{
		{"", 0o755, []string{"CASHCONTROL_SECRET_KEY is not set", "no bank can be connected", "data folder is readable by other users"}, nil},
		{"a-secret-key-of-32-characters-or-more", 0o700, nil, []string{"CASHCONTROL_SECRET_KEY is not set", "readable by other users"}},
	} {
		dir := t.TempDir()
		if err := os.Chmod(dir, tc.mode); err != nil {
			t.Fatal(err)
		}
		c, err := config.Load("test", nil, envOf(map[string]string{"CASHCONTROL_DATA_DIR": dir, "CASHCONTROL_SECRET_KEY": tc.key}), io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		var logs bytes.Buffer
		w, err := wire(context.Background(), c, slog.New(slog.NewTextHandler(&logs, nil)), newServerClock())
		if err != nil {
			t.Fatal(err)
		}
		w.db.Close()
		for _, s := range tc.want {
			if !strings.Contains(logs.String(), s) {
				t.Errorf("key %q, mode %v: no %q in %s", tc.key, tc.mode, s, logs.String())
			}
		}
		for _, s := range tc.not {
			if strings.Contains(logs.String(), s) {
				t.Errorf("key %q, mode %v: %q in %s", tc.key, tc.mode, s, logs.String())
			}
		}
	}
}
