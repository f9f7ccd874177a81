package api_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"cashcontrol/internal/api"
	"cashcontrol/internal/banksync"
	"cashcontrol/internal/banksync/banksynctest"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

const bankKey = "the-servers-secret-key-0123456789abcdef"

type bankConnReply struct {
	ID       string `json:"id"`
	Provider string `json:"provider"`
	Country  string `json:"country"`
	Status   string `json:"status"`
	Accounts []struct {
		ID         string  `json:"id"`
		Name       string  `json:"name"`
		Currency   string  `json:"currency"`
		Balance    int64   `json:"balance"`
		AccountID  *string `json:"accountId"`
		AppBalance *int64  `json:"appBalance"`
	} `json:"accounts"`
	LastError *struct {
		Code string `json:"code"`
	} `json:"lastError"`
}

type syncReply struct {
	Created int `json:"created"`
	Matched int `json:"matched"`
	Updated int `json:"updated"`
}

func bankServer(t *testing.T, db *store.DB, cfg banksync.Config, key string) *client {
	t.Helper()
	banks, err := banksync.NewService(db, cfg, key)
	if err != nil {
		t.Fatal(err)
	}
	return newClient(t, ledgerServerDeps(t, db, func(d *api.Deps) { d.Banks = banks }))
}

// TestBankSyncSimpleFIN runs the whole SimpleFIN flow through the HTTP
// server against the fake bridge: refused without a secret key, connect,
// link, sync (new, matched with a typed movement), sync again (nothing
// new), a pending one booked, a failure shown on the connection, undo of a
// match, disconnect; the secret never comes back out.
func TestBankSyncSimpleFIN(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		fake := banksynctest.NewSimpleFIN(t)
		today := time.Now().UTC()
		day := func(ago int) string { return today.AddDate(0, 0, -ago).Format(time.DateOnly) }
		fake.SetAccounts(banksynctest.Account{ID: "ACT-1", Name: "Checking", Currency: "USD", Balance: "1234.50", BalanceDate: day(0), Txs: []banksynctest.Tx{
			{ID: "T1", Date: day(20), Amount: "-12.30", Description: "COFFEE SHOP 123", Counterparty: "Coffee Shop"},
			{ID: "T2", Date: day(15), Amount: "-45.00", Description: "GROCERY OUTLET", Counterparty: "Grocery Outlet"},
			{ID: "T3", Date: day(3), Amount: "-9.99", Description: "STREAMING", Pending: true},
		}})
		cfg := banksync.Config{SimpleFINURL: fake.Server.URL}

		// Without a secret key: meta says so, 409, and the token is not claimed.
		token := fake.SetupToken()
		nokey := bankServer(t, db, cfg, "")
		nokey.signUp("nokey@example.com")
		var meta struct {
			BankSync bool `json:"bankSync"`
		}
		if nokey.do("GET", "/api/v1/meta", nil, &meta); meta.BankSync {
			t.Fatal("meta says banks can be connected without a secret key")
		}
		var p problem
		if code := nokey.do("POST", "/api/v1/bank/connections", map[string]string{"provider": "simplefin", "setupToken": token}, &p); code != 409 || p.Code != "secret_key_required" {
			t.Fatalf("without a key: %d %+v", code, p)
		}

		c := bankServer(t, db, cfg, bankKey)
		c.signUp("bank@example.com")
		if c.do("GET", "/api/v1/meta", nil, &meta); !meta.BankSync {
			t.Fatal("meta says banks cannot be connected with a secret key")
		}
		var conn bankConnReply
		if code := c.do("POST", "/api/v1/bank/connections", map[string]string{"provider": "simplefin", "setupToken": token}, &conn); code != 201 {
			t.Fatalf("connect: %d", code)
		}
		if conn.ID == "" || conn.Provider != "simplefin" || len(conn.Accounts) != 1 || conn.Accounts[0].ID != "ACT-1" ||
			conn.Accounts[0].Currency != "USD" || conn.Accounts[0].Balance != 123450 || conn.Accounts[0].Name == "" {
			t.Fatalf("connection %+v", conn)
		}
		if code := c.do("POST", "/api/v1/bank/connections", map[string]string{"provider": "simplefin", "setupToken": token}, &p); code != 400 {
			t.Fatalf("a token claimed twice: %d %+v", code, p)
		}
		var acc idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Checking", "type": "bank", "currency": "USD", "openingBalance": 130179}, &acc)
		var cat idReply
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &cat)
		// Typed by hand two days after the bank's date: matched, not doubled.
		c.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": day(13), "amount": 4500, "accountId": acc.ID, "categoryId": cat.ID, "description": "Grocery"}, nil)
		base := "/api/v1/bank/connections/" + conn.ID
		if code := c.do("PUT", base+"/accounts/ACT-1", map[string]string{"accountId": acc.ID}, nil); code != 200 {
			t.Fatalf("link: %d", code)
		}
		var res syncReply
		if code := c.do("POST", base+"/sync", nil, &res); code != 200 || res != (syncReply{Created: 2, Matched: 1}) {
			t.Fatalf("first sync: %d %+v", code, res)
		}
		if code := c.do("POST", base+"/sync", nil, &res); code != 200 || res.Created != 0 || res.Matched != 0 || res.Updated != 0 {
			t.Fatalf("second sync: %d %+v", code, res)
		}
		// The pending one books under another id, and a new one comes.
		fake.Update("ACT-1", func(a *banksynctest.Account) {
			a.Txs[2] = banksynctest.Tx{ID: "T3-booked", Date: day(2), Amount: "-9.99", Description: "STREAMING"}
			a.Txs = append(a.Txs, banksynctest.Tx{ID: "T4", Date: day(1), Amount: "2500.00", Description: "PAYROLL"})
			a.Balance = "3734.50"
		})
		if code := c.do("POST", base+"/sync", nil, &res); code != 200 || res != (syncReply{Created: 1, Updated: 1}) {
			t.Fatalf("third sync: %d %+v", code, res)
		}
		var got struct {
			Balance int64 `json:"balance"`
		}
		c.do("GET", "/api/v1/accounts/"+acc.ID, nil, &got)
		if got.Balance != 373450 {
			t.Fatalf("the account's balance %d, the bank's 373450", got.Balance)
		}
		// The bank's booked balance is kept as the account's checkpoint, and agrees.
		var points struct {
			Items []struct {
				Date         string  `json:"date"`
				Balance      int64   `json:"balance"`
				Source       string  `json:"source"`
				AppBalance   int64   `json:"appBalance"`
				Agrees       bool    `json:"agrees"`
				DivergesFrom *string `json:"divergesFrom"`
			} `json:"items"`
		}
		c.do("GET", "/api/v1/accounts/"+acc.ID+"/checkpoints", nil, &points)
		if len(points.Items) == 0 || points.Items[0].Source != "bank" || points.Items[0].Balance != 373450 || !points.Items[0].Agrees || points.Items[0].DivergesFrom != nil {
			t.Fatalf("the bank's balance as a checkpoint: %+v", points.Items)
		}
		// Listed without any secret.
		raw := c.text("/api/v1/bank/connections")
		if strings.Contains(raw, fake.Server.URL[7:]) || strings.Contains(raw, "secret") || !strings.Contains(raw, `"appBalance":373450`) {
			t.Fatalf("connections: %s", raw)
		}
		if export := c.text("/api/v1/me/export"); strings.Contains(export, "sb1:") || !strings.Contains(export, "bank_connections") {
			t.Fatalf("the export carries the sealed secret or no connection")
		}
		// The match, and its undo.
		var matches struct {
			Items []struct {
				ID         string `json:"id"`
				MovementID string `json:"movementId"`
			} `json:"items"`
		}
		c.do("GET", base+"/matches", nil, &matches)
		if len(matches.Items) != 1 {
			t.Fatalf("matches %+v", matches)
		}
		if code := c.do("DELETE", base+"/matches/"+matches.Items[0].ID, nil, nil); code != 200 {
			t.Fatalf("undo: %d", code)
		}
		c.do("GET", "/api/v1/accounts/"+acc.ID, nil, &got)
		if got.Balance != 373450-4500 {
			t.Fatalf("after the undo %d", got.Balance)
		}
		// Now the account and the bank differ, and the checkpoint says from when.
		c.do("GET", "/api/v1/accounts/"+acc.ID+"/checkpoints", nil, &points)
		if cp := points.Items[0]; cp.Agrees || cp.AppBalance != 373450-4500 || cp.DivergesFrom == nil || *cp.DivergesFrom > cp.Date || *cp.DivergesFrom < day(20) {
			t.Fatalf("the divergence after the undo: %+v", points.Items)
		}
		// A server with another secret key cannot read the credentials: 503, nothing changes.
		otherKey := bankServer(t, db, cfg, "not-the-key-the-secret-was-sealed-with")
		if code, p := otherKey.login("bank@example.com", "mango-river-42"); code != 200 {
			t.Fatalf("sign-in on the other server: %d %+v", code, p)
		}
		if code := otherKey.do("POST", base+"/sync", nil, &p); code != 503 || p.Code != "secret_key_unavailable" {
			t.Fatalf("a server without the key: %d %+v", code, p)
		}
		c.do("GET", "/api/v1/accounts/"+acc.ID, nil, &got)
		if got.Balance != 373450-4500 {
			t.Fatalf("after the refused sync %d", got.Balance)
		}
		// A failure is shown on the connection and changes nothing.
		fake.Fail(banksynctest.Faults{Status500: 1})
		if code := c.do("POST", base+"/sync", nil, &p); code != 502 || p.Code != "bank_unavailable" {
			t.Fatalf("a failing bridge: %d %+v", code, p)
		}
		var after bankConnReply
		c.do("GET", base, nil, &after)
		if after.LastError == nil || after.LastError.Code != "bank_unavailable" {
			t.Fatalf("the failure on the connection: %+v", after)
		}
		// Another user's: not found.
		other := bankServer(t, db, cfg, bankKey)
		other.signUp("other-bank@example.com")
		if code := other.do("POST", base+"/sync", nil, &p); code != 404 {
			t.Fatalf("another user's sync: %d", code)
		}
		if code := c.do("DELETE", base, nil, nil); code != 204 {
			t.Fatalf("disconnect: %d", code)
		}
		var list struct {
			Items []bankConnReply `json:"items"`
		}
		if c.do("GET", "/api/v1/bank/connections", nil, &list); len(list.Items) != 0 {
			t.Fatalf("after the disconnect: %+v", list)
		}
		c.do("GET", "/api/v1/accounts/"+acc.ID, nil, &got)
		if got.Balance != 373450-4500 {
			t.Fatalf("the movements stay: %d", got.Balance)
		}
	})
}

// TestBankSyncEnableBanking: the authorisation's round trip through the
// fake bank's redirect and the callback, then a paged sync.
func TestBankSyncEnableBanking(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		fake := banksynctest.NewEnableBanking(t)
		today := time.Now().UTC()
		day := func(ago int) string { return today.AddDate(0, 0, -ago).Format(time.DateOnly) }
		fake.SetAccounts(banksynctest.Account{ID: "uid-1", Name: "Girokonto", Currency: "EUR", IBAN: "DE89370400440532013000", Balance: "80.00", BalanceDate: day(0),
			Txs: []banksynctest.Tx{
				{ID: "E1", Date: day(9), Amount: "-50.00", Description: "mandatereference:,creditorid:,remittanceinformation:Strom", Counterparty: "Stadtwerke"},
				{ID: "E2", Date: day(8), Amount: "150.00", Description: "Gehalt"},
				{ID: "E3", Date: day(7), Amount: "-20.00", Description: "Buch"},
			}})
		c := bankServer(t, db, banksync.Config{EnableBankingURL: fake.Server.URL}, bankKey)
		c.signUp("eb@example.com")
		var conn bankConnReply
		if code := c.do("POST", "/api/v1/bank/connections", map[string]string{"provider": "enablebanking", "applicationId": fake.AppID, "privateKey": fake.KeyPEM}, &conn); code != 201 || conn.Status != "pending" {
			t.Fatalf("connect: %d %+v", code, conn)
		}
		var p problem
		if code := c.do("POST", "/api/v1/bank/connections", map[string]string{"provider": "enablebanking", "applicationId": "x", "privateKey": "not a key"}, &p); code != 400 || p.Errors[0].Field != "privateKey" {
			t.Fatalf("a bad key: %d %+v", code, p)
		}
		base := "/api/v1/bank/connections/" + conn.ID
		var banks struct {
			Items []struct {
				Name string `json:"name"`
			} `json:"items"`
		}
		if code := c.do("GET", base+"/institutions?country=DE", nil, &banks); code != 200 || len(banks.Items) != 1 || banks.Items[0].Name != "ING" {
			t.Fatalf("banks: %d %+v", code, banks)
		}
		var started struct {
			URL string `json:"url"`
		}
		if code := c.do("POST", base+"/start", map[string]any{"institution": "ING", "country": "DE"}, &started); code != 200 || started.URL == "" {
			t.Fatalf("start: %d %+v", code, started)
		}
		// The browser goes to the bank, which sends it back to the callback.
		noFollow := *c.http
		noFollow.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
		resp, err := noFollow.Get(started.URL)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		back, _ := url.Parse(resp.Header.Get("Location"))
		if back.Path != "/api/v1/bank/callback" {
			t.Fatalf("the bank sends the browser to %s", back)
		}
		resp, err = noFollow.Get(c.base + back.RequestURI())
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if loc := resp.Header.Get("Location"); resp.StatusCode != 303 || loc != "/config/banks?connection="+conn.ID {
			t.Fatalf("callback: %d %s", resp.StatusCode, loc)
		}
		// A callback whose state is spent, or that the user refused at the
		// bank, lands on the same screen with the reason.
		for _, q := range []string{back.RawQuery, "error=access_denied"} {
			resp, err = noFollow.Get(c.base + "/api/v1/bank/callback?" + q)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if loc := resp.Header.Get("Location"); resp.StatusCode != 303 || !strings.HasPrefix(loc, "/config/banks?bankError=") {
				t.Fatalf("callback again (%s): %d %s", q, resp.StatusCode, loc)
			}
		}
		c.do("GET", base, nil, &conn)
		if conn.Status != "active" || conn.Country != "DE" || len(conn.Accounts) != 1 || conn.Accounts[0].Balance != 8000 {
			t.Fatalf("after the callback %+v", conn)
		}
		var acc idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Giro", "type": "bank", "currency": "EUR"}, &acc)
		c.do("PUT", base+"/accounts/uid-1", map[string]string{"accountId": acc.ID}, nil)
		var res syncReply
		if code := c.do("POST", base+"/sync", nil, &res); code != 200 || res != (syncReply{Created: 3}) {
			t.Fatalf("sync: %d %+v", code, res)
		}
		var movs struct {
			Items []struct {
				Description string `json:"description"`
				Notes       string `json:"notes"`
			} `json:"items"`
		}
		c.do("GET", "/api/v1/movements?q=Strom", nil, &movs)
		if len(movs.Items) != 1 || movs.Items[0].Description != "Strom" || !strings.Contains(movs.Items[0].Notes, "remittanceinformation:") {
			t.Fatalf("the cleaned-up description: %+v", movs)
		}
		// A rate limit answers 429 with when to come back.
		fake.Fail(banksynctest.Faults{RateLimited: 1, RetryAfter: "90"})
		if code := c.do("POST", base+"/sync", nil, &p); code != 429 || p.Code != "bank_rate_limited" {
			t.Fatalf("rate limited: %d %+v", code, p)
		}
		// The consent ends: 409, and the connection says so.
		fake.ExpireSessions()
		if code := c.do("POST", base+"/sync", nil, &p); code != 409 || p.Code != "bank_consent_expired" {
			t.Fatalf("expired: %d %+v", code, p)
		}
		c.do("GET", base, nil, &conn)
		if conn.Status != "expired" {
			t.Fatalf("after the consent ended: %+v", conn)
		}
	})
}

// text is the body of a GET as text.
func (c *client) text(path string) string {
	c.t.Helper()
	_, _, b := c.raw("GET", path, "", nil)
	return string(b)
}
