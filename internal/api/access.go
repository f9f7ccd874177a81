package api

import (
	"net/http"
	"strings"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
)

// Authorisation in one place: each route of the table says who may call it,
// and the wrapper that access names checks it before any handler code runs.

// access is who may call a route.
type access int

const (
	anyone   access = iota // no session needed
	signedIn               // a signed-in user; no ledger involved
	viewer                 // a member of the ledger, any role: reads
	editor                 // an editor or owner: changes the ledger's data
	owner                  // an owner: the ledger's settings and members
	admin                  // a user of rol Administrador: the instance's users and settings
)

// minRole is the least role a ledger route's access needs.
var minRole = map[access]string{viewer: finance.RoleViewer, editor: finance.RoleEditor, owner: finance.RoleOwner}

// route is one endpoint: "METHOD /path" as http.ServeMux reads it, who may
// call it, and its handler (handler for anyone, user for the rest).
type route struct {
	pattern string
	access  access
	handler http.HandlerFunc
	user    userHandler
	// sessionOnly: a browser's session, never an API token (the password,
	// two-step sign-in, passkeys, tokens, the account's deletion, the
	// administration, the live event stream).
	sessionOnly bool
}

func open(pattern string, h http.HandlerFunc) route {
	return route{pattern: pattern, access: anyone, handler: h}
}
func me(pattern string, h userHandler) route {
	return route{pattern: pattern, access: signedIn, user: h}
}

// session is a signed-in route that API tokens never reach.
func session(pattern string, h userHandler) route {
	return route{pattern: pattern, access: signedIn, user: h, sessionOnly: true}
}

// administer is an administrator's route (a session only, never a token).
func administer(pattern string, h userHandler) route {
	return route{pattern: pattern, access: admin, user: h, sessionOnly: true}
}
func read(pattern string, h userHandler) route {
	return route{pattern: pattern, access: viewer, user: h}
}
func edit(pattern string, h userHandler) route {
	return route{pattern: pattern, access: editor, user: h}
}
func own(pattern string, h userHandler) route { return route{pattern: pattern, access: owner, user: h} }

// ledgerPrefix addresses a ledger explicitly: a ledger route's path after
// /api/v1 also answers under /api/v1/ledgers/{ledgerId}, for that ledger;
// without it, the route works on the caller's current ledger.
const ledgerPrefix = "/api/v1/ledgers/{ledgerId}"

// expand is the route table as registered: every ledger route that does not
// already name its ledger also under ledgerPrefix.
func expand(routes []route) []route {
	out := make([]route, 0, 2*len(routes))
	for _, rt := range routes {
		out = append(out, rt)
		method, path, _ := strings.Cut(rt.pattern, " ")
		if rt.access >= viewer && rt.access <= owner && !strings.Contains(path, "{ledgerId}") {
			alias := rt
			alias.pattern = method + " " + ledgerPrefix + strings.TrimPrefix(path, "/api/v1")
			out = append(out, alias)
		}
	}
	return out
}

// wrap is the route's handler behind its access check.
func (a *API) wrap(rt route) http.HandlerFunc {
	switch rt.access {
	case anyone:
		return rt.handler
	case signedIn:
		return a.authed(rt, func(w http.ResponseWriter, r *http.Request, u *finance.User) {
			rt.user(w, r.WithContext(store.WithActor(r.Context(), u.ID)), u)
		})
	case admin:
		return a.authed(rt, func(w http.ResponseWriter, r *http.Request, u *finance.User) {
			if u.Rol != finance.RolAdmin {
				a.fail(w, r, finance.Errorf(finance.ECodeForbidden, "only an administrator can do this"))
				return
			}
			rt.user(w, r.WithContext(store.WithActor(r.Context(), u.ID)), u)
		})
	}
	min := minRole[rt.access]
	h := rt.user
	return a.authed(rt, func(w http.ResponseWriter, r *http.Request, u *finance.User) {
		if raw := r.PathValue("ledgerId"); raw != "" {
			id, ok := finance.ParseID(raw)
			if !ok {
				a.fail(w, r, finance.Errorf(finance.ECodeNotFound, "ledger not found"))
				return
			}
			if id != u.LedgerID {
				role, err := a.db.MemberRole(r.Context(), id, u.ID)
				if err != nil {
					a.fail(w, r, err)
					return
				}
				u.LedgerID, u.LedgerRole = id, role
			}
		}
		if u.LedgerRole == "" {
			a.fail(w, r, finance.Errorf(finance.ECodeNotFound, "ledger not found"))
			return
		}
		if !finance.RoleAllows(u.LedgerRole, min) {
			a.fail(w, r, finance.Errorf(finance.ECodeForbidden, "as %s of this ledger you cannot do this: it needs %s", u.LedgerRole, min))
			return
		}
		h(w, r.WithContext(store.WithActor(r.Context(), u.ID)), u)
	})
}
