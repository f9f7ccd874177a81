package server

import (
	"bytes"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
)

// serviceWorker is the installable app's service worker (web/sw/sw.ts).
const serviceWorker = "sw.js"

// contentTypes are the types of the app's files that Go's table lacks or
// names otherwise (it guesses text/plain for the manifest by its content).
var contentTypes = map[string]string{
	".webmanifest": "application/manifest+json",
}

// ocrDir holds the receipt reader's OCR engine: tesseract.js's worker, its
// WebAssembly core and the language data (web/vite.config.ts ocrFiles).
const ocrDir = "assets/ocr/"

// ocrPolicy is the Content-Security-Policy of the OCR engine's files. A
// dedicated worker runs under the policy its own script comes with, and the
// engine's worker compiles WebAssembly: 'wasm-unsafe-eval' lets it, without
// letting it (or the pages, whose policy stays as it is) evaluate scripts.
func ocrPolicy(w http.ResponseWriter) {
	w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; object-src 'none'; base-uri 'none'")
}

// spa serves the built web app: hashed assets with immutable cache headers,
// and index.html for every other path so that the client router decides.
type spa struct {
	files fs.FS
	index []byte
	// onPage runs before index.html is sent (the session hint cookie).
	onPage func(http.ResponseWriter, *http.Request)
	// preloads, when the build lists them, add each page's first files.
	preloads *preloads
}

func newSPA(files fs.FS, onPage func(http.ResponseWriter, *http.Request)) *spa {
	s := &spa{files: files, onPage: onPage}
	if b, err := fs.ReadFile(files, "index.html"); err == nil {
		s.index = b
		s.preloads = loadPreloads(files, b)
	}
	return s
}

func (s *spa) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name != "" && name != "index.html" {
		if f, err := s.files.Open(name); err == nil {
			st, err := f.Stat()
			if err == nil && !st.IsDir() {
				switch {
				case strings.HasPrefix(name, "assets/"):
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				case name == serviceWorker:
					// The browser checks it for a new version at every visit: a
					// cached one would keep the old app's precache for an hour.
					w.Header().Set("Cache-Control", "no-cache")
				default:
					w.Header().Set("Cache-Control", "public, max-age=3600")
				}
				if strings.HasPrefix(name, ocrDir) {
					ocrPolicy(w)
				}
				if ct, ok := contentTypes[path.Ext(name)]; ok {
					w.Header().Set("Content-Type", ct)
				}
				if rs, ok := f.(io.ReadSeeker); ok {
					http.ServeContent(w, r, name, time.Time{}, rs)
					f.Close()
					return
				}
			}
			f.Close()
		}
		if strings.HasPrefix(name, "assets/") {
			// The app's scripts and styles and the receipt reader's engine are stored
			// gzip-compressed (web/scripts/compress-dist.mjs, ocrFiles in web/vite.config.ts).
			if gz, err := fs.ReadFile(s.files, name+".gz"); err == nil {
				if strings.HasPrefix(name, ocrDir) {
					ocrPolicy(w)
				}
				serveGzipped(w, r, name, gz)
				return
			}
			http.NotFound(w, r) // a missing hashed asset must not become index.html
			return
		}
	}
	if s.index == nil {
		http.Error(w, "the web app is not built: run `make build`", http.StatusServiceUnavailable)
		return
	}
	if s.onPage != nil {
		s.onPage(w, r)
	}
	page := s.index
	if s.preloads != nil {
		page = s.preloads.page(r, "/"+name)
		w.Header().Add("Vary", "Accept-Language, Cookie")
	}
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(page))
}
