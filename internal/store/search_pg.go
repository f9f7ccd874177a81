package store

import (
	"context"
	"database/sql"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"cashcontrol/internal/finance"
)

// PostgreSQL's side of the search: a GIN index on the expression
// pgSearchWords("") (migration 00006), the words of a movement's description
// and notes as searchTokens makes them. translate() lower-cases and strips
// the diacritics of the Latin letters, turns punctuation and symbols into
// spaces and drops combining diacritics, so the words are the same whatever
// the database's locale; the 'simple' configuration's parser then splits at
// the spaces. No extension is needed. A text with only ASCII characters (most
// bank descriptions) takes a short map: translate() scans its map for every
// character, and the full one made an import several times slower.
//
// The expression is written out in the migration and in every query (an
// index serves a query only for the same expression; wrapped in an SQL
// function it cost another third per row on writes). TestSearchWordsIndex
// checks that the migration holds pgSearchWords("") and that a search uses
// the index.

// searchMapRanges are the characters translate() maps: ASCII, the Latin
// letters of es/en/fr and their neighbours, combining diacritics, general
// punctuation and currency signs. Beyond them the parser and the locale
// decide.
var searchMapRanges = [][2]rune{{0x20, 0x24f}, {0x300, 0x36f}, {0x2000, 0x206f}, {0x20a0, 0x20c0}}

// searchTranslateMap is translate()'s from and to for searchTokens' rule, for
// the characters of searchMapRanges below limit: an upper-case or accented
// letter becomes its plain lower-case letter, a separator becomes a space,
// and a combining diacritic is removed (it sits at the end of from, beyond
// to). translate() looks each character up in from, first to last, so the
// commonest come first: lower-case ASCII letters, digits and the space
// (mapped to themselves), then upper-case ASCII, the accented lower-case
// letters of Latin-1 and ASCII punctuation.
func searchTranslateMap(limit rune) (from, to string) {
	type entry struct {
		r    rune
		to   string
		rank int
	}
	var entries []entry
	var drop strings.Builder
	for _, rg := range searchMapRanges {
		for r := rg[0]; r <= rg[1] && r < limit; r++ {
			if !utf8.ValidRune(r) {
				continue
			}
			rank := 5
			switch {
			case r == ' ' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
				entries = append(entries, entry{r, string(r), 0})
				continue
			case r >= 'A' && r <= 'Z':
				rank = 1
			case r >= 0xe0 && r <= 0xff:
				rank = 2
			case r < 0x80:
				rank = 3
			case r >= 0xc0 && r <= 0xdf:
				rank = 4
			}
			switch toks := searchTokens(string(r)); {
			case finance.IsDiacritic(r):
				drop.WriteRune(r)
			case len(toks) == 0:
				entries = append(entries, entry{r, " ", rank})
			case len(toks) == 1 && toks[0] != string(r) && utf8.RuneCountInString(toks[0]) == 1:
				entries = append(entries, entry{r, toks[0], rank})
			}
		}
	}
	slices.SortStableFunc(entries, func(a, b entry) int { return a.rank - b.rank })
	var f, t strings.Builder
	for _, e := range entries {
		f.WriteRune(e.r)
		t.WriteString(e.to)
	}
	return f.String() + drop.String(), t.String()
}

func sqlQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// pgSearchWords is the tsvector of the words of a movement, with its columns
// written as prefix+"description" and prefix+"notes".
func pgSearchWords(prefix string) string {
	text := "(" + prefix + "description || ' ' || " + prefix + "notes)"
	asciiFrom, asciiTo := searchTranslateMap(0x80)
	from, to := searchTranslateMap(utf8.MaxRune)
	return "to_tsvector('simple'::regconfig, CASE WHEN octet_length" + text + " = char_length" + text +
		" THEN translate(" + text + ", " + sqlQuote(asciiFrom) + ", " + sqlQuote(asciiTo) + ")" +
		" ELSE translate(" + text + ", " + sqlQuote(from) + ", " + sqlQuote(to) + ") END)"
}

// pgSearchWordsOfM is pgSearchWords for the movements m of the queries.
var pgSearchWordsOfM = pgSearchWords("m.")

// pgSearchPage runs the list query q of a text search on PostgreSQL. The
// planner cannot tell a rare word from a common one (its statistics keep the
// frequent words, and a prefix is guessed at 0.5 % of the rows): it walked a
// million movements by date for a word found six times (6 s), or started
// parallel workers for a handful of rows. So, in one read-only transaction:
// count the matches through the index, up to sortRows; a rare word
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
	if err := set("max_parallel_workers_per_gather = 0", "enable_seqscan = off", "enable_indexscan = off"); err != nil {
		return nil, nil, err
	}
	cond, condArgs := db.searchCondition(ledgerID, finance.MovementFilter{}, tokens)
	var n int
	// Without the ledger's condition only the search index can serve the
	// count (the ledger's own index would read the whole ledger); a word common
	// in other ledgers only makes this one walk its date order.
	if err := tx.QueryRowContext(ctx, db.rebind(`SELECT COUNT(*) FROM (SELECT 1 FROM movements m WHERE TRUE`+cond+
		` LIMIT `+strconv.Itoa(sortRows)+`) s`), condArgs...).Scan(&n); err != nil {
		return nil, nil, err
	}
	if n >= sortRows {
		if err := set("enable_seqscan = on", "enable_indexscan = on", "enable_bitmapscan = off"); err != nil {
			return nil, nil, err
		}
	}
	rows, err := tx.QueryContext(ctx, db.rebind(q), args...)
	return movementPage(rows, err, limit)
}
