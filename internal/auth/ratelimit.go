package auth

import (
	"cashcontrol/internal/identity"
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"golang.org/x/time/rate"
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
	shared *identity.Store
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
func (l *Limiter) Shared(db *identity.Store, name string, log *slog.Logger) *Limiter {
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

// Backoff slows repeated failures of one key (an account and an address,
// an account's two-step codes) with a growing wait, kept in the database
// so that every server sees it and a restart does not forget it.
type Backoff struct {
	db     *identity.Store
	name   string
	policy identity.Backoff
	what   string // what is refused, in the message
}

// The sign-in's backoffs: five attempts at once, then a wait of a minute,
// doubled at each further attempt up to an hour; a day without attempts
// forgets them. A success forgets them at once.
// A sign-in ends after five wrong two-step codes (challengeRetries); the
// account's codes wait after ten, two sign-ins' worth.
var (
	signInPolicy = identity.Backoff{Free: 5, First: time.Minute, Most: time.Hour, Forget: 24 * time.Hour}
	codePolicy   = identity.Backoff{Free: 2 * challengeRetries, First: time.Minute, Most: time.Hour, Forget: 24 * time.Hour}
)

func newBackoff(db *identity.Store, name string, policy identity.Backoff, what string) *Backoff {
	return &Backoff{db: db, name: name, policy: policy, what: what}
}

// Take counts an attempt of key, or refuses it with a RateLimitedError
// that says how long to wait.
func (b *Backoff) Take(ctx context.Context, key string, now time.Time) error {
	ok, wait, err := b.db.TakeAttempt(ctx, b.name+":"+key, b.policy, now)
	if err != nil {
		return err
	}
	if !ok {
		minutes := int((wait + time.Minute - 1) / time.Minute)
		return &RateLimitedError{RetryAfter: max(wait, time.Second),
			Message: fmt.Sprintf("too many %s: wait %d minute(s) and try again", b.what, minutes)}
	}
	return nil
}

// Forget forgets key's attempts: the last one succeeded.
func (b *Backoff) Forget(ctx context.Context, key string) error {
	return b.db.ForgetAttempts(ctx, b.name+":"+key)
}
