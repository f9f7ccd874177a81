package api_test

import (
	"bytes"
	"encoding/base64"
	"image/png"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

type twoFactorSetup struct {
	Secret string `json:"secret"`
	URI    string `json:"uri"`
	QRCode string `json:"qrCode"`
}

type recoveryCodes struct {
	Codes []string `json:"recoveryCodes"`
}

type twoFactorStatus struct {
	Enabled           bool   `json:"enabled"`
	EnabledAt         *int64 `json:"enabledAt"`
	RecoveryCodesLeft int    `json:"recoveryCodesLeft"`
}

type securityEvent struct {
	ID     string `json:"id"`
	Kind   string `json:"kind"`
	Detail string `json:"detail"`
	At     int64  `json:"at"`
	IP     string `json:"ip"`
}

// codeAt is the authenticator app's code for secret at t.
func codeAt(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	code, err := totp.GenerateCode(secret, at)
	if err != nil {
		t.Fatal(err)
	}
	return code
}

func (c *client) fieldError(method, path string, body any) (int, string, string) {
	c.t.Helper()
	var p problem
	code := c.do(method, path, body, &p)
	if len(p.Errors) == 1 {
		return code, p.Errors[0].Field, p.Errors[0].Code
	}
	return code, "", p.Code
}

// turnOnTwoFactor sets up two-step sign-in for the signed-in client with the
// password of signUp and returns the secret and the recovery codes.
func turnOnTwoFactor(t *testing.T, c *client, clk *clock) (string, []string) {
	t.Helper()
	var setup twoFactorSetup
	if code := c.do("POST", "/api/v1/me/two-factor/setup", map[string]string{"currentPassword": "mango-river-42"}, &setup); code != 200 {
		t.Fatalf("setup: %d", code)
	}
	var rc recoveryCodes
	if code := c.do("POST", "/api/v1/me/two-factor/confirm", map[string]string{"code": codeAt(t, setup.Secret, clk.Now())}, &rc); code != 200 {
		t.Fatalf("confirm: %d", code)
	}
	return setup.Secret, rc.Codes
}

// signInWithCode signs c in: the password, then body as the second step;
// it returns the second step's status.
func signInWithCode(t *testing.T, c *client, email string, body map[string]string) int {
	t.Helper()
	var first map[string]any
	if code := c.do("POST", "/api/v1/auth/login", map[string]string{"email": email, "password": "mango-river-42"}, &first); code != 202 || first["twoFactorRequired"] != true {
		t.Fatalf("password step: %d %v", code, first)
	}
	return c.do("POST", "/api/v1/auth/login/two-factor", body, nil)
}

func TestTwoFactorSignIn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, clk := identityServer(t, db, identityOptions{})
		c := newClient(t, srv)
		c.signUp("ana@example.com")
		var st twoFactorStatus
		if c.do("GET", "/api/v1/me/two-factor", nil, &st); st.Enabled || st.EnabledAt != nil {
			t.Fatalf("status before: %+v", st)
		}

		// The setup asks for the password.
		if code, field, fc := c.fieldError("POST", "/api/v1/me/two-factor/setup", map[string]string{}); code != 400 || field != "currentPassword" || fc != "required" {
			t.Fatalf("setup without password: %d %s %s", code, field, fc)
		}
		if code, field, fc := c.fieldError("POST", "/api/v1/me/two-factor/setup", map[string]string{"currentPassword": "wrong-password-1"}); code != 400 || field != "currentPassword" || fc != "mismatch" {
			t.Fatalf("setup with a wrong password: %d %s %s", code, field, fc)
		}
		var setup twoFactorSetup
		if code := c.do("POST", "/api/v1/me/two-factor/setup", map[string]string{"currentPassword": "mango-river-42"}, &setup); code != 200 {
			t.Fatalf("setup: %d", code)
		}
		if !strings.HasPrefix(setup.URI, "otpauth://totp/Cash%20Control:ana@example.com?") || !strings.Contains(setup.URI, "secret="+setup.Secret) {
			t.Fatalf("uri %q", setup.URI)
		}
		pngData, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(setup.QRCode, "data:image/png;base64,"))
		if err != nil {
			t.Fatal(err)
		}
		if img, err := png.Decode(bytes.NewReader(pngData)); err != nil || img.Bounds().Dx() < 200 {
			t.Fatalf("QR code: %v", err)
		}
		// Pending: the sign-in does not ask for a code yet.
		if code, _ := newClient(t, srv).login("ana@example.com", "mango-river-42"); code != 200 {
			t.Fatalf("sign-in while pending: %d", code)
		}
		// A wrong code, a code two steps away: refused, nothing changes.
		for _, wrong := range []string{"000000", codeAt(t, setup.Secret, clk.Now().Add(-65*time.Second)), "12345", "abcdef"} {
			if code, field, fc := c.fieldError("POST", "/api/v1/me/two-factor/confirm", map[string]string{"code": wrong}); code != 400 || field != "code" || fc != "mismatch" {
				t.Fatalf("confirm with %q: %d %s %s", wrong, code, field, fc)
			}
		}
		var rc recoveryCodes
		confirmCode := codeAt(t, setup.Secret, clk.Now())
		if code := c.do("POST", "/api/v1/me/two-factor/confirm", map[string]string{"code": confirmCode[:3] + " " + confirmCode[3:]}, &rc); code != 200 {
			t.Fatalf("confirm: %d", code)
		}
		if len(rc.Codes) != 10 {
			t.Fatalf("recovery codes %v", rc.Codes)
		}
		seen := map[string]bool{}
		for _, rcode := range rc.Codes {
			if !regexp.MustCompile(`^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$`).MatchString(rcode) || seen[rcode] {
				t.Fatalf("recovery code %q", rcode)
			}
			seen[rcode] = true
		}
		var m struct {
			TwoFactor bool `json:"twoFactor"`
		}
		if c.do("GET", "/api/v1/me", nil, &m); !m.TwoFactor {
			t.Fatal("me.twoFactor is false after confirming")
		}
		if c.do("GET", "/api/v1/me/two-factor", nil, &st); !st.Enabled || st.RecoveryCodesLeft != 10 || st.EnabledAt == nil || *st.EnabledAt != clk.Now().UnixMilli() {
			t.Fatalf("status after: %+v", st)
		}
		if code, _, fc := c.fieldError("POST", "/api/v1/me/two-factor/setup", map[string]string{"currentPassword": "mango-river-42"}); code != 409 || fc != "two_factor_enabled" {
			t.Fatalf("setup while on: %d %s", code, fc)
		}

		// The password alone no longer signs in.
		b := newClient(t, srv)
		var first map[string]any
		if code := b.do("POST", "/api/v1/auth/login", map[string]string{"email": "ana@example.com", "password": "mango-river-42"}, &first); code != 202 || first["twoFactorRequired"] != true {
			t.Fatalf("password step: %d %v", code, first)
		}
		if code := b.do("GET", "/api/v1/me", nil, nil); code != 401 {
			t.Fatalf("me after the password step: %d", code)
		}
		// The code that confirmed the setup cannot sign in (same time step).
		if code, field, fc := b.fieldError("POST", "/api/v1/auth/login/two-factor", map[string]string{"code": confirmCode}); code != 400 || field != "code" || fc != "mismatch" {
			t.Fatalf("reused code: %d %s %s", code, field, fc)
		}
		// Next step's code, while the clock is still in this one (a phone's
		// clock a little ahead): accepted.
		ahead := codeAt(t, setup.Secret, clk.Now().Add(30*time.Second))
		if code := b.do("POST", "/api/v1/auth/login/two-factor", map[string]string{"code": ahead}, nil); code != 200 {
			t.Fatalf("code of the next step: %d", code)
		}
		if code := b.do("GET", "/api/v1/me", nil, nil); code != 200 {
			t.Fatalf("me after the second step: %d", code)
		}
		// The same code again, on another browser: refused.
		clk.Add(30 * time.Second)
		if code := signInWithCode(t, newClient(t, srv), "ana@example.com", map[string]string{"code": ahead}); code != 400 {
			t.Fatalf("code used twice: %d", code)
		}
		// A code of the step before the last accepted one is refused too.
		if code := signInWithCode(t, newClient(t, srv), "ana@example.com", map[string]string{"code": codeAt(t, setup.Secret, clk.Now().Add(-30*time.Second))}); code != 400 {
			t.Fatalf("an older code: %d", code)
		}

		// A recovery code, typed in capitals with a space: once.
		typed := strings.ToUpper(strings.Replace(rc.Codes[3], "-", " ", 1))
		if code := signInWithCode(t, newClient(t, srv), "ana@example.com", map[string]string{"recoveryCode": typed}); code != 200 {
			t.Fatalf("recovery code: %d", code)
		}
		if code := signInWithCode(t, newClient(t, srv), "ana@example.com", map[string]string{"recoveryCode": rc.Codes[3]}); code != 400 {
			t.Fatalf("recovery code twice: %d", code)
		}
		if c.do("GET", "/api/v1/me/two-factor", nil, &st); st.RecoveryCodesLeft != 9 {
			t.Fatalf("recovery codes left: %+v", st)
		}

		// Five wrong codes end the attempt (the fifth says so): then even a
		// right code is refused.
		d := newClient(t, srv)
		d.do("POST", "/api/v1/auth/login", map[string]string{"email": "ana@example.com", "password": "mango-river-42"}, nil)
		for i := range 4 {
			if code := d.do("POST", "/api/v1/auth/login/two-factor", map[string]string{"code": "000000"}, nil); code != 400 {
				t.Fatalf("wrong code %d: %d", i, code)
			}
		}
		if code, _, fc := d.fieldError("POST", "/api/v1/auth/login/two-factor", map[string]string{"code": "000000"}); code != 401 || fc != "two_factor_attempts" {
			t.Fatalf("the fifth wrong code: %d %s", code, fc)
		}
		clk.Add(30 * time.Second)
		if code, _, fc := d.fieldError("POST", "/api/v1/auth/login/two-factor", map[string]string{"code": codeAt(t, setup.Secret, clk.Now())}); code != 401 || fc != "two_factor_expired" {
			t.Fatalf("after five wrong codes: %d %s", code, fc)
		}
		// Five minutes after the password, the code comes too late.
		e := newClient(t, srv)
		e.do("POST", "/api/v1/auth/login", map[string]string{"email": "ana@example.com", "password": "mango-river-42"}, nil)
		clk.Add(5*time.Minute + time.Second)
		if code, _, fc := e.fieldError("POST", "/api/v1/auth/login/two-factor", map[string]string{"code": codeAt(t, setup.Secret, clk.Now())}); code != 401 || fc != "two_factor_expired" {
			t.Fatalf("late code: %d %s", code, fc)
		}
		// Without the password step, a code alone signs nobody in.
		if code, _, fc := newClient(t, srv).fieldError("POST", "/api/v1/auth/login/two-factor", map[string]string{"code": codeAt(t, setup.Secret, clk.Now())}); code != 401 || fc != "two_factor_expired" {
			t.Fatalf("code without a password: %d %s", code, fc)
		}

		// New recovery codes: the password and a code; the old ones stop working.
		clk.Add(30 * time.Second)
		if code, field, _ := c.fieldError("POST", "/api/v1/me/two-factor/recovery-codes", map[string]string{"currentPassword": "mango-river-42"}); code != 400 || field != "code" {
			t.Fatalf("new codes without a code: %d %s", code, field)
		}
		var renewed recoveryCodes
		if code := c.do("POST", "/api/v1/me/two-factor/recovery-codes", map[string]string{"currentPassword": "mango-river-42", "code": rc.Codes[0]}, &renewed); code != 200 || len(renewed.Codes) != 10 {
			t.Fatalf("new codes: %d %v", code, renewed)
		}
		if code := signInWithCode(t, newClient(t, srv), "ana@example.com", map[string]string{"recoveryCode": rc.Codes[1]}); code != 400 {
			t.Fatalf("an old recovery code: %d", code)
		}
		if code := signInWithCode(t, newClient(t, srv), "ana@example.com", map[string]string{"recoveryCode": renewed.Codes[1]}); code != 200 {
			t.Fatalf("a new recovery code: %d", code)
		}

		// Turning it off takes the password and a code.
		clk.Add(30 * time.Second)
		off := map[string]string{"currentPassword": "wrong-password-1", "code": codeAt(t, setup.Secret, clk.Now())}
		if code, field, fc := c.fieldError("DELETE", "/api/v1/me/two-factor", off); code != 400 || field != "currentPassword" || fc != "mismatch" {
			t.Fatalf("off with a wrong password: %d %s %s", code, field, fc)
		}
		off["currentPassword"] = "mango-river-42"
		if code := c.do("DELETE", "/api/v1/me/two-factor", off, nil); code != 204 {
			t.Fatalf("off: %d", code)
		}
		if code, _, fc := c.fieldError("DELETE", "/api/v1/me/two-factor", off); code != 409 || fc != "two_factor_disabled" {
			t.Fatalf("off twice: %d %s", code, fc)
		}
		if code, _ := newClient(t, srv).login("ana@example.com", "mango-river-42"); code != 200 {
			t.Fatalf("sign-in after turning off: %d", code)
		}

		// What happened, newest first.
		var events []securityEvent
		if code := c.do("GET", "/api/v1/me/security-events?limit=200", nil, &events); code != 200 {
			t.Fatalf("events: %d", code)
		}
		var got []string
		for _, e := range events {
			got = append(got, e.Kind+":"+e.Detail)
			if e.IP != "127.0.0.1" || e.At == 0 {
				t.Fatalf("event %+v", e)
			}
		}
		want := []string{"sign_in:password", "two_factor_disabled:", "sign_in:password+recovery_code", "sign_in_failed:two_factor", "recovery_codes_regenerated:",
			"sign_in_failed:two_factor", "sign_in_failed:two_factor", "sign_in_failed:two_factor", "sign_in_failed:two_factor", "sign_in_failed:two_factor",
			"sign_in_failed:two_factor", "sign_in:password+recovery_code", "sign_in_failed:two_factor", "sign_in_failed:two_factor",
			"sign_in:password+totp", "sign_in_failed:two_factor", "two_factor_enabled:", "sign_in:password", "sign_up:password"}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("events\n got %v\nwant %v", got, want)
		}
		if code, field, _ := c.fieldError("GET", "/api/v1/me/security-events?limit=201", nil); code != 400 || field != "limit" {
			t.Fatalf("limit 201: %d %s", code, field)
		}
		// Another user sees none of them.
		o := newClient(t, srv)
		o.signUp("bo@example.com")
		if o.do("GET", "/api/v1/me/security-events", nil, &events); len(events) != 1 || events[0].Kind != "sign_up" {
			t.Fatalf("another user's events: %+v", events)
		}
	})
}

// A code, or a recovery code, sent by two browsers at once signs in only one.
func TestTwoFactorCodeWorksOnceUnderConcurrency(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, clk := identityServer(t, db, identityOptions{})
		c := newClient(t, srv)
		c.signUp("ana@example.com")
		secret, codes := turnOnTwoFactor(t, c, clk)
		clk.Add(30 * time.Second)
		for _, body := range []map[string]string{{"code": codeAt(t, secret, clk.Now())}, {"recoveryCode": codes[0]}} {
			const n = 6
			clients := make([]*client, n)
			for i := range clients {
				clients[i] = newClient(t, srv)
				if code, _ := clients[i].login("ana@example.com", "mango-river-42"); code != 202 {
					t.Fatalf("password step: %d", code)
				}
			}
			var wg sync.WaitGroup
			results := make([]int, n)
			for i := range clients {
				wg.Go(func() { results[i] = clients[i].do("POST", "/api/v1/auth/login/two-factor", body, nil) })
			}
			wg.Wait()
			// The others are refused: as a wrong code (400), or, once the
			// account's wrong codes pass the two-step limit (every refused
			// try here counts as one, at once), as a wait (429).
			ok := 0
			for _, r := range results {
				if r == 200 {
					ok++
				} else if r != 400 && r != 429 {
					t.Fatalf("results %v", results)
				}
			}
			if ok != 1 {
				t.Fatalf("%v signed in %d times: %v", body, ok, results)
			}
		}
	})
}
