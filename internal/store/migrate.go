package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"

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
	return goose.NewProvider(dialect, db.w, sub, opts...)
}
