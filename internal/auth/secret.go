package auth

import (
	"crypto/rand"
	"encoding/base64"
)

// NewSecret returns a random single-use secret for a link (an invitation's)
// and the hash the store keeps of it.
func NewSecret() (secret, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", err
	}
	secret = base64.RawURLEncoding.EncodeToString(b)
	return secret, hashToken(secret), nil
}

// SecretHash is the hash of a secret from NewSecret, as the store keeps it.
func SecretHash(secret string) string { return hashToken(secret) }
