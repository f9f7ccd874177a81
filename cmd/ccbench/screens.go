package main

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"cashcontrol/web/screens"
)

// browserConnections is how many requests a browser sends at once to one
// host over HTTP/1.1.
const browserConnections = 6

// benchScreens replays, for each screen of the web app, the requests it makes
// when it opens (web/screens/screens.json), as a browser does: all at once, at
// most six in flight. One sample is the time until the last answer.
func benchScreens(ctx context.Context, c *client, vars map[string]string, dur time.Duration, runs int) ([]result, error) {
	list, err := screens.Load()
	if err != nil {
		return nil, err
	}
	var out []result
	for _, s := range list {
		paths := make([]string, len(s.Requests))
		for i, r := range s.Requests {
			paths[i] = screens.Expand(r, vars)
		}
		open := func(ctx context.Context, _, _ int) error {
			sem := make(chan struct{}, browserConnections)
			errs := make(chan error, len(paths))
			var wg sync.WaitGroup
			for _, p := range paths {
				wg.Add(1)
				sem <- struct{}{}
				go func() {
					defer wg.Done()
					defer func() { <-sem }()
					errs <- get(c, p)(ctx, 0, 0)
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					return err
				}
			}
			return nil
		}
		if err := open(ctx, 0, 0); err != nil {
			return nil, fmt.Errorf("screen %s: %w", s.Name, err)
		}
		var rs []result
		for range runs {
			rs = append(rs, run(ctx, s.Name, 1, dur, 20, open))
		}
		out = append(out, median(rs))
	}
	return out, nil
}

// busiestAccount is the account with the most movements (the reconcile
// screen's), by the movements' totals of each.
func busiestAccount(ctx context.Context, c *client, ids []string) (string, error) {
	best, most := "", int64(-1)
	for _, id := range ids {
		code, b, err := c.do(ctx, "GET", "/api/v1/movements/totals?accountId="+id, nil)
		if err != nil || code != 200 {
			return "", fmt.Errorf("totals of account %s: %d %s %v", id, code, b, err)
		}
		var t struct {
			Count int64 `json:"count"`
		}
		if err := json.Unmarshal(b, &t); err != nil {
			return "", err
		}
		if t.Count > most {
			best, most = id, t.Count
		}
	}
	return best, nil
}
