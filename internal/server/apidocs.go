package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"
)

// apiDocsDir is where the build writes the API reference (apiDocs in
// web/vite.config.ts): its page, index.html, and the scripts that page loads,
// whose names carry a version or a hash. A script may be there only
// gzip-compressed (name.gz: Scalar's 4.8 MB bundle is 1.3 MB so, in the
// binary too); it is sent as it is stored to a browser that takes gzip, and
// decompressed for one that does not.
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
	if gz, err := fs.ReadFile(d.files, path.Join(apiDocsDir, name+".gz")); err == nil {
		serveGzipped(w, r, name, gz)
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
	immutable(w)
	http.ServeContent(w, r, name, time.Time{}, rs)
}

// serveGzipped sends a file stored gzip-compressed (name.gz in the build):
// as it is when the request accepts gzip (the server's compressor leaves a
// response with a Content-Encoding alone), else decompressed. The build
// names these files after their version: they are immutable.
func serveGzipped(w http.ResponseWriter, r *http.Request, name string, gz []byte) {
	body, encoding := gz, "gzip"
	if !acceptsGzip(r.Header.Get("Accept-Encoding")) {
		plain, err := gunzip(gz)
		if err != nil {
			http.Error(w, "a file of the web app is damaged: build it again", http.StatusInternalServerError)
			return
		}
		body, encoding = plain, ""
	}
	immutable(w)
	w.Header().Set("Content-Type", mime.TypeByExtension(path.Ext(name)))
	w.Header().Add("Vary", "Accept-Encoding")
	if encoding != "" {
		w.Header().Set("Content-Encoding", encoding)
	}
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(body))
}

func gunzip(gz []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

// immutable lets a browser keep the file for a year: the build names every
// file here after its version or content.
func immutable(w http.ResponseWriter) {
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
}

// acceptsGzip says whether an Accept-Encoding header takes gzip (named, or
// "*", without q=0).
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding != "gzip" && coding != "x-gzip" && coding != "*" {
			continue
		}
		q := strings.ReplaceAll(strings.ToLower(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}
