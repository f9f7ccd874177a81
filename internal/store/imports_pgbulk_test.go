package store_test

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// probeInserts makes every INSERT statement on movements count itself in
// probe, through a trigger of the test's own: a copy without triggers
// leaves it at zero.
func probeInserts(t *testing.T, db *store.DB) func() int {
	t.Helper()
	ctx := context.Background()
	for _, q := range []string{
		`CREATE TABLE probe (n INTEGER NOT NULL)`,
		`CREATE FUNCTION probe_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO probe VALUES (1); RETURN NULL; END $$`,
		`CREATE TRIGGER probe AFTER INSERT ON movements FOR EACH STATEMENT EXECUTE FUNCTION probe_insert()`,
	} {
		if err := db.ExecForTest(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	return func() int {
		t.Helper()
		n, err := db.CountForTest(ctx, `SELECT count(*) FROM probe`)
		if err != nil {
			t.Fatal(err)
		}
		return int(n)
	}
}

// importWords imports n movements into an account in dollars of a ledger
// in euros, with words, tags, transfers, split lines and a category the
// import creates, and checks the ledger and some words' totals against
// their matches. With rated, the dollar has rates: each day's is looked up
// while the import writes (a copy ahead on PostgreSQL); without, the base
// amounts are unknown.
func importWords(t *testing.T, db *store.DB, email string, n int, rated bool) {
	t.Helper()
	ctx := context.Background()
	l := newLedger(t, db, email)
	if rated {
		for _, r := range []finance.RateInput{{Currency: "USD", Date: "2025-01-01", Rate: "0.8"}, {Currency: "USD", Date: "2025-06-15", Rate: "0.9"}} {
			if _, err := db.PutRate(ctx, l, r); err != nil {
				t.Fatal(err)
			}
		}
	}
	usd := mustAccount(t, db, l, "Dollars", "USD", 0)
	cash := mustAccount(t, db, l, "Cash", "EUR", 0)
	food := mustCategory(t, db, l, "Food", "expense", 0)
	fun := mustCategory(t, db, l, "Fun", "expense", 0)
	var rows []finance.ImportDraft
	for i := range n {
		d := finance.ImportDraft{MovementDraft: finance.MovementDraft{Type: finance.MovementExpense, Date: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i*364/n).Format(time.DateOnly), // new days to the end
			Amount: int64(100 + i), AccountID: usd.ID, CategoryID: food.ID, Description: fmt.Sprintf("Mercadona compra %d", i)}}
		switch i % 10 {
		case 1:
			d.Type, d.CategoryID = finance.MovementEarning, 0
			d.CategoryName = "Refunds"
		case 3:
			d.CategoryID, d.CategoryName = 0, "Groceries"
		case 5:
			d.Tags = []string{"weekly"}
		case 7:
			d.Type, d.CategoryID, d.ToAccountID, d.ToAmount, d.Description = finance.MovementTransfer, 0, cash.ID, int64(90+i), "Cajero retirada"
		case 9:
			d.CategoryID, d.Description = 0, "Mercadona y cine"
			d.Splits = []finance.Split{{CategoryID: food.ID, Amount: 60}, {CategoryID: fun.ID, Amount: d.Amount - 60}}
		}
		rows = append(rows, d)
	}
	up, err := db.SaveUpload(ctx, l, "bank.csv", "csv", []byte("x"), store.UploadLimits{})
	if err != nil {
		t.Fatal(err)
	}
	if got, _, err := db.ImportMovements(ctx, l, up, sourceOf(usd.ID, rows)); err != nil || got != n {
		t.Fatalf("imported %d of %d: %v", got, n, err)
	}
	mustCheck(t, db, l)
	for _, q := range []string{"mercadona", "cajero", "compra", "cine"} {
		words, matches, ok, err := db.SearchTotalsForTest(ctx, l, finance.MovementFilter{Text: q})
		if err != nil || !ok {
			t.Fatalf("q=%q: from the words %v, %v", q, ok, err)
		}
		if len(matches) == 0 || !maps.Equal(words, matches) {
			t.Fatalf("q=%q: the words' totals %+v, the matches' %+v", q, words, matches)
		}
		// The dollars converted (their rates looked up), or not at all.
		if usd := words["USD"]; q != "cajero" && rated != (usd.Unrated == 0 && usd.BaseExpenses > 0) { // cajero: transfers
			t.Fatalf("q=%q: rated %v, the dollars' totals %+v", q, rated, usd)
		}
	}
	tagged, err := db.TotalMovements(ctx, l, finance.MovementFilter{Tags: []string{"weekly"}})
	if err != nil || tagged.Count != int64(n/10) {
		t.Fatalf("tagged: %+v of %d, %v", tagged, n/10, err)
	}
}

func TestImportCopiesWithoutTriggersOnPostgres(t *testing.T) {
	db := storetest.OpenPostgres(t)
	if super, err := db.CountForTest(context.Background(), `SELECT CASE WHEN current_setting('is_superuser') = 'on' THEN 1 ELSE 0 END`); err != nil || super != 1 {
		t.Fatalf("CASHCONTROL_TEST_POSTGRES must name a superuser: this test imports as one, which may copy without triggers (%v)", err)
	}
	probe := probeInserts(t, db)
	importWords(t, db, "bulk@example.com", 9000, false) // three COPYs
	importWords(t, db, "rated@example.com", 9000, true)
	if got := probe(); got != 0 {
		t.Fatalf("the imports' COPYs ran %d insert triggers, want none", got)
	}
	l := newLedger(t, db, "after@example.com")
	acc := mustAccount(t, db, l, "Bank", "EUR", 0)
	cat := mustCategory(t, db, l, "Food", "expense", 0)
	if _, err := db.CreateMovement(context.Background(), l, finance.MovementDraft{Type: "expense", Date: "2025-01-01", Amount: 1, AccountID: acc.ID, CategoryID: cat.ID}); err != nil {
		t.Fatal(err)
	}
	if got := probe(); got != 1 {
		t.Fatalf("a movement created after the import ran %d insert triggers, want 1", got)
	}
}

// A role that may not set session_replication_role copies with the
// triggers, and the import is the same.
func TestImportCopiesWithTriggersWithoutTheRight(t *testing.T) {
	u := storetest.PostgresURL(t)
	parsed, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	schema := parsed.Query().Get("search_path")
	admin, err := sql.Open("pgx", u)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	role, password := "cc_"+hex.EncodeToString(b), rand.Text()
	// A password, for a server that trusts only some roles without one.
	if _, err := admin.Exec(`CREATE ROLE ` + role + ` LOGIN NOSUPERUSER PASSWORD '` + password + `'`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		a, err := sql.Open("pgx", u)
		if err == nil {
			_, err = a.Exec(`DROP OWNED BY ` + role)
		}
		if err == nil {
			_, err = a.Exec(`DROP ROLE ` + role)
		}
		if err != nil {
			t.Logf("drop role %s: %v", role, err)
		}
		if a != nil {
			a.Close()
		}
	})
	if _, err := admin.Exec(`GRANT ALL ON SCHEMA ` + schema + ` TO ` + role); err != nil {
		t.Fatal(err)
	}
	parsed.User = url.UserPassword(role, password)
	db, err := store.Open(context.Background(), store.Options{DatabaseURL: parsed.String()})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	probe := probeInserts(t, db)
	importWords(t, db, "plain@example.com", 5000, true)
	importWords(t, db, "unrated@example.com", 5000, false)
	if got := probe(); got != 4 {
		t.Fatalf("the imports' COPYs ran %d insert triggers, want 4 (one a COPY)", got)
	}

	// A COPY that fails while the next batch is read and converted (each
	// day's rate looked up): the import answers its error and writes nothing.
	ctx := context.Background()
	for _, q := range []string{
		`DELETE FROM probe`,
		`CREATE FUNCTION fail_second() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
			IF (SELECT count(*) FROM probe) >= 1 THEN RAISE EXCEPTION 'the second copy fails on purpose'; END IF; RETURN NULL; END $$`,
		`CREATE TRIGGER fail_second AFTER INSERT ON movements FOR EACH STATEMENT EXECUTE FUNCTION fail_second()`,
	} {
		if err := db.ExecForTest(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	l := newLedger(t, db, "failed@example.com")
	if _, err := db.PutRate(ctx, l, finance.RateInput{Currency: "USD", Date: "2025-01-01", Rate: "0.8"}); err != nil {
		t.Fatal(err)
	}
	usd := mustAccount(t, db, l, "Dollars", "USD", 0)
	food := mustCategory(t, db, l, "Food", "expense", 0)
	var rows []finance.ImportDraft
	for i := range 12000 {
		rows = append(rows, finance.ImportDraft{MovementDraft: finance.MovementDraft{Type: finance.MovementExpense,
			Date: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i/40).Format(time.DateOnly), Amount: 100, AccountID: usd.ID, CategoryID: food.ID}})
	}
	up, err := db.SaveUpload(ctx, l, "bank.csv", "csv", []byte("x"), store.UploadLimits{})
	if err != nil {
		t.Fatal(err)
	}
	if n, _, err := db.ImportMovements(ctx, l, up, sourceOf(usd.ID, rows)); err == nil || !strings.Contains(err.Error(), "fails on purpose") {
		t.Fatalf("imported %d with a COPY that fails: %v", n, err)
	}
	if all, err := db.TotalMovements(ctx, l, finance.MovementFilter{}); err != nil || all.Count != 0 {
		t.Fatalf("after a failed import: %+v, %v", all, err)
	}
	mustCheck(t, db, l)
}

func TestBulkCopyChecksWhatItNames(t *testing.T) {
	db := storetest.OpenPostgres(t)
	ctx := context.Background()
	l := newLedger(t, db, "names@example.com")
	acc := mustAccount(t, db, l, "Bank", "EUR", 0)
	gone := mustAccount(t, db, l, "Gone", "EUR", 0)
	cat := mustCategory(t, db, l, "Food", "expense", 0)
	if err := db.DeleteAccount(ctx, l, gone.ID, false); err != nil {
		t.Fatal(err)
	}
	if err := db.BulkReferencesForTest(ctx, l, []int64{acc.ID}, []int64{cat.ID}); err != nil {
		t.Fatalf("an account and a category that are there: %v", err)
	}
	for _, c := range []struct {
		name                 string
		accounts, categories []int64
	}{
		{"a deleted account", []int64{acc.ID, gone.ID}, []int64{cat.ID}},
		{"an account that never was", []int64{acc.ID, 1 << 40}, nil},
		{"a category that never was", []int64{acc.ID}, []int64{cat.ID, 1 << 40}},
	} {
		if err := db.BulkReferencesForTest(ctx, l, c.accounts, c.categories); err == nil || !strings.Contains(err.Error(), "gone") {
			t.Errorf("%s: %v, want an error", c.name, err)
		}
	}
}

// pgBulk copies movements and their tags without any trigger, foreign keys'
// checks included, putting in their place what those below do: a new trigger
// or foreign key on these tables must be done by pgBulk too, or the import
// must keep the triggers.
func TestTriggersACopyLeavesOut(t *testing.T) {
	db := storetest.OpenPostgres(t)
	ctx := context.Background()
	ours := func(s string) bool {
		return !strings.HasPrefix(s, "movements.") && !strings.HasPrefix(s, "movement_tags.")
	}
	got, err := db.TriggersForTest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"movements.movements_words_delete", "movements.movements_words_insert", "movements.movements_words_update"}
	if got = slices.DeleteFunc(got, ours); !slices.Equal(got, want) {
		t.Fatalf("triggers %v, want %v (see pgBulk)", got, want)
	}
	got, err = db.ForeignKeysForTest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want = []string{"movement_tags.ledger_id", "movement_tags.movement_id",
		"movements.account_id", "movements.category_id", "movements.ledger_id", "movements.to_account_id"}
	if got = slices.DeleteFunc(got, ours); !slices.Equal(got, want) {
		t.Fatalf("foreign keys %v, want %v (see pgBulk)", got, want)
	}
}
