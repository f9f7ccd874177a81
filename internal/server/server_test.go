package server_test

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
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
	"cashcontrol/internal/store/storetest"
)

const indexHTML = "<!doctype html><html><body><div id=root></div>" + "<!-- padding so that compression is worth it: " +
	"lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet " +
	"lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet " +
	"lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet " +
	"lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet " +
	"lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet " +
	"lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet " +
	"lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet " +
	"lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet " +
	"lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet " +
	"lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet " +
	"lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet lorem ipsum dolor sit amet " +
	"--></body></html>"

func newServer(t *testing.T) *httptest.Server {
	t.Helper()
	return newServerWith(t, fstest.MapFS{
		"index.html":             {Data: []byte(indexHTML)},
		"assets/index-abc123.js": {Data: []byte(strings.Repeat("console.log('cash control');\n", 200))},
		"favicon.svg":            {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
	})
}

// newServerWith serves web as the built app.
func newServerWith(t *testing.T, web fstest.MapFS) *httptest.Server {
	t.Helper()
	db := storetest.OpenSQLite(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc, err := auth.NewService(identity.New(db), auth.NewLimiter(time.Millisecond, 1000, nil), auth.NewLimiter(time.Millisecond, 1000, nil), true)
	if err != nil {
		t.Fatal(err)
	}
	a := api.New(api.Deps{DB: db, Auth: svc, Sessions: auth.NewSessions(identity.New(db), time.Hour, 24*time.Hour, nil),
		OIDC: auth.NewOIDC(identity.New(db), "http://127.0.0.1", true, nil), Currencies: money.NewTable(), Logger: log, Meta: api.Meta{Version: api.Version}})
	srv := httptest.NewServer(openapitest.Validated(t, server.Handler(server.Options{API: a, Web: web, Logger: log})))
	t.Cleanup(srv.Close)
	return srv
}

// get fetches path without transparent decompression, so that the test sees
// what the server really sent.
func get(t *testing.T, srv *httptest.Server, path string, header ...string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", srv.URL+path, nil)
	req.Header.Set("Accept-Encoding", "identity")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r io.Reader = resp.Body
	if resp.Header.Get("Content-Encoding") == "gzip" {
		gz, err := gzip.NewReader(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		r = gz
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

func TestHealth(t *testing.T) {
	srv := newServer(t)
	resp, body := get(t, srv, "/api/v1/health")
	var h map[string]string
	if resp.StatusCode != 200 || json.Unmarshal([]byte(body), &h) != nil || h["status"] != "ok" || h["version"] != "1.0.0" || len(h) != 2 {
		t.Fatalf("health: %d %s", resp.StatusCode, body)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("content type %q", ct)
	}
	if resp.Header.Get("X-Request-Id") == "" {
		t.Fatal("no request id")
	}
}

func TestUnknownAPIPathIsProblemNotIndex(t *testing.T) {
	srv := newServer(t)
	for _, p := range []string{"/api/v1/nope", "/api/v2/health", "/api/", "/api/v1/movements/x/y/z"} {
		resp, body := get(t, srv, p)
		if resp.StatusCode != 404 || resp.Header.Get("Content-Type") != "application/problem+json" || strings.Contains(body, "<html") {
			t.Fatalf("%s: %d %q %s", p, resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
		var pr struct {
			Status int    `json:"status"`
			Title  string `json:"title"`
		}
		if json.Unmarshal([]byte(body), &pr) != nil || pr.Status != 404 || pr.Title == "" {
			t.Fatalf("%s: not a problem document: %s", p, body)
		}
	}
}

func TestSPAFallbackAndCaching(t *testing.T) {
	srv := newServer(t)
	for _, p := range []string{"/", "/movements", "/informs?from=2026-01-01", "/no/such/screen", "/login"} {
		resp, body := get(t, srv, p)
		if resp.StatusCode != 200 || body != indexHTML || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("%s: %d %q", p, resp.StatusCode, body[:min(len(body), 40)])
		}
		if cc := resp.Header.Get("Cache-Control"); !strings.Contains(cc, "no-cache") {
			t.Fatalf("%s: index.html must be revalidated, Cache-Control %q", p, cc)
		}
	}
	resp, body := get(t, srv, "/assets/index-abc123.js")
	if resp.StatusCode != 200 || !strings.Contains(body, "cash control") {
		t.Fatalf("asset: %d", resp.StatusCode)
	}
	if cc := resp.Header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
		t.Fatalf("asset Cache-Control %q", cc)
	}
	if resp, _ := get(t, srv, "/assets/index-gone.js"); resp.StatusCode != 404 {
		t.Fatalf("a missing asset answered %d, want 404 (not index.html)", resp.StatusCode)
	}
	if resp, _ := get(t, srv, "/favicon.svg"); resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "public, max-age=3600" {
		t.Fatalf("favicon: %d %q", resp.StatusCode, resp.Header.Get("Cache-Control"))
	}
}

// The installable app: its manifest is served as one (a browser ignores a
// manifest of another type), and its service worker is revalidated at every
// visit so that a new build reaches the phones that installed the app.
func TestInstallableAppFiles(t *testing.T) {
	const manifest = `{"name":"Cash Control","start_url":"/","display":"standalone"}`
	srv := newServerWith(t, fstest.MapFS{
		"index.html":           {Data: []byte(indexHTML)},
		"manifest.webmanifest": {Data: []byte(manifest)},
		"sw.js":                {Data: []byte("self.addEventListener('fetch', () => {});")},
		"icons/pwa-192.png":    {Data: []byte("\x89PNG\r\n\x1a\n")},
	})
	resp, body := get(t, srv, "/manifest.webmanifest")
	if resp.StatusCode != 200 || body != manifest || resp.Header.Get("Content-Type") != "application/manifest+json" {
		t.Fatalf("manifest: %d %q %q", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	resp, body = get(t, srv, "/sw.js")
	if resp.StatusCode != 200 || !strings.Contains(body, "addEventListener") || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/javascript") {
		t.Fatalf("sw.js: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if cc := resp.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Fatalf("sw.js Cache-Control %q, want no-cache", cc)
	}
	if resp, _ := get(t, srv, "/icons/pwa-192.png"); resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("icon: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

func TestCompressionAndSecurityHeaders(t *testing.T) {
	srv := newServer(t)
	for _, p := range []string{"/assets/index-abc123.js", "/movements"} {
		resp, body := get(t, srv, p, "Accept-Encoding", "gzip")
		if resp.Header.Get("Content-Encoding") != "gzip" || body == "" {
			t.Fatalf("%s: not compressed (%q)", p, resp.Header.Get("Content-Encoding"))
		}
		if resp.Header.Get("Vary") == "" {
			t.Fatalf("%s: no Vary header", p)
		}
	}
	resp, _ := get(t, srv, "/movements")
	if resp.Header.Get("Content-Encoding") != "" {
		t.Fatal("compressed for a client that did not ask")
	}
	for k, want := range map[string]string{"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "same-origin"} {
		if got := resp.Header.Get(k); got != want {
			t.Fatalf("%s = %q, want %q", k, got, want)
		}
	}
	csp := resp.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "default-src 'self'") || !strings.Contains(csp, "frame-ancestors 'none'") || strings.Contains(csp, "googletagmanager") {
		t.Fatalf("CSP %q", csp)
	}
}

func TestCrossOriginWriteRefused(t *testing.T) {
	srv := newServer(t)
	req, _ := http.NewRequest("POST", srv.URL+"/api/v1/auth/login", strings.NewReader(`{"email":"a@example.com","password":"x"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 403 || resp.Header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("cross-site POST: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

func TestWritesToTheAppAreRefused(t *testing.T) {
	srv := newServer(t)
	resp, err := http.Post(srv.URL+"/movements", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 405 || resp.Header.Get("Allow") != "GET, HEAD" {
		t.Fatalf("POST to the app: %d", resp.StatusCode)
	}
}
