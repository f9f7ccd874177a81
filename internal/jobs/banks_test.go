package jobs_test

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"cashcontrol/internal/banksync"
	"cashcontrol/internal/banksync/banksynctest"
	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/jobs"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// TestBankSyncsOnceAcrossServers: two servers on one PostgreSQL run their
// rounds at once when a connection's sync is due: one of them syncs it
// (the bridge is called once), and the next run is the interval later; a
// failing bridge is kept on the connection with a retry that backs off.
func TestBankSyncsOnceAcrossServers(t *testing.T) {
	u := storetest.PostgresURL(t)
	ctx := context.Background()
	var now atomic.Int64
	now.Store(time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC).UnixMilli())
	clock := func() time.Time { return time.UnixMilli(now.Load()) }
	open := func() *store.DB {
		db, err := store.Open(ctx, store.Options{DatabaseURL: u, Now: clock})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	one, two := open(), open()
	fake := banksynctest.NewSimpleFIN(t)
	fake.SetAccounts(banksynctest.Account{ID: "A", Name: "Checking", Currency: "USD", Balance: "10.00", BalanceDate: "2026-11-28",
		Txs: []banksynctest.Tx{{ID: "T1", Date: "2026-11-20", Amount: "-5.00", Description: "Shop"}}})
	const key = "the-servers-secret-key-0123456789abcdef"
	cfg := banksync.Config{SimpleFINURL: fake.Server.URL, Now: clock}
	svc := func(db *store.DB) *banksync.Service {
		s, err := banksync.NewService(db, cfg, key)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	user, err := identity.New(one).CreateUser(ctx, identity.NewUser{Email: "sync@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	l := user.LedgerID
	acc, err := one.CreateAccount(ctx, l, finance.AccountInput{Name: ptr("Checking"), Type: ptr("bank"), Currency: ptr("USD")})
	if err != nil {
		t.Fatal(err)
	}
	conn, err := svc(one).Connect(ctx, l, finance.BankConnectInput{Provider: finance.BankSimpleFIN, SetupToken: fake.SetupToken()})
	if err != nil {
		t.Fatal(err)
	}
	if err := one.LinkBankAccount(ctx, l, conn.ID, "A", acc.ID); err != nil {
		t.Fatal(err)
	}
	if err := one.SetBankSyncEvery(ctx, l, conn.ID, 6); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	runners := []*jobs.BankSyncs{{DB: one, Banks: svc(one), Log: log}, {DB: two, Banks: svc(two), Log: log}}
	round := func() int {
		var wg sync.WaitGroup
		counts := make([]int, 2)
		for i, r := range runners {
			wg.Go(func() {
				n, err := r.Round(ctx)
				if err != nil {
					t.Error(err)
				}
				counts[i] = n
			})
		}
		wg.Wait()
		return counts[0] + counts[1]
	}
	if n := round(); n != 0 {
		t.Fatalf("nothing is due yet: %d ran", n)
	}
	now.Add((6*time.Hour + time.Minute).Milliseconds())
	calls := fake.Calls()
	if n := round(); n != 1 || fake.Calls() != calls+1 {
		t.Fatalf("due once: %d ran, %d calls", n, fake.Calls()-calls)
	}
	c, err := one.BankConnection(ctx, l, conn.ID)
	if err != nil || c.LastSync == nil || c.LastSync.Created != 1 {
		t.Fatalf("after the scheduled sync: %+v %v", c, err)
	}
	if a, _ := one.Account(ctx, l, acc.ID); a.Balance != -500 {
		t.Fatalf("balance %d", a.Balance)
	}
	if n := round(); n != 0 {
		t.Fatalf("ran again before its interval: %d", n)
	}
	// A failing bridge: kept on the connection, tried again after a back-off.
	now.Add((6*time.Hour + time.Minute).Milliseconds())
	fake.Fail(banksynctest.Faults{Status500: 1})
	if n := round(); n != 1 {
		t.Fatalf("the failing run: %d", n)
	}
	c, _ = one.BankConnection(ctx, l, conn.ID)
	if c.LastError == nil || c.LastError.Code != finance.ECodeBankUnavailable {
		t.Fatalf("the failure is not on the connection: %+v", c)
	}
	if n := round(); n != 0 {
		t.Fatalf("retried at once: %d", n)
	}
	now.Add((banksync.Backoff(1) + time.Minute).Milliseconds())
	if n := round(); n != 1 {
		t.Fatalf("the retry after the back-off: %d", n)
	}
	c, _ = one.BankConnection(ctx, l, conn.ID)
	if c.LastError != nil {
		t.Fatalf("the retry worked, the error stays: %+v", c.LastError)
	}
}

func ptr[T any](v T) *T { return &v }
