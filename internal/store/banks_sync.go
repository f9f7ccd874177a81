package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer/statement"
)

// A sync's write (SyncBank): in one ledger write, each transaction the
// provider reported is, by its provider id,
//   - known already: left alone, or, when it was pending and the bank has
//     booked it (or changed it), its movement takes the booked date and
//     amount (updated);
//   - a booked one whose pending version had another id (banks give
//     pending transactions ids of their own, or none): that movement is
//     booked, and the record takes the new id (updated);
//   - one the ledger had already, typed by hand or from a file (same
//     account and amount, dated MatchDays apart at most, alike
//     descriptions: finance.MatchScore): recorded as matched with it
//     (matched; BankMatches shows them, UndoBankMatch undoes one);
//   - new: written as a file import writes its rows (statement.Planner:
//     the ledger's rules and category suggestions, the fallback
//     categories; movementWriter: balances, rollups and search).
// bank_transactions' unique index on (bank account, provider id) keeps any
// transaction from being taken twice, and the ledger's lock makes two
// syncs of a connection (on two servers) apply one after the other: the
// second finds everything known.

// bankRecord is a bank_transactions row.
type bankRecord struct {
	id         int64
	providerID string
	movementID sql.NullInt64
	pending    bool
	date       string
	amount     int64
	used       bool // booked or re-keyed by this sync
}

// bankNew is a transaction the sync adds or matches.
type bankNew struct {
	bankAccount int64 // bank_accounts.id
	accountID   int64
	t           finance.BankTransaction
	movementID  int64
	matched     bool
}

// SyncBank writes what a sync of the connection fetched (see above) and
// records the sync on the connection.
func (db *DB) SyncBank(ctx context.Context, ledgerID, connID int64, in finance.BankSyncInput) (finance.BankSyncResult, error) {
	cats, err := db.ListCategories(ctx, ledgerID)
	if err != nil {
		return finance.BankSyncResult{}, err
	}
	enrich, err := db.importEnrich(ctx, ledgerID, cats)
	if err != nil {
		return finance.BankSyncResult{}, err
	}
	var res finance.BankSyncResult
	err = db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		res = finance.BankSyncResult{}
		var status string
		if err := tx.QueryRow(ctx, `SELECT status FROM bank_connections WHERE ledger_id = ? AND id = ?`, ledgerID, connID).Scan(&status); err != nil {
			return NotFound(err, "bank connection")
		}
		var fresh []bankNew
		for _, st := range in.Statements {
			var baID int64
			var accountID sql.NullInt64
			if err := tx.QueryRow(ctx, `SELECT id, account_id FROM bank_accounts WHERE ledger_id = ? AND connection_id = ? AND bank_id = ?`,
				ledgerID, connID, st.AccountID).Scan(&baID, &accountID); err != nil {
				if err == sql.ErrNoRows {
					continue // an account the bank added since: listed at the next connection
				}
				return err
			}
			if st.Balance != nil {
				if _, err := tx.Exec(ctx, `UPDATE bank_accounts SET balance = ?, balance_date = ? WHERE id = ?`, st.Balance.Amount, st.Balance.Date, baID); err != nil {
					return err
				}
			}
			if !accountID.Valid {
				continue
			}
			if st.Balance != nil && finance.ValidDate(st.Balance.Date) {
				if err := bankCheckpoint(ctx, tx, ledgerID, accountID.Int64, *st.Balance); err != nil {
					return err
				}
			}
			n, err := tx.bankKnown(ctx, baID, accountID.Int64, st.Transactions, &res)
			if err != nil {
				return err
			}
			fresh = append(fresh, n...)
		}
		if err := tx.bankMatch(ctx, ledgerID, fresh, &res); err != nil {
			return err
		}
		if err := tx.bankInsert(ctx, ledgerID, cats, enrich, in.Language, fresh, &res); err != nil {
			return err
		}
		if err := insertBankRecords(ctx, tx, ledgerID, fresh); err != nil {
			return err
		}
		b, _ := json.Marshal(res)
		if _, err := tx.Exec(ctx, `UPDATE bank_connections SET last_sync_at = ?, last_result = ?, last_error = NULL, failures = 0, next_sync_at = ?,
			status = CASE WHEN status = ? THEN status ELSE ? END WHERE id = ?`,
			db.NowMillis(), string(b), nullArg(nonZero(in.NextSyncAt)), finance.BankActive, finance.BankActive, connID); err != nil {
			return err
		}
		if res.Created+res.Updated+res.Matched > 0 {
			return tx.logActivity(ctx, finance.ActImported, finance.SubjectMovement, connID, int64(res.Created+res.Updated), finance.ActivityDetails{})
		}
		return nil
	})
	return res, err
}

// bankCheckpoint keeps the bank's booked balance of an account on a day
// as the account's checkpoint (one a day: a later sync replaces it).
func bankCheckpoint(ctx context.Context, tx *Tx, ledgerID, accountID int64, b finance.BankBalance) error {
	if _, err := tx.Exec(ctx, `DELETE FROM checkpoints WHERE ledger_id = ? AND account_id = ? AND source = ? AND date = ?`,
		ledgerID, accountID, finance.CheckpointBank, b.Date); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `INSERT INTO checkpoints (ledger_id, account_id, date, balance, source, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		ledgerID, accountID, b.Date, b.Amount, finance.CheckpointBank, tx.db.NowMillis())
	return err
}

func shiftDay(day string, days int) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	return t.AddDate(0, 0, days).Format(time.DateOnly)
}

// pendingBookDays: a bank books a pending transaction at most this many
// days after its pending date.
const pendingBookDays = 7

// bankKnown sorts one bank account's transactions: the known ones are left
// or booked (res.Updated), the rest returned.
func (tx *Tx) bankKnown(ctx context.Context, baID, accountID int64, txs []finance.BankTransaction, res *finance.BankSyncResult) ([]bankNew, error) {
	if len(txs) == 0 {
		return nil, nil
	}
	from := txs[0].Date
	reported := make(map[string]bool, len(txs))
	for _, t := range txs {
		from = min(from, t.Date)
		reported[t.ID] = true
	}
	rows, err := tx.Query(ctx, `SELECT id, provider_id, movement_id, pending, date, amount FROM bank_transactions
		WHERE bank_account_id = ? AND (date >= ? OR pending = ?)`, baID, shiftDay(from, -pendingBookDays), true)
	if err != nil {
		return nil, err
	}
	known := map[string]*bankRecord{}
	var pending []*bankRecord
	for rows.Next() {
		r := &bankRecord{}
		if err := rows.Scan(&r.id, &r.providerID, &r.movementID, &r.pending, &r.date, &r.amount); err != nil {
			rows.Close()
			return nil, err
		}
		known[r.providerID] = r
		if r.pending {
			pending = append(pending, r)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var fresh []bankNew
	for _, t := range txs {
		if r, ok := known[t.ID]; ok {
			if r.pending && (!t.Pending || r.amount != t.Amount || r.date != t.Date) {
				if err := tx.bookBank(ctx, r, t); err != nil {
					return nil, err
				}
				res.Updated++
			}
			continue
		}
		if !t.Pending {
			// Its pending version, under another id the bank no longer reports.
			var best *bankRecord
			for _, r := range pending {
				if r.used || reported[r.providerID] || r.amount != t.Amount || t.Date < r.date || t.Date > shiftDay(r.date, pendingBookDays) {
					continue
				}
				if best == nil || r.date > best.date {
					best = r
				}
			}
			if best != nil {
				if err := tx.bookBank(ctx, best, t); err != nil {
					return nil, err
				}
				res.Updated++
				continue
			}
		}
		known[t.ID] = &bankRecord{providerID: t.ID, used: true} // the same id twice in one answer: once
		fresh = append(fresh, bankNew{bankAccount: baID, accountID: accountID, t: t})
	}
	return fresh, nil
}

// bookBank makes a pending record the bank's booked (or changed) version:
// its movement takes the date and amount (a reconciled one is left).
func (tx *Tx) bookBank(ctx context.Context, r *bankRecord, t finance.BankTransaction) error {
	r.used = true
	if r.movementID.Valid {
		cur, err := readMovement(ctx, tx, tx.ledgerID, r.movementID.Int64)
		switch {
		case finance.ErrorCode(err) == finance.ECodeNotFound:
			// deleted by the user: the record stays, so it is not added again
		case err != nil:
			return err
		case cur.State != finance.StateReconciled && cur.Type != finance.MovementTransfer && (cur.Type == finance.MovementExpense) == (t.Amount < 0):
			// (a sign the bank turned round leaves the movement to the user)
			amount := max(t.Amount, -t.Amount)
			state := finance.StateCleared
			if t.Pending {
				state = cur.State
			}
			in := finance.MovementInput{Date: &t.Date, Amount: &amount, State: &state}
			if err := tx.updateMovement(ctx, cur, in); err != nil {
				return err
			}
		}
	}
	_, err := tx.Exec(ctx, `UPDATE bank_transactions SET provider_id = ?, pending = ?, date = ?, amount = ? WHERE id = ?`,
		t.ID, t.Pending, t.Date, t.Amount, r.id)
	return err
}

// bankMatch matches new transactions with the movements their accounts
// have that no bank transaction claims yet.
func (tx *Tx) bankMatch(ctx context.Context, ledgerID int64, fresh []bankNew, res *finance.BankSyncResult) error {
	byAccount := map[int64][]int{}
	for i, n := range fresh {
		byAccount[n.accountID] = append(byAccount[n.accountID], i)
	}
	accounts := make([]int64, 0, len(byAccount))
	for a := range byAccount {
		accounts = append(accounts, a)
	}
	slices.Sort(accounts)
	for _, acc := range accounts {
		idx := byAccount[acc]
		from, to := fresh[idx[0]].t.Date, fresh[idx[0]].t.Date
		for _, i := range idx {
			from, to = min(from, fresh[i].t.Date), max(to, fresh[i].t.Date)
		}
		cands, err := unclaimedMovements(ctx, tx, ledgerID, acc, shiftDay(from, -finance.MatchDays), shiftDay(to, finance.MatchDays))
		if err != nil {
			return err
		}
		if len(cands) == 0 {
			continue
		}
		byAmount := map[int64][]*candidate{}
		for j := range cands {
			byAmount[cands[j].signed] = append(byAmount[cands[j].signed], &cands[j])
		}
		used := map[int64]bool{}
		var cleared []int64
		for _, i := range idx {
			n := &fresh[i]
			var best *candidate
			bestScore := 0
			for _, c := range byAmount[n.t.Amount] {
				if used[c.id] {
					continue
				}
				if s := finance.MatchScore(n.t.Date, n.t.Description+" "+n.t.Counterparty, c.date, c.description); s > bestScore {
					best, bestScore = c, s
				}
			}
			if best == nil {
				continue
			}
			used[best.id] = true
			n.movementID, n.matched = best.id, true
			res.Matched++
			if !n.t.Pending {
				cleared = append(cleared, best.id)
			}
		}
		// The bank shows them: cleared (those still uncleared), 500 a
		// statement. By id only (they are the ledger's, read under its lock):
		// with ledger_id the planner may scan the ledger's movements instead.
		for start := 0; start < len(cleared); start += 500 {
			in, args := inList(cleared[start:min(start+500, len(cleared))])
			if _, err := tx.Exec(ctx, `UPDATE movements SET state = ? WHERE id IN (`+in+`) AND state = ?`,
				append(append([]any{finance.StateCleared}, args...), finance.StateUncleared)...); err != nil {
				return err
			}
		}
	}
	return nil
}

// candidate is a movement a bank transaction may be.
type candidate struct {
	id          int64
	date        string
	signed      int64 // what it does to the account: negative is money out
	description string
}

// unclaimedMovements are the account's movements of a period that no bank
// transaction points at (transfers by the side the account is on).
func unclaimedMovements(ctx context.Context, tx *Tx, ledgerID, accountID int64, from, to string) ([]candidate, error) {
	rows, err := tx.Query(ctx, `SELECT m.id, m.date, m.type, m.account_id, m.amount, COALESCE(m.to_amount, m.amount), m.description FROM movements m
		WHERE m.ledger_id = ? AND (m.account_id = ? OR m.to_account_id = ?) AND m.date >= ? AND m.date <= ?
		AND NOT EXISTS (SELECT 1 FROM bank_transactions b WHERE b.movement_id = m.id)
		ORDER BY m.date, m.id`, ledgerID, accountID, accountID, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []candidate
	for rows.Next() {
		var c candidate
		var typ string
		var acc, amount, toAmount int64
		if err := rows.Scan(&c.id, &c.date, &typ, &acc, &amount, &toAmount, &c.description); err != nil {
			return nil, err
		}
		switch {
		case typ == finance.MovementEarning:
			c.signed = amount
		case typ == finance.MovementTransfer && acc != accountID:
			c.signed = toAmount
		default:
			c.signed = -amount
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// bankInsert writes the new transactions that matched nothing, as an
// import writes a file's rows, and notes their movements' ids.
func (tx *Tx) bankInsert(ctx context.Context, ledgerID int64, cats []finance.Category, enrich statement.Enrich, language string, fresh []bankNew, res *finance.BankSyncResult) error {
	var fallback statement.Fallback
	fallback.Expense, fallback.Earning = finance.ImportFallback(language)
	planners := map[int64]*statement.Planner{}
	var order []int // indexes of fresh to write, in order
	var want []finance.NewCategory
	seen := map[string]bool{}
	draft := func(n *bankNew) statement.Draft {
		return statement.Draft{Date: n.t.Date, Amount: n.t.Amount, Description: n.t.Description, Notes: n.t.Notes, FITID: n.t.ID}
	}
	for i := range fresh {
		n := &fresh[i]
		if n.matched {
			continue
		}
		p := planners[n.accountID]
		if p == nil {
			p = statement.NewPlanner(cats, fallback, n.accountID)
			p.SetEnrich(enrich)
			planners[n.accountID] = p
		}
		p.Read(draft(n))
		order = append(order, i)
	}
	if len(order) == 0 {
		return nil
	}
	for _, p := range planners {
		for _, c := range p.Plan().Categories {
			if k := c.Type + "|" + finance.NameKey(c.Name); !seen[k] {
				seen[k] = true
				want = append(want, c)
			}
		}
	}
	byName, _, err := importCategories(ctx, tx, ledgerID, want)
	if err != nil {
		return err
	}
	r, err := loadRefs(ctx, tx, ledgerID)
	if err != nil {
		return err
	}
	w := newMovementWriter(ctx, tx, ledgerID, r)
	w.keepIDs = true
	emits := map[int64]statement.Emit{}
	var cur *bankNew
	for acc, p := range planners {
		emits[acc] = p.Write(finance.ImportExisting{Keys: map[string]int{}, FITIDs: map[string]bool{}}, func(d *finance.ImportDraft) {
			if d.CategoryID == 0 && d.CategoryName != "" {
				d.CategoryID = byName[d.Type+"|"+finance.NameKey(d.CategoryName)]
			}
			d.State = finance.StateCleared
			if cur.t.Pending {
				d.State = finance.StateUncleared
			}
			w.add(&d.MovementDraft)
		})
	}
	for _, i := range order {
		cur = &fresh[i]
		emits[cur.accountID](draft(cur))
	}
	n, err := w.close()
	if err != nil {
		return err
	}
	if n != len(order) || len(w.ids) != len(order) {
		return fmt.Errorf("bank sync: wrote %d movements of %d", n, len(order))
	}
	for k, i := range order {
		fresh[i].movementID = w.ids[k]
	}
	res.Created += n
	return nil
}

// insertBankRecords records the new transactions (created or matched), a
// few hundred rows a statement.
func insertBankRecords(ctx context.Context, tx *Tx, ledgerID int64, fresh []bankNew) error {
	const batch = 200
	now := tx.db.NowMillis()
	for start := 0; start < len(fresh); start += batch {
		part := fresh[start:min(start+batch, len(fresh))]
		var q strings.Builder
		q.WriteString(`INSERT INTO bank_transactions (ledger_id, bank_account_id, provider_id, movement_id, matched, pending, date, amount, description, notes, created_at) VALUES `)
		args := make([]any, 0, len(part)*11)
		for i, n := range part {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString(`(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
			args = append(args, ledgerID, n.bankAccount, n.t.ID, nullID(n.movementID), n.matched, n.t.Pending, n.t.Date, n.t.Amount, n.t.Description, n.t.Notes, now)
		}
		if _, err := tx.Exec(ctx, q.String(), args...); err != nil {
			if IsUniqueViolation(err) {
				return finance.Errorf(finance.ECodeConflict, "another sync of this connection took these transactions; sync again")
			}
			return err
		}
	}
	return nil
}

// BankMatches lists the connection's matches: bank transactions taken as
// a movement the ledger had, newest first.
func (db *DB) BankMatches(ctx context.Context, ledgerID, connID int64) ([]finance.BankMatch, error) {
	rows, err := db.Query(ctx, `SELECT t.id, t.movement_id, m.account_id, t.amount, t.date, t.description, m.date, m.description
		FROM bank_transactions t JOIN bank_accounts b ON b.id = t.bank_account_id
		JOIN movements m ON m.id = t.movement_id AND m.ledger_id = t.ledger_id
		WHERE t.ledger_id = ? AND b.connection_id = ? AND t.matched = ? ORDER BY t.date DESC, t.id DESC LIMIT 500`, ledgerID, connID, true)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []finance.BankMatch{}
	for rows.Next() {
		var m finance.BankMatch
		if err := rows.Scan(&m.ID, &m.MovementID, &m.AccountID, &m.Amount, &m.BankDate, &m.BankDescription, &m.MovementDate, &m.MovementDescription); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// UndoBankMatch undoes a match: the bank transaction becomes a movement of
// its own (as a sync would have added it), the movement it was matched
// with stays as it is. It returns the new movement's id.
func (db *DB) UndoBankMatch(ctx context.Context, ledgerID, connID, matchID int64, language string) (int64, error) {
	cats, err := db.ListCategories(ctx, ledgerID)
	if err != nil {
		return 0, err
	}
	enrich, err := db.importEnrich(ctx, ledgerID, cats)
	if err != nil {
		return 0, err
	}
	var id int64
	err = db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		n := bankNew{}
		var accountID sql.NullInt64
		if err := tx.QueryRow(ctx, `SELECT t.bank_account_id, b.account_id, t.provider_id, t.pending, t.date, t.amount, t.description, t.notes
			FROM bank_transactions t JOIN bank_accounts b ON b.id = t.bank_account_id
			WHERE t.ledger_id = ? AND b.connection_id = ? AND t.id = ? AND t.matched = ?`, ledgerID, connID, matchID, true).
			Scan(&n.bankAccount, &accountID, &n.t.ID, &n.t.Pending, &n.t.Date, &n.t.Amount, &n.t.Description, &n.t.Notes); err != nil {
			return NotFound(err, "bank match")
		}
		if !accountID.Valid {
			return finance.Errorf(finance.ECodeConflict, "the bank account is no longer linked to an account")
		}
		n.accountID = accountID.Int64
		fresh := []bankNew{n}
		var res finance.BankSyncResult
		if err := tx.bankInsert(ctx, ledgerID, cats, enrich, language, fresh, &res); err != nil {
			return err
		}
		id = fresh[0].movementID
		_, err := tx.Exec(ctx, `UPDATE bank_transactions SET movement_id = ?, matched = ? WHERE id = ?`, id, false, matchID)
		return err
	})
	return id, err
}
