package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
)

func envOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestVersionAndUnknownCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if err := run(context.Background(), []string{"version"}, envOf(nil), &out, &errb); err != nil || out.String() != "cashcontrol 1.0.0\n" {
		t.Fatalf("version: %q %v", out.String(), err)
	}
	if err := run(context.Background(), []string{"frobnicate"}, envOf(nil), &out, &errb); err == nil || !strings.Contains(err.Error(), "frobnicate") {
		t.Fatalf("unknown command: %v", err)
	}
}

// A bad setting stops the binary before it touches anything, with a message
// that names the setting (main turns the error into exit status 1).
func TestBadConfigNamesTheSetting(t *testing.T) {
	dir := t.TempDir()
	for setting, value := range map[string]string{
		"CASHCONTROL_ADDR":            "nonsense",
		"DATABASE_URL":                "mysql://x",
		"CASHCONTROL_SESSION_IDLE":    "forever",
		"CASHCONTROL_LOG_LEVEL":       "loud",
		"CASHCONTROL_SIGNUP_ENABLED":  "maybe",
		"CASHCONTROL_SUPPORT_EMAIL":   "not-an-email",
		"CASHCONTROL_TRUSTED_PROXIES": "the-proxy",
	} {
		for _, cmd := range []string{"serve", "migrate", "demo", "check"} {
			var out, errb bytes.Buffer
			args := []string{cmd}
			if cmd == "demo" {
				args = append(args, "--email", "a@example.com", "--movements", "10")
			}
			err := run(context.Background(), args, envOf(map[string]string{setting: value, "CASHCONTROL_DATA_DIR": dir}), &out, &errb)
			if err == nil || !strings.Contains(err.Error()+errb.String(), setting) {
				t.Errorf("%s with %s=%q: err %v, stderr %q", cmd, setting, value, err, errb.String())
			}
		}
	}
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// migrate, demo and serve on one data dir: the demo ledger is there over
// HTTP, and the server stops cleanly when its context ends (SIGINT/SIGTERM).
func TestMigrateDemoServe(t *testing.T) {
	dir, addr := t.TempDir(), freeAddr(t)
	env := envOf(map[string]string{"CASHCONTROL_DATA_DIR": dir, "CASHCONTROL_ADDR": addr, "CASHCONTROL_LOG_LEVEL": "error"})
	var out, errb bytes.Buffer
	if err := run(context.Background(), []string{"migrate"}, env, &out, &errb); err != nil {
		t.Fatalf("migrate: %v %s", err, errb.String())
	}
	if err := run(context.Background(), []string{"migrate"}, env, &out, &errb); err != nil {
		t.Fatalf("migrate twice: %v", err)
	}
	out.Reset()
	if err := run(context.Background(), []string{"demo", "--email", " Demo@Example.com ", "--password", "a-long-password", "--movements", "600", "--years", "2"}, env, &out, &errb); err != nil {
		t.Fatalf("demo: %v %s", err, errb.String())
	}
	if !strings.Contains(out.String(), "added 600 movements to demo@example.com") {
		t.Fatalf("demo said %q", out.String())
	}

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve"}, env, &bytes.Buffer{}, &bytes.Buffer{}) }()
	jar, _ := cookiejar.New(nil)
	hc := &http.Client{Jar: jar, Timeout: 5 * time.Second}
	base := "http://" + addr
	// Until it answers (its migrations may take seconds on a busy machine),
	// or it stops, or for two minutes at most.
	for deadline := time.Now().Add(2 * time.Minute); ; {
		resp, err := hc.Get(base + "/api/v1/health")
		if err == nil {
			resp.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the server did not start")
		}
		select {
		case err := <-done:
			t.Fatalf("the server stopped: %v", err)
		case <-time.After(20 * time.Millisecond):
		}
	}
	getJSON := func(path string, v any) {
		t.Helper()
		resp, err := hc.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("%s: %d", path, resp.StatusCode)
		}
		if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
			t.Fatal(err)
		}
	}
	resp, err := hc.Post(base+"/api/v1/auth/login", "application/json", strings.NewReader(`{"email":"demo@example.com","password":"a-long-password"}`))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("sign in as the demo user: %v %v", resp, err)
	}
	resp.Body.Close()
	var totals struct {
		Count int `json:"count"`
	}
	getJSON("/api/v1/movements/totals", &totals)
	if totals.Count != 600 {
		t.Fatalf("demo ledger holds %d movements, want 600", totals.Count)
	}
	var accs struct {
		Items []struct{ Type string } `json:"items"`
	}
	getJSON("/api/v1/accounts", &accs)
	if len(accs.Items) < 3 {
		t.Fatalf("demo made %d accounts, want a few", len(accs.Items))
	}
	var cats struct {
		Items []struct {
			ParentID *int64 `json:"parentId,string"`
		} `json:"items"`
	}
	getJSON("/api/v1/categories", &cats)
	subs := 0
	for _, c := range cats.Items {
		if c.ParentID != nil {
			subs++
		}
	}
	if len(cats.Items) < 10 || subs == 0 {
		t.Fatalf("demo categories: %d, %d subcategories", len(cats.Items), subs)
	}
	for _, typ := range []string{"expense", "earning", "transfer"} {
		getJSON("/api/v1/movements/totals?type="+typ, &totals)
		if totals.Count == 0 {
			t.Fatalf("demo made no %s", typ)
		}
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v after its context ended", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
}

// demo --language takes es, en or fr (or a preference value) and refuses
// anything else with the accepted values, instead of Spanish data.
func TestDemoLanguage(t *testing.T) {
	dir := t.TempDir()
	env := envOf(map[string]string{"CASHCONTROL_DATA_DIR": dir})
	var out, errb bytes.Buffer
	err := run(context.Background(), []string{"demo", "--email", "x@example.com", "--movements", "10", "--language", "english"}, env, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), `"english"`) || !strings.Contains(err.Error(), "es, en, fr") {
		t.Fatalf("unknown language: %v", err)
	}
	if err := run(context.Background(), []string{"demo", "--email", "en@example.com", "--movements", "10", "--language", "en"}, env, &out, &errb); err != nil {
		t.Fatalf("--language en: %v %s", err, errb.String())
	}
	db, err := store.Open(context.Background(), store.Options{SQLitePath: filepath.Join(dir, "cashcontrol.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u, _, err := identity.New(db).UserByEmail(context.Background(), "en@example.com")
	if err != nil || u.LanguagePreference != finance.LangEnglish {
		t.Fatalf("the demo user's language: %+v %v", u, err)
	}
}
