package auth

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Limiter is a token bucket per key (an email, a client address).
type Limiter struct {
	mu      sync.Mutex
	buckets map[string]*bucket
	every   time.Duration
	burst   int
	now     func() time.Time
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

// Allow takes one event for key; when none is left it says how long to wait.
func (l *Limiter) Allow(key string) (bool, time.Duration) {
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
