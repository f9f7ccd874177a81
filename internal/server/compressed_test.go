package server_test

import (
	"bytes"
	"compress/gzip"
	"strings"
	"testing"
	"testing/fstest"
)

// gzipped is s gzip-compressed, as the build stores a file (name.gz).
func gzipped(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The app's scripts and styles are stored gzip-compressed only
// (web/scripts/compress-dist.mjs): each is sent as stored to a browser that
// takes gzip, unpacked for a client that does not, with its own type and a
// year's cache either way; the pages' policy stays theirs (no WebAssembly).
func TestStoredCompressedAssets(t *testing.T) {
	script := strings.Repeat("console.log('cash control');\n", 300)
	style := strings.Repeat(".card{border:1px solid}\n", 300)
	js, css := gzipped(t, script), gzipped(t, style)
	srv := newServerWith(t, fstest.MapFS{
		"index.html":               {Data: []byte(indexHTML)},
		"assets/app-abc123.js.gz":  {Data: js},
		"assets/app-abc123.css.gz": {Data: css},
	})
	for _, c := range []struct {
		path, want, kind string
		stored           []byte
	}{{"/assets/app-abc123.js", script, "text/javascript", js}, {"/assets/app-abc123.css", style, "text/css", css}} {
		resp, body := get(t, srv, c.path, "Accept-Encoding", "gzip, deflate, br")
		if resp.StatusCode != 200 || body != c.want || resp.Header.Get("Content-Encoding") != "gzip" || resp.ContentLength != int64(len(c.stored)) {
			t.Fatalf("%s with gzip: %d %q, %d bytes sent", c.path, resp.StatusCode, resp.Header.Get("Content-Encoding"), resp.ContentLength)
		}
		if !strings.HasPrefix(resp.Header.Get("Content-Type"), c.kind) || resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Fatalf("%s: Content-Type %q, Cache-Control %q", c.path, resp.Header.Get("Content-Type"), resp.Header.Get("Cache-Control"))
		}
		if csp := resp.Header.Get("Content-Security-Policy"); strings.Contains(csp, "wasm-unsafe-eval") {
			t.Fatalf("%s: CSP %q", c.path, csp)
		}
		resp, body = get(t, srv, c.path)
		if resp.StatusCode != 200 || body != c.want || resp.Header.Get("Content-Encoding") != "" {
			t.Fatalf("%s without gzip: %d %q", c.path, resp.StatusCode, resp.Header.Get("Content-Encoding"))
		}
	}
	// The stored name is not a second address of the file, and a missing one is still a 404.
	for _, p := range []string{"/assets/app-gone.js", "/assets/app-abc123.js.gz/x"} {
		if resp, body := get(t, srv, p); resp.StatusCode != 404 || strings.Contains(body, "<html") {
			t.Fatalf("%s: %d", p, resp.StatusCode)
		}
	}
}
