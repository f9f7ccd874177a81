package store

import (
	"context"
	"time"

	"cashcontrol/internal/finance"
)

// Session is a signed-in browser. Only the SHA-256 of its token is stored.
type Session struct {
	TokenHash  string
	UserID     int64
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
}

// CreateSession stores a new session.
func (db *DB) CreateSession(ctx context.Context, s Session, userAgent, ip string) error {
	return db.write(ctx, func(tx *Tx) error {
		_, err := tx.exec(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at, user_agent, ip)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, s.TokenHash, s.UserID, s.CreatedAt.UnixMilli(), s.LastSeenAt.UnixMilli(),
			s.ExpiresAt.UnixMilli(), finance.Truncate(userAgent, 300), finance.Truncate(ip, 64))
		return err
	})
}

// SessionByHash loads a session; an unknown one is not_found.
func (db *DB) SessionByHash(ctx context.Context, hash string) (*Session, error) {
	var s Session
	var c, l, e int64
	err := db.queryRow(ctx, `SELECT token_hash, user_id, created_at, last_seen_at, expires_at FROM sessions WHERE token_hash = ?`,
		hash).Scan(&s.TokenHash, &s.UserID, &c, &l, &e)
	if err != nil {
		return nil, notFound(err, "session")
	}
	s.CreatedAt, s.LastSeenAt, s.ExpiresAt = time.UnixMilli(c), time.UnixMilli(l), time.UnixMilli(e)
	return &s, nil
}

// TouchSession records activity, which extends the idle deadline.
func (db *DB) TouchSession(ctx context.Context, hash string, at time.Time) error {
	return db.write(ctx, func(tx *Tx) error {
		_, err := tx.exec(ctx, `UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?`, at.UnixMilli(), hash)
		return err
	})
}

// DeleteSession ends one session.
func (db *DB) DeleteSession(ctx context.Context, hash string) error {
	return db.write(ctx, func(tx *Tx) error {
		_, err := tx.exec(ctx, `DELETE FROM sessions WHERE token_hash = ?`, hash)
		return err
	})
}

// DeleteUserSessions ends every session of a user ("sign out everywhere"),
// and with them the user's API tokens.
func (db *DB) DeleteUserSessions(ctx context.Context, userID int64) (int64, error) {
	var n int64
	err := db.write(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `DELETE FROM sessions WHERE user_id = ?`, userID)
		if err != nil {
			return err
		}
		n, _ = res.RowsAffected()
		return deleteUserTokensTx(ctx, tx, userID)
	})
	return n, err
}

// DeleteExpiredSessions removes sessions past their absolute expiry or idle
// since before idleBefore.
func (db *DB) DeleteExpiredSessions(ctx context.Context, now, idleBefore time.Time) (int64, error) {
	var n int64
	err := db.write(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at < ?`, now.UnixMilli(), idleBefore.UnixMilli())
		if err != nil {
			return err
		}
		n, _ = res.RowsAffected()
		return nil
	})
	return n, err
}
