package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"cashcontrol/internal/auth"
	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
)

// Ledgers, their members and invitations (issue 20). Who may call each is in
// the route table; these handlers act on u.LedgerID, the ledger the path
// names.

func (a *API) listLedgers(w http.ResponseWriter, r *http.Request, u *finance.User) {
	ls, err := a.db.Ledgers(r.Context(), u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list[finance.LedgerInfo]{Items: ls})
}

func (a *API) createLedger(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var in finance.LedgerInput
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	if in.Name == nil {
		a.fail(w, r, finance.FieldErr("name", finance.FCodeRequired, "the ledger needs a name"))
		return
	}
	base := ""
	if in.BaseCurrency != nil {
		base = *in.BaseCurrency
	} else if l, err := a.db.Ledger(r.Context(), u.LedgerID); err == nil {
		base = l.BaseCurrency
	} else {
		base = u.BaseCurrency
	}
	id, err := a.db.CreateLedger(r.Context(), u, *in.Name, base)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	a.writeLedgerInfo(w, r, u, id, http.StatusCreated)
}

func (a *API) writeLedgerInfo(w http.ResponseWriter, r *http.Request, u *finance.User, ledgerID int64, status int) {
	fresh, err := a.ids.UserByID(r.Context(), u.ID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	l, err := a.db.LedgerOf(r.Context(), fresh, ledgerID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, status, l)
}

func (a *API) getLedgerInfo(w http.ResponseWriter, r *http.Request, u *finance.User) {
	a.writeLedgerInfo(w, r, u, u.LedgerID, http.StatusOK)
}

func (a *API) renameLedger(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var in finance.LedgerInput
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	if in.BaseCurrency != nil {
		a.fail(w, r, finance.FieldErr("baseCurrency", finance.FCodeInvalid, "change the base currency with PUT /api/v1/ledger"))
		return
	}
	if in.Name != nil {
		if err := a.db.RenameLedger(r.Context(), u.LedgerID, *in.Name); err != nil {
			a.fail(w, r, err)
			return
		}
	}
	a.writeLedgerInfo(w, r, u, u.LedgerID, http.StatusOK)
}

func (a *API) deleteLedger(w http.ResponseWriter, r *http.Request, u *finance.User) {
	if err := a.db.DeleteLedger(r.Context(), u.LedgerID); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// currentLedgerRequest picks the ledger the user works in.
type currentLedgerRequest struct {
	LedgerID string `json:"ledgerId"`
}

// memberRoleRequest gives a member a role.
type memberRoleRequest struct {
	Role string `json:"role" enum:"owner,editor,viewer"`
}

// transferRequest names the member who becomes the ledger's owner.
type transferRequest struct {
	UserID string `json:"userId"`
}

func (a *API) setCurrentLedger(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var in currentLedgerRequest
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	id, ok := finance.ParseID(in.LedgerID)
	if !ok {
		a.fail(w, r, finance.FieldErr("ledgerId", finance.FCodeInvalid, "ledgerId must be a ledger's id"))
		return
	}
	if err := a.db.SetCurrentLedger(r.Context(), u.ID, id); err != nil {
		a.fail(w, r, err)
		return
	}
	fresh, err := a.ids.UserByID(r.Context(), u.ID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, fresh)
}

func (a *API) listMembers(w http.ResponseWriter, r *http.Request, u *finance.User) {
	ms, err := a.db.Members(r.Context(), u.LedgerID, u.ID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list[finance.Member]{Items: ms})
}

// memberID reads {userId} from the path; a malformed id is simply not found.
func memberID(r *http.Request) (int64, error) {
	id, ok := finance.ParseID(r.PathValue("userId"))
	if !ok {
		return 0, finance.Errorf(finance.ECodeNotFound, "member not found")
	}
	return id, nil
}

func (a *API) patchMember(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := memberID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var in memberRoleRequest
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	m, err := a.db.SetMemberRole(r.Context(), u.LedgerID, id, in.Role, u.ID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, m)
}

// removeMember: an owner removes a member, or a member leaves (any role may
// remove themself).
func (a *API) removeMember(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := memberID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	if id != u.ID && !finance.RoleAllows(u.LedgerRole, finance.RoleOwner) {
		a.fail(w, r, finance.Errorf(finance.ECodeForbidden, "only an owner can remove other members"))
		return
	}
	if err := a.db.RemoveMember(r.Context(), u.LedgerID, id); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *API) transferLedger(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var in transferRequest
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	to, ok := finance.ParseID(in.UserID)
	if !ok {
		a.fail(w, r, finance.FieldErr("userId", finance.FCodeInvalid, "userId must be a member's id"))
		return
	}
	ms, err := a.db.TransferLedger(r.Context(), u.LedgerID, u.ID, to)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list[finance.Member]{Items: ms})
}

func (a *API) listInvitations(w http.ResponseWriter, r *http.Request, u *finance.User) {
	is, err := a.db.PendingInvitations(r.Context(), u.LedgerID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list[finance.Invitation]{Items: is})
}

func (a *API) createInvitation(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var in finance.InvitationInput
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	secret, hash, err := auth.NewSecret()
	if err != nil {
		a.fail(w, r, err)
		return
	}
	expires := time.Now().Add(finance.InvitationTTL).UnixMilli()
	inv, err := a.db.CreateInvitation(r.Context(), u.LedgerID, u.ID, in, hash, expires)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	inv.Token = secret
	inv.URL = strings.TrimSuffix(a.baseURL, "/") + "/invitations/" + secret
	if a.mailer != nil {
		l, err := a.db.Ledger(r.Context(), u.LedgerID)
		if err == nil {
			err = a.mailer.Invite(r.Context(), inv, l.Name, strings.TrimSpace(u.Name+" "+u.LastName), u.LanguagePreference)
		}
		if err != nil {
			// The invitation stands: its link can still be copied and sent.
			a.log.Warn("invitation email not sent", "err", err, "request", RequestID(r.Context()))
		} else {
			inv.Emailed = true
		}
	}
	writeJSON(w, http.StatusCreated, inv)
}

func (a *API) revokeInvitation(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	if err := a.db.RevokeInvitation(r.Context(), u.LedgerID, id); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *API) getInvitation(w http.ResponseWriter, r *http.Request, u *finance.User) {
	v, err := a.db.Invitation(r.Context(), auth.SecretHash(r.PathValue("token")))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

func (a *API) acceptInvitation(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := a.db.AcceptInvitation(r.Context(), auth.SecretHash(r.PathValue("token")), u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	a.writeLedgerInfo(w, r, u, id, http.StatusOK)
}

// listActivity is a page of the ledger's activity, newest first:
// ?before=<nextCursor of the page before>&limit=1..200 (50 by default).
func (a *API) listActivity(w http.ResponseWriter, r *http.Request, u *finance.User) {
	q := r.URL.Query()
	var before int64
	if s := q.Get("before"); s != "" {
		id, ok := finance.ParseID(s)
		if !ok {
			a.fail(w, r, finance.FieldErr("before", finance.FCodeInvalid, "before must be a cursor this endpoint gave"))
			return
		}
		before = id
	}
	limit, err := pageLimit(q, 50, store.MaxActivityPage)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	items, next, err := a.db.Activity(r.Context(), u.LedgerID, before, limit)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	reply := list[finance.Activity]{Items: items}
	if next > 0 {
		s := strconv.FormatInt(next, 10)
		reply.NextCursor = &s
	}
	writeJSON(w, http.StatusOK, reply)
}
