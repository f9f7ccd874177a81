package api

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
)

// MaxIdempotencyKey bounds the Idempotency-Key header.
const MaxIdempotencyKey = 255

// decodeOnce is decode for a create that a client may send again: with an
// Idempotency-Key header it also returns the key and a fingerprint of the
// request, so that the store applies it at most once.
func decodeOnce(w http.ResponseWriter, r *http.Request, v any) (*store.Idempotency, error) {
	body, err := decodeRaw(w, r, v)
	if err != nil {
		return nil, err
	}
	return idempotencyKey(r, body)
}

// idempotencyKey is the request's Idempotency-Key (nil without one) with the
// fingerprint of its method, path and body.
func idempotencyKey(r *http.Request, body []byte) (*store.Idempotency, error) {
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		return nil, nil
	}
	if len(key) > MaxIdempotencyKey || !printableASCII(key) {
		return nil, finance.FieldErr("Idempotency-Key", finance.FCodeInvalid, "Idempotency-Key must be 1 to 255 printable ASCII characters")
	}
	h := sha256.New()
	h.Write([]byte(r.Method + " " + r.URL.Path + "\n"))
	h.Write(body)
	return &store.Idempotency{Key: key, Fingerprint: hex.EncodeToString(h.Sum(nil))}, nil
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// markReplayed tells the client that the answer is the first request's.
func markReplayed(w http.ResponseWriter, replayed bool) {
	if replayed {
		w.Header().Set("Idempotent-Replayed", "true")
	}
}
