package finance

import (
	"strings"
	"time"
	"unicode/utf8"
)

// A member's role in a ledger. Each role may do what the ones after it may.
const (
	RoleOwner  = "owner"  // everything: also the ledger's settings, its members, deleting it
	RoleEditor = "editor" // accounts, categories, movements, imports, budgets, rules, schedules, rates
	RoleViewer = "viewer" // reads only
)

// Ledger error codes.
const (
	// ECodeLastOwner: the change would leave the ledger without an owner.
	ECodeLastOwner = "last_owner"
	// ECodeDefaultLedger: a user's default ledger (made at sign-up) cannot be
	// deleted, and its user cannot leave it or be removed from it.
	ECodeDefaultLedger = "default_ledger"
	// ECodeAlreadyMember: the invitation's ledger already counts the user.
	ECodeAlreadyMember = "already_member"
	// ECodeInvitationEmail: the invitation was sent to another email address.
	ECodeInvitationEmail = "invitation_for_another_email"
)

// Limits of ledgers and invitations.
const (
	MaxLedgerName = 100
	// InvitationTTL is how long an invitation's link works.
	InvitationTTL = 7 * 24 * time.Hour
	// MaxPendingInvitations bounds a ledger's invitations waiting for an answer.
	MaxPendingInvitations = 50
	// MaxLedgersPerUser bounds the ledgers one user may create.
	MaxLedgersPerUser = 50
)

var roleRank = map[string]int{RoleViewer: 1, RoleEditor: 2, RoleOwner: 3}

// ValidRole reports whether role is one of the three roles.
func ValidRole(role string) bool { return roleRank[role] > 0 }

// RoleAllows reports whether a member with role may do what needs at least
// min. An unknown role (not a member) allows nothing.
func RoleAllows(role, min string) bool {
	return roleRank[role] > 0 && roleRank[role] >= roleRank[min]
}

// LedgerInfo is a ledger as its member sees it in the list of their ledgers.
type LedgerInfo struct {
	Ledger
	Role    string `json:"role" enum:"owner,editor,viewer"`
	Default bool   `json:"default"`
	Current bool   `json:"current"`
	Members int64  `json:"members"`
	// Owner is the name (or, without one, the email) of the ledger's first
	// owner: a joined ledger is told apart by it ("Personal — Ana").
	Owner string `json:"owner"`
}

// Member is a user's membership of a ledger.
type Member struct {
	UserID   int64  `json:"userId,string"`
	Name     string `json:"name"`
	LastName string `json:"lastName"`
	Email    string `json:"email"`
	Role     string `json:"role" enum:"owner,editor,viewer"`
	You      bool   `json:"you"`
	JoinedAt int64  `json:"joinedAt"`
}

// Invitation is an invitation to a ledger. Token and URL are only known when
// it is made (the store keeps a hash of the token).
type Invitation struct {
	ID        int64  `json:"id,string"`
	Email     string `json:"email"`
	Role      string `json:"role" enum:"owner,editor,viewer"`
	CreatedAt int64  `json:"createdAt"`
	ExpiresAt int64  `json:"expiresAt"`
	Token     string `json:"token,omitempty"`
	URL       string `json:"url,omitempty"`
	Emailed   bool   `json:"emailed"`
}

// InvitationView is what the invitee sees of an invitation before accepting.
type InvitationView struct {
	LedgerID   int64  `json:"ledgerId,string"`
	LedgerName string `json:"ledgerName"`
	InvitedBy  string `json:"invitedBy"`
	Email      string `json:"email"`
	Role       string `json:"role" enum:"owner,editor,viewer"`
	ExpiresAt  int64  `json:"expiresAt"`
}

// LedgerInput is the body of POST and PATCH /ledgers; nil means unchanged
// (a PATCH) or the default (a POST).
type LedgerInput struct {
	Name         *string `json:"name"`
	BaseCurrency *string `json:"baseCurrency"`
}

// CleanLedgerName trims a ledger's name and checks it.
func CleanLedgerName(name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", FieldErr("name", FCodeRequired, "the ledger needs a name")
	case utf8.RuneCountInString(name) > MaxLedgerName:
		return "", FieldErr("name", FCodeTooLong, "the name is too long")
	}
	return name, nil
}

// InvitationInput is the body of POST /ledgers/{id}/invitations.
type InvitationInput struct {
	Email string `json:"email"`
	Role  string `json:"role" enum:"owner,editor,viewer"`
}

// Validate normalises the email and checks both fields.
func (in *InvitationInput) Validate() error {
	var v Validation
	in.Email = NormalizeEmail(in.Email)
	if !ValidEmail(in.Email) {
		v.Add("email", FCodeInvalid)
	}
	if !ValidRole(in.Role) {
		v.Add("role", FCodeInvalid)
	}
	return v.Err()
}

// PersonalLedgerName is the name of the ledger made at sign-up, in the
// user's language (a seed language preference).
func PersonalLedgerName(lang string) string {
	if lang == LangFrench {
		return "Personnel"
	}
	return "Personal"
}

// What an activity entry says was done, and to what.
const (
	ActCreated       = "created"
	ActUpdated       = "updated"
	ActDeleted       = "deleted"
	ActImported      = "imported"
	ActRecategorized = "recategorized"
	ActJoined        = "joined"
	ActLeft          = "left"
	ActRemoved       = "removed"
	ActRoleChanged   = "role_changed"
	ActTransferred   = "transferred"
	ActInvited       = "invited"
	ActRevoked       = "revoked"
	ActRenamed       = "renamed"
	// ActReconciledChanged: a reconciled movement's amount, date, account
	// or state was changed, or it was deleted, with the user's confirmation.
	ActReconciledChanged = "reconciled_changed"
	// ActReconciled: an account was reconciled against a statement.
	ActReconciled = "reconciled"

	SubjectMovement   = "movement"
	SubjectAccount    = "account"
	SubjectCategory   = "category"
	SubjectMember     = "member"
	SubjectInvitation = "invitation"
	SubjectLedger     = "ledger"
)

// ActivityDetails say what an entry is about, for its sentence ("Ana added
// Mercadona −45.20 €"): what the thing was called and how much, when that
// applies.
type ActivityDetails struct {
	Name     string `json:"name,omitempty"`
	Type     string `json:"type,omitempty" enum:"expense,earning,transfer,cash,bank,card,savings,investment,loan"`
	Amount   int64  `json:"amount,omitempty"`
	Currency string `json:"currency,omitempty"`
	Date     string `json:"date,omitempty"`
	Role     string `json:"role,omitempty" enum:"owner,editor,viewer"`
	Email    string `json:"email,omitempty"`
}

// Activity is one entry of a ledger's activity: who did what, when. UserID
// is nil for the server itself; UserName is "" once the user is gone.
type Activity struct {
	ID        int64           `json:"id,string"`
	At        int64           `json:"at"`
	UserID    *int64          `json:"userId,string"`
	UserName  string          `json:"userName"`
	Action    string          `json:"action" enum:"created,updated,deleted,imported,recategorized,joined,left,removed,role_changed,transferred,invited,revoked,renamed,reconciled_changed,reconciled"`
	Subject   string          `json:"subject" enum:"movement,account,category,member,invitation,ledger"`
	SubjectID *int64          `json:"subjectId,string"`
	Count     int64           `json:"count"`
	Details   ActivityDetails `json:"details"`
}
