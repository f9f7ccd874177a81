package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"

	"cashcontrol/internal/finance"
)

// PostgreSQL's side of the search: the column search_words keeps a
// movement's words as searchTokens makes them (lower-cased, without
// diacritics, split at everything that is not a letter or a digit), joined
// by spaces, and a GIN index on the tsvector of exactly those words serves
// the search (migration 26). The words are made in Go by every write
// that sets a description or notes: the expression that made them in SQL
// (translate() over a map of the Latin letters) cost an import four fifths
// of its time. CheckLedger recomputes them. The index once parsed them again
// with to_tsvector('simple'), whose parser splits words at characters Go
// keeps in them (①, private-use letters) and drops others (², ½): the list
// and the words' totals then disagreed.

// pgSearchVector is the indexed expression over the column words, as
// migration 26 creates it on search_words: the tsvector of the words as
// written. No word is empty or longer than
// maxSearchWord bytes, but array_to_tsvector fails on an empty word and on
// one of more than 2,047 bytes, and an index is built over the rows'
// earlier versions too: those of migration 26's own cut, or of an import
// that took a file's words as they were. So a text of 2,048 bytes or more
// drops its words of 512 characters or more (a kept one has at most 2,044
// bytes; 255 is the most a regular expression counts at once), and empty
// words go.
func pgSearchVector(words string) string {
	return `array_to_tsvector(array_remove(string_to_array(CASE WHEN octet_length(` + words + `) < 2048 THEN ` + words + `
	ELSE regexp_replace(` + words + `, '[^ ]{255}[^ ]{255}[^ ]{2,}', '', 'g') END, ' '), ''))`
}

// SearchText is a movement's search_words.
func SearchText(description, notes string) string {
	return strings.Join(searchTokens(description+" "+notes), " ")
}

// pgSearchPage runs the list query q of a text search on PostgreSQL. The
// planner cannot tell a rare word from a common one (its statistics keep the
// frequent words, and a prefix is guessed at 0.5 % of the rows): it walked a
// million movements by date for a word found six times (6 s), or started
// parallel workers for a handful of rows. So, in one read-only transaction:
// count the matches (from search_totals, else through the index, up to
// sortRows); a rare word
// is then read through the index and sorted, a common one (whose first page
// comes after a few thousand movements at most) by walking the date order.
func (db *DB) pgSearchPage(ctx context.Context, ledgerID int64, tokens []string, q string, args []any, limit int) ([]finance.Movement, *string, error) {
	tx, err := db.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, nil, err
	}
	defer tx.Rollback()
	set := func(settings ...string) error {
		for _, s := range settings {
			if _, err := tx.ExecContext(ctx, `SET LOCAL `+s); err != nil {
				return err
			}
		}
		return nil
	}
	// Each statement is planned for its own settings and values: pgx prepares
	// statements, and after five runs PostgreSQL may keep a generic plan,
	// made under the settings of that moment. A rare word's plan (the index,
	// then a sort) then served a common word: 95,000 rows sorted for a page
	// of 50 (250 ms instead of 14).
	if err := set("plan_cache_mode = force_custom_plan", "max_parallel_workers_per_gather = 0", "enable_seqscan = off", "enable_indexscan = off"); err != nil {
		return nil, nil, err
	}
	// A word's totals tell most words' matches (wordMatches); otherwise
	// they are counted through the index.
	n, known, err := db.wordMatches(ctx, tx, ledgerID, tokens)
	if err != nil {
		return nil, nil, err
	}
	if !known {
		cond, condArgs := db.searchCondition(finance.MovementFilter{}, tokens)
		// Without the ledger's condition only the search index can serve the
		// count (the ledger's own index would read the whole ledger); a word common
		// in other ledgers only makes this one walk its date order.
		if err := tx.QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM (SELECT 1 FROM movements m WHERE TRUE`+cond+
			` LIMIT `+strconv.Itoa(sortRows)+`) s`), condArgs...).Scan(&n); err != nil {
			return nil, nil, err
		}
	}
	if n >= sortRows {
		if err := set("enable_seqscan = on", "enable_indexscan = on", "enable_bitmapscan = off"); err != nil {
			return nil, nil, err
		}
	}
	rows, err := tx.QueryContext(ctx, db.Rebind(q), args...)
	return movementPage(rows, err, limit)
}
