package identity_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// A shared bucket: burst events at once, then refused with the wait until
// the next; other keys have their own.
func TestTakeRate(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := identity.New(db)
		ctx := context.Background()
		for i := range 3 {
			if ok, _, err := ids.TakeRate(ctx, "signin:a", time.Hour, 3); err != nil || !ok {
				t.Fatalf("event %d refused: %v", i+1, err)
			}
		}
		ok, wait, err := ids.TakeRate(ctx, "signin:a", time.Hour, 3)
		if err != nil || ok || wait < 59*time.Minute || wait > time.Hour {
			t.Fatalf("the 4th: %v %s %v", ok, wait, err)
		}
		if ok, _, err := ids.TakeRate(ctx, "signin:b", time.Hour, 3); err != nil || !ok {
			t.Fatalf("another key: %v %v", ok, err)
		}
		if err := ids.SweepRates(ctx); err != nil {
			t.Fatal(err)
		}
		if ok, _, _ := ids.TakeRate(ctx, "signin:a", time.Hour, 3); ok {
			t.Fatal("the sweep dropped a bucket still in use")
		}
	})
}

// Two servers on one PostgreSQL taking from one bucket at once: exactly
// burst events go through.
func TestTakeRateAcrossServers(t *testing.T) {
	one, two := storetest.OpenPostgresPair(t)
	var allowed atomic.Int64
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			db := one
			if i%2 == 1 {
				db = two
			}
			ok, _, err := identity.New(db).TakeRate(context.Background(), "upload:10.0.0.1", time.Hour, 7)
			if err != nil {
				t.Error(err)
			}
			if ok {
				allowed.Add(1)
			}
		}()
	}
	wg.Wait()
	if allowed.Load() != 7 {
		t.Fatalf("%d events went through a bucket of 7", allowed.Load())
	}
}

// A backoff: Free attempts go through, then each one waits twice as long
// as the one before (at most Most); waiting out the wait lets one more
// through; a success forgets the key; keys are apart; a quiet key starts
// over after Forget.
func TestTakeAttemptBacksOff(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := identity.New(db)
		ctx := context.Background()
		b := identity.Backoff{Free: 3, First: time.Minute, Most: 5 * time.Minute, Forget: 24 * time.Hour}
		now := time.Now() // the sweep's clock
		take := func(key string) (bool, time.Duration) {
			t.Helper()
			ok, wait, err := ids.TakeAttempt(ctx, key, b, now)
			if err != nil {
				t.Fatal(err)
			}
			return ok, wait
		}
		for i := range 3 {
			if ok, _ := take("signin:a"); !ok {
				t.Fatalf("attempt %d refused", i+1)
			}
		}
		// The third attempt began a wait of a minute.
		if ok, wait := take("signin:a"); ok || wait != time.Minute {
			t.Fatalf("the 4th at once: %v %s", ok, wait)
		}
		if ok, _ := take("signin:b"); !ok {
			t.Fatal("another key was refused")
		}
		// Each wait is twice the one before, up to Most.
		for _, want := range []time.Duration{2 * time.Minute, 4 * time.Minute, 5 * time.Minute, 5 * time.Minute} {
			now = now.Add(time.Minute - time.Second)
			if ok, wait := take("signin:a"); ok || wait <= 0 {
				t.Fatalf("before the wait ended: %v %s", ok, wait)
			}
			now = now.Add(want)
			if ok, _ := take("signin:a"); !ok {
				t.Fatalf("after the wait: refused")
			}
			if ok, wait := take("signin:a"); ok || wait != want {
				t.Fatalf("the next wait: %v %s, want %s", ok, wait, want)
			}
		}
		if err := ids.SweepRates(ctx); err != nil {
			t.Fatal(err)
		}
		if ok, _ := take("signin:a"); ok {
			t.Fatal("the sweep forgot a key that waits")
		}
		if err := ids.ForgetAttempts(ctx, "signin:a"); err != nil {
			t.Fatal(err)
		}
		for i := range 3 {
			if ok, _ := take("signin:a"); !ok {
				t.Fatalf("after a success, attempt %d refused", i+1)
			}
		}
		now = now.Add(24*time.Hour + time.Minute)
		for i := range 3 {
			if ok, _ := take("signin:a"); !ok {
				t.Fatalf("a day later, attempt %d refused", i+1)
			}
		}
	})
}

// Attempts at once on two servers of one PostgreSQL are each counted:
// exactly Free of them go through before the wait.
func TestTakeAttemptAcrossServers(t *testing.T) {
	one, two := storetest.OpenPostgresPair(t)
	b := identity.Backoff{Free: 5, First: time.Hour, Most: time.Hour, Forget: 24 * time.Hour}
	now := time.Now()
	var allowed atomic.Int64
	var wg sync.WaitGroup
	for i := range 30 {
		db := one
		if i%2 == 1 {
			db = two
		}
		wg.Go(func() {
			ok, _, err := identity.New(db).TakeAttempt(context.Background(), "code:user:1", b, now)
			if err != nil {
				t.Error(err)
			}
			if ok {
				allowed.Add(1)
			}
		})
	}
	wg.Wait()
	if allowed.Load() != 5 {
		t.Fatalf("%d attempts went through a backoff of 5", allowed.Load())
	}
}
