// Package metrics is the server's Prometheus metrics (GET /metrics, on with
// CASHCONTROL_METRICS=true): the requests by route and status, their
// latency, the database pools and the background jobs' runs, with the Go
// runtime's and the process's. Written with VictoriaMetrics/metrics, which
// writes Prometheus's text format without the official client's protobuf
// machinery (2.2 MB of the binary).
package metrics

import (
	"bytes"
	"database/sql"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	vm "github.com/VictoriaMetrics/metrics"
)

// latencyBuckets are the request-duration histogram's upper bounds, in seconds.
var latencyBuckets = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}

// family is one metric family in a set of its own, written under its HELP and TYPE.
type family struct {
	name, kind, help string
	set              *vm.Set
}

func (f family) write(w io.Writer) {
	header(w, f.name, f.kind, f.help)
	f.set.WritePrometheus(w)
}

// header is a family's HELP and TYPE lines.
func header(w io.Writer, name, kind, help string) {
	fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, kind)
}

// Metrics holds one server's metrics (sets of its own, nothing global).
type Metrics struct {
	requests, latency, jobs family
	pools                   map[string]*sql.DB
}

// New makes the metrics, with the database pools by name (store.DB's
// Pools: sqlite_write and sqlite_read, or postgres).
func New(pools map[string]*sql.DB) *Metrics {
	return &Metrics{
		requests: family{"cashcontrol_http_requests_total", "counter", "HTTP requests answered, by route pattern, method and status.", vm.NewSet()},
		latency:  family{"cashcontrol_http_request_duration_seconds", "histogram", "Time to answer an HTTP request, by route pattern and method.", vm.NewSet()},
		jobs:     family{"cashcontrol_job_runs_total", "counter", "Background job runs, by job and result (ok or error).", vm.NewSet()},
		pools:    pools,
	}
}

// Handler serves the metrics in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b bytes.Buffer
		m.requests.write(&b)
		m.latency.write(&b)
		m.jobs.write(&b)
		m.writePools(&b)
		vm.WriteGoMetrics(&b)
		vm.WriteProcMetrics(&b)
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		_, _ = w.Write(b.Bytes())
	})
}

// writePools writes each database pool's statistics (database/sql's DBStats),
// by the names Prometheus's Go client gives them.
func (m *Metrics) writePools(w io.Writer) {
	names := make([]string, 0, len(m.pools))
	for name := range m.pools {
		names = append(names, name)
	}
	slices.Sort(names)
	stats := make([]sql.DBStats, len(names))
	for i, name := range names {
		stats[i] = m.pools[name].Stats()
	}
	for _, g := range []struct {
		name, kind, help string
		value            func(sql.DBStats) string
	}{
		{"go_sql_max_open_connections", "gauge", "Maximum number of open connections to the database.", func(s sql.DBStats) string { return strconv.Itoa(s.MaxOpenConnections) }},
		{"go_sql_open_connections", "gauge", "The number of established connections both in use and idle.", func(s sql.DBStats) string { return strconv.Itoa(s.OpenConnections) }},
		{"go_sql_in_use_connections", "gauge", "The number of connections currently in use.", func(s sql.DBStats) string { return strconv.Itoa(s.InUse) }},
		{"go_sql_idle_connections", "gauge", "The number of idle connections.", func(s sql.DBStats) string { return strconv.Itoa(s.Idle) }},
		{"go_sql_wait_count_total", "counter", "The total number of connections waited for.", func(s sql.DBStats) string { return strconv.FormatInt(s.WaitCount, 10) }},
		{"go_sql_wait_duration_seconds_total", "counter", "The total time blocked waiting for a new connection.", func(s sql.DBStats) string { return strconv.FormatFloat(s.WaitDuration.Seconds(), 'g', -1, 64) }},
		{"go_sql_max_idle_closed_total", "counter", "The total number of connections closed due to SetMaxIdleConns.", func(s sql.DBStats) string { return strconv.FormatInt(s.MaxIdleClosed, 10) }},
		{"go_sql_max_idle_time_closed_total", "counter", "The total number of connections closed due to SetConnMaxIdleTime.", func(s sql.DBStats) string { return strconv.FormatInt(s.MaxIdleTimeClosed, 10) }},
		{"go_sql_max_lifetime_closed_total", "counter", "The total number of connections closed due to SetConnMaxLifetime.", func(s sql.DBStats) string { return strconv.FormatInt(s.MaxLifetimeClosed, 10) }},
	} {
		header(w, g.name, g.kind, g.help)
		for i, name := range names {
			fmt.Fprintf(w, "%s{db_name=%s} %s\n", g.name, label(name), g.value(stats[i]))
		}
	}
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
		method, route := label(methodOf(r.Method)), label(route)
		m.requests.set.GetOrCreateCounter(m.requests.name + "{method=" + method + ",route=" + route + ",status=" + label(strconv.Itoa(rec.code)) + "}").Inc()
		m.latency.set.GetOrCreatePrometheusHistogramExt(m.latency.name+"{method="+method+",route="+route+"}", latencyBuckets).UpdateDuration(start)
	})
}

// labelEscapes are what the text format escapes in a label's value.
var labelEscapes = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)

// label is a label's value as the text format writes it: quoted, escaped.
func label(v string) string {
	return `"` + labelEscapes.Replace(v) + `"`
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
	m.jobs.set.GetOrCreateCounter(m.jobs.name + "{job=" + label(job) + ",result=" + label(result) + "}").Inc()
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
