package finance

// Administration: what a user of rol RolAdmin sees and changes.

// Refusals of administration and password resets.
const (
	ECodeLastAdmin          = "last_admin"                 // the change would leave no enabled administrator
	ECodeAccountDisabled    = "account_disabled"           // a disabled user's sign-in
	ECodeResetLinkInvalid   = "reset_link_invalid"         // unknown, used or expired password-reset link
	ECodeResetByEmailOff    = "password_reset_unavailable" // "forgot password" on a server that sends no email
	PasswordResetLinkHours  = 24
	AdminSecurityEventsPage = 200
)

// Security events of administration, written in the activity of the user
// they concern; the detail is the administrator's email.
const (
	EventAccountDisabled       = "account_disabled"
	EventAccountEnabled        = "account_enabled"
	EventMadeAdmin             = "made_administrator"
	EventAdminRemoved          = "administrator_removed"
	EventResetLinkCreated      = "password_reset_link_created"
	EventPasswordResetAsked    = "password_reset_requested"
	EventPasswordResetComplete = "password_reset"
)

// AdminUser is a user as the administration lists it.
type AdminUser struct {
	ID           int64  `json:"id,string"`
	Name         string `json:"name"`
	LastName     string `json:"lastName"`
	Email        string `json:"email"`
	Rol          string `json:"rol" enum:"Administrador,Usuario"`
	ProviderID   string `json:"providerId"`
	CreatedAt    int64  `json:"createdAt"`
	LastSignInAt *int64 `json:"lastSignInAt"`
	// Movements counts the movements of the ledgers the user owns.
	Movements int64 `json:"movements"`
	Disabled  bool  `json:"disabled"`
	TwoFactor bool  `json:"twoFactor"`
	// You is the administrator asking.
	You bool `json:"you"`
}

// AdminUserPatch changes a user's access: enabled or not, the rol, and
// the two-step sign-in turned off (for a user who lost the authenticator
// and the recovery codes; only its owner turns it on).
type AdminUserPatch struct {
	Disabled  *bool   `json:"disabled"`
	Rol       *string `json:"rol" enum:"Administrador,Usuario"`
	TwoFactor *bool   `json:"twoFactor"`
}

// Validate checks the rol's value and that two-step sign-in is only turned off.
func (p AdminUserPatch) Validate() error {
	if p.Rol != nil && *p.Rol != RolAdmin && *p.Rol != RolUser {
		return FieldErr("rol", FCodeInvalid, "rol must be "+RolAdmin+" or "+RolUser)
	}
	if p.TwoFactor != nil && *p.TwoFactor {
		return FieldErr("twoFactor", FCodeInvalid, "only its user turns two-step sign-in on")
	}
	return nil
}

// InstanceSettings are what an administrator switches at run time.
type InstanceSettings struct {
	SignupEnabled bool `json:"signupEnabled"`
}

// AdminSecurityEvent is a security event with whose it is.
type AdminSecurityEvent struct {
	SecurityEvent
	UserID string `json:"userId"`
	Email  string `json:"email"`
}

// PasswordResetLink is a one-time link to set a new password.
type PasswordResetLink struct {
	URL       string `json:"url"`
	ExpiresAt int64  `json:"expiresAt"`
}
