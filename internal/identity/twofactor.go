package identity

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
)

// TwoFactor is a user's TOTP secret: pending until EnabledAt, and the last
// time step a code was accepted for.
type TwoFactor struct {
	Secret    string
	EnabledAt *time.Time
	LastStep  int64
}

// TwoFactorOf loads the user's secret; nil when there is none (pending or not).
func (st *Store) TwoFactorOf(ctx context.Context, userID int64) (*TwoFactor, error) {
	var t TwoFactor
	var enabled sql.NullInt64
	err := st.db.QueryRow(ctx, `SELECT secret, enabled_at, last_step FROM user_two_factor WHERE user_id = ?`, userID).
		Scan(&t.Secret, &enabled, &t.LastStep)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if enabled.Valid {
		at := time.UnixMilli(enabled.Int64)
		t.EnabledAt = &at
	}
	return &t, nil
}

// TwoFactorStatus is what Profile shows: on or off, since when, and the
// recovery codes not used yet.
func (st *Store) TwoFactorStatus(ctx context.Context, userID int64) (*finance.TwoFactorStatus, error) {
	var enabled sql.NullInt64
	var left int
	err := st.db.QueryRow(ctx, `SELECT t.enabled_at, (SELECT COUNT(*) FROM recovery_codes c WHERE c.user_id = t.user_id AND c.used_at IS NULL)
		FROM user_two_factor t WHERE t.user_id = ? AND t.enabled_at IS NOT NULL`, userID).Scan(&enabled, &left)
	if errors.Is(err, sql.ErrNoRows) {
		return &finance.TwoFactorStatus{}, nil
	}
	if err != nil {
		return nil, err
	}
	at := enabled.Int64
	return &finance.TwoFactorStatus{Enabled: true, EnabledAt: &at, RecoveryCodesLeft: left}, nil
}

// StartTwoFactor keeps a new pending secret for the user, in place of any
// pending one; a user whose two-step sign-in is on is refused.
func (st *Store) StartTwoFactor(ctx context.Context, userID int64, secret string, now time.Time) error {
	return st.db.Write(ctx, func(tx *store.Tx) error {
		res, err := tx.Exec(ctx, `UPDATE user_two_factor SET secret = ?, created_at = ?, last_step = 0 WHERE user_id = ? AND enabled_at IS NULL`,
			secret, now.UnixMilli(), userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			return nil
		}
		_, err = tx.Exec(ctx, `INSERT INTO user_two_factor (user_id, secret, created_at) VALUES (?, ?, ?)`, userID, secret, now.UnixMilli())
		if store.IsUniqueViolation(err) {
			return finance.TwoFactorOn()
		}
		return err
	})
}

// EnableTwoFactor turns the pending secret on, with the time step of the code
// that confirmed it (which then cannot sign in), and the recovery codes'
// hashes. It is refused when the pending secret is no longer secret (another
// setup began since) or the two-step sign-in is on already.
func (st *Store) EnableTwoFactor(ctx context.Context, userID int64, secret string, step int64, codeHashes []string, now time.Time) error {
	return st.db.Write(ctx, func(tx *store.Tx) error {
		res, err := tx.Exec(ctx, `UPDATE user_two_factor SET enabled_at = ?, last_step = ? WHERE user_id = ? AND secret = ? AND enabled_at IS NULL`,
			now.UnixMilli(), step, userID, secret)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			var on bool
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) > 0 FROM user_two_factor WHERE user_id = ? AND enabled_at IS NOT NULL`, userID).Scan(&on); err != nil {
				return err
			}
			if on {
				return finance.TwoFactorOn()
			}
			return finance.Errorf(finance.ECodeTwoFactorNotStarted, "start the two-step sign-in's setup again")
		}
		return replaceRecoveryCodes(ctx, tx, userID, codeHashes)
	})
}

// ReplaceRecoveryCodes puts new recovery codes in place of the user's
// (used or not), for a user whose two-step sign-in is on.
func (st *Store) ReplaceRecoveryCodes(ctx context.Context, userID int64, codeHashes []string) error {
	return st.db.Write(ctx, func(tx *store.Tx) error {
		// Locks the user's row first, so that two replacements at once apply
		// one after the other and leave one set.
		res, err := tx.Exec(ctx, `UPDATE user_two_factor SET secret = secret WHERE user_id = ? AND enabled_at IS NOT NULL`, userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return finance.Errorf(finance.ECodeTwoFactorDisabled, "two-step sign-in is off")
		}
		return replaceRecoveryCodes(ctx, tx, userID, codeHashes)
	})
}

func replaceRecoveryCodes(ctx context.Context, tx *store.Tx, userID int64, codeHashes []string) error {
	if _, err := tx.Exec(ctx, `DELETE FROM recovery_codes WHERE user_id = ?`, userID); err != nil {
		return err
	}
	for _, h := range codeHashes {
		if _, err := tx.Exec(ctx, `INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)`, userID, h); err != nil {
			return err
		}
	}
	return nil
}

// UseTOTPStep accepts a code of time step step once: it reports false when a
// code of that step or a later one was accepted already (a code seen twice,
// or two requests with one code at once), or two-step sign-in is off.
func (st *Store) UseTOTPStep(ctx context.Context, userID, step int64) (bool, error) {
	return st.changesOne(ctx, `UPDATE user_two_factor SET last_step = ? WHERE user_id = ? AND enabled_at IS NOT NULL AND last_step < ?`,
		step, userID, step)
}

// changesOne runs an UPDATE in a write of its own and tells whether it
// changed exactly one row: a one-time thing (a code, a step, a secret)
// taken by this request and not by a twin of it.
func (st *Store) changesOne(ctx context.Context, query string, args ...any) (bool, error) {
	var ok bool
	err := st.db.Write(ctx, func(tx *store.Tx) error {
		res, err := tx.Exec(ctx, query, args...)
		if err != nil {
			return err
		}
		n, _ := res.RowsAffected()
		ok = n == 1
		return nil
	})
	return ok, err
}

// UseRecoveryCode spends the user's recovery code of that hash: false when
// there is none, or it was spent already (by this request's twin too).
func (st *Store) UseRecoveryCode(ctx context.Context, userID int64, codeHash string, now time.Time) (bool, error) {
	return st.changesOne(ctx, `UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL
			AND EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = recovery_codes.user_id AND t.enabled_at IS NOT NULL)`,
		now.UnixMilli(), userID, codeHash)
}

// DisableTwoFactor turns the two-step sign-in off: the secret, the recovery
// codes and any sign-in waiting for a code go.
func (st *Store) DisableTwoFactor(ctx context.Context, userID int64) error {
	return st.db.Write(ctx, func(tx *store.Tx) error {
		for _, q := range []string{`DELETE FROM recovery_codes WHERE user_id = ?`, `DELETE FROM login_challenges WHERE user_id = ?`,
			`DELETE FROM user_two_factor WHERE user_id = ?`} {
			if _, err := tx.Exec(ctx, q, userID); err != nil {
				return err
			}
		}
		return nil
	})
}

// CreateLoginChallenge keeps a sign-in that waits for its second step.
func (st *Store) CreateLoginChallenge(ctx context.Context, tokenHash string, userID int64, expires time.Time) error {
	return st.db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO login_challenges (token_hash, user_id, expires_at) VALUES (?, ?, ?)`, tokenHash, userID, expires.UnixMilli())
		return err
	})
}

// LoginChallengeUser is the user of a challenge that may still take a
// code (known, not expired, fewer than maxAttempts tried); 0 otherwise.
func (st *Store) LoginChallengeUser(ctx context.Context, tokenHash string, now time.Time, maxAttempts int) (int64, error) {
	var userID int64
	err := st.db.QueryRow(ctx, `SELECT user_id FROM login_challenges WHERE token_hash = ? AND expires_at > ? AND attempts < ?`,
		tokenHash, now.UnixMilli(), maxAttempts).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return userID, err
}

// CountLoginAttempt counts one code tried against the challenge and
// returns how many it has had with it; 0 when it is gone, expired or has
// had maxAttempts codes (then it is deleted). The condition is in the
// update, so requests at once cannot try more codes than that between them.
func (st *Store) CountLoginAttempt(ctx context.Context, tokenHash string, now time.Time, maxAttempts int) (int, error) {
	var n int
	err := st.db.Write(ctx, func(tx *store.Tx) error {
		n = 0
		err := tx.QueryRow(ctx, `UPDATE login_challenges SET attempts = attempts + 1 WHERE token_hash = ? AND expires_at > ? AND attempts < ?
			RETURNING attempts`, tokenHash, now.UnixMilli(), maxAttempts).Scan(&n)
		if errors.Is(err, sql.ErrNoRows) {
			_, err = tx.Exec(ctx, `DELETE FROM login_challenges WHERE token_hash = ?`, tokenHash)
		}
		return err
	})
	return n, err
}

// DeleteLoginChallenge ends a challenge (its sign-in is complete).
func (st *Store) DeleteLoginChallenge(ctx context.Context, tokenHash string) error {
	return st.db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM login_challenges WHERE token_hash = ?`, tokenHash)
		return err
	})
}

// AddSecurityEvent writes one entry of a user's security activity.
func (st *Store) AddSecurityEvent(ctx context.Context, userID int64, e finance.SecurityEvent) error {
	return st.db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO security_events (user_id, kind, detail, ip, user_agent, at) VALUES (?, ?, ?, ?, ?, ?)`,
			userID, e.Kind, finance.Truncate(e.Detail, 100), finance.Truncate(e.IP, 64), finance.Truncate(e.UserAgent, 300), e.At)
		return err
	})
}

// SecurityEvents returns the user's latest security events, newest first.
func (st *Store) SecurityEvents(ctx context.Context, userID int64, limit int) ([]finance.SecurityEvent, error) {
	rows, err := st.db.Query(ctx, `SELECT id, kind, detail, ip, user_agent, at FROM security_events WHERE user_id = ? ORDER BY id DESC LIMIT ?`,
		userID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []finance.SecurityEvent{}
	for rows.Next() {
		var e finance.SecurityEvent
		if err := rows.Scan(&e.ID, &e.Kind, &e.Detail, &e.IP, &e.UserAgent, &e.At); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// DeleteOldSecurityState removes security events older than eventsBefore
// and sign-ins that waited for a code past their deadline.
func (st *Store) DeleteOldSecurityState(ctx context.Context, now, eventsBefore time.Time) (int64, error) {
	var n int64
	err := st.db.Write(ctx, func(tx *store.Tx) error {
		n = 0
		for _, d := range []struct {
			q  string
			at time.Time
		}{{`DELETE FROM security_events WHERE at < ?`, eventsBefore}, {`DELETE FROM login_challenges WHERE expires_at <= ?`, now}} {
			res, err := tx.Exec(ctx, d.q, d.at.UnixMilli())
			if err != nil {
				return err
			}
			k, _ := res.RowsAffected()
			n += k
		}
		return nil
	})
	return n, err
}

// PlainTwoFactorSecrets are the two-step secrets kept as they are (not
// sealed by the server's secret key: without the secretbox prefix), by user.
func (st *Store) PlainTwoFactorSecrets(ctx context.Context, sealedPrefix string) (map[int64]string, error) {
	rows, err := st.db.Query(ctx, `SELECT user_id, secret FROM user_two_factor WHERE secret NOT LIKE ?`, sealedPrefix+"%")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var s string
		if err := rows.Scan(&id, &s); err != nil {
			return nil, err
		}
		out[id] = s
	}
	return out, rows.Err()
}

// ReplaceTwoFactorSecret puts sealed in place of the user's secret while it
// is still old (a setup begun meanwhile keeps its own): whether it did.
func (st *Store) ReplaceTwoFactorSecret(ctx context.Context, userID int64, old, sealed string) (bool, error) {
	return st.changesOne(ctx, `UPDATE user_two_factor SET secret = ? WHERE user_id = ? AND secret = ?`, sealed, userID, old)
}
