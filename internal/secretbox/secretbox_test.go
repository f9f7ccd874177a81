package secretbox

import (
	"errors"
	"strings"
	"testing"
)

const key = "a-test-key-of-at-least-32-characters!!"

func TestSealOpen(t *testing.T) {
	b, err := New(key, "totp")
	if err != nil {
		t.Fatal(err)
	}
	s1, s2 := b.Seal("JBSWY3DPEHPK3PXP"), b.Seal("JBSWY3DPEHPK3PXP")
	if !IsSealed(s1) || s1 == s2 || strings.Contains(s1, "JBSWY3DPEHPK3PXP") {
		t.Fatalf("sealed %q %q", s1, s2)
	}
	if got, err := b.Open(s1); err != nil || got != "JBSWY3DPEHPK3PXP" {
		t.Fatalf("open: %q %v", got, err)
	}
	// Another purpose, or another key, cannot open it.
	other, _ := New(key, "bank")
	wrong, _ := New(key+"x", "totp")
	for _, o := range []*Box{other, wrong} {
		if _, err := o.Open(s1); !errors.Is(err, ErrWrongKey) {
			t.Fatalf("opened with another key: %v", err)
		}
	}
	// No key: nothing sealed can be opened, and says so.
	var none *Box
	if _, err := none.Open(s1); !errors.Is(err, ErrNoKey) {
		t.Fatalf("without a key: %v", err)
	}
	if _, err := b.Open("sb1:not-base64!"); !errors.Is(err, ErrWrongKey) {
		t.Fatalf("garbage: %v", err)
	}
	if IsSealed("JBSWY3DPEHPK3PXP") {
		t.Fatal("a plain secret reads as sealed")
	}
}

func TestNewRefusesShortKeys(t *testing.T) {
	if _, err := New("short", "totp"); err == nil {
		t.Fatal("a short key was taken")
	}
	if b, err := New("", "totp"); b != nil || err != nil {
		t.Fatalf("no key: %v %v", b, err)
	}
}
