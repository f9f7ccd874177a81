// Package api is Cash Control's JSON API: thin handlers that read the user,
// decode and validate the request, make one store or service call and write
// JSON. Routes are all in routes.go.
package api

import (
	"context"
	"log/slog"
	"net/http"
	"sync"

	"cashcontrol/internal/auth"
	"cashcontrol/internal/banksync"
	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/instance"
	"cashcontrol/internal/jobs"
	"cashcontrol/internal/money"
	"cashcontrol/internal/rates"
	"cashcontrol/internal/store"
)

// Version is the API and product version (a release build may set its own:
// cmd/cashcontrol's version).
const Version = "1.0.0"

// Meta is public configuration the web app needs before sign-in.
type Meta struct {
	Version       string `json:"version"`
	Build         Build  `json:"build"`
	SupportEmail  string `json:"supportEmail"`
	AnalyticsID   string `json:"analyticsId"`
	SignupEnabled bool   `json:"signupEnabled"`
	// PasswordResetByEmail: "forgot password" sends a link (SMTP is set).
	PasswordResetByEmail bool `json:"passwordResetByEmail"`
	// Passkeys: this server's address carries passkeys (a host name).
	Passkeys bool `json:"passkeys"`
	// BankSync: the server has a secret key (CASHCONTROL_SECRET_KEY) to seal
	// bank credentials with; without one, connecting a bank answers 409
	// secret_key_required.
	BankSync bool `json:"bankSync"`
}

// API holds the handlers' dependencies.
type API struct {
	db         *store.DB
	ids        *identity.Store
	instance   *instance.Store
	auth       *auth.Service
	sessions   *auth.Sessions
	oidc       *auth.OIDC
	currencies *money.Table
	ecb        *rates.ECB
	log        *slog.Logger
	meta       Meta
	limits     Limits
	baseURL    string
	mailer     Mailer
	backups    *jobs.Backups
	openAPI    func() ([]byte, error) // the document (OpenAPI), made on its first request
	streams    *hub                   // the event streams' fan-out of changes
	banks      *banksync.Service
}

// Mailer sends the emails of the API (nil: none are sent).
type Mailer interface {
	// Invite emails an invitation's link (inv.URL) to inv.Email.
	Invite(ctx context.Context, inv finance.Invitation, ledgerName, inviter, lang string) error
	// PasswordReset emails a password-reset link to its user.
	PasswordReset(ctx context.Context, to string, link finance.PasswordResetLink, lang string) error
}

// Limits bound what one client address or one ledger may ask for. A nil
// limiter allows everything; zero upload limits are store.DefaultUploadLimits.
type Limits struct {
	Signups *auth.Limiter      // sign-ups per client address
	Uploads *auth.Limiter      // bank-file uploads per client address
	Pending store.UploadLimits // a ledger's uploads waiting to be committed
	Streams StreamLimits       // open event streams per user and per server
}

// Deps are what main wires into the API.
type Deps struct {
	DB         *store.DB
	Auth       *auth.Service
	Sessions   *auth.Sessions
	OIDC       *auth.OIDC
	Currencies *money.Table
	Logger     *slog.Logger
	Meta       Meta
	Limits     Limits
	// ECB downloads the European Central Bank's rates (nil: not offered).
	ECB *rates.ECB
	// BaseURL is the public address, for the links in invitations.
	BaseURL string
	// Mailer sends invitations (nil: their links are only shown).
	Mailer Mailer
	// Backups are the scheduled backups (nil: CASHCONTROL_BACKUP_DIR unset).
	Backups *jobs.Backups
	// Banks connects and syncs banks (nil: the providers' own addresses
	// and no secret key, so that connecting a bank is refused).
	Banks *banksync.Service
}

// New returns the API.
func New(d Deps) *API {
	a := &API{db: d.DB, ids: identity.New(d.DB), instance: instance.New(d.DB), auth: d.Auth, sessions: d.Sessions, oidc: d.OIDC, currencies: d.Currencies, log: d.Logger, meta: d.Meta, limits: d.Limits,
		ecb: d.ECB, baseURL: d.BaseURL, mailer: d.Mailer, backups: d.Backups}
	a.openAPI = sync.OnceValues(OpenAPI)
	if a.banks = d.Banks; a.banks == nil {
		a.banks, _ = banksync.NewService(d.DB, banksync.Config{}, "") // without a key it cannot fail
	}
	a.streams = newHub(d.DB, identity.New(d.DB), d.Logger, d.Limits.Streams, d.Sessions.Valid)
	return a
}

// SessionHint runs before the web app's page is sent: a browser with a
// session cookie but no hint cookie (signed in before the hint existed)
// gets the hint, so that the app asks who it is instead of showing /login.
func (a *API) SessionHint(w http.ResponseWriter, r *http.Request) { a.sessions.Hint(w, r) }

func (a *API) fail(w http.ResponseWriter, r *http.Request, err error) { WriteError(w, r, a.log, err) }

// userHandler is a handler for signed-in users.
type userHandler func(w http.ResponseWriter, r *http.Request, u *finance.User)

// authed loads the signed-in user or answers 401.
func (a *API) authed(rt route, h userHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if secret, ok := auth.BearerToken(r); ok {
			a.tokenAuthed(rt, h, secret, w, r)
			return
		}
		sess, err := a.sessions.Current(r.Context(), r)
		if err != nil {
			if finance.ErrorCode(err) == finance.ECodeUnauthorized {
				a.sessions.Clear(w, r)
			}
			a.fail(w, r, err)
			return
		}
		u := sess.User // read with the session
		if u.Disabled {
			a.sessions.Clear(w, r)
			a.fail(w, r, finance.Errorf(finance.ECodeUnauthorized, "not signed in"))
			return
		}
		h(w, r.WithContext(context.WithValue(r.Context(), sessionKey, sess)), u)
	}
}

// tokenAuthed runs h for the user of a bearer token, within the token's
// scope: a read-only token reads (GET), and no token reaches a sessionOnly
// route. The ledger role is checked after, as for a session.
func (a *API) tokenAuthed(rt route, h userHandler, secret string, w http.ResponseWriter, r *http.Request) {
	u, t, err := a.auth.TokenUser(r.Context(), secret, auth.ClientOf(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	if rt.sessionOnly {
		a.fail(w, r, finance.Errorf(finance.ECodeTokenNotAllowed, "API tokens cannot do this: sign in in the browser"))
		return
	}
	if t.Scope != finance.TokenScopeWrite && r.Method != http.MethodGet && r.Method != http.MethodHead {
		a.fail(w, r, finance.Errorf(finance.ECodeTokenScope, "this token is read-only"))
		return
	}
	h(w, r, u)
}

// sessionOf is the session that authed found for this request (nil for a
// token's request).
func sessionOf(r *http.Request) *identity.Session {
	s, _ := r.Context().Value(sessionKey).(*identity.Session)
	return s
}

// list is the shape of every list reply.
type list[T any] struct {
	Items      []T     `json:"items"`
	NextCursor *string `json:"nextCursor"`
}

// pathID reads {id} from the path; a malformed id is simply not found.
func pathID(r *http.Request) (int64, error) {
	id, ok := finance.ParseID(r.PathValue("id"))
	if !ok {
		return 0, finance.Errorf(finance.ECodeNotFound, "not found")
	}
	return id, nil
}
