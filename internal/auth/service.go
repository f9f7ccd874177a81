package auth

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"net/http"
	"time"

	"github.com/go-webauthn/webauthn/webauthn"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/secretbox"
)

// RateLimitedError says that too many attempts were made; retry after a while.
type RateLimitedError struct {
	RetryAfter time.Duration
	Message    string // what was limited; sign-in attempts when empty
}

func (e *RateLimitedError) Error() string { return "rate_limited: too many attempts" }

// Unwrap exposes the domain code.
func (e *RateLimitedError) Unwrap() error {
	if e.Message != "" {
		return finance.Errorf(finance.ECodeRateLimited, "%s", e.Message)
	}
	return finance.Errorf(finance.ECodeRateLimited, "too many sign-in attempts, try again later")
}

// Allow takes one event of the client's address from l, or answers how long
// to wait in a RateLimitedError naming what. A nil l allows everything.
func Allow(l *Limiter, r *http.Request, what string) error {
	if l == nil {
		return nil
	}
	if ok, wait := l.Allow(ClientIP(r)); !ok {
		return &RateLimitedError{RetryAfter: wait, Message: "too many " + what + " from this address, try again later"}
	}
	return nil
}

// RetryAfterSeconds is the Retry-After header value.
func (e *RateLimitedError) RetryAfterSeconds() int { return int(math.Ceil(e.RetryAfter.Seconds())) }

// Service holds the email provider's rules.
type Service struct {
	db         *identity.Store
	perAccount *Limiter
	perClient  *Limiter
	// signIns slows wrong passwords per account and client address (an
	// attacker elsewhere cannot keep the owner out); codes slows wrong
	// two-step codes per account, across sign-ins.
	signIns, codes *Backoff
	// totpBox seals the two-step secrets (nil: no CASHCONTROL_SECRET_KEY,
	// they are kept plain).
	totpBox       *secretbox.Box
	signupEnabled bool
	dummyHash     string
	now           func() time.Time
	webauthn      *webauthn.WebAuthn // nil: no passkeys (EnablePasskeys)
}

// NewService builds the email provider. The limiters bound sign-in attempts
// per account and per client address.
func NewService(db *identity.Store, perAccount, perClient *Limiter, signupEnabled bool) (*Service, error) {
	// Unknown emails are checked against this hash so that they take as long
	// as a wrong password and do not reveal which accounts exist.
	return &Service{db: db, perAccount: perAccount, perClient: perClient, signupEnabled: signupEnabled, dummyHash: timingHash(), now: time.Now,
		signIns: newBackoff(db, "signin", signInPolicy, "sign-in attempts for this account from this address"),
		codes:   newBackoff(db, "codes", codePolicy, "wrong two-step codes for this account")}, nil
}

// WithClock sets the clock of the authenticator codes and the security
// events (tests fix it).
func (s *Service) WithClock(now func() time.Time) *Service {
	if now != nil {
		s.now = now
	}
	return s
}

// SignupEnabled reports whether new accounts may be created: the
// administrator's switch, else the environment's default.
func (s *Service) SignupEnabled(ctx context.Context) (bool, error) {
	return s.db.SignupEnabled(ctx, s.signupEnabled)
}

// SignUp creates an email account.
func (s *Service) SignUp(ctx context.Context, req finance.SignUp) (*finance.User, error) {
	if open, err := s.SignupEnabled(ctx); err != nil || !open {
		return nil, cmp.Or(err, error(finance.Errorf(finance.ECodeSignupDisabled, "new sign-ups are turned off on this server")))
	}
	req.Normalize()
	if err := req.Validate(); err != nil {
		return nil, err
	}
	hash, err := HashPassword(req.Password)
	if err != nil {
		return nil, fmt.Errorf("hash password: %w", err)
	}
	return s.db.CreateUser(ctx, identity.NewUser{Email: req.Email, PasswordHash: hash, Name: req.Name,
		ProviderID: finance.ProviderEmail, LanguagePreference: req.LanguagePreference, TimeZone: req.TimeZone})
}

// Login checks an email and password. Wrong password and unknown email give
// the same error after the same work.
func (s *Service) Login(ctx context.Context, emailIn, password string, c Client) (*finance.User, error) {
	email := finance.NormalizeEmail(emailIn)
	if ok, wait := s.perClient.Allow(c.IP); !ok {
		return nil, &RateLimitedError{RetryAfter: wait}
	}
	// Per account and address: someone elsewhere who knows the email
	// cannot keep its owner out.
	pair := email + " " + c.IP
	if err := s.signIns.Take(ctx, pair, s.now()); err != nil {
		return nil, err
	}
	bad := finance.Errorf(finance.ECodeInvalidCredentials, "wrong email or password")
	if email == "" || password == "" || len(password) > 4*finance.MaxPasswordLen {
		return nil, bad
	}
	u, hash, err := s.db.UserByEmail(ctx, email)
	if err != nil && finance.ErrorCode(err) != finance.ECodeNotFound {
		return nil, err
	}
	if u == nil || hash == "" {
		_, _ = VerifyPassword(s.dummyHash, password)
		return nil, bad
	}
	ok, err := VerifyPassword(hash, password)
	if err != nil {
		return nil, err
	}
	if !ok {
		if err := s.record(ctx, u.ID, finance.EventSignInFailed, finance.FailedPassword, c); err != nil {
			return nil, err
		}
		return nil, bad
	}
	if err := s.signIns.Forget(ctx, pair); err != nil {
		return nil, err
	}
	if u.Disabled {
		return nil, accountDisabled()
	}
	if u.ProviderID != finance.ProviderEmail {
		if err := s.db.SetProviderID(ctx, u.ID, finance.ProviderEmail); err != nil {
			return nil, err
		}
		u.ProviderID = finance.ProviderEmail
	}
	return u, nil
}

// ChangePasswordRequest is the body of PUT /me/password.
type ChangePasswordRequest struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

// ChangePassword sets a new password after checking the current one (an
// account created through a provider may set its first password) and ends
// every other session of the user: keepSession is the token hash of the
// session that asked.
func (s *Service) ChangePassword(ctx context.Context, u *finance.User, req ChangePasswordRequest, keepSession string, c Client) error {
	hash, err := s.db.PasswordHash(ctx, u.ID)
	if err != nil {
		return err
	}
	if hash != "" {
		if err := s.checkPassword(u, hash, "currentPassword", req.CurrentPassword); err != nil {
			return err
		}
	}
	var v finance.Validation
	finance.CheckPassword(&v, "newPassword", req.NewPassword, u.Email)
	if err := v.Err(); err != nil {
		return err
	}
	newHash, err := HashPassword(req.NewPassword)
	if err != nil {
		return err
	}
	if err := s.db.SetPassword(ctx, u.ID, newHash, keepSession); err != nil {
		return err
	}
	return s.record(ctx, u.ID, finance.EventPasswordChanged, "", c)
}

// ConfirmIdentity checks that the person at the keyboard is the account's
// owner before an irreversible action: the current password or, for an
// account without one (OpenID Connect only), a recent sign-in.
func (s *Service) ConfirmIdentity(ctx context.Context, u *finance.User, password string, signedInRecently bool) error {
	hash, err := s.db.PasswordHash(ctx, u.ID)
	if err != nil {
		return err
	}
	if hash == "" {
		if !signedInRecently {
			return finance.Errorf(finance.ECodeRecentSignInRequired, "sign in again (in the last %d minutes) to do this", int(RecentSignIn/time.Minute))
		}
		return nil
	}
	if password == "" {
		return finance.FieldErr("currentPassword", finance.FCodeRequired, "the current password is required")
	}
	return s.checkPassword(u, hash, "currentPassword", password)
}

// checkPassword verifies a password against the stored hash, with the
// per-account attempt limit of sign-in.
func (s *Service) checkPassword(u *finance.User, hash, field, password string) error {
	if ok, wait := s.perAccount.Allow(u.Email); !ok {
		return &RateLimitedError{RetryAfter: max(wait, time.Second)}
	}
	if len(password) > 4*finance.MaxPasswordLen {
		return wrongPassword(field)
	}
	ok, err := VerifyPassword(hash, password)
	if err != nil {
		return err
	}
	if !ok {
		return wrongPassword(field)
	}
	return nil
}

func wrongPassword(field string) error {
	return finance.FieldErr(field, finance.FCodeMismatch, "the current password is wrong")
}

func accountDisabled() error {
	return finance.Errorf(finance.ECodeAccountDisabled, "an administrator has disabled this account")
}
