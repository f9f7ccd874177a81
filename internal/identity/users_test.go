package identity_test

import (
	"context"
	"testing"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/instance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

func TestCreateUser(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := identity.New(db)
		ctx := context.Background()
		t.Run("OK", func(t *testing.T) {
			u, err := ids.CreateUser(ctx, identity.NewUser{Email: "ana@example.com", PasswordHash: "h", Name: "Ana"})
			if err != nil {
				t.Fatal(err)
			}
			if u.Rol != finance.RolAdmin || u.ProviderID != finance.ProviderEmail || u.LanguagePreference != finance.LangSpanish ||
				u.ThemePreference != finance.ThemeLight || !u.FirstTime || !u.HasPassword || u.LedgerID == 0 || u.UID == "" {
				t.Fatalf("unexpected defaults: %+v", u)
			}
			second, err := ids.CreateUser(ctx, identity.NewUser{Email: "bob@example.com", LanguagePreference: finance.LangFrench})
			if err != nil {
				t.Fatal(err)
			}
			if second.Rol != finance.RolUser || second.HasPassword || second.LanguagePreference != finance.LangFrench || second.LedgerID == u.LedgerID {
				t.Fatalf("second user: %+v", second)
			}
		})
		t.Run("ErrEmailTaken", func(t *testing.T) {
			_, err := ids.CreateUser(ctx, identity.NewUser{Email: "ana@example.com"})
			if finance.ErrorCode(err) != finance.ECodeEmailTaken {
				t.Fatalf("got %v", err)
			}
			if n, _ := ids.CountUsers(ctx); n != 2 {
				t.Fatalf("users = %d, want 2 (nothing created by the failed sign-up)", n)
			}
		})
		t.Run("ErrNotFound", func(t *testing.T) {
			if _, err := ids.UserByID(ctx, 999999); finance.ErrorCode(err) != finance.ECodeNotFound {
				t.Fatalf("got %v", err)
			}
			if _, _, err := ids.UserByEmail(ctx, "nobody@example.com"); finance.ErrorCode(err) != finance.ECodeNotFound {
				t.Fatalf("got %v", err)
			}
		})
	})
}

func TestIdentities(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := identity.New(db)
		ctx := context.Background()
		u, err := ids.CreateUser(ctx, identity.NewUser{Email: "g@example.com", ProviderID: finance.ProviderGoogle,
			Identity: &identity.Identity{Issuer: "https://accounts.google.com", Subject: "123", Email: "g@example.com"}})
		if err != nil {
			t.Fatal(err)
		}
		got, err := ids.UserByIdentity(ctx, "https://accounts.google.com", "123")
		if err != nil || got.ID != u.ID || got.ProviderID != finance.ProviderGoogle {
			t.Fatalf("by identity: %+v %v", got, err)
		}
		other, _ := ids.CreateUser(ctx, identity.NewUser{Email: "o@example.com"})
		if err := ids.LinkIdentity(ctx, other.ID, identity.Identity{Issuer: "https://accounts.google.com", Subject: "123"}); finance.ErrorCode(err) != finance.ECodeConflict {
			t.Fatalf("linking a taken identity: %v", err)
		}
		if err := ids.SetProviderID(ctx, u.ID, "https://idp.example.com"); err != nil {
			t.Fatal(err)
		}
		if got, _ := ids.UserByID(ctx, u.ID); got.ProviderID != "https://idp.example.com" {
			t.Fatalf("providerId = %q", got.ProviderID)
		}
	})
}

func TestSettingsAndProfile(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := identity.New(db)
		ctx := context.Background()
		u, _ := ids.CreateUser(ctx, identity.NewUser{Email: "s@example.com"})
		t.Run("OK", func(t *testing.T) {
			got, err := ids.UpdateSettings(ctx, u.ID, finance.Settings{LanguagePreference: finance.LangEnglish, ThemePreference: finance.ThemeDark})
			if err != nil || got.LanguagePreference != finance.LangEnglish || got.ThemePreference != finance.ThemeDark {
				t.Fatalf("%+v %v", got, err)
			}
		})
		t.Run("ErrInvalid", func(t *testing.T) {
			_, err := ids.UpdateSettings(ctx, u.ID, finance.Settings{LanguagePreference: "KLINGON", ThemePreference: finance.ThemeDark})
			if finance.ErrorCode(err) != finance.ECodeInvalid {
				t.Fatalf("got %v", err)
			}
			if got, _ := ids.UserByID(ctx, u.ID); got.LanguagePreference != finance.LangEnglish {
				t.Fatal("a refused update changed the document")
			}
		})
		t.Run("Profile", func(t *testing.T) {
			name, phone := "Sara", "+34 600"
			got, err := ids.UpdateProfile(ctx, u.ID, finance.ProfilePatch{Name: &name, Phone: &phone})
			if err != nil || got.Name != "Sara" || got.Phone != "+34 600" || got.LastName != "" {
				t.Fatalf("%+v %v", got, err)
			}
		})
		t.Run("Welcome", func(t *testing.T) {
			got, err := ids.CompleteWelcome(ctx, u.ID, identity.Welcome{Language: finance.LangFrench, Currency: "JPY"})
			if err != nil || got.FirstTime || got.BaseCurrency != "JPY" || got.LanguagePreference != finance.LangFrench {
				t.Fatalf("%+v %v", got, err)
			}
		})
	})
}

func TestSessionsAndDelete(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := identity.New(db)
		ctx := context.Background()
		u, _ := ids.CreateUser(ctx, identity.NewUser{Email: "x@example.com", Identity: &identity.Identity{Issuer: "i", Subject: "s"}})
		keep, _ := ids.CreateUser(ctx, identity.NewUser{Email: "keep@example.com"})
		now := time.Now()
		for i, h := range []string{"a", "b", "c"} {
			if err := ids.CreateSession(ctx, identity.Session{TokenHash: h, UserID: u.ID, CreatedAt: now, LastSeenAt: now,
				ExpiresAt: now.Add(time.Duration(i+1) * time.Hour)}, "ua", "127.0.0.1"); err != nil {
				t.Fatal(err)
			}
		}
		_ = ids.CreateSession(ctx, identity.Session{TokenHash: "k", UserID: keep.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(5 * time.Hour)}, "", "")
		s, err := ids.SessionByHash(ctx, "b")
		if err != nil || s.UserID != u.ID || s.ExpiresAt.UnixMilli() != now.Add(2*time.Hour).UnixMilli() {
			t.Fatalf("%+v %v", s, err)
		}
		if err := ids.DeleteSession(ctx, "a"); err != nil {
			t.Fatal(err)
		}
		if _, err := ids.SessionByHash(ctx, "a"); finance.ErrorCode(err) != finance.ECodeNotFound {
			t.Fatalf("deleted session still found: %v", err)
		}
		if n, err := ids.DeleteExpiredSessions(ctx, now.Add(150*time.Minute), now.Add(-time.Hour)); err != nil || n != 1 {
			t.Fatalf("expired deleted %d, %v", n, err)
		}
		sink := &collectedExport{tables: map[string][]map[string]any{}}
		err = instance.New(db).ExportUserData(ctx, u.ID, sink)
		export := sink.tables
		if err != nil || len(export["sessions"]) != 1 || len(export["ledgers"]) != 1 || len(export["user_identities"]) != 1 {
			t.Fatalf("export: %v %v", export, err)
		}
		if _, leaked := export["sessions"][0]["token_hash"]; leaked {
			t.Fatal("export leaks the session hash")
		}
		if err := ids.DeleteUser(ctx, u.ID); err != nil {
			t.Fatal(err)
		}
		for _, table := range []string{"users", "ledgers", "ledger_members", "sessions", "user_identities"} {
			if n := storetest.CountRows(ctx, db, table, u.ID); n != 0 {
				t.Errorf("%s still holds %d rows of the deleted user", table, n)
			}
		}
		if _, err := ids.SessionByHash(ctx, "k"); err != nil {
			t.Fatalf("another user's session went with it: %v", err)
		}
	})
}

// collectedExport is an ExportSink that keeps the rows by table.
type collectedExport struct {
	table  string
	tables map[string][]map[string]any
}

func (c *collectedExport) Table(name string) error {
	c.table = name
	c.tables[name] = []map[string]any{}
	return nil
}

func (c *collectedExport) Row(row map[string]any) error {
	c.tables[c.table] = append(c.tables[c.table], row)
	return nil
}
