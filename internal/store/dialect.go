package store

import (
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"

	"cashcontrol/internal/finance"
)

// isUniqueViolation reports whether err is a UNIQUE constraint failure.
func isUniqueViolation(err error) bool {
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

// isRetryable reports whether err is PostgreSQL aborting a transaction that
// can simply run again: a serialization failure or a deadlock.
func isRetryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

// notFound maps sql.ErrNoRows to a finance not_found error naming what.
func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return finance.Errorf(finance.ECodeNotFound, "%s not found", what)
	}
	return err
}
