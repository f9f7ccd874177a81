package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"cashcontrol/internal/finance"
)

// Full-text search over movements' descriptions and notes (the q filter).
//
// Both databases index words the same way, and searchTokens here is that
// rule, so the user's text becomes plain words before any query is built:
// nothing typed can reach the database as query syntax. A word is a run of
// letters and digits (Unicode classes L, N and Co); everything else separates
// words. Words are lower-cased and lose their diacritics ("Café" → "cafe").
// Each word of the query must start a word of the description or the notes.
//
//   - SQLite: the FTS5 table movements_search (sqliteSearchSchema), filled
//     by triggers on movements from their search_words (or, for a write of
//     many, a batch at a time: deferSearch). Its rowid is the
//     search key of searchKeySQL, which orders like (date, id): the index
//     hands matches back already in list order, and a page stops early. It
//     holds every ledger's movements (FTS5 has no partitions, as FTS4's
//     languageid was): the join to the movement checks its ledger, so a
//     search costs what the instance's matches cost, not only the ledger's.
//   - PostgreSQL: a GIN index on the tsvector of search_words (movements_search_pg.go,
//     migration 19).
//
// Both index the column search_words: the words made in Go by every write
// that sets a description or notes (searchText).

// sqliteSearchSchema is SQLite's search index (migration 21): an FTS5
// table of the movements' search_words under their search keys, and the
// triggers that keep it in step with every write of movements. It keeps no
// copy of the words (an empty content option; contentless_delete lets a
// row go by its key alone) and no positions (detail=none: a search is words
// and prefixes, never phrases). The words are already the search's
// (searchText), so the 'ascii' tokenizer only splits them at the spaces.
// Prefixes of 1 to 6 letters have an index of their own: a short prefix
// reads one list of keys instead of merging those of every word it starts
// (a common word's first page: 0.1 ms instead of 6). Writing 100,000
// movements' words, 256 per statement, takes this index 105 ms; FTS4's took
// 240 ms.
var sqliteSearchSchema = []string{
	`CREATE VIRTUAL TABLE movements_search USING fts5(words, content='', contentless_delete=1, detail=none,
		tokenize=` + sqliteSearchTokenizer + `, prefix='1 2 3 4 5 6')`,
	sqliteSearchInsert(""),
	`CREATE TRIGGER movements_search_update AFTER UPDATE OF date, id, search_words ON movements
	WHEN old.date IS NOT new.date OR old.id IS NOT new.id OR old.search_words IS NOT new.search_words BEGIN
		DELETE FROM movements_search WHERE rowid = ` + searchKeySQL("old.date", "old.id") + `;
		INSERT INTO movements_search (rowid, words) VALUES (` + searchKeySQL("new.date", "new.id") + `, new.search_words);
	END`,
	`CREATE TRIGGER movements_search_delete AFTER DELETE ON movements BEGIN
		DELETE FROM movements_search WHERE rowid = ` + searchKeySQL("old.date", "old.id") + `;
	END`,
}

// sqliteSearchInsert is the search index's insert trigger; when, if not
// empty, is its condition (migration 27: sqliteNotDeferred).
func sqliteSearchInsert(when string) string {
	if when != "" {
		when = " WHEN " + when
	}
	return `CREATE TRIGGER movements_search_insert AFTER INSERT ON movements` + when + ` BEGIN
		INSERT INTO movements_search (rowid, words) VALUES (` + searchKeySQL("new.date", "new.id") + `, new.search_words);
	END`
}

// sqliteSearchTokenizer is movements_search's tokenizer (the tests read
// words through the same).
const sqliteSearchTokenizer = `'ascii'`

// searchIDBits is how many low bits of a search key hold the movement id.
const searchIDBits = 40

// searchIDMask recovers the movement id from a search key.
const searchIDMask = 1<<searchIDBits - 1

// searchKeySQL is the search key of a row with columns date and id, in
// SQLite: the date's Julian day number (whole part) above the id. Dates run
// from 1900 to 2199 (finance.ValidDate), so the key stays below 2^62.
func searchKeySQL(date, id string) string {
	return `((CAST(julianday(` + date + `) AS INTEGER) << ` + strconv.Itoa(searchIDBits) + `) | ` + id + `)`
}

// searchOrder is the order in which SQLite inserts drafts: by date, stably.
// Their ids then grow with their dates, so their search keys reach the FTS5
// index in increasing order: a key lower than the one before makes FTS5
// flush its pending terms as a small segment of their own (to merge later).
func searchOrder(drafts []finance.MovementDraft) []int {
	order := make([]int, len(drafts))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(drafts[a].Date, drafts[b].Date) })
	return order
}

// compareDateID orders movements like their search keys: by date, then id.
func compareDateID(a, b finance.Movement) int {
	if c := strings.Compare(a.Date, b.Date); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

// ftsMatch is the FTS5 MATCH expression for tokens: each a quoted prefix,
// all required. Tokens hold only letters and digits, so the quotes are safe.
func ftsMatch(tokens []string) string {
	return ftsMatchWords(tokens, nil)
}

// ftsMatchWords is ftsMatch where a token may be given as the words it
// starts (words[i], if not nil): then it is those words exactly, any of
// them, instead of a prefix.
func ftsMatchWords(tokens []string, words [][]string) string {
	var b strings.Builder
	for i, t := range tokens {
		if i > 0 {
			b.WriteString(` AND `)
		}
		if i >= len(words) || words[i] == nil {
			b.WriteString(`"` + t + `"*`)
			continue
		}
		b.WriteString(`(`)
		for k, w := range words[i] {
			if k > 0 {
				b.WriteString(` OR `)
			}
			b.WriteString(`"` + w + `"`)
		}
		b.WriteString(`)`)
	}
	return b.String()
}

// sqliteIndexedPrefix is the longest prefix, in characters, that the search
// index keeps a list of its own for (sqliteSearchSchema's prefix option).
// A longer prefix is found by merging the lists of every word it starts,
// all of them, before the first match comes out: "supermercado"* read all
// of its 100,000 matches for a page of 50 (212 ms, where the word alone
// takes 1.5 ms).
const sqliteIndexedPrefix = 6

// maxPrefixWords is how many of the ledger's words a long token may start
// and still be searched as those words.
const maxPrefixWords = 32

// sqliteMatch is the MATCH expression of tokens in a ledger's search. A
// token longer than the index's prefixes is searched as the words of the
// ledger it starts, exactly (search_totals knows every word of the
// ledger's movements but numbers): a list read newest first that stops at
// the page's end, as a short prefix's is. The token itself is one of them,
// so a word is still found should the totals miss it.
func (db *DB) sqliteMatch(ctx context.Context, ledgerID int64, tokens []string) (string, error) {
	words := make([][]string, len(tokens))
	for i, t := range tokens {
		if utf8.RuneCountInString(t) <= sqliteIndexedPrefix || numberWord(t) {
			continue
		}
		db.reads.Add(1)
		found, err := db.wordsStarted(ctx, db.r, ledgerID, t, maxPrefixWords+1)
		if err != nil {
			return "", err
		}
		if !slices.Contains(found, t) {
			found = append(found, t)
		}
		if len(found) <= maxPrefixWords {
			words[i] = found
		}
	}
	return ftsMatchWords(tokens, words), nil
}

// tsQuery is the PostgreSQL tsquery for tokens: each a prefix, all required.
// It is cast from text (no parser, no dictionary): the words are already the
// index's words.
func tsQuery(tokens []string) string {
	var b strings.Builder
	for i, t := range tokens {
		if i > 0 {
			b.WriteString(" & ")
		}
		b.WriteString(`'` + t + `':*`)
	}
	return b.String()
}

// searchCondition is the text filter for filterSQL: the movements whose words
// start with every token. On SQLite the index is searched within the
// filter's period (a range of search keys); the ledger is the movement's.
func (db *DB) searchCondition(f finance.MovementFilter, tokens []string) (string, []any) {
	if db.dialect == Postgres {
		return ` AND ` + pgSearchVector("m.search_words") + ` @@ CAST(? AS tsquery)`, []any{tsQuery(tokens)}
	}
	keys, args := searchKeyPeriod(f)
	return ` AND m.id IN (SELECT rowid & ` + strconv.Itoa(searchIDMask) + ` FROM movements_search
		WHERE movements_search MATCH ?` + keys + `)`, append([]any{ftsMatch(tokens)}, args...)
}

// searchTokens is finance.Words, each word cut to its first maxSearchWord
// bytes: the index's words of a text. A query's word is cut as the
// movements' are, so a longer word is still found by its beginning; the cut
// keeps every word within what PostgreSQL's tsvector (2,047 bytes) and a
// B-tree key of search_totals (2,704) hold.
func searchTokens(text string) []string {
	words := finance.Words(text)
	for i, w := range words {
		if len(w) > maxSearchWord {
			cut := maxSearchWord
			for !utf8.RuneStart(w[cut]) {
				cut--
			}
			words[i] = w[:cut]
		}
	}
	return words
}

// maxSearchWord is the length in bytes past which a word is cut.
const maxSearchWord = 255

// searchKeyPeriod bounds the search keys of movements_search to the filter's
// period.
func searchKeyPeriod(f finance.MovementFilter) (string, []any) {
	var cond string
	var args []any
	if f.From != "" {
		cond += ` AND movements_search.rowid >= ` + searchKeySQL("?", "0")
		args = append(args, f.From)
	}
	if f.To != "" {
		cond += ` AND movements_search.rowid <= ` + searchKeySQL("?", strconv.Itoa(searchIDMask))
		args = append(args, f.To)
	}
	return cond, args
}

// movementSource is the FROM (movements m joined to their account a), the
// WHERE and the list's ORDER BY (newest first, oldest first when asked) of a
// query over the filtered movements. On SQLite a text filter makes the search
// index the outer loop: it walks the ledger's matches in key order, which is
// the list's, so a page of a common word reads little more than a page of
// matches and needs no sort, and totals read the matches only; every other
// filter is checked on the movement each match joins.
type movementSource struct {
	from, where, order string
	args               []any
	keyed              bool // ordered by the search key
	// lines: the filter's categories, when split movements count by their
	// lines in them (filterSQL).
	lines []int64
}

func (db *DB) movementSource(ctx context.Context, ledgerID int64, f finance.MovementFilter) (*movementSource, error) {
	tokens := searchTokens(f.Text)
	if db.dialect != SQLite || len(tokens) == 0 {
		where, args, lines, err := db.filterSQL(ctx, ledgerID, f)
		order := ` ORDER BY m.date DESC, m.id DESC`
		if f.Ascending {
			order = ` ORDER BY m.date ASC, m.id ASC`
		}
		return &movementSource{from: ` FROM movements m JOIN accounts a ON a.id = m.account_id`, where: where, order: order, args: args, lines: lines}, err
	}
	rest := f
	rest.Text = ""
	where, args, lines, err := db.filterSQL(ctx, ledgerID, rest)
	if err != nil {
		return nil, err
	}
	match, err := db.sqliteMatch(ctx, ledgerID, tokens)
	keys, keyArgs := searchKeyPeriod(f)
	order := ` ORDER BY movements_search.rowid DESC`
	if f.Ascending {
		order = ` ORDER BY movements_search.rowid ASC`
	}
	// CROSS JOIN keeps the index as the outer loop.
	return &movementSource{
		from: ` FROM movements_search CROSS JOIN movements m ON m.id = movements_search.rowid & ` + strconv.Itoa(searchIDMask) +
			` JOIN accounts a ON a.id = m.account_id`,
		where: where + ` AND movements_search MATCH ?` + keys,
		order: order,
		args:  append(append(args, match), keyArgs...),
		keyed: true,
		lines: lines,
	}, err
}

// after is the keyset condition for the rows past (date, id) in list order.
func (s *movementSource) after(date string, id int64, ascending bool) (string, []any) {
	cmp := "<"
	if ascending {
		cmp = ">"
	}
	if s.keyed {
		return ` AND movements_search.rowid ` + cmp + ` ` + searchKeySQL("?", "?"), []any{date, id}
	}
	return ` AND (m.date ` + cmp + ` ? OR (m.date = ? AND m.id ` + cmp + ` ?))`, []any{date, date, id}
}

// A write of many movements on SQLite (movementWriter: imports, a ledger's
// import, schedules posted) does the insert triggers' work itself: each
// batch's movements go into the search index after the batch, 1,024 a
// statement, in the order of their keys, and search_totals takes their words'
// sums, made in Go (wordSums), when the write ends. While a ledger's row is
// in movements_search_deferred (migration 27), within the writer's
// transaction and never after it, the insert triggers skip its movements.
// A 100,000-row CSV import into a ledger of 1,000,000 movements: 17,300 →
// 19,900 rows/s (medians of four runs each, taking turns with the triggers).

// sqliteNotDeferred is the insert triggers' condition (migration 27).
const sqliteNotDeferred = `NOT EXISTS (SELECT 1 FROM movements_search_deferred d WHERE d.ledger_id = new.ledger_id)`

// sqliteDeferredInserts is migration 27 on SQLite: the table, and the insert
// triggers with sqliteNotDeferred.
var sqliteDeferredInserts = []string{
	`CREATE TABLE movements_search_deferred (ledger_id INTEGER PRIMARY KEY)`,
	`DROP TRIGGER movements_search_insert`,
	sqliteSearchInsert(sqliteNotDeferred),
	`DROP TRIGGER movements_words_insert`,
	sqliteWordsInsert(sqliteNotDeferred),
}

// deferredSearchInserts is migration 27 (SQLite only).
func (db *DB) deferredSearchInserts(ctx context.Context, sqlTx *sql.Tx) error {
	if db.dialect != SQLite {
		return nil
	}
	for _, q := range sqliteDeferredInserts {
		if _, err := sqlTx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("deferred search inserts: %w", err)
		}
	}
	return nil
}

// deferSearch makes the insert triggers skip the ledger's new movements until
// undeferSearch, in the same transaction.
func deferSearch(ctx context.Context, tx *Tx, ledgerID int64) error {
	_, err := tx.Exec(ctx, `INSERT INTO movements_search_deferred (ledger_id) VALUES (?)`, ledgerID)
	return err
}

// indexBatch puts a batch of the ledger's movements in the search index:
// ids from to to, n of them, written in the order of their keys
// (searchOrder) right after the last batch's, which ended at id after (0:
// none). A movement written by anything else meanwhile fails the write
// rather than be left out.
func indexBatch(ctx context.Context, tx *Tx, ledgerID, after, from, to int64, n int) error {
	if after != 0 && from != after+1 {
		return fmt.Errorf("search index: a batch from id %d after one to %d", from, after)
	}
	var got int64
	for lo := from; lo <= to; lo += indexBatchRows {
		// By the ids' range (the rowid's), not the ledger's index: "ledger_id
		// = ?" made SQLite read all of a large ledger's entries in that index.
		res, err := tx.Exec(ctx, `INSERT INTO movements_search (rowid, words) SELECT `+searchKeySQL("date", "id")+`, search_words
			FROM movements WHERE id BETWEEN ? AND ? AND +ledger_id = ? ORDER BY id`, lo, min(lo+indexBatchRows-1, to), ledgerID)
		if err != nil {
			return fmt.Errorf("search index: %w", err)
		}
		k, err := res.RowsAffected()
		if err != nil {
			return err
		}
		got += k
	}
	if got != int64(n) {
		return fmt.Errorf("search index: %d movements of %d between ids %d and %d", got, n, from, to)
	}
	return nil
}

// indexBatchRows movements at most go into the search index in one
// statement: FTS5 holds a statement's words in memory until it ends (a
// 100,000-row import peaked 3–5 MB higher with 4,096 a statement).
const indexBatchRows = 1024

// undeferSearch adds the words' sums of the movements written since
// deferSearch to search_totals and lets the triggers work again; the last
// movement written must be the last indexed (last).
func undeferSearch(ctx context.Context, tx *Tx, ledgerID, last int64, sums wordSums) error {
	var newest int64
	if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM movements`).Scan(&newest); err != nil {
		return err
	}
	if newest != last {
		return fmt.Errorf("search index: movement %d written after the last indexed, %d", newest, last)
	}
	if err := sums.apply(ctx, tx, ledgerID); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `DELETE FROM movements_search_deferred WHERE ledger_id = ?`, ledgerID)
	return err
}
