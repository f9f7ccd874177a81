// Package auth signs users in: argon2id passwords, server-side sessions in the
// store, rate limits on sign-in, and OpenID Connect providers.
package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"cashcontrol/internal/finance"
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
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	return phc(salt, key), nil
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
	got := argon2.IDKey([]byte(password), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// CheckPassword validates a new password for the account with this
// (normalized) email; field is the request field to blame.
func CheckPassword(v *finance.Validation, field, password, email string) {
	n := utf8.RuneCountInString(password)
	switch {
	case password == "":
		v.Add(field, finance.FCodeRequired)
	case n < finance.MinPasswordLen:
		v.Add(field, finance.FCodeTooShort)
	case n > finance.MaxPasswordLen:
		v.Add(field, finance.FCodeTooLong)
	case isWeak(password, email):
		v.Add(field, finance.FCodeWeak)
	}
}

func isWeak(password, email string) bool {
	p := strings.ToLower(password)
	if p == email || (email != "" && p == strings.SplitN(email, "@", 2)[0]) {
		return true
	}
	if strings.Count(p, p[:1]) == len(p) { // one character repeated
		return true
	}
	if strings.Contains("0123456789012345678901234567890", p) || strings.Contains("abcdefghijklmnopqrstuvwxyz", p) ||
		strings.Contains("qwertyuiopasdfghjklzxcvbnm", p) {
		return true
	}
	_, common := commonPasswords[p]
	return common
}

// commonPasswords: the most used passwords of eight or more characters in
// public breach corpora, lower-cased (shorter ones fail the length rule).
var commonPasswords = func() map[string]struct{} {
	m := map[string]struct{}{}
	for _, p := range strings.Fields(`
password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword 12345678 123456789
1234567890 11111111 00000000 12341234 87654321 11223344 12121212 88888888 99999999 66666666 22222222
iloveyou iloveyou1 sunshine princess football baseball basketball superman batman123 trustno1
welcome1 welcome123 letmein1 letmein123 qwerty123 qwertyui qwerty12 qwerty1234 1q2w3e4r 1q2w3e4r5t
1qaz2wsx zaq12wsx q1w2e3r4 q1w2e3r4t5 asdf1234 asdfghjk zxcvbnm1 abc12345 abcd1234 abcdefgh
monkey123 dragon123 master123 shadow123 michael1 jennifer jordan23 starwars computer internet
whatever freedom1 charlie1 mustang1 liverpool chelsea1 arsenal1 barcelona realmadrid
admin123 administrator changeme changeme1 secret123 default1 guest123 test1234 testtest
contraseña contrasena contrasena1 contraseña1 motdepasse motdepasse1 soleil123 bonjour1 azerty123
azertyuiop azerty12 teamo123 tequiero 123456789a 1234567a a1234567 a12345678 aa123456 aa12345678
iloveyou2 lovely123 loveyou1 mylove123 babygirl1 samsung1 google123 facebook1 instagram
minecraft pokemon123 naruto123 cashcontrol dinero123 money123 summer2024 summer2025 summer2026
winter2025 spring2026 autumn2025 123qweasd qweasdzxc 147258369 123123123 456456456 789456123
159753852 741852963 qazwsxedc 1234qwer qwer1234 passpass 1password 123password password!
`) {
		m[p] = struct{}{}
	}
	return m
}()
