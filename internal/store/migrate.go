package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"

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
	if err != nil {
		return len(res), fmt.Errorf("migrate: %w", err)
	}
	return len(res), nil
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
		goose.NewGoMigration(15, &goose.GoFunc{RunTx: db.countFeaturesOfEarlierMovements}, &goose.GoFunc{Mode: goose.TransactionEnabled})))
	return goose.NewProvider(dialect, db.w, sub, opts...)
}

// learnFromEarlierTransfers is migration 9: the rates that cross-currency
// transfers written before there were rates give, as every new one does.
func (db *DB) learnFromEarlierTransfers(ctx context.Context, sqlTx *sql.Tx) error {
	ledgers, err := queryIDs(sqlTx.QueryContext(ctx, db.rebind(`SELECT DISTINCT m.ledger_id FROM movements m JOIN accounts a ON a.id = m.account_id
		JOIN accounts ta ON ta.id = m.to_account_id WHERE m.type = 'transfer' AND a.currency <> ta.currency ORDER BY m.ledger_id`)))
	if err != nil {
		return err
	}
	for _, ledgerID := range ledgers {
		tx := &Tx{db: db, tx: sqlTx, ledgerID: ledgerID}
		rows, err := tx.query(ctx, `SELECT `+movementColumns+movementFrom+` WHERE m.ledger_id = ? AND m.type = 'transfer' AND a.currency <> ta.currency
			ORDER BY m.id`, ledgerID)
		if err != nil {
			return err
		}
		var transfers []*finance.Movement
		for rows.Next() {
			m, err := scanMovement(rows)
			if err != nil {
				rows.Close()
				return err
			}
			transfers = append(transfers, m)
		}
		rows.Close()
		for _, m := range transfers {
			d := draftOf(m)
			if err := tx.learnFrom(ctx, m.ID, &d, m.Currency, m.ToCurrency); err != nil {
				return err
			}
		}
		if err := recountTurnover(ctx, tx, ledgerID); err != nil {
			return err
		}
	}
	return nil
}
