package banksynctest

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// SimpleFIN is a fake SimpleFIN Bridge: setup tokens claimed once for an
// access URL with basic-auth credentials, and GET /accounts.
type SimpleFIN struct {
	bank
	Server *httptest.Server
	// Errors are the bridge's messages sent with every answer.
	Errors []string
	user   string
	pass   string
	tokens map[string]bool // claim token → claimed
	// Revoked: the access URL's credentials no longer work (403).
	revoked bool
}

// NewSimpleFIN starts a fake bridge, closed at the test's end.
func NewSimpleFIN(t testing.TB) *SimpleFIN {
	f := ServeSimpleFIN(nil)
	t.Cleanup(f.Server.Close)
	return f
}

// ServeSimpleFIN starts a fake bridge on a listener (nil: a port of its own
// on 127.0.0.1), for a program that is not a test (the soak's); Server.Close
// stops it.
func ServeSimpleFIN(l net.Listener) *SimpleFIN {
	f := &SimpleFIN{user: "user" + randHex(4), pass: randHex(12), tokens: map[string]bool{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /simplefin/claim/{token}", f.claim)
	mux.HandleFunc("GET /simplefin/accounts", f.accountsHandler)
	f.Server = httptest.NewUnstartedServer(mux)
	if l != nil {
		_ = f.Server.Listener.Close()
		f.Server.Listener = l
	}
	f.Server.Start()
	return f
}

func randHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// SetupToken is a new setup token (the base64 of a claim URL).
func (f *SimpleFIN) SetupToken() string {
	tok := randHex(8)
	f.mu.Lock()
	f.tokens[tok] = false
	f.mu.Unlock()
	return base64.StdEncoding.EncodeToString([]byte(f.Server.URL + "/simplefin/claim/" + tok))
}

// AccessURL is the access URL a claim answers.
func (f *SimpleFIN) AccessURL() string {
	return strings.Replace(f.Server.URL, "://", "://"+f.user+":"+f.pass+"@", 1) + "/simplefin"
}

// SetErrors sets the bridge's messages, sent with every answer.
func (f *SimpleFIN) SetErrors(messages ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.Errors = messages
}

// Revoke makes the access URL's credentials stop working.
func (f *SimpleFIN) Revoke() {
	f.mu.Lock()
	f.revoked = true
	f.mu.Unlock()
}

func (f *SimpleFIN) claim(w http.ResponseWriter, r *http.Request) {
	tok := r.PathValue("token")
	f.mu.Lock()
	claimed, ok := f.tokens[tok]
	if ok && !claimed {
		f.tokens[tok] = true
	}
	f.mu.Unlock()
	if !ok || claimed {
		http.Error(w, "Forbidden", http.StatusForbidden)
		return
	}
	_, _ = w.Write([]byte(f.AccessURL()))
}

func epoch(day string) int64 {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return 0
	}
	return t.Add(12 * time.Hour).Unix()
}

func (f *SimpleFIN) accountsHandler(w http.ResponseWriter, r *http.Request) {
	u, p, ok := r.BasicAuth()
	f.mu.Lock()
	revoked := f.revoked
	f.mu.Unlock()
	if !ok || u != f.user || p != f.pass || revoked {
		http.Error(w, "Forbidden", http.StatusForbidden)
		return
	}
	if f.fault(w, r) {
		return
	}
	q := r.URL.Query()
	start, _ := strconv.ParseInt(q.Get("start-date"), 10, 64)
	end, _ := strconv.ParseInt(q.Get("end-date"), 10, 64)
	balancesOnly := q.Get("balances-only") == "1"
	f.mu.Lock()
	defer f.mu.Unlock()
	type tx struct {
		ID          string `json:"id"`
		Posted      int64  `json:"posted"`
		Amount      string `json:"amount"`
		Description string `json:"description"`
		Payee       string `json:"payee,omitempty"`
		Pending     bool   `json:"pending,omitempty"`
		Transacted  int64  `json:"transacted_at,omitempty"`
	}
	type account struct {
		Org struct {
			Domain string `json:"domain"`
			Name   string `json:"name"`
			URL    string `json:"sfin-url"`
		} `json:"org"`
		ID           string `json:"id"`
		Name         string `json:"name"`
		Currency     string `json:"currency"`
		Balance      string `json:"balance"`
		BalanceDate  int64  `json:"balance-date"`
		Transactions []tx   `json:"transactions"`
	}
	out := struct {
		Errors   []string  `json:"errors"`
		Accounts []account `json:"accounts"`
	}{Errors: append([]string{}, f.Errors...), Accounts: []account{}}
	for _, a := range f.accounts {
		acc := account{ID: a.ID, Name: a.Name, Currency: a.Currency, Balance: a.Balance, BalanceDate: epoch(a.BalanceDate), Transactions: []tx{}}
		acc.Org.Domain, acc.Org.Name, acc.Org.URL = "bank.example", "", f.Server.URL
		if !balancesOnly {
			for _, t := range a.Txs {
				e := epoch(t.Date)
				if start > 0 && e < start || end > 0 && e >= end {
					continue
				}
				x := tx{ID: t.ID, Posted: e, Amount: t.Amount, Description: t.Description, Payee: t.Counterparty, Pending: t.Pending, Transacted: e}
				if t.Pending {
					x.Posted = 0
				}
				acc.Transactions = append(acc.Transactions, x)
			}
		}
		out.Accounts = append(out.Accounts, acc)
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(out)
}
