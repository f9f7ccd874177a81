package identity

import (
	"context"
	"errors"
	"strings"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
)

// Session is a signed-in browser. Only the SHA-256 of its token is stored.
type Session struct {
	TokenHash  string
	UserID     int64
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
	// User is the session's user as SessionByHash read it, in the same
	// query: a signed-in request reads both once (nil in a session made
	// here rather than read).
	User *finance.User
}

// CreateSession stores a new session.
func (st *Store) CreateSession(ctx context.Context, s Session, userAgent, ip string) error {
	return st.db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at, user_agent, ip)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, s.TokenHash, s.UserID, s.CreatedAt.UnixMilli(), s.LastSeenAt.UnixMilli(),
			s.ExpiresAt.UnixMilli(), finance.Truncate(userAgent, 300), finance.Truncate(ip, 64))
		return err
	})
}

// SessionByHash loads a session and its user, in one query (every signed-in
// request starts with it); an unknown one is not_found.
func (st *Store) SessionByHash(ctx context.Context, hash string) (*Session, error) {
	var s Session
	var c, l, e int64
	row := st.db.QueryRow(ctx, `SELECT s.token_hash, s.user_id, s.created_at, s.last_seen_at, s.expires_at, `+userColumns+`
		FROM sessions s JOIN users u ON u.id = s.user_id`+userLedgers+` WHERE s.token_hash = ?`, hash)
	u, _, err := scanUser(scanAfter{row, []any{&s.TokenHash, &s.UserID, &c, &l, &e}})
	if err != nil {
		return nil, store.NotFound(err, "session")
	}
	s.CreatedAt, s.LastSeenAt, s.ExpiresAt = time.UnixMilli(c), time.UnixMilli(l), time.UnixMilli(e)
	s.User = u
	return &s, nil
}

// scanAfter scans a row whose first columns go to first and the rest to
// what its Scan is given: a row of two things that each scan themselves.
type scanAfter struct {
	row   store.RowScanner
	first []any
}

func (s scanAfter) Scan(dest ...any) error { return s.row.Scan(append(s.first, dest...)...) }

// TouchSession records activity, which extends the idle deadline.
func (st *Store) TouchSession(ctx context.Context, hash string, at time.Time) error {
	return st.db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?`, at.UnixMilli(), hash)
		return err
	})
}

// DeleteSession ends one session.
func (st *Store) DeleteSession(ctx context.Context, hash string) error {
	return st.db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM sessions WHERE token_hash = ?`, hash)
		return err
	})
}

// DeleteUserSessions ends every session of a user ("sign out everywhere"),
// and with them the user's API tokens.
func (st *Store) DeleteUserSessions(ctx context.Context, userID int64) (int64, error) {
	var n int64
	err := st.db.Write(ctx, func(tx *store.Tx) error {
		res, err := tx.Exec(ctx, `DELETE FROM sessions WHERE user_id = ?`, userID)
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
func (st *Store) DeleteExpiredSessions(ctx context.Context, now, idleBefore time.Time) (int64, error) {
	var n int64
	err := st.db.Write(ctx, func(tx *store.Tx) error {
		res, err := tx.Exec(ctx, `DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at < ?`, now.UnixMilli(), idleBefore.UnixMilli())
		if err != nil {
			return err
		}
		n, _ = res.RowsAffected()
		return nil
	})
	return n, err
}

// sessionsChunk bounds the hashes of one read of SessionsByHash.
const sessionsChunk = 500

// SessionsByHash loads the sessions (by token hash) that still exist, in one
// read per 500 of them: the event streams that are about to hear of a change
// check theirs together.
func (st *Store) SessionsByHash(ctx context.Context, hashes []string) (map[string]*Session, error) {
	found := map[string]*Session{}
	for len(hashes) > 0 {
		n := min(len(hashes), sessionsChunk)
		args := make([]any, n)
		for i, h := range hashes[:n] {
			args[i] = h
		}
		hashes = hashes[n:]
		rows, err := st.db.Query(ctx, `SELECT token_hash, user_id, created_at, last_seen_at, expires_at FROM sessions WHERE token_hash IN (`+
			strings.TrimSuffix(strings.Repeat("?,", n), ",")+`)`, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var se Session
			var c, l, e int64
			if err := rows.Scan(&se.TokenHash, &se.UserID, &c, &l, &e); err != nil {
				rows.Close()
				return nil, err
			}
			se.CreatedAt, se.LastSeenAt, se.ExpiresAt = time.UnixMilli(c), time.UnixMilli(l), time.UnixMilli(e)
			found[se.TokenHash] = &se
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			return nil, err
		}
	}
	return found, nil
}
