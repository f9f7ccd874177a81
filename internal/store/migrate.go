package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"strings"

	"cashcontrol/internal/finance"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed migrations
var migrations embed.FS

// Migrate applies every pending migration and returns how many it applied.
func (db *DB) Migrate(ctx context.Context) (int, error) {
	p, err := db.migrator()
	if err != nil {
		return 0, err
	}
	res, err := p.Up(ctx)
	db.noteSchema(ctx)
	if err != nil {
		return len(res), fmt.Errorf("migrate: %w", err)
	}
	return len(res), nil
}

// noteSchema notes what the schema's version changes in how the store
// writes (DB.wordsInGo).
func (db *DB) noteSchema(ctx context.Context) {
	if db.dialect != SQLite {
		return // nothing on PostgreSQL: no read of the version at start-up
	}
	v, err := db.SchemaVersion(ctx)
	db.wordsInGo.Store(err == nil && v >= wordsInGoVersion)
}

// MigrateTo applies the pending migrations up to version, no further (an
// empty database about to receive an export taken at that version).
func (db *DB) MigrateTo(ctx context.Context, version int64) error {
	p, err := db.migrator()
	if err != nil {
		return err
	}
	_, err = p.UpTo(ctx, version)
	db.noteSchema(ctx)
	if err != nil {
		return fmt.Errorf("migrate to %d: %w", version, err)
	}
	return nil
}

// SchemaVersion returns the highest applied migration.
func (db *DB) SchemaVersion(ctx context.Context) (int64, error) {
	p, err := db.migrator()
	if err != nil {
		return 0, err
	}
	return p.GetDBVersion(ctx)
}

func (db *DB) migrator() (*goose.Provider, error) {
	dir, dialect := db.dialect.migrations()
	sub, err := fs.Sub(migrations, dir)
	if err != nil {
		return nil, err
	}
	var opts []goose.ProviderOption
	if db.dialect == Postgres {
		// Several servers may start at once on one database: an advisory
		// lock lets one of them migrate while the others wait.
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return nil, err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	opts = append(opts, goose.WithGoMigrations(
		goose.NewGoMigration(9, &goose.GoFunc{RunTx: db.learnFromEarlierTransfers}, &goose.GoFunc{Mode: goose.TransactionEnabled}),
		goose.NewGoMigration(15, &goose.GoFunc{RunTx: db.countFeaturesOfEarlierMovements}, &goose.GoFunc{Mode: goose.TransactionEnabled}),
		goose.NewGoMigration(19, &goose.GoFunc{RunTx: db.searchWordsInGo}, &goose.GoFunc{Mode: goose.TransactionEnabled}),
		goose.NewGoMigration(21, &goose.GoFunc{RunTx: db.searchInFTS5}, &goose.GoFunc{Mode: goose.TransactionEnabled}),
		goose.NewGoMigration(25, &goose.GoFunc{RunTx: db.searchTotalsTable}, &goose.GoFunc{Mode: goose.TransactionEnabled}),
		goose.NewGoMigration(26, &goose.GoFunc{RunTx: db.searchWordsAsWritten}, &goose.GoFunc{Mode: goose.TransactionEnabled}),
		goose.NewGoMigration(27, &goose.GoFunc{RunTx: db.deferredSearchInserts}, &goose.GoFunc{Mode: goose.TransactionEnabled}),
		goose.NewGoMigration(32, &goose.GoFunc{RunTx: db.countFeaturesByMonth}, &goose.GoFunc{Mode: goose.TransactionEnabled}),
		goose.NewGoMigration(wordsInGoVersion, &goose.GoFunc{RunTx: db.dropWordsTrigger}, &goose.GoFunc{Mode: goose.TransactionEnabled})))
	return goose.NewProvider(dialect, db.w, sub, opts...)
}

// learnFromEarlierTransfers is migration 9: the rates that cross-currency
// transfers written before there were rates give, as every new one does.
func (db *DB) learnFromEarlierTransfers(ctx context.Context, sqlTx *sql.Tx) error {
	ledgers, err := queryIDs(sqlTx.QueryContext(ctx, db.Rebind(`SELECT DISTINCT m.ledger_id FROM movements m JOIN accounts a ON a.id = m.account_id
		JOIN accounts ta ON ta.id = m.to_account_id WHERE m.type = 'transfer' AND a.currency <> ta.currency ORDER BY m.ledger_id`)))
	if err != nil {
		return err
	}
	for _, ledgerID := range ledgers {
		tx := &Tx{db: db, tx: sqlTx, ledgerID: ledgerID}
		// The columns of the schema of migration 9 (movementColumns reads
		// some that later migrations add).
		rows, err := tx.Query(ctx, `SELECT m.id, m.type, m.date, m.amount, m.account_id, m.to_account_id, m.to_amount, a.currency, ta.currency
			FROM movements m JOIN accounts a ON a.id = m.account_id JOIN accounts ta ON ta.id = m.to_account_id
			WHERE m.ledger_id = ? AND m.type = 'transfer' AND a.currency <> ta.currency ORDER BY m.id`, ledgerID)
		if err != nil {
			return err
		}
		type transfer struct {
			id               int64
			d                finance.MovementDraft
			currency, toCurr string
		}
		var transfers []transfer
		for rows.Next() {
			var t transfer
			if err := rows.Scan(&t.id, &t.d.Type, &t.d.Date, &t.d.Amount, &t.d.AccountID, &t.d.ToAccountID, &t.d.ToAmount, &t.currency, &t.toCurr); err != nil {
				rows.Close()
				return err
			}
			transfers = append(transfers, t)
		}
		rows.Close()
		for _, t := range transfers {
			if err := tx.learnFrom(ctx, t.id, &t.d, t.currency, t.toCurr); err != nil {
				return err
			}
		}
		if err := recountTurnover(ctx, tx, ledgerID); err != nil {
			return err
		}
	}
	return nil
}

// searchWordsInGo is migration 19, on PostgreSQL: the words of the search
// in a column of their own, made in Go (searchText) for every movement, and
// the search's index on them instead of on the SQL expression that made
// them (see movements_search_pg.go). On SQLite the column stayed empty until
// migration 21 (searchInFTS5): it is there so that both databases keep one
// schema.
func (db *DB) searchWordsInGo(ctx context.Context, sqlTx *sql.Tx) error {
	if _, err := sqlTx.ExecContext(ctx, `ALTER TABLE movements ADD COLUMN search_words TEXT NOT NULL DEFAULT ''`); err != nil || db.dialect != Postgres {
		return err
	}
	err := db.fillSearchWords(ctx, sqlTx, func(got []searchWordsRow) error {
		args := make([]any, 0, 2*len(got))
		var values strings.Builder
		for i, r := range got {
			if i > 0 {
				values.WriteString(", ")
			}
			fmt.Fprintf(&values, "($%d::bigint, $%d::text)", 2*i+1, 2*i+2)
			args = append(args, r.id, r.words)
		}
		_, err := sqlTx.ExecContext(ctx, `UPDATE movements AS m SET search_words = v.words FROM (VALUES `+values.String()+`) AS v(id, words)
			WHERE m.id = v.id`, args...)
		return err
	})
	if err != nil {
		return err
	}
	if _, err := sqlTx.ExecContext(ctx, `DROP INDEX IF EXISTS movements_search`); err != nil {
		return err
	}
	_, err = sqlTx.ExecContext(ctx, `CREATE INDEX movements_search ON movements USING gin (to_tsvector('simple', search_words))`)
	return err
}

// searchInFTS5 is migration 21, on SQLite: every movement's search_words
// made in Go, and the search index, until then FTS4's over the descriptions
// and notes, an FTS5 index of those words (sqliteSearchSchema). Nothing to
// do on PostgreSQL.
func (db *DB) searchInFTS5(ctx context.Context, sqlTx *sql.Tx) error {
	if db.dialect != SQLite {
		return nil
	}
	for _, q := range []string{`DROP TRIGGER movements_search_insert`, `DROP TRIGGER movements_search_update`,
		`DROP TRIGGER movements_search_delete`, `DROP TABLE movements_search`} {
		if _, err := sqlTx.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	update, err := sqlTx.PrepareContext(ctx, `UPDATE movements SET search_words = ? WHERE id = ?`)
	if err != nil {
		return err
	}
	defer update.Close()
	err = db.fillSearchWords(ctx, sqlTx, func(got []searchWordsRow) error {
		for _, r := range got {
			if _, err := update.ExecContext(ctx, r.words, r.id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, q := range sqliteSearchSchema {
		if _, err := sqlTx.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	_, err = sqlTx.ExecContext(ctx, `INSERT INTO movements_search (rowid, words) SELECT `+searchKeySQL("date", "id")+`, search_words
		FROM movements ORDER BY 1`)
	return err
}

// searchWordsRow is a movement's id and its search_words.
type searchWordsRow struct {
	id    int64
	words string
}

// fillSearchWords makes the search_words of every movement whose
// description or notes have words, and hands them to update a batch at a
// time, in the order of the ids.
func (db *DB) fillSearchWords(ctx context.Context, sqlTx *sql.Tx, update func([]searchWordsRow) error) error {
	const batch = 2000
	for after := int64(0); ; {
		rows, err := sqlTx.QueryContext(ctx, db.Rebind(`SELECT id, description, notes FROM movements WHERE id > ? ORDER BY id LIMIT ?`), after, batch)
		if err != nil {
			return err
		}
		var got []searchWordsRow
		n := 0
		for rows.Next() {
			var id int64
			var description, notes string
			if err := rows.Scan(&id, &description, &notes); err != nil {
				rows.Close()
				return err
			}
			n, after = n+1, id
			if w := SearchText(description, notes); w != "" {
				got = append(got, searchWordsRow{id, w})
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(got) > 0 {
			if err := update(got); err != nil {
				return err
			}
		}
		if n < batch {
			return nil
		}
	}
}

// searchWordsAsWritten is migration 26: the words cut (cutLongWords), if
// migration 25 did not; on PostgreSQL the index reads search_words as they
// are written instead of parsing them again (pgSearchVector), and
// search_totals' update trigger looks only at the movements whose words or
// amounts changed.
func (db *DB) searchWordsAsWritten(ctx context.Context, sqlTx *sql.Tx) error {
	if err := db.cutLongWords(ctx, sqlTx); err != nil || db.dialect != Postgres {
		return err
	}
	for _, q := range []string{`DROP INDEX movements_search`, `CREATE INDEX movements_search ON movements USING gin (` + pgSearchVector("search_words") + `)`,
		`DROP TRIGGER movements_words_update ON movements`, `DROP FUNCTION search_totals_update`, pgUpdateWords[0], pgUpdateWords[1]} {
		if _, err := sqlTx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("search words as written: %w", err)
		}
	}
	return nil
}

// cutLongWords gives the movements that hold a word longer than
// maxSearchWord bytes their words again, cut (searchTokens), through the
// triggers that keep the search index and search_totals. Such a word (a
// note of a thousand Chinese characters is one) broke search_totals' key on
// PostgreSQL. So do the movements whose words have an empty one (an import
// could take them from a file as they were).
func (db *DB) cutLongWords(ctx context.Context, sqlTx *sql.Tx) error {
	// Only words of more than maxSearchWord bytes in all can hold one that long.
	size := `LENGTH(CAST(search_words AS BLOB))`
	if db.dialect == Postgres {
		size = `octet_length(search_words)`
	}
	rows, err := sqlTx.QueryContext(ctx, db.Rebind(`SELECT id, description, notes, search_words FROM movements
		WHERE `+size+` > ? OR search_words LIKE '%  %' OR search_words LIKE ' %' OR search_words LIKE '% '`), maxSearchWord)
	if err != nil {
		return err
	}
	var got []searchWordsRow
	for rows.Next() {
		var r searchWordsRow
		var description, notes string
		if err := rows.Scan(&r.id, &description, &notes, &r.words); err != nil {
			rows.Close()
			return err
		}
		if w := SearchText(description, notes); w != r.words {
			got = append(got, searchWordsRow{r.id, w})
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, r := range got {
		if _, err := sqlTx.ExecContext(ctx, db.Rebind(`UPDATE movements SET search_words = ? WHERE id = ?`), r.words, r.id); err != nil {
			return err
		}
	}
	return nil
}
