package store

import (
	"context"
	"fmt"
	"strings"
)

// Every movement write changes two derived things in the same transaction:
// the live balance of the accounts it touches and the monthly_totals rollup
// that reports read. This file holds both, for one movement at a time and,
// for bulk changes, as a rebuild of whole accounts from their movements.

// effect is what a movement contributes to balances and totals.
type effect struct {
	Type        string
	Date        string
	Amount      int64
	AccountID   int64
	CategoryID  int64 // 0 for none
	ToAccountID int64 // transfers only
	ToAmount    int64
}

// applyEffect adds (sign 1) or removes (sign -1) a movement's contribution.
func applyEffect(ctx context.Context, tx *Tx, ledgerID int64, e effect, sign int64) error {
	month := e.Date[:7]
	switch e.Type {
	case "expense", "earning":
		delta := e.Amount
		if e.Type == "expense" {
			delta = -delta
		}
		if err := addBalance(ctx, tx, ledgerID, e.AccountID, sign*delta); err != nil {
			return err
		}
		return addTotal(ctx, tx, ledgerID, e.AccountID, e.CategoryID, month, e.Type, sign*e.Amount, sign)
	case "transfer":
		if err := addBalance(ctx, tx, ledgerID, e.AccountID, -sign*e.Amount); err != nil {
			return err
		}
		if err := addBalance(ctx, tx, ledgerID, e.ToAccountID, sign*e.ToAmount); err != nil {
			return err
		}
		if err := addTotal(ctx, tx, ledgerID, e.AccountID, 0, month, "transfer_out", sign*e.Amount, sign); err != nil {
			return err
		}
		return addTotal(ctx, tx, ledgerID, e.ToAccountID, 0, month, "transfer_in", sign*e.ToAmount, sign)
	}
	return fmt.Errorf("unknown movement type %q", e.Type)
}

func addBalance(ctx context.Context, tx *Tx, ledgerID, accountID, delta int64) error {
	if delta == 0 {
		return nil
	}
	_, err := tx.exec(ctx, `UPDATE accounts SET balance = balance + ? WHERE ledger_id = ? AND id = ?`, delta, ledgerID, accountID)
	return err
}

func addTotal(ctx context.Context, tx *Tx, ledgerID, accountID, categoryID int64, month, kind string, total, count int64) error {
	_, err := tx.exec(ctx, `INSERT INTO monthly_totals (ledger_id, account_id, category_id, month, kind, total, count)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (ledger_id, month, kind, account_id, category_id)
		DO UPDATE SET total = monthly_totals.total + excluded.total, count = monthly_totals.count + excluded.count`,
		ledgerID, accountID, categoryID, month, kind, total, count)
	if err != nil || count >= 0 {
		return err
	}
	// A row whose last movement went away goes too, so reports list no
	// empty categories and months.
	_, err = tx.exec(ctx, `DELETE FROM monthly_totals WHERE ledger_id = ? AND month = ? AND kind = ? AND account_id = ? AND category_id = ? AND count = 0`,
		ledgerID, month, kind, accountID, categoryID)
	return err
}

// inList returns "?, ?, ?" and the ids as arguments.
func inList(ids []int64) (string, []any) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", "), args
}

// rebuildAccounts recomputes the monthly totals and the balance of the given
// accounts from their movements. Bulk operations use it instead of undoing
// movements one by one; tests use it as the truth.
func rebuildAccounts(ctx context.Context, tx *Tx, ledgerID int64, accountIDs []int64) error {
	if len(accountIDs) == 0 {
		return nil
	}
	in, ids := inList(accountIDs)
	withLedger := append([]any{ledgerID}, ids...)
	if _, err := tx.exec(ctx, `DELETE FROM monthly_totals WHERE ledger_id = ? AND account_id IN (`+in+`)`, withLedger...); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, `INSERT INTO monthly_totals (ledger_id, account_id, category_id, month, kind, total, count)
		SELECT ledger_id, account_id, COALESCE(category_id, 0), substr(date, 1, 7),
		       CASE type WHEN 'transfer' THEN 'transfer_out' ELSE type END, SUM(amount), COUNT(*)
		FROM movements WHERE ledger_id = ? AND account_id IN (`+in+`)
		GROUP BY ledger_id, account_id, COALESCE(category_id, 0), substr(date, 1, 7), CASE type WHEN 'transfer' THEN 'transfer_out' ELSE type END`,
		withLedger...); err != nil {
		return fmt.Errorf("rebuild totals: %w", err)
	}
	if _, err := tx.exec(ctx, `INSERT INTO monthly_totals (ledger_id, account_id, category_id, month, kind, total, count)
		SELECT ledger_id, to_account_id, 0, substr(date, 1, 7), 'transfer_in', SUM(to_amount), COUNT(*)
		FROM movements WHERE ledger_id = ? AND type = 'transfer' AND to_account_id IN (`+in+`)
		GROUP BY ledger_id, to_account_id, substr(date, 1, 7)`, withLedger...); err != nil {
		return fmt.Errorf("rebuild transfer totals: %w", err)
	}
	_, err := tx.exec(ctx, `UPDATE accounts SET balance = opening_balance + COALESCE((
		SELECT SUM(CASE kind WHEN 'earning' THEN total WHEN 'transfer_in' THEN total ELSE -total END)
		FROM monthly_totals t WHERE t.ledger_id = accounts.ledger_id AND t.account_id = accounts.id), 0)
		WHERE ledger_id = ? AND id IN (`+in+`)`, withLedger...)
	return err
}
