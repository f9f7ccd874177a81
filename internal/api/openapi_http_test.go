package api_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"cashcontrol/internal/api"
	"cashcontrol/internal/api/openapitest"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// validated is openapitest.Validated: every test server of this package
// checks its answers against the document.
func validated(t *testing.T, h http.Handler) http.Handler {
	t.Helper()
	return openapitest.Validated(t, h)
}

// TestOpenAPIDocument: the document is valid OpenAPI 3.1, it is served, and
// it describes every route the server registers (the ledger aliases too),
// with no operation left over.
func TestOpenAPIDocument(t *testing.T) {
	doc, err := openapitest.Document()
	if err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Fatalf("openapi %q", doc.OpenAPI)
	}
	documented := map[string]bool{}
	for path, item := range doc.Paths.Map() {
		for method, o := range item.Operations() {
			documented[method+" "+path] = true
			if o.Summary == "" || o.OperationID == "" {
				t.Errorf("%s %s: no summary or operationId", method, path)
			}
		}
	}
	routes := (&api.API{}).Routes()
	for _, p := range routes {
		if !documented[p] {
			t.Errorf("the route %s is not in the document", p)
		}
		delete(documented, p)
	}
	for p := range documented {
		t.Errorf("the document has %s, which no route serves", p)
	}
	if len(routes) < 200 {
		t.Fatalf("only %d routes", len(routes))
	}

	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		resp, err := http.Get(srv.URL + api.OpenAPIPath)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var got struct {
			OpenAPI string                     `json:"openapi"`
			Paths   map[string]json.RawMessage `json:"paths"`
		}
		b, _ := io.ReadAll(resp.Body)
		if err := json.Unmarshal(b, &got); err != nil || resp.StatusCode != 200 || got.OpenAPI != "3.1.0" {
			t.Fatalf("%d %v %.200s", resp.StatusCode, err, b)
		}
		if _, ok := got.Paths["/api/v1/movements"]; !ok || len(got.Paths) != len(doc.Paths.Map()) {
			t.Fatalf("served %d paths", len(got.Paths))
		}
	})
}

// TestOpenAPIValidationCatchesLies: the check the suite runs on every answer
// fails on an answer the document does not describe: an undocumented status,
// a field of the wrong type, a missing required field, an undocumented
// problem code.
func TestOpenAPIValidationCatchesLies(t *testing.T) {
	lies := []struct {
		name, method, path string
		status             int
		ct, body           string
	}{
		{"undocumented status", "GET", "/api/v1/health", 418, "application/json", `{"status":"ok","version":"1"}`},
		{"wrong type", "GET", "/api/v1/health", 200, "application/json", `{"status":"ok","version":1}`},
		{"missing field", "GET", "/api/v1/health", 200, "application/json", `{"status":"ok"}`},
		{"undocumented status of a problem", "GET", "/api/v1/accounts", 409, "application/problem+json",
			`{"type":"about:blank","title":"Conflict","status":409,"code":"conflict","detail":"x"}`},
		{"undocumented code", "GET", "/api/v1/accounts", 401, "application/problem+json",
			`{"type":"about:blank","title":"Unauthorized","status":401,"code":"invalid_credentials","detail":"x"}`},
		{"code at another status", "GET", "/api/v1/accounts/1", 400, "application/problem+json",
			`{"type":"about:blank","title":"Bad Request","status":400,"code":"not_found","detail":"x"}`},
		{"a list's item", "GET", "/api/v1/accounts", 200, "application/json", `{"items":[{"id":"1"}],"nextCursor":null}`},
	}
	for _, l := range lies {
		t.Run(l.name, func(t *testing.T) {
			var got []string
			h := openapitest.Check(t, func(f string, a ...any) { got = append(got, fmt.Sprintf(f, a...)) },
				http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					w.Header().Set("Content-Type", l.ct)
					w.WriteHeader(l.status)
					_, _ = io.WriteString(w, l.body)
				}))
			h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(l.method, l.path, nil))
			if len(got) == 0 {
				t.Fatalf("the check let %s pass", l.name)
			}
		})
	}
	// And a true answer passes.
	var got []string
	h := openapitest.Check(t, func(f string, a ...any) { got = append(got, fmt.Sprintf(f, a...)) },
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"status":"ok","version":"1.0.0"}`)
		}))
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/api/v1/health", nil))
	if len(got) != 0 {
		t.Fatalf("a true answer failed the check: %v", got)
	}
}
