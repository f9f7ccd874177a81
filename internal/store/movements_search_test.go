package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// searchIDs pages through every movement the filter lists, pageSize at a
// time, and returns their ids in list order; it fails on a repeat.
func searchIDs(t *testing.T, db *store.DB, l int64, f finance.MovementFilter, pageSize int) []int64 {
	t.Helper()
	var out []int64
	seen := map[int64]bool{}
	cursor := ""
	for pages := 0; ; pages++ {
		items, next, err := db.ListMovements(context.Background(), l, f, pageSize, cursor)
		if err != nil {
			t.Fatalf("list %+v: %v", f, err)
		}
		for _, m := range items {
			if seen[m.ID] {
				t.Fatalf("list %+v: movement %d twice", f, m.ID)
			}
			seen[m.ID] = true
			out = append(out, m.ID)
		}
		if next == nil {
			return out
		}
		if pages > 10000 {
			t.Fatal("endless paging")
		}
		cursor = *next
	}
}

func searchCount(t *testing.T, db *store.DB, l int64, q string) int64 {
	t.Helper()
	tot, err := db.TotalMovements(context.Background(), l, finance.MovementFilter{Text: q})
	if err != nil {
		t.Fatalf("totals q=%q: %v", q, err)
	}
	return tot.Count
}

// TestSearchWords: search is by word prefix, case- and accent-insensitive in
// Spanish, English and French, over descriptions and notes; several words
// must all match; whatever the user types is words, never query syntax, and
// a query with no letter or digit is no filter at all.
func TestSearchWords(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "search@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 0)
		cat := mustCategory(t, db, l, "Misc", "expense", 0)
		texts := [][2]string{
			{"Café con leche", ""},                            // 0
			{"MERCADONA VALENCIA", "compra semanal"},          // 1
			{"Viaje a Zanzíbar", ""},                          // 2
			{"Crème brûlée", "dessert à Noël"},                // 3
			{"Garçon de café", ""},                            // 4
			{"Año nuevo: NIÑO", ""},                           // 5
			{"Coffee shop", "latte, with extra shot"},         // 6
			{"Été français", "l’épicerie d'en face"},          // 7
			{`Pago (ref: 123-456) "urgente"*`, "-"},           // 8
			{"Ninguno", "50% off_sale; juan@correo.es"},       // 9
			{"Œuvre d'ÉLÈVE", "www.example.com/path?x=1&y=2"}, // 10
		}
		ids := make([]int64, len(texts))
		for i, tx := range texts {
			m, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: fmt.Sprintf("2025-01-%02d", 1+i),
				Amount: int64(100 + i), AccountID: acc.ID, CategoryID: cat.ID, Description: tx[0], Notes: tx[1]})
			if err != nil {
				t.Fatal(err)
			}
			ids[i] = m.ID
		}
		all := []int{10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}
		for q, want := range map[string][]int{
			"cafe": {4, 0}, "CAFÉ": {4, 0}, "Cafe": {4, 0}, "caf": {4, 0}, "c": {10, 9, 6, 4, 3, 1, 0},
			"mercad": {1}, "MERCADONA": {1}, "ercadona": {}, "zanzibar": {2}, "ZANZÍBAR": {2}, "zanzíbar": {2},
			"creme brulee": {3}, "brulee creme": {3}, "CRÈME": {3}, "noel": {3}, "NOËL": {3}, "garcon": {4}, "GARÇON": {4},
			"nino": {5}, "niño": {5}, "ano": {5}, "niño año": {5}, "nuevo nino": {5},
			"coffee": {6}, "shot": {6}, "ete": {7}, "été francais": {7}, "FRANÇAIS": {7}, "epicerie": {7}, "face": {7},
			"eleve": {10}, "ÉLÈVE": {10}, "œuvre": {10}, "example": {10}, "path": {10},
			"semanal": {1}, "compra mercadona": {1}, "cafe leche": {0}, "cafe garcon": {4}, "cafe metro": {},
			"123": {8}, "456": {8}, "ref 123": {8}, "urgente": {8}, "sale": {9}, "50": {9}, "off": {9},
			"correo": {9}, "juan": {9},
			`"urgente"`: {8}, "urgente*": {8}, "-urgente": {8}, "ref:123": {8}, "(pago)": {8}, `pago"`: {8},
			"NOT pago": {}, "pago OR cafe": {}, "pago NEAR ref": {}, "leche\x00": {0}, "ca*fe": {}, "caf%": {4, 0}, "ca_fe": {},
			"'cafe'": {4, 0}, `\cafe`: {4, 0}, "cafe:*": {4, 0}, "cafe & leche": {0}, "cafe | leche": {0}, "!cafe": {4, 0},
			// No letter or digit: no filter.
			"!!!": all, "*": all, `"`: all, "-": all, ":": all, "()": all, "\x00": all, "% _": all, "'": all, "&|!:*": all,
		} {
			var wantIDs []int64
			for _, i := range want {
				wantIDs = append(wantIDs, ids[i])
			}
			for _, size := range []int{2, 50} {
				got := searchIDs(t, db, l, finance.MovementFilter{Text: q}, size)
				if !slices.Equal(got, wantIDs) {
					t.Errorf("q=%q (pages of %d): %v, want %v", q, size, got, wantIDs)
				}
			}
			if n := searchCount(t, db, l, q); n != int64(len(want)) {
				t.Errorf("q=%q: totals count %d, want %d", q, n, len(want))
			}
			asc := searchIDs(t, db, l, finance.MovementFilter{Text: q, Ascending: true}, 3)
			slices.Reverse(asc)
			if !slices.Equal(asc, wantIDs) {
				t.Errorf("q=%q oldest first: %v, want %v reversed", q, asc, wantIDs)
			}
		}
		// PostgreSQL answers from the index (the query's expression is the index's).
		if plan, err := db.ExplainSearchForTest(ctx, l, "cafe leche"); err != nil || (db.Dialect() == store.Postgres && !strings.Contains(plan, "movements_search")) {
			t.Fatalf("the search does not use the index: %v\n%.3000s", err, plan)
		}
		// Another ledger's movements are never found.
		other := newLedger(t, db, "other@example.com")
		if n := searchCount(t, db, other, "cafe"); n != 0 {
			t.Fatalf("another ledger finds %d", n)
		}
		mustCheck(t, db, l)
	})
}

// TestSearchFollowsEveryWrite: the index follows creates, edits of the text
// and of the date, deletes, bulk creates, recategorizations and deletes, an
// import's commit, an account's deletion with its movements and a user's.
func TestSearchFollowsEveryWrite(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "writes@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 0)
		other := mustAccount(t, db, l, "Other", "EUR", 0)
		food := mustCategory(t, db, l, "Food", "expense", 0)
		fun := mustCategory(t, db, l, "Fun", "expense", 0)
		expect := func(step, q string, want int64) {
			t.Helper()
			if n := searchCount(t, db, l, q); n != want {
				t.Fatalf("%s: q=%q finds %d, want %d", step, q, n, want)
			}
			if got := searchIDs(t, db, l, finance.MovementFilter{Text: q}, 7); int64(len(got)) != want {
				t.Fatalf("%s: q=%q lists %d, want %d", step, q, len(got), want)
			}
			mustCheck(t, db, l)
		}
		m, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: "2025-03-10", Amount: 500,
			AccountID: acc.ID, CategoryID: food.ID, Description: "Alpha café"})
		if err != nil {
			t.Fatal(err)
		}
		expect("create", "alpha cafe", 1)
		if _, err := db.UpdateMovement(ctx, l, m.ID, finance.MovementInput{Description: ptr("Bravo crème")}); err != nil {
			t.Fatal(err)
		}
		expect("edit description: old word", "alpha", 0)
		expect("edit description: new word", "creme", 1)
		if _, err := db.UpdateMovement(ctx, l, m.ID, finance.MovementInput{Notes: ptr("Charlie niño")}); err != nil {
			t.Fatal(err)
		}
		expect("edit notes", "charlie nino bravo", 1)
		// A later movement, then the first moved after it: the list follows.
		later, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: "2025-04-01", Amount: 700,
			AccountID: acc.ID, CategoryID: fun.ID, Description: "Bravo later"})
		if err != nil {
			t.Fatal(err)
		}
		if got := searchIDs(t, db, l, finance.MovementFilter{Text: "bravo"}, 1); !slices.Equal(got, []int64{later.ID, m.ID}) {
			t.Fatalf("before the date edit: %v", got)
		}
		if _, err := db.UpdateMovement(ctx, l, m.ID, finance.MovementInput{Date: ptr("2025-05-01")}); err != nil {
			t.Fatal(err)
		}
		if got := searchIDs(t, db, l, finance.MovementFilter{Text: "bravo"}, 1); !slices.Equal(got, []int64{m.ID, later.ID}) {
			t.Fatalf("after the date edit: %v", got)
		}
		if got := searchIDs(t, db, l, finance.MovementFilter{Text: "bravo", From: "2025-04-15"}, 1); !slices.Equal(got, []int64{m.ID}) {
			t.Fatalf("after the date edit, in its new period: %v", got)
		}
		expect("edit date", "bravo", 2)
		if err := db.DeleteMovement(ctx, l, m.ID); err != nil {
			t.Fatal(err)
		}
		expect("delete", "charlie", 0)
		expect("delete leaves the other", "bravo", 1)

		var batch []finance.MovementDraft
		for i := 0; i < 30; i++ {
			batch = append(batch, finance.MovementDraft{Type: "expense", Date: fmt.Sprintf("2025-06-%02d", 1+i%28), Amount: int64(10 + i),
				AccountID: acc.ID, CategoryID: food.ID, Description: fmt.Sprintf("Delta %d", i), Notes: "Été"})
		}
		created, err := db.CreateMovements(ctx, l, batch)
		if err != nil {
			t.Fatal(err)
		}
		expect("bulk create", "delta ete", 30)
		if n, err := db.RecategorizeMovements(ctx, l, created[:10], fun.ID); err != nil || n != 10 {
			t.Fatalf("recategorize: %d, %v", n, err)
		}
		if tot, err := db.TotalMovements(ctx, l, finance.MovementFilter{Text: "delta", CategoryIDs: []int64{fun.ID}}); err != nil || tot.Count != 10 {
			t.Fatalf("bulk edit, then q and a category: %+v %v", tot, err)
		}
		if _, err := db.DeleteMovements(ctx, l, created[:20]); err != nil {
			t.Fatal(err)
		}
		expect("bulk delete", "delta", 10)

		up, err := db.SaveUpload(ctx, l, "bank.csv", "csv", []byte("x"), store.UploadLimits{})
		if err != nil {
			t.Fatal(err)
		}
		imported := []finance.ImportDraft{
			{MovementDraft: finance.MovementDraft{Type: "expense", Date: "2025-07-01", Amount: 100, AccountID: other.ID, CategoryID: food.ID, Description: "ECHO Supermercado"}},
			{MovementDraft: finance.MovementDraft{Type: "expense", Date: "2025-07-02", Amount: 200, AccountID: other.ID, Description: "Echo Pharmacie"}, CategoryName: "Santé"},
		}
		if _, _, err := db.ImportMovements(ctx, l, up, sourceOf(other.ID, imported)); err != nil {
			t.Fatal(err)
		}
		expect("import", "echo", 2)
		expect("import", "supermerc", 1)

		if err := db.DeleteAccount(ctx, l, other.ID, true); err != nil {
			t.Fatal(err)
		}
		expect("account deleted with its movements", "echo", 0)

		// A deleted user's ledger leaves nothing in the index.
		gone, err := identity.New(db).CreateUser(ctx, identity.NewUser{Email: "gone@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		u2 := gone.LedgerID
		a2 := mustAccount(t, db, u2, "Bank", "EUR", 0)
		c2 := mustCategory(t, db, u2, "Misc", "expense", 0)
		if _, err := db.CreateMovement(ctx, u2, finance.MovementDraft{Type: "expense", Date: "2025-01-01", Amount: 1, AccountID: a2.ID,
			CategoryID: c2.ID, Description: "Foxtrot"}); err != nil {
			t.Fatal(err)
		}
		if n := db.SearchIndexRowsForTest(ctx, u2); n != 1 {
			t.Fatalf("the index holds %d rows of the second ledger", n)
		}
		if err := identity.New(db).DeleteUser(ctx, gone.ID); err != nil {
			t.Fatal(err)
		}
		if n := db.SearchIndexRowsForTest(ctx, u2); n != 0 {
			t.Fatalf("a deleted user's ledger left %d rows in the index", n)
		}
		expect("another user's deletion", "bravo", 1)
	})
}

// fold is the test's own idea of a word's normal form: lower case, without
// the diacritics of Spanish, English and French.
var fold = strings.NewReplacer("á", "a", "à", "a", "â", "a", "é", "e", "è", "e", "ê", "e", "ë", "e", "í", "i", "î", "i", "ï", "i",
	"ó", "o", "ô", "o", "ú", "u", "ù", "u", "û", "u", "ü", "u", "ñ", "n", "ç", "c", "ÿ", "y")

func words(s string) []string {
	return strings.FieldsFunc(fold.Replace(strings.ToLower(s)), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// bruteMatch: every word of q starts a word of the text.
func bruteMatch(q, text string) bool {
	tw := words(text)
	for _, w := range words(q) {
		if !slices.ContainsFunc(tw, func(x string) bool { return strings.HasPrefix(x, w) }) {
			return false
		}
	}
	return true
}

var searchVocabulary = []string{"Café", "cafetería", "MERCADONA", "Mercado", "Zanzíbar", "niño", "Noël", "crème", "garçon", "élève",
	"coffee", "market", "Año", "pharmacie", "Été", "brûlée", "señal", "Ça", "rent", "Rente", "über", "x-ray", "B2B", "2025",
	"Supermercado", "supermercados", "supermarché", "pharmaciens"}

// TestSearchAgainstBruteForce: over a random ledger, paging through a search
// (with the other filters, either direction, any page size) lists exactly
// the movements a brute-force filter keeps, in order, and the totals agree.
func TestSearchAgainstBruteForce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		rng := rand.New(rand.NewPCG(16, 2))
		l := newLedger(t, db, "brute@example.com")
		accs := []int64{mustAccount(t, db, l, "A", "EUR", 0).ID, mustAccount(t, db, l, "B", "USD", 0).ID}
		cats := []int64{mustCategory(t, db, l, "C1", "expense", 0).ID, mustCategory(t, db, l, "C2", "expense", 0).ID}
		phrase := func(n int) string {
			var ws []string
			for i := 0; i < n; i++ {
				w := searchVocabulary[rng.IntN(len(searchVocabulary))]
				if rng.IntN(4) == 0 {
					w = strings.ToUpper(w)
				}
				ws = append(ws, w)
			}
			return strings.Join(ws, []string{" ", ", ", " - ", "/", "*"}[rng.IntN(5)])
		}
		var drafts []finance.MovementDraft
		for i := 0; i < 400; i++ {
			d := finance.MovementDraft{Type: "expense", Date: fmt.Sprintf("2025-%02d-%02d", 1+rng.IntN(12), 1+rng.IntN(28)),
				Amount: 1 + rng.Int64N(10000), AccountID: accs[rng.IntN(2)], CategoryID: cats[rng.IntN(2)],
				Description: phrase(1 + rng.IntN(3)), Tags: []string{fmt.Sprint("t", rng.IntN(3))}}
			if rng.IntN(3) == 0 {
				d.Notes = phrase(1 + rng.IntN(2))
			}
			drafts = append(drafts, d)
		}
		ids, err := db.CreateMovements(ctx, l, drafts)
		if err != nil {
			t.Fatal(err)
		}
		// Some edits and deletes, so that the index has a history.
		for i := 0; i < 40; i++ {
			j := rng.IntN(len(ids))
			desc, date := phrase(2), fmt.Sprintf("2025-%02d-%02d", 1+rng.IntN(12), 1+rng.IntN(28))
			if _, err := db.UpdateMovement(ctx, l, ids[j], finance.MovementInput{Description: &desc, Date: &date}); err != nil {
				t.Fatal(err)
			}
			drafts[j].Description, drafts[j].Date = desc, date
		}
		for i := 0; i < 20; i++ {
			j := rng.IntN(len(ids))
			if err := db.DeleteMovement(ctx, l, ids[j]); err != nil {
				t.Fatal(err)
			}
			ids, drafts = slices.Delete(ids, j, j+1), slices.Delete(drafts, j, j+1)
		}
		query := func() string {
			var qs []string
			for n := 1 + rng.IntN(2); n > 0; n-- {
				w := []rune(searchVocabulary[rng.IntN(len(searchVocabulary))])
				w = w[:1+rng.IntN(len(w))]
				q := string(w)
				if rng.IntN(2) == 0 {
					q = fold.Replace(strings.ToLower(q))
				}
				if rng.IntN(3) == 0 {
					q = strings.ToUpper(q)
				}
				qs = append(qs, q)
			}
			return strings.Join(qs, []string{" ", " (", `" `, "*"}[rng.IntN(4)])
		}
		for round := 0; round < 60; round++ {
			f := finance.MovementFilter{Text: query(), Ascending: rng.IntN(3) == 0}
			if rng.IntN(3) == 0 {
				f.From, f.To = fmt.Sprintf("2025-%02d-01", 1+rng.IntN(6)), fmt.Sprintf("2025-%02d-15", 6+rng.IntN(7))
			}
			if rng.IntN(4) == 0 {
				f.AccountIDs = []int64{accs[rng.IntN(2)]}
			}
			if rng.IntN(4) == 0 {
				f.CategoryIDs = []int64{cats[rng.IntN(2)]}
			}
			if rng.IntN(4) == 0 {
				f.Tags = []string{fmt.Sprint("t", rng.IntN(3))}
			}
			if rng.IntN(4) == 0 {
				f.MinAmount, f.MaxAmount = ptr(int64(rng.IntN(3000))), ptr(int64(3000+rng.IntN(7000)))
			}
			type row struct {
				date string
				id   int64
			}
			var want []row
			var sum int64
			for i, d := range drafts {
				if !bruteMatch(f.Text, d.Description+" "+d.Notes) || (f.From != "" && d.Date < f.From) || (f.To != "" && d.Date > f.To) ||
					(f.AccountIDs != nil && d.AccountID != f.AccountIDs[0]) || (f.CategoryIDs != nil && d.CategoryID != f.CategoryIDs[0]) ||
					(f.Tags != nil && d.Tags[0] != f.Tags[0]) || (f.MinAmount != nil && (d.Amount < *f.MinAmount || d.Amount > *f.MaxAmount)) {
					continue
				}
				want = append(want, row{d.Date, ids[i]})
				sum += d.Amount
			}
			slices.SortFunc(want, func(a, b row) int {
				if c := strings.Compare(b.date, a.date); c != 0 {
					return c
				}
				return int(b.id - a.id)
			})
			if f.Ascending {
				slices.Reverse(want)
			}
			var wantIDs []int64
			for _, r := range want {
				wantIDs = append(wantIDs, r.id)
			}
			got := searchIDs(t, db, l, f, 1+rng.IntN(25))
			if !slices.Equal(got, wantIDs) {
				t.Fatalf("round %d, %+v:\n got  %v\n want %v", round, f, got, wantIDs)
			}
			tot, err := db.TotalMovements(ctx, l, f)
			if err != nil {
				t.Fatal(err)
			}
			var expenses int64
			for _, c := range tot.ByCurrency {
				expenses += c.Expenses
			}
			if tot.Count != int64(len(want)) || expenses != sum {
				t.Fatalf("round %d, %+v: totals %d/%d, want %d/%d", round, f, tot.Count, expenses, len(want), sum)
			}
		}
		mustCheck(t, db, l)
	})
}

// TestSearchTokenizersAgree: for every character of the mapped ranges, and
// for sample text in Spanish, English and French, SQLite's and PostgreSQL's
// tokenizers find in search_words the words searchTokens finds, so a query
// built from searchTokens finds what the index holds.
func TestSearchTokenizersAgree(t *testing.T) {
	inputs := []string{"Café con leche", "MERCADONA S.A. 12/03", "Zanzíbar", "Crème brûlée à Noël", "GARÇON", "l’épicerie d'en face",
		"Año NIÑO pingüino", "Œuvre ÉLÈVE Ÿ", `Pago (ref: 123-456) "urgente"*`, "50% off_sale juan@correo.es", "www.example.com/path?x=1&y=2",
		"x-ray B2B 3.50€ nº 5 ª", "tab\there\nnewline", "«guillemets» ¿qué? ¡sí!", "e\u0301cole decomposed",
		strings.Repeat("漢字", 500), strings.Repeat("é", 300) + " court", strings.Repeat("a", 254) + "é" + strings.Repeat("b", 300)}
	// Latin, marks, punctuation, currencies, numbers in circles and fractions, CJK, private use.
	for _, rg := range [][2]rune{{0x20, 0x24f}, {0x300, 0x36f}, {0x2000, 0x206f}, {0x20a0, 0x20c0}, {0x2150, 0x218b}, {0x2460, 0x24ff},
		{0x3000, 0x303f}, {0xe000, 0xe0ff}} {
		for r := rg[0]; r <= rg[1]; r++ {
			if utf8.ValidRune(r) {
				inputs = append(inputs, "q"+string(r)+"q "+string(r)+"z")
			}
		}
	}
	want := make([][]string, len(inputs))
	for i, in := range inputs {
		w := store.SearchTokensForTest(in)
		slices.Sort(w)
		want[i] = slices.Compact(w)
	}
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		bad := 0
		for i, in := range inputs {
			got, err := db.IndexWordsForTest(ctx, in)
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(got)
			if got = slices.Compact(got); !slices.Equal(got, want[i]) && bad < 200 {
				bad++
				t.Errorf("%q: the index has %q, searchTokens %q", in, got, want[i])
			}
		}
	})
}

// TestSearchOfLongPrefixes: a word longer than the search index's own
// prefixes is searched as the ledger's words it starts (on SQLite), and
// finds what a prefix finds: every word it starts, not another ledger's,
// not a word whose movements are gone; a prefix that starts more words
// than are looked up one by one still finds them all; in lists of any
// page size, either direction, and in the totals.
func TestSearchOfLongPrefixes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "prefixes@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 0)
		cat := mustCategory(t, db, l, "Food", "expense", 0)
		add := func(l, acc, cat int64, day int, text string) int64 {
			m, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: fmt.Sprintf("2025-02-%02d", day),
				Amount: 100, AccountID: acc, CategoryID: cat, Description: text})
			if err != nil {
				t.Fatal(err)
			}
			return m.ID
		}
		super := add(l, acc.ID, cat.ID, 1, "Supermercado Día")
		supers := add(l, acc.ID, cat.ID, 2, "SUPERMERCADOS unidos")
		little := add(l, acc.ID, cat.ID, 3, "el supermercadito")
		gone := add(l, acc.ID, cat.ID, 4, "supermercadote")
		if err := db.DeleteMovement(ctx, l, gone); err != nil {
			t.Fatal(err)
		}
		var fridges []int64
		for i := 0; i < 40; i++ {
			fridges = append(fridges, add(l, acc.ID, cat.ID, 5+i%20, fmt.Sprintf("Refrigerador%c%c", 'a'+i/26, 'a'+i%26)))
		}
		other := newLedger(t, db, "prefixes-other@example.com")
		oacc := mustAccount(t, db, other, "Bank", "EUR", 0)
		ocat := mustCategory(t, db, other, "Food", "expense", 0)
		add(other, oacc.ID, ocat.ID, 1, "supermercadoz")
		for q, want := range map[string][]int64{
			"supermerc": {little, supers, super}, "supermercado": {supers, super}, "Supermercados": {supers},
			"supermercadi": {little}, "supermercadote": {}, "supermercadoz": {}, "supermercado dia": {super},
			"refrigerador": fridges, "refrigeradorb": fridges[26:], "refrigeradorbn": {fridges[39]},
		} {
			set := slices.Clone(want)
			slices.Sort(set)
			for _, size := range []int{1, 50} {
				for _, asc := range []bool{false, true} {
					got := searchIDs(t, db, l, finance.MovementFilter{Text: q, Ascending: asc}, size)
					slices.Sort(got)
					if !slices.Equal(got, set) {
						t.Errorf("q=%q (pages of %d, ascending %v): %v, want %v", q, size, asc, got, set)
					}
				}
			}
			if n := searchCount(t, db, l, q); n != int64(len(want)) {
				t.Errorf("q=%q: totals count %d, want %d", q, n, len(want))
			}
		}
		mustCheck(t, db, l)
	})
}
