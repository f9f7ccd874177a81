package store

import (
	"context"
	"time"
)

// TakeRate takes one event from the bucket of key, shared by every server
// of the database: burst events at once, refilled one every every (GCRA).
// When none is left it says how long to wait. One statement reads and
// writes the bucket, so servers taking from one bucket at once never both
// get its last event.
func (db *DB) TakeRate(ctx context.Context, key string, every time.Duration, burst int) (bool, time.Duration, error) {
	now := db.nowMillis()
	t := every.Milliseconds()
	tolerance := t * int64(burst-1)
	greatest := "MAX"
	if db.dialect == Postgres {
		greatest = "GREATEST"
	}
	from := greatest + `(rate_limits.tat, ?)`
	var tat, allowed int64
	err := db.w.QueryRowContext(ctx, db.rebind(`INSERT INTO rate_limits (key, tat, allowed) VALUES (?, ?, 1)
		ON CONFLICT (key) DO UPDATE SET
			tat = CASE WHEN `+from+` - ? <= ? THEN `+from+` + ? ELSE rate_limits.tat END,
			allowed = CASE WHEN `+from+` - ? <= ? THEN 1 ELSE 0 END
		RETURNING tat, allowed`),
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
func (db *DB) SweepRates(ctx context.Context) error {
	_, err := db.w.ExecContext(ctx, db.rebind(`DELETE FROM rate_limits WHERE tat < ?`), db.nowMillis())
	return err
}
