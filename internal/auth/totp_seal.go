package auth

import (
	"context"
	"errors"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/secretbox"
)

// WithSecretKey seals the two-step secrets with the server's secret key
// (CASHCONTROL_SECRET_KEY; "": kept plain, as before there was one).
func (s *Service) WithSecretKey(key string) (*Service, error) {
	box, err := secretbox.New(key, "totp")
	if err != nil {
		return nil, err
	}
	s.totpBox = box
	return s, nil
}

// Sealing reports whether new two-step secrets are sealed.
func (s *Service) Sealing() bool { return s.totpBox != nil }

// sealTOTP is how a new secret is stored: sealed when the server has a key.
func (s *Service) sealTOTP(secret string) string {
	if s.totpBox == nil {
		return secret
	}
	return s.totpBox.Seal(secret)
}

// openTOTP is a stored secret as the authenticator app has it. One the
// server cannot open (no key, or another) is a clear refusal: what went
// wrong is the server's key, named without the secret's details.
func (s *Service) openTOTP(stored string) (string, error) {
	if !secretbox.IsSealed(stored) {
		return stored, nil
	}
	secret, err := s.totpBox.Open(stored)
	if errors.Is(err, secretbox.ErrNoKey) || errors.Is(err, secretbox.ErrWrongKey) {
		return "", finance.Errorf(finance.ECodeSecretKeyUnavailable,
			"this server cannot read two-step secrets: its secret key (CASHCONTROL_SECRET_KEY) is missing or not the one they were sealed with; ask the administrator")
	}
	return secret, err
}

// SealTwoFactorSecrets seals the two-step secrets kept plain (made before
// the server had a key), at start: the upgrade needs no migration. It
// returns how many it sealed; without a key, it seals none.
func (s *Service) SealTwoFactorSecrets(ctx context.Context) (int, error) {
	if s.totpBox == nil {
		return 0, nil
	}
	plain, err := s.db.PlainTwoFactorSecrets(ctx, secretbox.Prefix)
	if err != nil {
		return 0, err
	}
	n := 0
	for userID, secret := range plain {
		ok, err := s.db.ReplaceTwoFactorSecret(ctx, userID, secret, s.totpBox.Seal(secret))
		if err != nil {
			return n, err
		}
		if ok {
			n++
		}
	}
	return n, nil
}
