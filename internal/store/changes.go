package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/stdlib"
)

// Changes: every committed write of a ledger is announced to whoever
// subscribed (the API's event stream, GET /api/v1/events), on every server.
//
//   - On this server, subscribers hear of it as soon as it commits.
//   - With PostgreSQL, other servers hear of it through NOTIFY on the
//     changesChannel: the changes of about changesBatch are sent together in
//     one notification (a NOTIFY per write would serialize commits on its
//     queue lock), and every server LISTENs on one connection of its pool
//     while anyone subscribes. A notification names the server it came from,
//     which skips its own.

// Change says that a ledger's data changed, and who changed it (0: the
// server itself, a scheduled movement say).
type Change struct {
	LedgerID int64 `json:"l"`
	By       int64 `json:"b"`
}

const (
	changesChannel = "cashcontrol_changes"
	changesBatch   = 150 * time.Millisecond
	// subscriberBuffer changes wait for a slow subscriber; more are dropped
	// for it (its client refreshes on the next one anyway).
	subscriberBuffer = 64
)

// changes is the DB's fan-out of Change to subscribers.
type changes struct {
	origin string
	log    *slog.Logger
	// channel is the NOTIFY channel: one per schema, as servers of one
	// instance share theirs (changesChannel, then the schema's name).
	channel string
	closed  bool

	mu        sync.Mutex
	subs      map[chan Change]struct{}
	listening bool
	stop      context.CancelFunc
	pending   map[Change]bool
	flushing  bool
	// ready is closed once the listener of this listening run LISTENs.
	ready chan struct{}
}

// pgChannel is the NOTIFY channel of the schema the pool works in.
func pgChannel(ctx context.Context, p *sql.DB) (string, error) {
	var schema string
	if err := p.QueryRowContext(ctx, `SELECT COALESCE(current_schema(), '')`).Scan(&schema); err != nil {
		return "", fmt.Errorf("current schema: %w", err)
	}
	return strings.ReplaceAll(changesChannel+"_"+schema, `"`, ""), nil
}

func newChanges() *changes {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return &changes{origin: hex.EncodeToString(b), subs: map[chan Change]struct{}{}, stop: func() {}, log: slog.Default()}
}

// actorKey carries the user a write is made for.
type actorKey struct{}

// WithActor marks ctx's writes as made by userID (the API sets it for every
// signed-in request): their changes name the user.
func WithActor(ctx context.Context, userID int64) context.Context {
	return context.WithValue(ctx, actorKey{}, userID)
}

func actorOf(ctx context.Context) int64 {
	id, _ := ctx.Value(actorKey{}).(int64)
	return id
}

// Subscribe returns the changes committed from now on, on every server, until
// cancel is called. On PostgreSQL the first subscriber waits for this server
// to LISTEN (2 s at most), so that it hears every change committed after.
func (db *DB) Subscribe() (<-chan Change, func()) {
	c := db.changes
	ch := make(chan Change, subscriberBuffer)
	c.mu.Lock()
	c.subs[ch] = struct{}{}
	if db.dialect == Postgres && !c.listening {
		c.listening = true
		ctx, stop := context.WithCancel(context.Background())
		c.stop = stop
		c.ready = make(chan struct{})
		go db.listen(ctx, c.ready)
	}
	ready := c.ready
	c.mu.Unlock()
	if ready != nil {
		// What commits from now on is heard: wait (a little) for the LISTEN.
		select {
		case <-ready:
		case <-time.After(2 * time.Second):
		}
	}
	return ch, func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		if _, ok := c.subs[ch]; ok {
			delete(c.subs, ch)
			close(ch)
		}
		if len(c.subs) == 0 && c.listening {
			c.listening = false
			c.stop()
		}
	}
}

// publish hands a change to this server's subscribers.
func (c *changes) publish(ch Change) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for s := range c.subs {
		select {
		case s <- ch:
		default:
		}
	}
}

// committed announces a ledger write that committed.
func (db *DB) committed(ch Change) {
	c := db.changes
	c.publish(ch)
	if db.dialect != Postgres {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pending == nil {
		c.pending = map[Change]bool{}
	}
	c.pending[ch] = true
	if !c.flushing {
		c.flushing = true
		time.AfterFunc(changesBatch, db.flushChanges)
	}
}

// notification is the payload of one NOTIFY: the origin and its changes.
type notification struct {
	Origin  string   `json:"o"`
	Changes []Change `json:"c"`
}

// maxChangesPerNotify keeps a payload far below PostgreSQL's 8,000 bytes.
const maxChangesPerNotify = 200

// flushChanges sends the pending changes to the other servers.
func (db *DB) flushChanges() {
	c := db.changes
	c.mu.Lock()
	all := make([]Change, 0, len(c.pending))
	for ch := range c.pending {
		all = append(all, ch)
	}
	c.pending, c.flushing = nil, false
	closed := c.closed
	c.mu.Unlock()
	if closed {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for len(all) > 0 {
		n := min(len(all), maxChangesPerNotify)
		payload, _ := json.Marshal(notification{Origin: c.origin, Changes: all[:n]})
		all = all[n:]
		if _, err := db.w.ExecContext(ctx, `SELECT pg_notify($1, $2)`, c.channel, string(payload)); err != nil {
			c.log.Warn("notify changes", "err", err)
			return
		}
	}
}

// listen LISTENs on one connection of the pool while anyone subscribes, and
// hands the other servers' changes to this server's subscribers. A lost
// connection is replaced after a pause.
func (db *DB) listen(ctx context.Context, ready chan struct{}) {
	var once sync.Once
	for ctx.Err() == nil {
		err := db.listenOnce(ctx, func() { once.Do(func() { close(ready) }) })
		if ctx.Err() != nil {
			return
		}
		db.changes.log.Warn("listen for changes", "err", err)
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}

func (db *DB) listenOnce(ctx context.Context, listening func()) error {
	conn, err := db.w.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(driverConn any) error {
		sc, ok := driverConn.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("not a pgx connection: %T", driverConn)
		}
		pc := sc.Conn()
		if _, err := pc.Exec(ctx, `LISTEN "`+db.changes.channel+`"`); err != nil {
			return err
		}
		listening()
		defer func() {
			// The connection goes back to the pool: stop listening on it.
			unlisten, cancel := context.WithTimeout(context.Background(), time.Second)
			defer cancel()
			_, _ = pc.Exec(unlisten, `UNLISTEN "`+db.changes.channel+`"`)
		}()
		for {
			n, err := pc.WaitForNotification(ctx)
			if err != nil {
				return err
			}
			var note notification
			if json.Unmarshal([]byte(n.Payload), &note) != nil || note.Origin == db.changes.origin {
				continue
			}
			for _, ch := range note.Changes {
				db.changes.publish(ch)
			}
		}
	})
}

// Reads is how many reads the store has made through its read helpers since
// it opened: tests count what a piece of work costs with it.
func (db *DB) Reads() int64 { return db.reads.Load() }

// MemberRoles maps the members of a ledger to their roles, in one read: the
// event streams of all its members share it for a change.
func (db *DB) MemberRoles(ctx context.Context, ledgerID int64) (map[int64]string, error) {
	rows, err := db.Query(ctx, `SELECT user_id, role FROM ledger_members WHERE ledger_id = ?`, ledgerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	roles := map[int64]string{}
	for rows.Next() {
		var id int64
		var role string
		if err := rows.Scan(&id, &role); err != nil {
			return nil, err
		}
		roles[id] = role
	}
	return roles, rows.Err()
}
