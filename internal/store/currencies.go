package store

import (
	"context"
	"database/sql"

	"cashcontrol/internal/finance"
)

// CurrencyBook is every currency a ledger may use: ISO 4217 and its own.
type CurrencyBook struct {
	db     *DB
	custom map[string]finance.CustomCurrency
}

// Known reports whether the ledger may use code.
func (b *CurrencyBook) Known(code string) bool {
	_, own := b.custom[code]
	return own || b.db.currencies.Known(code)
}

// Exponent is a currency's number of decimals (2 for a code it does not know).
func (b *CurrencyBook) Exponent(code string) int {
	if c, ok := b.custom[code]; ok {
		return c.Decimals
	}
	if c, ok := b.db.currencies.Lookup(code); ok {
		return c.Exponent
	}
	return 2
}

// currencyBook reads the ledger's own currencies (inside a write, or not).
func (db *DB) currencyBook(ctx context.Context, q reader, ledgerID int64) (*CurrencyBook, error) {
	list, err := customCurrencies(ctx, q, ledgerID)
	if err != nil {
		return nil, err
	}
	b := &CurrencyBook{db: db, custom: map[string]finance.CustomCurrency{}}
	for _, c := range list {
		b.custom[c.Code] = c
	}
	return b, nil
}

func customCurrencies(ctx context.Context, q reader, ledgerID int64) ([]finance.CustomCurrency, error) {
	rows, err := q.Query(ctx, `SELECT code, name, symbol, decimals FROM ledger_currencies WHERE ledger_id = ? ORDER BY code`, ledgerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []finance.CustomCurrency{}
	for rows.Next() {
		var c finance.CustomCurrency
		if err := rows.Scan(&c.Code, &c.Name, &c.Symbol, &c.Decimals); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// CustomCurrencies lists the ledger's own currencies by code.
func (db *DB) CustomCurrencies(ctx context.Context, ledgerID int64) ([]finance.CustomCurrency, error) {
	return customCurrencies(ctx, db, ledgerID)
}

// Currencies is every currency the ledger may use.
func (db *DB) Currencies(ctx context.Context, ledgerID int64) (*CurrencyBook, error) {
	return db.currencyBook(ctx, db, ledgerID)
}

// CreateCustomCurrency adds one of the ledger's own currencies.
func (db *DB) CreateCustomCurrency(ctx context.Context, ledgerID int64, c finance.CustomCurrency) (finance.CustomCurrency, error) {
	if err := c.Validate(db.currencies.Known); err != nil {
		return c, err
	}
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO ledger_currencies (ledger_id, code, name, symbol, decimals, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
			ledgerID, c.Code, c.Name, c.Symbol, c.Decimals, db.NowMillis())
		if IsUniqueViolation(err) {
			return finance.FieldErr("code", finance.FCodeTaken, "the ledger has a currency with this code").WithCode(finance.ECodeConflict)
		}
		return err
	})
	return c, err
}

// DeleteCustomCurrency deletes one of the ledger's own currencies; one that
// an account, a rate or the base currency uses is in_use.
func (db *DB) DeleteCustomCurrency(ctx context.Context, ledgerID int64, code string) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		var uses int64
		err := tx.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM accounts WHERE ledger_id = ? AND currency = ?)
			+ (SELECT COUNT(*) FROM rate_pairs WHERE ledger_id = ? AND (currency = ? OR quote = ?))
			+ (SELECT COUNT(*) FROM ledgers WHERE id = ? AND base_currency = ?)`,
			ledgerID, code, ledgerID, code, code, ledgerID, code).Scan(&uses)
		if err != nil {
			return err
		}
		if uses > 0 {
			return finance.Errorf(finance.ECodeInUse, "accounts, rates or the base currency use %s", code)
		}
		res, err := tx.Exec(ctx, `DELETE FROM ledger_currencies WHERE ledger_id = ? AND code = ?`, ledgerID, code)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return NotFound(sql.ErrNoRows, "currency")
		}
		return nil
	})
}
