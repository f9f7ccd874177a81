package api_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/json"
	"strings"
	"testing"

	"github.com/descope/virtualwebauthn"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

type passkey struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	CreatedAt  int64  `json:"createdAt"`
	LastUsedAt *int64 `json:"lastUsedAt"`
}

// newPasskeyCredential is a device's P-256 key whose coordinates are both 32
// bytes long. virtualwebauthn writes them without their leading zero bytes
// (big.Int.Bytes), which go-webauthn rightly refuses: about one key in 128
// would fail the test for nothing.
func newPasskeyCredential(t *testing.T) virtualwebauthn.Credential {
	t.Helper()
	for {
		key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		point, err := key.PublicKey.Bytes() // 0x04, X and Y, 32 bytes each
		if err != nil {
			t.Fatal(err)
		}
		if point[1] == 0 || point[33] == 0 {
			continue
		}
		der, err := x509.MarshalPKCS8PrivateKey(key)
		if err != nil {
			t.Fatal(err)
		}
		return virtualwebauthn.NewCredentialWithImportedKey(virtualwebauthn.KeyTypeEC2, der)
	}
}

// options asks for a ceremony's options and returns them as JSON.
func (c *client) options(path string) string {
	c.t.Helper()
	var raw json.RawMessage
	if code := c.do("POST", path, map[string]any{}, &raw); code != 200 {
		c.t.Fatalf("%s: %d %s", path, code, raw)
	}
	return string(raw)
}

// A passkey registered from Profile signs in alone, as its user; a device
// that is not registered, a replayed answer or another origin do not.
func TestPasskeys(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		const origin = "http://localhost:8080"
		srv, clk := identityServer(t, db, identityOptions{passkeysAt: origin + "/"})
		rp := virtualwebauthn.RelyingParty{Name: "Cash Control", ID: "localhost", Origin: origin}
		c := newClient(t, srv)
		c.signUp("ana@example.com")
		var meta struct {
			Passkeys bool `json:"passkeys"`
		}
		if c.do("GET", "/api/v1/meta", nil, &meta); !meta.Passkeys {
			t.Fatal("meta says no passkeys")
		}
		// Ana's two-step sign-in is on: a passkey needs no code.
		turnOnTwoFactor(t, c, clk)

		opts := c.options("/api/v1/me/passkeys/options")
		parsed, err := virtualwebauthn.ParseAttestationOptions(opts)
		if err != nil {
			t.Fatal(err)
		}
		if parsed.RelyingPartyID != "localhost" || parsed.UserName != "ana@example.com" || !strings.Contains(opts, `"residentKey":"required"`) {
			t.Fatalf("creation options %s", opts)
		}
		// The device keeps the user's handle with the passkey (a discoverable credential).
		authenticator := virtualwebauthn.NewAuthenticatorWithOptions(virtualwebauthn.AuthenticatorOptions{UserHandle: []byte(parsed.UserID)})
		cred := newPasskeyCredential(t)
		answer := virtualwebauthn.CreateAttestationResponse(rp, authenticator, cred, *parsed)
		// Bad input first: no name, then no ceremony (the cookie's token is spent).
		if code, field, _ := c.fieldError("POST", "/api/v1/me/passkeys", map[string]any{"name": " ", "credential": json.RawMessage(answer)}); code != 400 || field != "name" {
			t.Fatalf("no name: %d %s", code, field)
		}
		var pk passkey
		if code := c.do("POST", "/api/v1/me/passkeys", map[string]any{"name": "Laptop", "credential": json.RawMessage(answer)}, &pk); code != 201 || pk.Name != "Laptop" {
			t.Fatalf("add: %d %+v", code, pk)
		}
		authenticator.AddCredential(cred)
		if code, _, fc := c.fieldError("POST", "/api/v1/me/passkeys", map[string]any{"name": "Again", "credential": json.RawMessage(answer)}); code != 401 || fc != "passkey_failed" {
			t.Fatalf("the same answer again: %d %s", code, fc)
		}
		// The same device again: excluded in the options, refused if sent.
		opts2, _ := virtualwebauthn.ParseAttestationOptions(c.options("/api/v1/me/passkeys/options"))
		if len(opts2.ExcludeCredentials) != 1 {
			t.Fatalf("excluded %v", opts2.ExcludeCredentials)
		}

		// Sign in with it, signed out, no email asked.
		anon := newClient(t, srv)
		signIn := func(cl *client, a virtualwebauthn.Authenticator, cr virtualwebauthn.Credential, r virtualwebauthn.RelyingParty) (int, string) {
			ao, err := virtualwebauthn.ParseAssertionOptions(cl.options("/api/v1/auth/passkey/options"))
			if err != nil {
				t.Fatal(err)
			}
			if len(ao.AllowCredentials) != 0 {
				t.Fatalf("sign-in options name credentials: %v", ao.AllowCredentials)
			}
			var p problem
			code := cl.do("POST", "/api/v1/auth/passkey", map[string]any{"credential": json.RawMessage(virtualwebauthn.CreateAssertionResponse(r, a, cr, *ao))}, &p)
			return code, p.Code
		}
		if code, pc := signIn(anon, authenticator, cred, rp); code != 200 {
			t.Fatalf("passkey sign-in: %d %s", code, pc)
		}
		var me struct {
			Email string `json:"email"`
		}
		if anon.do("GET", "/api/v1/me", nil, &me); me.Email != "ana@example.com" {
			t.Fatalf("signed in as %+v", me)
		}
		var list []passkey
		if c.do("GET", "/api/v1/me/passkeys", nil, &list); len(list) != 1 || list[0].LastUsedAt == nil || *list[0].LastUsedAt != clk.Now().UnixMilli() {
			t.Fatalf("list %+v", list)
		}
		// A device nobody registered, and another site's origin: refused.
		stranger := newPasskeyCredential(t)
		if code, pc := signIn(newClient(t, srv), authenticator, stranger, rp); code != 401 || pc != "passkey_failed" {
			t.Fatalf("an unknown passkey: %d %s", code, pc)
		}
		evil := rp
		evil.Origin = "http://evil.example"
		if code, pc := signIn(newClient(t, srv), authenticator, cred, evil); code != 401 || pc != "passkey_failed" {
			t.Fatalf("another origin: %d %s", code, pc)
		}
		// An answer without its ceremony (no cookie) signs nobody in.
		ao, _ := virtualwebauthn.ParseAssertionOptions(newClient(t, srv).options("/api/v1/auth/passkey/options"))
		if code, _, fc := newClient(t, srv).fieldError("POST", "/api/v1/auth/passkey", map[string]any{"credential": json.RawMessage(virtualwebauthn.CreateAssertionResponse(rp, authenticator, cred, *ao))}); code != 401 || fc != "passkey_failed" {
			t.Fatalf("without the ceremony: %d %s", code, fc)
		}
		if code, _, fc := newClient(t, srv).fieldError("POST", "/api/v1/auth/passkey", map[string]any{"credential": "nonsense"}); code != 401 || fc != "passkey_failed" {
			t.Fatalf("nonsense: %d %s", code, fc)
		}

		// Rename, then remove: it signs in no more. Another user cannot touch it.
		o := newClient(t, srv)
		o.signUp("bo@example.com")
		if code := o.do("DELETE", "/api/v1/me/passkeys/"+pk.ID, nil, nil); code != 404 {
			t.Fatalf("another user's remove: %d", code)
		}
		if code := o.do("PATCH", "/api/v1/me/passkeys/"+pk.ID, map[string]string{"name": "Mine"}, nil); code != 404 {
			t.Fatalf("another user's rename: %d", code)
		}
		if code := c.do("PATCH", "/api/v1/me/passkeys/"+pk.ID, map[string]string{"name": " Work laptop "}, &pk); code != 200 || pk.Name != "Work laptop" {
			t.Fatalf("rename: %d %+v", code, pk)
		}
		if code := c.do("DELETE", "/api/v1/me/passkeys/"+pk.ID, nil, nil); code != 204 {
			t.Fatalf("remove: %d", code)
		}
		if code, pc := signIn(newClient(t, srv), authenticator, cred, rp); code != 401 || pc != "passkey_failed" {
			t.Fatalf("a removed passkey: %d %s", code, pc)
		}
		var events []securityEvent
		c.do("GET", "/api/v1/me/security-events", nil, &events)
		var kinds []string
		for _, e := range events {
			kinds = append(kinds, e.Kind+":"+e.Detail)
		}
		got := strings.Join(kinds, " ")
		for _, want := range []string{"passkey_removed:Work laptop", "sign_in:passkey", "passkey_added:Laptop"} {
			if !strings.Contains(got, want) {
				t.Errorf("activity %s lacks %s", got, want)
			}
		}
	})
}

// A server whose address is an IP carries no passkeys, and says so.
func TestPasskeysNeedAHostName(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, _ := identityServer(t, db, identityOptions{passkeysAt: "http://127.0.0.1:8080"})
		c := newClient(t, srv)
		c.signUp("ana@example.com")
		var meta struct {
			Passkeys bool `json:"passkeys"`
		}
		if c.do("GET", "/api/v1/meta", nil, &meta); meta.Passkeys {
			t.Fatal("meta says passkeys")
		}
		for _, path := range []string{"/api/v1/me/passkeys/options", "/api/v1/auth/passkey/options"} {
			if code, _, fc := c.fieldError("POST", path, map[string]any{}); code != 409 || fc != "passkeys_unavailable" {
				t.Fatalf("%s: %d %s", path, code, fc)
			}
		}
	})
}
