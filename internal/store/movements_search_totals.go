package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"cashcontrol/internal/finance"
)

// The totals of a text search (GET /movements/totals?q=word) come from
// search_totals when they can: a movement's count and amounts summed by each
// word of its search_words (once a word, however often it appears), its
// account and its type. A word's totals are then a few rows, where summing its
// matches costs a lookup of each: 70 ms for a word of 47,000 movements in a
// ledger of a million, on either database.
//
// The table follows every write of movements by itself, through triggers
// (migration 25; on SQLite since migration 34 an insert's writer adds the
// words itself: addWords): SQLite's run for each row, and look at the words with
// json_each (they are letters and digits, so they make a JSON array as they
// are); PostgreSQL's once for each statement, over its transition tables, so
// that an import's COPY adds its rows in one statement (SQLite's
// movementWriter sums its rows in Go instead: deferSearch, wordSums; so
// does an import on PostgreSQL whose role may copy without triggers:
// pgBulk). A row
// whose movements are all gone stays, at zero.
//
// It answers a search of one word with no other filter than the types: the
// word the search names must be the only word of the ledger it starts
// ("cine", when the ledger has no "cinema"), else a movement holding two of
// them would count twice, and the totals sum the movements (scanTotals).

// sqliteFillSearchTotals sums every movement's words into search_totals
// (empty) on SQLite.
var sqliteFillSearchTotals = `INSERT INTO search_totals (ledger_id, word, account_id, kind, count, total, base_total, unrated)
		SELECT ledger_id, value, account_id, type, COUNT(*), SUM(amount), SUM(COALESCE(base_amount, 0)),
			SUM(type <> 'transfer' AND base_amount IS NULL)
		FROM (SELECT DISTINCT m.id, m.ledger_id, w.value, m.account_id, m.type, m.amount, m.base_amount
			FROM movements m, ` + sqliteWordsOf("m") + ` w WHERE m.search_words <> '' AND ` + sqliteCounted("w.value") + `)
		GROUP BY ledger_id, value, account_id, type`

// wordsInGoVersion is migration 34: on SQLite no trigger sums an inserted
// movement's words any more; its writer adds them (insertMovementAt with
// wordSums, movementWriter with its own), a statement for all of its words
// where the trigger ran json_each, DISTINCT and an upsert a word: about
// 90 µs of a create's 350 µs of SQL in a ledger of 200,000 movements,
// against 25 µs from Go. Updates and deletes keep their triggers.
const wordsInGoVersion = 34

// dropWordsTrigger is migration 34 (SQLite only).
func (db *DB) dropWordsTrigger(ctx context.Context, sqlTx *sql.Tx) error {
	if db.dialect != SQLite {
		return nil
	}
	_, err := sqlTx.ExecContext(ctx, `DROP TRIGGER movements_words_insert`)
	return err
}

// addWords adds one inserted movement's words to search_totals where no
// trigger does (SQLite from migration 34 on); words are its search_words.
func addWords(ctx context.Context, tx *Tx, ledgerID int64, d *finance.MovementDraft, words string) error {
	if !tx.db.wordsInGo.Load() || words == "" {
		return nil
	}
	sums := wordSums{}
	sums.add(d, words)
	return sums.apply(ctx, tx, ledgerID)
}

// SearchTotalsOfImport sums into search_totals the words of the movements
// that a whole instance's import wrote in tx, where no trigger did: SQLite
// at migration 34 or later.
func (db *DB) SearchTotalsOfImport(ctx context.Context, tx *sql.Tx) error {
	if !db.wordsInGo.Load() {
		return nil
	}
	_, err := tx.ExecContext(ctx, sqliteFillSearchTotals)
	return err
}

// sqliteSearchTotalsSchema is search_totals on SQLite and its triggers.
var sqliteSearchTotalsSchema = []string{
	`CREATE TABLE search_totals (
		ledger_id  INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
		word       TEXT    NOT NULL,
		account_id INTEGER NOT NULL,
		kind       TEXT    NOT NULL,
		count      INTEGER NOT NULL,
		total      INTEGER NOT NULL,
		base_total INTEGER NOT NULL,
		unrated    INTEGER NOT NULL,
		PRIMARY KEY (ledger_id, word, account_id, kind)
	) WITHOUT ROWID`,
	sqliteWordsInsert(""),
	`CREATE TRIGGER movements_words_update AFTER UPDATE OF search_words, amount, base_amount, type, account_id, ledger_id ON movements
	WHEN old.search_words IS NOT new.search_words OR old.amount IS NOT new.amount OR old.base_amount IS NOT new.base_amount
		OR old.type IS NOT new.type OR old.account_id IS NOT new.account_id OR old.ledger_id IS NOT new.ledger_id BEGIN
		` + sqliteTakeWords("old") + `;
		` + sqliteAddWords("new") + `;
	END`,
	`CREATE TRIGGER movements_words_delete AFTER DELETE ON movements WHEN old.search_words <> '' BEGIN
		` + sqliteTakeWords("old") + `;
	END`,
}

// sqliteWordsInsert is search_totals' insert trigger on SQLite; and, if not
// empty, is a further condition on the new row (migration 27: sqliteNotDeferred).
func sqliteWordsInsert(and string) string {
	if and != "" {
		and = " AND " + and
	}
	return `CREATE TRIGGER movements_words_insert AFTER INSERT ON movements WHEN new.search_words <> ''` + and + ` BEGIN
		` + sqliteAddWords("new") + `;
	END`
}

// sqliteAddToWords ends an INSERT into search_totals that adds to the rows
// there are.
const sqliteAddToWords = `
		ON CONFLICT (ledger_id, word, account_id, kind) DO UPDATE SET count = count + excluded.count, total = total + excluded.total,
			base_total = base_total + excluded.base_total, unrated = unrated + excluded.unrated`

// wordKey is a row of search_totals in a ledger.
type wordKey struct {
	word    string
	account int64
	kind    string
}

// wordSums are what movements add to search_totals, summed in Go as a
// write of many makes them (movementWriter, whose rows the insert trigger
// skips: deferSearch on SQLite; on PostgreSQL an import's COPY without
// triggers, pgBulk), by the trigger's rule: each counted word of a
// movement once. A 100,000-row import then adds a row per word, account and
// type instead of running the trigger's statement for each movement.
type wordSums map[wordKey]*[4]int64 // count, total, base_total, unrated

// maxWordSums keys are held at most: past them the sums go to the table
// (a file of many distinct words would otherwise hold them all), checked
// after each movement on SQLite (sqliteInserter.insert) and after each COPY
// on PostgreSQL (pgBulk.copied: up to a COPY's words more).
const maxWordSums = 16384

// add sums the movement d, whose search_words are words.
func (s wordSums) add(d *finance.MovementDraft, words string) {
	var seen []string
	for w := range strings.SplitSeq(words, " ") {
		if numberWord(w) || slices.Contains(seen, w) {
			continue
		}
		seen = append(seen, w)
		k := wordKey{w, d.AccountID, d.Type}
		v := s[k]
		if v == nil {
			v = new([4]int64)
			k.word = strings.Clone(w) // not the movement's whole search_words
			s[k] = v
		}
		v[0]++
		v[1] += d.Amount
		if d.Base != nil {
			v[2] += *d.Base
		} else if d.Type != finance.MovementTransfer {
			v[3]++
		}
	}
}

// apply adds the sums to the ledger's search_totals, in the key's order.
// Its rows are the ledger's, which its writes take one at a time
// (writeLedger): no other write waits on them meanwhile.
func (s wordSums) apply(ctx context.Context, tx *Tx, ledgerID int64) error {
	keys := slices.SortedFunc(maps.Keys(s), func(a, b wordKey) int {
		return cmp.Or(strings.Compare(a.word, b.word), cmp.Compare(a.account, b.account), strings.Compare(a.kind, b.kind))
	})
	const rows = 512 // 8 parameters each
	for chunk := range slices.Chunk(keys, rows) {
		args := make([]any, 0, 8*len(chunk))
		for _, k := range chunk {
			v := s[k]
			args = append(args, ledgerID, k.word, k.account, k.kind, v[0], v[1], v[2], v[3])
		}
		if _, err := tx.Exec(ctx, `INSERT INTO search_totals AS s (ledger_id, word, account_id, kind, count, total, base_total, unrated)
			VALUES `+valueRows(`(?, ?, ?, ?, ?, ?, ?, ?)`, len(chunk))+addToWords, args...); err != nil {
			return fmt.Errorf("search totals: %w", err)
		}
	}
	return nil
}

// addToWords ends apply's INSERT (its table named s): PostgreSQL finds a
// column not named by its table ambiguous there.
const addToWords = `
		ON CONFLICT (ledger_id, word, account_id, kind) DO UPDATE SET count = s.count + excluded.count, total = s.total + excluded.total,
			base_total = s.base_total + excluded.base_total, unrated = s.unrated + excluded.unrated`

// sqliteWordsOf is the words of row's search_words, a row each (value).
func sqliteWordsOf(row string) string {
	return `json_each('["' || replace(` + row + `.search_words, ' ', '","') || '"]')`
}

// sqliteAddWords adds the movement row to the totals of its words.
func sqliteAddWords(row string) string {
	return `INSERT INTO search_totals (ledger_id, word, account_id, kind, count, total, base_total, unrated)
		SELECT DISTINCT ` + row + `.ledger_id, value, ` + row + `.account_id, ` + row + `.type, 1, ` + row + `.amount, COALESCE(` + row + `.base_amount, 0),
			` + row + `.type <> 'transfer' AND ` + row + `.base_amount IS NULL
		FROM ` + sqliteWordsOf(row) + ` WHERE ` + sqliteCounted("value") + sqliteAddToWords
}

// sqliteTakeWords takes the movement row off the totals of its words.
func sqliteTakeWords(row string) string {
	return `UPDATE search_totals SET count = count - 1, total = total - ` + row + `.amount,
			base_total = base_total - COALESCE(` + row + `.base_amount, 0), unrated = unrated - (` + row + `.type <> 'transfer' AND ` + row + `.base_amount IS NULL)
		WHERE ledger_id = ` + row + `.ledger_id AND account_id = ` + row + `.account_id AND kind = ` + row + `.type
			AND word IN (SELECT value FROM ` + sqliteWordsOf(row) + ` WHERE ` + sqliteCounted("value") + `)`
}

// sqliteCounted says whether the word has totals: not empty, not a number
// (see numberWord).
func sqliteCounted(word string) string { return word + ` GLOB '*[^0-9]*'` }

// pgCounted is sqliteCounted on PostgreSQL.
func pgCounted(word string) string { return word + ` ~ '[^0-9]'` }

// numberWord says whether a word is a number (ASCII digits only). Numbers
// have no totals: a bank's references and invoice numbers would make a row
// of nearly every movement, and a number is rarely common. A search of one
// sums its matches.
func numberWord(w string) bool {
	return strings.Trim(w, "0123456789") == ""
}

// pgSearchTotalsSchema is search_totals on PostgreSQL and its triggers: one
// function a trigger, each adding the signed totals of its transition
// tables' rows (an update: the old rows that changed taken off, the new
// ones added), in the key's order, so that two statements lock rows in one
// order.
var pgSearchTotalsSchema = []string{
	`CREATE TABLE search_totals (
		ledger_id  BIGINT NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
		word       TEXT   COLLATE "C" NOT NULL,
		account_id BIGINT NOT NULL,
		kind       TEXT   NOT NULL,
		count      BIGINT NOT NULL,
		total      BIGINT NOT NULL,
		base_total BIGINT NOT NULL,
		unrated    BIGINT NOT NULL,
		PRIMARY KEY (ledger_id, word, account_id, kind)
	)`,
	pgWordsFunction("search_totals_insert", `SELECT 1, * FROM new_rows`),
	pgWordsFunction("search_totals_delete", `SELECT -1, * FROM old_rows`),
	`CREATE TRIGGER movements_words_insert AFTER INSERT ON movements REFERENCING NEW TABLE AS new_rows
		FOR EACH STATEMENT EXECUTE FUNCTION search_totals_insert()`,
	`CREATE TRIGGER movements_words_delete AFTER DELETE ON movements REFERENCING OLD TABLE AS old_rows
		FOR EACH STATEMENT EXECUTE FUNCTION search_totals_delete()`,
	pgUpdateWords[0], pgUpdateWords[1],
}

// pgUpdateWords are search_totals' update function and trigger on
// PostgreSQL (migration 26 makes them again).
var pgUpdateWords = [2]string{
	pgWordsFunction("search_totals_update", `SELECT -1, o.* FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE `+pgSameWords+`)
		UNION ALL SELECT 1, n.* FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE `+pgSameWords+`)`),
	`CREATE TRIGGER movements_words_update AFTER UPDATE ON movements REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
		FOR EACH STATEMENT EXECUTE FUNCTION search_totals_update()`,
}

// pgSameWords says whether the old row o and the new row n count the same
// in search_totals: an update that changes none of this (a category, a
// date, a tag) has nothing to add or take off, and is not unnested.
const pgSameWords = `n.id = o.id AND n.search_words = o.search_words AND n.amount = o.amount AND n.base_amount IS NOT DISTINCT FROM o.base_amount
	AND n.type = o.type AND n.account_id = o.account_id AND n.ledger_id = o.ledger_id`

// pgWordsFunction is a trigger function adding to search_totals the rows of
// rows (a sign, then the movements' columns), a word of each at a time.
func pgWordsFunction(name, rows string) string {
	return `CREATE FUNCTION ` + name + `() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_totals AS s (ledger_id, word, account_id, kind, count, total, base_total, unrated)
	SELECT ledger_id, word, account_id, type, SUM(sign), SUM(sign * amount), SUM(sign * COALESCE(base_amount, 0)),
		SUM(CASE WHEN type <> 'transfer' AND base_amount IS NULL THEN sign ELSE 0 END)
	FROM (SELECT DISTINCT r.sign, r.id, r.ledger_id, w.word, r.account_id, r.type, r.amount, r.base_amount
		FROM (` + rows + `) r (sign)
		CROSS JOIN LATERAL unnest(string_to_array(r.search_words, ' ')) AS w (word)
		WHERE r.search_words <> '' AND ` + pgCounted("w.word") + `) t
	WHERE EXISTS (SELECT 1 FROM ledgers l WHERE l.id = t.ledger_id) -- not of a ledger being deleted
	GROUP BY ledger_id, word, account_id, type
	HAVING SUM(sign) <> 0 OR SUM(sign * amount) <> 0 OR SUM(sign * COALESCE(base_amount, 0)) <> 0
		OR SUM(CASE WHEN type <> 'transfer' AND base_amount IS NULL THEN sign ELSE 0 END) <> 0
	ORDER BY ledger_id, word, account_id, type
	ON CONFLICT (ledger_id, word, account_id, kind) DO UPDATE SET count = s.count + excluded.count, total = s.total + excluded.total,
		base_total = s.base_total + excluded.base_total, unrated = s.unrated + excluded.unrated;
	RETURN NULL;
END $$`
}

// searchTotalsTable is migration 25: search_totals, its triggers, and the
// totals of the movements there are, their long words cut first.
func (db *DB) searchTotalsTable(ctx context.Context, sqlTx *sql.Tx) error {
	if err := db.cutLongWords(ctx, sqlTx); err != nil {
		return err
	}
	schema, fill := sqliteSearchTotalsSchema, sqliteFillSearchTotals
	if db.dialect == Postgres {
		schema, fill = pgSearchTotalsSchema, `INSERT INTO search_totals (ledger_id, word, account_id, kind, count, total, base_total, unrated)
		SELECT ledger_id, word, account_id, type, COUNT(*), SUM(amount), SUM(COALESCE(base_amount, 0)),
			SUM(CASE WHEN type <> 'transfer' AND base_amount IS NULL THEN 1 ELSE 0 END)
		FROM (SELECT DISTINCT m.id, m.ledger_id, w.word, m.account_id, m.type, m.amount, m.base_amount
			FROM movements m CROSS JOIN LATERAL unnest(string_to_array(m.search_words, ' ')) AS w (word)
			WHERE m.search_words <> '' AND `+pgCounted("w.word")+`) t
		GROUP BY ledger_id, word, account_id, type`
	}
	for _, q := range append(slices.Clone(schema), fill) {
		if _, err := sqlTx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("search totals: %w", err)
		}
	}
	return nil
}

// wordTotals are the totals of a search of f from search_totals; ok is
// false when they cannot answer it (see above). A prefix that starts
// several words of the ledger ("cine": cine, cinema) sums their rows, then
// takes off what the movements holding two or more of them counted twice,
// read through the search index (few, as a rule): all in one snapshot.
func (db *DB) wordTotals(ctx context.Context, ledgerID int64, f finance.MovementFilter) (sums map[string]*currencySums, ok bool, err error) {
	tokens := searchTokens(f.Text)
	if len(tokens) != 1 || numberWord(tokens[0]) || f.From != "" || f.To != "" || len(f.AccountIDs) > 0 || len(f.CategoryIDs) > 0 || len(f.Tags) > 0 || len(f.States) > 0 ||
		f.MinAmount != nil || f.MaxAmount != nil {
		return nil, false, nil
	}
	opts := &sql.TxOptions{ReadOnly: true}
	if db.dialect == Postgres {
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := db.r.BeginTx(ctx, opts)
	if err != nil {
		return nil, false, err
	}
	defer tx.Rollback()
	db.reads.Add(1)
	words, err := db.wordsStarted(ctx, tx, ledgerID, tokens[0], maxTotalsWords+1)
	if err != nil || len(words) > maxTotalsWords {
		return nil, false, err
	}
	sums = map[string]*currencySums{}
	if len(words) == 0 {
		return sums, true, nil
	}
	want := func(kind string) bool { return len(f.Types) == 0 || slices.Contains(f.Types, kind) }
	rows, err := tx.QueryContext(ctx, db.Rebind(`SELECT a.currency, s.kind, CAST(SUM(s.count) AS BIGINT), CAST(SUM(s.total) AS BIGINT),
		CAST(SUM(s.base_total) AS BIGINT), CAST(SUM(s.unrated) AS BIGINT) FROM search_totals s JOIN accounts a ON a.id = s.account_id
		WHERE s.ledger_id = ? AND s.word IN (`+placeholders(len(words))+`) GROUP BY a.currency, s.kind`), append([]any{ledgerID}, stringArgs(words)...)...)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	for rows.Next() {
		var currency, kind string
		var count, total, base, unrated int64
		if err := rows.Scan(&currency, &kind, &count, &total, &base, &unrated); err != nil {
			return nil, false, err
		}
		if want(kind) {
			addSums(sums, currency, kind, count, total, base, unrated)
		}
	}
	if err := rows.Err(); err != nil || len(words) == 1 {
		return sums, err == nil, err
	}
	return db.takeOverlaps(ctx, tx, ledgerID, words, sums, want)
}

// maxTotalsWords is how many words a prefix may start for wordTotals.
const maxTotalsWords = 8

// startedWords is the condition on search_totals that keeps the ledger's
// words a token starts; startedArgs are its arguments. No word holds U+10FFFF
// (a noncharacter, not Co), so every word the token starts sorts below token
// + U+10FFFF, byte by byte, and the index on (ledger_id, word) reads just them.
const startedWords = `ledger_id = ? AND word >= ? AND word < ?`

func startedArgs(ledgerID int64, token string, more ...any) []any {
	return append([]any{ledgerID, token, token + "\U0010FFFF"}, more...)
}

// sqlQuerier reads rows through database/sql itself: a pool, or a
// transaction (a read-only snapshot, a migration's).
type sqlQuerier interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
}

// wordsStarted is up to limit of the ledger's words that token starts, of
// those some movement still holds, read through q.
func (db *DB) wordsStarted(ctx context.Context, q sqlQuerier, ledgerID int64, token string, limit int) ([]string, error) {
	return queryColumn[string](q.QueryContext(ctx, db.Rebind(`SELECT word FROM search_totals WHERE `+startedWords+`
		GROUP BY word HAVING SUM(count) > 0 LIMIT ?`), startedArgs(ledgerID, token, limit)...))
}

// wordPairs is the search expression of a movement holding two or more of
// words: each pair written by pair, joined by or.
func wordPairs(words []string, pair func(a, b string) string, or string) string {
	var pairs []string
	for i := range words {
		for _, b := range words[i+1:] {
			pairs = append(pairs, pair(words[i], b))
		}
	}
	return strings.Join(pairs, or)
}

// takeOverlaps takes off sums what the movements holding two or more of
// words added more than once: each was summed once per word it holds. ok
// is false when more than sortRows movements hold two (then summing the
// matches is as cheap).
func (db *DB) takeOverlaps(ctx context.Context, tx *sql.Tx, ledgerID int64, words []string, sums map[string]*currencySums,
	want func(kind string) bool) (map[string]*currencySums, bool, error) {
	var q, match string
	if db.dialect == Postgres {
		q = `SELECT a.currency, m.type, m.amount, m.base_amount, m.search_words FROM movements m JOIN accounts a ON a.id = m.account_id
			WHERE m.ledger_id = ? AND ` + pgSearchVector("m.search_words") + ` @@ CAST(? AS tsquery) LIMIT ?`
		match = wordPairs(words, func(a, b string) string { return `('` + a + `' & '` + b + `')` }, " | ")
	} else {
		q = `SELECT a.currency, m.type, m.amount, m.base_amount, m.search_words FROM movements_search
			CROSS JOIN movements m ON m.id = movements_search.rowid & ` + strconv.Itoa(searchIDMask) + ` JOIN accounts a ON a.id = m.account_id
			WHERE movements_search MATCH ? AND m.ledger_id = ? LIMIT ?`
		match = wordPairs(words, func(a, b string) string { return `("` + a + `" AND "` + b + `")` }, " OR ")
	}
	args := []any{match, ledgerID, sortRows + 1}
	if db.dialect == Postgres {
		args = []any{ledgerID, match, sortRows + 1}
	}
	rows, err := tx.QueryContext(ctx, db.Rebind(q), args...)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		if n++; n > sortRows {
			return nil, false, nil
		}
		var currency, kind, text string
		var amount int64
		var base sql.NullInt64
		if err := rows.Scan(&currency, &kind, &amount, &base, &text); err != nil {
			return nil, false, err
		}
		held, its := 0, strings.Split(text, " ")
		for _, w := range words {
			if slices.Contains(its, w) {
				held++
			}
		}
		if extra := int64(held - 1); extra > 0 && want(kind) {
			unrated := int64(0)
			if kind != finance.MovementTransfer && !base.Valid {
				unrated = 1
			}
			addSums(sums, currency, kind, -extra, -extra*amount, -extra*base.Int64, -extra*unrated)
		}
	}
	return sums, true, rows.Err()
}

// wordMatches tells, from search_totals, whether the ledger's movements
// that a search of tokens matches are fewer than sortRows (n below it) or
// not (n at least sortRows); known is false when the totals cannot tell: a
// search of several words or of a number, or a prefix of several words whose
// counts add up past sortRows while none reaches it (a movement may hold
// more than one of them).
func (db *DB) wordMatches(ctx context.Context, q *sql.Tx, ledgerID int64, tokens []string) (n int, known bool, err error) {
	if len(tokens) != 1 || numberWord(tokens[0]) {
		return 0, false, nil
	}
	var sum, most int
	err = q.QueryRowContext(ctx, db.Rebind(`SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT), CAST(COALESCE(MAX(n), 0) AS BIGINT) FROM (
		SELECT SUM(count) AS n FROM search_totals WHERE `+startedWords+` GROUP BY word) w`), startedArgs(ledgerID, tokens[0])...).Scan(&sum, &most)
	switch {
	case err != nil:
		return 0, false, err
	case sum < sortRows:
		return sum, true, nil
	case most >= sortRows:
		return most, true, nil
	}
	return 0, false, nil
}

// checkSearchTotals reports search_totals rows that disagree with the
// ledger's movements, summed here in Go from their search_words.
func (db *DB) checkSearchTotals(ctx context.Context, ledgerID int64) error {
	type key struct {
		word, kind string
		account    int64
	}
	type val struct{ count, total, base, unrated int64 }
	want := map[key]val{}
	rows, err := db.Query(ctx, `SELECT type, amount, account_id, base_amount, search_words FROM movements WHERE ledger_id = ?`, ledgerID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var typ, words string
		var amount, account int64
		var base sql.NullInt64
		if err := rows.Scan(&typ, &amount, &account, &base, &words); err != nil {
			return err
		}
		seen := map[string]bool{}
		for _, w := range strings.Fields(words) {
			if seen[w] || numberWord(w) {
				continue
			}
			seen[w] = true
			k := key{w, typ, account}
			v := want[k]
			v.count, v.total, v.base = v.count+1, v.total+amount, v.base+base.Int64
			if typ != finance.MovementTransfer && !base.Valid {
				v.unrated++
			}
			want[k] = v
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	rows.Close()
	got, err := db.Query(ctx, `SELECT word, kind, account_id, count, total, base_total, unrated FROM search_totals WHERE ledger_id = ?`, ledgerID)
	if err != nil {
		return err
	}
	defer got.Close()
	var wrong []string
	for got.Next() {
		var k key
		var v val
		if err := got.Scan(&k.word, &k.kind, &k.account, &v.count, &v.total, &v.base, &v.unrated); err != nil {
			return err
		}
		if w := want[k]; w != v {
			wrong = append(wrong, fmt.Sprintf("%q %s account %d: %+v, the movements say %+v", k.word, k.kind, k.account, v, w))
		}
		delete(want, k)
	}
	if err := got.Err(); err != nil {
		return err
	}
	for k, w := range want {
		wrong = append(wrong, fmt.Sprintf("%q %s account %d: no row, the movements say %+v", k.word, k.kind, k.account, w))
	}
	if len(wrong) > 0 {
		slices.Sort(wrong)
		return fmt.Errorf("search totals: %d rows wrong, the first %s", len(wrong), wrong[0])
	}
	return nil
}
