package metrics_test

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"cashcontrol/internal/metrics"
	"cashcontrol/internal/store/storetest"
)

// Requests are counted by the route the mux chose (not by their path: ids
// do not make new series) and status, and timed; the database pools and
// the jobs' runs are there too.
func TestMetrics(t *testing.T) {
	db := storetest.OpenSQLite(t)
	m := metrics.New(db.Pools())
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v1/movements/{id}", func(w http.ResponseWriter, r *http.Request) {
		if r.PathValue("id") == "404" {
			http.NotFound(w, r)
		}
	})
	mux.Handle("GET /metrics", m.Handler())
	h := m.Instrument(mux)
	for _, p := range []string{"/api/v1/movements/1", "/api/v1/movements/2", "/api/v1/movements/404", "/nowhere"} {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", p, nil))
	}
	for _, method := range []string{"ZZZ1", "ZZZ2"} {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(method, "/nowhere", nil))
	}
	m.JobRun("backup", nil)
	m.JobRun("backup", errors.New("disk full"))
	m.JobRun(`odd "job"\`, nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	for _, want := range []string{
		`cashcontrol_http_requests_total{method="GET",route="GET /api/v1/movements/{id}",status="200"} 2`,
		`cashcontrol_http_requests_total{method="GET",route="GET /api/v1/movements/{id}",status="404"} 1`,
		`cashcontrol_http_requests_total{method="GET",route="none",status="404"} 1`,
		`cashcontrol_http_requests_total{method="OTHER",route="none",status="404"} 2`,
		`cashcontrol_http_request_duration_seconds_count{method="GET",route="GET /api/v1/movements/{id}"} 3`,
		`cashcontrol_job_runs_total{job="backup",result="ok"} 1`,
		`cashcontrol_job_runs_total{job="backup",result="error"} 1`,
		`go_sql_max_open_connections{db_name="sqlite_write"} 1`,
		// A label's quotes and backslashes are escaped as the text format wants.
		`cashcontrol_job_runs_total{job="odd \"job\"\\",result="ok"} 1`,
		"# TYPE cashcontrol_http_request_duration_seconds histogram\n",
		`cashcontrol_http_request_duration_seconds_bucket{method="GET",route="GET /api/v1/movements/{id}",le="+Inf"} 3`,
		"\ngo_goroutines ", "\nprocess_resident_memory_bytes ",
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("the metrics lack %s", want)
		}
	}
}
