package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"cashcontrol/internal/finance"
)

// EventsPath is the event stream's path (the server does not compress it).
const EventsPath = "/api/v1/events"

// eventPing is how often an idle stream sends a comment, so that proxies
// keep it open and a closed one is noticed.
const eventPing = 25 * time.Second

// ledgerEvent is the data of a "change" or "removed" event.
type ledgerEvent struct {
	LedgerID int64  `json:"ledgerId,string"`
	By       int64  `json:"by,string,omitempty"`
	Role     string `json:"role,omitempty"`
}

// events streams Server-Sent Events: "change" when a ledger of the user
// changed (on any server), with who changed it, and "removed" when the user
// no longer belongs to a ledger they did. The server's hub (events_hub.go)
// checks each change against the ledger's members and the sessions of the
// streams that would hear of it, so a signed-out session's stream ends and a
// removed member hears nothing more of the ledger. A user and the server
// keep a bounded number of streams open (too_many_streams, 429, past them). The stream is
// no activity of the user: an open tab does not keep the session from
// ending after the idle time (sessions.Check does not touch it).
func (a *API) events(w http.ResponseWriter, r *http.Request, u *finance.User) {
	ctx := r.Context()
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Time{}) // the server's write timeout would cut the stream
	ledgers, err := a.db.Ledgers(ctx, u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	ids := make([]int64, len(ledgers))
	for i, l := range ledgers {
		ids[i] = l.ID
	}
	var session string
	if sess := sessionOf(r); sess != nil {
		session = sess.TokenHash
	}
	st, err := a.streams.join(u.ID, session, ids)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	defer a.streams.leave(st)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	send := func(event string, data any) bool {
		b, _ := json.Marshal(data)
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if _, err := fmt.Fprint(w, "retry: 3000\n: connected\n\n"); err != nil || rc.Flush() != nil {
		return
	}
	ping := time.NewTicker(eventPing)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ping.C:
			if a.sessions.Check(ctx, r) != nil {
				return
			}
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		case <-st.ended:
			return
		case ev := <-st.events:
			if !send(ev.name, ev.data) {
				return
			}
		}
	}
}
