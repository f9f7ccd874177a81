package server_test

import (
	"bytes"
	"compress/gzip"
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

// The build stores Scalar's bundle gzip-compressed only: it is sent so to a
// browser that takes gzip (not compressed twice) and decompressed otherwise.
func TestAPIDocsCompressedFile(t *testing.T) {
	script := strings.Repeat("window.Scalar = {};\n", 500)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write([]byte(script))
	_ = zw.Close()
	srv := newServerWith(t, fstest.MapFS{
		"index.html":                  {Data: []byte(indexHTML)},
		"api-docs/index.html":         {Data: []byte(apiDocsHTML)},
		"api-docs/scalar-1.0.0.js.gz": {Data: gz.Bytes()},
		"api-docs/broken-1.0.0.js.gz": {Data: []byte("not gzip")},
	})
	for _, accept := range []string{"gzip, deflate, br", "identity", "gzip;q=0", "*"} {
		resp, body := get(t, srv, "/api/docs/scalar-1.0.0.js", "Accept-Encoding", accept)
		if resp.StatusCode != 200 || body != script || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/javascript") {
			t.Fatalf("Accept-Encoding %q: %d %q, %d bytes", accept, resp.StatusCode, resp.Header.Get("Content-Type"), len(body))
		}
		wantGzip := accept == "gzip, deflate, br" || accept == "*"
		if got := resp.Header.Get("Content-Encoding") == "gzip"; got != wantGzip {
			t.Fatalf("Accept-Encoding %q: Content-Encoding %q", accept, resp.Header.Get("Content-Encoding"))
		}
		if wantGzip && resp.ContentLength != int64(gz.Len()) {
			t.Fatalf("Accept-Encoding %q: %d bytes sent, the stored file has %d (compressed again?)", accept, resp.ContentLength, gz.Len())
		}
		if cc, vary := resp.Header.Get("Cache-Control"), resp.Header.Get("Vary"); cc != "public, max-age=31536000, immutable" || !strings.Contains(vary, "Accept-Encoding") {
			t.Fatalf("Accept-Encoding %q: Cache-Control %q, Vary %q", accept, cc, vary)
		}
	}
	if resp, _ := get(t, srv, "/api/docs/broken-1.0.0.js"); resp.StatusCode != 500 || resp.Header.Get("Cache-Control") != "" {
		t.Fatalf("a damaged file: %d, Cache-Control %q", resp.StatusCode, resp.Header.Get("Cache-Control"))
	}
	if resp, _ := get(t, srv, "/api/docs/scalar-1.0.0.js.gz.gz"); resp.StatusCode != 404 {
		t.Fatalf("no such file: %d", resp.StatusCode)
	}
}

func TestAPIDocsNotBuilt(t *testing.T) {
	srv := newServer(t)
	if resp, _ := get(t, srv, "/api/docs"); resp.StatusCode != 503 {
		t.Fatalf("/api/docs without the build: %d, want 503", resp.StatusCode)
	}
}
