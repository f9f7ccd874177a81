package identity_test

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// TestSessionKeepsWholeCharacters: a long user agent is cut at 300
// characters, never inside one (PostgreSQL refuses a cut UTF-8 character).
func TestSessionKeepsWholeCharacters(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := identity.New(db)
		ctx := context.Background()
		u, err := ids.CreateUser(ctx, identity.NewUser{Email: "ua@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		s := identity.Session{TokenHash: "h1", UserID: u.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}
		ua := strings.Repeat("a", 299) + "ééé"
		if err := ids.CreateSession(ctx, s, ua, "2001:db8::1"); err != nil {
			t.Fatalf("create session: %v", err)
		}
		if _, err := ids.SessionByHash(ctx, "h1"); err != nil {
			t.Fatal(err)
		}
	})
}

// A session is read with its user, in one query, as UserByID reads it.
func TestSessionReadsItsUser(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := identity.New(db)
		ctx := context.Background()
		u, err := ids.CreateUser(ctx, identity.NewUser{Email: "su@example.com", Name: "Sue"})
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		if err := ids.CreateSession(ctx, identity.Session{TokenHash: "hs", UserID: u.ID, CreatedAt: now, LastSeenAt: now,
			ExpiresAt: now.Add(time.Hour)}, "", ""); err != nil {
			t.Fatal(err)
		}
		s, err := ids.SessionByHash(ctx, "hs")
		if err != nil {
			t.Fatal(err)
		}
		want, err := ids.UserByID(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if s.UserID != u.ID || s.User == nil || !reflect.DeepEqual(*s.User, *want) || s.User.LedgerID == 0 || s.User.LedgerRole != "owner" {
			t.Fatalf("session's user: %+v, want %+v", s.User, want)
		}
	})
}
