package identity

import (
	"cashcontrol/internal/store"
	"context"
	"time"
)

// TakeRate takes one event from the bucket of key, shared by every server
// of the database: burst events at once, refilled one every every (GCRA).
// When none is left it says how long to wait. One statement reads and
// writes the bucket, so servers taking from one bucket at once never both
// get its last event.
func (st *Store) TakeRate(ctx context.Context, key string, every time.Duration, burst int) (bool, time.Duration, error) {
	now := st.db.NowMillis()
	t := every.Milliseconds()
	tolerance := t * int64(burst-1)
	greatest := "MAX"
	if st.db.Dialect() == store.Postgres {
		greatest = "GREATEST"
	}
	from := greatest + `(rate_limits.tat, ?)`
	var tat, allowed int64
	err := st.db.WriteRow(ctx, `INSERT INTO rate_limits (key, tat, allowed) VALUES (?, ?, 1)
		ON CONFLICT (key) DO UPDATE SET
			tat = CASE WHEN `+from+` - ? <= ? THEN `+from+` + ? ELSE rate_limits.tat END,
			allowed = CASE WHEN `+from+` - ? <= ? THEN 1 ELSE 0 END
		RETURNING tat, allowed`,
		key, now+t, now, now, tolerance, now, t, now, now, tolerance).Scan(&tat, &allowed)
	if err != nil {
		return false, 0, err
	}
	if allowed == 1 {
		return true, 0, nil
	}
	return false, time.Duration(tat-tolerance-now) * time.Millisecond, nil
}

// SweepRates drops the buckets that are full again.
func (st *Store) SweepRates(ctx context.Context) error {
	_, err := st.db.WriteExec(ctx, `DELETE FROM rate_limits WHERE tat < ?`, st.db.NowMillis())
	return err
}

// Backoff is a wait that grows with failed attempts: Free attempts go
// through at once; the Free-th and each one after begins a wait, First
// then twice the one before, at most Most. A key with no attempt for Forget
// after its last wait starts over.
type Backoff struct {
	Free        int
	First, Most time.Duration
	Forget      time.Duration
}

// waitAfter is the wait that the n-th attempt begins.
func (b Backoff) waitAfter(n int64) time.Duration {
	if n < int64(b.Free) {
		return 0
	}
	w := b.First
	for i := int64(b.Free); i < n && w < b.Most; i++ {
		w *= 2
	}
	return min(w, b.Most)
}

// TakeAttempt counts an attempt of key at now, unless key is still waiting:
// then it says how long. The attempt is counted before it is made (a
// success forgets it: ForgetAttempts), so attempts at once, on any server
// of the database, are all counted. A backoff is kept in rate_limits: tat
// is when it is forgotten (the end of its wait plus Forget), allowed the
// attempts counted.
func (st *Store) TakeAttempt(ctx context.Context, key string, b Backoff, now time.Time) (bool, time.Duration, error) {
	var ok bool
	var wait time.Duration
	err := st.db.Write(ctx, func(tx *store.Tx) error {
		// The upsert locks the key's row (PostgreSQL) until the commit.
		var forgetAt, n int64
		if err := tx.QueryRow(ctx, `INSERT INTO rate_limits (key, tat, allowed) VALUES (?, 0, 0)
			ON CONFLICT (key) DO UPDATE SET tat = rate_limits.tat RETURNING tat, allowed`, key).Scan(&forgetAt, &n); err != nil {
			return err
		}
		at := now.UnixMilli()
		if forgetAt <= at {
			forgetAt, n = 0, 0
		} else if until := forgetAt - b.Forget.Milliseconds(); until > at {
			ok, wait = false, time.Duration(until-at)*time.Millisecond
			return nil
		}
		n++
		ok = true
		until := at + b.waitAfter(n).Milliseconds()
		_, err := tx.Exec(ctx, `UPDATE rate_limits SET tat = ?, allowed = ? WHERE key = ?`, until+b.Forget.Milliseconds(), n, key)
		return err
	})
	return ok, wait, err
}

// ForgetAttempts forgets key's attempts (the last one succeeded).
func (st *Store) ForgetAttempts(ctx context.Context, key string) error {
	return st.db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM rate_limits WHERE key = ?`, key)
		return err
	})
}
