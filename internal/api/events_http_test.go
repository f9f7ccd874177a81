package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"cashcontrol/internal/api"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

type sseEvent struct {
	name string
	data struct {
		LedgerID string `json:"ledgerId"`
		By       string `json:"by"`
		Role     string `json:"role"`
	}
}

// stream opens GET /api/v1/events as c and returns its events; the channel
// closes when the server ends the stream.
func (c *client) stream(t *testing.T) <-chan sseEvent {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", c.base+"/api/v1/events", nil)
	resp, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" || resp.Uncompressed {
		t.Fatalf("events: %d %v", resp.StatusCode, resp.Header)
	}
	out := make(chan sseEvent, 16)
	r := bufio.NewReader(resp.Body)
	// (Not compressed: a compressor would hold events back.) The stream says
	// it is connected before any event: wait for it.
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(line, ": connected") {
			break
		}
	}
	go func() {
		defer resp.Body.Close()
		defer close(out)
		var ev sseEvent
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimRight(line, "\n")
			switch {
			case strings.HasPrefix(line, "event: "):
				ev.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				_ = json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &ev.data)
			case line == "" && ev.name != "":
				out <- ev
				ev = sseEvent{}
			}
		}
	}()
	return out
}

// next is the next event of ledger, or fails after 3 s.
func next(t *testing.T, events <-chan sseEvent, ledger string) sseEvent {
	t.Helper()
	deadline := time.After(3 * time.Second)
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatalf("the stream ended waiting for ledger %s", ledger)
			}
			if ev.data.LedgerID == ledger {
				return ev
			}
		case <-deadline:
			t.Fatalf("no event of ledger %s within 3 s", ledger)
		}
	}
}

// TestEventsLive: a member's open stream hears another member's change made
// through another server (two servers on one PostgreSQL; one on SQLite);
// once removed, the member hears nothing more of the ledger; once signed
// out, the stream ends.
func TestEventsLive(t *testing.T) {
	run := func(t *testing.T, a, b *httptest.Server) {
		owner, member := newClient(t, a), newClient(t, b)
		owner.signUp("live-owner@example.com")
		member.signUp("live-member@example.com")
		var casa idReply
		owner.do("POST", "/api/v1/ledgers", map[string]any{"name": "Casa"}, &casa)
		member.accept(owner.invite(casa.ID, "live-member@example.com", "editor").Token)
		var piso idReply
		owner.do("POST", "/api/v1/ledgers", map[string]any{"name": "Piso"}, &piso)
		member.accept(owner.invite(piso.ID, "live-member@example.com", "viewer").Token)
		events := member.stream(t)

		var acc idReply
		if code := owner.do("POST", "/api/v1/ledgers/"+casa.ID+"/accounts", map[string]any{"name": "Joint", "type": "bank", "currency": "EUR"}, &acc); code != 201 {
			t.Fatalf("account: %d", code)
		}
		ev := next(t, events, casa.ID)
		if ev.name != "change" || ev.data.By != owner.me().UID || ev.data.Role != "editor" {
			t.Fatalf("change event: %+v", ev)
		}
		if code := owner.do("DELETE", "/api/v1/ledgers/"+casa.ID+"/members/"+member.me().UID, nil, nil); code != 204 {
			t.Fatalf("remove: %d", code)
		}
		if ev := next(t, events, casa.ID); ev.name != "removed" {
			t.Fatalf("after removal: %+v", ev)
		}
		owner.do("PATCH", "/api/v1/ledgers/"+casa.ID+"/accounts/"+acc.ID, map[string]any{"name": "Joint 2"}, nil)
		select {
		case ev := <-events:
			t.Fatalf("a removed member heard %+v", ev)
		case <-time.After(700 * time.Millisecond):
		}
		// Signed out: the next change of a ledger of the member ends the stream.
		member.do("POST", "/api/v1/auth/logout", nil, nil)
		owner.do("POST", "/api/v1/ledgers/"+piso.ID+"/accounts", map[string]any{"name": "Piso", "type": "bank", "currency": "EUR"}, nil)
		deadline := time.After(3 * time.Second)
		for {
			select {
			case _, ok := <-events:
				if !ok {
					return
				}
			case <-deadline:
				t.Fatal("the stream of a signed-out session is still open")
			}
		}
	}
	t.Run("sqlite", func(t *testing.T) {
		srv := ledgerServer(t, storetest.OpenSQLite(t))
		run(t, srv, srv)
	})
	t.Run("postgres", func(t *testing.T) {
		dbA, dbB := storetest.OpenPostgresPair(t)
		run(t, ledgerServer(t, dbA), ledgerServer(t, dbB))
	})
}

// An open event stream is no activity of its user: the events it relays do
// not keep the session alive past the idle time, and the stream ends then.
func TestEventsDoNotKeepTheSessionAlive(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, clk := identityServer(t, db, identityOptions{})
		owner, member := newClient(t, srv), newClient(t, srv)
		owner.signUp("idle-owner@example.com")
		member.signUp("idle-member@example.com")
		var casa idReply
		owner.do("POST", "/api/v1/ledgers", map[string]any{"name": "Casa"}, &casa)
		member.accept(owner.invite(casa.ID, "idle-member@example.com", "viewer").Token)
		events := member.stream(t)
		// 50 minutes on, an event reaches the member's stream (the owner works on).
		clk.Add(50 * time.Minute)
		owner.do("POST", "/api/v1/ledgers/"+casa.ID+"/accounts", map[string]any{"name": "A", "type": "bank", "currency": "EUR"}, nil)
		next(t, events, casa.ID)
		// 20 minutes more: an hour and ten since the member's last request.
		clk.Add(20 * time.Minute)
		owner.do("POST", "/api/v1/ledgers/"+casa.ID+"/accounts", map[string]any{"name": "B", "type": "bank", "currency": "EUR"}, nil)
		deadline := time.After(3 * time.Second)
	wait:
		for {
			select {
			case _, ok := <-events:
				if !ok {
					break wait
				}
			case <-deadline:
				t.Fatal("the stream of an idle session is still open")
			}
		}
		if code := member.do("GET", "/api/v1/me", nil, nil); code != 401 {
			t.Fatalf("the idle member's session: %d, want 401", code)
		}
	})
}

// openStream opens GET /api/v1/events as c and answers its status and
// problem code (the stream is closed at the end of the test).
func (c *client) openStream(t *testing.T) (int, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", c.base+"/api/v1/events", nil)
	resp, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	if resp.StatusCode == 200 {
		return 200, ""
	}
	var p struct {
		Code string `json:"code"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&p)
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/problem+json") {
		t.Fatalf("events %d answered %s", resp.StatusCode, ct)
	}
	return resp.StatusCode, p.Code
}

// TestEventStreamsBounded: a user keeps at most PerUser streams open and the
// server PerServer; past them the stream is refused with 429 too_many_streams.
func TestEventStreamsBounded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServerDeps(t, db, func(d *api.Deps) { d.Limits.Streams = api.StreamLimits{PerUser: 2, PerServer: 3} })
		a, b := newClient(t, srv), newClient(t, srv)
		a.signUp("streams-a@example.com")
		b.signUp("streams-b@example.com")
		for i := range 2 {
			if code, _ := a.openStream(t); code != 200 {
				t.Fatalf("stream %d of a: %d", i+1, code)
			}
		}
		if code, problem := a.openStream(t); code != 429 || problem != "too_many_streams" {
			t.Fatalf("a's third stream: %d %q", code, problem)
		}
		if code, _ := b.openStream(t); code != 200 {
			t.Fatalf("b's first stream: %d", code)
		}
		if code, problem := b.openStream(t); code != 429 || problem != "too_many_streams" {
			t.Fatalf("the server's fourth stream: %d %q", code, problem)
		}
	})
}

// TestEventReadsDoNotGrowWithStreams: what the store reads to hand a change
// to the streams of its ledger is the same for one stream as for twelve (it
// was two reads per stream: its session and its membership).
func TestEventReadsDoNotGrowWithStreams(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServerDeps(t, db, func(d *api.Deps) { d.Limits.Streams = api.StreamLimits{PerUser: 20} })
		owner, member := newClient(t, srv), newClient(t, srv)
		owner.signUp("reads-owner@example.com")
		member.signUp("reads-member@example.com")
		var casa idReply
		owner.do("POST", "/api/v1/ledgers", map[string]any{"name": "Casa"}, &casa)
		member.accept(owner.invite(casa.ID, "reads-member@example.com", "editor").Token)
		var streams []<-chan sseEvent
		reads := func(name string) int64 {
			before := db.Reads()
			if code := owner.do("POST", "/api/v1/ledgers/"+casa.ID+"/accounts", map[string]any{"name": name, "type": "bank", "currency": "EUR"}, nil); code != 201 {
				t.Fatalf("account: %d", code)
			}
			for _, events := range streams {
				if ev := next(t, events, casa.ID); ev.name != "change" {
					t.Fatalf("event: %+v", ev)
				}
			}
			return db.Reads() - before
		}
		streams = append(streams, member.stream(t))
		one := reads("one")
		for range 11 {
			streams = append(streams, member.stream(t))
		}
		twelve := reads("twelve")
		if twelve > one+2 {
			t.Fatalf("a change read %d times with one stream, %d with twelve", one, twelve)
		}
		t.Logf("reads per change: %d with one stream, %d with twelve", one, twelve)
	})
}
