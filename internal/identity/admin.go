package identity

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
)

// adminUserSQL lists users as the administration shows them: the last
// sign-in from their security activity, and the movements of the ledgers
// they own.
const adminUserSQL = `SELECT u.id, u.name, u.last_name, u.email, u.rol, u.provider_id, u.created_at, u.disabled_at IS NOT NULL,
	(SELECT MAX(e.at) FROM security_events e WHERE e.user_id = u.id AND e.kind IN ('sign_in', 'sign_up')),
	(SELECT COUNT(*) FROM movements m WHERE m.ledger_id IN (SELECT l.id FROM ledgers l WHERE l.owner_id = u.id)),
	EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL)
	FROM users u`

func scanAdminUser(s store.RowScanner) (*finance.AdminUser, error) {
	var u finance.AdminUser
	var last sql.NullInt64
	if err := s.Scan(&u.ID, &u.Name, &u.LastName, &u.Email, &u.Rol, &u.ProviderID, &u.CreatedAt, &u.Disabled, &last, &u.Movements, &u.TwoFactor); err != nil {
		return nil, err
	}
	if last.Valid {
		u.LastSignInAt = &last.Int64
	}
	return &u, nil
}

// AdminUsers lists every user of the instance, oldest first.
func (st *Store) AdminUsers(ctx context.Context) ([]finance.AdminUser, error) {
	rows, err := st.db.Query(ctx, adminUserSQL+` ORDER BY u.id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []finance.AdminUser{}
	for rows.Next() {
		u, err := scanAdminUser(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *u)
	}
	return out, rows.Err()
}

// AdminUser is one user as the administration shows it; unknown is not_found.
func (st *Store) AdminUser(ctx context.Context, id int64) (*finance.AdminUser, error) {
	u, err := scanAdminUser(st.db.QueryRow(ctx, adminUserSQL+` WHERE u.id = ?`, id))
	if err != nil {
		return nil, store.NotFound(err, "user")
	}
	return u, nil
}

// AccessChange is what SetUserAccess changed.
type AccessChange struct {
	Disabled, Enabled, TwoFactorOff bool
	Rol                             string // the new rol, "" when unchanged
}

// SetUserAccess enables or disables a user, sets the rol and turns the
// two-step sign-in off, refusing a change that leaves the instance without
// an enabled administrator. A disabled user's sessions and waiting sign-ins
// end in the same transaction.
func (st *Store) SetUserAccess(ctx context.Context, id int64, p finance.AdminUserPatch, now time.Time) (AccessChange, error) {
	var ch AccessChange
	err := st.db.Write(ctx, func(tx *store.Tx) error {
		ch = AccessChange{}
		if st.db.Dialect() == store.Postgres {
			// The administrators' rows first: two administrators removing each
			// other at once apply one after the other, and the second sees
			// the first's change.
			if _, err := tx.Exec(ctx, `SELECT id FROM users WHERE rol = ? AND disabled_at IS NULL ORDER BY id FOR UPDATE`, finance.RolAdmin); err != nil {
				return err
			}
		}
		var was sql.NullInt64
		var wasRol string
		if err := tx.QueryRow(ctx, `SELECT disabled_at, rol FROM users WHERE id = ?`, id).Scan(&was, &wasRol); err != nil {
			return store.NotFound(err, "user")
		}
		if p.Disabled != nil && *p.Disabled != was.Valid {
			if *p.Disabled {
				if _, err := tx.Exec(ctx, `UPDATE users SET disabled_at = ? WHERE id = ?`, now.UnixMilli(), id); err != nil {
					return err
				}
				for _, q := range []string{`DELETE FROM sessions WHERE user_id = ?`, `DELETE FROM login_challenges WHERE user_id = ?`} {
					if _, err := tx.Exec(ctx, q, id); err != nil {
						return err
					}
				}
				ch.Disabled = true
			} else {
				if _, err := tx.Exec(ctx, `UPDATE users SET disabled_at = NULL WHERE id = ?`, id); err != nil {
					return err
				}
				ch.Enabled = true
			}
		}
		if p.Rol != nil && *p.Rol != wasRol {
			if _, err := tx.Exec(ctx, `UPDATE users SET rol = ? WHERE id = ?`, *p.Rol, id); err != nil {
				return err
			}
			ch.Rol = *p.Rol
		}
		if p.TwoFactor != nil && !*p.TwoFactor {
			res, err := tx.Exec(ctx, `DELETE FROM user_two_factor WHERE user_id = ?`, id)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n > 0 {
				ch.TwoFactorOff = true
				for _, q := range []string{`DELETE FROM recovery_codes WHERE user_id = ?`, `DELETE FROM login_challenges WHERE user_id = ?`} {
					if _, err := tx.Exec(ctx, q, id); err != nil {
						return err
					}
				}
			}
		}
		var admins int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM users WHERE rol = ? AND disabled_at IS NULL`, finance.RolAdmin).Scan(&admins); err != nil {
			return err
		}
		if admins == 0 {
			return finance.Errorf(finance.ECodeLastAdmin, "the instance needs at least one enabled administrator")
		}
		return nil
	})
	return ch, err
}

// The keys of instance_settings.
const settingSignupEnabled = "signup_enabled"

// SignupEnabled reports whether new accounts may be made: the
// administrator's switch, or dflt (the environment's) when never switched.
func (st *Store) SignupEnabled(ctx context.Context, dflt bool) (bool, error) {
	var v string
	err := st.db.QueryRow(ctx, `SELECT value FROM instance_settings WHERE key = ?`, settingSignupEnabled).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return dflt, nil
	}
	return v == "true", err
}

// SetSignupEnabled switches sign-ups on or off for every server.
func (st *Store) SetSignupEnabled(ctx context.Context, on bool) error {
	v := "false"
	if on {
		v = "true"
	}
	return st.db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO instance_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
			settingSignupEnabled, v)
		return err
	})
}

// CreatePasswordReset keeps a new one-time reset link of the user (its
// token's hash), in place of any the user has not used.
func (st *Store) CreatePasswordReset(ctx context.Context, userID int64, hash string, now, expires time.Time) error {
	return st.db.Write(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM password_resets WHERE user_id = ? AND used_at IS NULL`, userID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
			hash, userID, now.UnixMilli(), expires.UnixMilli())
		return err
	})
}

func resetLinkInvalid() error {
	return finance.Errorf(finance.ECodeResetLinkInvalid, "this password-reset link is unknown, used or expired: ask for a new one")
}

// PasswordResetEmail is the email of the user a valid link resets.
func (st *Store) PasswordResetEmail(ctx context.Context, hash string, now time.Time) (string, error) {
	var email string
	err := st.db.QueryRow(ctx, `SELECT u.email FROM password_resets r JOIN users u ON u.id = r.user_id
		WHERE r.token_hash = ? AND r.used_at IS NULL AND r.expires_at > ? AND u.disabled_at IS NULL`, hash, now.UnixMilli()).Scan(&email)
	if errors.Is(err, sql.ErrNoRows) {
		return "", resetLinkInvalid()
	}
	return email, err
}

// UsePasswordReset spends a valid link: the user's password becomes
// passwordHash and every session of the user ends, in one transaction (a
// link used twice at once works once). It returns the user's id.
func (st *Store) UsePasswordReset(ctx context.Context, hash, passwordHash string, now time.Time) (int64, error) {
	var userID int64
	err := st.db.Write(ctx, func(tx *store.Tx) error {
		err := tx.QueryRow(ctx, `UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
			AND user_id IN (SELECT id FROM users WHERE disabled_at IS NULL) RETURNING user_id`, now.UnixMilli(), hash, now.UnixMilli()).Scan(&userID)
		if errors.Is(err, sql.ErrNoRows) {
			return resetLinkInvalid()
		}
		if err != nil {
			return err
		}
		if err := updateUserTx(ctx, tx, userID, `password_hash = ?`, passwordHash); err != nil {
			return err
		}
		for _, q := range []string{`DELETE FROM sessions WHERE user_id = ?`, `DELETE FROM login_challenges WHERE user_id = ?`,
			`DELETE FROM password_resets WHERE user_id = ? AND used_at IS NULL`, `DELETE FROM api_tokens WHERE user_id = ?`} {
			if _, err := tx.Exec(ctx, q, userID); err != nil {
				return err
			}
		}
		return nil
	})
	return userID, err
}

// AllSecurityEvents lists the instance's latest security events, newest
// first, with whose they are.
func (st *Store) AllSecurityEvents(ctx context.Context, limit int) ([]finance.AdminSecurityEvent, error) {
	rows, err := st.db.Query(ctx, `SELECT e.id, e.kind, e.detail, e.ip, e.user_agent, e.at, e.user_id, u.email
		FROM security_events e JOIN users u ON u.id = e.user_id ORDER BY e.id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []finance.AdminSecurityEvent{}
	for rows.Next() {
		var e finance.AdminSecurityEvent
		var uid int64
		if err := rows.Scan(&e.ID, &e.Kind, &e.Detail, &e.IP, &e.UserAgent, &e.At, &uid, &e.Email); err != nil {
			return nil, err
		}
		e.UserID = strconv.FormatInt(uid, 10)
		out = append(out, e)
	}
	return out, rows.Err()
}
