// Package auth signs users in: argon2id passwords, server-side sessions in the
// store, rate limits on sign-in, and OpenID Connect providers.
package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Argon2id parameters: OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
const (
	argonTime    = 2
	argonMemory  = 19 * 1024
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// HashPassword returns the PHC-formatted argon2id hash of password.
func HashPassword(password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argonKey(password, salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	return phc(salt, key), nil
}

// argonKey is argon2.IDKey, after which the memory it worked in (19 MiB with
// our parameters) goes back to the system at once. Left to the collector
// and its scavenger, each sign-in kept the server 19 MiB larger for minutes,
// on top of whatever the next request needed (an import's peak was its own
// 19 MB plus those).
func argonKey(password string, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
	key := argon2.IDKey([]byte(password), salt, time, memory, threads, keyLen)
	debug.FreeOSMemory()
	return key
}

func phc(salt, key []byte) string {
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key))
}

// timingHash is a well-formed hash with the current parameters that no
// password matches (its key is all zeros): checking a password against it
// costs what checking a real one costs, without hashing anything at start-up.
func timingHash() string {
	return phc(make([]byte, argonSaltLen), make([]byte, argonKeyLen))
}

// VerifyPassword reports whether password matches the PHC hash.
func VerifyPassword(hash, password string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errors.New("unsupported password hash")
	}
	var version int
	var m uint32
	var t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, errors.New("unsupported argon2 version")
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return false, fmt.Errorf("bad argon2 parameters: %w", err)
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[4])
	if err != nil {
		return false, err
	}
	want, err := base64.RawStdEncoding.DecodeString(parts[5])
	if err != nil {
		return false, err
	}
	got := argonKey(password, salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}
