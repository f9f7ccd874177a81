package api_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"cashcontrol/internal/identity"
	"cashcontrol/internal/secretbox"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// Two-step secrets and the server's secret key: without one they are kept
// as before; a server started with one seals them (no migration) and new
// ones sealed from the start, and codes keep working; a server without the
// key, or with another, refuses the code with a clear 503 that shows
// nothing of the secret.
func TestTwoFactorSecretsSealedWithTheSecretKey(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		const key = "the-servers-secret-key-0123456789abcdef"
		plain := func() map[int64]string {
			t.Helper()
			m, err := identity.New(db).PlainTwoFactorSecrets(ctx, secretbox.Prefix)
			if err != nil {
				t.Fatal(err)
			}
			return m
		}
		old, clk := identityServer(t, db, identityOptions{trustProxy: true})
		c := clientFrom(t, old, "198.51.100.1")
		c.signUp("ana@example.com")
		secret, _ := turnOnTwoFactor(t, c, clk)
		if p := plain(); len(p) != 1 {
			t.Fatalf("without a key: %d plain secrets", len(p))
		}

		sealed, clk := identityServer(t, db, identityOptions{trustProxy: true, secretKey: key})
		if p := plain(); len(p) != 0 {
			t.Fatalf("after a start with the key, still plain: %v", p)
		}
		clk.Add(time.Minute)
		if code := signInWithCode(t, clientFrom(t, sealed, "198.51.100.2"), "ana@example.com", map[string]string{"code": codeAt(t, secret, clk.Now())}); code != 200 {
			t.Fatalf("a code against the sealed secret: %d", code)
		}
		// A new secret is sealed as it is made.
		b := clientFrom(t, sealed, "198.51.100.3")
		b.signUp("bo@example.com")
		bsecret, _ := turnOnTwoFactor(t, b, clk)
		if p := plain(); len(p) != 0 {
			t.Fatalf("a new secret kept plain: %v", p)
		}

		for name, o := range map[string]identityOptions{"no key": {trustProxy: true}, "another key": {trustProxy: true, secretKey: key + "-other"}} {
			srv, clk := identityServer(t, db, o)
			clk.Add(2 * time.Minute)
			d := clientFrom(t, srv, "198.51.100.4")
			if code, _ := d.login("bo@example.com", "mango-river-42"); code != 202 {
				t.Fatalf("%s: password step %d", name, code)
			}
			code, _, p := d.limited("/api/v1/auth/login/two-factor", map[string]string{"code": codeAt(t, bsecret, clk.Now())})
			if code != 503 || p.Code != "secret_key_unavailable" || !strings.Contains(p.Detail, "CASHCONTROL_SECRET_KEY") || strings.Contains(p.Detail, bsecret) {
				t.Fatalf("%s: %d %+v", name, code, p)
			}
		}
	})
}
