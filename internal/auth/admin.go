package auth

import (
	"context"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
)

// Administration's rules: every change is written in the activity of the
// user it concerns, with the administrator's email as its detail.

// UpdateUserAccess enables or disables user id and sets its rol, as admin.
func (s *Service) UpdateUserAccess(ctx context.Context, admin *finance.User, id int64, p finance.AdminUserPatch, c Client) (*finance.AdminUser, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	ch, err := s.db.SetUserAccess(ctx, id, p, s.now())
	if err != nil {
		return nil, err
	}
	if err := s.recordAccess(ctx, id, ch, admin.Email, c); err != nil {
		return nil, err
	}
	return s.db.AdminUser(ctx, id)
}

// recordAccess writes an access change in the user's activity, by who.
func (s *Service) recordAccess(ctx context.Context, id int64, ch identity.AccessChange, who string, c Client) error {
	var kinds []string
	if ch.Disabled {
		kinds = append(kinds, finance.EventAccountDisabled)
	}
	if ch.Enabled {
		kinds = append(kinds, finance.EventAccountEnabled)
	}
	if ch.TwoFactorOff {
		kinds = append(kinds, finance.EventTwoFactorDisabled)
	}
	switch ch.Rol {
	case finance.RolAdmin:
		kinds = append(kinds, finance.EventMadeAdmin)
	case finance.RolUser:
		kinds = append(kinds, finance.EventAdminRemoved)
	}
	for _, k := range kinds {
		if err := s.record(ctx, id, k, who, c); err != nil {
			return err
		}
	}
	return nil
}

// SetSignupEnabled switches sign-ups on or off on every server, as admin.
func (s *Service) SetSignupEnabled(ctx context.Context, on bool) (*finance.InstanceSettings, error) {
	if err := s.db.SetSignupEnabled(ctx, on); err != nil {
		return nil, err
	}
	return &finance.InstanceSettings{SignupEnabled: on}, nil
}

// resetLinkFor makes a one-time link to set u's password, valid for ttl.
func (s *Service) resetLinkFor(ctx context.Context, userID int64, baseURL string, ttl time.Duration) (*finance.PasswordResetLink, error) {
	token, hash, err := NewSecret()
	if err != nil {
		return nil, err
	}
	now := s.now()
	expires := now.Add(ttl)
	if err := s.db.CreatePasswordReset(ctx, userID, hash, now, expires); err != nil {
		return nil, err
	}
	return &finance.PasswordResetLink{URL: baseURL + "/login/reset?token=" + token, ExpiresAt: expires.UnixMilli()}, nil
}

// PasswordResetLink makes a one-time link for user id, for admin to hand
// over (24 hours; it replaces the user's unused ones).
func (s *Service) PasswordResetLink(ctx context.Context, admin *finance.User, id int64, baseURL string, c Client) (*finance.PasswordResetLink, error) {
	u, err := s.db.UserByID(ctx, id)
	if err != nil {
		return nil, err
	}
	if u.Disabled {
		return nil, finance.Errorf(finance.ECodeAccountDisabled, "enable the account first: a disabled user cannot sign in")
	}
	link, err := s.resetLinkFor(ctx, id, baseURL, finance.PasswordResetLinkHours*time.Hour)
	if err != nil {
		return nil, err
	}
	return link, s.record(ctx, id, finance.EventResetLinkCreated, admin.Email, c)
}

// emailResetTTL is how long a link sent by email works.
const emailResetTTL = time.Hour

// RequestPasswordReset is "forgot password": for an account of that email
// (enabled), a link valid an hour, and the user to send it to; nil, nil for
// no such account, which the caller answers alike.
func (s *Service) RequestPasswordReset(ctx context.Context, email, baseURL string, c Client) (*finance.PasswordResetLink, *finance.User, error) {
	email = finance.NormalizeEmail(email)
	if ok, wait := s.perClient.Allow(c.IP); !ok {
		return nil, nil, &RateLimitedError{RetryAfter: wait}
	}
	if email == "" {
		return nil, nil, finance.FieldErr("email", finance.FCodeRequired, "the email is required")
	}
	if ok, wait := s.perAccount.Allow("reset:" + email); !ok {
		return nil, nil, &RateLimitedError{RetryAfter: wait}
	}
	u, _, err := s.db.UserByEmail(ctx, email)
	if finance.ErrorCode(err) == finance.ECodeNotFound || (err == nil && u.Disabled) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	link, err := s.resetLinkFor(ctx, u.ID, baseURL, emailResetTTL)
	if err != nil {
		return nil, nil, err
	}
	return link, u, s.record(ctx, u.ID, finance.EventPasswordResetAsked, "", c)
}

// PasswordResetEmail is the email a valid reset link is for.
func (s *Service) PasswordResetEmail(ctx context.Context, token string) (string, error) {
	return s.db.PasswordResetEmail(ctx, SecretHash(token), s.now())
}

// ResetPasswordRequest is the body of a password reset.
type ResetPasswordRequest struct {
	NewPassword string `json:"newPassword"`
}

// ResetPassword spends a reset link: a new password, and every session of
// the user ends. The two-step sign-in, when on, stays on.
func (s *Service) ResetPassword(ctx context.Context, token string, req ResetPasswordRequest, c Client) error {
	email, err := s.PasswordResetEmail(ctx, token)
	if err != nil {
		return err
	}
	var v finance.Validation
	finance.CheckPassword(&v, "newPassword", req.NewPassword, email)
	if err := v.Err(); err != nil {
		return err
	}
	hash, err := HashPassword(req.NewPassword)
	if err != nil {
		return err
	}
	id, err := s.db.UsePasswordReset(ctx, SecretHash(token), hash, s.now())
	if err != nil {
		return err
	}
	return s.record(ctx, id, finance.EventPasswordResetComplete, "", c)
}

// RecoverAccount is the command line's way back in for a locked-out user:
// the account enabled, the patch's rol and two-step change, and a one-time
// password-reset link (24 hours). The user's activity says "command line".
func (s *Service) RecoverAccount(ctx context.Context, email string, p finance.AdminUserPatch, baseURL string) (*finance.PasswordResetLink, error) {
	u, _, err := s.db.UserByEmail(ctx, finance.NormalizeEmail(email))
	if err != nil {
		return nil, err
	}
	enable := false
	p.Disabled = &enable
	if err := p.Validate(); err != nil {
		return nil, err
	}
	ch, err := s.db.SetUserAccess(ctx, u.ID, p, s.now())
	if err != nil {
		return nil, err
	}
	const who = "command line"
	c := Client{UserAgent: "cashcontrol recover"}
	if err := s.recordAccess(ctx, u.ID, ch, who, c); err != nil {
		return nil, err
	}
	link, err := s.resetLinkFor(ctx, u.ID, baseURL, finance.PasswordResetLinkHours*time.Hour)
	if err != nil {
		return nil, err
	}
	return link, s.record(ctx, u.ID, finance.EventResetLinkCreated, who, c)
}
