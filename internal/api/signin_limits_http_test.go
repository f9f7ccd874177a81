package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// fromAddress sends every request as if from addr (the server believes
// X-Forwarded-For from loopback: identityOptions.trustProxy).
type fromAddress struct{ addr string }

func (f fromAddress) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("X-Forwarded-For", f.addr)
	return http.DefaultTransport.RoundTrip(r)
}

// clientFrom is a browser at the client address addr.
func clientFrom(t *testing.T, srv *httptest.Server, addr string) *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: t, base: srv.URL, http: &http.Client{Jar: jar, Transport: fromAddress{addr}}}
}

// detailed is a problem's code and detail.
type detailed struct {
	Code   string `json:"code"`
	Detail string `json:"detail"`
}

// limited sends a JSON POST and returns the status, the Retry-After in
// seconds (0 without one) and the problem's code and detail.
func (c *client) limited(path string, body any) (int, int, detailed) {
	c.t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", c.base+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	var p detailed
	_ = json.NewDecoder(resp.Body).Decode(&p)
	ra, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
	return resp.StatusCode, ra, p
}

// Wrong passwords slow the address that sends them, for that account, with
// a wait that grows (429, Retry-After, "wait N minutes"); the owner signs
// in from another address meanwhile, even past an account-wide limit.
func TestSignInBackoffPerAccountAndAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, clk := identityServer(t, db, identityOptions{trustProxy: true, perAccount: 3})
		clientFrom(t, srv, "198.51.100.7").signUp("ana@example.com")
		attacker := clientFrom(t, srv, "203.0.113.9")
		wrong := map[string]string{"email": "ana@example.com", "password": "wrong-password-1"}
		right := map[string]string{"email": "ana@example.com", "password": "mango-river-42"}
		for i := range 5 {
			if code, _, p := attacker.limited("/api/v1/auth/login", wrong); code != 401 {
				t.Fatalf("wrong password %d: %d %+v", i+1, code, p)
			}
		}
		code, ra, p := attacker.limited("/api/v1/auth/login", right)
		if code != 429 || ra != 60 || p.Code != "rate_limited" || !strings.Contains(p.Detail, "wait 1 minute") {
			t.Fatalf("the 6th try: %d Retry-After %d %+v", code, ra, p)
		}
		// The owner, elsewhere, is not kept out.
		if code, _, p := clientFrom(t, srv, "198.51.100.7").limited("/api/v1/auth/login", right); code != 200 {
			t.Fatalf("the owner from another address: %d %+v", code, p)
		}
		// After the wait, one more try; then twice the wait.
		clk.Add(time.Minute)
		if code, _, p := attacker.limited("/api/v1/auth/login", wrong); code != 401 {
			t.Fatalf("after the wait: %d %+v", code, p)
		}
		if code, ra, p := attacker.limited("/api/v1/auth/login", wrong); code != 429 || ra != 120 || !strings.Contains(p.Detail, "wait 2 minute") {
			t.Fatalf("the next wait: %d Retry-After %d %+v", code, ra, p)
		}
		// A right password forgets the address's tries.
		clk.Add(2 * time.Minute)
		if code, _, p := attacker.limited("/api/v1/auth/login", right); code != 200 {
			t.Fatalf("the right password after the wait: %d %+v", code, p)
		}
		for i := range 5 {
			if code, _, p := attacker.limited("/api/v1/auth/login", wrong); code != 401 {
				t.Fatalf("after a success, wrong password %d: %d %+v", i+1, code, p)
			}
		}
	})
}

// Five wrong codes end the sign-in and say so (two_factor_attempts, not
// "too late"); the account's codes then wait, longer each time, across
// sign-ins (429 with Retry-After); a refused code costs the sign-in none
// of its tries, and a right code after the wait signs in.
func TestTwoFactorWrongCodesEndTheSignInAndBackOff(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, clk := identityServer(t, db, identityOptions{})
		c := newClient(t, srv)
		c.signUp("ana@example.com")
		secret, _ := turnOnTwoFactor(t, c, clk)
		clk.Add(time.Minute)
		wrong := map[string]string{"code": "000000"}
		for round := range 2 {
			b := newClient(t, srv)
			if code, _ := b.login("ana@example.com", "mango-river-42"); code != 202 {
				t.Fatalf("round %d, password step: %d", round, code)
			}
			for i := range 4 {
				if code, _, p := b.limited("/api/v1/auth/login/two-factor", wrong); code != 400 {
					t.Fatalf("round %d, wrong code %d: %d %+v", round, i+1, code, p)
				}
			}
			if code, _, p := b.limited("/api/v1/auth/login/two-factor", wrong); code != 401 || p.Code != "two_factor_attempts" {
				t.Fatalf("round %d, the 5th wrong code: %d %+v", round, code, p)
			}
			// The sign-in is over: a right code does not complete it.
			if code, _, p := b.limited("/api/v1/auth/login/two-factor", map[string]string{"code": codeAt(t, secret, clk.Now())}); code != 401 || p.Code != "two_factor_expired" {
				t.Fatalf("round %d, a right code after: %d %+v", round, code, p)
			}
		}
		// Ten wrong codes for the account: the next waits a minute.
		b := newClient(t, srv)
		if code, _ := b.login("ana@example.com", "mango-river-42"); code != 202 {
			t.Fatalf("password step: %d", code)
		}
		if code, ra, p := b.limited("/api/v1/auth/login/two-factor", wrong); code != 429 || ra != 60 || p.Code != "rate_limited" {
			t.Fatalf("the 11th code: %d Retry-After %d %+v", code, ra, p)
		}
		clk.Add(time.Minute)
		if code, _, p := b.limited("/api/v1/auth/login/two-factor", wrong); code != 400 {
			t.Fatalf("after the wait: %d %+v", code, p)
		}
		if code, ra, _ := b.limited("/api/v1/auth/login/two-factor", wrong); code != 429 || ra != 120 {
			t.Fatalf("the next wait: %d Retry-After %d", code, ra)
		}
		clk.Add(2 * time.Minute)
		if code, _, p := b.limited("/api/v1/auth/login/two-factor", map[string]string{"code": codeAt(t, secret, clk.Now())}); code != 200 {
			t.Fatalf("the right code after the wait: %d %+v", code, p)
		}
		// The success forgets the account's wrong codes.
		d := newClient(t, srv)
		if code, _ := d.login("ana@example.com", "mango-river-42"); code != 202 {
			t.Fatalf("password step: %d", code)
		}
		if code, _, p := d.limited("/api/v1/auth/login/two-factor", wrong); code != 400 {
			t.Fatalf("after a success: %d %+v", code, p)
		}
	})
}
