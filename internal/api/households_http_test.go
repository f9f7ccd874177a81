package api_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"cashcontrol/internal/api"
	"cashcontrol/internal/auth"
	"cashcontrol/internal/finance"
	"cashcontrol/internal/money"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

type meReply struct {
	UID             string `json:"uid"`
	LedgerID        string `json:"ledgerId"`
	LedgerRole      string `json:"ledgerRole"`
	DefaultLedgerID string `json:"defaultLedgerId"`
}

func (c *client) me() meReply {
	c.t.Helper()
	var m meReply
	if code := c.do("GET", "/api/v1/me", nil, &m); code != 200 {
		c.t.Fatalf("me: %d", code)
	}
	return m
}

type invitationReply struct {
	ID      string `json:"id"`
	Token   string `json:"token"`
	URL     string `json:"url"`
	Emailed bool   `json:"emailed"`
}

// invite makes an invitation to ledger for email with role, as c (an owner).
func (c *client) invite(ledger, email, role string) invitationReply {
	c.t.Helper()
	var inv invitationReply
	if code := c.do("POST", "/api/v1/ledgers/"+ledger+"/invitations", map[string]any{"email": email, "role": role}, &inv); code != 201 || inv.Token == "" {
		c.t.Fatalf("invite %s: %d %+v", email, code, inv)
	}
	return inv
}

func (c *client) accept(token string) {
	c.t.Helper()
	if code := c.do("POST", "/api/v1/invitations/"+token+"/accept", nil, nil); code != 200 {
		c.t.Fatalf("accept: %d", code)
	}
}

// household is a shared ledger "Casa" of owner with an editor and a viewer
// who accepted their invitations, and an outsider who belongs to none of it.
type household struct {
	owner, editor, viewer, outsider *client
	ledger                          string
}

func newHousehold(t *testing.T, srv *httptest.Server, prefix string) household {
	t.Helper()
	h := household{owner: newClient(t, srv), editor: newClient(t, srv), viewer: newClient(t, srv), outsider: newClient(t, srv)}
	h.owner.signUp(prefix + "-owner@example.com")
	h.editor.signUp(prefix + "-editor@example.com")
	h.viewer.signUp(prefix + "-viewer@example.com")
	h.outsider.signUp(prefix + "-outsider@example.com")
	var l struct {
		ID   string `json:"id"`
		Role string `json:"role"`
	}
	if code := h.owner.do("POST", "/api/v1/ledgers", map[string]any{"name": "  Casa ", "baseCurrency": "EUR"}, &l); code != 201 || l.Role != "owner" {
		t.Fatalf("create ledger: %d %+v", code, l)
	}
	h.ledger = l.ID
	h.editor.accept(h.owner.invite(h.ledger, prefix+"-editor@example.com", "editor").Token)
	h.viewer.accept(h.owner.invite(h.ledger, prefix+"-viewer@example.com", "viewer").Token)
	return h
}

// TestLedgerRoles walks every ledger endpoint of the route table × role: a
// non-member gets 404, a role below the route's 403 forbidden, the others
// reach the handler. A new endpoint is in the table, so it is walked too,
// and a write declared readable by viewers fails here.
func TestLedgerRoles(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		h := newHousehold(t, srv, "roles")
		// Some data in Casa, so that reads have something to read.
		var acc, cat idReply
		if code := h.editor.do("POST", "/api/v1/ledgers/"+h.ledger+"/accounts", map[string]any{"name": "Joint", "type": "bank", "currency": "EUR"}, &acc); code != 201 {
			t.Fatalf("editor's account: %d", code)
		}
		h.editor.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &cat)
		if code := h.editor.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-05-01", "amount": 250,
			"accountId": acc.ID, "categoryId": cat.ID}, nil); code != 201 {
			t.Fatalf("editor's movement in the current ledger: %d", code)
		}

		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		table := api.New(api.Deps{Currencies: money.NewTable(), Logger: log, Sessions: auth.NewSessions(nil, time.Hour, time.Hour, nil)}).RouteAccess()
		rank := map[string]int{"viewer": 1, "editor": 2, "owner": 3}
		members := []struct {
			role string
			c    *client
		}{{"outsider", h.outsider}, {"viewer", h.viewer}, {"editor", h.editor}, {"owner", h.owner}}
		walked := 0
		for pattern, need := range table {
			method, path, _ := strings.Cut(pattern, " ")
			if rank[need] == 0 {
				if strings.Contains(path, "{ledgerId}") {
					t.Errorf("%s names a ledger but lets %s in", pattern, need)
				}
				continue
			}
			// Writes need an editor; the exception is leaving a ledger (any member may).
			if method != "GET" && rank[need] < rank["editor"] && pattern != "DELETE /api/v1/ledgers/{ledgerId}/members/{userId}" {
				t.Errorf("%s changes the ledger but only needs %s", pattern, need)
			}
			if !strings.Contains(path, "{ledgerId}") {
				continue // its alias under /api/v1/ledgers/{ledgerId} is walked
			}
			walked++
			path = strings.NewReplacer("{ledgerId}", h.ledger, "{id}", "999999", "{userId}", "999999", "{code}", "XXX").Replace(path)
			for _, m := range members {
				// The owner's delete or transfer would end the walk: the other roles are walked.
				if m.role == "owner" && (pattern == "DELETE /api/v1/ledgers/{ledgerId}" || pattern == "POST /api/v1/ledgers/{ledgerId}/transfer") {
					continue
				}
				body := ""
				if method != "GET" && method != "DELETE" {
					body = "{}"
				}
				var p struct {
					Code   string `json:"code"`
					Detail string `json:"detail"`
				}
				code, header, reply := m.c.raw(method, path, body, nil)
				if strings.Contains(header.Get("Content-Type"), "json") {
					_ = json.Unmarshal(reply, &p)
				}
				switch {
				case m.role == "outsider":
					if code != 404 || p.Code != "not_found" {
						t.Errorf("%s by a non-member: %d %+v, want 404", pattern, code, p)
					}
				case rank[m.role] < rank[need] || (pattern == "DELETE /api/v1/ledgers/{ledgerId}/members/{userId}" && m.role != "owner"):
					// (Any member may leave; only an owner removes someone else, as here.)
					if code != 403 || p.Code != "forbidden" || p.Detail == "" {
						t.Errorf("%s by a %s: %d %+v, want 403 forbidden", pattern, m.role, code, p)
					}
				default:
					if code == 403 || code == 500 || strings.HasPrefix(p.Detail, "no such endpoint") || p.Detail == "ledger not found" {
						t.Errorf("%s by a %s: %d %+v, want the handler's answer", pattern, m.role, code, p)
					}
				}
			}
		}
		if walked < 80 {
			t.Fatalf("walked only %d ledger endpoints", walked)
		}
		// Without the prefix, the current ledger's role applies: Casa is the
		// viewer's current ledger since accepting.
		if m := h.viewer.me(); m.LedgerID != h.ledger || m.LedgerRole != "viewer" {
			t.Fatalf("viewer's current ledger: %+v", m)
		}
		var p problem
		if code := h.viewer.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-05-02", "amount": 1,
			"accountId": acc.ID, "categoryId": cat.ID}, &p); code != 403 || p.Code != "forbidden" {
			t.Errorf("viewer's movement: %d %+v", code, p)
		}
		var page struct {
			Items []json.RawMessage `json:"items"`
		}
		if code := h.viewer.do("GET", "/api/v1/movements", nil, &page); code != 200 || len(page.Items) != 1 {
			t.Errorf("viewer's list: %d %d items", code, len(page.Items))
		}
		// The viewer's own ledger is theirs to write.
		if code := h.viewer.do("POST", "/api/v1/ledgers/"+h.viewer.me().DefaultLedgerID+"/accounts", map[string]any{"name": "Mine", "type": "cash", "currency": "EUR"}, nil); code != 201 {
			t.Errorf("viewer in their own ledger: %d", code)
		}
		if err := storetest.CheckLedger(t.Context(), db, mustID(t, h.ledger)); err != nil {
			t.Fatal(err)
		}
	})
}

func mustID(t *testing.T, s string) int64 {
	t.Helper()
	id, ok := finance.ParseID(s)
	if !ok {
		t.Fatalf("bad id %q", s)
	}
	return id
}

// TestLedgers: several ledgers per user, the remembered current one, members
// and their roles, leaving, removing, transfer and deletion.
func TestLedgers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		h := newHousehold(t, srv, "ledgers")
		owner := h.owner.me()
		if owner.LedgerID != owner.DefaultLedgerID || owner.LedgerRole != "owner" {
			t.Fatalf("the owner's current ledger is their default: %+v", owner)
		}
		var ls struct {
			Items []finance.LedgerInfo `json:"items"`
		}
		h.owner.do("GET", "/api/v1/ledgers", nil, &ls)
		if len(ls.Items) != 2 || !ls.Items[0].Default || ls.Items[0].Name != "Personal" || ls.Items[1].Name != "Casa" || ls.Items[1].Members != 3 {
			t.Fatalf("owner's ledgers: %+v", ls.Items)
		}
		// A joined ledger names its owner, to tell it from one's own.
		h.editor.do("GET", "/api/v1/ledgers", nil, &ls)
		if len(ls.Items) != 2 || ls.Items[0].Owner != "T" || ls.Items[1].Name != "Casa" || ls.Items[1].Role != "editor" || ls.Items[1].Owner != "T" {
			t.Fatalf("editor's ledgers: %+v", ls.Items)
		}
		// Switching is remembered: another session of the same user sees it.
		var m meReply
		if code := h.owner.do("PUT", "/api/v1/me/ledger", map[string]any{"ledgerId": h.ledger}, &m); code != 200 || m.LedgerID != h.ledger {
			t.Fatalf("switch: %d %+v", code, m)
		}
		again := newClient(t, srv)
		if code := again.do("POST", "/api/v1/auth/login", map[string]string{"email": "ledgers-owner@example.com", "password": "mango-river-42"}, nil); code != 200 {
			t.Fatalf("login: %d", code)
		}
		if got := again.me(); got.LedgerID != h.ledger {
			t.Fatalf("another session's current ledger: %+v", got)
		}
		var p problem
		if code := h.outsider.do("PUT", "/api/v1/me/ledger", map[string]any{"ledgerId": h.ledger}, &p); code != 404 {
			t.Fatalf("outsider switches to Casa: %d", code)
		}
		// Members, owners first.
		var members struct {
			Items []finance.Member `json:"items"`
		}
		h.viewer.do("GET", "/api/v1/ledgers/"+h.ledger+"/members", nil, &members)
		if len(members.Items) != 3 || members.Items[0].Role != "owner" || members.Items[2].Role != "viewer" || !members.Items[2].You {
			t.Fatalf("members: %+v", members.Items)
		}
		editorID := members.Items[1].UserID
		ownerID := members.Items[0].UserID
		// The last owner can neither step down nor leave.
		if code := h.owner.do("PATCH", "/api/v1/ledgers/"+h.ledger+"/members/"+itoa(ownerID), map[string]any{"role": "editor"}, &p); code != 409 || p.Code != "last_owner" {
			t.Fatalf("last owner steps down: %d %+v", code, p)
		}
		if code := h.owner.do("DELETE", "/api/v1/ledgers/"+h.ledger+"/members/"+itoa(ownerID), nil, &p); code != 409 || p.Code != "last_owner" {
			t.Fatalf("last owner leaves: %d %+v", code, p)
		}
		// Nobody leaves their default ledger; it cannot be deleted.
		if code := h.owner.do("DELETE", "/api/v1/ledgers/"+owner.DefaultLedgerID, nil, &p); code != 409 || p.Code != "default_ledger" {
			t.Fatalf("delete the default ledger: %d %+v", code, p)
		}
		if code := h.owner.do("PATCH", "/api/v1/ledgers/"+h.ledger+"/members/"+itoa(editorID), map[string]any{"role": "boss"}, &p); code != 400 {
			t.Fatalf("bad role: %d", code)
		}
		// Removing a member ends their access at once.
		viewerID := members.Items[2].UserID
		if code := h.owner.do("DELETE", "/api/v1/ledgers/"+h.ledger+"/members/"+itoa(viewerID), nil, nil); code != 204 {
			t.Fatalf("remove the viewer: %d", code)
		}
		if code := h.viewer.do("GET", "/api/v1/ledgers/"+h.ledger+"/movements", nil, &p); code != 404 {
			t.Fatalf("removed viewer reads Casa: %d", code)
		}
		if got := h.viewer.me(); got.LedgerID != got.DefaultLedgerID || got.LedgerRole != "owner" {
			t.Fatalf("removed viewer's current ledger falls back to their own: %+v", got)
		}
		// Transfer: the editor becomes owner, the owner an editor, at once.
		var after struct {
			Items []finance.Member `json:"items"`
		}
		if code := h.owner.do("POST", "/api/v1/ledgers/"+h.ledger+"/transfer", map[string]any{"userId": itoa(editorID)}, &after); code != 200 ||
			after.Items[0].UserID != editorID || after.Items[0].Role != "owner" || after.Items[1].Role != "editor" {
			t.Fatalf("transfer: %d %+v", code, after.Items)
		}
		if code := h.owner.do("PATCH", "/api/v1/ledgers/"+h.ledger, map[string]any{"name": "Mine now"}, &p); code != 403 {
			t.Fatalf("former owner renames: %d", code)
		}
		// A member leaves.
		if code := h.owner.do("DELETE", "/api/v1/ledgers/"+h.ledger+"/members/"+itoa(ownerID), nil, nil); code != 204 {
			t.Fatalf("leave: %d", code)
		}
		// The new owner renames and deletes it; its last member's current ledger is their default again.
		var l finance.LedgerInfo
		if code := h.editor.do("PATCH", "/api/v1/ledgers/"+h.ledger, map[string]any{"name": "Hogar"}, &l); code != 200 || l.Name != "Hogar" {
			t.Fatalf("rename: %d %+v", code, l)
		}
		if code := h.editor.do("PATCH", "/api/v1/ledgers/"+h.ledger, map[string]any{"name": "  "}, &p); code != 400 {
			t.Fatalf("blank name: %d", code)
		}
		if code := h.editor.do("DELETE", "/api/v1/ledgers/"+h.ledger, nil, nil); code != 204 {
			t.Fatalf("delete: %d", code)
		}
		if got := h.editor.me(); got.LedgerID != got.DefaultLedgerID {
			t.Fatalf("after deleting the current ledger: %+v", got)
		}
		if code := h.editor.do("GET", "/api/v1/ledgers/"+h.ledger, nil, nil); code != 404 {
			t.Fatalf("deleted ledger: %d", code)
		}
		// Deleting a ledger others belong to: they lose it at once, back on their own.
		var trip finance.LedgerInfo
		h.owner.do("POST", "/api/v1/ledgers", map[string]any{"name": "Trip", "baseCurrency": "USD"}, &trip)
		if trip.BaseCurrency != "USD" {
			t.Fatalf("trip: %+v", trip)
		}
		h.outsider.accept(h.owner.invite(strconv.FormatInt(trip.ID, 10), "ledgers-outsider@example.com", "viewer").Token)
		tripID := strconv.FormatInt(trip.ID, 10)
		h.outsider.do("POST", "/api/v1/ledgers/"+tripID+"/accounts", nil, nil)
		if got := h.outsider.me(); got.LedgerID != tripID || got.LedgerRole != "viewer" {
			t.Fatalf("outsider in Trip: %+v", got)
		}
		if code := h.owner.do("DELETE", "/api/v1/ledgers/"+tripID, nil, nil); code != 204 {
			t.Fatalf("delete Trip: %d", code)
		}
		if got := h.outsider.me(); got.LedgerID != got.DefaultLedgerID || got.LedgerRole != "owner" {
			t.Fatalf("outsider after Trip was deleted: %+v", got)
		}
		ls.Items = nil
		if h.outsider.do("GET", "/api/v1/ledgers", nil, &ls); len(ls.Items) != 1 {
			t.Fatalf("outsider's ledgers: %+v", ls.Items)
		}
		if code := h.outsider.do("GET", "/api/v1/ledgers/"+tripID+"/movements", nil, &p); code != 404 {
			t.Fatalf("deleted Trip's movements: %d", code)
		}
	})
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }

// TestInvitations: a link works once, for its email, until it expires or is
// revoked; forged tokens find nothing; two accepts at once make one member.
func TestInvitations(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		owner, ana, bob := newClient(t, srv), newClient(t, srv), newClient(t, srv)
		owner.signUp("inv-owner@example.com")
		ana.signUp("ana@example.com")
		bob.signUp("bob@example.com")
		ledger := owner.me().LedgerID
		inv := owner.invite(ledger, " ANA@example.com ", "editor")
		if !strings.HasSuffix(inv.URL, "/invitations/"+inv.Token) || inv.Emailed {
			t.Fatalf("invitation: %+v", inv)
		}
		var view finance.InvitationView
		if code := ana.do("GET", "/api/v1/invitations/"+inv.Token, nil, &view); code != 200 || view.Email != "ana@example.com" || view.Role != "editor" || view.LedgerName != "Personal" {
			t.Fatalf("view: %d %+v", code, view)
		}
		var p problem
		if code := bob.do("POST", "/api/v1/invitations/"+inv.Token+"/accept", nil, &p); code != 403 || p.Code != "invitation_for_another_email" {
			t.Fatalf("another email: %d %+v", code, p)
		}
		for _, forged := range []string{"x", inv.Token + "x", strings.Repeat("A", 43)} {
			if code := ana.do("POST", "/api/v1/invitations/"+forged+"/accept", nil, &p); code != 404 {
				t.Fatalf("forged %q: %d", forged, code)
			}
		}
		// Two accepts at once: one member, one 200.
		codes := make([]int, 4)
		var wg sync.WaitGroup
		for i := range codes {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				codes[i] = ana.do("POST", "/api/v1/invitations/"+inv.Token+"/accept", nil, nil)
			}(i)
		}
		wg.Wait()
		if count(codes, 200) != 1 || count(codes, 404) != 3 {
			t.Fatalf("parallel accepts: %v", codes)
		}
		if got := ana.me(); got.LedgerID != ledger || got.LedgerRole != "editor" {
			t.Fatalf("ana after accepting: %+v", got)
		}
		if code := ana.do("GET", "/api/v1/invitations/"+inv.Token, nil, &p); code != 404 {
			t.Fatalf("used invitation: %d", code)
		}
		// Already a member.
		if code := owner.do("POST", "/api/v1/ledgers/"+ledger+"/invitations", map[string]any{"email": "ana@example.com", "role": "viewer"}, &p); code != 409 || p.Code != "already_member" {
			t.Fatalf("invite a member: %d %+v", code, p)
		}
		for _, bad := range []map[string]any{{"email": "nope", "role": "editor"}, {"email": "bob@example.com", "role": "admin"}} {
			if code := owner.do("POST", "/api/v1/ledgers/"+ledger+"/invitations", bad, &p); code != 400 {
				t.Fatalf("bad invitation %v: %d", bad, code)
			}
		}
		// Revoked and expired links stop working; pending ones are listed.
		revoked := owner.invite(ledger, "bob@example.com", "viewer")
		expired := owner.invite(ledger, "bob@example.com", "viewer")
		var pending struct {
			Items []finance.Invitation `json:"items"`
		}
		if owner.do("GET", "/api/v1/ledgers/"+ledger+"/invitations", nil, &pending); len(pending.Items) != 2 || pending.Items[0].Token != "" {
			t.Fatalf("pending: %+v", pending.Items)
		}
		if code := owner.do("DELETE", "/api/v1/ledgers/"+ledger+"/invitations/"+revoked.ID, nil, nil); code != 204 {
			t.Fatalf("revoke: %d", code)
		}
		if code := bob.do("POST", "/api/v1/invitations/"+revoked.Token+"/accept", nil, &p); code != 404 {
			t.Fatalf("revoked: %d", code)
		}
		if err := storetest.ExpireInvitations(context.Background(), db, mustID(t, ledger)); err != nil {
			t.Fatal(err)
		}
		if code := bob.do("POST", "/api/v1/invitations/"+expired.Token+"/accept", nil, &p); code != 404 {
			t.Fatalf("expired: %d", code)
		}
		if owner.do("GET", "/api/v1/ledgers/"+ledger+"/invitations", nil, &pending); len(pending.Items) != 0 {
			t.Fatalf("pending after revoke and expiry: %+v", pending.Items)
		}
		// An editor cannot invite.
		if code := ana.do("POST", "/api/v1/ledgers/"+ledger+"/invitations", map[string]any{"email": "bob@example.com", "role": "owner"}, &p); code != 403 {
			t.Fatalf("editor invites: %d", code)
		}
	})
}

// TestSharedLedgerAccountDeletion: the export covers the ledgers one owns;
// deleting the account of a shared ledger's only owner is refused, and once
// another member owns it the ledger outlives them.
func TestSharedLedgerAccountDeletion(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		h := newHousehold(t, srv, "del")
		h.owner.do("POST", "/api/v1/ledgers/"+h.ledger+"/accounts", map[string]any{"name": "Joint-account", "type": "bank", "currency": "EUR"}, nil)
		var export struct {
			Data map[string][]map[string]any `json:"data"`
		}
		raw := func(c *client) string {
			export.Data = nil
			c.do("GET", "/api/v1/me/export", nil, &export)
			b, _ := json.Marshal(export.Data)
			return string(b)
		}
		if !strings.Contains(raw(h.owner), "Joint-account") || strings.Contains(raw(h.editor), "Joint-account") {
			t.Fatal("the export covers exactly the ledgers one owns")
		}
		var p problem
		if code := h.owner.do("DELETE", "/api/v1/me", map[string]string{"currentPassword": "mango-river-42"}, &p); code != 409 || p.Code != "last_owner" {
			t.Fatalf("delete the only owner of a shared ledger: %d %+v", code, p)
		}
		var members struct {
			Items []finance.Member `json:"items"`
		}
		h.owner.do("GET", "/api/v1/ledgers/"+h.ledger+"/members", nil, &members)
		if code := h.owner.do("PATCH", "/api/v1/ledgers/"+h.ledger+"/members/"+itoa(members.Items[1].UserID), map[string]any{"role": "owner"}, nil); code != 200 {
			t.Fatalf("second owner: %d", code)
		}
		if code := h.owner.do("DELETE", "/api/v1/me", map[string]string{"currentPassword": "mango-river-42"}, nil); code != 204 {
			t.Fatalf("delete: %d", code)
		}
		var accounts struct {
			Items []struct{ Name string } `json:"items"`
		}
		if code := h.editor.do("GET", "/api/v1/ledgers/"+h.ledger+"/accounts", nil, &accounts); code != 200 || len(accounts.Items) != 1 {
			t.Fatalf("Casa after its first owner left: %d %+v", code, accounts)
		}
		if !strings.Contains(raw(h.editor), "Joint-account") {
			t.Fatal("the new owner's export has Casa")
		}
	})
}

// fakeMailer records the invitations and reset links it is asked to email.
type fakeMailer struct {
	mu     sync.Mutex
	sent   []finance.Invitation
	resets chan resetMail
	fail   bool
}

type resetMail struct {
	to, url, lang string
}

func (m *fakeMailer) PasswordReset(_ context.Context, to string, link finance.PasswordResetLink, lang string) error {
	if m.resets != nil {
		m.resets <- resetMail{to, link.URL, lang}
	}
	return nil
}

func (m *fakeMailer) Invite(_ context.Context, inv finance.Invitation, ledger, inviter, lang string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail {
		return http.ErrServerClosed
	}
	m.sent = append(m.sent, inv)
	return nil
}

// With a mailer, an invitation is also emailed, with its link on the public
// address; a mailer that fails leaves the invitation and its link standing.
func TestInvitationEmail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		m := &fakeMailer{}
		srv := ledgerServerDeps(t, db, func(d *api.Deps) { d.Mailer = m; d.BaseURL = "https://cash.example.com/" })
		owner := newClient(t, srv)
		owner.signUp("mail-owner@example.com")
		ledger := owner.me().LedgerID
		inv := owner.invite(ledger, "guest@example.com", "viewer")
		if !inv.Emailed || inv.URL != "https://cash.example.com/invitations/"+inv.Token || len(m.sent) != 1 || m.sent[0].URL != inv.URL {
			t.Fatalf("emailed invitation: %+v, sent %+v", inv, m.sent)
		}
		m.fail = true
		if inv := owner.invite(ledger, "other@example.com", "viewer"); inv.Emailed || inv.URL == "" {
			t.Fatalf("invitation whose email failed: %+v", inv)
		}
	})
}

// TestWhoDidWhat: a movement says who created it and who last changed it;
// the ledger's activity lists every change with its author, newest first,
// in pages, for any member and for no one else.
func TestWhoDidWhat(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		h := newHousehold(t, srv, "who")
		ownerID, editorID := h.owner.me().UID, h.editor.me().UID
		base := "/api/v1/ledgers/" + h.ledger
		var acc, cat idReply
		h.owner.do("POST", base+"/accounts", map[string]any{"name": "Joint", "type": "bank", "currency": "EUR"}, &acc)
		h.owner.do("POST", base+"/categories", map[string]any{"name": "Food", "type": "expense"}, &cat)
		var m struct {
			ID        string `json:"id"`
			CreatedBy string `json:"createdBy"`
			UpdatedBy string `json:"updatedBy"`
			CreatedAt int64  `json:"createdAt"`
		}
		h.owner.do("POST", base+"/movements", map[string]any{"type": "expense", "date": "2026-05-01", "amount": 4520,
			"accountId": acc.ID, "categoryId": cat.ID, "description": "Mercadona"}, &m)
		if m.CreatedBy != ownerID || m.UpdatedBy != ownerID || m.CreatedAt == 0 {
			t.Fatalf("created: %+v", m)
		}
		h.editor.do("PATCH", base+"/movements/"+m.ID, map[string]any{"amount": 4600}, &m)
		if m.CreatedBy != ownerID || m.UpdatedBy != editorID {
			t.Fatalf("changed by the editor: %+v", m)
		}
		var list struct {
			Items []struct {
				ID        string `json:"id"`
				UpdatedBy string `json:"updatedBy"`
			} `json:"items"`
		}
		h.viewer.do("GET", base+"/movements", nil, &list)
		if len(list.Items) != 1 || list.Items[0].UpdatedBy != editorID {
			t.Fatalf("list: %+v", list.Items)
		}
		h.editor.do("POST", base+"/movements/bulk", map[string]any{"action": "create", "movements": []map[string]any{
			{"type": "expense", "date": "2026-05-02", "amount": 100, "accountId": acc.ID, "categoryId": cat.ID},
			{"type": "expense", "date": "2026-05-03", "amount": 200, "accountId": acc.ID, "categoryId": cat.ID}}}, nil)
		h.editor.do("DELETE", base+"/movements/"+m.ID, nil, nil)

		type entry struct {
			UserID    string                  `json:"userId"`
			UserName  string                  `json:"userName"`
			Action    string                  `json:"action"`
			Subject   string                  `json:"subject"`
			SubjectID string                  `json:"subjectId"`
			Count     int64                   `json:"count"`
			Details   finance.ActivityDetails `json:"details"`
		}
		var act struct {
			Items      []entry `json:"items"`
			NextCursor *string `json:"nextCursor"`
		}
		if code := h.viewer.do("GET", base+"/activity?limit=4", nil, &act); code != 200 || len(act.Items) != 4 || act.NextCursor == nil {
			t.Fatalf("activity: %d %+v", code, act)
		}
		want := []entry{
			{UserID: editorID, Action: "deleted", Subject: "movement", SubjectID: m.ID, Count: 1},
			{UserID: editorID, Action: "created", Subject: "movement", Count: 2},
			{UserID: editorID, Action: "updated", Subject: "movement", SubjectID: m.ID, Count: 1},
			{UserID: ownerID, Action: "created", Subject: "movement", SubjectID: m.ID, Count: 1},
		}
		for i, w := range want {
			got := act.Items[i]
			if got.UserID != w.UserID || got.Action != w.Action || got.Subject != w.Subject || got.SubjectID != w.SubjectID || got.Count != w.Count || got.UserName != "T" {
				t.Errorf("entry %d: %+v, want %+v", i, got, w)
			}
		}
		if d := act.Items[0].Details; d.Name != "Mercadona" || d.Amount != 4600 || d.Currency != "EUR" {
			t.Errorf("the deleted movement's details: %+v", d)
		}
		if d := act.Items[3].Details; d.Name != "Mercadona" || d.Amount != 4520 {
			t.Errorf("the created movement's details: %+v", d)
		}
		// The next page goes on where the first stopped: the category, the
		// account, the viewer and the editor joining.
		var more struct {
			Items      []entry `json:"items"`
			NextCursor *string `json:"nextCursor"`
		}
		h.owner.do("GET", base+"/activity?before="+*act.NextCursor, nil, &more)
		var got []string
		for _, e := range more.Items {
			got = append(got, e.Action+" "+e.Subject+" "+e.Details.Name+e.Details.Email)
		}
		if strings.Join(got, "|") != "created category Food|created account Joint|joined member Twho-viewer@example.com|invited invitation who-viewer@example.com|joined member Twho-editor@example.com|invited invitation who-editor@example.com" || more.NextCursor != nil {
			t.Errorf("second page: %q %v", got, more.NextCursor)
		}
		var p problem
		if code := h.outsider.do("GET", base+"/activity", nil, &p); code != 404 {
			t.Errorf("outsider reads the activity: %d", code)
		}
		for _, q := range []string{"?limit=0", "?limit=201", "?before=x"} {
			if code := h.owner.do("GET", base+"/activity"+q, nil, &p); code != 400 {
				t.Errorf("activity%s: %d", q, code)
			}
		}
	})
}
