// Package jobs runs the server's background work that writes ledgers.
package jobs

import (
	"context"
	"log/slog"
	"time"

	"cashcontrol/internal/store"
)

// Schedules posts the scheduled movements that fall due: at start (catching
// up after downtime), then every Every. Each round is store.PostDue, which
// any number of servers may run at once: an occurrence is posted once.
type Schedules struct {
	DB    *store.DB
	Log   *slog.Logger
	Every time.Duration
	// Wake, when set, asks for a round now; the round closes the channel it
	// was sent (a test clock waits on it after moving time).
	Wake <-chan chan struct{}
	// Ran, when set, hears of every round (the metrics).
	Ran func(job string, err error)
}

// Run posts rounds until ctx ends.
func (j *Schedules) Run(ctx context.Context) {
	t := time.NewTicker(j.Every)
	defer t.Stop()
	var done chan struct{}
	for {
		n, err := j.DB.PostDue(ctx)
		if j.Ran != nil && ctx.Err() == nil {
			j.Ran("schedules", err)
		}
		if err != nil && ctx.Err() == nil {
			j.Log.Warn("scheduled movements", "err", err)
		} else if n > 0 {
			j.Log.Info("scheduled movements posted", "count", n)
		}
		if done != nil {
			close(done)
			done = nil
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case done = <-j.Wake:
		}
	}
}
