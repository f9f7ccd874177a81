package store

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"cashcontrol/internal/finance"
)

// SQLitePragmas reports the connection settings that matter, for the tests;
// empty on PostgreSQL.
func (db *DB) SQLitePragmas(ctx context.Context) map[string]string {
	out := map[string]string{}
	if db.dialect != SQLite {
		return out
	}
	for _, p := range []string{"journal_mode", "foreign_keys", "cache_size", "busy_timeout", "synchronous", "wal_autocheckpoint"} {
		var v string
		if err := db.w.QueryRowContext(ctx, "PRAGMA "+p).Scan(&v); err == nil {
			out[p] = v
		}
	}
	return out
}

// WaitForCheckpointForTest waits for the background checkpoint
// (endBulkLoad) to end.
func (db *DB) WaitForCheckpointForTest() {
	for db.checkpoints.running.Load() {
		time.Sleep(time.Millisecond)
	}
}

// LogFramesForTest checkpoints SQLite's log as the background does, on the
// reading pool, and reports how many frames it holds.
func (db *DB) LogFramesForTest(ctx context.Context) (int, error) {
	var busy, frames, copied int
	if err := db.r.QueryRowContext(ctx, checkpointSQL).Scan(&busy, &frames, &copied); err != nil {
		return 0, err
	}
	if busy != 0 || copied != frames {
		return frames, fmt.Errorf("checkpoint: busy %d, %d frames of %d copied", busy, copied, frames)
	}
	return frames, nil
}

// ColumnsForTest lists every table of the schema (goose's bookkeeping table
// aside) with its columns and their declared types, as the database reports
// them: PRAGMA table_info on SQLite, information_schema on PostgreSQL.
// SQLite's search index (the FTS5 table movements_search and its shadow
// tables) is left out: PostgreSQL's is an index, not a table; so is
// movements_search_deferred, which only SQLite's insert triggers need.
func (db *DB) ColumnsForTest(ctx context.Context) (map[string]map[string]string, error) {
	q := `SELECT m.name, p.name, p.type FROM sqlite_master m JOIN pragma_table_info(m.name) p
		WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> 'goose_db_version'
		AND m.name NOT LIKE 'movements_search%'`
	if db.dialect == Postgres {
		q = `SELECT table_name, column_name, data_type FROM information_schema.columns
			WHERE table_schema = current_schema() AND table_name <> 'goose_db_version'`
	}
	rows, err := db.Query(ctx, q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]map[string]string{}
	for rows.Next() {
		var table, column, typ string
		if err := rows.Scan(&table, &column, &typ); err != nil {
			return nil, err
		}
		if out[table] == nil {
			out[table] = map[string]string{}
		}
		out[table][column] = typ
	}
	return out, rows.Err()
}

// SearchIndexRowsForTest counts the rows of SQLite's search index that are a
// ledger's movements or no movement's at all (on PostgreSQL, whose index is
// on the table, the ledger's movements); -1 on error.
func (db *DB) SearchIndexRowsForTest(ctx context.Context, ledgerID int64) int64 {
	q := `SELECT COUNT(*) FROM movements_search_docsize s LEFT JOIN movements m
		ON m.id = s.id & ` + strconv.Itoa(searchIDMask) + ` AND ` + searchKeySQL("m.date", "m.id") + ` = s.id
		WHERE m.id IS NULL OR m.ledger_id = ?`
	if db.dialect == Postgres {
		q = `SELECT COUNT(*) FROM movements WHERE ledger_id = ?`
	}
	var n int64
	if err := db.QueryRow(ctx, q, ledgerID).Scan(&n); err != nil {
		return -1
	}
	return n
}

// IndexWordsForTest returns the words the search index makes of the
// search_words a movement with that description keeps: SQLite's tokenizer
// (an FTS5 table of movements_search's options, read through fts5vocab),
// PostgreSQL's index expression (pgSearchVector).
func (db *DB) IndexWordsForTest(ctx context.Context, text string) ([]string, error) {
	q := `SELECT unnest(tsvector_to_array(` + pgSearchVector("search_words") + `)) FROM (SELECT CAST(? AS text) AS search_words) m`
	if db.dialect == SQLite {
		for _, s := range []string{`CREATE VIRTUAL TABLE IF NOT EXISTS temp.words USING fts5(text, detail=none, tokenize=` + sqliteSearchTokenizer + `)`,
			`CREATE VIRTUAL TABLE IF NOT EXISTS temp.words_vocab USING fts5vocab(temp, words, row)`, `DELETE FROM temp.words`} {
			if _, err := db.w.ExecContext(ctx, s); err != nil {
				return nil, err
			}
		}
		if _, err := db.w.ExecContext(ctx, `INSERT INTO temp.words (text) VALUES (?)`, SearchText(text, "")); err != nil {
			return nil, err
		}
		q = `SELECT term FROM temp.words_vocab WHERE ? IS NOT NULL`
	}
	out, err := queryColumn[string](db.w.QueryContext(ctx, db.Rebind(q), SearchText(text, "")))
	if out == nil {
		out = []string{}
	}
	return out, err
}

// ExplainSearchForTest is PostgreSQL's plan of a text search alone with
// sequential scans off: it names the index movements_search when the query's
// expression is the index's. Empty on SQLite.
func (db *DB) ExplainSearchForTest(ctx context.Context, ledgerID int64, text string) (string, error) {
	if db.dialect != Postgres {
		return "", nil
	}
	tokens := searchTokens(text)
	cond, args := db.searchCondition(finance.MovementFilter{Text: text}, tokens)
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		return "", err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SET LOCAL enable_seqscan = off`); err != nil {
		return "", err
	}
	rows, err := tx.QueryContext(ctx, db.Rebind(`EXPLAIN SELECT m.id FROM movements m WHERE TRUE`+cond), args...)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var plan strings.Builder
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return "", err
		}
		plan.WriteString(line + "\n")
	}
	return plan.String(), rows.Err()
}

// AttachmentFilesForTest lists the file keys of the ledger's attachments,
// and whether the file store holds each.
func (db *DB) AttachmentFilesForTest(ctx context.Context, ledgerID int64) (map[string]bool, error) {
	keys, err := attachmentKeys(ctx, db, `ledger_id = ?`, ledgerID)
	out := map[string]bool{}
	for _, k := range keys {
		f, err := db.files.Open(ctx, k)
		out[k] = err == nil
		if f != nil {
			f.Close()
		}
	}
	return out, err
}

// FileExistsForTest reports whether the file store holds key.
func (db *DB) FileExistsForTest(ctx context.Context, key string) bool {
	f, err := db.files.Open(ctx, key)
	if f != nil {
		f.Close()
	}
	return err == nil
}

// MigrateUpToForTest applies the pending migrations up to version, and no
// later one.
func (db *DB) MigrateUpToForTest(ctx context.Context, version int64) error {
	p, err := db.migrator()
	if err != nil {
		return err
	}
	_, err = p.UpTo(ctx, version)
	return err
}

// CountForTest answers a query of one number, as written (placeholders "?").
func (db *DB) CountForTest(ctx context.Context, q string, args ...any) (int64, error) {
	var n int64
	err := db.w.QueryRowContext(ctx, db.Rebind(q), args...).Scan(&n)
	return n, err
}

// ExecForTest runs a statement on the writing connection, as written
// (placeholders "?").
func (db *DB) ExecForTest(ctx context.Context, q string, args ...any) error {
	_, err := db.w.ExecContext(ctx, db.Rebind(q), args...)
	return err
}

// TriggersForTest are the triggers of the tables written by the app, as
// "table.trigger" (PostgreSQL's own, for foreign keys, left out).
func (db *DB) TriggersForTest(ctx context.Context) ([]string, error) {
	q := `SELECT tbl_name || '.' || name FROM sqlite_master WHERE type = 'trigger' ORDER BY 1`
	if db.dialect == Postgres {
		q = `SELECT c.relname || '.' || t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
			WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace ORDER BY 1`
	}
	return queryColumn[string](db.Query(ctx, q))
}

// ForeignKeysForTest are the columns of the foreign keys of the tables
// written by the app, as "table.column" (PostgreSQL; none on SQLite).
func (db *DB) ForeignKeysForTest(ctx context.Context) ([]string, error) {
	if db.dialect != Postgres {
		return nil, nil
	}
	return queryColumn[string](db.Query(ctx, `SELECT c.relname || '.' || a.attname FROM pg_constraint k
		JOIN pg_class c ON c.oid = k.conrelid JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = ANY(k.conkey)
		WHERE k.contype = 'f' AND c.relnamespace = current_schema()::regnamespace ORDER BY 1`))
}

// BulkReferencesForTest runs pgBulk's check of the accounts and
// categories a copy without triggers named, in a write of the ledger.
func (db *DB) BulkReferencesForTest(ctx context.Context, ledgerID int64, accounts, categories []int64) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		b := &pgBulk{asked: true, allowed: true, words: wordSums{}, accounts: map[int64]bool{}, categories: map[int64]bool{}}
		for _, id := range accounts {
			b.accounts[id] = true
		}
		for _, id := range categories {
			b.categories[id] = true
		}
		return b.finish(ctx, tx, ledgerID)
	})
}

// SearchTotalsForTest answers the totals of a search both ways: from
// search_totals (ok false when it cannot) and by summing the matches.
func (db *DB) SearchTotalsForTest(ctx context.Context, ledgerID int64, f finance.MovementFilter) (fromWords, fromMatches map[string]CurrencySumsForTest, ok bool, err error) {
	conv := func(m map[string]*currencySums) map[string]CurrencySumsForTest {
		out := map[string]CurrencySumsForTest{}
		for c, s := range m {
			if s.count != 0 {
				out[c] = CurrencySumsForTest{s.count, s.earnings, s.expenses, s.baseEarnings, s.baseExpenses, s.unrated}
			}
		}
		return out
	}
	words, ok, err := db.wordTotals(ctx, ledgerID, f)
	if err != nil {
		return nil, nil, false, err
	}
	matches, err := db.scanTotals(ctx, ledgerID, f)
	return conv(words), conv(matches), ok, err
}

// CurrencySumsForTest is currencySums, comparable outside the package.
type CurrencySumsForTest struct{ Count, Earnings, Expenses, BaseEarnings, BaseExpenses, Unrated int64 }

// SetImportDecodedForTest bounds what a ledger import's images may cost
// decoded in all (MaxImportDecodedBytes).
func (db *DB) SetImportDecodedForTest(n int64) { db.importDecoded = n }

// AttachmentsForTest are the ledger's attachments, with their files' bytes.
func (db *DB) AttachmentsForTest(ctx context.Context, ledgerID int64) ([]finance.Attachment, [][]byte, error) {
	rows, err := db.Query(ctx, `SELECT `+attachmentColumns+`, file_key FROM attachments WHERE ledger_id = ? ORDER BY id`, ledgerID)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var atts []finance.Attachment
	var data [][]byte
	for rows.Next() {
		var a finance.Attachment
		var key string
		if err := rows.Scan(&a.ID, &a.MovementID, &a.Name, &a.ContentType, &a.Size, &a.Width, &a.Height, &a.Thumbnail, &a.CreatedAt, &key); err != nil {
			return nil, nil, err
		}
		f, err := db.files.Open(ctx, key)
		if err != nil {
			return nil, nil, err
		}
		b, err := io.ReadAll(f)
		f.Close()
		if err != nil {
			return nil, nil, err
		}
		atts, data = append(atts, a), append(data, b)
	}
	return atts, data, rows.Err()
}

// PutFileForTest writes a file to the file store, as a write whose row
// never came would have left it.
func (db *DB) PutFileForTest(ctx context.Context, key string, data []byte) error {
	return db.files.Put(ctx, key, data)
}

// SetImportSlicesForTest makes every bank import's commit on SQLite go in
// slices of rows rows, and runs hook after each slice but the last (on
// PostgreSQL, inside its one transaction, at the same rows); an error of
// hook fails the commit (ErrStopForTest: as if the server stopped there).
func (db *DB) SetImportSlicesForTest(rows int, hook func(ctx context.Context, slice int) error) {
	db.slices.rows, db.slices.hook = rows, hook
}

// RestartForTest forgets, as a restarted server would, the commits in
// slices that run, and holds what they left as Open does.
func (db *DB) RestartForTest(ctx context.Context) error {
	db.slices.mu.Lock()
	db.slices.held = nil
	db.slices.mu.Unlock()
	return db.holdUnfinished(ctx)
}

// LedgerHeldForTest says whether a commit in slices holds the ledger.
func (db *DB) LedgerHeldForTest(ledgerID int64) bool { return db.slices.busy(ledgerID) != nil }

// SearchTokensForTest is searchTokens: the words a query is made of.
func SearchTokensForTest(text string) []string { return searchTokens(text) }
