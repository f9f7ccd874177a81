// Package openapitest checks a test server's answers against the API's
// OpenAPI document, so that every HTTP test keeps the document true.
package openapitest

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"

	"cashcontrol/internal/api"
)

// The document, loaded once for the whole suite, and a mux that names the
// route pattern a request reaches.
var document = sync.OnceValues(func() (*openapiIndex, error) {
	raw, err := api.OpenAPI()
	if err != nil {
		return nil, err
	}
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(raw)
	if err != nil {
		return nil, err
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("the document is not valid OpenAPI: %w", err)
	}
	idx := &openapiIndex{doc: doc, mux: http.NewServeMux()}
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			idx.mux.HandleFunc(method+" "+path, func(http.ResponseWriter, *http.Request) {})
		}
	}
	return idx, nil
})

type openapiIndex struct {
	doc *openapi3.T
	mux *http.ServeMux
}

// route is the documented operation r reaches (nil: none, e.g. the web app).
func (x *openapiIndex) route(r *http.Request) *routers.Route {
	_, pattern := x.mux.Handler(r)
	method, path, ok := strings.Cut(pattern, " ")
	if !ok {
		return nil
	}
	item := x.doc.Paths.Value(path)
	return &routers.Route{Spec: x.doc, Path: path, PathItem: item, Method: method, Operation: item.GetOperation(method)}
}

// Validated checks every answer of h to a documented operation against the
// document: its status is documented, its body (JSON or a problem) has the
// documented schema and, for a problem, a code documented for that status.
// Every HTTP test server goes through it, so the whole suite keeps the
// document true.
func Validated(t testing.TB, h http.Handler) http.Handler {
	t.Helper()
	return Check(t, t.Errorf, h)
}

// Check is Validated telling report what differs.
func Check(t testing.TB, report func(string, ...any), h http.Handler) http.Handler {
	t.Helper()
	idx, err := document()
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	done := false
	// Registered before the server's Close, so it runs after it: no answer
	// is checked once the test is over.
	t.Cleanup(func() { mu.Lock(); done = true; mu.Unlock() })
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		route := idx.route(r)
		if route == nil || r.Method == http.MethodHead {
			h.ServeHTTP(w, r)
			return
		}
		rec := &recorder{ResponseWriter: w}
		h.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		body, err := answer(route, r, rec, w.Header())
		mu.Lock()
		defer mu.Unlock()
		if err != nil && !done {
			body := string(body)
			if len(body) > 600 {
				body = body[:600] + "…"
			}
			report("OpenAPI: %s %s answered %d, which the document does not describe: %v\nbody: %s", r.Method, r.URL.Path, rec.status, err, body)
		}
	})
}

// answer checks what rec recorded against the route's operation, and
// returns the body it read (decompressed).
func answer(route *routers.Route, r *http.Request, rec *recorder, header http.Header) ([]byte, error) {
	mt, _, _ := mime.ParseMediaType(header.Get("Content-Type"))
	isJSON := mt == "application/json" || strings.HasSuffix(mt, "+json")
	body := rec.body.Bytes()
	if header.Get("Content-Encoding") == "gzip" && !rec.overflow {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err == nil {
			body, err = io.ReadAll(zr)
		}
		if err != nil {
			return nil, fmt.Errorf("the gzip body does not read: %w", err)
		}
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: r, Route: route},
		Status:                 rec.status,
		Header:                 header,
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, ExcludeResponseBody: !isJSON || rec.overflow, MultiError: true},
	}
	in.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(r.Context(), in); err != nil {
		return body, err
	}
	if mt == "application/problem+json" && !rec.overflow {
		return body, problemCodeDocumented(route, rec.status, body)
	}
	return body, nil
}

// problemCodeDocumented: a problem's code is one the operation's
// x-problem-codes lists for its status.
func problemCodeDocumented(route *routers.Route, status int, body []byte) error {
	var p struct {
		Code string `json:"code"`
	}
	if err := json.Unmarshal(body, &p); err != nil {
		return fmt.Errorf("the problem does not read: %w", err)
	}
	byStatus, _ := route.Operation.Extensions["x-problem-codes"].(map[string]any)
	codes, _ := byStatus[strconv.Itoa(status)].([]any)
	if !slices.Contains(codes, any(p.Code)) {
		return fmt.Errorf("the problem code %q is not among the operation's x-problem-codes for %d: %v", p.Code, status, codes)
	}
	return nil
}

// recorder keeps what a handler answers (up to 8 MB of body) while it goes
// out.
type recorder struct {
	http.ResponseWriter
	status   int
	body     bytes.Buffer
	overflow bool
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	if !r.overflow {
		if r.body.Len()+len(b) > 8<<20 {
			r.overflow = true
			r.body.Reset()
		} else {
			r.body.Write(b)
		}
	}
	return r.ResponseWriter.Write(b)
}

func (r *recorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// Document is the API's document, loaded and validated once.
func Document() (*openapi3.T, error) {
	idx, err := document()
	if err != nil {
		return nil, err
	}
	return idx.doc, nil
}
