//go:build !testclock

package main

import (
	"net/http"
	"time"
)

// serverClock is the real clock: the production binary has no other (see
// clock_testclock.go for the end-to-end tests' build).
type serverClock struct{}

func newServerClock() *serverClock { return &serverClock{} }

// now is the store's clock: nil for time.Now.
func (*serverClock) now() func() time.Time { return nil }

// wake asks the schedules job for a round: never, here.
func (*serverClock) wake() <-chan chan struct{} { return nil }

// wrap adds the clock's own routes to the server: none, here.
func (*serverClock) wrap(h http.Handler) http.Handler { return h }
