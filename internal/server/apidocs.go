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

// apiDocsDir is where the build writes the API reference (apiDocs in
// web/vite.config.ts): its page, index.html, and the scripts that page loads,
// whose names carry a version or a hash.
const apiDocsDir = "api-docs"

// apiDocs serves the API reference: the page at /api/docs (and /api/docs/),
// its scripts below. The page renders the document at /api/v1/openapi.json.
type apiDocs struct {
	files fs.FS
	page  []byte
}

func newAPIDocs(files fs.FS) *apiDocs {
	d := &apiDocs{files: files}
	if b, err := fs.ReadFile(files, apiDocsDir+"/index.html"); err == nil {
		d.page = b
	}
	return d
}

func (d *apiDocs) register(mux *http.ServeMux) {
	// More specific than the API's "/api/", so these win over its not-found reply.
	mux.HandleFunc("GET /api/docs", d.servePage)
	mux.HandleFunc("GET /api/docs/{$}", d.servePage)
	mux.HandleFunc("GET /api/docs/{file}", d.serveFile)
}

func (d *apiDocs) servePage(w http.ResponseWriter, r *http.Request) {
	if d.page == nil {
		http.Error(w, "the web app is not built: run `make build`", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(d.page))
}

func (d *apiDocs) serveFile(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	if name == "index.html" {
		d.servePage(w, r)
		return
	}
	if !fs.ValidPath(name) || strings.Contains(name, "/") { // an escaped slash or ".."
		http.NotFound(w, r)
		return
	}
	f, err := d.files.Open(path.Join(apiDocsDir, name))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	rs, ok := f.(io.ReadSeeker)
	if st, err := f.Stat(); err != nil || st.IsDir() || !ok {
		http.NotFound(w, r)
		return
	}
	// The build names every file here after its version or content.
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	http.ServeContent(w, r, name, time.Time{}, rs)
}
