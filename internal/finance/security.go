package finance

import (
	"strings"
	"unicode/utf8"
)

// Two-step sign-in: the codes of its refusals.
const (
	ECodeTwoFactorEnabled     = "two_factor_enabled"     // turning it on twice
	ECodeTwoFactorDisabled    = "two_factor_disabled"    // changing it while it is off
	ECodeTwoFactorNotStarted  = "two_factor_not_started" // a code to confirm, without a setup
	ECodeTwoFactorExpired     = "two_factor_expired"     // the sign-in's second step came too late (or its sign-in has ended)
	ECodeTwoFactorAttempts    = "two_factor_attempts"    // the sign-in's last try was a wrong code: it has ended
	ECodePasswordRequired     = "password_required"      // an account without a password cannot add a second step to it
	ECodeSecretKeyUnavailable = "secret_key_unavailable" // a sealed secret, and the server lacks the key it was sealed with
)

// TwoFactorOn refuses turning on a two-step sign-in that is on.
func TwoFactorOn() *Error {
	return Errorf(ECodeTwoFactorEnabled, "two-step sign-in is already on")
}

// TwoFactorStatus is what Profile shows of a user's two-step sign-in.
type TwoFactorStatus struct {
	Enabled bool `json:"enabled"`
	// EnabledAt is Unix milliseconds, nil while off.
	EnabledAt         *int64 `json:"enabledAt"`
	RecoveryCodesLeft int    `json:"recoveryCodesLeft"`
}

// TwoFactorSetup is a new secret, shown while it waits for a first code:
// the key to type, the otpauth URI, and that URI as a QR code (a PNG data URL).
type TwoFactorSetup struct {
	Secret string `json:"secret"`
	URI    string `json:"uri"`
	QRCode string `json:"qrCode"`
}

// RecoveryCodes are new single-use codes, shown once.
type RecoveryCodes struct {
	Codes []string `json:"recoveryCodes"`
}

// RecoveryCodeCount is how many recovery codes a user gets at a time.
const RecoveryCodeCount = 10

// NormalizeRecoveryCode is a typed recovery code as stored: lower case,
// without the spaces and dashes a person may add or leave out.
func NormalizeRecoveryCode(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == ' ' || r == '-' || r == '\t':
			return -1
		case r >= 'A' && r <= 'Z':
			return r + ('a' - 'A')
		}
		return r
	}, s)
}

// NormalizeTOTPCode is a typed authenticator code without its spaces.
func NormalizeTOTPCode(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '-' {
			return -1
		}
		return r
	}, s)
}

// The kinds of security events.
const (
	EventSignUp              = "sign_up"
	EventSignIn              = "sign_in"
	EventSignInFailed        = "sign_in_failed"
	EventTwoFactorEnabled    = "two_factor_enabled"
	EventTwoFactorDisabled   = "two_factor_disabled"
	EventRecoveryCodesRenewd = "recovery_codes_regenerated"
	EventPasswordChanged     = "password_changed"
	EventSignedOutEverywhere = "signed_out_everywhere"
)

// How a sign-in was made (a sign_in event's detail), and which step failed
// (a sign_in_failed event's).
const (
	SignInPassword     = "password"
	SignInTOTP         = "password+totp"
	SignInRecoveryCode = "password+recovery_code"
	SignInOIDC         = "oidc:" // + the provider's id
	FailedPassword     = "password"
	FailedSecondStep   = "two_factor"
)

// SecurityEvent is one entry of a user's security activity.
type SecurityEvent struct {
	ID        int64  `json:"id,string"`
	Kind      string `json:"kind" enum:"sign_up,sign_in,sign_in_failed,two_factor_enabled,two_factor_disabled,recovery_codes_regenerated,password_changed,signed_out_everywhere,token_created,token_revoked,token_used,passkey_added,passkey_removed,account_disabled,account_enabled,made_administrator,administrator_removed,password_reset_link_created,password_reset_requested,password_reset"`
	Detail    string `json:"detail"`
	At        int64  `json:"at"` // Unix milliseconds
	IP        string `json:"ip"`
	UserAgent string `json:"userAgent"`
}

// SecurityEventsShown bounds one page of security activity.
const SecurityEventsShown = 200

// Personal API tokens: a script's access to the API as its user, read-only
// or read-write, until it expires or is revoked.
const (
	TokenScopeRead  = "read"
	TokenScopeWrite = "write"
	// MaxTokens bounds a user's tokens.
	MaxTokens = 50
	// TokenPrefix starts every token, so that a leaked one is recognised.
	TokenPrefix = "cc_"
)

// Token refusals.
const (
	ECodeTokenScope      = "token_scope"       // a read-only token's write
	ECodeTokenNotAllowed = "token_not_allowed" // an endpoint tokens never reach
)

// Token kinds of security events.
const (
	EventTokenCreated = "token_created"
	EventTokenRevoked = "token_revoked"
	EventTokenUsed    = "token_used"
)

// APIToken is a token as listed: never its secret, which is shown once.
type APIToken struct {
	ID    int64  `json:"id,string"`
	Name  string `json:"name"`
	Scope string `json:"scope" enum:"read,write"`
	// Hint is the prefix and the last characters: "cc_…x4Qe".
	Hint       string `json:"hint"`
	CreatedAt  int64  `json:"createdAt"`
	ExpiresAt  *int64 `json:"expiresAt"`
	LastUsedAt *int64 `json:"lastUsedAt"`
}

// NewAPIToken is the body of POST /me/tokens; ExpiresAt is Unix
// milliseconds, nil for a token that does not expire.
type NewAPIToken struct {
	Name      string `json:"name"`
	Scope     string `json:"scope" enum:"read,write"`
	ExpiresAt *int64 `json:"expiresAt"`
}

// Validate checks the token's name, scope and expiry (after nowMillis).
func (t *NewAPIToken) Validate(nowMillis int64) error {
	t.Name = strings.TrimSpace(t.Name)
	var v Validation
	switch {
	case t.Name == "":
		v.Add("name", FCodeRequired)
	case utf8.RuneCountInString(t.Name) > MaxNameLen:
		v.Add("name", FCodeTooLong)
	}
	if t.Scope != TokenScopeRead && t.Scope != TokenScopeWrite {
		v.Add("scope", FCodeInvalid)
	}
	if t.ExpiresAt != nil && *t.ExpiresAt <= nowMillis {
		v.Add("expiresAt", FCodeOutOfRange)
	}
	return v.Err()
}

// Passkeys (WebAuthn): sign-in with a device's key alone.
const (
	MaxPasskeys = 20
	// ECodePasskeyFailed: the passkey was not accepted (unknown, a bad
	// signature, a ceremony too old or finished).
	ECodePasskeyFailed = "passkey_failed"
	// ECodePasskeysOff: the server's address cannot carry passkeys (an IP
	// address: WebAuthn needs a host name).
	ECodePasskeysOff  = "passkeys_unavailable"
	EventPasskeyAdded = "passkey_added"
	EventPasskeyGone  = "passkey_removed"
	SignInPasskey     = "passkey"
)

// Passkey is a passkey as Profile lists it.
type Passkey struct {
	ID         int64  `json:"id,string"`
	Name       string `json:"name"`
	CreatedAt  int64  `json:"createdAt"`
	LastUsedAt *int64 `json:"lastUsedAt"`
}

// CheckPasskeyName trims a passkey's name and checks it.
func CheckPasskeyName(name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", FieldErr("name", FCodeRequired, "the name is required")
	case utf8.RuneCountInString(name) > MaxNameLen:
		return "", FieldErr("name", FCodeTooLong, "the name is too long")
	}
	return name, nil
}
