// Package metrics is the server's Prometheus metrics (GET /metrics, on with
// CASHCONTROL_METRICS=true): the requests by route and status, their
// latency, the database pools and the background jobs' runs.
package metrics

import (
	"database/sql"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics holds one server's metrics in a registry of its own.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	jobs     *prometheus.CounterVec
}

// New registers the metrics, with the database pools by name (store.DB's
// Pools: sqlite_write and sqlite_read, or postgres).
func New(pools map[string]*sql.DB) *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "cashcontrol_http_requests_total",
			Help: "HTTP requests answered, by route pattern, method and status."}, []string{"route", "method", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "cashcontrol_http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by route pattern and method.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}}, []string{"route", "method"}),
		jobs: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "cashcontrol_job_runs_total",
			Help: "Background job runs, by job and result (ok or error)."}, []string{"job", "result"}),
	}
	m.reg.MustRegister(m.requests, m.latency, m.jobs,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	for name, db := range pools {
		m.reg.MustRegister(collectors.NewDBStatsCollector(db, name))
	}
	return m
}

// Handler serves the metrics in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// Instrument counts and times every request next answers; it must wrap the
// ServeMux itself, which names the route (http.Request.Pattern) as it routes.
func (m *Metrics) Instrument(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &status{ResponseWriter: w, code: http.StatusOK}
		next.ServeHTTP(rec, r)
		route := r.Pattern
		if route == "" {
			route = "none"
		}
		method := methodOf(r.Method)
		m.requests.WithLabelValues(route, method, strconv.Itoa(rec.code)).Inc()
		m.latency.WithLabelValues(route, method).Observe(time.Since(start).Seconds())
	})
}

// methodOf is the method's label: any method a client makes up is OTHER, so
// that no client can add series without end.
func methodOf(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodOptions:
		return m
	}
	return "OTHER"
}

// JobRun counts a run of a background job.
func (m *Metrics) JobRun(job string, err error) {
	if m == nil {
		return
	}
	result := "ok"
	if err != nil {
		result = "error"
	}
	m.jobs.WithLabelValues(job, result).Inc()
}

type status struct {
	http.ResponseWriter
	code  int
	wrote bool
}

func (s *status) WriteHeader(code int) {
	if !s.wrote {
		s.code, s.wrote = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *status) Write(b []byte) (int, error) {
	s.wrote = true
	return s.ResponseWriter.Write(b)
}

func (s *status) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (s *status) Unwrap() http.ResponseWriter { return s.ResponseWriter }
