// Package secretbox seals short secrets kept in the database (two-step
// secrets, bank credentials) with the server's secret key
// (CASHCONTROL_SECRET_KEY): AES-256-GCM under a key derived from it by
// HKDF-SHA256 with a purpose label, so that each use has its own key. A
// sealed value is "sb1:" and the nonce and ciphertext in base64url.
package secretbox

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
)

// MinKeyLen is the shortest secret key taken (e.g. openssl rand -base64 32).
const MinKeyLen = 32

// Prefix begins every sealed value.
const Prefix = "sb1:"

var (
	// ErrNoKey: a sealed value, and the server has no secret key.
	ErrNoKey = errors.New("secretbox: sealed with a secret key, and the server has none (CASHCONTROL_SECRET_KEY)")
	// ErrWrongKey: the value was sealed with another key (or is damaged).
	ErrWrongKey = errors.New("secretbox: sealed with another secret key, or damaged")
)

// Box seals and opens the values of one purpose. A nil Box is the server
// without a key: it opens nothing sealed.
type Box struct{ aead cipher.AEAD }

// New derives the purpose's key from the secret key; no key (""), no Box.
func New(secretKey, purpose string) (*Box, error) {
	if secretKey == "" {
		return nil, nil
	}
	if len(secretKey) < MinKeyLen {
		return nil, fmt.Errorf("the secret key must have at least %d characters", MinKeyLen)
	}
	k, err := hkdf.Key(sha256.New, []byte(secretKey), nil, "cashcontrol secretbox "+purpose, 32)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(k)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Box{aead: aead}, nil
}

// IsSealed reports whether s is a sealed value (else it is kept plain, as
// before the server had a key).
func IsSealed(s string) bool { return strings.HasPrefix(s, Prefix) }

// Seal seals plain with a fresh random nonce.
func (b *Box) Seal(plain string) string {
	nonce := make([]byte, b.aead.NonceSize())
	_, _ = rand.Read(nonce) // crypto/rand.Read never fails (Go 1.24)
	return Prefix + base64.RawURLEncoding.EncodeToString(b.aead.Seal(nonce, nonce, []byte(plain), nil))
}

// Open opens a sealed value.
func (b *Box) Open(sealed string) (string, error) {
	if b == nil {
		return "", ErrNoKey
	}
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(sealed, Prefix))
	if err != nil || !IsSealed(sealed) || len(raw) < b.aead.NonceSize() {
		return "", ErrWrongKey
	}
	n := b.aead.NonceSize()
	plain, err := b.aead.Open(nil, raw[:n], raw[n:], nil)
	if err != nil {
		return "", ErrWrongKey
	}
	return string(plain), nil
}
