package auth

import (
	"runtime"
	"strings"
	"testing"
)

// TestHashingGivesItsMemoryBack: once a password is hashed or checked, the
// heap holds from the system far less than the 19 MiB argon2id worked in.
func TestHashingGivesItsMemoryBack(t *testing.T) {
	h, err := HashPassword("correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	for name, f := range map[string]func(){
		"hash":   func() { _, _ = HashPassword("another password") },
		"verify": func() { _, _ = VerifyPassword(h, "correct horse battery") },
	} {
		f()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		if held := ms.HeapSys - ms.HeapReleased; held > 8<<20 {
			t.Errorf("after a %s the heap holds %d MiB from the system", name, held>>20)
		}
	}
}

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
