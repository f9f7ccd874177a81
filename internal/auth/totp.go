package auth

import (
	"bytes"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"image/png"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/hotp"
	"github.com/pquerna/otp/totp"

	"cashcontrol/internal/finance"
)

// TOTP as every authenticator app knows it (RFC 6238): SHA-1, 6 digits, a
// code every 30 seconds; a code of the step before or after now is accepted
// too (a clock a little off, a code typed as it changed).
const (
	totpPeriod = 30
	totpSkew   = 1
	totpIssuer = "Cash Control"
)

var totpOpts = hotp.ValidateOpts{Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// newTOTPKey makes a random secret for the account and its QR code.
func newTOTPKey(account string) (*finance.TwoFactorSetup, error) {
	key, err := totp.Generate(totp.GenerateOpts{Issuer: totpIssuer, AccountName: account, Period: totpPeriod,
		SecretSize: 20, Digits: totpOpts.Digits, Algorithm: totpOpts.Algorithm})
	if err != nil {
		return nil, err
	}
	img, err := key.Image(240, 240)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return &finance.TwoFactorSetup{Secret: key.Secret(), URI: key.URL(),
		QRCode: "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())}, nil
}

// totpStep is the time step of t.
func totpStep(t time.Time) int64 { return t.Unix() / totpPeriod }

// matchTOTP returns the time step, among now's and its neighbours, whose code
// is code.
func matchTOTP(secret, code string, now time.Time) (int64, bool) {
	code = finance.NormalizeTOTPCode(code)
	if len(code) != totpOpts.Digits.Length() {
		return 0, false
	}
	cur := totpStep(now)
	for step := cur - totpSkew; step <= cur+totpSkew; step++ {
		want, err := hotp.GenerateCodeCustom(secret, uint64(step), totpOpts)
		if err != nil {
			return 0, false
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return step, true
		}
	}
	return 0, false
}

// recoveryAlphabet has no letters or digits that read alike (0 o, 1 l i).
const recoveryAlphabet = "23456789abcdefghjkmnpqrstuvwxyz"

// newRecoveryCodes makes RecoveryCodeCount codes of 10 characters (about 49
// bits each), written in two groups of five, and the hashes the store keeps.
func newRecoveryCodes() (codes, hashes []string, err error) {
	for range finance.RecoveryCodeCount {
		raw := make([]byte, 0, 10)
		for len(raw) < 10 {
			b := make([]byte, 16)
			if _, err := rand.Read(b); err != nil {
				return nil, nil, err
			}
			for _, c := range b {
				// 248 = 8 × 31: above it, a byte would favour some characters.
				if c < 248 && len(raw) < 10 {
					raw = append(raw, recoveryAlphabet[int(c)%len(recoveryAlphabet)])
				}
			}
		}
		code := string(raw[:5]) + "-" + string(raw[5:])
		codes = append(codes, code)
		hashes = append(hashes, recoveryHash(code))
	}
	return codes, hashes, nil
}

// recoveryHash is the stored form of a recovery code as typed.
func recoveryHash(code string) string { return hashToken(finance.NormalizeRecoveryCode(code)) }
