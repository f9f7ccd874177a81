package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"cashcontrol/internal/finance"
)

// Idempotency makes a write apply at most once: a request sent again with
// the same key (a retry, a double-click) gets the first result back instead
// of writing again. Fingerprint identifies the request's content; the same
// key with another request is refused.
type Idempotency struct {
	Key         string
	Fingerprint string
}

// idempotencyTTL is how long a key is remembered.
const idempotencyTTL = 24 * time.Hour

// once runs fn inside a ledger write unless the key was seen: then it fills
// out with the stored result of the first run and reports true. With idem nil
// it just runs fn. fn returns the result to keep (stored as JSON); the key
// and the write commit together, so a write that failed leaves no key.
func once[T any](ctx context.Context, tx *Tx, idem *Idempotency, out *T, fn func() (T, error)) (bool, error) {
	if idem == nil {
		v, err := fn()
		*out = v
		return false, err
	}
	now := tx.db.now()
	if _, err := tx.Exec(ctx, `DELETE FROM idempotency_keys WHERE ledger_id = ? AND created_at < ?`,
		tx.ledgerID, now.Add(-idempotencyTTL).UnixMilli()); err != nil {
		return false, err
	}
	var fingerprint, result string
	err := tx.QueryRow(ctx, `SELECT fingerprint, result FROM idempotency_keys WHERE ledger_id = ? AND idem_key = ?`, tx.ledgerID, idem.Key).
		Scan(&fingerprint, &result)
	switch {
	case err == nil:
		if fingerprint != idem.Fingerprint {
			return false, finance.Errorf(finance.ECodeIdempotencyReused, "this Idempotency-Key was used for another request")
		}
		return true, json.Unmarshal([]byte(result), out)
	case !errors.Is(err, sql.ErrNoRows):
		return false, err
	}
	v, err := fn()
	if err != nil {
		return false, err
	}
	*out = v
	b, err := json.Marshal(v)
	if err != nil {
		return false, err
	}
	_, err = tx.Exec(ctx, `INSERT INTO idempotency_keys (ledger_id, idem_key, fingerprint, result, created_at) VALUES (?, ?, ?, ?, ?)`,
		tx.ledgerID, idem.Key, idem.Fingerprint, string(b), now.UnixMilli())
	return false, err
}
