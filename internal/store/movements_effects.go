package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"cashcontrol/internal/finance"
)

// Every movement write changes derived things in the same transaction: the
// live balance of the accounts it touches, the monthly_totals rollup that
// reports read, and the ledger's turnover that bounds them all. parts is the
// one definition of what a movement does to them: a single write applies it
// (applyMovement), a bulk write sums it first (aggregate), and a rebuild sums
// it over the stored movements (rebuildAccounts). CheckLedger recomputes the
// same in SQL, independently, as the tests' and the soak's truth.

// part is what a movement does to one account: the signed change of its
// balance and what it adds to one monthly_totals row: the amount, and the
// amount in the base currency (base) or, without a rate, one to unrated.
type part struct {
	account, category int64
	kind              string // expense, earning, transfer_out, transfer_in
	balance           int64
	total             int64
	base, unrated     int64
}

// parts returns what the movement does: one part for an expense or an
// earning (one a line when it is split), two for a transfer (out of the
// source, into the destination).
func parts(d *finance.MovementDraft) []part {
	out := func(p part, base *int64) part {
		if base == nil {
			p.unrated = 1
		} else {
			p.base = *base
		}
		return p
	}
	switch d.Type {
	case finance.MovementExpense, finance.MovementEarning:
		sign := int64(1)
		if d.Type == finance.MovementExpense {
			sign = -1
		}
		if len(d.Splits) == 0 {
			return []part{out(part{account: d.AccountID, category: d.CategoryID, kind: d.Type, balance: sign * d.Amount, total: d.Amount}, d.Base)}
		}
		// A split movement: a part a line, its balance change the line's.
		ps := make([]part, len(d.Splits))
		for i, s := range d.Splits {
			ps[i] = part{account: d.AccountID, category: s.CategoryID, kind: d.Type, balance: sign * s.Amount, total: s.Amount}
			if d.Base == nil {
				ps[i].unrated = 1
			} else if s.BaseAmount != nil {
				ps[i].base = *s.BaseAmount
			}
		}
		return ps
	case finance.MovementTransfer:
		return []part{out(part{account: d.AccountID, kind: "transfer_out", balance: -d.Amount, total: d.Amount}, d.Base),
			out(part{account: d.ToAccountID, kind: "transfer_in", balance: d.ToAmount, total: d.ToAmount}, d.ToBase)}
	}
	return nil
}

// applyMovement adds (sign 1) or removes (sign -1) a movement's effects.
func applyMovement(ctx context.Context, tx *Tx, ledgerID int64, d *finance.MovementDraft, sign int64) error {
	ps := parts(d)
	if ps == nil {
		return fmt.Errorf("unknown movement type %q", d.Type)
	}
	month := d.Date[:7]
	for _, p := range ps {
		if err := addBalance(ctx, tx, ledgerID, p.account, sign*p.balance); err != nil {
			return err
		}
		if err := addTotal(ctx, tx, ledgerID, totalKey{p.account, p.category, month, p.kind},
			totalVal{sign * p.total, sign, sign * p.base, sign * p.unrated}); err != nil {
			return err
		}
		tx.turnover += sign * (p.total + p.base)
	}
	tx.learnFeatures(d, sign)
	return nil
}

func addBalance(ctx context.Context, tx *Tx, ledgerID, accountID, delta int64) error {
	if delta == 0 {
		return nil
	}
	var balance int64
	err := tx.updateRow(ctx, `accounts`, `balance = balance + ?`, []any{delta}, `ledger_id = ? AND id = ?`, []any{ledgerID, accountID}, `balance`, &balance)
	if err != nil {
		return NotFound(err, "account")
	}
	if balance > finance.MaxBalance || balance < -finance.MaxBalance {
		return balanceError()
	}
	return nil
}

func addTotal(ctx context.Context, tx *Tx, ledgerID int64, k totalKey, v totalVal) error {
	_, err := tx.Exec(ctx, `INSERT INTO monthly_totals (ledger_id, account_id, category_id, month, kind, total, count, base_total, unrated)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (ledger_id, month, kind, account_id, category_id)
		DO UPDATE SET total = monthly_totals.total + excluded.total, count = monthly_totals.count + excluded.count,
			base_total = monthly_totals.base_total + excluded.base_total, unrated = monthly_totals.unrated + excluded.unrated`,
		ledgerID, k.account, k.category, k.month, k.kind, v.total, v.count, v.base, v.unrated)
	if err != nil || v.count >= 0 {
		return err
	}
	// A row whose last movement went away goes too, so reports list no
	// empty categories and months.
	_, err = tx.Exec(ctx, `DELETE FROM monthly_totals WHERE ledger_id = ? AND month = ? AND kind = ? AND account_id = ? AND category_id = ? AND count = 0`,
		ledgerID, k.month, k.kind, k.account, k.category)
	return err
}

type totalKey struct {
	account, category int64
	month, kind       string
}

type totalVal struct{ total, count, base, unrated int64 }

// aggregate sums many movements' parts before writing them: one balance
// update per account and one rollup upsert per row instead of one per
// movement. Sums stop at the int64 limits (AddCapped), and apply refuses
// anything past the ledger's bound before SQL sees it.
type aggregate struct {
	balances map[int64]int64
	totals   map[totalKey]totalVal
	turnover int64
	features map[featureKey]int64
}

func newAggregate() *aggregate {
	return &aggregate{balances: map[int64]int64{}, totals: map[totalKey]totalVal{}, features: map[featureKey]int64{}}
}

// add sums a new movement's effects: its parts and its suggestion features.
func (a *aggregate) add(d *finance.MovementDraft) {
	a.addFor(d, nil)
	featuresOf(a.features, d, 1)
}

// addFor adds the parts of d that fall on the accounts in only (all with nil).
func (a *aggregate) addFor(d *finance.MovementDraft, only map[int64]bool) {
	month := d.Date[:7]
	for _, p := range parts(d) {
		if only != nil && !only[p.account] {
			continue
		}
		a.balances[p.account] = finance.AddCapped(a.balances[p.account], p.balance)
		k := totalKey{p.account, p.category, month, p.kind}
		v := a.totals[k]
		a.totals[k] = totalVal{finance.AddCapped(v.total, p.total), v.count + 1, finance.AddCapped(v.base, p.base), v.unrated + p.unrated}
		a.turnover = finance.AddCapped(a.turnover, finance.AddCapped(p.total, p.base))
	}
}

func (a *aggregate) apply(ctx context.Context, tx *Tx, ledgerID int64) error {
	if a.turnover > finance.MaxTurnover {
		return turnoverError()
	}
	// Sorted, so that two bulk writes would take row locks in one order even
	// without the ledger lock.
	accounts := make([]int64, 0, len(a.balances))
	for acc := range a.balances {
		accounts = append(accounts, acc)
	}
	slices.Sort(accounts)
	for _, acc := range accounts {
		if err := addBalance(ctx, tx, ledgerID, acc, a.balances[acc]); err != nil {
			return err
		}
	}
	keys := make([]totalKey, 0, len(a.totals))
	for k := range a.totals {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(x, y totalKey) int {
		return cmp.Or(strings.Compare(x.month, y.month), strings.Compare(x.kind, y.kind), cmp.Compare(x.account, y.account), cmp.Compare(x.category, y.category))
	})
	for _, k := range keys {
		if err := addTotal(ctx, tx, ledgerID, k, a.totals[k]); err != nil {
			return err
		}
	}
	tx.turnover = finance.AddCapped(tx.turnover, a.turnover)
	for k, n := range a.features {
		if tx.features == nil {
			tx.features = map[featureKey]int64{}
		}
		tx.features[k] += n
	}
	clear(a.features)
	return nil
}

// inList returns "?, ?, ?" and the ids as arguments.
func inList[T any](ids []T) (string, []any) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", "), args
}

// rebuildAccounts recomputes the monthly totals and the balance of the given
// accounts from their movements, through parts like every other write, and
// the ledger's turnover. Deleting an account with its movements uses it for
// the accounts its transfers touched.
func rebuildAccounts(ctx context.Context, tx *Tx, ledgerID int64, accountIDs []int64) error {
	if len(accountIDs) > 0 {
		in, ids := inList(accountIDs)
		withLedger := append([]any{ledgerID}, ids...)
		if _, err := tx.Exec(ctx, `DELETE FROM monthly_totals WHERE ledger_id = ? AND account_id IN (`+in+`)`, withLedger...); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE accounts SET balance = opening_balance WHERE ledger_id = ? AND id IN (`+in+`)`, withLedger...); err != nil {
			return err
		}
		rebuilt := make(map[int64]bool, len(accountIDs))
		for _, id := range accountIDs {
			rebuilt[id] = true
			tx.touch(id)
		}
		agg := newAggregate()
		rows, err := tx.Query(ctx, `SELECT type, date, amount, account_id, COALESCE(category_id, 0), COALESCE(to_account_id, 0), COALESCE(to_amount, 0),
			base_amount, to_base_amount, base_later, id, splits FROM movements WHERE ledger_id = ? AND (account_id IN (`+in+`) OR to_account_id IN (`+in+`))`, append(withLedger, ids...)...)
		if err != nil {
			return err
		}
		// Split movements wait for their lines, read once the scan is done.
		var split []*finance.MovementDraft
		var splitIDs, splitCounts []int64
		for rows.Next() {
			var d finance.MovementDraft
			var base, toBase sql.NullInt64
			var id, n int64
			if err := rows.Scan(&d.Type, &d.Date, &d.Amount, &d.AccountID, &d.CategoryID, &d.ToAccountID, &d.ToAmount, &base, &toBase, &d.BaseLater, &id, &n); err != nil {
				rows.Close()
				return err
			}
			d.Base, d.ToBase = nullable(base), nullable(toBase)
			if n > 0 {
				split, splitIDs, splitCounts = append(split, &d), append(splitIDs, id), append(splitCounts, n)
				continue
			}
			agg.addFor(&d, rebuilt)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if err := draftsWithSplits(ctx, tx, ledgerID, splitIDs, splitCounts, split); err != nil {
			return err
		}
		for _, d := range split {
			agg.addFor(d, rebuilt)
		}
		if err := agg.apply(ctx, tx, ledgerID); err != nil {
			return err
		}
	}
	return recountTurnover(ctx, tx, ledgerID)
}

// recountTurnover sets the ledger's turnover from its accounts and rollup.
func recountTurnover(ctx context.Context, tx *Tx, ledgerID int64) error {
	_, err := tx.Exec(ctx, `UPDATE ledgers SET turnover =
		COALESCE((SELECT SUM(ABS(opening_balance)) FROM accounts a WHERE a.ledger_id = ledgers.id), 0)
		+ COALESCE((SELECT SUM(total + base_total) FROM monthly_totals t WHERE t.ledger_id = ledgers.id), 0)
		WHERE id = ?`, ledgerID)
	tx.turnover = 0
	return err
}

// nullable is a nullable column as a pointer.
func nullable(v sql.NullInt64) *int64 {
	if !v.Valid {
		return nil
	}
	return &v.Int64
}
