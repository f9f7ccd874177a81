package main

// The soak test (-soak): N clients for D of mixed writes and reads against one
// or more running servers on one database, several ledgers with most clients
// on one of them, then the invariants (soak_check.go). Every unexpected status,
// every 5xx and every transport error fails the run. scripts/soak.sh drives it.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

type soakAccount struct {
	ID, Currency string
}

// soakLedger is one user's ledger and what the clients did to it.
type soakLedger struct {
	email string
	jar   http.CookieJar
	// partner is a second member's session (an editor the owner invited):
	// on the first ledger, every other client writes as them.
	partner     http.CookieJar
	accounts    []soakAccount
	expenseCats []string
	earningCats []string

	mu        sync.Mutex
	pool      []poolEntry    // movements created by the clients (some since deleted)
	deletions map[string]int // movement id#generation → successful deletes (204 or in a bulk delete's answer)
	gen       map[string]int // movement id → creates that answered it (SQLite reuses the newest id once deleted)
	created   int64          // movements the server said it created
	deleted   int64          // movements the server said it deleted
	importsOK int            // commits answered 200
	uploads   int            // uploads answered 200
}

type poolEntry struct{ id, typ string }

func (l *soakLedger) add(id, typ string) {
	l.mu.Lock()
	l.gen[id]++
	l.pool = append(l.pool, poolEntry{id, typ})
	if len(l.pool) > 4000 {
		l.pool = slices.Delete(l.pool, 0, 1000)
	}
	l.mu.Unlock()
}

// pick returns up to n distinct pool entries of a type ("" for any), mostly
// among the newest so that clients collide on the same ids.
func (l *soakLedger) pick(rng *rand.Rand, n int, typ string) []poolEntry {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []poolEntry
	seen := map[string]bool{}
	for tries := 0; tries < 4*n && len(l.pool) > 0 && len(out) < n; tries++ {
		window := min(len(l.pool), 40)
		if rng.IntN(4) == 0 {
			window = len(l.pool)
		}
		e := l.pool[len(l.pool)-1-rng.IntN(window)]
		if (typ == "" || e.typ == typ) && !seen[e.id] {
			seen[e.id] = true
			out = append(out, e)
		}
	}
	return out
}

func (l *soakLedger) forget(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if i := slices.IndexFunc(l.pool, func(e poolEntry) bool { return e.id == id }); i >= 0 {
		l.pool = slices.Delete(l.pool, i, i+1)
	}
}

func (l *soakLedger) record(created, deleted int64, deletedIDs ...string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.created += created
	l.deleted += deleted
	for _, id := range deletedIDs {
		l.deletions[id+"#"+strconv.Itoa(l.gen[id])]++
	}
}

// soakRun is the shared state of one soak: the ledgers, status counts and problems.
type soakRun struct {
	servers  []string
	ledgers  []*soakLedger
	bank     *soakBank // nil: no bank syncs
	tr       *http.Transport
	requests atomic.Int64
	// writes counts the writes answered 2xx (the write rate of the report).
	writes atomic.Int64

	mu        sync.Mutex
	status    map[string]map[int]int // operation → status → count
	problems  []*problemKind
	fivexx    int
	transport int
}

// problemKind is one kind of failure: how often, and the first examples.
type problemKind struct {
	kind     string
	n        int
	examples []string
}

// problem records a failure of a kind ("delete: status 500"); the first few
// details of each kind are printed.
func (s *soakRun) problem(kind, format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.addProblem(kind, fmt.Sprintf(format, args...))
}

func (s *soakRun) addProblem(kind, detail string) {
	i := slices.IndexFunc(s.problems, func(p *problemKind) bool { return p.kind == kind })
	if i < 0 {
		s.problems = append(s.problems, &problemKind{kind: kind})
		i = len(s.problems) - 1
	}
	p := s.problems[i]
	p.n++
	if len(p.examples) < 3 {
		p.examples = append(p.examples, detail)
	}
}

// call sends one request and checks its status against what the operation may
// answer; it returns the status (0 on a transport error) and the body.
func (s *soakRun) call(ctx context.Context, c *client, op, method, path string, body any, allowed ...int) (int, []byte) {
	s.requests.Add(1)
	code, b, err := c.do(ctx, method, path, body)
	if method != "GET" && code >= 200 && code < 300 {
		s.writes.Add(1)
	}
	s.count(op, code, b, err, allowed)
	return code, b
}

func (s *soakRun) count(op string, code int, b []byte, err error, allowed []int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.status[op] == nil {
		s.status[op] = map[int]int{}
	}
	s.status[op][code]++
	switch {
	case err != nil:
		s.transport++
		s.addProblem(op+": transport error", err.Error())
	case code >= 500:
		s.fivexx++
		s.addProblem(fmt.Sprintf("%s: %d", op, code), snippet(b))
	case !slices.Contains(allowed, code):
		s.addProblem(fmt.Sprintf("%s: status %d, not one it may answer %v", op, code, allowed), snippet(b))
	}
}

func snippet(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// soakClient is one simulated user session on one server; peers are the
// same session on every server, for requests sent at once.
type soakClient struct {
	*client
	peers []*client
	l     *soakLedger
	rng   *rand.Rand
	w     int
	i     int
}

func runSoak(servers []string, clients, users, streams int, d time.Duration, seed uint64, simplefin string) int {
	ctx := context.Background()
	s := &soakRun{servers: servers, status: map[string]map[int]int{},
		tr: &http.Transport{MaxIdleConnsPerHost: 2 * clients, MaxConnsPerHost: 0}}
	stamp := strconv.FormatInt(time.Now().UnixNano()%1e9, 36)
	for u := 0; u < max(1, users); u++ {
		l, err := s.setupLedger(ctx, fmt.Sprintf("soak-%s-%d@example.com", stamp, u))
		if err != nil {
			fmt.Fprintln(os.Stderr, "ccbench -soak: setup:", err)
			return 1
		}
		if u == 0 {
			if err := s.share(ctx, l, fmt.Sprintf("soak-%s-partner@example.com", stamp)); err != nil {
				fmt.Fprintln(os.Stderr, "ccbench -soak: share:", err)
				return 1
			}
		}
		s.ledgers = append(s.ledgers, l)
	}
	if simplefin != "" {
		b, err := startSoakBank(simplefin)
		if err == nil {
			defer b.fake.Server.Close()
			err = b.connect(ctx, s, s.ledgers[0])
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "ccbench -soak: bank:", err)
			return 1
		}
		s.bank = b
	}
	fmt.Printf("soak: %d clients on %d server(s), %d ledgers (%d clients on the first, shared by two members), %s\n",
		clients, len(servers), len(s.ledgers), clientsOn(0, clients, len(s.ledgers)), d)
	stopStreams := func() (int64, int64) { return 0, 0 }
	if streams > 0 {
		stop, err := s.holdStreams(ctx, streams)
		if err != nil {
			fmt.Fprintln(os.Stderr, "ccbench -soak: event streams:", err)
			return 1
		}
		stopStreams = stop
	}
	deadline := time.Now().Add(d)
	start := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < clients; w++ {
		l := s.ledgers[ledgerOf(w, len(s.ledgers))]
		jar := l.jar
		if l.partner != nil && w%2 == 1 {
			jar = l.partner
		}
		c := s.newSoakClient(servers[w%len(servers)], l, jar, rand.New(rand.NewPCG(seed, uint64(w))))
		c.w = w
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ; time.Now().Before(deadline); c.i++ {
				s.step(ctx, c)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	events, ended := stopStreams()
	n := s.requests.Load()
	s.report(n, elapsed)
	fmt.Printf("soak: %d writes = %.0f writes/s with %d event streams open (%d events heard, %d streams ended early)\n",
		s.writes.Load(), float64(s.writes.Load())/elapsed.Seconds(), streams, events, ended)
	if ended > 0 {
		s.problem("event streams", "%d of %d streams ended during the run", ended, streams)
	}
	s.checkBank(ctx)
	s.checkLedgers(ctx)
	if len(s.problems) > 0 {
		fmt.Fprintf(os.Stderr, "\nsoak FAILED: %d kind(s) of problem, %d × 5xx, %d transport errors\n", len(s.problems), s.fivexx, s.transport)
		for _, p := range s.problems {
			fmt.Fprintf(os.Stderr, "  %d × %s\n", p.n, p.kind)
			for _, e := range p.examples {
				fmt.Fprintf(os.Stderr, "      %s\n", e)
			}
		}
		return 1
	}
	fmt.Println("soak: every status expected, every invariant holds")
	return 0
}

// ledgerOf spreads the clients: three in four on the first ledger (real
// contention), the others round the rest.
func ledgerOf(w, ledgers int) int {
	if ledgers == 1 || w%4 != 3 {
		return 0
	}
	return 1 + (w/4)%(ledgers-1)
}

func clientsOn(l, clients, ledgers int) int {
	n := 0
	for w := 0; w < clients; w++ {
		if ledgerOf(w, ledgers) == l {
			n++
		}
	}
	return n
}

func (s *soakRun) newClient(base string, jar http.CookieJar) *client {
	return &client{base: base, http: &http.Client{Jar: jar, Transport: s.tr, Timeout: 2 * time.Minute}}
}

func (s *soakRun) newSoakClient(base string, l *soakLedger, jar http.CookieJar, rng *rand.Rand) *soakClient {
	c := &soakClient{client: s.newClient(base, jar), l: l, rng: rng}
	for _, b := range s.servers {
		c.peers = append(c.peers, s.newClient(b, jar))
	}
	return c
}

// peer is the session on the k-th server (round the list).
func (c *soakClient) peer(k int) *client { return c.peers[k%len(c.peers)] }

func (s *soakRun) report(n int64, elapsed time.Duration) {
	ops := make([]string, 0, len(s.status))
	for op := range s.status {
		ops = append(ops, op)
	}
	sort.Strings(ops)
	fmt.Printf("%-22s %s\n", "operation", "statuses (count)")
	for _, op := range ops {
		codes := make([]int, 0)
		for c := range s.status[op] {
			codes = append(codes, c)
		}
		sort.Ints(codes)
		var parts []string
		for _, c := range codes {
			parts = append(parts, fmt.Sprintf("%d×%d", c, s.status[op][c]))
		}
		fmt.Printf("%-22s %s\n", op, strings.Join(parts, " "))
	}
	var imports, uploads int
	for _, l := range s.ledgers {
		imports += l.importsOK
		uploads += l.uploads
	}
	fmt.Printf("soak: %d requests in %.1f s = %.0f req/s; %d × 5xx, %d transport errors; %d uploads, %d commits answered 200\n",
		n, elapsed.Seconds(), float64(n)/elapsed.Seconds(), s.fivexx, s.transport, uploads, imports)
}

// setupLedger signs a new user up (the session cookie is then shared by every
// client of the ledger), and gives the ledger categories and four accounts:
// three in EUR, one in USD for transfers between currencies.
// share makes the ledger a household's: its owner invites a second user as
// an editor, who accepts (it becomes their current ledger).
func (s *soakRun) share(ctx context.Context, l *soakLedger, email string) error {
	owner := s.newClient(s.servers[0], l.jar)
	jar, _ := cookiejar.New(nil)
	partner := s.newClient(s.servers[len(s.servers)-1], jar)
	if code, b, err := partner.do(ctx, "POST", "/api/v1/auth/signup", map[string]string{"email": email, "password": "soak-password-not-secret", "name": "Partner"}); err != nil || code != 201 {
		return fmt.Errorf("partner sign-up: %d %s %v", code, snippet(b), err)
	}
	var me struct {
		LedgerID string `json:"ledgerId"`
	}
	if err := getJSON(ctx, owner, "/api/v1/me", &me); err != nil {
		return err
	}
	var inv struct {
		Token string `json:"token"`
	}
	code, b, err := owner.do(ctx, "POST", "/api/v1/ledgers/"+me.LedgerID+"/invitations", map[string]string{"email": email, "role": "editor"})
	if err != nil || code != 201 || json.Unmarshal(b, &inv) != nil {
		return fmt.Errorf("invite: %d %s %v", code, snippet(b), err)
	}
	if code, b, err := partner.do(ctx, "POST", "/api/v1/invitations/"+inv.Token+"/accept", nil); err != nil || code != 200 {
		return fmt.Errorf("accept: %d %s %v", code, snippet(b), err)
	}
	l.partner = jar
	return nil
}

func (s *soakRun) setupLedger(ctx context.Context, email string) (*soakLedger, error) {
	jar, _ := cookiejar.New(nil)
	l := &soakLedger{email: email, jar: jar, deletions: map[string]int{}, gen: map[string]int{}}
	c := s.newClient(s.servers[0], jar)
	for try := 0; ; try++ {
		code, b, err := c.do(ctx, "POST", "/api/v1/auth/signup", map[string]string{"email": email, "password": "soak-password-not-secret", "name": "Soak"})
		if err == nil && code == 201 {
			break
		}
		if err == nil && code == 429 && try < 30 {
			time.Sleep(time.Second) // a sign-up rate limit: wait for it
			continue
		}
		return nil, fmt.Errorf("sign-up: %d %s %v", code, snippet(b), err)
	}
	if code, b, err := c.do(ctx, "POST", "/api/v1/me/welcome", map[string]any{"languagePreference": "SWITCH_TO_ENGLISH", "baseCurrency": "EUR", "starterCategories": true}); err != nil || code != 200 {
		return nil, fmt.Errorf("welcome: %d %s %v", code, snippet(b), err)
	}
	for i, a := range []struct {
		name, cur string
		opening   int64
	}{{"Bank", "EUR", 250000}, {"Savings", "EUR", -12345}, {"US card", "USD", 5000}} {
		if code, b, err := c.do(ctx, "POST", "/api/v1/accounts", map[string]any{"name": a.name, "type": "bank", "currency": a.cur, "openingBalance": a.opening, "position": i + 1}); err != nil || code != 201 {
			return nil, fmt.Errorf("account: %d %s %v", code, snippet(b), err)
		}
	}
	var accs struct {
		Items []soakAccount `json:"items"`
	}
	if err := getJSON(ctx, c, "/api/v1/accounts", &accs); err != nil {
		return nil, err
	}
	var cats struct {
		Items []struct{ ID, Type string } `json:"items"`
	}
	if err := getJSON(ctx, c, "/api/v1/categories", &cats); err != nil {
		return nil, err
	}
	l.accounts = accs.Items
	for _, ct := range cats.Items {
		if ct.Type == "expense" {
			l.expenseCats = append(l.expenseCats, ct.ID)
		} else {
			l.earningCats = append(l.earningCats, ct.ID)
		}
	}
	if len(l.accounts) < 3 || len(l.expenseCats) == 0 || len(l.earningCats) == 0 {
		return nil, fmt.Errorf("setup gave %d accounts, %d expense and %d earning categories", len(l.accounts), len(l.expenseCats), len(l.earningCats))
	}
	return l, nil
}

func getJSON(ctx context.Context, c *client, path string, v any) error {
	code, b, err := c.do(ctx, "GET", path, nil)
	if err != nil || code != 200 {
		return fmt.Errorf("GET %s: %d %s %v", path, code, snippet(b), err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("GET %s: %v", path, err)
	}
	return nil
}
