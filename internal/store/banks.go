package store

// Bank connections: a ledger's connections to banks (bank_connections),
// the bank's accounts and their links (bank_accounts), and what the syncs
// took (bank_transactions; banks_sync.go writes them). The secrets arrive
// sealed (banksync seals them) and are read only by BankCredentials.

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"cashcontrol/internal/finance"
)

// CreateBankConnection stores a new connection of the ledger with its
// accounts (none yet for a pending one).
func (db *DB) CreateBankConnection(ctx context.Context, ledgerID int64, d finance.BankConnectionDraft) (int64, error) {
	var id int64
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO bank_connections (ledger_id, provider, institution, country, status, secret, state, consent_end, created_by, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, ledgerID, d.Provider, d.Institution, d.Country, d.Status, d.Secret,
			nullString(d.State), nullArg(d.ConsentEnd), nullID(tx.actor), db.NowMillis()).Scan(&id); err != nil {
			return err
		}
		return upsertBankAccounts(ctx, tx, ledgerID, id, d.Accounts)
	})
	return id, err
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// upsertBankAccounts adds the bank's accounts a connection lacks and
// updates the names and balances of those it has (links stay).
func upsertBankAccounts(ctx context.Context, tx *Tx, ledgerID, connID int64, accounts []finance.BankAccount) error {
	for _, a := range accounts {
		res, err := tx.Exec(ctx, `UPDATE bank_accounts SET name = ?, currency = ?, balance = ?, balance_date = ? WHERE connection_id = ? AND bank_id = ?`,
			a.Name, a.Currency, a.Balance, a.BalanceDate, connID, a.ID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n > 0 {
			continue
		}
		if _, err := tx.Exec(ctx, `INSERT INTO bank_accounts (ledger_id, connection_id, bank_id, name, currency, balance, balance_date) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			ledgerID, connID, a.ID, a.Name, a.Currency, a.Balance, a.BalanceDate); err != nil {
			return err
		}
	}
	return nil
}

// SetBankAuthorisation records a pending connection's authorisation: its
// state (what the bank's redirect brings back) and the bank asked.
func (db *DB) SetBankAuthorisation(ctx context.Context, ledgerID, id int64, state, institution, country string) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `UPDATE bank_connections SET state = ?, institution = ?, country = ? WHERE ledger_id = ? AND id = ?`,
			state, institution, country, ledgerID, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return finance.Errorf(finance.ECodeNotFound, "bank connection not found")
		}
		return nil
	})
}

// FinishBankConnection stores what the bank's authorisation gave (the
// session, sealed, in d.Secret; the accounts; the consent's end): the
// connection is active and its state forgotten.
func (db *DB) FinishBankConnection(ctx context.Context, ledgerID, id int64, d finance.BankConnectionDraft) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `UPDATE bank_connections SET status = ?, secret = ?, state = NULL, consent_end = ?, institution = CASE WHEN ? = '' THEN institution ELSE ? END,
			last_error = NULL, failures = 0 WHERE ledger_id = ? AND id = ?`,
			finance.BankActive, d.Secret, nullArg(d.ConsentEnd), d.Institution, d.Institution, ledgerID, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return finance.Errorf(finance.ECodeNotFound, "bank connection not found")
		}
		return upsertBankAccounts(ctx, tx, ledgerID, id, d.Accounts)
	})
}

// BankCredentials is a connection of the ledger with its sealed secret.
func (db *DB) BankCredentials(ctx context.Context, ledgerID, id int64) (finance.BankCredentials, error) {
	c := finance.BankCredentials{LedgerID: ledgerID, ID: id}
	err := db.QueryRow(ctx, `SELECT provider, institution, status, secret, sync_every_hours, failures FROM bank_connections WHERE ledger_id = ? AND id = ?`, ledgerID, id).
		Scan(&c.Provider, &c.Institution, &c.Status, &c.Secret, &c.SyncEveryHours, &c.Failures)
	return c, NotFound(err, "bank connection")
}

// BankConnectionByState is the pending connection whose authorisation
// has that state, in a ledger where userID may edit.
func (db *DB) BankConnectionByState(ctx context.Context, userID int64, state string) (finance.BankCredentials, error) {
	var c finance.BankCredentials
	err := db.QueryRow(ctx, `SELECT c.ledger_id, c.id, c.provider, c.institution, c.status, c.secret, c.sync_every_hours FROM bank_connections c
		JOIN ledger_members m ON m.ledger_id = c.ledger_id AND m.user_id = ? AND m.role IN (?, ?)
		WHERE c.state = ?`, userID, finance.RoleOwner, finance.RoleEditor, state).
		Scan(&c.LedgerID, &c.ID, &c.Provider, &c.Institution, &c.Status, &c.Secret, &c.SyncEveryHours)
	return c, NotFound(err, "bank authorisation")
}

// BankConnections lists the ledger's connections, without their secrets.
func (db *DB) BankConnections(ctx context.Context, ledgerID int64) ([]finance.BankConnection, error) {
	return db.bankConnections(ctx, ledgerID, 0)
}

// BankConnection is one connection of the ledger, without its secret.
func (db *DB) BankConnection(ctx context.Context, ledgerID, id int64) (*finance.BankConnection, error) {
	list, err := db.bankConnections(ctx, ledgerID, id)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, finance.Errorf(finance.ECodeNotFound, "bank connection not found")
	}
	return &list[0], nil
}

func (db *DB) bankConnections(ctx context.Context, ledgerID, only int64) ([]finance.BankConnection, error) {
	q := `SELECT id, provider, institution, COALESCE(country, ''), status, consent_end, sync_every_hours, last_sync_at, last_result, last_error, created_at
		FROM bank_connections WHERE ledger_id = ?`
	args := []any{ledgerID}
	if only != 0 {
		q += ` AND id = ?`
		args = append(args, only)
	}
	rows, err := db.Query(ctx, q+` ORDER BY id`, args...)
	if err != nil {
		return nil, err
	}
	out := []finance.BankConnection{}
	byID := map[int64]int{}
	now := db.now()
	for rows.Next() {
		var c finance.BankConnection
		var consent, last sql.NullInt64
		var result, lastErr sql.NullString
		if err := rows.Scan(&c.ID, &c.Provider, &c.Institution, &c.Country, &c.Status, &consent, &c.SyncEveryHours, &last, &result, &lastErr, &c.CreatedAt); err != nil {
			rows.Close()
			return nil, err
		}
		if consent.Valid {
			end := time.UnixMilli(consent.Int64).UTC()
			s, days := end.Format(time.RFC3339), finance.DaysLeft(now, end)
			c.ConsentEnd, c.ConsentDaysLeft = &s, &days
			if days == 0 && c.Status == finance.BankActive {
				c.Status = finance.BankExpired
			}
		}
		c.LastSyncAt = nullable(last)
		if result.Valid {
			var r finance.BankSyncResult
			if json.Unmarshal([]byte(result.String), &r) == nil {
				c.LastSync = &r
			}
		}
		if lastErr.Valid {
			var e finance.BankSyncError
			if json.Unmarshal([]byte(lastErr.String), &e) == nil {
				c.LastError = &e
			}
		}
		c.Accounts = []finance.BankAccount{}
		byID[c.ID] = len(out)
		out = append(out, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = db.Query(ctx, `SELECT b.connection_id, b.bank_id, b.name, b.currency, b.balance, b.balance_date, b.account_id, a.balance
		FROM bank_accounts b LEFT JOIN accounts a ON a.id = b.account_id AND a.ledger_id = b.ledger_id
		WHERE b.ledger_id = ? ORDER BY b.id`, ledgerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var connID int64
		var a finance.BankAccount
		var acc, bal sql.NullInt64
		if err := rows.Scan(&connID, &a.ID, &a.Name, &a.Currency, &a.Balance, &a.BalanceDate, &acc, &bal); err != nil {
			return nil, err
		}
		if i, ok := byID[connID]; ok {
			a.AccountID, a.AppBalance = nullable(acc), nullable(bal)
			out[i].Accounts = append(out[i].Accounts, a)
		}
	}
	return out, rows.Err()
}

// LinkBankAccount links a bank account of a connection to an account of
// the ledger in the same currency (accountID 0: unlinks it).
func (db *DB) LinkBankAccount(ctx context.Context, ledgerID, connID int64, bankID string, accountID int64) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		var currency string
		if err := tx.QueryRow(ctx, `SELECT currency FROM bank_accounts WHERE ledger_id = ? AND connection_id = ? AND bank_id = ?`, ledgerID, connID, bankID).
			Scan(&currency); err != nil {
			return NotFound(err, "bank account")
		}
		if accountID != 0 {
			var cur string
			var archived bool
			if err := tx.QueryRow(ctx, `SELECT currency, archived FROM accounts WHERE ledger_id = ? AND id = ?`, ledgerID, accountID).Scan(&cur, &archived); err != nil {
				return fieldNotFound(NotFound(err, "account"), "accountId")
			}
			if cur != currency {
				return finance.FieldErr("accountId", finance.FCodeMismatch, "the account's currency is "+cur+", the bank account's "+currency)
			}
			if archived {
				return finance.FieldErr("accountId", finance.FCodeInvalid, "the account is archived")
			}
		}
		_, err := tx.Exec(ctx, `UPDATE bank_accounts SET account_id = ? WHERE ledger_id = ? AND connection_id = ? AND bank_id = ?`,
			nullID(accountID), ledgerID, connID, bankID)
		return err
	})
}

// DeleteBankConnection forgets a connection, its accounts and what its
// syncs took; the movements stay.
func (db *DB) DeleteBankConnection(ctx context.Context, ledgerID, id int64) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `DELETE FROM bank_connections WHERE ledger_id = ? AND id = ?`, ledgerID, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return finance.Errorf(finance.ECodeNotFound, "bank connection not found")
		}
		return nil
	})
}

// RecordBankFailure shows a failed sync on the connection: its error, when
// to try again (nextAt, Unix ms; 0: at the usual interval) and, for a
// consent that ended, the status expired.
func (db *DB) RecordBankFailure(ctx context.Context, ledgerID, id int64, e finance.BankSyncError, nextAt int64, expired bool) error {
	b, _ := json.Marshal(e)
	// A ledger write: the change feed tells the open screens.
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		status := ``
		if expired {
			status = `, status = '` + finance.BankExpired + `'`
		}
		_, err := tx.Exec(ctx, `UPDATE bank_connections SET last_error = ?, failures = failures + 1, next_sync_at = ?`+status+` WHERE ledger_id = ? AND id = ?`,
			string(b), nullArg(nonZero(nextAt)), ledgerID, id)
		return err
	})
}

func nonZero(v int64) *int64 {
	if v == 0 {
		return nil
	}
	return &v
}

// BankSyncSince is the day a connection's next sync fetches from: the
// last booked transaction's day of its linked accounts minus a few days
// (banks book late), or, before any, finance.BankFirstSyncDays ago. It
// also lists the linked accounts' bank ids.
func (db *DB) BankSyncSince(ctx context.Context, ledgerID, id int64) (string, []string, error) {
	rows, err := db.Query(ctx, `SELECT b.bank_id, (SELECT MAX(t.date) FROM bank_transactions t WHERE t.bank_account_id = b.id AND t.pending = ?)
		FROM bank_accounts b WHERE b.ledger_id = ? AND b.connection_id = ? AND b.account_id IS NOT NULL ORDER BY b.id`, false, ledgerID, id)
	if err != nil {
		return "", nil, err
	}
	defer rows.Close()
	today := db.now().UTC()
	since := ""
	var ids []string
	for rows.Next() {
		var bankID string
		var last sql.NullString
		if err := rows.Scan(&bankID, &last); err != nil {
			return "", nil, err
		}
		ids = append(ids, bankID)
		from := today.AddDate(0, 0, -finance.BankFirstSyncDays).Format(time.DateOnly)
		if last.Valid {
			if t, err := time.Parse(time.DateOnly, last.String); err == nil {
				from = t.AddDate(0, 0, -finance.BankLateDays).Format(time.DateOnly)
			}
		}
		if since == "" || from < since {
			since = from
		}
	}
	return since, ids, rows.Err()
}

// DueBankConnection is a connection whose scheduled sync is due, with the
// language of the user who connected it (the fallback categories' names).
type DueBankConnection struct {
	LedgerID, ID int64
	Language     string
}

// DueBankConnections lists the active connections whose scheduled sync is
// due (next_sync_at past; a connection never synced is not scheduled
// until its first sync by hand, when its accounts are linked).
func (db *DB) DueBankConnections(ctx context.Context, limit int) ([]DueBankConnection, error) {
	rows, err := db.Query(ctx, `SELECT c.ledger_id, c.id, COALESCE(u.language_preference, '') FROM bank_connections c LEFT JOIN users u ON u.id = c.created_by
		WHERE c.status = ? AND c.sync_every_hours > 0 AND c.next_sync_at IS NOT NULL AND c.next_sync_at <= ?
		ORDER BY c.next_sync_at LIMIT ?`, finance.BankActive, db.NowMillis(), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []DueBankConnection
	for rows.Next() {
		var d DueBankConnection
		if err := rows.Scan(&d.LedgerID, &d.ID, &d.Language); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// ClaimBankSync takes a due connection's scheduled run for this server:
// it moves next_sync_at on by lease only if it is still due, so that of
// several servers one runs it (the sync sets the next run when it ends;
// a server that stops mid-sync leaves it to another after the lease).
func (db *DB) ClaimBankSync(ctx context.Context, ledgerID, id int64, lease time.Duration) (bool, error) {
	var ok bool
	err := db.Write(ctx, func(tx *Tx) error {
		now := db.NowMillis()
		res, err := tx.Exec(ctx, `UPDATE bank_connections SET next_sync_at = ? WHERE ledger_id = ? AND id = ? AND next_sync_at IS NOT NULL AND next_sync_at <= ?`,
			now+lease.Milliseconds(), ledgerID, id, now)
		if err != nil {
			return err
		}
		n, _ := res.RowsAffected()
		ok = n == 1
		return nil
	})
	return ok, err
}

// SetBankSyncEvery sets how often a connection syncs by itself (hours; 0:
// by hand only); the next run comes that long after the last sync (or
// now, before any).
func (db *DB) SetBankSyncEvery(ctx context.Context, ledgerID, id int64, hours int) error {
	if hours < 0 || hours > finance.MaxBankSyncEveryHours {
		return finance.FieldErr("syncEveryHours", finance.FCodeOutOfRange, "from 0 (by hand) to a week")
	}
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		var next any
		if hours > 0 {
			var last sql.NullInt64
			if err := tx.QueryRow(ctx, `SELECT last_sync_at FROM bank_connections WHERE ledger_id = ? AND id = ?`, ledgerID, id).Scan(&last); err != nil {
				return NotFound(err, "bank connection")
			}
			from := db.NowMillis()
			if last.Valid {
				from = last.Int64
			}
			next = from + int64(hours)*3_600_000
		}
		res, err := tx.Exec(ctx, `UPDATE bank_connections SET sync_every_hours = ?, next_sync_at = ? WHERE ledger_id = ? AND id = ?`, hours, next, ledgerID, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return finance.Errorf(finance.ECodeNotFound, "bank connection not found")
		}
		return nil
	})
}
