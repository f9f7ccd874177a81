package identity

import (
	"context"
	"database/sql"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
)

// StoredToken is a token as the API's authentication reads it.
type StoredToken struct {
	finance.APIToken
	UserID int64
}

const tokenColumns = `id, name, scope, hint, created_at, expires_at, last_used_at, user_id`

func scanToken(s store.RowScanner) (*StoredToken, error) {
	var t StoredToken
	var expires, used sql.NullInt64
	if err := s.Scan(&t.ID, &t.Name, &t.Scope, &t.Hint, &t.CreatedAt, &expires, &used, &t.UserID); err != nil {
		return nil, err
	}
	if expires.Valid {
		t.ExpiresAt = &expires.Int64
	}
	if used.Valid {
		t.LastUsedAt = &used.Int64
	}
	return &t, nil
}

// CreateAPIToken keeps a new token of the user (its hash and hint); a user
// has at most finance.MaxTokens.
func (st *Store) CreateAPIToken(ctx context.Context, userID int64, t finance.NewAPIToken, hash, hint string, now time.Time) (*finance.APIToken, error) {
	var out *finance.APIToken
	err := st.db.Write(ctx, func(tx *store.Tx) error {
		// The user's row first: two creations at once count one after the other.
		if _, err := tx.Exec(ctx, `UPDATE users SET id = id WHERE id = ?`, userID); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM api_tokens WHERE user_id = ?`, userID).Scan(&n); err != nil {
			return err
		}
		if n >= finance.MaxTokens {
			return finance.Errorf(finance.ECodeLimitExceeded, "a user has at most %d tokens: revoke one first", finance.MaxTokens)
		}
		var id int64
		err := tx.QueryRow(ctx, `INSERT INTO api_tokens (user_id, name, scope, token_hash, hint, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, userID, t.Name, t.Scope, hash, hint, now.UnixMilli(), t.ExpiresAt).Scan(&id)
		if err != nil {
			return err
		}
		out = &finance.APIToken{ID: id, Name: t.Name, Scope: t.Scope, Hint: hint, CreatedAt: now.UnixMilli(), ExpiresAt: t.ExpiresAt}
		return nil
	})
	return out, err
}

// APITokens lists the user's tokens, newest first.
func (st *Store) APITokens(ctx context.Context, userID int64) ([]finance.APIToken, error) {
	rows, err := st.db.Query(ctx, `SELECT `+tokenColumns+` FROM api_tokens WHERE user_id = ? ORDER BY id DESC`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []finance.APIToken{}
	for rows.Next() {
		t, err := scanToken(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, t.APIToken)
	}
	return out, rows.Err()
}

// APITokenByHash finds a token by its secret's hash; an unknown one is
// not_found.
func (st *Store) APITokenByHash(ctx context.Context, hash string) (*StoredToken, error) {
	t, err := scanToken(st.db.QueryRow(ctx, `SELECT `+tokenColumns+` FROM api_tokens WHERE token_hash = ?`, hash))
	if err != nil {
		return nil, store.NotFound(err, "token")
	}
	return t, nil
}

// TouchAPIToken records the token's use at at.
func (st *Store) TouchAPIToken(ctx context.Context, id int64, at time.Time) error {
	return st.db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE api_tokens SET last_used_at = ? WHERE id = ?`, at.UnixMilli(), id)
		return err
	})
}

// DeleteAPIToken revokes one of the user's tokens and returns its name;
// another user's token is not_found.
func (st *Store) DeleteAPIToken(ctx context.Context, userID, id int64) (string, error) {
	var name string
	err := st.db.Write(ctx, func(tx *store.Tx) error {
		err := tx.QueryRow(ctx, `DELETE FROM api_tokens WHERE id = ? AND user_id = ? RETURNING name`, id, userID).Scan(&name)
		return store.NotFound(err, "token")
	})
	return name, err
}

// deleteUserTokensTx ends every API token of a user: a password change, a
// password reset and "sign out everywhere" end the tokens with the sessions,
// since whoever had the password or a device may have made one.
func deleteUserTokensTx(ctx context.Context, tx *store.Tx, userID int64) error {
	_, err := tx.Exec(ctx, `DELETE FROM api_tokens WHERE user_id = ?`, userID)
	return err
}
