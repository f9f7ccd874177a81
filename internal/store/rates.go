package store

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"time"

	"cashcontrol/internal/finance"
)

// MaxRatesListed bounds a list of rates.
const MaxRatesListed = 1000

const rateColumns = `id, currency, quote, date, rate, source, movement_id`

func scanRate(s RowScanner) (finance.Rate, error) {
	var r finance.Rate
	var mid sql.NullInt64
	err := s.Scan(&r.ID, &r.Currency, &r.Quote, &r.Date, &r.Rate, &r.Source, &mid)
	r.MovementID = nullable(mid)
	return r, err
}

// Rates lists the ledger's rates where currency is either side (every rate
// with currency ""), between from and to when given, newest first.
func (db *DB) Rates(ctx context.Context, ledgerID int64, currency, from, to string) ([]finance.Rate, error) {
	q := `SELECT ` + rateColumns + ` FROM rates WHERE ledger_id = ?`
	args := []any{ledgerID}
	if currency != "" {
		q += ` AND (currency = ? OR quote = ?)`
		args = append(args, currency, currency)
	}
	if from != "" {
		q += ` AND date >= ?`
		args = append(args, from)
	}
	if to != "" {
		q += ` AND date <= ?`
		args = append(args, to)
	}
	rows, err := db.Query(ctx, q+` ORDER BY date DESC, id DESC LIMIT ?`, append(args, MaxRatesListed)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []finance.Rate{}
	for rows.Next() {
		r, err := scanRate(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// PutRate stores a rate entered by hand (the quote defaults to the ledger's
// base currency); the same pair and date again replaces it. Every converted
// amount it affects follows in the same transaction.
func (db *DB) PutRate(ctx context.Context, ledgerID int64, in finance.RateInput) (finance.Rate, error) {
	var out finance.Rate
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		if in.Quote == "" {
			if err := tx.QueryRow(ctx, `SELECT base_currency FROM ledgers WHERE id = ?`, ledgerID).Scan(&in.Quote); err != nil {
				return NotFound(err, "ledger")
			}
		}
		book, err := db.currencyBook(ctx, tx, ledgerID)
		if err != nil {
			return err
		}
		if _, err := in.Validate(book.Known); err != nil {
			return err
		}
		id, err := tx.setRate(ctx, in.Currency, in.Quote, in.Date, in.Rate, finance.RateManual, nil)
		if err != nil {
			return err
		}
		out, err = scanRate(tx.QueryRow(ctx, `SELECT `+rateColumns+` FROM rates WHERE ledger_id = ? AND id = ?`, ledgerID, id))
		return err
	})
	return out, err
}

// DeleteRate deletes one of the ledger's rates; a rate learnt from a
// transfer goes as well, until the transfer is written again.
func (db *DB) DeleteRate(ctx context.Context, ledgerID, id int64) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		var currency, quote, date string
		if err := tx.QueryRow(ctx, `SELECT currency, quote, date FROM rates WHERE ledger_id = ? AND id = ?`, ledgerID, id).
			Scan(&currency, &quote, &date); err != nil {
			return NotFound(err, "rate")
		}
		return tx.removeRate(ctx, id, currency, quote, date)
	})
}

// setRate writes the rate of a pair on a date and converts again what it
// affects. A learnt rate never replaces one entered, imported or
// downloaded for the same pair and date. It returns the rate's id.
func (t *Tx) setRate(ctx context.Context, currency, quote, date, rate, source string, movementID *int64) (int64, error) {
	var id int64
	var oldSource, oldRate string
	err := t.QueryRow(ctx, `SELECT id, source, rate FROM rates WHERE ledger_id = ? AND currency = ? AND quote = ? AND date = ?`,
		t.ledgerID, currency, quote, date).Scan(&id, &oldSource, &oldRate)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		window, err := t.rateWindow(ctx, currency, quote, date)
		if err != nil {
			return 0, err
		}
		if err := t.QueryRow(ctx, `INSERT INTO rates (ledger_id, currency, quote, date, rate, source, movement_id, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, t.ledgerID, currency, quote, date, rate, source, nullArg(movementID), t.db.NowMillis()).
			Scan(&id); err != nil {
			return 0, err
		}
		if _, err := t.Exec(ctx, `INSERT INTO rate_pairs (ledger_id, currency, quote, rates) VALUES (?, ?, ?, 1)
			ON CONFLICT (ledger_id, currency, quote) DO UPDATE SET rates = rate_pairs.rates + 1`, t.ledgerID, currency, quote); err != nil {
			return 0, err
		}
		return id, t.reconvert(ctx, window)
	case err != nil:
		return 0, err
	case source == finance.RateTransfer && oldSource != finance.RateTransfer:
		return id, nil
	}
	if _, err := t.Exec(ctx, `UPDATE rates SET rate = ?, source = ?, movement_id = ? WHERE ledger_id = ? AND id = ?`,
		rate, source, nullArg(movementID), t.ledgerID, id); err != nil {
		return 0, err
	}
	if oldRate == rate {
		return id, nil
	}
	window, err := t.rateWindow(ctx, currency, quote, date)
	if err != nil {
		return 0, err
	}
	return id, t.reconvert(ctx, window)
}

// removeRate deletes a rate and converts again what it affected.
func (t *Tx) removeRate(ctx context.Context, id int64, currency, quote, date string) error {
	window, err := t.rateWindow(ctx, currency, quote, date)
	if err != nil {
		return err
	}
	if _, err := t.Exec(ctx, `DELETE FROM rates WHERE ledger_id = ? AND id = ?`, t.ledgerID, id); err != nil {
		return err
	}
	if _, err := t.Exec(ctx, `UPDATE rate_pairs SET rates = rates - 1 WHERE ledger_id = ? AND currency = ? AND quote = ?`, t.ledgerID, currency, quote); err != nil {
		return err
	}
	if _, err := t.Exec(ctx, `DELETE FROM rate_pairs WHERE ledger_id = ? AND currency = ? AND quote = ? AND rates <= 0`, t.ledgerID, currency, quote); err != nil {
		return err
	}
	return t.reconvert(ctx, window)
}

// dateSpanText is an inclusive span of dates; "" is open.
type dateSpanText struct{ from, to string }

// rateWindow is the span of movement dates whose conversion a rate of the
// pair on date can change: from that date to the day before the pair's next
// rate (either way round), and every earlier date too when the pair has no
// rate before it (those used the earliest later rate, or another path).
func (t *Tx) rateWindow(ctx context.Context, currency, quote, date string) (dateSpanText, error) {
	var w dateSpanText
	var prev, next sql.NullString
	if err := t.QueryRow(ctx, `SELECT
		(SELECT MAX(date) FROM rates WHERE ledger_id = ? AND ((currency = ? AND quote = ?) OR (currency = ? AND quote = ?)) AND date < ?),
		(SELECT MIN(date) FROM rates WHERE ledger_id = ? AND ((currency = ? AND quote = ?) OR (currency = ? AND quote = ?)) AND date > ?)`,
		t.ledgerID, currency, quote, quote, currency, date, t.ledgerID, currency, quote, quote, currency, date).Scan(&prev, &next); err != nil {
		return w, err
	}
	if prev.Valid {
		w.from = date
	}
	if next.Valid {
		d, _ := time.Parse(finance.DateLayout, next.String)
		w.to = d.AddDate(0, 0, -1).Format(finance.DateLayout)
	}
	return w, nil
}

// learnFrom keeps the rate a cross-currency transfer gives (its two
// amounts) for its pair and date. Called after the transfer is written.
func (t *Tx) learnFrom(ctx context.Context, id int64, d *finance.MovementDraft, currency, toCurrency string) error {
	if d.Type != finance.MovementTransfer || currency == toCurrency || d.Amount <= 0 || d.ToAmount <= 0 {
		return nil
	}
	c, err := t.converter(ctx)
	if err != nil {
		return err
	}
	r := finance.LearntRate(d.Amount, c.book.Exponent(currency), d.ToAmount, c.book.Exponent(toCurrency))
	_, err = t.setRate(ctx, currency, toCurrency, d.Date, finance.FormatRate(r), finance.RateTransfer, &id)
	return err
}

// unlearn forgets the rate learnt from a transfer that is deleted or
// changed; another transfer of the same pair and day, if any, gives it again.
func (t *Tx) unlearn(ctx context.Context, id int64) error {
	var rid int64
	var currency, quote, date string
	err := t.QueryRow(ctx, `SELECT id, currency, quote, date FROM rates WHERE ledger_id = ? AND movement_id = ?`, t.ledgerID, id).
		Scan(&rid, &currency, &quote, &date)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := t.removeRate(ctx, rid, currency, quote, date); err != nil {
		return err
	}
	m, err := scanMovement(t.QueryRow(ctx, `SELECT `+movementColumns+movementFrom+` WHERE m.ledger_id = ? AND m.type = 'transfer' AND m.date = ?
		AND m.id <> ? AND a.currency = ? AND ta.currency = ? ORDER BY m.id DESC LIMIT 1`, t.ledgerID, date, id, currency, quote))
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	d := draftOf(m)
	return t.learnFrom(ctx, m.ID, &d, m.Currency, m.ToCurrency)
}

// forgetOrphanRates removes the rates learnt from transfers that are gone
// (deleted with their account).
func (t *Tx) forgetOrphanRates(ctx context.Context) error {
	rows, err := t.Query(ctx, `SELECT r.movement_id FROM rates r WHERE r.ledger_id = ? AND r.movement_id IS NOT NULL
		AND NOT EXISTS (SELECT 1 FROM movements m WHERE m.id = r.movement_id)`, t.ledgerID)
	ids, err := queryIDs(rows, err)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := t.unlearn(ctx, id); err != nil {
			return err
		}
	}
	return nil
}

// Ledger is the ledger's settings.
func (db *DB) Ledger(ctx context.Context, ledgerID int64) (finance.Ledger, error) {
	var l finance.Ledger
	err := db.QueryRow(ctx, `SELECT id, name, base_currency, ecb_rates, ecb_fetched_at FROM ledgers WHERE id = ?`, ledgerID).
		Scan(&l.ID, &l.Name, &l.BaseCurrency, &l.ECBRates, &l.ECBFetchedAt)
	return l, NotFound(err, "ledger")
}

// SetBaseCurrency changes the ledger's base currency; every amount in it is
// converted again (no stored rate or movement changes).
func (db *DB) SetBaseCurrency(ctx context.Context, ledgerID int64, code string) (finance.Ledger, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		book, err := db.currencyBook(ctx, tx, ledgerID)
		if err != nil {
			return err
		}
		if !book.Known(code) {
			return finance.FieldErr("baseCurrency", finance.FCodeUnknown, "unknown currency")
		}
		return tx.setBase(ctx, code)
	})
	if err != nil {
		return finance.Ledger{}, err
	}
	return db.Ledger(ctx, ledgerID)
}

// setBase sets the ledger's base currency and converts everything again.
func (t *Tx) setBase(ctx context.Context, code string) error {
	var old string
	if err := t.QueryRow(ctx, `SELECT base_currency FROM ledgers WHERE id = ?`, t.ledgerID).Scan(&old); err != nil {
		return NotFound(err, "ledger")
	}
	if old == code {
		return nil
	}
	if _, err := t.Exec(ctx, `UPDATE ledgers SET base_currency = ? WHERE id = ?`, code, t.ledgerID); err != nil {
		return err
	}
	return t.reconvertSome(ctx, dateSpanText{}, true)
}

// PutRates stores many rates in one ledger write, all or none (a bad one
// refuses the whole call, naming its index), as source (csv, ecb): each
// replaces the rate of its pair and date, a learnt one included. What they
// affect converts again once, at the end. It returns how many were stored.
func (db *DB) PutRates(ctx context.Context, ledgerID int64, in []finance.RateInput, source string) (int, error) {
	type pairKey struct{ currency, quote string }
	n := 0
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		n = 0
		var base string
		if err := tx.QueryRow(ctx, `SELECT base_currency FROM ledgers WHERE id = ?`, ledgerID).Scan(&base); err != nil {
			return NotFound(err, "ledger")
		}
		book, err := db.currencyBook(ctx, tx, ledgerID)
		if err != nil {
			return err
		}
		// The last of a pair and date wins, as if written one by one.
		type key struct{ currency, quote, date string }
		last := map[key]int{}
		rates := make([]finance.RateInput, len(in))
		var bad []finance.RowError
		for i, r := range in {
			if r.Quote == "" {
				r.Quote = base
			}
			if _, err := r.Validate(book.Known); err != nil {
				fe, _ := err.(*finance.Error)
				row := finance.RowError{Index: i, Err: fe}
				if fe != nil {
					row.Field = fe.Fields
				}
				bad = append(bad, row)
				continue
			}
			rates[i] = r
			last[key{r.Currency, r.Quote, r.Date}] = i
		}
		if len(bad) > 0 {
			return &finance.BulkError{Rows: bad}
		}
		// The earliest new date of each pair: the window starts there, or
		// at the beginning when the pair has no rate before it.
		first := map[pairKey]string{}
		for i, r := range rates {
			if last[key{r.Currency, r.Quote, r.Date}] != i {
				continue
			}
			k := pairKey{r.Currency, r.Quote}
			if d, ok := first[k]; !ok || r.Date < d {
				first[k] = r.Date
			}
		}
		from, open := "", false
		for k, d := range first {
			var before int
			err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM rates WHERE ledger_id = ? AND ((currency = ? AND quote = ?) OR (currency = ? AND quote = ?))
				AND date < ? LIMIT 1) x`, ledgerID, k.currency, k.quote, k.quote, k.currency, d).Scan(&before)
			if err != nil {
				return err
			}
			if before == 0 {
				open = true
			} else if from == "" || d < from {
				from = d
			}
		}
		if open {
			from = ""
		}
		now := db.NowMillis()
		for i, r := range rates {
			if last[key{r.Currency, r.Quote, r.Date}] != i {
				continue
			}
			if _, err := tx.Exec(ctx, `INSERT INTO rates (ledger_id, currency, quote, date, rate, source, movement_id, created_at)
				VALUES (?, ?, ?, ?, ?, ?, NULL, ?)
				ON CONFLICT (ledger_id, currency, quote, date) DO UPDATE SET rate = excluded.rate, source = excluded.source, movement_id = NULL`,
				ledgerID, r.Currency, r.Quote, r.Date, r.Rate, source, now); err != nil {
				return err
			}
			n++
		}
		for k := range first {
			if _, err := tx.Exec(ctx, `DELETE FROM rate_pairs WHERE ledger_id = ? AND currency = ? AND quote = ?`, ledgerID, k.currency, k.quote); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO rate_pairs (ledger_id, currency, quote, rates)
				SELECT ledger_id, currency, quote, COUNT(*) FROM rates WHERE ledger_id = ? AND currency = ? AND quote = ? GROUP BY ledger_id, currency, quote`,
				ledgerID, k.currency, k.quote); err != nil {
				return err
			}
		}
		if len(first) == 0 {
			return nil
		}
		return tx.reconvert(ctx, dateSpanText{from: from})
	})
	return n, err
}

// ECBLedger is a ledger whose rates the European Central Bank's reference
// rates keep up to date, with the currencies it uses.
type ECBLedger struct {
	ID         int64
	Currencies []string // of its accounts and its base currency
	FetchedAt  int64    // ms; 0: never
}

// ECBLedgers lists the ledgers with the daily download on whose last one is
// older than before (ms).
func (db *DB) ECBLedgers(ctx context.Context, before int64) ([]int64, error) {
	return queryIDs(db.Query(ctx, `SELECT id FROM ledgers WHERE ecb_rates AND ecb_fetched_at < ? ORDER BY id`, before))
}

// ECBState is what a download for the ledger needs to know.
func (db *DB) ECBState(ctx context.Context, ledgerID int64) (ECBLedger, error) {
	l := ECBLedger{ID: ledgerID}
	var base string
	if err := db.QueryRow(ctx, `SELECT base_currency, ecb_fetched_at FROM ledgers WHERE id = ?`, ledgerID).Scan(&base, &l.FetchedAt); err != nil {
		return l, NotFound(err, "ledger")
	}
	rows, err := db.Query(ctx, `SELECT DISTINCT currency FROM accounts WHERE ledger_id = ? ORDER BY currency`, ledgerID)
	codes, err := queryColumn[string](rows, err)
	if err != nil {
		return l, err
	}
	if !slices.Contains(codes, base) {
		codes = append(codes, base)
	}
	l.Currencies = codes
	return l, nil
}

// SaveECBRates stores a download's rates (one euro in each currency) and
// notes when it succeeded; on switches the daily download on first.
func (db *DB) SaveECBRates(ctx context.Context, ledgerID int64, in []finance.RateInput, on bool) (int, error) {
	n, err := db.PutRates(ctx, ledgerID, in, finance.RateECB)
	if err != nil {
		return n, err
	}
	q := `UPDATE ledgers SET ecb_fetched_at = ? WHERE id = ?`
	if on {
		q = `UPDATE ledgers SET ecb_fetched_at = ?, ecb_rates = TRUE WHERE id = ?`
	}
	_, err = db.w.ExecContext(ctx, db.Rebind(q), db.NowMillis(), ledgerID)
	return n, err
}

// SetECBRates switches the ledger's daily download (off needs no download).
func (db *DB) SetECBRates(ctx context.Context, ledgerID int64, on bool) error {
	_, err := db.w.ExecContext(ctx, db.Rebind(`UPDATE ledgers SET ecb_rates = ? WHERE id = ?`), on, ledgerID)
	return err
}
