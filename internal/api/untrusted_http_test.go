package api_test

import (
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"

	"cashcontrol/internal/api/openapitest"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// badUTF8 is text that is not UTF-8 (a lone continuation byte and an
// overlong encoding), as an attacker may put in any header.
const badUTF8 = "Mozilla \xff\xfe \xc0\xaf"

// queryParams lists each GET route's documented query parameters, from the
// OpenAPI document the route table builds, so that a new parameter is
// covered without anyone remembering to add it.
func queryParams(t *testing.T) map[string][]string {
	t.Helper()
	doc, err := openapitest.Document()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for path, item := range doc.Paths.Map() {
		o := item.Get
		if o == nil || !strings.HasPrefix(path, "/api/v1/") || strings.Contains(path, "{ledgerId}") {
			continue
		}
		var names []string
		for _, p := range append(item.Parameters, o.Parameters...) {
			if p.Value != nil && p.Value.In == "query" {
				names = append(names, p.Value.Name)
			}
		}
		sort.Strings(names)
		out[path] = names
	}
	return out
}

// Every query parameter of every GET route, alone and malformed, answers a
// 4xx or a 200, never a 500: ?to=<malformed> without from used to panic in
// every report (recovered as a 500).
func TestMalformedQueryParametersAreNever500(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClient(t, ledgerServer(t, db))
		c.signUp("params@example.com")
		params := queryParams(t)
		if len(params) < 50 {
			t.Fatalf("only %d GET routes", len(params))
		}
		replacer := strings.NewReplacer("{id}", "1", "{provider}", "google", "{userId}", "1", "{token}", "x", "{name}", "x")
		values := []string{"x", "2025-13-45", "2025", "-1", "99999999999999999999", "1,,2", "%ff", "2025-01-01T00:00:00Z"}
		checked := 0
		for path, names := range params {
			if strings.Contains(path, "/events") || strings.HasSuffix(path, "/logout") {
				continue
			}
			for _, name := range names {
				for _, v := range values {
					q := url.QueryEscape(name) + "=" + v
					if v != "%ff" {
						q = url.QueryEscape(name) + "=" + url.QueryEscape(v)
					}
					code, _, body := c.raw("GET", replacer.Replace(path)+"?"+q, "", nil)
					if code >= 500 {
						t.Errorf("GET %s?%s: %d %.200s", path, q, code, body)
					}
					checked++
				}
			}
		}
		if checked < 100 {
			t.Fatalf("only %d parameter values checked", checked)
		}
	})
}

// A header that is not UTF-8 is text like any other: the server stores and
// logs it mended, and answers as it would without it. A User-Agent of
// invalid UTF-8 used to make PostgreSQL refuse the security event: sign-up
// answered 500 (having signed up), and a failed sign-in answered 500 for an
// existing account but 401 for an unknown one, telling which emails have
// accounts.
func TestInvalidUTF8HeadersAreMended(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		headers := map[string]string{
			"User-Agent":      badUTF8,
			"Accept-Language": "fr-\xff",
			"Referer":         "http://x/\xff",
			"X-Forwarded-For": "\xff",
			"Idempotency-Key": "k\xff",
		}
		c := newClient(t, srv)
		if code, _, body := c.raw("POST", "/api/v1/auth/signup", `{"email":"utf@example.com","password":"mango-river-42","name":"U"}`, headers); code != 201 {
			t.Fatalf("sign-up with a bad User-Agent: %d %s", code, body)
		}
		var events []struct {
			Kind      string `json:"kind"`
			UserAgent string `json:"userAgent"`
		}
		if code := c.do("GET", "/api/v1/me/security-events", nil, &events); code != 200 {
			t.Fatalf("security events: %d", code)
		}
		found := false
		for _, e := range events {
			if strings.HasPrefix(e.UserAgent, "Mozilla ") {
				found = true
			}
		}
		if !found {
			t.Errorf("no security event with the mended User-Agent: %+v", events)
		}
		// A token, a password change: they happen and say so.
		if code, _, body := c.raw("POST", "/api/v1/me/tokens", `{"name":"cli","scope":"read"}`, headers); code != 201 {
			t.Errorf("token with a bad User-Agent: %d %s", code, body)
		}
		if code, _, body := c.raw("PUT", "/api/v1/me/password", `{"currentPassword":"mango-river-42","newPassword":"kiwi-ocean-9876"}`, headers); code >= 300 {
			t.Errorf("password change with a bad User-Agent: %d %s", code, body)
		}
		// A wrong password answers the same for a known and an unknown email.
		anon := newClient(t, srv)
		known, _, kb := anon.raw("POST", "/api/v1/auth/login", `{"email":"utf@example.com","password":"wrong-password-1"}`, headers)
		unknown, _, ub := anon.raw("POST", "/api/v1/auth/login", `{"email":"nobody@example.com","password":"wrong-password-1"}`, headers)
		if known != http.StatusUnauthorized || unknown != known {
			t.Errorf("wrong password: known %d %s, unknown %d %s", known, kb, unknown, ub)
		}
		if code, _, body := anon.raw("POST", "/api/v1/auth/login", `{"email":"utf@example.com","password":"kiwi-ocean-9876"}`, headers); code != 200 {
			t.Errorf("sign-in with a bad User-Agent: %d %s", code, body)
		}
		// And every route, with every header bad at once.
		for _, pattern := range routePatterns(t) {
			method, path, _ := strings.Cut(pattern, " ")
			if strings.HasSuffix(path, "/events") || strings.HasSuffix(path, "/logout") || strings.Contains(path, "/me") && method == "DELETE" {
				continue
			}
			path = strings.NewReplacer("{id}", "1", "{provider}", "google", "{ledgerId}", "1", "{userId}", "1", "{token}", "x").Replace(path)
			if code, _, body := c.raw(method, path, "", headers); code == 500 {
				t.Errorf("%s with bad headers: %d %.200s", pattern, code, body)
			}
		}
	})
}
