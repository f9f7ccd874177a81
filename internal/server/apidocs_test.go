package server_test

import (
	"strings"
	"testing"
	"testing/fstest"
)

const apiDocsHTML = `<!doctype html><html lang="en"><head><title>Cash Control API</title>` +
	`<script defer src="/api/docs/scalar-1.0.0.js"></script></head><body><div id="reference"></div></body></html>`

func TestAPIDocs(t *testing.T) {
	srv := newServerWith(t, fstest.MapFS{
		"index.html":                {Data: []byte(indexHTML)},
		"api-docs/index.html":       {Data: []byte(apiDocsHTML)},
		"api-docs/scalar-1.0.0.js":  {Data: []byte("window.Scalar = {};\n")},
		"api-docs/start-abc1234.js": {Data: []byte("Scalar.createApiReference('#reference', {});\n")},
	})
	t.Run("OK", func(t *testing.T) {
		for _, p := range []string{"/api/docs", "/api/docs/", "/api/docs/index.html"} {
			resp, body := get(t, srv, p)
			if resp.StatusCode != 200 || body != apiDocsHTML || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
				t.Fatalf("%s: %d %q %q", p, resp.StatusCode, resp.Header.Get("Content-Type"), body[:min(len(body), 40)])
			}
			if cc := resp.Header.Get("Cache-Control"); cc != "no-cache" {
				t.Fatalf("%s: the page must be revalidated, Cache-Control %q", p, cc)
			}
			if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self';") {
				t.Fatalf("%s: CSP %q", p, csp)
			}
		}
	})
	t.Run("Scripts", func(t *testing.T) {
		for _, p := range []string{"/api/docs/scalar-1.0.0.js", "/api/docs/start-abc1234.js"} {
			resp, body := get(t, srv, p)
			if resp.StatusCode != 200 || !strings.Contains(body, "Scalar") || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/javascript") {
				t.Fatalf("%s: %d %q", p, resp.StatusCode, resp.Header.Get("Content-Type"))
			}
			if cc := resp.Header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
				t.Fatalf("%s: Cache-Control %q", p, cc)
			}
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		for _, p := range []string{"/api/docs/gone.js", "/api/docs/..%2Findex.html", "/api/docs/a/b.js"} {
			if resp, body := get(t, srv, p); resp.StatusCode != 404 || strings.Contains(body, "<html") {
				t.Fatalf("%s: %d %q", p, resp.StatusCode, body)
			}
		}
	})
}

func TestAPIDocsNotBuilt(t *testing.T) {
	srv := newServer(t)
	if resp, _ := get(t, srv, "/api/docs"); resp.StatusCode != 503 {
		t.Fatalf("/api/docs without the build: %d, want 503", resp.StatusCode)
	}
}
