package server_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"cashcontrol/internal/api"
	"cashcontrol/internal/api/openapitest"
	"cashcontrol/internal/auth"
	"cashcontrol/internal/config"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/money"
	"cashcontrol/internal/server"
	"cashcontrol/internal/store/storetest"
)

// limitedServer allows 5 sign-in attempts per client address (and plenty
// per account), so that counting 429s shows which address the server used.
func limitedServer(t *testing.T, o server.Options) *httptest.Server {
	t.Helper()
	db := storetest.OpenSQLite(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc, err := auth.NewService(identity.New(db), auth.NewLimiter(time.Millisecond, 1000, nil), auth.NewLimiter(time.Hour, 5, nil), true)
	if err != nil {
		t.Fatal(err)
	}
	o.API = api.New(api.Deps{DB: db, Auth: svc, Sessions: auth.NewSessions(identity.New(db), time.Hour, 24*time.Hour, nil),
		OIDC: auth.NewOIDC(identity.New(db), "http://127.0.0.1", true, nil), Currencies: money.NewTable(), Logger: log, Meta: api.Meta{Version: api.Version}})
	o.Web, o.Logger = fstest.MapFS{"index.html": {Data: []byte("<html></html>")}}, log
	srv := httptest.NewServer(openapitest.Validated(t, server.Handler(o)))
	t.Cleanup(srv.Close)
	return srv
}

// signInAttempts sends n wrong sign-ins (each for another email) with the
// X-Forwarded-For that xff gives and counts the ones refused with 429.
func signInAttempts(t *testing.T, srv *httptest.Server, n int, xff func(i int) string) (limited int) {
	t.Helper()
	for i := range n {
		req, _ := http.NewRequest("POST", srv.URL+"/api/v1/auth/login", strings.NewReader(fmt.Sprintf(`{"email":"u%d@example.com","password":"x"}`, i)))
		req.Header.Set("Content-Type", "application/json")
		if v := xff(i); v != "" {
			for _, h := range strings.Split(v, "\n") { // one header line each
				req.Header.Add("X-Forwarded-For", h)
			}
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		switch resp.StatusCode {
		case 429:
			limited++
		case 401:
		default:
			t.Fatalf("sign-in attempt %d: %d", i, resp.StatusCode)
		}
	}
	return limited
}

func prefixes(t *testing.T, list ...string) []netip.Prefix {
	var out []netip.Prefix
	for _, s := range list {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}

func TestClientAddressBehindProxies(t *testing.T) {
	defaults := prefixes(t, config.DefaultTrustedProxies...)
	for _, tc := range []struct {
		name        string
		trusted     []netip.Prefix
		n           int
		xff         func(i int) string
		wantLimited int
	}{
		{"spoofed private left-most, default list", defaults, 100,
			func(i int) string { return fmt.Sprintf("10.0.%d.%d, 127.0.0.1", i/250, i%250+1) }, 95},
		{"spoofed public left-most, appended by the proxy", defaults, 40,
			func(i int) string { return fmt.Sprintf("198.51.100.%d, 127.0.0.1, 203.0.113.9", i+1) }, 35},
		{"spoofed entries in two headers", defaults, 40,
			func(i int) string { return fmt.Sprintf("198.51.100.%d\n203.0.113.9", i+1) }, 35},
		{"real clients through the proxy", defaults, 20,
			func(i int) string { return fmt.Sprintf("203.0.113.%d", i+1) }, 0},
		{"real clients with ports, IPv6", defaults, 20,
			func(i int) string { return fmt.Sprintf("[2001:db8::%x]:4000", i+1) }, 0},
		{"garbage right-most entry", defaults, 20,
			func(i int) string { return fmt.Sprintf("203.0.113.%d, unknown", i+1) }, 15},
		{"explicit list, chain of two proxies", prefixes(t, "127.0.0.1/32", "192.0.2.10/32"), 20,
			func(i int) string { return fmt.Sprintf("198.51.100.%d, 203.0.113.7, 192.0.2.10", i+1) }, 15},
		{"peer is not a trusted proxy", prefixes(t, "10.0.0.0/8"), 20,
			func(i int) string { return fmt.Sprintf("203.0.113.%d", i+1) }, 15},
		{"no trusted proxies", nil, 20,
			func(i int) string { return fmt.Sprintf("203.0.113.%d", i+1) }, 15},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := limitedServer(t, server.Options{TrustedProxies: tc.trusted})
			if got := signInAttempts(t, srv, tc.n, tc.xff); got != tc.wantLimited {
				t.Fatalf("%d of %d attempts rate-limited, want %d", got, tc.n, tc.wantLimited)
			}
		})
	}
}

func TestStrictTransportSecurity(t *testing.T) {
	for _, hsts := range []bool{true, false} {
		srv := limitedServer(t, server.Options{HSTS: hsts})
		for _, path := range []string{"/", "/api/v1/health", "/api/v1/nowhere", "/api/v1/me"} {
			resp, err := http.Get(srv.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			got := resp.Header.Get("Strict-Transport-Security")
			if hsts && got != "max-age=31536000; includeSubDomains" || !hsts && got != "" {
				t.Errorf("HSTS %v, %s (%d): %q", hsts, path, resp.StatusCode, got)
			}
		}
	}
}
