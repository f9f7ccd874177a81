package auth

import (
	"strings"
	"testing"

	"cashcontrol/internal/finance"
)

func TestHashAndVerify(t *testing.T) {
	h, err := HashPassword("correct horse battery")
	if err != nil || !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q, %v", h, err)
	}
	if ok, err := VerifyPassword(h, "correct horse battery"); !ok || err != nil {
		t.Fatalf("right password refused: %v", err)
	}
	if ok, _ := VerifyPassword(h, "correct horse battery!"); ok {
		t.Fatal("wrong password accepted")
	}
	if h2, _ := HashPassword("correct horse battery"); h2 == h {
		t.Fatal("salt not random")
	}
	if _, err := VerifyPassword("$2a$10$bcrypt", "x"); err == nil {
		t.Fatal("unknown hash format accepted")
	}
}

// The hash that unknown emails are checked against has the real parameters
// (so it costs the same) and matches nothing.
func TestTimingHash(t *testing.T) {
	h, _ := HashPassword("x")
	th := timingHash()
	if th[:strings.LastIndex(th[:strings.LastIndex(th, "$")], "$")] != h[:strings.LastIndex(h[:strings.LastIndex(h, "$")], "$")] {
		t.Fatalf("parameters differ: %q vs %q", th, h)
	}
	for _, pw := range []string{"", "x", "password", "\x00"} {
		if ok, err := VerifyPassword(th, pw); ok || err != nil {
			t.Fatalf("timing hash matched %q (%v)", pw, err)
		}
	}
}

func TestCheckPassword(t *testing.T) {
	for _, c := range []struct{ pw, email, want string }{
		{"", "a@b.co", finance.FCodeRequired},
		{"short", "a@b.co", finance.FCodeTooShort},
		{strings.Repeat("x", 300), "a@b.co", finance.FCodeTooLong},
		{"Password123", "a@b.co", finance.FCodeWeak},
		{"12345678", "a@b.co", finance.FCodeWeak},
		{"aaaaaaaaaa", "a@b.co", finance.FCodeWeak},
		{"Someone@Example.com", "someone@example.com", finance.FCodeWeak},
		{"abcdefghij", "a@b.co", finance.FCodeWeak},
		{"mango-river-42", "a@b.co", ""},
	} {
		var v finance.Validation
		CheckPassword(&v, "password", c.pw, c.email)
		err := v.Err()
		got := ""
		if err != nil {
			got = err.(*finance.Error).Fields[0].Code
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.pw, got, c.want)
		}
	}
}
