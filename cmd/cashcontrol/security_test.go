package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"cashcontrol/internal/api/openapitest"
	"cashcontrol/internal/config"
	"cashcontrol/internal/server"
)

// wiredServer starts the handler exactly as serve wires it from env.
func wiredServer(t *testing.T, env map[string]string) *httptest.Server {
	t.Helper()
	env["CASHCONTROL_DATA_DIR"] = t.TempDir()
	c, err := config.Load("test", nil, envOf(env), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	w, err := wire(context.Background(), c, slog.New(slog.NewTextHandler(io.Discard, nil)), newServerClock())
	if err != nil {
		t.Fatal(err)
	}
	db, opts := w.db, w.opts
	t.Cleanup(func() { db.Close() })
	srv := httptest.NewServer(openapitest.Validated(t, server.Handler(opts)))
	t.Cleanup(srv.Close)
	return srv
}

func post(t *testing.T, srv *httptest.Server, path, body string, header ...string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("POST", srv.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

// With an https base URL the session cookie is Secure even when the request's
// Host is loopback (what a reverse proxy sends by default), and every
// response carries Strict-Transport-Security; with http, neither.
func TestHTTPSBaseURLSecureCookieAndHSTS(t *testing.T) {
	for base, https := range map[string]bool{"https://money.example.com": true, "http://127.0.0.1:8080": false} {
		srv := wiredServer(t, map[string]string{"CASHCONTROL_BASE_URL": base})
		resp := post(t, srv, "/api/v1/auth/signup", `{"email":"ana@example.com","password":"mango-river-42","name":"Ana"}`)
		cookie := resp.Header.Get("Set-Cookie")
		if resp.StatusCode != 201 || !strings.HasPrefix(cookie, "cc_session=") || strings.Contains(cookie, "; Secure") != https {
			t.Errorf("%s: sign-up %d, cookie %q", base, resp.StatusCode, cookie)
		}
		for _, path := range []string{"/", "/api/v1/health"} {
			r, err := http.Get(srv.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			r.Body.Close()
			if got := r.Header.Get("Strict-Transport-Security"); (got != "") != https || https && !strings.Contains(got, "max-age=31536000") {
				t.Errorf("%s %s: Strict-Transport-Security %q", base, path, got)
			}
		}
		if got := resp.Header.Get("Strict-Transport-Security"); (got != "") != https {
			t.Errorf("%s sign-up: Strict-Transport-Security %q", base, got)
		}
	}
}

// CASHCONTROL_TRUST_PROXY=true as configs of earlier versions set it: a
// spoofed left-most X-Forwarded-For no longer escapes the sign-in limit.
func TestTrustProxyIgnoresSpoofedForwardedFor(t *testing.T) {
	srv := wiredServer(t, map[string]string{"CASHCONTROL_TRUST_PROXY": "true"})
	limited := 0
	for i := range 100 {
		resp := post(t, srv, "/api/v1/auth/login", fmt.Sprintf(`{"email":"u%d@example.com","password":"wrong"}`, i),
			"X-Forwarded-For", fmt.Sprintf("10.0.%d.%d, 127.0.0.1", i/200, i%200+1))
		if resp.StatusCode == 429 {
			limited++
		}
	}
	if limited == 0 {
		t.Fatal("100 of 100 sign-in attempts with a spoofed X-Forwarded-For passed the per-address limit")
	}
}

// CASHCONTROL_METRICS=true serves Prometheus metrics at /metrics, with the
// requests counted by the route the server chose; without it there are
// none.
func TestMetricsOnlyWhenAsked(t *testing.T) {
	get := func(srv *httptest.Server, path string) string {
		t.Helper()
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	on := wiredServer(t, map[string]string{"CASHCONTROL_METRICS": "true"})
	get(on, "/api/v1/health")
	got := get(on, "/metrics")
	for _, want := range []string{`cashcontrol_http_requests_total{method="GET",route="GET /api/v1/health",status="200"} 1`,
		`go_sql_open_connections{db_name="sqlite_write"}`} {
		if !strings.Contains(got, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	off := wiredServer(t, map[string]string{})
	if got := get(off, "/metrics"); strings.Contains(got, "cashcontrol_http_requests_total") {
		t.Fatal("metrics served without CASHCONTROL_METRICS")
	}
}
