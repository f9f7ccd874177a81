package banksync_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"cashcontrol/internal/banksync"
	"cashcontrol/internal/banksync/banksynctest"
	"cashcontrol/internal/finance"
)

func code(err error) string {
	if err == nil {
		return ""
	}
	return finance.ErrorCode(err)
}

func sfAccounts() []banksynctest.Account {
	return []banksynctest.Account{
		{ID: "ACT-1", Name: "Checking", Currency: "USD", Balance: "1234.50", BalanceDate: "2026-11-20", Txs: []banksynctest.Tx{
			{ID: "T1", Date: "2026-11-02", Amount: "-12.30", Description: "COFFEE SHOP", Counterparty: "Coffee Shop"},
			{ID: "T2", Date: "2026-11-10", Amount: "2500.00", Description: "PAYROLL ACME"},
			{ID: "T3", Date: "2026-11-19", Amount: "-40.00", Description: "GAS STATION", Pending: true},
		}},
		{ID: "ACT-2", Name: "Savings", Currency: "JPY", Balance: "150000", BalanceDate: "2026-11-20"},
	}
}

func TestSimpleFIN(t *testing.T) {
	ctx := context.Background()
	fake := banksynctest.NewSimpleFIN(t)
	fake.SetAccounts(sfAccounts()...)
	p := banksync.NewSimpleFIN(banksync.Config{SimpleFINURL: fake.Server.URL})
	token := fake.SetupToken()
	s, err := p.Finish(ctx, token)
	if err != nil {
		t.Fatal(err)
	}
	if s.Secret != fake.AccessURL() || len(s.Accounts) != 2 {
		t.Fatalf("session %+v", s)
	}
	if a := s.Accounts[0]; a.ID != "ACT-1" || a.Currency != "USD" || a.Balance != 123450 || a.BalanceDate != "2026-11-20" {
		t.Fatalf("account %+v", a)
	}
	if a := s.Accounts[1]; a.Balance != 150000 || a.Currency != "JPY" {
		t.Fatalf("yen account %+v", a)
	}
	t.Run("ErrTokenClaimedTwice", func(t *testing.T) {
		_, err := p.Finish(ctx, token)
		var fe *finance.Error
		if !errors.As(err, &fe) || fe.Code != finance.ECodeInvalid || fe.Fields[0].Field != "setupToken" {
			t.Fatalf("claimed twice: %v", err)
		}
	})
	t.Run("ErrTokenElsewhere", func(t *testing.T) {
		// A token naming another server is refused before any call.
		other := banksync.NewSimpleFIN(banksync.Config{SimpleFINURL: "https://bridge.example"})
		if _, err := other.Finish(ctx, fake.SetupToken()); code(err) != finance.ECodeInvalid {
			t.Fatalf("other host: %v", err)
		}
		// Several servers may be named (the bridge's host and its beta's).
		both := banksync.NewSimpleFIN(banksync.Config{SimpleFINURL: "https://bridge.example, " + fake.Server.URL})
		if _, err := both.Finish(ctx, fake.SetupToken()); err != nil {
			t.Fatalf("the second of two servers: %v", err)
		}
		if _, err := p.Finish(ctx, "not base64 at all!"); code(err) != finance.ECodeInvalid {
			t.Fatalf("garbage token: %v", err)
		}
	})
	t.Run("Statements", func(t *testing.T) {
		since := time.Date(2026, 11, 5, 0, 0, 0, 0, time.UTC)
		sts, err := p.Statements(ctx, s.Secret, []string{"ACT-1"}, since)
		if err != nil {
			t.Fatal(err)
		}
		if len(sts) != 1 || sts[0].AccountID != "ACT-1" || sts[0].Balance == nil || sts[0].Balance.Amount != 123450 {
			t.Fatalf("statements %+v", sts)
		}
		txs := sts[0].Transactions
		if len(txs) != 2 || txs[0].ID != "T2" || txs[0].Amount != 250000 || txs[0].Pending ||
			txs[1].ID != "T3" || txs[1].Amount != -4000 || !txs[1].Pending || txs[1].Date != "2026-11-19" {
			t.Fatalf("transactions %+v", txs)
		}
	})
	t.Run("ErrorsShown", func(t *testing.T) {
		fake.SetAccounts()
		fake.Errors = []string{"Connection to Bank of Example may need attention"}
		defer func() { fake.Errors = nil; fake.SetAccounts(sfAccounts()...) }()
		_, err := p.Statements(ctx, s.Secret, []string{"ACT-1"}, time.Now())
		if code(err) != finance.ECodeBankUnavailable || !strings.Contains(err.Error(), "may need attention") {
			t.Fatalf("bridge errors: %v", err)
		}
	})
	t.Run("ErrRevoked", func(t *testing.T) {
		f2 := banksynctest.NewSimpleFIN(t)
		p2 := banksync.NewSimpleFIN(banksync.Config{SimpleFINURL: f2.Server.URL})
		s2, err := p2.Finish(ctx, f2.SetupToken())
		if err != nil {
			t.Fatal(err)
		}
		f2.Revoke()
		if _, err := p2.Statements(ctx, s2.Secret, nil, time.Now()); code(err) != finance.ECodeBankConsentExpired {
			t.Fatalf("revoked: %v", err)
		}
	})
}

// TestProviderFaults: whatever a provider answers, the call ends with a
// clear error, in bounded time and memory.
func TestProviderFaults(t *testing.T) {
	ctx := context.Background()
	fake := banksynctest.NewSimpleFIN(t)
	fake.SetAccounts(sfAccounts()...)
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	p := banksync.NewSimpleFIN(banksync.Config{SimpleFINURL: fake.Server.URL, Timeout: 300 * time.Millisecond, MaxBytes: 1 << 20, Now: func() time.Time { return now }})
	s, err := p.Finish(ctx, fake.SetupToken())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		faults banksynctest.Faults
		code   string
		says   string
	}{
		{"500", banksynctest.Faults{Status500: 1}, finance.ECodeBankUnavailable, "answered 500"},
		{"garbage", banksynctest.Faults{Garbage: 1}, finance.ECodeBankUnavailable, "not its API"},
		{"huge", banksynctest.Faults{Huge: 1}, finance.ECodeBankUnavailable, "more than 1048576 bytes"},
		{"slow", banksynctest.Faults{Slow: 1, Delay: 10 * time.Second}, finance.ECodeBankUnavailable, "did not answer within"},
		{"rate limited", banksynctest.Faults{RateLimited: 1, RetryAfter: "120"}, finance.ECodeBankRateLimited, "2026-11-29T12:02:00Z"},
		{"rate limited without a time", banksynctest.Faults{RateLimited: 1}, finance.ECodeBankRateLimited, "2026-11-29T13:00:00Z"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake.Fail(tc.faults)
			_, err := p.Statements(ctx, s.Secret, []string{"ACT-1"}, now.AddDate(0, -1, 0))
			if code(err) != tc.code || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("got %v, want %s saying %q", err, tc.code, tc.says)
			}
			if tc.code == finance.ECodeBankRateLimited {
				at, ok := banksync.RetryAt(err)
				var ra interface{ RetryAfterSeconds() int }
				if !ok || !errors.As(err, &ra) || at.Sub(now) != time.Duration(ra.RetryAfterSeconds())*time.Second {
					t.Fatalf("retry at %v %v", at, ok)
				}
			}
			// The next call, without the fault, works.
			if _, err := p.Statements(ctx, s.Secret, []string{"ACT-1"}, now.AddDate(0, -1, 0)); err != nil {
				t.Fatalf("after the fault: %v", err)
			}
		})
	}
}

func ebAccounts() []banksynctest.Account {
	return []banksynctest.Account{{ID: "uid-1", Name: "Girokonto", Currency: "EUR", IBAN: "DE89370400440532013000", Balance: "1500.25", BalanceDate: "2026-11-20",
		Txs: []banksynctest.Tx{
			{ID: "E1", Date: "2026-11-01", Amount: "-50.00", Description: "mandatereference:,creditorid:,remittanceinformation:Strom November", Counterparty: "Stadtwerke"},
			{ID: "E2", Date: "2026-11-03", Amount: "2000.00", Description: "Gehalt", Counterparty: "ACME GmbH"},
			{ID: "E3", Date: "2026-11-05", Amount: "-9.99", Description: "Streaming"},
			{ID: "E4", Date: "2026-11-08", Amount: "-120.00", Description: "Miete"},
			{Date: "2026-11-09", Amount: "-3.50", Description: "Bakery", Pending: true},
		}}}
}

func followAuth(t *testing.T, authURL string) (code, state string) {
	t.Helper()
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Get(authURL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil || resp.StatusCode != http.StatusFound {
		t.Fatalf("bank page: %d %v", resp.StatusCode, err)
	}
	return loc.Query().Get("code"), loc.Query().Get("state")
}

func TestEnableBanking(t *testing.T) {
	ctx := context.Background()
	fake := banksynctest.NewEnableBanking(t)
	fake.SetAccounts(ebAccounts()...)
	cfg := banksync.Config{EnableBankingURL: fake.Server.URL}
	p, err := banksync.NewEnableBanking(cfg, fake.AppID, fake.KeyPEM)
	if err != nil {
		t.Fatal(err)
	}
	banks, err := p.Institutions(ctx, "de")
	if err != nil || len(banks) != 1 || banks[0].Name != "ING" || banks[0].MaxConsentDays != 180 || banks[0].Logo == "" {
		t.Fatalf("banks %+v %v", banks, err)
	}
	until := time.Now().Add(90 * 24 * time.Hour)
	authURL, err := p.Start(ctx, banksync.StartRequest{Institution: "ING", Country: "DE", RedirectURL: "https://cash.example/api/v1/bank/callback", State: "st-1", ValidUntil: until})
	if err != nil {
		t.Fatal(err)
	}
	if fake.Auth["redirect_url"] != "https://cash.example/api/v1/bank/callback" || fake.Auth["access"].(map[string]any)["valid_until"] != until.UTC().Format(time.RFC3339) {
		t.Fatalf("auth body %v", fake.Auth)
	}
	c, state := followAuth(t, authURL)
	if state != "st-1" || c == "" {
		t.Fatalf("redirect: %q %q", c, state)
	}
	s, err := p.Finish(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Accounts) != 1 || s.Accounts[0].Balance != 150025 || s.Accounts[0].Name != "Girokonto …3000" || s.ConsentEnd.IsZero() {
		t.Fatalf("session %+v", s)
	}
	if _, err := p.Finish(ctx, c); code(err) != finance.ECodeBankUnavailable {
		t.Fatalf("a code used twice: %v", err)
	}
	sts, err := p.Statements(ctx, s.Secret, []string{"uid-1"}, time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	txs := sts[0].Transactions
	if len(txs) != 5 || fake.Calls() < 3 {
		t.Fatalf("paged transactions: %d in %d calls", len(txs), fake.Calls())
	}
	if txs[0].ID != "E1" || txs[0].Amount != -5000 || txs[0].Counterparty != "Stadtwerke" || txs[1].Amount != 200000 || txs[1].Counterparty != "ACME GmbH" {
		t.Fatalf("transactions %+v", txs[:2])
	}
	if p := txs[4]; !p.Pending || !strings.HasPrefix(p.ID, "h:") || p.Amount != -350 || p.Date != "2026-11-09" {
		t.Fatalf("pending %+v", p)
	}
	if sts[0].Balance == nil || sts[0].Balance.Amount != 150025 {
		t.Fatalf("booked balance %+v", sts[0].Balance)
	}
	t.Run("ErrOtherKey", func(t *testing.T) {
		other := banksynctest.NewEnableBanking(t) // another application's key, this one's id
		bad, err := banksync.NewEnableBanking(cfg, fake.AppID, other.KeyPEM)
		if err != nil {
			t.Fatal(err)
		}
		before := fake.Rejected
		if _, err := bad.Institutions(ctx, "DE"); code(err) != finance.ECodeBankConsentExpired || fake.Rejected != before+1 {
			t.Fatalf("another key: %v", err)
		}
	})
	t.Run("ErrBadKey", func(t *testing.T) {
		if _, err := banksync.NewEnableBanking(cfg, fake.AppID, "-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----"); code(err) != finance.ECodeInvalid {
			t.Fatalf("bad key: %v", err)
		}
	})
	t.Run("RateLimited", func(t *testing.T) {
		fake.Fail(banksynctest.Faults{RateLimited: 1, RetryAfter: "60"})
		_, err := p.Statements(ctx, s.Secret, []string{"uid-1"}, time.Now())
		if _, ok := banksync.RetryAt(err); !ok {
			t.Fatalf("rate limit: %v", err)
		}
	})
	t.Run("ErrExpiredConsent", func(t *testing.T) {
		fake.ExpireSessions()
		if _, err := p.Statements(ctx, s.Secret, []string{"uid-1"}, time.Now()); code(err) != finance.ECodeBankConsentExpired {
			t.Fatalf("expired: %v", err)
		}
	})
}

func TestParseAmount(t *testing.T) {
	for _, tc := range []struct {
		in   string
		exp  int
		want int64
		ok   bool
	}{
		{"12.30", 2, 1230, true}, {"-12.3", 2, -1230, true}, {"+5", 2, 500, true}, {"1500", 0, 1500, true},
		{"1.234", 3, 1234, true}, {"0.10", 2, 10, true}, {"12.300", 2, 1230, true},
		{"12.305", 2, 0, false}, {"1.5", 0, 0, false}, {"", 2, 0, false}, {"-", 2, 0, false}, {"1,000.00", 2, 0, false},
		{"1e3", 2, 0, false}, {".5", 2, 0, false}, {"5.", 2, 0, false}, {"10000000000000000.00", 2, 0, false}, {"99999999999999999999999", 0, 0, false},
		{"10000000000000.00", 2, 1_000_000_000_000_000, true},
	} {
		got, err := banksync.ParseAmount(tc.in, tc.exp)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseAmount(%q, %d) = %d, %v; want %d ok %v", tc.in, tc.exp, got, err, tc.want, tc.ok)
		}
	}
}

func TestDescribe(t *testing.T) {
	for _, tc := range []struct {
		bank, text, who string
		desc, notes     string
	}{
		{"ING", "mandatereference:,creditorid:,remittanceinformation:Strom November", "Stadtwerke",
			"Strom November", "Stadtwerke — mandatereference:,creditorid:,remittanceinformation:Strom November"},
		{"ING-DiBa", "mandatereference:M1,creditorid:DE98ZZZ,remittanceinformation:", "Netflix", "Netflix", "mandatereference:M1,creditorid:DE98ZZZ,remittanceinformation:"},
		{"Sparkasse", "EREF+1234 MREF+M-9 CRED+DE98ZZZ SVWZ+Rechnung 42 vom 01.11.", "", "Rechnung 42 vom 01.11.", "EREF+1234 MREF+M-9 CRED+DE98ZZZ SVWZ+Rechnung 42 vom 01.11."},
		{"Nordea", "Card purchase 1234", "K-Market", "K-Market", "Card purchase 1234"},
		{"Nordea", "Card purchase 1234", "", "Card purchase 1234", ""},
		{"Banking Co", "mandatereference:,creditorid:,remittanceinformation:Gym", "", "Gym", "mandatereference:,creditorid:,remittanceinformation:Gym"},
		{"SimpleFIN Bridge", "", "", "", ""},
	} {
		d, n := banksync.Describe(tc.bank, finance.BankTransaction{Description: tc.text, Counterparty: tc.who})
		if d != tc.desc || n != tc.notes {
			t.Errorf("Describe(%q, %q, %q) = %q, %q; want %q, %q", tc.bank, tc.text, tc.who, d, n, tc.desc, tc.notes)
		}
	}
}
