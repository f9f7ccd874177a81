package auth

import (
	"strings"
	"testing"
	"time"

	"cashcontrol/internal/finance"
)

// RFC 6238's test key ("12345678901234567890") in base32, and its SHA-1
// codes (the last 6 of the RFC's 8 digits).
const rfcSecret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"

func TestTOTPMatchesRFC6238(t *testing.T) {
	for _, c := range []struct {
		unix int64
		code string
	}{{59, "287082"}, {1111111109, "081804"}, {1111111111, "050471"}, {1234567890, "005924"}, {2000000000, "279037"}, {20000000000, "353130"}} {
		at := time.Unix(c.unix, 0)
		step, ok := matchTOTP(rfcSecret, c.code, at)
		if !ok || step != c.unix/30 {
			t.Errorf("%d: %s not accepted (step %d)", c.unix, c.code, step)
		}
		// One step away either side is accepted as that step; two are not.
		if step, ok := matchTOTP(rfcSecret, c.code, at.Add(30*time.Second)); !ok || step != c.unix/30 {
			t.Errorf("%d: a step later refused", c.unix)
		}
		if step, ok := matchTOTP(rfcSecret, c.code, at.Add(-30*time.Second)); !ok || step != c.unix/30 {
			t.Errorf("%d: a step earlier refused", c.unix)
		}
		if _, ok := matchTOTP(rfcSecret, c.code, at.Add(61*time.Second)); ok {
			t.Errorf("%d: accepted two steps later", c.unix)
		}
	}
	for _, bad := range []string{"", "28708", "2870822", "28708a", "000000"} {
		if _, ok := matchTOTP(rfcSecret, bad, time.Unix(59, 0)); ok {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, ok := matchTOTP(rfcSecret, "287 082", time.Unix(59, 0)); !ok {
		t.Error("a code with a space refused")
	}
}

func TestRecoveryCodes(t *testing.T) {
	codes, hashes, err := newRecoveryCodes()
	if err != nil {
		t.Fatal(err)
	}
	if len(codes) != finance.RecoveryCodeCount || len(hashes) != len(codes) {
		t.Fatalf("%d codes, %d hashes", len(codes), len(hashes))
	}
	seen := map[string]bool{}
	for i, c := range codes {
		if len(c) != 11 || c[5] != '-' || strings.ContainsAny(c, "01ilo") || seen[c] {
			t.Fatalf("code %q", c)
		}
		seen[c] = true
		// The typed forms a person may use hash alike.
		for _, typed := range []string{c, strings.ToUpper(c), strings.ReplaceAll(c, "-", ""), " " + c[:5] + " " + c[6:] + " "} {
			if recoveryHash(typed) != hashes[i] {
				t.Fatalf("%q hashes differently from %q", typed, c)
			}
		}
	}
}
