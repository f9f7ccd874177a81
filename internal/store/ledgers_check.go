package store

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"

	"cashcontrol/internal/finance"
)

// LedgerIDs lists the id of every ledger, in order.
func (db *DB) LedgerIDs(ctx context.Context) ([]int64, error) {
	return queryIDs(db.Query(ctx, `SELECT id FROM ledgers ORDER BY id`))
}

// CheckLedger recomputes, straight from the movements, every account balance
// and every monthly total of a ledger, and its turnover, and reports any difference from what the
// store keeps. Tests call it after writes, `cashcontrol check` after a soak; it
// is also the definition of what the derived data must be.
func (db *DB) CheckLedger(ctx context.Context, ledgerID int64) error {
	rows, err := db.Query(ctx, `SELECT a.id, a.balance, a.opening_balance
		+ COALESCE((SELECT SUM(CASE m.type WHEN 'earning' THEN m.amount ELSE -m.amount END) FROM movements m WHERE m.account_id = a.id), 0)
		+ COALESCE((SELECT SUM(m.to_amount) FROM movements m WHERE m.to_account_id = a.id AND m.type = 'transfer'), 0)
		FROM accounts a WHERE a.ledger_id = ?`, ledgerID)
	if err != nil {
		return err
	}
	defer rows.Close()
	var wrong []error
	for rows.Next() {
		var id, kept, truth int64
		if err := rows.Scan(&id, &kept, &truth); err != nil {
			return err
		}
		if kept != truth {
			wrong = append(wrong, fmt.Errorf("account %d: balance %d, movements say %d", id, kept, truth))
		}
	}
	rows.Close()
	broken, err := db.brokenReconciliations(ctx, ledgerID)
	if err != nil {
		return err
	}
	wrong = append(wrong, broken...)
	type key struct {
		acc, cat    int64
		month, kind string
	}
	want := map[key]totalVal{}
	conv, err := newConverter(ctx, db, db, ledgerID)
	if err != nil {
		return err
	}
	all, err := readStored(db.Query(ctx, `SELECT `+storedColumns+movementFrom+` WHERE m.ledger_id = ?`, ledgerID))
	if err != nil {
		return err
	}
	if err := storedSplits(ctx, db, ledgerID, all); err != nil {
		return err
	}
	for _, m := range all {
		d := m.d
		add := func(k key, total int64, base *int64) {
			w := want[k]
			w.total, w.count = w.total+total, w.count+1
			if base == nil {
				w.unrated++
			} else {
				w.base += *base
			}
			want[k] = w
		}
		switch {
		case d.Type == "transfer":
			add(key{d.AccountID, 0, d.Date[:7], "transfer_out"}, d.Amount, d.Base)
			add(key{d.ToAccountID, 0, d.Date[:7], "transfer_in"}, d.ToAmount, d.ToBase)
		case m.splits > 0:
			if err := checkLines(m); err != nil {
				wrong = append(wrong, err)
			}
			for _, l := range d.Splits {
				base := l.BaseAmount
				if d.Base == nil {
					base = nil
				}
				add(key{d.AccountID, l.CategoryID, d.Date[:7], d.Type}, l.Amount, base)
			}
		default:
			add(key{d.AccountID, d.CategoryID, d.Date[:7], d.Type}, d.Amount, d.Base)
		}
		// The amounts in the base currency are the rule's, at today's rates.
		truth, err := conv.baseOf(ctx, &d, m.currency, m.toCurrency)
		if err != nil {
			return err
		}
		if !samePtr(truth.amount, d.Base) || !samePtr(truth.toAmount, d.ToBase) || truth.later != d.BaseLater {
			wrong = append(wrong, fmt.Errorf("movement %d: in the base currency %s/%s (later %d), the rates say %s/%s (later %d)", m.id,
				showPtr(d.Base), showPtr(d.ToBase), d.BaseLater, showPtr(truth.amount), showPtr(truth.toAmount), truth.later))
		}
	}
	trows, err := db.Query(ctx, `SELECT account_id, category_id, month, kind, total, count, base_total, unrated FROM monthly_totals WHERE ledger_id = ?`, ledgerID)
	if err != nil {
		return err
	}
	defer trows.Close()
	seen := 0
	for trows.Next() {
		var k key
		var v totalVal
		if err := trows.Scan(&k.acc, &k.cat, &k.month, &k.kind, &v.total, &v.count, &v.base, &v.unrated); err != nil {
			return err
		}
		if v == (totalVal{}) {
			continue // a row emptied by deletes
		}
		if w := want[k]; w != v {
			wrong = append(wrong, fmt.Errorf("monthly total %+v: kept %+v, movements say %+v", k, v, w))
		}
		if _, ok := want[k]; ok {
			seen++
		}
	}
	if err := trows.Err(); err != nil {
		return err
	}
	if seen != len(want) {
		wrong = append(wrong, fmt.Errorf("monthly totals: %d of the %d rows the movements give are kept", seen, len(want)))
	}
	trows.Close()
	if err := db.checkRates(ctx, ledgerID); err != nil {
		wrong = append(wrong, err)
	}
	// The turnover that bounds every sum: absolute opening balances plus every
	// movement's amounts, and those in the base currency.
	var kept, truth int64
	if err := db.QueryRow(ctx, `SELECT turnover,
		COALESCE((SELECT SUM(ABS(opening_balance)) FROM accounts WHERE ledger_id = ledgers.id), 0)
		+ COALESCE((SELECT SUM(amount + COALESCE(to_amount, 0) + COALESCE(base_amount, 0) + COALESCE(to_base_amount, 0))
			FROM movements WHERE ledger_id = ledgers.id), 0)
		FROM ledgers WHERE id = ?`, ledgerID).Scan(&kept, &truth); err != nil {
		return err
	}
	if kept != truth {
		wrong = append(wrong, fmt.Errorf("turnover %d, accounts and movements say %d", kept, truth))
	}
	if err := db.checkSplitRows(ctx, ledgerID); err != nil {
		wrong = append(wrong, err)
	}
	if err := db.checkSearchIndex(ctx, ledgerID); err != nil {
		wrong = append(wrong, err)
	}
	if err := db.checkSearchTotals(ctx, ledgerID); err != nil {
		wrong = append(wrong, err)
	}
	if err := db.checkSchedules(ctx, ledgerID); err != nil {
		wrong = append(wrong, err)
	}
	if err := db.checkFeatures(ctx, ledgerID); err != nil {
		wrong = append(wrong, err)
	}
	return errors.Join(wrong...)
}

// checkSchedules reports schedules whose progress disagrees with the
// occurrences they handled: done counts them, last_date is the latest, the
// next date is after it, and a posted occurrence's movement is of the
// schedule's ledger and of no other occurrence.
func (db *DB) checkSchedules(ctx context.Context, ledgerID int64) error {
	var bad, shared int64
	if err := db.QueryRow(ctx, `SELECT
		(SELECT COUNT(*) FROM schedules s WHERE s.ledger_id = ? AND (
			s.done <> (SELECT COUNT(*) FROM schedule_occurrences o WHERE o.schedule_id = s.id)
			OR s.last_date <> COALESCE((SELECT MAX(o.date) FROM schedule_occurrences o WHERE o.schedule_id = s.id), '')
			OR (s.next_date <> '' AND s.next_date <= s.last_date)
			OR EXISTS (SELECT 1 FROM schedule_occurrences o JOIN movements m ON m.id = o.movement_id
				WHERE o.schedule_id = s.id AND m.ledger_id <> s.ledger_id))),
		(SELECT COUNT(*) FROM (SELECT movement_id FROM schedule_occurrences WHERE ledger_id = ? AND movement_id IS NOT NULL
			GROUP BY movement_id HAVING COUNT(*) > 1) d)`, ledgerID, ledgerID).Scan(&bad, &shared); err != nil {
		return err
	}
	var wrong []error
	if bad != 0 {
		wrong = append(wrong, fmt.Errorf("schedules: %d out of step with the occurrences they handled", bad))
	}
	if shared != 0 {
		wrong = append(wrong, fmt.Errorf("schedules: %d movements posted for more than one occurrence", shared))
	}
	return errors.Join(wrong...)
}

// checkSearchIndex reports a movement of the ledger whose search_words are
// not the words of its description and notes; on SQLite also a movement
// missing from the search index (under its search key), and the ledger's
// inserts left deferred (deferSearch). A row of the index
// whose movement is gone belongs to no ledger: CheckSearchOrphans.
func (db *DB) checkSearchIndex(ctx context.Context, ledgerID int64) error {
	rows, err := db.Query(ctx, `SELECT id, description, notes, search_words FROM movements WHERE ledger_id = ?`, ledgerID)
	if err != nil {
		return err
	}
	defer rows.Close()
	stale, first := 0, int64(0)
	for rows.Next() {
		var id int64
		var description, notes, words string
		if err := rows.Scan(&id, &description, &notes, &words); err != nil {
			return err
		}
		if words != SearchText(description, notes) {
			if stale++; first == 0 {
				first = id
			}
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if stale > 0 {
		return fmt.Errorf("search words: %d movements stale (the first %d)", stale, first)
	}
	if db.dialect != SQLite {
		return nil
	}
	var deferred int64
	if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM movements_search_deferred WHERE ledger_id = ?`, ledgerID).Scan(&deferred); err != nil {
		return err
	}
	if deferred != 0 {
		return errors.New("search index: the ledger's new movements are left out of it (movements_search_deferred outlived a write)")
	}
	var missing int64
	if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM movements m WHERE m.ledger_id = ?
		AND NOT EXISTS (SELECT 1 FROM movements_search_docsize s WHERE s.id = `+searchKeySQL("m.date", "m.id")+`)`,
		ledgerID).Scan(&missing); err != nil {
		return err
	}
	if missing != 0 {
		return fmt.Errorf("search index: %d movements missing", missing)
	}
	return nil
}

// CheckSearchOrphans reports rows of SQLite's search index whose movement is
// gone. The index has no ledgers (FTS5), so this reads all of it: once per
// check, not once per ledger. Nothing to check on PostgreSQL, whose index is
// on the table.
func (db *DB) CheckSearchOrphans(ctx context.Context) error {
	if db.dialect != SQLite {
		return nil
	}
	var orphans int64
	if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM movements_search_docsize s WHERE NOT EXISTS (SELECT 1 FROM movements m
		WHERE m.id = s.id & `+strconv.Itoa(searchIDMask)+` AND `+searchKeySQL("m.date", "m.id")+` = s.id)`).Scan(&orphans); err != nil {
		return err
	}
	if orphans != 0 {
		return fmt.Errorf("search index: %d rows of no movement", orphans)
	}
	return nil
}

// checkLines reports a split movement whose lines are not as many as it
// says, fewer than two, of no category, not adding up to its amount, or
// whose amounts in the base currency are not its own split by SplitBase.
func checkLines(m storedMovement) error {
	d := m.d
	var sum int64
	want := slices.Clone(d.Splits)
	finance.SplitBase(want, d.Amount, d.Base)
	for i, l := range d.Splits {
		sum += l.Amount
		if l.CategoryID == 0 || l.Amount <= 0 || !samePtr(l.BaseAmount, want[i].BaseAmount) {
			return fmt.Errorf("movement %d: line %d is %+v (in the base currency %s, its share %s)", m.id, i, l, showPtr(l.BaseAmount), showPtr(want[i].BaseAmount))
		}
	}
	if int64(len(d.Splits)) != m.splits || len(d.Splits) < 2 || sum != d.Amount || d.CategoryID != 0 {
		return fmt.Errorf("movement %d: %d lines (it says %d) adding up to %d of %d, category %d", m.id, len(d.Splits), m.splits, sum, d.Amount, d.CategoryID)
	}
	return nil
}

// checkSplitRows reports lines that do not repeat their movement's ledger,
// type, date and account, or whose movement is not split.
func (db *DB) checkSplitRows(ctx context.Context, ledgerID int64) error {
	var bad int64
	if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM movement_splits s JOIN movements m ON m.id = s.movement_id
		WHERE s.ledger_id = ? AND (m.ledger_id <> s.ledger_id OR m.type <> s.type OR m.date <> s.date OR m.account_id <> s.account_id OR m.splits = 0)`,
		ledgerID).Scan(&bad); err != nil {
		return err
	}
	if bad != 0 {
		return fmt.Errorf("split lines: %d out of step with their movement", bad)
	}
	return nil
}

func showPtr(p *int64) string {
	if p == nil {
		return "none"
	}
	return strconv.FormatInt(*p, 10)
}

// checkRates reports rates that are not positive decimals, pair counts out
// of step with the rates, and rates learnt from transfers that are gone.
func (db *DB) checkRates(ctx context.Context, ledgerID int64) error {
	var wrong []error
	rows, err := db.Query(ctx, `SELECT id, rate FROM rates WHERE ledger_id = ?`, ledgerID)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id int64
		var text string
		if err := rows.Scan(&id, &text); err != nil {
			rows.Close()
			return err
		}
		if r, ok := new(big.Rat).SetString(text); !ok || r.Sign() <= 0 {
			wrong = append(wrong, fmt.Errorf("rate %d: %q is not a positive decimal", id, text))
		}
	}
	rows.Close()
	var pairs, orphans int64
	if err := db.QueryRow(ctx, `SELECT
		(SELECT COUNT(*) FROM (SELECT currency, quote, COUNT(*) AS n FROM rates WHERE ledger_id = ? GROUP BY currency, quote) r
			FULL OUTER JOIN (SELECT currency, quote, rates FROM rate_pairs WHERE ledger_id = ?) p ON p.currency = r.currency AND p.quote = r.quote
			WHERE p.rates IS NULL OR r.n IS NULL OR p.rates <> r.n),
		(SELECT COUNT(*) FROM rates r WHERE r.ledger_id = ? AND r.movement_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM movements m
			WHERE m.id = r.movement_id AND m.ledger_id = r.ledger_id AND m.type = 'transfer'))`,
		ledgerID, ledgerID, ledgerID).Scan(&pairs, &orphans); err != nil {
		return err
	}
	if pairs != 0 {
		wrong = append(wrong, fmt.Errorf("rate pairs: %d out of step with the rates", pairs))
	}
	if orphans != 0 {
		wrong = append(wrong, fmt.Errorf("rates: %d learnt from transfers that are gone", orphans))
	}
	return errors.Join(wrong...)
}

// brokenReconciliations checks each account's last reconciliation (the
// latest statement date): its opening balance plus its movements reconciled
// up to and including that date (a transfer on both accounts) must still
// equal the statement balance stored. Only a confirmed change of a
// reconciled movement (?confirm=true) may break one.
func (db *DB) brokenReconciliations(ctx context.Context, ledgerID int64) ([]error, error) {
	rows, err := db.Query(ctx, `SELECT a.id, r.date, r.balance FROM accounts a JOIN reconciliations r ON r.id = (SELECT r2.id FROM reconciliations r2
		WHERE r2.account_id = a.id ORDER BY r2.date DESC, r2.id DESC LIMIT 1) WHERE a.ledger_id = ?`, ledgerID)
	if err != nil {
		return nil, err
	}
	type last struct {
		acc     int64
		date    string
		balance int64
	}
	var all []last
	for rows.Next() {
		var l last
		if err := rows.Scan(&l.acc, &l.date, &l.balance); err != nil {
			rows.Close()
			return nil, err
		}
		all = append(all, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var wrong []error
	for _, l := range all {
		got, err := balanceOn(ctx, db, ledgerID, l.acc, l.date, reconciledStates)
		if err != nil {
			return nil, err
		}
		if got != l.balance {
			wrong = append(wrong, fmt.Errorf("account %d: reconciled on %s at %d, its reconciled movements say %d", l.acc, l.date, l.balance, got))
		}
	}
	return wrong, nil
}
