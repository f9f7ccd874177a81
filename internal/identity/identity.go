// Package identity keeps the instance's people: users and their sign-in
// identities, sessions, API tokens, passkeys, two-step sign-in, rate limits
// and what the administrator manages. It owns those tables and their SQL;
// auth holds the policy and calls it.
package identity

import "cashcontrol/internal/store"

// Store reads and writes the identity tables through the store's
// connection and transactions.
type Store struct {
	db *store.DB
}

// New is the identity tables of db.
func New(db *store.DB) *Store { return &Store{db: db} }
