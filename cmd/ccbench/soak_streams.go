package main

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
)

// holdStreams opens n event streams (GET /api/v1/events) for the soak's
// first ledger, as its owner and its partner in turn, round the servers, and
// holds them open, reading every event, until stop. The writes of the soak
// then reach every one of them: what the server pays to fan a change out is
// paid n times over if it grows with the streams.
func (s *soakRun) holdStreams(ctx context.Context, n int) (stop func() (events int64, ended int64), err error) {
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	var events, ended atomic.Int64
	tr := &http.Transport{MaxIdleConnsPerHost: n}
	l := s.ledgers[0]
	stop = func() (int64, int64) {
		cancel()
		wg.Wait()
		tr.CloseIdleConnections()
		return events.Load(), ended.Load()
	}
	for i := range n {
		jar := l.jar
		if l.partner != nil && i%2 == 1 {
			jar = l.partner
		}
		c := &http.Client{Jar: jar, Transport: tr}
		req, _ := http.NewRequestWithContext(ctx, "GET", s.servers[i%len(s.servers)]+"/api/v1/events", nil)
		resp, err := c.Do(req)
		if err != nil {
			stop()
			return nil, fmt.Errorf("stream %d: %w", i+1, err)
		}
		if resp.StatusCode != http.StatusOK {
			resp.Body.Close()
			stop()
			return nil, fmt.Errorf("stream %d: status %d", i+1, resp.StatusCode)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer resp.Body.Close()
			r := bufio.NewReader(resp.Body)
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					if ctx.Err() == nil {
						ended.Add(1) // the server ended it during the run
					}
					return
				}
				if strings.HasPrefix(line, "event: ") {
					events.Add(1)
				}
			}
		}()
	}
	return stop, nil
}
