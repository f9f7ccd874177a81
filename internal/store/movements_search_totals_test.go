package store_test

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"strings"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// TestSearchTotalsFromWords: the totals of a search of one word come from
// search_totals, equal to the sum of its matches, through creates, edits,
// a split, a transfer, a rate that converts earlier movements, an import,
// bulk edits and deletes, and of a prefix of several words (movements that
// hold two of them counted once); a prefix of more than eight words, a
// number, two words or another filter sum the matches instead.
func TestSearchTotalsFromWords(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "words@example.com")
		eur := mustAccount(t, db, l, "Bank", "EUR", 0)
		usd := mustAccount(t, db, l, "Dollars", "USD", 0)
		usd2 := mustAccount(t, db, l, "More dollars", "USD", 0)
		fun := mustCategory(t, db, l, "Fun", "expense", 0)
		food := mustCategory(t, db, l, "Food", "expense", 0)
		pay := mustCategory(t, db, l, "Pay", "earning", 0)
		expect := func(step, q string, wantOK bool, more ...func(*finance.MovementFilter)) {
			t.Helper()
			f := finance.MovementFilter{Text: q}
			for _, m := range more {
				m(&f)
			}
			words, matches, ok, err := db.SearchTotalsForTest(ctx, l, f)
			if err != nil {
				t.Fatalf("%s: q=%q: %v", step, q, err)
			}
			if ok != wantOK {
				t.Fatalf("%s: q=%q answered from the words: %v, want %v", step, q, ok, wantOK)
			}
			if ok && !maps.Equal(words, matches) {
				t.Fatalf("%s: q=%q: the words' totals %+v, the matches' %+v", step, q, words, matches)
			}
			mustCheck(t, db, l)
		}
		create := func(d finance.MovementDraft) *finance.Movement {
			t.Helper()
			m, err := db.CreateMovement(ctx, l, d)
			if err != nil {
				t.Fatal(err)
			}
			return m
		}
		cine := create(finance.MovementDraft{Type: "expense", Date: "2025-03-01", Amount: 900, AccountID: eur.ID, CategoryID: fun.ID,
			Description: "Cine Cine Yelmo", Notes: "ref 123456"})
		create(finance.MovementDraft{Type: "expense", Date: "2025-03-02", Amount: 1250, AccountID: usd.ID, CategoryID: fun.ID, Description: "Cine"})
		create(finance.MovementDraft{Type: "earning", Date: "2025-03-03", Amount: 5000, AccountID: eur.ID, CategoryID: pay.ID, Description: "Cine refund"})
		create(finance.MovementDraft{Type: "transfer", Date: "2025-03-04", Amount: 300, AccountID: eur.ID, ToAccountID: usd.ID, ToAmount: 330,
			Description: "Cine savings"})
		create(finance.MovementDraft{Type: "expense", Date: "2025-03-05", Amount: 5000, AccountID: eur.ID, Description: "Cine and dinner",
			Splits: []finance.Split{{CategoryID: fun.ID, Amount: 2000}, {CategoryID: food.ID, Amount: 3000}}})
		expect("created", "cine", true)
		expect("one type", "CINE", true, func(f *finance.MovementFilter) { f.Types = []string{"earning", "transfer"} })
		expect("a word of no movement", "zzz", true)
		expect("a number", "123456", false)
		expect("two words", "cine yelmo", false)
		expect("a period", "cine", false, func(f *finance.MovementFilter) { f.From = "2025-03-02" })
		expect("an account", "cine", false, func(f *finance.MovementFilter) { f.AccountIDs = []int64{usd.ID} })

		// A rate converts the USD movements made before it.
		if _, err := db.PutRate(ctx, l, finance.RateInput{Currency: "USD", Date: "2025-01-01", Rate: "0.9"}); err != nil {
			t.Fatal(err)
		}
		expect("a rate", "cine", true)

		cinema := create(finance.MovementDraft{Type: "expense", Date: "2025-04-01", Amount: 700, AccountID: eur.ID, CategoryID: fun.ID, Description: "Cinema"})
		expect("a prefix of two words", "cine", true)
		expect("the longer word", "cinema", true)
		// Movements holding both words were summed twice, once a word: taken off once.
		create(finance.MovementDraft{Type: "earning", Date: "2025-04-02", Amount: 4100, AccountID: usd.ID, CategoryID: pay.ID, Description: "Cinema club",
			Notes: "cine cine forum"})
		create(finance.MovementDraft{Type: "expense", Date: "2025-04-03", Amount: 650, AccountID: eur.ID, CategoryID: fun.ID, Description: "cine-cinema"})
		expect("a prefix of two words, both in some movements", "cine", true)
		expect("both in some movements, one type", "cine", true, func(f *finance.MovementFilter) { f.Types = []string{"earning"} })
		if _, err := db.UpdateMovement(ctx, l, cinema.ID, finance.MovementInput{Description: ptr("Teatro")}); err != nil {
			t.Fatal(err)
		}
		expect("the other word edited away", "cine", true)
		expect("the old word", "cinema", true)
		if _, err := db.UpdateMovement(ctx, l, cine.ID, finance.MovementInput{Amount: ptr(int64(950)), AccountID: &finance.IDInput{ID: usd.ID, Set: true}}); err != nil {
			t.Fatal(err)
		}
		expect("amount and account edited", "cine", true)
		// Each column search_totals counts by, changed alone.
		if _, err := db.UpdateMovement(ctx, l, cine.ID, finance.MovementInput{AccountID: &finance.IDInput{ID: usd2.ID, Set: true}}); err != nil {
			t.Fatal(err)
		}
		expect("only the account edited (same currency, same amount)", "cine", true)
		if _, err := db.UpdateMovement(ctx, l, cine.ID, finance.MovementInput{Amount: ptr(int64(975))}); err != nil {
			t.Fatal(err)
		}
		expect("only the amount edited", "cine", true)
		if _, err := db.PutRate(ctx, l, finance.RateInput{Currency: "USD", Date: "2025-01-01", Rate: "0.8"}); err != nil {
			t.Fatal(err)
		}
		expect("only the base amounts changed (a rate)", "cine", true)
		if _, err := db.UpdateMovement(ctx, l, cine.ID, finance.MovementInput{Notes: ptr("ref 123456 estreno")}); err != nil {
			t.Fatal(err)
		}
		expect("only the words changed", "estreno", true)
		expect("only the words changed: the word kept", "cine", true)
		if _, err := db.UpdateMovement(ctx, l, cine.ID, finance.MovementInput{Type: ptr("earning"), CategoryID: &finance.IDInput{ID: pay.ID, Set: true}}); err != nil {
			t.Fatal(err)
		}
		expect("type edited", "cine", true)

		up, err := db.SaveUpload(ctx, l, "bank.csv", "csv", []byte("x"), store.UploadLimits{})
		if err != nil {
			t.Fatal(err)
		}
		var rows []finance.ImportDraft
		for i := range 40 {
			rows = append(rows, finance.ImportDraft{MovementDraft: finance.MovementDraft{Type: "expense", Date: "2025-05-01", Amount: int64(100 + i),
				AccountID: usd.ID, CategoryID: food.ID, Description: "CINE import"}})
		}
		if _, _, err := db.ImportMovements(ctx, l, up, sourceOf(usd.ID, rows)); err != nil {
			t.Fatal(err)
		}
		expect("import", "cine", true)
		list, _, err := db.ListMovements(ctx, l, finance.MovementFilter{Text: "import"}, 100, "")
		if err != nil || len(list) != 40 {
			t.Fatalf("imported: %d %v", len(list), err)
		}
		ids := make([]int64, 20)
		for i := range ids {
			ids[i] = list[i].ID
		}
		if _, err := db.RecategorizeMovements(ctx, l, ids[:10], fun.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.DeleteMovements(ctx, l, ids); err != nil {
			t.Fatal(err)
		}
		expect("bulk edit and delete", "cine", true)
		if err := db.DeleteMovement(ctx, l, cine.ID); err != nil {
			t.Fatal(err)
		}
		expect("delete", "cine", true)
		expect("delete: its other word", "yelmo", true)
		if err := db.DeleteAccount(ctx, l, usd.ID, true); err != nil {
			t.Fatal(err)
		}
		expect("an account deleted with its movements", "cine", true)
		for _, w := range []string{"cinefilo", "cineasta", "cineclub", "cinedrome", "cinegrafia", "cinelandia", "cinemascope", "cinerama"} {
			create(finance.MovementDraft{Type: "expense", Date: "2025-06-01", Amount: 100, AccountID: eur.ID, CategoryID: fun.ID, Description: w + " cine"})
		}
		expect("a prefix of ten words", "cine", false)
		expect("a prefix of two words, in one movement", "cinem", true)
	})
}

// TestSearchTotalsOfAPrefixOfThreeWords: "cin" starts three words; the
// two that sort first are of transfers only, and the search asks for
// expenses. The totals sum the matches (one expense), not zero.
func TestSearchTotalsOfAPrefixOfThreeWords(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "three@example.com")
		a := mustAccount(t, db, l, "Bank", "EUR", 0)
		b := mustAccount(t, db, l, "Other", "EUR", 0)
		c := mustCategory(t, db, l, "Fun", "expense", 0)
		for _, d := range []finance.MovementDraft{
			{Type: "transfer", Date: "2025-03-01", Amount: 100, AccountID: a.ID, ToAccountID: b.ID, ToAmount: 100, Description: "cina"},
			{Type: "transfer", Date: "2025-03-01", Amount: 100, AccountID: a.ID, ToAccountID: b.ID, ToAmount: 100, Description: "cinb"},
			{Type: "expense", Date: "2025-03-02", Amount: 900, AccountID: a.ID, CategoryID: c.ID, Description: "cine"},
		} {
			if _, err := db.CreateMovement(ctx, l, d); err != nil {
				t.Fatal(err)
			}
		}
		f := finance.MovementFilter{Text: "cin", Types: []string{"expense"}}
		tot, err := db.TotalMovements(ctx, l, f)
		if err != nil {
			t.Fatal(err)
		}
		list, _, err := db.ListMovements(ctx, l, f, 50, "")
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 1 || tot.Count != 1 || tot.ByCurrency[0].Expenses != 900 {
			t.Fatalf("the list has %d movements, the totals %+v", len(list), tot)
		}
	})
}

// TestSearchOfALongWord: notes of 2,000 Chinese characters are one word of
// 6,000 bytes, more than PostgreSQL's tsvector and search_totals' key hold.
// The movement is written on either database, found and counted by the
// word's beginning and by the whole word, and edited away.
func TestSearchOfALongWord(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "long@example.com")
		a := mustAccount(t, db, l, "Bank", "EUR", 0)
		c := mustCategory(t, db, l, "Fun", "expense", 0)
		r := rand.New(rand.NewPCG(7, 7))
		var b strings.Builder
		for b.Len() < 3*finance.MaxNotes {
			b.WriteRune(rune(0x4e00 + r.IntN(0x5000))) // CJK ideographs, nothing to compress
		}
		long := b.String()
		d := finance.MovementDraft{Type: "expense", Date: "2025-03-01", Amount: 700, AccountID: a.ID, CategoryID: c.ID, Description: "Té", Notes: long}
		m, err := db.CreateMovement(ctx, l, d)
		if err != nil {
			t.Fatal(err)
		}
		find := func(q string, want int) {
			t.Helper()
			got, _, err := db.ListMovements(ctx, l, finance.MovementFilter{Text: q}, 50, "")
			if err != nil {
				t.Fatal(err)
			}
			tot, err := db.TotalMovements(ctx, l, finance.MovementFilter{Text: q})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != want || tot.Count != int64(want) {
				t.Errorf("%.12q…: %d found, %d counted, want %d", q, len(got), tot.Count, want)
			}
		}
		find(long[:30], 1)
		find(long, 1)
		find("te "+long[:600], 1)
		mustCheck(t, db, l)
		short := "corto"
		if _, err := db.UpdateMovement(ctx, l, m.ID, finance.MovementInput{Notes: &short}); err != nil {
			t.Fatal(err)
		}
		find(long[:30], 0)
		find("corto", 1)
		mustCheck(t, db, l)
	})
}

// A write of many movements on SQLite indexes them itself (deferSearch):
// batch by batch in the search index, and in search_totals by sums made in
// Go, flushed in the middle once they hold maxWordSums keys. Imports of
// 4,500 and 1,500 rows (the first in two batches, the index's statements
// 1,024 movements each) with 36,000 words of their own, repeated words,
// numbers, both types and an account in another currency leave the index and the words' totals equal to the
// movements (the check), answers the words' totals as the matches do, and a
// movement created afterwards goes through the triggers again.
func TestWriteOfManyIndexesItself(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "many@example.com")
		eur := mustAccount(t, db, l, "Bank", "EUR", 0)
		usd := mustAccount(t, db, l, "Dollars", "USD", 0)
		trips := mustCategory(t, db, l, "Trips", "expense", 0)
		word := func(i int) string { // letters only: not a number
			b := []byte("w")
			for ; i > 0; i /= 26 {
				b = append(b, byte('a'+i%26))
			}
			return string(b)
		}
		var drafts []finance.ImportDraft
		for i := range 6000 {
			d := finance.MovementDraft{Type: finance.MovementExpense, Date: fmt.Sprintf("2024-%02d-%02d", 1+i%12, 1+i%28),
				Amount: int64(100 + i), AccountID: eur.ID,
				Description: fmt.Sprintf("Café Café %s %s %s %d", word(6*i), word(6*i+1), word(6*i+2), i),
				Notes:       word(6*i+3) + " " + word(6*i+4) + " " + word(6*i+5) + " café"}
			if i%3 == 0 {
				d.Type = finance.MovementEarning
			}
			if i%4 == 0 {
				d.AccountID = usd.ID
			}
			drafts = append(drafts, finance.ImportDraft{MovementDraft: d, CategoryName: "Things"})
		}
		for _, acc := range []int64{eur.ID, usd.ID} {
			var mine []finance.ImportDraft
			for _, d := range drafts {
				if d.AccountID == acc {
					mine = append(mine, d)
				}
			}
			up, err := db.SaveUpload(ctx, l, "bank.csv", "csv", []byte("x"), store.UploadLimits{})
			if err != nil {
				t.Fatal(err)
			}
			if n, _, err := db.ImportMovements(ctx, l, up, sourceOf(acc, mine)); err != nil || n != len(mine) {
				t.Fatalf("imported %d of %d: %v", n, len(mine), err)
			}
		}
		mustCheck(t, db, l)
		count := func(q string) int {
			t.Helper()
			ms, _, err := db.ListMovements(ctx, l, finance.MovementFilter{Text: q}, 100, "")
			if err != nil {
				t.Fatal(err)
			}
			return len(ms)
		}
		for _, q := range []string{word(6 * 4321), word(6*4321 + 5), "4321"} {
			if got := count(q); got != 1 {
				t.Errorf("q=%q finds %d movements, want 1", q, got)
			}
		}
		for _, q := range []string{"cafe", "café", "CAFE"} {
			words, matches, ok, err := db.SearchTotalsForTest(ctx, l, finance.MovementFilter{Text: q})
			if err != nil || !ok || !maps.Equal(words, matches) {
				t.Fatalf("q=%q: the words' totals %+v (answered from them: %v), the matches' %+v: %v", q, words, ok, matches, err)
			}
		}
		if _, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: "2025-01-01", Amount: 5, AccountID: eur.ID,
			CategoryID: trips.ID, Description: "Zanzíbar trip"}); err != nil {
			t.Fatal(err)
		}
		if got := count("zanzibar"); got != 1 {
			t.Errorf("a movement created after the import: found %d times, want 1", got)
		}
		mustCheck(t, db, l)
	})
}
