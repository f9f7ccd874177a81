package store_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// A shared bucket: burst events at once, then refused with the wait until
// the next; other keys have their own.
func TestTakeRate(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		for i := range 3 {
			if ok, _, err := db.TakeRate(ctx, "signin:a", time.Hour, 3); err != nil || !ok {
				t.Fatalf("event %d refused: %v", i+1, err)
			}
		}
		ok, wait, err := db.TakeRate(ctx, "signin:a", time.Hour, 3)
		if err != nil || ok || wait < 59*time.Minute || wait > time.Hour {
			t.Fatalf("the 4th: %v %s %v", ok, wait, err)
		}
		if ok, _, err := db.TakeRate(ctx, "signin:b", time.Hour, 3); err != nil || !ok {
			t.Fatalf("another key: %v %v", ok, err)
		}
		if err := db.SweepRates(ctx); err != nil {
			t.Fatal(err)
		}
		if ok, _, _ := db.TakeRate(ctx, "signin:a", time.Hour, 3); ok {
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
			ok, _, err := db.TakeRate(context.Background(), "upload:10.0.0.1", time.Hour, 7)
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
