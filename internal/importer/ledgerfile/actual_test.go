package ledgerfile_test

import (
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer/ledgerfile"
	"cashcontrol/internal/importer/ledgerfile/ledgerfiletest"
)

// actualZip builds db.sqlite from testdata/actual/db.sql (then runs extra
// SQL on it) and zips it with metadata.json, as Actual's export does.
func actualZip(t *testing.T, extra string) []byte { return ledgerfiletest.ActualZip(t, extra) }

func zipOf(t *testing.T, files map[string][]byte) []byte { return ledgerfiletest.Zip(t, files) }

func exponents(code string) int {
	return map[string]int{"EUR": 2, "JPY": 0, "BHD": 3}[code]
}

func TestReadActual(t *testing.T) {
	snap, err := ledgerfile.ReadActual(actualZip(t, ""), exponents)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Source != finance.SourceActual || snap.Name != "My Finances" || snap.BaseCurrency != "EUR" {
		t.Fatalf("source %q name %q base %q", snap.Source, snap.Name, snap.BaseCurrency)
	}
	sum := snap.Summary()
	wantAccounts := []finance.SnapshotAccountSummary{
		{Name: "Checking", Type: "bank", Balance: 100000 + 250000 - 120000 - 4550 - 50000 - 9000},
		{Name: "Savings", Type: "savings", Balance: 500000 + 50000},
		{Name: "Old Card", Type: "bank", Balance: -2500 - 1500, Archived: true},
	}
	if !reflect.DeepEqual(sum.Accounts, wantAccounts) {
		t.Fatalf("accounts %+v\nwant %+v", sum.Accounts, wantAccounts)
	}
	openings := []int64{snap.Accounts[0].OpeningBalance, snap.Accounts[1].OpeningBalance, snap.Accounts[2].OpeningBalance}
	if !reflect.DeepEqual(openings, []int64{100000, 500000, -2500}) {
		t.Fatalf("opening balances %v", openings)
	}
	if sum.Movements != 6 || sum.Transfers != 1 || sum.Splits != 1 || sum.Tags != 5 || sum.Budgets != 3 ||
		sum.Categories != 2 || sum.Subcategories != 5 || sum.From != "2025-01-02" || sum.To != "2025-01-20" {
		t.Fatalf("summary %+v", sum)
	}
	if !reflect.DeepEqual(snap.Skipped, []finance.SnapshotSkip{{Line: 17, Code: finance.SkipAmount, Reason: "The transaction's amount is 0."}}) {
		t.Fatalf("skipped %+v", snap.Skipped)
	}

	// The category tree: groups are parents, hidden is archived, the
	// deleted category and group are gone.
	type cat struct {
		Name, Parent, Type string
		Archived           bool
	}
	names := map[int64]string{}
	for _, c := range snap.Categories {
		names[c.ID] = c.Name
	}
	var cats []cat
	for _, c := range snap.Categories {
		cats = append(cats, cat{c.Name, names[c.ParentID], c.Type, c.Archived})
	}
	wantCats := []cat{{"Bills", "", "expense", false}, {"Income", "", "earning", false},
		{"Food", "Bills", "expense", false}, {"Rent", "Bills", "expense", false}, {"Fun", "Bills", "expense", true},
		{"Salary", "Income", "earning", false}, {"Starting Balances", "Income", "earning", false}}
	if !reflect.DeepEqual(cats, wantCats) {
		t.Fatalf("categories %+v", cats)
	}
	if _, err := snap.CategoriesInOrder(); err != nil {
		t.Fatal(err)
	}
	catID := func(name string) int64 {
		for id, n := range names {
			if n == name {
				return id
			}
		}
		t.Fatalf("no category %q", name)
		return 0
	}

	// The movements, in date order.
	type mv struct {
		Type, Date                string
		Amount, Account, Category int64
		To, ToAmount              int64
		Description, Notes        string
		Tags                      []string
	}
	var got []mv
	var split finance.MovementDraft
	for _, m := range snap.Movements {
		d := m.Draft
		if err := d.Validate(); err != nil {
			t.Errorf("movement %+v: %v", d, err)
		}
		got = append(got, mv{d.Type, d.Date, d.Amount, d.AccountID, d.CategoryID, d.ToAccountID, d.ToAmount, d.Description, d.Notes, d.Tags})
		if len(d.Splits) > 0 {
			split = d
		}
	}
	none := []string{}
	want := []mv{
		{"expense", "2025-01-02", 1500, 3, catID("Food"), 0, 0, "Supermarket", "", none},
		{"earning", "2025-01-05", 250000, 1, catID("Salary"), 0, 0, "ACME Corp", "January pay #work", []string{"work"}},
		{"expense", "2025-01-06", 120000, 1, catID("Rent"), 0, 0, "Landlord", "", none},
		{"expense", "2025-01-10", 4550, 1, catID("Food"), 0, 0, "Supermarket", "weekly shop #food #Family", []string{"family", "food"}},
		{"transfer", "2025-01-15", 50000, 1, 0, 2, 0, "", "monthly saving", none},
		{"expense", "2025-01-20", 9000, 1, 0, 0, 0, "Supermarket", "trip #trip", []string{"movies", "trip"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("movements\n%+v\nwant\n%+v", got, want)
	}
	wantLines := []finance.Split{{CategoryID: catID("Food"), Amount: 6000, Note: "groceries"},
		{CategoryID: catID("Fun"), Amount: 3000, Note: "cinema #movies"}}
	if !reflect.DeepEqual(split.Splits, wantLines) {
		t.Fatalf("split lines %+v", split.Splits)
	}

	// The budgets: envelope ones, the merged category's to Food; none is 0.
	type budget struct {
		Category int64
		Month    string
		Amount   int64
		Rollover bool
	}
	var budgets []budget
	for _, b := range snap.Budgets {
		budgets = append(budgets, budget{b.CategoryID, b.Month, *b.Amount, b.Rollover})
	}
	wantBudgets := []budget{{catID("Food"), "2025-01", 40000, false}, {catID("Rent"), "2025-01", 120000, true},
		{catID("Food"), "2025-02", 5000, false}}
	if !reflect.DeepEqual(budgets, wantBudgets) {
		t.Fatalf("budgets %+v", budgets)
	}
}

// Amounts are hundredths in Actual whatever the currency: a yen budget's
// become whole yen; a tracking budget reads reflect_budgets; a split of
// mixed signs is a movement a line.
func TestReadActualCurrencyAndVariants(t *testing.T) {
	snap, err := ledgerfile.ReadActual(actualZip(t, `
		UPDATE preferences SET value = 'JPY' WHERE id = 'defaultCurrencyCode';
		UPDATE preferences SET value = 'tracking' WHERE id = 'budgetType';
		UPDATE transactions SET amount = 3000 WHERE id = 't-split-2';
		UPDATE transactions SET amount = -3000 WHERE id = 't-split';`), exponents)
	if err != nil {
		t.Fatal(err)
	}
	sum := snap.Summary()
	if snap.BaseCurrency != "JPY" || sum.Accounts[0].Balance != 1000+2500-1200-46-500-60+30 || sum.Accounts[1].Balance != 5500 {
		t.Fatalf("base %q accounts %+v", snap.BaseCurrency, sum.Accounts)
	}
	if sum.Movements != 7 || sum.Splits != 0 || len(snap.Budgets) != 1 || *snap.Budgets[0].Amount != 777 {
		t.Fatalf("summary %+v budgets %+v", sum, snap.Budgets)
	}
	last := snap.Movements[len(snap.Movements)-1].Draft
	if last.Type != finance.MovementEarning || last.Amount != 30 || last.Notes != "cinema #movies" || last.Description != "Supermarket" {
		t.Fatalf("the earning line of the mixed split: %+v", last)
	}
}

func TestReadActualRefusesOtherFiles(t *testing.T) {
	good := actualZip(t, "")
	meta, _ := os.ReadFile(filepath.Join("testdata", "actual", "metadata.json"))
	for name, data := range map[string][]byte{
		"zip without db.sqlite": zipOf(t, map[string][]byte{"metadata.json": meta, "other.txt": []byte("x")}),
		"random bytes":          []byte("\x00\x01 this is no zip at all \xff\xfe"),
		"truncated zip":         good[:len(good)/2],
		"not a database":        zipOf(t, map[string][]byte{"db.sqlite": []byte("SQLite format 3\x00 but nothing else"), "metadata.json": meta}),
		"not Actual's database": zipOf(t, map[string][]byte{"db.sqlite": emptySQLite(t), "metadata.json": meta}),
		"bad metadata.json":     zipOf(t, map[string][]byte{"db.sqlite": []byte("x"), "metadata.json": []byte("{nope")}),
	} {
		t.Run(name, func(t *testing.T) {
			snap, err := ledgerfile.ReadActual(data, exponents)
			var fe *finance.Error
			if snap != nil || !errors.As(err, &fe) || len(fe.Fields) != 1 || fe.Fields[0].Field != "file" || fe.Message == "" {
				t.Fatalf("snapshot %v, error %#v", snap, err)
			}
			t.Log(fe.Message)
		})
	}
}

func emptySQLite(t *testing.T) []byte {
	path := filepath.Join(t.TempDir(), "other.sqlite")
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
