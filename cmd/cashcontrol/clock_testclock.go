//go:build testclock

package main

import (
	"encoding/json"
	"net/http"
	"sync/atomic"
	"time"
)

// serverClock is the end-to-end tests' clock, built only with -tags
// testclock (make e2e): time.Now plus an offset that POST /test/clock
// moves forward ({"advance": "744h"}), after which it runs a round of the
// schedules job and answers once the round is over. Sessions keep real time.
type serverClock struct {
	offset atomic.Int64
	wakeCh chan chan struct{}
}

func newServerClock() *serverClock { return &serverClock{wakeCh: make(chan chan struct{})} }

func (c *serverClock) now() func() time.Time {
	return func() time.Time { return time.Now().Add(time.Duration(c.offset.Load())) }
}

func (c *serverClock) wake() <-chan chan struct{} { return c.wakeCh }

func (c *serverClock) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/test/clock" {
			h.ServeHTTP(w, r)
			return
		}
		var in struct {
			Advance string `json:"advance"`
		}
		if r.Method != http.MethodPost || json.NewDecoder(r.Body).Decode(&in) != nil {
			http.Error(w, "POST {\"advance\": \"24h\"}", http.StatusBadRequest)
			return
		}
		d, err := time.ParseDuration(in.Advance)
		if err != nil || d < 0 {
			http.Error(w, "advance: a duration forward", http.StatusBadRequest)
			return
		}
		c.offset.Add(int64(d))
		done := make(chan struct{})
		select {
		case c.wakeCh <- done:
			<-done
		case <-r.Context().Done():
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]string{"now": c.now()().UTC().Format(time.RFC3339)})
	})
}
