package store_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// storeAt is a new database of the dialect ("sqlite" or "postgres") migrated
// up to version, no further: the schema earlier binaries wrote to.
func storeAt(t *testing.T, dialect string, version int64) *store.DB {
	t.Helper()
	opts := store.Options{SQLitePath: filepath.Join(t.TempDir(), "old.db")}
	if dialect == "postgres" {
		opts = store.Options{DatabaseURL: storetest.PostgresURL(t)}
	}
	db, err := store.OpenNoMigrate(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.MigrateUpToForTest(context.Background(), version); err != nil {
		t.Fatal(err)
	}
	return db
}

// reconcileStandIns adds (or, !add, drops) empty stand-ins of migration 28's
// column and tables (and of migration 30's table), which today's queries of movements and accounts read,
// while a test writes an older schema's ledger; and migration 32's
// suggestion counts by month, which today's writes keep (32 drops them and
// counts them again from the movements).
func reconcileStandIns(t *testing.T, db *store.DB, add bool) {
	t.Helper()
	qs := []string{`ALTER TABLE movements ADD COLUMN state TEXT NOT NULL DEFAULT 'uncleared'`,
		`CREATE TABLE reconciliations (id INTEGER, account_id INTEGER, date TEXT, balance INTEGER)`,
		`CREATE TABLE reconcile_drafts (account_id INTEGER, date TEXT, balance INTEGER)`,
		`DROP TABLE category_features`, `CREATE TABLE category_features (ledger_id BIGINT, feature TEXT, category_id BIGINT, period BIGINT, count BIGINT,
			PRIMARY KEY (ledger_id, feature, category_id, period))`}
	if !add {
		qs = []string{`ALTER TABLE movements DROP COLUMN state`, `DROP TABLE reconciliations`, `DROP TABLE reconcile_drafts`}
	}
	for _, q := range qs {
		if err := db.ExecForTest(context.Background(), q); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSearchMovesToFTS5: a SQLite ledger written before migration 21 (its
// search index FTS4's, its search_words empty) is found by the same
// searches after it, and passes the integrity check.
func TestSearchMovesToFTS5(t *testing.T) {
	ctx := context.Background()
	db := storeAt(t, "sqlite", 20)
	// Today's user queries read a later migration's table and column (two-step
	// sign-in, disabled users): empty stand-ins while the old ledger is written.
	for _, q := range []string{`CREATE TABLE user_two_factor (user_id INTEGER, enabled_at INTEGER)`, `ALTER TABLE users ADD COLUMN disabled_at INTEGER`} {
		if err := db.ExecForTest(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	reconcileStandIns(t, db, true)
	u, err := identity.New(db).CreateUser(ctx, identity.NewUser{Email: "old@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	a := mustAccount(t, db, u.LedgerID, "Bank", "EUR", 0)
	c := mustCategory(t, db, u.LedgerID, "Leisure", "expense", 0)
	for i, text := range [][2]string{{"Café Zanzíbar", ""}, {"MERCADONA S.A.", "compra semanal"}, {"Cine", "Crème brûlée à Noël"}} {
		if _, err := db.CreateMovement(ctx, u.LedgerID, finance.MovementDraft{Type: "expense", Date: "2025-01-0" + string(rune('1'+i)),
			Amount: int64(100 * (i + 1)), AccountID: a.ID, CategoryID: c.ID, Description: text[0], Notes: text[1]}); err != nil {
			t.Fatal(err)
		}
	}
	// The binaries of migration 20 left search_words empty on SQLite.
	if err := db.ExecForTest(ctx, `UPDATE movements SET search_words = ''`); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`DROP TABLE user_two_factor`, `ALTER TABLE users DROP COLUMN disabled_at`} {
		if err := db.ExecForTest(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	reconcileStandIns(t, db, false)
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	for q, want := range map[string]int{"cafe": 1, "zanzibar": 1, "mercad": 1, "SEMANAL": 1, "noel creme": 1, "c": 3, "cine brulee": 1, "nada": 0} {
		got, _, err := db.ListMovements(ctx, u.LedgerID, finance.MovementFilter{Text: q}, 50, "")
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != want {
			t.Errorf("%q finds %d movements, want %d", q, len(got), want)
		}
	}
	mustCheck(t, db, u.LedgerID)
	// And the index follows the writes after it.
	if _, err := db.CreateMovement(ctx, u.LedgerID, finance.MovementDraft{Type: "expense", Date: "2025-02-01", Amount: 5, AccountID: a.ID,
		CategoryID: c.ID, Description: "Épicerie"}); err != nil {
		t.Fatal(err)
	}
	got, _, err := db.ListMovements(ctx, u.LedgerID, finance.MovementFilter{Text: "epicer"}, 50, "")
	if err != nil || len(got) != 1 {
		t.Fatalf("after the migration a new movement is found %d times (%v)", len(got), err)
	}
	mustCheck(t, db, u.LedgerID)
}

// TestSearchOrphans: a row of SQLite's search index whose movement is gone
// fails the check.
func TestSearchOrphans(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, store.Options{SQLitePath: filepath.Join(t.TempDir(), "orphans.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.CheckSearchOrphans(ctx); err != nil {
		t.Fatal(err)
	}
	if err := db.ExecForTest(ctx, `INSERT INTO movements_search (rowid, words) VALUES (12345, 'gone')`); err != nil {
		t.Fatal(err)
	}
	if err := db.CheckSearchOrphans(ctx); err == nil {
		t.Fatal("an index row of no movement passes the check")
	}
}

// TestLongWordsAfterMigration26: movements written before migration 26 that
// hold a word longer than the search keeps (their words uncut: 400 bytes of
// ASCII, 300 bytes in 100 Chinese characters, 2,400 bytes, which PostgreSQL's
// tsvector refuses) or empty words get their words again from it, are found
// by the word's beginning and by a longer query, and pass the integrity
// check, on both databases; on PostgreSQL the index then reads the words as
// written ("m²" and "①x" are words, which its parser read as "m" and "x").
func TestLongWordsAfterMigration26(t *testing.T) {
	for _, dialect := range []string{"sqlite", "postgres"} {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			db := storeAt(t, dialect, 25)
			reconcileStandIns(t, db, true)
			u, err := identity.New(db).CreateUser(ctx, identity.NewUser{Email: "old@example.com"})
			if err != nil {
				t.Fatal(err)
			}
			a := mustAccount(t, db, u.LedgerID, "Bank", "EUR", 0)
			c := mustCategory(t, db, u.LedgerID, "Leisure", "expense", 0)
			long := strings.Repeat("abcdefghij", 40) // 400 bytes
			han := strings.Repeat("漢字", 50)          // 300 bytes, 100 characters
			huge := strings.Repeat("漢字", 400)        // 2,400 bytes: more than PostgreSQL's tsvector takes
			for i, text := range []string{"Cine " + long, "m² ①x", long + " " + long, han, "y " + huge} {
				if _, err := db.CreateMovement(ctx, u.LedgerID, finance.MovementDraft{Type: "expense", Date: "2025-01-0" + string(rune('1'+i)),
					Amount: int64(100 * (i + 1)), AccountID: a.ID, CategoryID: c.ID, Description: "x", Notes: text}); err != nil {
					t.Fatal(err)
				}
			}
			// The binaries of migration 25 wrote the words uncut (and an import
			// could write empty words).
			for date, words := range map[string]string{"2025-01-01": "x cine " + long, "2025-01-03": "x " + long, "2025-01-04": "x " + han,
				"2025-01-05": "x  y " + huge + " "} {
				if err := db.ExecForTest(ctx, `UPDATE movements SET search_words = '`+words+`' WHERE date = '`+date+`'`); err != nil {
					t.Fatal(err)
				}
			}
			reconcileStandIns(t, db, false)
			if _, err := db.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			for q, want := range map[string]int{"abcdefghij": 2, long: 2, long + "zzz": 2, "cine " + long[:300]: 1, "m²": 1, "①": 1, "①x": 1, "m": 1,
				"漢字": 2, han: 2, huge: 2, "y " + huge[:600]: 1} {
				got, _, err := db.ListMovements(ctx, u.LedgerID, finance.MovementFilter{Text: q}, 50, "")
				if err != nil {
					t.Fatal(err)
				}
				if len(got) != want {
					t.Errorf("%.20q… finds %d movements, want %d", q, len(got), want)
				}
				totals, err := db.TotalMovements(ctx, u.LedgerID, finance.MovementFilter{Text: q})
				if err != nil {
					t.Fatal(err)
				}
				if totals.Count != int64(want) {
					t.Errorf("%.20q… counts %d movements, want %d", q, totals.Count, want)
				}
			}
			mustCheck(t, db, u.LedgerID)
		})
	}
}
