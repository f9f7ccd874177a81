package auth

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"cashcontrol/internal/finance"
)

// Client is who made a request, as the security activity shows it.
type Client struct {
	IP        string
	UserAgent string
}

// ClientOf is the request's address and browser.
func ClientOf(r *http.Request) Client { return Client{IP: ClientIP(r), UserAgent: r.UserAgent()} }

// event is a security event of kind with detail, made now by c.
func event(kind, detail string, c Client, now time.Time) finance.SecurityEvent {
	return finance.SecurityEvent{Kind: kind, Detail: detail, IP: c.IP, UserAgent: c.UserAgent, At: now.UnixMilli()}
}

func (s *Service) record(ctx context.Context, userID int64, kind, detail string, c Client) error {
	return s.db.AddSecurityEvent(ctx, userID, event(kind, detail, c, s.now()))
}

// A sign-in whose password was right waits this long for its code, and
// takes this many wrong codes before it must start again.
const (
	challengeTTL     = 5 * time.Minute
	challengeRetries = 5
)

// ChallengeCookieName holds a sign-in waiting for its second step.
const ChallengeCookieName = "cc_2fa"

// challengePath is where the challenge cookie goes: the sign-in's endpoints.
const challengePath = "/api/v1/auth/login"

// TwoFactorSetup begins turning the two-step sign-in on: after the current
// password, a new secret waits for a first code (ConfirmTwoFactor).
func (s *Service) TwoFactorSetup(ctx context.Context, u *finance.User, password string) (*finance.TwoFactorSetup, error) {
	if err := s.requirePassword(ctx, u, password); err != nil {
		return nil, err
	}
	if u.TwoFactor {
		return nil, finance.TwoFactorOn()
	}
	setup, err := newTOTPKey(u.Email)
	if err != nil {
		return nil, err
	}
	if err := s.db.StartTwoFactor(ctx, u.ID, s.sealTOTP(setup.Secret), s.now()); err != nil {
		return nil, err
	}
	return setup, nil
}

// ConfirmTwoFactor turns the pending secret on with a first code from it and
// returns the recovery codes, shown once.
func (s *Service) ConfirmTwoFactor(ctx context.Context, u *finance.User, code string, c Client) (*finance.RecoveryCodes, error) {
	tf, err := s.db.TwoFactorOf(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	switch {
	case tf == nil:
		return nil, finance.Errorf(finance.ECodeTwoFactorNotStarted, "start the two-step sign-in's setup first")
	case tf.EnabledAt != nil:
		return nil, finance.TwoFactorOn()
	case finance.NormalizeTOTPCode(code) == "":
		return nil, finance.FieldErr("code", finance.FCodeRequired, "the code is required")
	}
	if ok, wait := s.perAccount.Allow(u.Email); !ok {
		return nil, &RateLimitedError{RetryAfter: max(wait, time.Second)}
	}
	secret, err := s.openTOTP(tf.Secret)
	if err != nil {
		return nil, err
	}
	step, ok := matchTOTP(secret, code, s.now())
	if !ok {
		return nil, wrongCode("code")
	}
	codes, hashes, err := newRecoveryCodes()
	if err != nil {
		return nil, err
	}
	if err := s.db.EnableTwoFactor(ctx, u.ID, tf.Secret, step, hashes, s.now()); err != nil {
		return nil, err
	}
	return &finance.RecoveryCodes{Codes: codes}, s.record(ctx, u.ID, finance.EventTwoFactorEnabled, "", c)
}

// SecondFactorRequest is the body of the requests that change a two-step
// sign-in that is on: the current password and a code (from the app or a
// recovery code).
type SecondFactorRequest struct {
	CurrentPassword string `json:"currentPassword"`
	Code            string `json:"code"`
}

// RenewRecoveryCodes replaces the recovery codes.
func (s *Service) RenewRecoveryCodes(ctx context.Context, u *finance.User, req SecondFactorRequest, c Client) (*finance.RecoveryCodes, error) {
	if err := s.confirmBoth(ctx, u, req); err != nil {
		return nil, err
	}
	codes, hashes, err := newRecoveryCodes()
	if err != nil {
		return nil, err
	}
	if err := s.db.ReplaceRecoveryCodes(ctx, u.ID, hashes); err != nil {
		return nil, err
	}
	return &finance.RecoveryCodes{Codes: codes}, s.record(ctx, u.ID, finance.EventRecoveryCodesRenewd, "", c)
}

// DisableTwoFactor turns the two-step sign-in off.
func (s *Service) DisableTwoFactor(ctx context.Context, u *finance.User, req SecondFactorRequest, c Client) error {
	if err := s.confirmBoth(ctx, u, req); err != nil {
		return err
	}
	if err := s.db.DisableTwoFactor(ctx, u.ID); err != nil {
		return err
	}
	return s.record(ctx, u.ID, finance.EventTwoFactorDisabled, "", c)
}

// confirmBoth checks the password, then a code, of a user whose two-step
// sign-in is on.
func (s *Service) confirmBoth(ctx context.Context, u *finance.User, req SecondFactorRequest) error {
	if !u.TwoFactor {
		return finance.Errorf(finance.ECodeTwoFactorDisabled, "two-step sign-in is off")
	}
	if err := s.requirePassword(ctx, u, req.CurrentPassword); err != nil {
		return err
	}
	_, err := s.secondStep(ctx, u, "code", req.Code, true)
	return err
}

// requirePassword checks the current password of an account that has one;
// an account without (OpenID Connect only) has nothing a second step adds to.
func (s *Service) requirePassword(ctx context.Context, u *finance.User, password string) error {
	hash, err := s.db.PasswordHash(ctx, u.ID)
	if err != nil {
		return err
	}
	if hash == "" {
		return finance.Errorf(finance.ECodePasswordRequired, "set a password first: the two-step sign-in adds a code to it")
	}
	if password == "" {
		return finance.FieldErr("currentPassword", finance.FCodeRequired, "the current password is required")
	}
	return s.checkPassword(u, hash, "currentPassword", password)
}

// secondStep accepts a code from the authenticator app, or when recovery
// is allowed a recovery code, once; it returns how (a sign_in detail).
func (s *Service) secondStep(ctx context.Context, u *finance.User, field, code string, recovery bool) (string, error) {
	if finance.NormalizeTOTPCode(code) == "" {
		return "", finance.FieldErr(field, finance.FCodeRequired, "the code is required")
	}
	if ok, wait := s.perAccount.Allow(u.Email); !ok {
		return "", &RateLimitedError{RetryAfter: max(wait, time.Second)}
	}
	return s.checkCode(ctx, u, field, code, recovery)
}

// checkCode is secondStep without the attempt limit (the caller took one).
func (s *Service) checkCode(ctx context.Context, u *finance.User, field, code string, recovery bool) (string, error) {
	tf, err := s.db.TwoFactorOf(ctx, u.ID)
	if err != nil {
		return "", err
	}
	if tf == nil || tf.EnabledAt == nil {
		return "", finance.Errorf(finance.ECodeTwoFactorDisabled, "two-step sign-in is off")
	}
	secret, err := s.openTOTP(tf.Secret)
	if err != nil {
		return "", err
	}
	if step, ok := matchTOTP(secret, code, s.now()); ok {
		used, err := s.db.UseTOTPStep(ctx, u.ID, step)
		if err != nil || used {
			return finance.SignInTOTP, err
		}
	} else if recovery && len(finance.NormalizeRecoveryCode(code)) == 10 {
		used, err := s.db.UseRecoveryCode(ctx, u.ID, recoveryHash(code), s.now())
		if err != nil || used {
			return finance.SignInRecoveryCode, err
		}
	}
	return "", wrongCode(field)
}

func wrongCode(field string) error {
	return finance.FieldErr(field, finance.FCodeMismatch, "the code is wrong or was already used")
}

// isWrongCode reports whether err is wrongCode's.
func isWrongCode(err error) bool {
	var fe *finance.Error
	return errors.As(err, &fe) && len(fe.Fields) == 1 && fe.Fields[0].Code == finance.FCodeMismatch
}

// BeginSecondStep keeps a sign-in whose password was right until a code
// completes it; the token goes in the browser's challenge cookie.
func (s *Service) BeginSecondStep(ctx context.Context, u *finance.User) (string, error) {
	token, hash, err := NewSecret()
	if err != nil {
		return "", err
	}
	return token, s.db.CreateLoginChallenge(ctx, hash, u.ID, s.now().Add(challengeTTL))
}

// SecondStepRequest is the body of POST /auth/login/two-factor: a code from
// the authenticator app, or a recovery code.
type SecondStepRequest struct {
	Code         string `json:"code"`
	RecoveryCode string `json:"recoveryCode"`
}

// CompleteSignIn is the sign-in's second step: the challenge's user, once a
// code is right, and how it signed in. Wrong codes count against the
// challenge (challengeRetries) and the account's attempts.
func (s *Service) CompleteSignIn(ctx context.Context, token string, req SecondStepRequest, c Client) (*finance.User, string, error) {
	if ok, wait := s.perClient.Allow(c.IP); !ok {
		return nil, "", &RateLimitedError{RetryAfter: wait}
	}
	expired := finance.Errorf(finance.ECodeTwoFactorExpired, "the sign-in took too long or has ended: sign in again with your password")
	if token == "" {
		return nil, "", expired
	}
	hash := SecretHash(token)
	userID, err := s.db.LoginChallengeUser(ctx, hash, s.now(), challengeRetries)
	if err != nil {
		return nil, "", err
	}
	if userID == 0 {
		return nil, "", expired
	}
	u, err := s.db.UserByID(ctx, userID)
	if err != nil {
		return nil, "", err
	}
	if u.Disabled {
		return nil, "", accountDisabled()
	}
	field, code := "code", req.Code
	if req.RecoveryCode != "" {
		field, code = "recoveryCode", req.RecoveryCode
	}
	if finance.NormalizeTOTPCode(code) == "" {
		return nil, "", finance.FieldErr(field, finance.FCodeRequired, "the code is required")
	}
	// The account's backoff first: a refused attempt costs the challenge
	// none of its tries. It counts the codes of every sign-in of the
	// account, so that signing in with the password again does not give
	// five more tries at once.
	account := strconv.FormatInt(u.ID, 10)
	if err := s.codes.Take(ctx, account, s.now()); err != nil {
		return nil, "", err
	}
	tries, err := s.db.CountLoginAttempt(ctx, hash, s.now(), challengeRetries)
	if err != nil || tries == 0 {
		return nil, "", cmp.Or(err, error(expired))
	}
	how, err := s.checkCode(ctx, u, field, code, true)
	if err != nil {
		if !isWrongCode(err) {
			return nil, "", err
		}
		if rerr := s.record(ctx, u.ID, finance.EventSignInFailed, finance.FailedSecondStep, c); rerr != nil {
			return nil, "", rerr
		}
		if tries < challengeRetries {
			return nil, "", err
		}
		// The last try was wrong: the sign-in ends here.
		if err := s.db.DeleteLoginChallenge(ctx, hash); err != nil {
			return nil, "", err
		}
		return nil, "", finance.Errorf(finance.ECodeTwoFactorAttempts,
			"%d wrong codes: this sign-in has ended, sign in again with your password", challengeRetries)
	}
	if err := s.codes.Forget(ctx, account); err != nil {
		return nil, "", err
	}
	return u, how, s.db.DeleteLoginChallenge(ctx, hash)
}

// SetChallenge gives the browser the token of its sign-in's second step.
func (s *Sessions) SetChallenge(w http.ResponseWriter, r *http.Request, token string) {
	http.SetCookie(w, s.shortCookie(r, ChallengeCookieName, challengePath, token, int(challengeTTL/time.Second)))
}

// Challenge is the request's second-step token ("" without one).
func (s *Sessions) Challenge(r *http.Request) string {
	if c, err := r.Cookie(ChallengeCookieName); err == nil {
		return c.Value
	}
	return ""
}

// ClearChallenge removes the challenge cookie.
func (s *Sessions) ClearChallenge(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, s.shortCookie(r, ChallengeCookieName, challengePath, "", -1))
}

// shortCookie is a short-lived HttpOnly cookie of a sign-in step (a
// challenge, a ceremony), sent only to path and only by this site's pages.
func (s *Sessions) shortCookie(r *http.Request, name, path, value string, maxAge int) *http.Cookie {
	return &http.Cookie{Name: name, Value: value, Path: path, MaxAge: maxAge, HttpOnly: true,
		Secure: s.httpsOnly || !IsLocalhost(r), SameSite: http.SameSiteStrictMode}
}
