package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// The commit the Makefile links in (-X main.commit, -X main.commitDate) is
// what `version` prints and what /api/v1/meta answers as its build.
func TestVersionNamesTheBuild(t *testing.T) {
	oldCommit, oldDate := commit, commitDate
	commit, commitDate = "5e83b64a1f2c", "2026-11-28"
	t.Cleanup(func() { commit, commitDate = oldCommit, oldDate })
	var out bytes.Buffer
	if err := run(context.Background(), []string{"version"}, envOf(nil), &out, &bytes.Buffer{}); err != nil ||
		out.String() != "cashcontrol 1.0.0 (commit 5e83b64a1f2c, 2026-11-28)\n" {
		t.Fatalf("version: %q %v", out.String(), err)
	}

	addr := freeAddr(t)
	_, port, _ := net.SplitHostPort(addr)
	env := envOf(map[string]string{"CASHCONTROL_DATA_DIR": t.TempDir(), "CASHCONTROL_ADDR": addr, "CASHCONTROL_LOG_LEVEL": "error"})
	// Asked on the unspecified address the image listens on, health asks loopback.
	healthEnv := envOf(map[string]string{"CASHCONTROL_ADDR": "0.0.0.0:" + port})
	var errb bytes.Buffer
	if err := run(context.Background(), []string{"health"}, healthEnv, &out, &errb); err == nil {
		t.Fatal("health succeeded with no server")
	}

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve"}, env, &bytes.Buffer{}, &bytes.Buffer{}) }()
	defer func() {
		cancel()
		<-done
	}()
	// Until the server answers (its migrations may take seconds on a busy
	// machine), or it stops, or for two minutes at most.
	for deadline := time.Now().Add(2 * time.Minute); ; {
		out.Reset()
		err := run(context.Background(), []string{"health"}, healthEnv, &out, &errb)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("health never succeeded: %v", err)
		}
		select {
		case err := <-done:
			t.Fatalf("the server stopped: %v", err)
		case <-time.After(20 * time.Millisecond):
		}
	}
	if out.String() != "ok\n" {
		t.Fatalf("health said %q", out.String())
	}
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Get("http://" + addr + "/api/v1/meta")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var meta struct {
		Version string `json:"version"`
		Build   struct{ Commit, Date string }
	}
	if err := json.NewDecoder(resp.Body).Decode(&meta); err != nil {
		t.Fatal(err)
	}
	if meta.Version != "1.0.0" || meta.Build.Commit != "5e83b64a1f2c" || meta.Build.Date != "2026-11-28" {
		t.Fatalf("meta: %+v", meta)
	}

	cancel()
	if err := <-done; err != nil {
		t.Fatalf("serve: %v", err)
	}
	done <- nil // for the deferred stop
	err = run(context.Background(), []string{"health"}, healthEnv, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "health") {
		t.Fatalf("health with the server stopped: %v", err)
	}
}
