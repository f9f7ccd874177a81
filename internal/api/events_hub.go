package api

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
)

// Default bounds of the event streams (CASHCONTROL_EVENT_STREAMS_PER_USER,
// CASHCONTROL_EVENT_STREAMS).
const (
	DefaultStreamsPerUser = 10
	DefaultStreams        = 1000
)

// StreamLimits bound the open event streams of one user and of the server;
// zero is the default.
type StreamLimits struct {
	PerUser, PerServer int
}

// streamBuffer events wait for a slow stream; more are dropped for it (its
// client refreshes on the next one anyway).
const streamBuffer = 64

// hub fans the store's changes out to the server's event streams: it is the
// store's one subscriber while any stream is open, and for the changes of a
// ledger it reads once who the ledger's members are and, together, whether
// the sessions of the streams that would hear of it still hold. What a
// change costs does not grow with the streams that hear it.
type hub struct {
	db     *store.DB
	ids    *identity.Store
	log    *slog.Logger
	limits StreamLimits
	// valid is whether a session holds (not ended, not idle too long).
	valid func(*identity.Session) bool

	mu      sync.Mutex
	streams map[*stream]struct{}
	perUser map[int64]int
	// unsubscribe ends the store's subscription (when the last stream ends).
	unsubscribe func()
}

// stream is one open event stream, of a user's session.
type stream struct {
	user    int64
	session string // the session's token hash
	events  chan ledgerEventOf
	// ended is closed when the session is found ended.
	ended chan struct{}
	// member is the ledgers the stream has heard of (under hub.mu).
	member map[int64]bool
	done   bool
}

// ledgerEventOf is an event ("change" or "removed") for a stream.
type ledgerEventOf struct {
	name string
	data ledgerEvent
}

func newHub(db *store.DB, ids *identity.Store, log *slog.Logger, limits StreamLimits, valid func(*identity.Session) bool) *hub {
	if limits.PerUser <= 0 {
		limits.PerUser = DefaultStreamsPerUser
	}
	if limits.PerServer <= 0 {
		limits.PerServer = DefaultStreams
	}
	return &hub{db: db, ids: ids, log: log, limits: limits, valid: valid, streams: map[*stream]struct{}{}, perUser: map[int64]int{}}
}

func tooManyStreams(what string) error {
	return finance.Errorf(finance.ECodeTooManyStreams, "%s", what)
}

// join opens a stream for the user's session, which knows of the ledgers it
// belongs to now; past the bounds it is refused (too_many_streams).
func (h *hub) join(user int64, session string, ledgers []int64) (*stream, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.perUser[user] >= h.limits.PerUser {
		return nil, tooManyStreams("this account has too many event streams open: close some of its tabs")
	}
	if len(h.streams) >= h.limits.PerServer {
		return nil, tooManyStreams("the server has too many event streams open: try again later")
	}
	s := &stream{user: user, session: session, events: make(chan ledgerEventOf, streamBuffer), ended: make(chan struct{}), member: map[int64]bool{}}
	for _, id := range ledgers {
		s.member[id] = true
	}
	if len(h.streams) == 0 {
		// The first stream: subscribe (on PostgreSQL, this waits for the
		// LISTEN, so that the stream hears what commits from now on).
		changes, stop := h.db.Subscribe()
		h.unsubscribe = stop
		go h.run(changes)
	}
	h.streams[s] = struct{}{}
	h.perUser[user]++
	return s, nil
}

// leave closes a stream; the last one ends the store's subscription.
func (h *hub) leave(s *stream) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.streams[s]; !ok {
		return
	}
	delete(h.streams, s)
	s.done = true
	if h.perUser[s.user]--; h.perUser[s.user] == 0 {
		delete(h.perUser, s.user)
	}
	if len(h.streams) == 0 {
		h.unsubscribe()
	}
}

// eventBatch is how long the hub gathers changes before it hands them out:
// a ledger that changes many times in it is read, and heard of, once.
const eventBatch = 100 * time.Millisecond

// run hands the changes to the streams until the subscription ends. The
// changes of eventBatch are taken together: one per ledger (the last).
func (h *hub) run(changes <-chan store.Change) {
	for c := range changes {
		batch := map[int64]store.Change{c.LedgerID: c}
		order := []int64{c.LedgerID}
		wait := time.NewTimer(eventBatch)
	collect:
		for {
			select {
			case c, ok := <-changes:
				if !ok {
					break collect
				}
				if _, seen := batch[c.LedgerID]; !seen {
					order = append(order, c.LedgerID)
				}
				batch[c.LedgerID] = c
			case <-wait.C:
				break collect
			}
		}
		wait.Stop()
		for _, id := range order {
			h.deliver(batch[id])
		}
	}
}

// deliver sends one change to the streams that hear of it: its members'
// ("change", with their role) and those of former members ("removed").
func (h *hub) deliver(c store.Change) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	roles, err := h.db.MemberRoles(ctx, c.LedgerID)
	if err != nil {
		h.log.Warn("event streams: members", "ledger", c.LedgerID, "err", err)
		return
	}
	h.mu.Lock()
	var concerned []*stream
	var hashes []string
	seen := map[string]bool{}
	for s := range h.streams {
		if _, ok := roles[s.user]; ok || s.member[c.LedgerID] {
			concerned = append(concerned, s)
			if !seen[s.session] {
				seen[s.session] = true
				hashes = append(hashes, s.session)
			}
		}
	}
	h.mu.Unlock()
	if len(concerned) == 0 {
		return
	}
	sessions, err := h.ids.SessionsByHash(ctx, hashes)
	if err != nil {
		h.log.Warn("event streams: sessions", "err", err)
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, s := range concerned {
		if s.done {
			continue
		}
		if sess := sessions[s.session]; sess == nil || !h.valid(sess) {
			// A signed-out session hears nothing more: its stream ends.
			s.done = true
			close(s.ended)
			continue
		}
		var ev ledgerEventOf
		if role, ok := roles[s.user]; ok {
			s.member[c.LedgerID] = true
			ev = ledgerEventOf{"change", ledgerEvent{LedgerID: c.LedgerID, By: c.By, Role: role}}
		} else {
			delete(s.member, c.LedgerID)
			ev = ledgerEventOf{"removed", ledgerEvent{LedgerID: c.LedgerID}}
		}
		select {
		case s.events <- ev:
		default:
		}
	}
}
