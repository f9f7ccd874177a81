package auth

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"cashcontrol/internal/store"
)

// Limiter is a token bucket per key (an email, a client address): in the
// server's memory, or in the database that several servers share (Shared).
type Limiter struct {
	mu      sync.Mutex
	buckets map[string]*bucket
	every   time.Duration
	burst   int
	now     func() time.Time
	// shared, when set, keeps the buckets in the database under name.
	shared *store.DB
	name   string
	log    *slog.Logger
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

// NewLimiter allows burst events at once and one more every interval.
func NewLimiter(every time.Duration, burst int, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{buckets: map[string]*bucket{}, every: every, burst: burst, now: now}
}

// Shared keeps the buckets in db, as name: every server of the database
// takes from the same ones (several servers on one PostgreSQL). A bucket
// the database cannot be asked about lets the event through (and is
// logged): the request that follows needs the database anyway.
func (l *Limiter) Shared(db *store.DB, name string, log *slog.Logger) *Limiter {
	l.shared, l.name, l.log = db, name, log
	return l
}

// Allow takes one event for key; when none is left it says how long to wait.
func (l *Limiter) Allow(key string) (bool, time.Duration) {
	if l.shared != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		ok, wait, err := l.shared.TakeRate(ctx, l.name+":"+key, l.every, l.burst)
		if err != nil {
			l.log.Warn("rate limit", "limit", l.name, "err", err)
			return true, 0
		}
		return ok, wait
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) > 50_000 {
			l.evict(now)
		}
		b = &bucket{lim: rate.NewLimiter(rate.Every(l.every), l.burst)}
		l.buckets[key] = b
	}
	b.seen = now
	res := b.lim.ReserveN(now, 1)
	if d := res.DelayFrom(now); d > 0 {
		res.CancelAt(now)
		return false, d
	}
	return true, 0
}

// evict drops buckets that have refilled completely (idle long enough).
func (l *Limiter) evict(now time.Time) {
	full := l.every * time.Duration(l.burst)
	for k, b := range l.buckets {
		if now.Sub(b.seen) > full {
			delete(l.buckets, k)
		}
	}
}
