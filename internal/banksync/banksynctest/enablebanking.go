package banksynctest

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// EnableBanking is a fake Enable Banking API: every call must carry a JWT
// signed by the registered application's key, with the claims the real
// API requires; it serves banks (/aspsps), the authorisation (/auth and
// the bank's page, which sends the browser back with a code), sessions and
// paged transactions (continuation_key).
type EnableBanking struct {
	bank
	Server *httptest.Server
	AppID  string
	// KeyPEM is the application's private key (what the user gives the app).
	KeyPEM string
	public *rsa.PublicKey
	// PageSize transactions a page (default 2: every test pages).
	PageSize int
	Banks    []Bank
	codes    map[string]bool   // authorisation codes not used yet
	sessions map[string]string // session id → "" live, or why it ended
	// Auth records the last POST /auth body; Rejected counts calls refused
	// for their JWT.
	Auth     map[string]any
	Rejected int
}

// Bank is one of the fake's ASPSPs.
type Bank struct {
	Name, Country  string
	MaxConsentDays int
}

// NewEnableBanking starts a fake Enable Banking with a new application,
// closed at the test's end.
func NewEnableBanking(t testing.TB) *EnableBanking {
	f, err := ServeEnableBanking(nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(f.Server.Close)
	return f
}

// ServeEnableBanking starts a fake Enable Banking with a new application on
// a listener (nil: a port of its own on 127.0.0.1), for a program that is
// not a test (tools/mockbank); Server.Close stops it.
func ServeEnableBanking(l net.Listener) (*EnableBanking, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, err
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, err
	}
	f := &EnableBanking{AppID: "app-" + randHex(8), public: &key.PublicKey, PageSize: 2,
		KeyPEM: string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})),
		Banks:  []Bank{{Name: "ING", Country: "DE", MaxConsentDays: 180}, {Name: "Nordea", Country: "FI", MaxConsentDays: 90}},
		codes:  map[string]bool{}, sessions: map[string]string{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /aspsps", f.signed(f.aspsps))
	mux.HandleFunc("POST /auth", f.signed(f.auth))
	mux.HandleFunc("GET /bank/authorize", f.authorize)
	mux.HandleFunc("POST /sessions", f.signed(f.session))
	mux.HandleFunc("GET /sessions/{id}", f.signed(f.getSession))
	mux.HandleFunc("DELETE /sessions/{id}", f.signed(f.deleteSession))
	mux.HandleFunc("GET /accounts/{uid}/details", f.signed(f.data(f.details)))
	mux.HandleFunc("GET /accounts/{uid}/balances", f.signed(f.data(f.balances)))
	mux.HandleFunc("GET /accounts/{uid}/transactions", f.signed(f.data(f.transactions)))
	f.Server = httptest.NewUnstartedServer(mux)
	if l != nil {
		_ = f.Server.Listener.Close()
		f.Server.Listener = l
	}
	f.Server.Start()
	return f, nil
}

// ExpireSessions ends every session (the consent ended, or the user
// revoked it at the bank): data calls answer 401.
func (f *EnableBanking) ExpireSessions() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for id := range f.sessions {
		f.sessions[id] = "EXPIRED_SESSION"
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// signed checks the request's JWT as the real API does: RS256 by the
// application's key (kid), iss, aud, iat and an exp at most a day ahead.
func (f *EnableBanking) signed(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		raw, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		var claims jwt.RegisteredClaims
		_, err := jwt.ParseWithClaims(raw, &claims, func(t *jwt.Token) (any, error) {
			if t.Header["kid"] != f.AppID {
				return nil, jwt.ErrTokenUnverifiable
			}
			return f.public, nil
		}, jwt.WithValidMethods([]string{"RS256"}), jwt.WithIssuer("enablebanking.com"), jwt.WithAudience("api.enablebanking.com"),
			jwt.WithExpirationRequired(), jwt.WithIssuedAt())
		if err == nil && (claims.IssuedAt == nil || claims.ExpiresAt.Sub(claims.IssuedAt.Time) > 24*time.Hour) {
			err = jwt.ErrTokenInvalidClaims
		}
		if !ok || err != nil {
			f.mu.Lock()
			f.Rejected++
			f.mu.Unlock()
			writeJSON(w, http.StatusUnauthorized, map[string]any{"code": 401, "message": "JWT is invalid: " + errText(err), "error": "UNAUTHORIZED"})
			return
		}
		h(w, r)
	}
}

func errText(err error) string {
	if err == nil {
		return "missing"
	}
	return err.Error()
}

// data serves an account's data within a live session's consent, after
// the faults.
func (f *EnableBanking) data(h func(w http.ResponseWriter, r *http.Request, a *Account)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		ended := ""
		for _, why := range f.sessions {
			ended = why
			if why == "" {
				break
			}
		}
		a := f.account(r.PathValue("uid"))
		f.mu.Unlock()
		if ended != "" {
			writeJSON(w, http.StatusUnauthorized, map[string]any{"code": 401, "message": "Session is expired", "error": ended})
			return
		}
		if a == nil {
			writeJSON(w, http.StatusNotFound, map[string]any{"code": 404, "message": "account not found", "error": "ACCOUNT_DOES_NOT_EXIST"})
			return
		}
		if f.fault(w, r) {
			return
		}
		f.mu.Lock()
		defer f.mu.Unlock()
		h(w, r, a)
	}
}

func (f *EnableBanking) aspsps(w http.ResponseWriter, r *http.Request) {
	country := r.URL.Query().Get("country")
	out := []map[string]any{}
	for _, b := range f.Banks {
		if country == "" || b.Country == country {
			out = append(out, map[string]any{"name": b.Name, "country": b.Country, "logo": f.Server.URL + "/logos/" + url.PathEscape(b.Name) + ".png",
				"maximum_consent_validity": b.MaxConsentDays * 86400, "psu_types": []string{"personal", "business"}})
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"aspsps": out})
}

func (f *EnableBanking) auth(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Access struct {
			ValidUntil string `json:"valid_until"`
		} `json:"access"`
		ASPSP struct {
			Name, Country string
		} `json:"aspsp"`
		State       string `json:"state"`
		RedirectURL string `json:"redirect_url"`
	}
	var raw map[string]any
	b, _ := io.ReadAll(io.LimitReader(r.Body, 1<<16))
	_ = json.Unmarshal(b, &raw)
	if err := json.Unmarshal(b, &body); err != nil || body.State == "" || body.RedirectURL == "" || body.ASPSP.Name == "" {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"code": 422, "message": "invalid request", "error": "WRONG_REQUEST_PARAMETERS"})
		return
	}
	if _, err := time.Parse(time.RFC3339, body.Access.ValidUntil); err != nil {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"code": 422, "message": "valid_until", "error": "WRONG_REQUEST_PARAMETERS"})
		return
	}
	f.mu.Lock()
	f.Auth = raw
	f.mu.Unlock()
	q := url.Values{"state": {body.State}, "redirect": {body.RedirectURL}, "valid_until": {body.Access.ValidUntil}}
	writeJSON(w, http.StatusOK, map[string]any{"url": f.Server.URL + "/bank/authorize?" + q.Encode(), "authorization_id": randHex(8)})
}

// authorize is the bank's page: the user agrees at once and is sent back
// with a fresh code.
func (f *EnableBanking) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	back, err := url.Parse(q.Get("redirect"))
	if err != nil || back.Host == "" {
		http.Error(w, "bad redirect", http.StatusBadRequest)
		return
	}
	code := randHex(10)
	f.mu.Lock()
	f.codes[code] = true
	f.mu.Unlock()
	bq := back.Query()
	bq.Set("code", code)
	bq.Set("state", q.Get("state"))
	back.RawQuery = bq.Encode()
	http.Redirect(w, r, back.String(), http.StatusFound)
}

// Code makes an authorisation code as the bank's page would.
func (f *EnableBanking) Code() string {
	code := randHex(10)
	f.mu.Lock()
	f.codes[code] = true
	f.mu.Unlock()
	return code
}

func (f *EnableBanking) session(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Code string `json:"code"`
	}
	_ = json.NewDecoder(r.Body).Decode(&body)
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.codes[body.Code] {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"code": 422, "message": "authorization code is invalid", "error": "WRONG_AUTHORIZATION_CODE"})
		return
	}
	delete(f.codes, body.Code)
	id := randHex(12)
	f.sessions[id] = ""
	accounts := []map[string]any{}
	for _, a := range f.accounts {
		accounts = append(accounts, f.accountJSON(a))
	}
	writeJSON(w, http.StatusOK, map[string]any{"session_id": id, "accounts": accounts,
		"aspsp":  map[string]string{"name": "ING", "country": "DE"},
		"access": map[string]string{"valid_until": time.Now().Add(90 * 24 * time.Hour).UTC().Format(time.RFC3339)}})
}

func (f *EnableBanking) accountJSON(a *Account) map[string]any {
	return map[string]any{"uid": a.ID, "name": a.Name, "currency": a.Currency, "account_id": map[string]string{"iban": a.IBAN}}
}

func (f *EnableBanking) getSession(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	why, ok := f.sessions[r.PathValue("id")]
	if !ok || why != "" {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"code": 401, "message": "Session is expired", "error": "EXPIRED_SESSION"})
		return
	}
	ids := []string{}
	for _, a := range f.accounts {
		ids = append(ids, a.ID)
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": "AUTHORIZED", "accounts": ids})
}

func (f *EnableBanking) deleteSession(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.sessions[r.PathValue("id")] = "CLOSED_SESSION"
	f.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"message": "OK"})
}

func (f *EnableBanking) details(w http.ResponseWriter, _ *http.Request, a *Account) {
	writeJSON(w, http.StatusOK, f.accountJSON(a))
}

func (f *EnableBanking) balances(w http.ResponseWriter, _ *http.Request, a *Account) {
	writeJSON(w, http.StatusOK, map[string]any{"balances": []map[string]any{
		{"name": "Available", "balance_type": "ITAV", "balance_amount": map[string]string{"currency": a.Currency, "amount": "999999.00"}},
		{"name": "Booked", "balance_type": "CLBD", "reference_date": a.BalanceDate, "balance_amount": map[string]string{"currency": a.Currency, "amount": a.Balance}},
	}})
}

// transactions pages an account's transactions since date_from; the
// continuation_key is the next index.
func (f *EnableBanking) transactions(w http.ResponseWriter, r *http.Request, a *Account) {
	q := r.URL.Query()
	from := q.Get("date_from")
	start := 0
	if k := q.Get("continuation_key"); k != "" {
		n, err := strconv.Atoi(strings.TrimPrefix(k, "k"))
		if err != nil {
			writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"code": 422, "message": "bad continuation_key", "error": "WRONG_CONTINUATION_KEY"})
			return
		}
		start = n
	}
	var list []Tx
	for _, t := range a.Txs {
		if t.Date >= from {
			list = append(list, t)
		}
	}
	size := max(f.PageSize, 1)
	out := []map[string]any{}
	for i := start; i < len(list) && i < start+size; i++ {
		t := list[i]
		amount, indicator := t.Amount, "CRDT"
		if strings.HasPrefix(amount, "-") {
			amount, indicator = amount[1:], "DBIT"
		}
		tx := map[string]any{"transaction_amount": map[string]string{"currency": a.Currency, "amount": amount},
			"credit_debit_indicator": indicator, "status": "BOOK", "booking_date": t.Date, "value_date": t.Date,
			"remittance_information": []string{t.Description}}
		if t.ID != "" {
			tx["entry_reference"] = t.ID
		}
		if t.Pending {
			tx["status"] = "PDNG"
			delete(tx, "booking_date")
			tx["transaction_date"] = t.Date
		}
		if t.Counterparty != "" {
			party := map[string]string{"name": t.Counterparty}
			if indicator == "DBIT" {
				tx["creditor"] = party
			} else {
				tx["debtor"] = party
			}
		}
		out = append(out, tx)
	}
	ans := map[string]any{"transactions": out}
	if start+size < len(list) {
		ans["continuation_key"] = "k" + strconv.Itoa(start+size)
	}
	writeJSON(w, http.StatusOK, ans)
}
