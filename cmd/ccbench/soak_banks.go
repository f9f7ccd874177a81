package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"sync"
	"time"

	"cashcontrol/internal/banksync/banksynctest"
)

// Bank syncs in the soak (-simplefin): a fake SimpleFIN bridge on the
// address the servers were told (CASHCONTROL_SIMPLEFIN_URL), connected to
// the first ledger and linked to its first account. While the load runs,
// the bank books new transactions (some pending first, booked later with
// the same id) and clients sync the connection from every server at once.
// The invariant: each of the bank's transactions became one movement or
// one match, never two — whatever the servers raced — and a last sync after
// the load takes nothing more.

const soakBankAccount = "soak-checking"

type soakBank struct {
	fake *banksynctest.SimpleFIN
	conn string // the connection's id on the first ledger

	mu      sync.Mutex
	n       int      // transactions the bank has made
	pending []string // ids of its transactions still pending
	taken   int64    // created + matched, as the syncs answered
	syncs   int      // syncs answered 200
}

// startSoakBank serves the fake bridge on addr.
func startSoakBank(addr string) (*soakBank, error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("the fake SimpleFIN bridge on %s: %w", addr, err)
	}
	fake := banksynctest.ServeSimpleFIN(l)
	fake.SetAccounts(banksynctest.Account{ID: soakBankAccount, Name: "Soak checking", Currency: "EUR", Balance: "1000.00",
		BalanceDate: time.Now().UTC().Format(time.DateOnly)})
	return &soakBank{fake: fake}, nil
}

// connect claims a setup token on the first ledger (as its owner) and links
// the bank's account to the ledger's first account.
func (b *soakBank) connect(ctx context.Context, s *soakRun, l *soakLedger) error {
	owner := s.newClient(s.servers[0], l.jar)
	code, body, err := owner.do(ctx, "POST", "/api/v1/bank/connections", map[string]string{"provider": "simplefin", "setupToken": b.fake.SetupToken()})
	var conn struct {
		ID string `json:"id"`
	}
	if err != nil || code != 201 || json.Unmarshal(body, &conn) != nil {
		return fmt.Errorf("connect: %d %s %v", code, snippet(body), err)
	}
	b.conn = conn.ID
	code, body, err = owner.do(ctx, "PUT", "/api/v1/bank/connections/"+conn.ID+"/accounts/"+soakBankAccount, map[string]string{"accountId": l.accounts[0].ID})
	if err != nil || code != 200 {
		return fmt.Errorf("link: %d %s %v", code, snippet(body), err)
	}
	return nil
}

// book makes the bank book one or two transactions of the last days, one in
// three of them pending, and books a pending one of before.
func (b *soakBank) book(c *soakClient) {
	b.mu.Lock()
	defer b.mu.Unlock()
	var add []banksynctest.Tx
	for k := 1 + c.rng.IntN(2); k > 0; k-- {
		b.n++
		t := banksynctest.Tx{ID: fmt.Sprintf("sb-%d", b.n), Date: time.Now().UTC().AddDate(0, 0, -c.rng.IntN(3)).Format(time.DateOnly),
			Amount: fmt.Sprintf("-%d.%02d", 1+c.rng.IntN(90), c.rng.IntN(100)), Description: fmt.Sprintf("Card payment, bank shop %d", b.n),
			Pending: c.rng.IntN(3) == 0}
		if t.Pending {
			b.pending = append(b.pending, t.ID)
		}
		add = append(add, t)
	}
	var booked string
	if len(b.pending) > 1 {
		booked, b.pending = b.pending[0], b.pending[1:]
	}
	today := time.Now().UTC().Format(time.DateOnly)
	b.fake.Update(soakBankAccount, func(a *banksynctest.Account) {
		for i := range a.Txs {
			if a.Txs[i].ID == booked {
				a.Txs[i].Pending, a.Txs[i].Date = false, today
			}
		}
		a.Txs = append(a.Txs, add...)
	})
}

// bankSync: the bank books, then the connection is synced from every
// server at once. A sync that lost the race to another answers 409 (sync
// again); what each 200 says it took is added up.
func (s *soakRun) bankSync(ctx context.Context, c *soakClient) {
	b := s.bank
	if b == nil || c.l != s.ledgers[0] {
		s.read(ctx, c)
		return
	}
	b.book(c)
	var wg sync.WaitGroup
	for k := range c.peers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.syncBank(ctx, c.peer(k), 200, 409)
		}()
	}
	wg.Wait()
}

// syncBank syncs once and counts what it took.
func (s *soakRun) syncBank(ctx context.Context, c *client, allowed ...int) (created, matched int64, ok bool) {
	code, body := s.call(ctx, c, "bank sync", "POST", "/api/v1/bank/connections/"+s.bank.conn+"/sync", nil, allowed...)
	var r struct{ Created, Matched, Updated int64 }
	if code != 200 || json.Unmarshal(body, &r) != nil {
		return 0, 0, false
	}
	s.ledgers[0].record(r.Created, 0)
	s.bank.mu.Lock()
	s.bank.taken += r.Created + r.Matched
	s.bank.syncs++
	s.bank.mu.Unlock()
	return r.Created, r.Matched, true
}

// checkBank: after the load, one sync takes what is left, and the next takes
// nothing; then every transaction the bank made was taken exactly once.
func (s *soakRun) checkBank(ctx context.Context) {
	b := s.bank
	if b == nil {
		return
	}
	owner := s.newClient(s.servers[0], s.ledgers[0].jar)
	if _, _, ok := s.syncBank(ctx, owner, 200); !ok {
		return
	}
	if created, matched, ok := s.syncBank(ctx, owner, 200); ok && created+matched != 0 {
		s.problem("bank sync: took again", "a sync after the last one created %d and matched %d movements", created, matched)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.taken != int64(b.n) {
		s.problem("bank sync: not once each", "the bank made %d transactions; the syncs took %d (created + matched, %d syncs)", b.n, b.taken, b.syncs)
	}
	fmt.Printf("soak: bank sync: %d transactions from the bank, each taken once over %d syncs from %d server(s)\n", b.n, b.syncs, len(s.servers))
}
