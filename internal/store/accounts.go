package store

import (
	"context"
	"database/sql"
	"fmt"

	"cashcontrol/internal/finance"
)

// accountColumns read whether an account has movements from the monthly
// totals (every movement, transfers both ways, counts there): a few thousand
// rows per ledger, where probing the movements lets PostgreSQL's planner
// pick a scan of the whole table when an account's rows all sit at its end.
const accountColumns = `a.id, a.name, a.type, a.currency, a.opening_balance, a.balance, a.position, a.archived,
	EXISTS (SELECT 1 FROM monthly_totals t WHERE t.ledger_id = a.ledger_id AND t.account_id = a.id AND t.count > 0),
	(SELECT r.date FROM reconciliations r WHERE r.account_id = a.id ORDER BY r.date DESC, r.id DESC LIMIT 1),
	(SELECT r.balance FROM reconciliations r WHERE r.account_id = a.id ORDER BY r.date DESC, r.id DESC LIMIT 1),
	(SELECT d.date FROM reconcile_drafts d WHERE d.account_id = a.id),
	(SELECT d.balance FROM reconcile_drafts d WHERE d.account_id = a.id)`

func scanAccount(s RowScanner) (*finance.Account, error) {
	var a finance.Account
	var recDate sql.NullString
	var recBalance, draftBalance sql.NullInt64
	var draftDate sql.NullString
	err := s.Scan(&a.ID, &a.Name, &a.Type, &a.Currency, &a.OpeningBalance, &a.Balance, &a.Position, &a.Archived, &a.HasMovements,
		&recDate, &recBalance, &draftDate, &draftBalance)
	if recDate.Valid {
		a.LastReconciled = &finance.ReconciledBalance{Date: recDate.String, Balance: recBalance.Int64}
	}
	if draftDate.Valid {
		a.ReconcileDraft = &finance.ReconciledBalance{Date: draftDate.String, Balance: draftBalance.Int64}
	}
	return &a, err
}

// ListAccounts returns the ledger's accounts in their order.
func (db *DB) ListAccounts(ctx context.Context, ledgerID int64) ([]finance.Account, error) {
	rows, err := db.Query(ctx, `SELECT `+accountColumns+` FROM accounts a WHERE a.ledger_id = ? ORDER BY a.position, a.id`, ledgerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []finance.Account{}
	for rows.Next() {
		a, err := scanAccount(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *a)
	}
	return out, rows.Err()
}

// Account returns one account of the ledger; another ledger's is not_found.
func (db *DB) Account(ctx context.Context, ledgerID, id int64) (*finance.Account, error) {
	return accountIn(ctx, db, ledgerID, id)
}

func accountIn(ctx context.Context, q Querier, ledgerID, id int64) (*finance.Account, error) {
	a, err := scanAccount(q.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts a WHERE a.ledger_id = ? AND a.id = ?`, ledgerID, id))
	if err != nil {
		return nil, NotFound(err, "account")
	}
	return a, nil
}

func accountNameTaken() error {
	return finance.FieldErr("name", finance.FCodeTaken, "an account with this name already exists").WithCode(finance.ECodeConflict)
}

// CreateAccount adds an account at the end of the list; in must be validated.
func (db *DB) CreateAccount(ctx context.Context, ledgerID int64, in finance.AccountInput) (*finance.Account, error) {
	in.Normalize()
	var id int64
	err := db.writeLedgerLogged(ctx, ledgerID, finance.ActCreated, finance.SubjectAccount, "accounts", &id, func(tx *Tx) error {
		book, err := db.currencyBook(ctx, tx, ledgerID)
		if err != nil {
			return err
		}
		if err := in.Validate(true, book.Known); err != nil {
			return err
		}
		id, err = createAccountTx(ctx, tx, ledgerID, in)
		return err
	})
	if err != nil {
		return nil, err
	}
	return db.Account(ctx, ledgerID, id)
}

func createAccountTx(ctx context.Context, tx *Tx, ledgerID int64, in finance.AccountInput) (int64, error) {
	var opening int64
	if in.OpeningBalance != nil {
		opening = *in.OpeningBalance
	}
	now := tx.db.NowMillis()
	var id int64
	err := tx.QueryRow(ctx, `INSERT INTO accounts (ledger_id, name, name_key, type, currency, opening_balance, balance, position, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM accounts WHERE ledger_id = ?), ?, ?) RETURNING id`,
		ledgerID, *in.Name, finance.NameKey(*in.Name), *in.Type, *in.Currency, opening, opening, ledgerID, now, now).Scan(&id)
	if IsUniqueViolation(err) {
		return 0, accountNameTaken()
	}
	if err != nil {
		return 0, fmt.Errorf("insert account: %w", err)
	}
	tx.turnover += abs(opening)
	return id, nil
}

// UpdateAccount applies a validated patch. The currency may change only while
// the account has no movements; a new opening balance moves the balance too.
func (db *DB) UpdateAccount(ctx context.Context, ledgerID, id int64, in finance.AccountInput) (*finance.Account, error) {
	in.Normalize()
	err := db.writeLedgerLogged(ctx, ledgerID, finance.ActUpdated, finance.SubjectAccount, "accounts", &id, func(tx *Tx) error {
		book, err := db.currencyBook(ctx, tx, ledgerID)
		if err != nil {
			return err
		}
		if err := in.Validate(false, book.Known); err != nil {
			return err
		}
		cur, err := accountIn(ctx, tx, ledgerID, id)
		if err != nil {
			return err
		}
		if in.Currency != nil && *in.Currency != cur.Currency && cur.HasMovements {
			return finance.FieldErr("currency", finance.FCodeInvalid, "the currency of an account with movements cannot change").WithCode(finance.ECodeInUse)
		}
		sets, args := "updated_at = ?", []any{db.NowMillis()}
		set := func(col string, v any) { sets += ", " + col + " = ?"; args = append(args, v) }
		if in.Name != nil {
			set("name", *in.Name)
			set("name_key", finance.NameKey(*in.Name))
		}
		if in.Type != nil {
			set("type", *in.Type)
		}
		if in.Currency != nil {
			set("currency", *in.Currency)
		}
		if in.OpeningBalance != nil {
			set("opening_balance", *in.OpeningBalance)
			sets += ", balance = balance + ?"
			args = append(args, *in.OpeningBalance-cur.OpeningBalance)
			tx.touch(id)
			tx.turnover += abs(*in.OpeningBalance) - abs(cur.OpeningBalance)
		}
		if in.Position != nil {
			set("position", *in.Position)
		}
		if in.Archived != nil {
			set("archived", *in.Archived)
		}
		_, err = tx.Exec(ctx, `UPDATE accounts SET `+sets+` WHERE ledger_id = ? AND id = ?`, append(args, ledgerID, id)...)
		if IsUniqueViolation(err) {
			return accountNameTaken()
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return db.Account(ctx, ledgerID, id)
}

// DeleteAccount deletes an account. One with movements is in use unless
// withMovements is set, in which case its movements go too (transfers from or
// to it included) and the other accounts' balances follow, in one transaction.
func (db *DB) DeleteAccount(ctx context.Context, ledgerID, id int64, withMovements bool) error {
	return db.writeLedgerLogged(ctx, ledgerID, finance.ActDeleted, finance.SubjectAccount, "accounts", &id, func(tx *Tx) error {
		a, err := accountIn(ctx, tx, ledgerID, id)
		if err != nil {
			return err
		}
		if a.HasMovements && !withMovements {
			return finance.Errorf(finance.ECodeInUse, "the account has movements: archive it, or delete it with its movements")
		}
		var others []int64
		rows, err := tx.tx.QueryContext(ctx, db.Rebind(`SELECT DISTINCT to_account_id FROM movements WHERE ledger_id = ? AND account_id = ? AND to_account_id IS NOT NULL
			UNION SELECT DISTINCT account_id FROM movements WHERE ledger_id = ? AND to_account_id = ?`), ledgerID, id, ledgerID, id)
		if err != nil {
			return err
		}
		for rows.Next() {
			var o int64
			if err := rows.Scan(&o); err != nil {
				rows.Close()
				return err
			}
			others = append(others, o)
		}
		rows.Close()
		if err := tx.forgetFeatures(ctx, id); err != nil {
			return err
		}
		if err := tx.dropFiles(ctx, `movement_id IN (SELECT id FROM movements WHERE ledger_id = ? AND (account_id = ? OR to_account_id = ?))`, ledgerID, id, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM movements WHERE ledger_id = ? AND (account_id = ? OR to_account_id = ?)`, ledgerID, id, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM monthly_totals WHERE ledger_id = ? AND account_id = ?`, ledgerID, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM accounts WHERE ledger_id = ? AND id = ?`, ledgerID, id); err != nil {
			return err
		}
		if err := rebuildAccounts(ctx, tx, ledgerID, others); err != nil {
			return err
		}
		if err := tx.forgetInRules(ctx, id, 0, 0); err != nil {
			return err
		}
		return tx.forgetOrphanRates(ctx)
	})
}

// ReorderAccounts sets the order of the ledger's accounts to ids.
func (db *DB) ReorderAccounts(ctx context.Context, ledgerID int64, ids []int64) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error { return reorder(ctx, tx, "accounts", ledgerID, ids) })
}

func reorder(ctx context.Context, tx *Tx, table string, ledgerID int64, ids []int64) error {
	for i, id := range ids {
		res, err := tx.Exec(ctx, `UPDATE `+table+` SET position = ? WHERE ledger_id = ? AND id = ?`, i+1, ledgerID, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return finance.Errorf(finance.ECodeNotFound, "%s %d not found", table, id)
		}
	}
	return nil
}
