package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"testing"
	"testing/fstest"
	"time"

	"cashcontrol/internal/api"
	"cashcontrol/internal/auth"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/money"
	"cashcontrol/internal/server"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// BenchmarkMovementCreate is one person's create of an expense, through the
// whole handler as serve wires it (middleware, session, ledger write, the
// answer), on each database: the write path's profile
// (go test -run - -bench MovementCreate -cpuprofile cpu.out ./internal/api/).
func BenchmarkMovementCreate(b *testing.B) {
	for _, dialect := range []string{"sqlite", "postgres"} {
		b.Run(dialect, func(b *testing.B) {
			var db *store.DB
			if dialect == "sqlite" {
				db = storetest.OpenSQLite(b)
			} else {
				db = storetest.OpenPostgres(b)
			}
			log := slog.New(slog.NewTextHandler(io.Discard, nil))
			svc, err := auth.NewService(identity.New(db), auth.NewLimiter(time.Millisecond, 1000, nil), auth.NewLimiter(time.Millisecond, 1000, nil), true)
			if err != nil {
				b.Fatal(err)
			}
			a := api.New(api.Deps{DB: db, Auth: svc, Sessions: auth.NewSessions(identity.New(db), time.Hour, 24*time.Hour, nil),
				Currencies: money.NewTable(), Logger: log, Meta: api.Meta{Version: api.Version}})
			srv := httptest.NewServer(server.Handler(server.Options{API: a, Web: fstest.MapFS{"index.html": {Data: []byte("x")}}, Logger: log}))
			b.Cleanup(srv.Close)
			jar, _ := cookiejar.New(nil)
			hc := &http.Client{Jar: jar}
			do := func(method, path string, body any, out any) int {
				buf, _ := json.Marshal(body)
				req, _ := http.NewRequest(method, srv.URL+path, bytes.NewReader(buf))
				req.Header.Set("Content-Type", "application/json")
				resp, err := hc.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				defer resp.Body.Close()
				if out != nil {
					_ = json.NewDecoder(resp.Body).Decode(out)
				} else {
					_, _ = io.Copy(io.Discard, resp.Body)
				}
				return resp.StatusCode
			}
			if code := do("POST", "/api/v1/auth/signup", map[string]string{"email": "bench@example.com", "password": "mango-river-42", "name": "B"}, nil); code != 201 {
				b.Fatalf("sign-up: %d", code)
			}
			var acc, cat idReply
			do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &acc)
			do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &cat)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				body := map[string]any{"type": "expense", "date": "2026-01-15", "amount": 100 + i, "accountId": acc.ID,
					"categoryId": cat.ID, "description": fmt.Sprintf("groceries at the market %d", i%50)}
				if code := do("POST", "/api/v1/movements", body, nil); code != 201 {
					b.Fatalf("create: %d", code)
				}
			}
		})
	}
}
