package store

import (
	"context"
	"database/sql"
	"math/big"
	"slices"

	"cashcontrol/internal/finance"
)

// Every movement keeps its amounts in the ledger's base currency
// (movements.base_amount, to_base_amount), and the rollup their sums
// (monthly_totals.base_total, unrated), so that converted reports stay SQL
// sums over the rollup. They are derived like the balances: a write converts
// what it writes (converter, by finance.CrossRate: one rule), a change of
// rates or of the base currency converts again what it affects (reconvert),
// and CheckLedger recomputes them all.

// reader is a transaction or the read pool.
type reader interface {
	QueryRow(ctx context.Context, q string, args ...any) *sql.Row
	Query(ctx context.Context, q string, args ...any) (*sql.Rows, error)
}

// converter converts amounts of one ledger to its base currency with the
// ledger's rates as they are when it is made; it remembers every rate it
// looked up. A write that changes rates makes a new one.
type converter struct {
	q        reader
	db       *DB
	ledgerID int64
	base     string
	pairs    map[string][]string // currency → the currencies it has rates with
	memo     map[convKey]convRate
	book     *CurrencyBook
}

type convKey struct{ currency, date string }

type convRate struct {
	rate      *big.Rat
	later, ok bool
}

// newConverter reads, in one query, the ledger's base currency, the pairs
// that have rates and the decimals of its own currencies.
func newConverter(ctx context.Context, db *DB, q reader, ledgerID int64) (*converter, error) {
	c := emptyConverter(db, q, ledgerID)
	rows, err := q.Query(ctx, converterSQL, ledgerID, ledgerID, ledgerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var kind, a, b string
		var id, decimals int64
		if err := rows.Scan(&kind, &id, &a, &b, &decimals); err != nil {
			return nil, err
		}
		c.take(kind, a, b, decimals)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return c, c.made()
}

// converterSQL is what a converter is made of, as rows of (kind, 0, code,
// quote, decimals), with the ledger's id three times: its base currency
// (b), the pairs that have rates (p) and its own currencies' decimals (k).
// loadRefs reads it with the references of a write.
const converterSQL = `SELECT 'b', 0, base_currency, '', 0 FROM ledgers WHERE id = ?
	UNION ALL SELECT 'p', 0, currency, quote, 0 FROM rate_pairs WHERE ledger_id = ?
	UNION ALL SELECT 'k', 0, code, '', decimals FROM ledger_currencies WHERE ledger_id = ?`

// emptyConverter is a converter before it takes converterSQL's rows.
func emptyConverter(db *DB, q reader, ledgerID int64) *converter {
	return &converter{q: q, db: db, ledgerID: ledgerID, pairs: map[string][]string{}, memo: map[convKey]convRate{},
		book: &CurrencyBook{db: db, custom: map[string]finance.CustomCurrency{}}}
}

// take takes one row of converterSQL; false when kind is not one of its.
func (c *converter) take(kind, a, b string, decimals int64) bool {
	switch kind {
	case "b":
		c.base = a
	case "p":
		c.pairs[a] = append(c.pairs[a], b)
		c.pairs[b] = append(c.pairs[b], a)
	case "k":
		c.book.custom[a] = finance.CustomCurrency{Code: a, Decimals: int(decimals)}
	default:
		return false
	}
	return true
}

// made says whether the rows taken made a converter: the ledger's was there.
func (c *converter) made() error {
	if c.base == "" {
		return NotFound(sql.ErrNoRows, "ledger")
	}
	return nil
}

// converter returns the transaction's converter, made on first use.
func (t *Tx) converter(ctx context.Context) (*converter, error) {
	if t.conv == nil {
		c, err := newConverter(ctx, t.db, t, t.ledgerID)
		if err != nil {
			return nil, err
		}
		t.conv = c
	}
	return t.conv, nil
}

// rate is the rate of currency in the base currency on date.
func (c *converter) rate(ctx context.Context, currency, date string) (convRate, error) {
	if currency == c.base {
		return convRate{rate: big.NewRat(1, 1), ok: true}, nil
	}
	k := convKey{currency, date}
	if r, ok := c.memo[k]; ok {
		return r, nil
	}
	if len(c.pairs[currency]) == 0 || len(c.pairs[c.base]) == 0 {
		c.memo[k] = convRate{}
		return convRate{}, nil
	}
	// Pivots: the currencies with rates against both.
	var pivots []string
	for _, q := range c.pairs[currency] {
		if slices.Contains(c.pairs[c.base], q) {
			pivots = append(pivots, q)
		}
	}
	r, later, ok, err := finance.CrossRate(currency, c.base, pivots, func(a, b string) (finance.PairRates, error) {
		return c.around(ctx, a, b, date)
	})
	if err != nil {
		return convRate{}, err
	}
	c.memo[k] = convRate{r, later, ok}
	return c.memo[k], nil
}

// exact remembers, in one query per 500 days, the rates of currencies in the
// base currency on the days that have one of their own, direct or inverse:
// the rule (finance.CrossRate) picks that one, the direct on a tie. Other
// days go the long way (rate). For a report that converts on many days.
func (c *converter) exact(ctx context.Context, currencies, days []string) error {
	var want []string
	for _, cur := range currencies {
		if cur != c.base && slices.Contains(c.pairs[cur], c.base) {
			want = append(want, cur)
		}
	}
	if len(want) == 0 {
		return nil
	}
	curIn, curArgs := inList(want)
	for chunk := range slices.Chunk(days, 500) {
		dayIn, dayArgs := inList(chunk)
		args := append([]any{c.ledgerID}, dayArgs...)
		args = append(append(append(append(args, c.base), curArgs...), c.base), curArgs...)
		rows, err := c.q.Query(ctx, `SELECT currency, quote, date, rate FROM rates WHERE ledger_id = ? AND date IN (`+dayIn+`)
			AND ((quote = ? AND currency IN (`+curIn+`)) OR (currency = ? AND quote IN (`+curIn+`)))`, args...)
		if err != nil {
			return err
		}
		direct := map[convKey]bool{}
		for rows.Next() {
			var cur, quote, date, text string
			if err := rows.Scan(&cur, &quote, &date, &text); err != nil {
				rows.Close()
				return err
			}
			r, ok := new(big.Rat).SetString(text)
			if !ok || r.Sign() <= 0 {
				continue // not a rate: the long way decides (check reports it)
			}
			if quote == c.base {
				k := convKey{cur, date}
				c.memo[k], direct[k] = convRate{rate: r, ok: true}, true
			} else if k := (convKey{quote, date}); !direct[k] {
				c.memo[k] = convRate{rate: new(big.Rat).Inv(r), ok: true}
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return nil
}

// around reads the rates of the pair (a, b) next to date, both ways.
func (c *converter) around(ctx context.Context, a, b, date string) (finance.PairRates, error) {
	var p finance.PairRates
	if !slices.Contains(c.pairs[a], b) {
		return p, nil
	}
	rows, err := c.q.Query(ctx, `
		SELECT 0, date, rate FROM (SELECT date, rate FROM rates WHERE ledger_id = ? AND currency = ? AND quote = ? AND date <= ? ORDER BY date DESC LIMIT 1) x
		UNION ALL SELECT 1, date, rate FROM (SELECT date, rate FROM rates WHERE ledger_id = ? AND currency = ? AND quote = ? AND date > ? ORDER BY date LIMIT 1) y
		UNION ALL SELECT 2, date, rate FROM (SELECT date, rate FROM rates WHERE ledger_id = ? AND currency = ? AND quote = ? AND date <= ? ORDER BY date DESC LIMIT 1) z
		UNION ALL SELECT 3, date, rate FROM (SELECT date, rate FROM rates WHERE ledger_id = ? AND currency = ? AND quote = ? AND date > ? ORDER BY date LIMIT 1) w`,
		c.ledgerID, a, b, date, c.ledgerID, a, b, date, c.ledgerID, b, a, date, c.ledgerID, b, a, date)
	if err != nil {
		return p, err
	}
	defer rows.Close()
	for rows.Next() {
		var which int
		var d, text string
		if err := rows.Scan(&which, &d, &text); err != nil {
			return p, err
		}
		r, ok := new(big.Rat).SetString(text)
		if !ok || r.Sign() <= 0 {
			continue // not a rate: as if absent (check reports it)
		}
		at := &finance.RateAt{Date: d, Rate: r}
		switch which {
		case 0:
			p.DirectBefore = at
		case 1:
			p.DirectAfter = at
		case 2:
			p.InverseBefore = at
		default:
			p.InverseAfter = at
		}
	}
	return p, rows.Err()
}

// convert gives amount (of currency, on date) in the base currency; nil
// when there is no rate.
func (c *converter) convert(ctx context.Context, amount int64, currency, date string) (*int64, bool, error) {
	r, err := c.rate(ctx, currency, date)
	if err != nil || !r.ok {
		return nil, false, err
	}
	v, ok := finance.Convert(amount, c.book.Exponent(currency), c.book.Exponent(c.base), r.rate)
	if !ok {
		return nil, false, nil
	}
	return &v, r.later, nil
}

// based is a movement's amounts in the base currency.
type based struct {
	amount, toAmount *int64
	later            int64 // 1: the amount used a later rate; 2: the received amount did
}

// baseOf converts a movement whose account is in currency (and, for a
// transfer, whose destination is in toCurrency).
func (c *converter) baseOf(ctx context.Context, d *finance.MovementDraft, currency, toCurrency string) (based, error) {
	var b based
	v, later, err := c.convert(ctx, d.Amount, currency, d.Date)
	if err != nil {
		return b, err
	}
	b.amount = v
	if later {
		b.later |= 1
	}
	if d.Type == finance.MovementTransfer {
		v, later, err := c.convert(ctx, d.ToAmount, toCurrency, d.Date)
		if err != nil {
			return b, err
		}
		b.toAmount = v
		if later {
			b.later |= 2
		}
	}
	return b, nil
}

// fillBase sets the draft's amounts in the base currency from the accounts
// in r.
func (t *Tx) fillBase(ctx context.Context, r *refs, d *finance.MovementDraft) error {
	c, err := t.converter(ctx)
	if err != nil {
		return err
	}
	b, err := c.baseOf(ctx, d, r.accounts[d.AccountID].currency, r.accounts[d.ToAccountID].currency)
	if err != nil {
		return err
	}
	d.Base, d.ToBase, d.BaseLater = b.amount, b.toAmount, b.later
	finance.SplitBase(d.Splits, d.Amount, d.Base)
	return nil
}

func nullArg(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}

// storedMovement is a movement as conversion reads it: its effects' inputs,
// its amounts in the base currency as stored, and its currencies.
type storedMovement struct {
	id                   int64
	d                    finance.MovementDraft
	currency, toCurrency string
	splits               int64 // how many lines it has (see storedSplits)
}

// storedColumns are what readStored scans, after SELECT, with movementFrom.
const storedColumns = `m.id, m.type, m.date, m.amount, m.account_id, COALESCE(m.category_id, 0), COALESCE(m.to_account_id, 0),
	COALESCE(m.to_amount, 0), a.currency, COALESCE(ta.currency, ''), m.base_amount, m.to_base_amount, m.base_later, m.splits`

// readStored reads every row of a storedColumns query (and closes it):
// conversion queries rates, and PostgreSQL runs one query at a time on a
// transaction's connection.
func readStored(rows *sql.Rows, err error) ([]storedMovement, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []storedMovement
	for rows.Next() {
		var m storedMovement
		var base, toBase sql.NullInt64
		if err := rows.Scan(&m.id, &m.d.Type, &m.d.Date, &m.d.Amount, &m.d.AccountID, &m.d.CategoryID, &m.d.ToAccountID, &m.d.ToAmount,
			&m.currency, &m.toCurrency, &base, &toBase, &m.d.BaseLater, &m.splits); err != nil {
			return nil, err
		}
		m.d.Base, m.d.ToBase = nullable(base), nullable(toBase)
		out = append(out, m)
	}
	return out, rows.Err()
}

// storedSplits reads the lines of the split ones among ms into their drafts.
func storedSplits(ctx context.Context, q RowsQuerier, ledgerID int64, ms []storedMovement) error {
	ids, counts, drafts := make([]int64, len(ms)), make([]int64, len(ms)), make([]*finance.MovementDraft, len(ms))
	for i := range ms {
		ids[i], counts[i], drafts[i] = ms[i].id, ms[i].splits, &ms[i].d
	}
	return draftsWithSplits(ctx, q, ledgerID, ids, counts, drafts)
}

// reconvertBatch movements are read at a time by reconvert.
const reconvertBatch = 2000

// reconvert converts again, with the rates as they now are, the ledger's
// movements dated in w that are not in the base currency (every movement
// when all: after a change of the base), and moves the stored amounts, the
// rollup and the turnover by what changed.
func (t *Tx) reconvert(ctx context.Context, w dateSpanText) error {
	return t.reconvertSome(ctx, w, false)
}

func (t *Tx) reconvertSome(ctx context.Context, w dateSpanText, all bool) error {
	t.conv = nil
	c, err := t.converter(ctx)
	if err != nil {
		return err
	}
	deltas := map[totalKey]totalVal{}
	q := `SELECT ` + storedColumns + movementFrom + `
		WHERE m.ledger_id = ? AND m.date >= ? AND (m.date > ? OR (m.date = ? AND m.id > ?))`
	if !all {
		q += ` AND (a.currency <> ? OR ta.currency <> ?)`
	}
	if w.to != "" {
		q += ` AND m.date <= ?`
	}
	q += ` ORDER BY m.date, m.id LIMIT ?`
	afterDate, afterID := "", int64(0) // the keyset: after (date, id)
	for {
		args := []any{t.ledgerID, w.from, afterDate, afterDate, afterID}
		if !all {
			args = append(args, c.base, c.base)
		}
		if w.to != "" {
			args = append(args, w.to)
		}
		got, err := readStored(t.Query(ctx, q, append(args, reconvertBatch)...))
		if err != nil {
			return err
		}
		if err := storedSplits(ctx, t, t.ledgerID, got); err != nil {
			return err
		}
		var batch []changed
		for i := range got {
			d := &got[i].d
			afterDate, afterID = d.Date, got[i].id
			now, err := c.baseOf(ctx, d, got[i].currency, got[i].toCurrency)
			if err != nil {
				return err
			}
			if samePtr(now.amount, d.Base) && samePtr(now.toAmount, d.ToBase) && now.later == d.BaseLater {
				continue
			}
			nd := *d
			nd.Base, nd.ToBase, nd.BaseLater = now.amount, now.toAmount, now.later
			nd.Splits = slices.Clone(d.Splits)
			finance.SplitBase(nd.Splits, nd.Amount, nd.Base)
			batch = append(batch, changed{got[i].id, now, d, &nd})
		}
		if err := t.updateBases(ctx, batch); err != nil {
			return err
		}
		for _, ch := range batch {
			for i, s := range ch.new.Splits {
				if _, err := t.Exec(ctx, `UPDATE movement_splits SET base_amount = ? WHERE ledger_id = ? AND movement_id = ? AND position = ?`,
					nullArg(s.BaseAmount), t.ledgerID, ch.id, i); err != nil {
					return err
				}
			}
			for sign, d := range map[int64]*finance.MovementDraft{-1: ch.old, 1: ch.new} {
				for _, p := range parts(d) {
					k := totalKey{p.account, p.category, d.Date[:7], p.kind}
					v := deltas[k]
					deltas[k] = totalVal{base: v.base + sign*p.base, unrated: v.unrated + sign*p.unrated}
					t.turnover += sign * p.base
				}
			}
		}
		if len(got) < reconvertBatch {
			break
		}
	}
	for k, v := range deltas {
		if v.base == 0 && v.unrated == 0 {
			continue
		}
		if _, err := t.Exec(ctx, `UPDATE monthly_totals SET base_total = base_total + ?, unrated = unrated + ?
			WHERE ledger_id = ? AND month = ? AND kind = ? AND account_id = ? AND category_id = ?`,
			v.base, v.unrated, t.ledgerID, k.month, k.kind, k.account, k.category); err != nil {
			return err
		}
	}
	return nil
}

// changed is a movement reconvertSome converts again: what it was and is.
type changed struct {
	id       int64
	now      based
	old, new *finance.MovementDraft
}

// updateBases writes the movements' new amounts in the base currency: on
// PostgreSQL rewriteChunk rows a statement, since each statement runs
// search_totals' trigger, and a statement a movement updated the same rows
// of a common word thousands of times in one transaction (20,000 movements:
// 73 s instead of 2.5); on SQLite, whose trigger runs for each row anyway,
// a statement a movement.
func (t *Tx) updateBases(ctx context.Context, batch []changed) error {
	if t.db.dialect == Postgres {
		for chunk := range slices.Chunk(batch, rewriteChunk) {
			args := make([]any, 0, 4*len(chunk)+1)
			for _, ch := range chunk {
				args = append(args, ch.id, nullArg(ch.now.amount), nullArg(ch.now.toAmount), ch.now.later)
			}
			args = append(args, t.ledgerID)
			values := valueRows(`(CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS INTEGER))`, len(chunk))
			if _, err := t.Exec(ctx, `UPDATE movements AS m SET base_amount = v.b, to_base_amount = v.tb, base_later = v.l
				FROM (VALUES `+values+`) AS v(id, b, tb, l) WHERE m.ledger_id = ? AND m.id = v.id`, args...); err != nil {
				return err
			}
		}
		return nil
	}
	for _, ch := range batch {
		if _, err := t.Exec(ctx, `UPDATE movements SET base_amount = ?, to_base_amount = ?, base_later = ? WHERE ledger_id = ? AND id = ?`,
			nullArg(ch.now.amount), nullArg(ch.now.toAmount), ch.now.later, t.ledgerID, ch.id); err != nil {
			return err
		}
	}
	return nil
}

func samePtr(a, b *int64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
