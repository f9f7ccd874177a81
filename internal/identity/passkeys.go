package identity

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
)

// StoredPasskey is a passkey with its credential record (go-webauthn's,
// as JSON) and its user.
type StoredPasskey struct {
	finance.Passkey
	UserID     int64
	Credential string
}

// PasskeyHandle is the user's WebAuthn handle; "" when none was made yet.
func (st *Store) PasskeyHandle(ctx context.Context, userID int64) (string, error) {
	var h string
	err := st.db.QueryRow(ctx, `SELECT handle FROM passkey_handles WHERE user_id = ?`, userID).Scan(&h)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return h, err
}

// EnsurePasskeyHandle keeps handle as the user's unless the user has one,
// and returns the one kept.
func (st *Store) EnsurePasskeyHandle(ctx context.Context, userID int64, handle string) (string, error) {
	err := st.db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO passkey_handles (user_id, handle) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING`, userID, handle)
		return err
	})
	if err != nil {
		return "", err
	}
	return st.PasskeyHandle(ctx, userID)
}

// UserByPasskeyHandle is the user of a WebAuthn handle; not_found when none.
func (st *Store) UserByPasskeyHandle(ctx context.Context, handle string) (*finance.User, error) {
	var id int64
	if err := st.db.QueryRow(ctx, `SELECT user_id FROM passkey_handles WHERE handle = ?`, handle).Scan(&id); err != nil {
		return nil, store.NotFound(err, "user")
	}
	return st.UserByID(ctx, id)
}

const passkeyColumns = `id, name, created_at, last_used_at, user_id, credential`

func scanPasskey(s store.RowScanner) (*StoredPasskey, error) {
	var p StoredPasskey
	var used sql.NullInt64
	if err := s.Scan(&p.ID, &p.Name, &p.CreatedAt, &used, &p.UserID, &p.Credential); err != nil {
		return nil, err
	}
	if used.Valid {
		p.LastUsedAt = &used.Int64
	}
	return &p, nil
}

// Passkeys are the user's passkeys, oldest first, with their credentials.
func (st *Store) Passkeys(ctx context.Context, userID int64) ([]StoredPasskey, error) {
	rows, err := st.db.Query(ctx, `SELECT `+passkeyColumns+` FROM passkeys WHERE user_id = ? ORDER BY id`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []StoredPasskey{}
	for rows.Next() {
		p, err := scanPasskey(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *p)
	}
	return out, rows.Err()
}

// AddPasskey keeps a new passkey of the user; a user has at most
// finance.MaxPasskeys, and a credential is registered once.
func (st *Store) AddPasskey(ctx context.Context, userID int64, name, credentialID, credential string, now time.Time) (*finance.Passkey, error) {
	var out *finance.Passkey
	err := st.db.Write(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE users SET id = id WHERE id = ?`, userID); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM passkeys WHERE user_id = ?`, userID).Scan(&n); err != nil {
			return err
		}
		if n >= finance.MaxPasskeys {
			return finance.Errorf(finance.ECodeLimitExceeded, "a user has at most %d passkeys: remove one first", finance.MaxPasskeys)
		}
		var id int64
		err := tx.QueryRow(ctx, `INSERT INTO passkeys (user_id, name, credential_id, credential, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
			userID, name, credentialID, credential, now.UnixMilli()).Scan(&id)
		if store.IsUniqueViolation(err) {
			return finance.Errorf(finance.ECodeConflict, "this passkey is registered already")
		}
		if err != nil {
			return err
		}
		out = &finance.Passkey{ID: id, Name: name, CreatedAt: now.UnixMilli()}
		return nil
	})
	return out, err
}

// PasskeyUsed stores a passkey's credential after a sign-in (its signature
// counter) and when it was used.
func (st *Store) PasskeyUsed(ctx context.Context, id int64, credential string, at time.Time) error {
	return st.db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE passkeys SET credential = ?, last_used_at = ? WHERE id = ?`, credential, at.UnixMilli(), id)
		return err
	})
}

// RenamePasskey names one of the user's passkeys; another's is not_found.
func (st *Store) RenamePasskey(ctx context.Context, userID, id int64, name string) (*finance.Passkey, error) {
	var p *StoredPasskey
	err := st.db.Write(ctx, func(tx *store.Tx) error {
		res, err := tx.Exec(ctx, `UPDATE passkeys SET name = ? WHERE id = ? AND user_id = ?`, name, id, userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return finance.Errorf(finance.ECodeNotFound, "passkey not found")
		}
		p, err = scanPasskey(tx.QueryRow(ctx, `SELECT `+passkeyColumns+` FROM passkeys WHERE id = ?`, id))
		return err
	})
	if err != nil {
		return nil, err
	}
	return &p.Passkey, nil
}

// DeletePasskey removes one of the user's passkeys and returns its name;
// another user's is not_found.
func (st *Store) DeletePasskey(ctx context.Context, userID, id int64) (string, error) {
	var name string
	err := st.db.Write(ctx, func(tx *store.Tx) error {
		err := tx.QueryRow(ctx, `DELETE FROM passkeys WHERE id = ? AND user_id = ? RETURNING name`, id, userID).Scan(&name)
		return store.NotFound(err, "passkey")
	})
	return name, err
}

// SaveCeremony keeps a WebAuthn ceremony begun (its session data, and its
// user when one is signed in) until expires.
func (st *Store) SaveCeremony(ctx context.Context, tokenHash string, userID int64, data string, expires time.Time) error {
	var user any
	if userID != 0 {
		user = userID
	}
	return st.db.Write(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM webauthn_ceremonies WHERE expires_at <= ?`, st.db.NowMillis()); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO webauthn_ceremonies (token_hash, user_id, data, expires_at) VALUES (?, ?, ?, ?)`,
			tokenHash, user, data, expires.UnixMilli())
		return err
	})
}

// TakeCeremony removes and returns a ceremony's session data, when it is
// the user's (0: begun signed out) and not expired: a ceremony finishes once.
func (st *Store) TakeCeremony(ctx context.Context, tokenHash string, userID int64, now time.Time) (string, bool, error) {
	var data string
	var owner sql.NullInt64
	var expires int64
	found := false
	err := st.db.Write(ctx, func(tx *store.Tx) error {
		err := tx.QueryRow(ctx, `DELETE FROM webauthn_ceremonies WHERE token_hash = ? RETURNING data, user_id, expires_at`, tokenHash).
			Scan(&data, &owner, &expires)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		found = err == nil
		return err
	})
	if err != nil || !found || expires <= now.UnixMilli() || owner.Int64 != userID {
		return "", false, err
	}
	return data, true, nil
}
