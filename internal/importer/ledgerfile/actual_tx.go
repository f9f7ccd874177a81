package ledgerfile

import (
	"fmt"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// loadTransactions turns Actual's transactions into movements: starting
// balances become the accounts' opening balances, a transfer's two sides
// one transfer, a split (a parent and its children) one movement with
// lines. Rows Actual counts as deleted (tombstoned, on a deleted account,
// a child of a deleted parent) are left out without a word.
func (r *actualReader) loadTransactions() error {
	t := "transactions"
	q := fmt.Sprintf(`SELECT rowid, CAST(id AS TEXT), CAST(acct AS TEXT), %s, %s, %s, %s, CAST(date AS INTEGER), %s, %s, %s, %s, %s
		FROM transactions WHERE %s = 0 AND id IS NOT NULL AND acct IS NOT NULL AND date IS NOT NULL
		ORDER BY date, %s, rowid`,
		r.col(t, "category", "''"), r.col(t, "description", "''"), r.col(t, "notes", "''"), r.col(t, "amount", "0"),
		r.col(t, "isParent", "0"), r.col(t, "isChild", "0"), r.col(t, "parent_id", "''"), r.col(t, "transferred_id", "''"),
		r.col(t, "starting_balance_flag", "0"), r.col(t, "tombstone", "0"), r.order(t))
	rows, err := r.db.QueryContext(r.ctx, q)
	if err != nil {
		return err
	}
	defer rows.Close()
	var list []*actualTx
	byID := map[string]*actualTx{}
	for rows.Next() {
		x := &actualTx{}
		var isParent, isChild, start int64
		if err := rows.Scan(&x.row, &x.id, &x.acct, &x.cat, &x.payee, &x.notes, &x.amount, &x.date,
			&isParent, &isChild, &x.parent, &x.transferID, &start); err != nil {
			return err
		}
		if r.accounts[x.acct] == nil {
			continue
		}
		if len(list) >= MaxMovements {
			return tooManyMovements()
		}
		x.isParent, x.isChild, x.start = isParent != 0, isChild != 0, start != 0
		list = append(list, x)
		byID[x.id] = x
	}
	if err := rows.Err(); err != nil {
		return err
	}
	var top []*actualTx
	for _, x := range list {
		switch {
		case !x.isChild:
			top = append(top, x)
		case byID[x.parent] != nil && byID[x.parent].isParent:
			byID[x.parent].children = append(byID[x.parent].children, x)
		default:
			delete(byID, x.id) // its parent is deleted: so is it
		}
	}
	r.done = map[string]bool{}
	for _, x := range top {
		switch {
		case x.start:
			r.opening(x)
		case x.isParent && len(x.children) > 0:
			r.split(x, byID)
		default:
			r.single(x, nil, byID)
		}
	}
	return nil
}

// opening adds a starting balance to its account's opening balance.
func (r *actualReader) opening(x *actualTx) {
	a := r.accounts[x.acct]
	v, ok := hundredths(x.amount, a.exp)
	acc := &r.snap.Accounts[a.idx]
	if sum := acc.OpeningBalance + v; !ok || sum > finance.MaxAmount || sum < -finance.MaxAmount {
		r.snap.Skip(x.row, finance.SkipAmount, "The starting balance of %q is too large.", a.name)
		return
	}
	acc.OpeningBalance += v
}

// date is Actual's YYYYMMDD as YYYY-MM-DD ("" when it is not a date).
func actualDate(d int64) string {
	s := fmt.Sprintf("%04d-%02d-%02d", d/10000, d/100%100, d%100)
	if d <= 0 || !finance.ValidDate(s) {
		return ""
	}
	return s
}

// partner is the other side of a transfer: alive, on another account, of
// the opposite sign; nil when the transaction is not a transfer.
func (r *actualReader) partner(x *actualTx, byID map[string]*actualTx) *actualTx {
	p := byID[x.transferID]
	if x.transferID == "" || p == nil || p.acct == x.acct || p.isParent || p.start || (p.amount < 0) == (x.amount < 0) {
		return nil
	}
	return p
}

// single emits one transaction as a movement (parent: the split it is a
// line of, for its payee and notes when it has none of its own).
func (r *actualReader) single(x, parent *actualTx, byID map[string]*actualTx) {
	if r.done[x.id] {
		return
	}
	r.done[x.id] = true
	date := actualDate(x.date)
	if date == "" {
		r.snap.Skip(x.row, finance.SkipDate, "The transaction has an invalid date (%d).", x.date)
		return
	}
	notes, payee := x.notes, x.payee
	if parent != nil {
		notes, payee = firstNonEmpty(notes, parent.notes), firstNonEmpty(payee, parent.payee)
	}
	if p := r.partner(x, byID); p != nil {
		r.done[p.id] = true
		from, to := x, p
		if x.amount > 0 {
			from, to = p, x
		}
		fromAcc, toAcc := r.accounts[from.acct], r.accounts[to.acct]
		out, ok1 := hundredths(-from.amount, fromAcc.exp)
		in, ok2 := hundredths(to.amount, toAcc.exp)
		if !ok1 || !ok2 || out <= 0 || in <= 0 {
			r.snap.Skip(x.row, finance.SkipAmount, "The transfer's amount is 0 or too large.")
			return
		}
		if in == out {
			in = 0
		}
		notes = firstNonEmpty(from.notes, to.notes, notes)
		r.emit(finance.MovementDraft{Type: finance.MovementTransfer, Date: date, Amount: out, AccountID: fromAcc.id,
			ToAccountID: toAcc.id, ToAmount: in, Notes: importer.Cut(notes, finance.MaxNotes), Tags: actualTags(notes)})
		return
	}
	a := r.accounts[x.acct]
	v, ok := hundredths(x.amount, a.exp)
	switch {
	case !ok:
		r.snap.Skip(x.row, finance.SkipAmount, "The transaction's amount is too large.")
		return
	case v == 0:
		r.snap.Skip(x.row, finance.SkipAmount, "The transaction's amount is 0.")
		return
	}
	d := finance.MovementDraft{Type: finance.MovementEarning, Date: date, Amount: v, AccountID: a.id, CategoryID: r.category(x.cat),
		Description: r.payeeName(payee), Notes: importer.Cut(notes, finance.MaxNotes), Tags: actualTags(notes)}
	if v < 0 {
		d.Type, d.Amount = finance.MovementExpense, -v
	}
	r.emit(d)
}

// split emits a parent and its children: one movement with a line a child
// when they are all of one sign and none is a transfer, else a movement a
// child (the parent itself carries no money of its own in Actual).
func (r *actualReader) split(x *actualTx, byID map[string]*actualTx) {
	r.done[x.id] = true
	a := r.accounts[x.acct]
	whole := len(x.children) >= 2 && len(x.children) <= finance.MaxSplits
	var lines []finance.Split
	var sum int64
	var tags []string
	for _, c := range x.children {
		v, ok := hundredths(c.amount, a.exp)
		if !ok || v == 0 || (v < 0) != (x.children[0].amount < 0) || r.partner(c, byID) != nil || c.acct != x.acct {
			whole = false
			break
		}
		if v < 0 {
			v = -v
		}
		lines = append(lines, finance.Split{CategoryID: r.category(c.cat), Amount: v, Note: importer.Cut(c.notes, finance.MaxSplitNote)})
		tags = append(tags, actualTags(c.notes)...)
		if sum += v; sum > finance.MaxAmount {
			whole = false
			break
		}
	}
	date := actualDate(x.date)
	if !whole || date == "" {
		for _, c := range x.children {
			r.single(c, x, byID)
		}
		return
	}
	for _, c := range x.children {
		r.done[c.id] = true
	}
	d := finance.MovementDraft{Type: finance.MovementEarning, Date: date, Amount: sum, AccountID: a.id,
		Description: r.payeeName(x.payee), Notes: importer.Cut(x.notes, finance.MaxNotes), Splits: lines}
	if x.children[0].amount < 0 {
		d.Type = finance.MovementExpense
	}
	d.Tags = finance.NormalizeTags(append(actualTags(x.notes), tags...))
	if len(d.Tags) > finance.MaxTags {
		d.Tags = d.Tags[:finance.MaxTags]
	}
	r.emit(d)
}

func (r *actualReader) emit(d finance.MovementDraft) {
	r.snap.Movements = append(r.snap.Movements, finance.SnapshotMovement{ID: int64(len(r.snap.Movements) + 1), Draft: d})
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}
