package store

import (
	"cmp"
	"context"
	"slices"
	"sort"
	"strconv"
	"strings"

	"cashcontrol/internal/finance"
)

// TotalMovements counts and sums the whole filtered set. Filters of period,
// accounts, categories and types are answered from the monthly_totals rollup
// (partial months exact, as reports are: see sourceSQL), so the totals of a
// million movements cost a few hundred rollup rows; text, tags and amount
// ranges need the movements themselves, but a search of one word alone is
// answered by search_totals (wordTotals).
func (db *DB) TotalMovements(ctx context.Context, ledgerID int64, f finance.MovementFilter) (*finance.MovementTotals, error) {
	base, err := db.BaseCurrency(ctx, ledgerID)
	if err != nil {
		return nil, err
	}
	var sums map[string]*currencySums
	if f.Text != "" || len(f.Tags) > 0 || len(f.States) > 0 || f.MinAmount != nil || f.MaxAmount != nil {
		var ok bool
		if sums, ok, err = db.wordTotals(ctx, ledgerID, f); err == nil && !ok {
			sums, err = db.scanTotals(ctx, ledgerID, f)
		}
	} else {
		sums, err = db.rollupTotals(ctx, ledgerID, f)
	}
	if err != nil {
		return nil, err
	}
	t := &finance.MovementTotals{ByCurrency: []finance.CurrencyTotals{}, Converted: &finance.CurrencyTotals{Currency: base}}
	for c, s := range sums {
		if s.count == 0 {
			continue
		}
		t.Count += s.count
		t.ByCurrency = append(t.ByCurrency, finance.CurrencyTotals{Currency: c, Count: s.count, Earnings: s.earnings, Expenses: s.expenses, Net: s.earnings - s.expenses})
		cv := t.Converted
		cv.Count += s.count
		cv.Earnings += s.baseEarnings
		cv.Expenses += s.baseExpenses
		if s.unrated > 0 {
			cv.Incomplete = append(cv.Incomplete, c)
		}
	}
	t.Converted.Net = t.Converted.Earnings - t.Converted.Expenses
	sort.Slice(t.ByCurrency, func(i, j int) bool { return t.ByCurrency[i].Currency < t.ByCurrency[j].Currency })
	sort.Strings(t.Converted.Incomplete)
	return t, nil
}

// currencySums are one currency's totals, and in the base currency those of
// its expenses and earnings (unrated: how many of them have no rate).
type currencySums struct{ count, earnings, expenses, baseEarnings, baseExpenses, unrated int64 }

// addSums adds to the currency's sums a count of movements of one kind, their
// total, its base-currency total and how many of them have no rate. Only
// expenses and earnings have sums; a transfer counts.
func addSums(byCurrency map[string]*currencySums, currency, kind string, count, total, base, unrated int64) {
	s := byCurrency[currency]
	if s == nil {
		s = &currencySums{}
		byCurrency[currency] = s
	}
	s.count += count
	switch kind {
	case finance.MovementEarning:
		s.earnings, s.baseEarnings, s.unrated = s.earnings+total, s.baseEarnings+base, s.unrated+unrated
	case finance.MovementExpense:
		s.expenses, s.baseExpenses, s.unrated = s.expenses+total, s.baseExpenses+base, s.unrated+unrated
	}
}

// The whole range of valid dates (finance.ValidDate): whole months of the rollup.
const firstDate, lastDate = "1900-01-01", "2199-12-31"

func (db *DB) rollupTotals(ctx context.Context, ledgerID int64, f finance.MovementFilter) (map[string]*currencySums, error) {
	from, to := cmp.Or(f.From, firstDate), cmp.Or(f.To, lastDate)
	byCurrency := map[string]*currencySums{}
	out := func() map[string]*currencySums { return byCurrency }
	if from > to {
		return out(), nil
	}
	// A transfer has no category: a category filter leaves only expenses and
	// earnings. A transfer is counted once, from its source account's row.
	wants := func(t string) bool { return len(f.Types) == 0 || slices.Contains(f.Types, t) }
	transfers := wants(finance.MovementTransfer) && len(f.CategoryIDs) == 0
	kinds := []any{}
	for _, k := range []string{finance.MovementExpense, finance.MovementEarning} {
		if wants(k) {
			kinds = append(kinds, k)
		}
	}
	if transfers {
		kinds = append(kinds, "transfer_out")
	}
	var cats []int64
	if len(f.CategoryIDs) > 0 {
		ids, err := db.withSubcategories(ctx, ledgerID, f.CategoryIDs)
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			if id != 0 { // 0 is the rollup's "no category", which no category filter matches
				cats = append(cats, id)
			}
		}
		if len(cats) == 0 {
			return out(), nil
		}
	}
	if len(kinds) == 0 {
		return out(), nil
	}
	src, args := sourceSQL(ledgerID, from, to)
	q := `SELECT a.currency, s.kind, CAST(SUM(s.total) AS BIGINT), CAST(SUM(s.count) AS BIGINT), CAST(SUM(s.base) AS BIGINT),
		CAST(SUM(s.unrated) AS BIGINT) FROM ` + src +
		` s JOIN accounts a ON a.id = s.account_id AND a.ledger_id = ? WHERE s.kind IN (` + placeholders(len(kinds)) + `)`
	args = append(append(args, ledgerID), kinds...)
	if len(f.AccountIDs) > 0 {
		in, ids := inList(f.AccountIDs)
		q += ` AND s.account_id IN (` + in + `)`
		args = append(args, ids...)
	}
	if len(cats) > 0 {
		in, ids := inList(cats)
		q += ` AND s.category_id IN (` + in + `)`
		args = append(args, ids...)
	}
	q += ` GROUP BY a.currency, s.kind`
	add := func(q string, args []any) error {
		rows, err := db.Query(ctx, q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var currency, kind string
			var total, count, base, unrated int64
			if err := rows.Scan(&currency, &kind, &total, &count, &base, &unrated); err != nil {
				return err
			}
			addSums(byCurrency, currency, kind, count, total, base, unrated)
		}
		return rows.Err()
	}
	if err := add(q, args); err != nil {
		return nil, err
	}
	if err := db.uncountLines(ctx, ledgerID, from, to, kinds, f.AccountIDs, cats, byCurrency); err != nil {
		return nil, err
	}
	if transfers && len(f.AccountIDs) > 0 {
		// Transfers into the chosen accounts from others are in the set too,
		// counted in the source account's currency like every transfer. They
		// are few; the destination's index finds them (ledger_id + 0 keeps
		// SQLite, which has no statistics, off the ledger's date index).
		in, ids := inList(f.AccountIDs)
		q := `SELECT a.currency, 'transfer', 0, COUNT(*), 0, 0 FROM movements m JOIN accounts a ON a.id = m.account_id
			WHERE m.ledger_id + 0 = ? AND m.to_account_id IN (` + in + `) AND m.account_id NOT IN (` + in + `) AND m.type = 'transfer'
			AND m.date >= ? AND m.date <= ? GROUP BY a.currency`
		if err := add(q, append(append(append([]any{ledgerID}, ids...), ids...), from, to)); err != nil {
			return nil, err
		}
	}
	return out(), nil
}

// uncountLines takes off the counts of a rollup read what split movements
// add to it: the rollup counts a movement's lines, a list its movements. Of
// the lines of the period (of the kinds, accounts and categories given: all
// when none), all but one a movement are too many.
func (db *DB) uncountLines(ctx context.Context, ledgerID int64, from, to string, kinds []any, accounts, cats []int64, byCurrency map[string]*currencySums) error {
	if split, err := db.hasSplits(ctx, ledgerID); err != nil || !split {
		return err
	}
	q := `SELECT a.currency, CAST(COUNT(*) - COUNT(DISTINCT l.movement_id) AS BIGINT) FROM movement_splits l JOIN accounts a ON a.id = l.account_id
		WHERE l.ledger_id = ? AND l.date >= ? AND l.date <= ? AND l.type IN (` + placeholders(len(kinds)) + `)`
	args := append([]any{ledgerID, from, to}, kinds...)
	for _, c := range []struct {
		col string
		ids []int64
	}{{"l.account_id", accounts}, {"l.category_id", cats}} {
		if len(c.ids) > 0 {
			in, ids := inList(c.ids)
			q += ` AND ` + c.col + ` IN (` + in + `)`
			args = append(args, ids...)
		}
	}
	rows, err := db.Query(ctx, q+` GROUP BY a.currency`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var currency string
		var extra int64
		if err := rows.Scan(&currency, &extra); err != nil {
			return err
		}
		if s := byCurrency[currency]; s != nil {
			s.count -= extra
		}
	}
	return rows.Err()
}

// scanTotals sums the filtered movements themselves: the path for filters
// the rollup cannot answer (text, tags, amount range).
func (db *DB) scanTotals(ctx context.Context, ledgerID int64, f finance.MovementFilter) (map[string]*currencySums, error) {
	src, err := db.movementSource(ctx, ledgerID, f)
	if err != nil {
		return nil, err
	}
	amount, base := inCategories(src.lines)
	rows, err := db.Query(ctx, `SELECT a.currency, COUNT(*),
		CAST(COALESCE(SUM(CASE WHEN m.type = 'earning' THEN `+amount+` ELSE 0 END), 0) AS BIGINT),
		CAST(COALESCE(SUM(CASE WHEN m.type = 'expense' THEN `+amount+` ELSE 0 END), 0) AS BIGINT),
		CAST(COALESCE(SUM(CASE WHEN m.type = 'earning' THEN `+base+` ELSE 0 END), 0) AS BIGINT),
		CAST(COALESCE(SUM(CASE WHEN m.type = 'expense' THEN `+base+` ELSE 0 END), 0) AS BIGINT),
		CAST(COALESCE(SUM(CASE WHEN m.type <> 'transfer' AND m.base_amount IS NULL THEN 1 ELSE 0 END), 0) AS BIGINT)`+
		src.from+src.where+` GROUP BY a.currency`, src.args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]*currencySums{}
	for rows.Next() {
		var c string
		var s currencySums
		if err := rows.Scan(&c, &s.count, &s.earnings, &s.expenses, &s.baseEarnings, &s.baseExpenses, &s.unrated); err != nil {
			return nil, err
		}
		out[c] = &s
	}
	return out, rows.Err()
}

// inCategories returns the SQL of a movement m's amount and amount in the
// base currency that are in the categories lines (movementSource.lines):
// the whole movement's, or for a split movement the sum of its lines in
// them; m's own columns without lines. Ids are written in the SQL
// (integers), so the expressions take no arguments.
func inCategories(lines []int64) (amount, base string) {
	if len(lines) == 0 {
		return "m.amount", "m.base_amount"
	}
	list := make([]string, len(lines))
	for i, id := range lines {
		list[i] = strconv.FormatInt(id, 10)
	}
	sum := func(col string) string {
		return `(CASE WHEN m.splits > 0 THEN (SELECT SUM(l.` + col + `) FROM movement_splits l WHERE l.movement_id = m.id AND l.category_id IN (` +
			strings.Join(list, ", ") + `)) ELSE m.` + col + ` END)`
	}
	return sum("amount"), sum("base_amount")
}
