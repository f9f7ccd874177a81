package main

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"cashcontrol/internal/api"
	"cashcontrol/internal/api/openapitest"
	"cashcontrol/internal/auth"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/money"
	"cashcontrol/internal/server"
	"cashcontrol/internal/store"
)

// soakServer is the real handler on a fresh SQLite file; it returns the URL
// and the file's path.
func soakServer(t *testing.T) (string, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "cashcontrol.db")
	db, err := store.Open(context.Background(), store.Options{SQLitePath: path})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc, err := auth.NewService(identity.New(db), auth.NewLimiter(time.Millisecond, 1000, nil), auth.NewLimiter(time.Millisecond, 1000, nil), true)
	if err != nil {
		t.Fatal(err)
	}
	a := api.New(api.Deps{DB: db, Auth: svc, Sessions: auth.NewSessions(identity.New(db), time.Hour, 24*time.Hour, nil), OIDC: auth.NewOIDC(identity.New(db), "http://127.0.0.1", true, nil),
		Currencies: money.NewTable(), Logger: log, Meta: api.Meta{Version: api.Version}})
	srv := httptest.NewServer(openapitest.Validated(t, server.Handler(server.Options{API: a, Web: fstest.MapFS{"index.html": {Data: []byte("<html></html>")}}, Logger: log})))
	t.Cleanup(srv.Close)
	return srv.URL, path
}

// The soak's checks pass on a ledger written one request at a time, and each
// kind of corruption — a balance, a monthly total, a movement the clients were
// not told about, a second 204 for one id, an unexpected status, a 5xx — fails
// them, naming what is wrong.
func TestSoakChecksCatchWhatIsWrong(t *testing.T) {
	url, path := soakServer(t)
	ctx := context.Background()
	s := &soakRun{servers: []string{url}, status: map[string]map[int]int{}, tr: httptestTransport()}
	l, err := s.setupLedger(ctx, "soak-test@example.com")
	if err != nil {
		t.Fatal(err)
	}
	s.ledgers = []*soakLedger{l}
	c := s.newSoakClient(url, l, l.jar, rand.New(rand.NewPCG(1, 2)))
	ops := []func(*soakRun, context.Context, *soakClient){(*soakRun).createOne, (*soakRun).createTransfer, (*soakRun).bulkCreate,
		(*soakRun).patchOne, (*soakRun).deleteOne, (*soakRun).bulkDelete, (*soakRun).bulkRecategorize, (*soakRun).read}
	for ; c.i < 150; c.i++ {
		ops[c.rng.IntN(len(ops))](s, ctx, c)
	}
	for range 3 {
		s.ledgerImport(ctx, c)
	}
	if n := s.status["ledger import commit"][201]; n != 3 {
		t.Fatalf("ledger imports: %v", s.status)
	}
	s.checkLedgers(ctx)
	if len(s.problems) > 0 || l.created-l.deleted < 20 {
		t.Fatalf("a ledger written one request at a time: %d problems (%+v), %d created, %d deleted", len(s.problems), s.problems[0], l.created, l.deleted)
	}

	raw, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, q := range []string{`UPDATE accounts SET balance = balance + 7 WHERE id = ` + l.accounts[0].ID,
		`UPDATE monthly_totals SET total = total + 5 WHERE rowid = (SELECT MIN(rowid) FROM monthly_totals WHERE kind = 'expense')`} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	l.created++
	l.record(0, 1, "99999")
	l.record(0, 1, "99999")
	s.count("delete", 409, []byte(`{"code":"conflict"}`), nil, []int{204, 404})
	s.count("patch", 500, []byte(`{"code":"internal"}`), nil, []int{200, 404})
	s.checkLedgers(ctx)
	var all strings.Builder
	for _, p := range s.problems {
		all.WriteString(p.kind + ": " + strings.Join(p.examples, "; ") + "\n")
	}
	for _, want := range []string{"movements listed; the clients were told", "account " + l.accounts[0].ID + ": balance",
		"/dashboard balance", "/reports/networth", "/reports/", "movement 99999 (created 0 time(s)) was deleted 2 times", "delete: status 409", "patch: 500"} {
		if !strings.Contains(all.String(), want) {
			t.Errorf("the problems do not name %q:\n%s", want, all.String())
		}
	}
	if s.fivexx != 1 {
		t.Errorf("5xx counted %d, want 1", s.fivexx)
	}
}

func httptestTransport() *http.Transport { return &http.Transport{} }
