// Package instance keeps what concerns a whole instance's data at once: the
// portable format (export-all, import-all, and the backups written in it),
// the backups' runs, and a user's own export. It reads every table through
// the store's connection, as it is, and writes only into an empty database.
package instance

import "cashcontrol/internal/store"

// Store reads and writes an instance's data through the store's
// connection.
type Store struct {
	db *store.DB
}

// New is the instance of db.
func New(db *store.DB) *Store { return &Store{db: db} }
