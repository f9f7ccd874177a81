package server_test

import (
	"strings"
	"testing"
	"testing/fstest"
)

// The receipt reader's OCR engine (web/vite.config.ts ocrFiles): the core's
// WebAssembly and the scripts are stored gzip-compressed and sent as they are
// to a browser that takes gzip, the WebAssembly as application/wasm (the
// browser compiles it while it downloads only then); the engine's files, and
// only they, may compile WebAssembly (the worker runs under its own script's
// policy); a file that is not there is a 404.
func TestOCRFiles(t *testing.T) {
	core := "\x00asm\x01\x00\x00\x00" + strings.Repeat("\x01\x02\x03", 400)
	gz := gzipped(t, core)
	srv := newServerWith(t, fstest.MapFS{
		"index.html": {Data: []byte(indexHTML)},
		"assets/ocr/engine-7.0.0-7.0.0/worker.min.js.gz":                 {Data: gzipped(t, "importScripts();\n")},
		"assets/ocr/engine-7.0.0-7.0.0/tesseract-core-simd-lstm.js.gz":   {Data: gzipped(t, "var TesseractCore = {};\n")},
		"assets/ocr/engine-7.0.0-7.0.0/tesseract-core-simd-lstm.wasm.gz": {Data: gz},
		"assets/ocr/lang-1.0.0/eng.traineddata.gz":                       {Data: []byte{0x1f, 0x8b, 8, 0}},
	})
	wasm := "script-src 'self' 'wasm-unsafe-eval'"
	t.Run("Core", func(t *testing.T) {
		resp, body := get(t, srv, "/assets/ocr/engine-7.0.0-7.0.0/tesseract-core-simd-lstm.wasm", "Accept-Encoding", "gzip")
		if resp.StatusCode != 200 || body != core || resp.Header.Get("Content-Encoding") != "gzip" || resp.ContentLength != int64(len(gz)) {
			t.Fatalf("%d %q, %d bytes sent", resp.StatusCode, resp.Header.Get("Content-Encoding"), resp.ContentLength)
		}
		if resp.Header.Get("Content-Type") != "application/wasm" || !strings.Contains(resp.Header.Get("Content-Security-Policy"), wasm) {
			t.Fatalf("Content-Type %q, CSP %q", resp.Header.Get("Content-Type"), resp.Header.Get("Content-Security-Policy"))
		}
		if cc := resp.Header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
			t.Fatalf("Cache-Control %q", cc)
		}
	})
	t.Run("Worker", func(t *testing.T) {
		resp, body := get(t, srv, "/assets/ocr/engine-7.0.0-7.0.0/worker.min.js")
		if resp.StatusCode != 200 || body != "importScripts();\n" || !strings.Contains(resp.Header.Get("Content-Security-Policy"), wasm) {
			t.Fatalf("%d, CSP %q", resp.StatusCode, resp.Header.Get("Content-Security-Policy"))
		}
	})
	t.Run("Language", func(t *testing.T) {
		// Stored compressed by its package and unpacked by tesseract.js: sent as the file it is.
		resp, body := get(t, srv, "/assets/ocr/lang-1.0.0/eng.traineddata.gz")
		if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "" || body != "\x1f\x8b\x08\x00" {
			t.Fatalf("%d %q %q", resp.StatusCode, resp.Header.Get("Content-Encoding"), body)
		}
	})
	t.Run("PagesKeepTheirPolicy", func(t *testing.T) {
		resp, _ := get(t, srv, "/movements")
		if strings.Contains(resp.Header.Get("Content-Security-Policy"), "wasm-unsafe-eval") {
			t.Fatalf("CSP %q", resp.Header.Get("Content-Security-Policy"))
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		if resp, body := get(t, srv, "/assets/ocr/engine-7.0.0-7.0.0/tesseract-core-lstm.wasm"); resp.StatusCode != 404 || strings.Contains(body, "<html") {
			t.Fatalf("%d %q", resp.StatusCode, body)
		}
	})
}
