package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"
	"github.com/pressly/goose/v3"

	"cashcontrol/internal/finance"
)

// Dialect names the SQL flavour of a DB.
type Dialect string

// The two supported dialects.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// Dialect reports which database this is.
func (db *DB) Dialect() Dialect { return db.dialect }

// migrations names the embedded migrations directory and goose's dialect.
func (d Dialect) migrations() (string, goose.Dialect) {
	if d == Postgres {
		return "migrations/postgres", goose.DialectPostgres
	}
	return "migrations/sqlite", goose.DialectSQLite3
}

// Rebind turns ? placeholders into $1, $2 ... for PostgreSQL; a ? inside a
// string literal ('…', as the search expression's map has) stays.
func (db *DB) Rebind(q string) string {
	if db.dialect != Postgres || !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 8)
	n := 0
	quoted := false
	for i := 0; i < len(q); i++ {
		if q[i] == '\'' {
			quoted = !quoted // '' inside a literal toggles twice
		}
		if q[i] == '?' && !quoted {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteByte(q[i])
	}
	return b.String()
}

// largeLoad is the number of movements written at once after which the
// planner's statistics are refreshed (see RefreshStatistics).
const largeLoad = 5000

// refreshStatisticsSoon runs RefreshStatistics after an import, off the
// request: the rows are committed and the answer need not wait the few
// hundred milliseconds an ANALYZE of a large table takes. One runs at a
// time; an import that ends while one runs gets one more after it.
func (db *DB) refreshStatisticsSoon() {
	if db.dialect != Postgres {
		return
	}
	db.stats.soon(func() {
		ctx, cancel := context.WithTimeout(db.background, 10*time.Minute)
		defer cancel()
		_ = db.RefreshStatistics(ctx)
	})
}

// RefreshStatistics brings the query planner's statistics up to date after a
// large load (an import, the demo). PostgreSQL's autovacuum would do it in its
// own time; until then the planner takes a 1,000,000-row ledger for an empty
// one, and a filtered list can scan all of it. SQLite's planner needs none.
func (db *DB) RefreshStatistics(ctx context.Context) error {
	if db.dialect != Postgres {
		return nil
	}
	if _, err := db.w.ExecContext(ctx, `ANALYZE movements, movement_tags, monthly_totals, search_totals`); err != nil {
		return err
	}
	// The search index's pending list (GIN's fast update) is read by every
	// search until autovacuum merges it: after a load that made a common
	// word's first page 5–20 times slower.
	_, err := db.w.ExecContext(ctx, `SELECT gin_clean_pending_list('movements_search')`)
	return err
}

// IsUniqueViolation reports whether err is a UNIQUE constraint failure.
func IsUniqueViolation(err error) bool {
	var se sqlite3.Error
	if errors.As(err, &se) {
		return se.ExtendedCode == sqlite3.ErrConstraintUnique || se.ExtendedCode == sqlite3.ErrConstraintPrimaryKey
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code == "23505"
	}
	return false
}

// isPermissionDenied reports whether err is PostgreSQL refusing the role
// something (insufficient_privilege).
func isPermissionDenied(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "42501"
}

// isRetryable reports whether err is PostgreSQL aborting a transaction that
// can simply run again: a serialization failure or a deadlock.
func isRetryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

// NotFound maps sql.ErrNoRows to a finance not_found error naming what.
func NotFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return finance.Errorf(finance.ECodeNotFound, "%s not found", what)
	}
	return err
}
