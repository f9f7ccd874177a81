package store

import (
	"context"
	"fmt"
	"strings"

	"cashcontrol/internal/finance"
)

// snapshotWriter writes a cleaned snapshot into a new, empty ledger inside
// CreateLedgerFrom's transaction, mapping the snapshot's ids to the new
// rows'. It never changes the snapshot: the transaction may run again.
type snapshotWriter struct {
	tx       *Tx
	ledgerID int64
	base     string
	s        *finance.LedgerSnapshot
	res      *finance.LedgerImportResult

	accounts, categories, movements map[int64]int64
	// named: the local ids of the movements an attachment or a schedule's
	// occurrence names (init).
	named map[int64]bool
}

func (w *snapshotWriter) write(ctx context.Context, cats []finance.SnapshotCategory, files snapshotFiles) error {
	w.init()
	steps := append(w.before(cats), w.writeMovements)
	return w.run(ctx, append(steps, w.after(files)...))
}

// init readies the id maps (again, when a transaction runs again).
func (w *snapshotWriter) init() {
	w.accounts, w.categories, w.movements = map[int64]int64{}, map[int64]int64{}, map[int64]int64{}
	// Only the movements something names keep their new id: a map of every
	// movement's would cost tens of megabytes in a large import.
	w.named = map[int64]bool{}
	for _, a := range w.s.Attachments {
		w.named[a.MovementID] = true
	}
	for _, sc := range w.s.Schedules {
		for _, o := range sc.Occurrences {
			w.named[o.MovementID] = true
		}
	}
}

// before is what the movements need written first; after, what names them.
func (w *snapshotWriter) before(cats []finance.SnapshotCategory) []func(context.Context) error {
	return []func(context.Context) error{
		w.writeCurrencies,
		w.writeAccounts,
		func(ctx context.Context) error { return w.writeCategories(ctx, cats) },
	}
}

func (w *snapshotWriter) after(files snapshotFiles) []func(context.Context) error {
	return []func(context.Context) error{
		w.writeBudgets,
		w.writeSchedules,
		w.writeRules,
		func(ctx context.Context) error { return w.writeAttachments(ctx, files) },
		w.archive,
	}
}

func (w *snapshotWriter) run(ctx context.Context, steps []func(context.Context) error) error {
	for _, step := range steps {
		if err := step(ctx); err != nil {
			return err
		}
	}
	return nil
}

// writeCurrencies writes the ledger's own currencies and its rates (before
// the movements, which are converted with them).
func (w *snapshotWriter) writeCurrencies(ctx context.Context) error {
	now := w.tx.db.NowMillis()
	for _, c := range w.s.Currencies {
		if _, err := w.tx.Exec(ctx, `INSERT INTO ledger_currencies (ledger_id, code, name, symbol, decimals, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
			w.ledgerID, c.Code, c.Name, c.Symbol, c.Decimals, now); err != nil {
			return fmt.Errorf("currency %s: %w", c.Code, err)
		}
	}
	for _, r := range w.s.Rates {
		if _, err := w.tx.Exec(ctx, `INSERT INTO rates (ledger_id, currency, quote, date, rate, source, movement_id, created_at)
			VALUES (?, ?, ?, ?, ?, ?, NULL, ?) ON CONFLICT (ledger_id, currency, quote, date) DO NOTHING`,
			w.ledgerID, r.Currency, r.Quote, r.Date, r.Rate, r.Source, now); err != nil {
			return fmt.Errorf("rate %s/%s: %w", r.Currency, r.Quote, err)
		}
	}
	if len(w.s.Rates) > 0 {
		if _, err := w.tx.Exec(ctx, `INSERT INTO rate_pairs (ledger_id, currency, quote, rates)
			SELECT ledger_id, currency, quote, COUNT(*) FROM rates WHERE ledger_id = ? GROUP BY ledger_id, currency, quote`, w.ledgerID); err != nil {
			return err
		}
	}
	return nil
}

func (w *snapshotWriter) writeAccounts(ctx context.Context) error {
	book, err := w.tx.db.currencyBook(ctx, w.tx, w.ledgerID)
	if err != nil {
		return err
	}
	for _, a := range w.s.Accounts {
		cur := a.Currency
		if cur == "" {
			cur = w.base
		}
		in := finance.AccountInput{Name: &a.Name, Type: &a.Type, Currency: &cur, OpeningBalance: &a.OpeningBalance}
		if err := in.Validate(true, book.Known); err != nil {
			return fmt.Errorf("account %q: %w", a.Name, err)
		}
		id, err := createAccountTx(ctx, w.tx, w.ledgerID, in)
		if err != nil {
			return fmt.Errorf("account %q: %w", a.Name, err)
		}
		w.accounts[a.ID] = id
		w.res.Accounts++
	}
	return nil
}

func (w *snapshotWriter) writeCategories(ctx context.Context, cats []finance.SnapshotCategory) error {
	for _, c := range cats {
		var parent int64
		if c.ParentID != 0 {
			parent = w.categories[c.ParentID]
		}
		id, err := insertCategory(ctx, w.tx, w.ledgerID, parent, c.Type, c.Name, c.Color, c.Icon, nil)
		if err != nil {
			return fmt.Errorf("category %q: %w", c.Name, err)
		}
		w.categories[c.ID] = id
		w.res.Categories++
	}
	return nil
}

// id maps a local id (0 stays 0; an unknown one becomes -1, which every
// check refuses).
func mapID(m map[int64]int64, local int64) int64 {
	if local == 0 {
		return 0
	}
	if id, ok := m[local]; ok {
		return id
	}
	return -1
}

func (w *snapshotWriter) draft(d finance.MovementDraft) finance.MovementDraft {
	d.AccountID, d.ToAccountID, d.CategoryID = mapID(w.accounts, d.AccountID), mapID(w.accounts, d.ToAccountID), mapID(w.categories, d.CategoryID)
	if d.Type != finance.MovementTransfer {
		d.ToAccountID = 0
	}
	if len(d.Splits) > 0 {
		splits := make([]finance.Split, len(d.Splits))
		for i, s := range d.Splits {
			s.CategoryID, s.BaseAmount = mapID(w.categories, s.CategoryID), nil
			splits[i] = s
		}
		d.Splits = splits
	}
	d.Tags = append([]string(nil), d.Tags...)
	d.Base, d.ToBase, d.BaseLater = nil, nil, 0
	return d
}

func (w *snapshotWriter) writeMovements(ctx context.Context) error {
	return w.writeMovementRange(ctx, 0, len(w.s.Movements))
}

// writeMovementRange writes the snapshot's movements lo to hi (a slice of
// them, when the import commits in slices).
func (w *snapshotWriter) writeMovementRange(ctx context.Context, lo, hi int) error {
	part := w.s.Movements[lo:hi]
	if len(part) == 0 {
		return nil
	}
	r, err := loadRefs(ctx, w.tx, w.ledgerID)
	if err != nil {
		return err
	}
	mw := newMovementWriter(ctx, w.tx, w.ledgerID, r)
	mw.keepIDs = true
	for _, m := range part {
		d := w.draft(m.Draft)
		mw.add(&d)
	}
	n, err := mw.close()
	if err != nil {
		return fmt.Errorf("movements: %w", err)
	}
	if len(mw.ids) != len(part) {
		return fmt.Errorf("wrote %d movements of %d", len(mw.ids), len(part))
	}
	for i, m := range part {
		if m.ID != 0 && w.named[m.ID] {
			w.movements[m.ID] = mw.ids[i]
		}
		// A transfer between currencies gives its day's rate, as when it
		// is created.
		if d := &m.Draft; d.Type == finance.MovementTransfer {
			from, to := r.accounts[mapID(w.accounts, d.AccountID)].currency, r.accounts[mapID(w.accounts, d.ToAccountID)].currency
			if err := w.tx.learnFrom(ctx, mw.ids[i], d, from, to); err != nil {
				return err
			}
		}
	}
	w.res.Movements += n
	return nil
}

func (w *snapshotWriter) writeBudgets(ctx context.Context) error {
	for _, b := range w.s.Budgets {
		if err := w.tx.putBudget(ctx, mapID(w.categories, b.CategoryID), b.Month, b.Amount, b.Rollover); err != nil {
			return fmt.Errorf("budget %s: %w", b.Month, err)
		}
		w.res.Budgets++
	}
	return nil
}

func (w *snapshotWriter) writeSchedules(ctx context.Context) error {
	now := w.tx.db.NowMillis()
	for _, sc := range w.s.Schedules {
		d := finance.ScheduleDraft{Movement: w.draft(sc.Draft(sc.Start)), Rule: sc.Rule, AskAmount: sc.AskAmount, AutoPost: sc.AutoPost, Paused: sc.Paused}
		if err := checkSchedule(ctx, w.tx, w.ledgerID, &d, nil); err != nil {
			return fmt.Errorf("schedule %q: %w", sc.Description, err)
		}
		var id int64
		if err := w.tx.QueryRow(ctx, `INSERT INTO schedules (ledger_id, type, amount, account_id, category_id, to_account_id, to_amount, description,
			notes, tags, frequency, interval_n, day, start_date, end_date, count_n, ask_amount, auto_post, paused, next_index, next_date,
			done, last_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			append(append([]any{w.ledgerID}, scheduleArgs(&d)...), sc.NextIndex, sc.NextDate, sc.Done, sc.LastDate, now, now)...).Scan(&id); err != nil {
			return fmt.Errorf("schedule %q: %w", sc.Description, err)
		}
		for _, o := range sc.Occurrences {
			if _, err := w.tx.Exec(ctx, `INSERT INTO schedule_occurrences (schedule_id, ledger_id, date, status, movement_id, created_at)
				VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, id, w.ledgerID, o.Date, o.Status, nullID(max(mapID(w.movements, o.MovementID), 0)), now); err != nil {
				return fmt.Errorf("schedule %q: %w", sc.Description, err)
			}
		}
		w.res.Schedules++
	}
	return nil
}

func (w *snapshotWriter) writeRules(ctx context.Context) error {
	now := w.tx.db.NowMillis()
	for i, r := range w.s.Rules {
		conds := make([]finance.RuleCondition, len(r.Conditions))
		for j, c := range r.Conditions {
			if c.AccountID != 0 {
				c.AccountID = mapID(w.accounts, c.AccountID)
			}
			conds[j] = c
		}
		r.Conditions = conds
		r.Actions.CategoryID = mapID(w.categories, r.Actions.CategoryID)
		r.Actions.Tags = append([]string(nil), r.Actions.Tags...)
		if err := r.Validate(); err != nil {
			return fmt.Errorf("rule %q: %w", r.Name, err)
		}
		if err := checkRuleRefs(ctx, w.tx, &r, 0); err != nil {
			return fmt.Errorf("rule %q: %w", r.Name, err)
		}
		c, a := ruleJSON(&r)
		if _, err := w.tx.Exec(ctx, `INSERT INTO rules (ledger_id, name, position, enabled, match_all, stop, conditions, actions, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, w.ledgerID, r.Name, i+1, r.Enabled, r.Match == finance.RuleMatchAll, r.Stop, c, a, now, now); err != nil {
			return fmt.Errorf("rule %q: %w", r.Name, err)
		}
		w.res.Rules++
	}
	return nil
}

func (w *snapshotWriter) writeAttachments(ctx context.Context, files snapshotFiles) error {
	now := w.tx.db.NowMillis()
	for i, a := range w.s.Attachments {
		f := files[i]
		if f.key == "" {
			continue
		}
		name := a.Name
		if name == "" {
			name = "file"
		}
		if _, err := w.tx.Exec(ctx, `INSERT INTO attachments (ledger_id, movement_id, name, content_type, size, width, height, file_key, thumb_key, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, w.ledgerID, mapID(w.movements, a.MovementID), name, f.contentType, f.size, f.width, f.height,
			f.key, f.thumb, now); err != nil {
			return fmt.Errorf("file %q: %w", a.Name, err)
		}
		w.res.Attachments++
	}
	return nil
}

// archive archives the accounts and categories the snapshot has archived,
// once everything that uses them is written (a new movement may not use an
// archived one).
func (w *snapshotWriter) archive(ctx context.Context) error {
	var accounts, categories []int64
	for _, a := range w.s.Accounts {
		if a.Archived {
			accounts = append(accounts, w.accounts[a.ID])
		}
	}
	for _, c := range w.s.Categories {
		if c.Archived {
			categories = append(categories, w.categories[c.ID])
		}
	}
	for table, ids := range map[string][]int64{"accounts": accounts, "categories": categories} {
		if len(ids) == 0 {
			continue
		}
		in, args := inList(ids)
		if _, err := w.tx.Exec(ctx, `UPDATE `+table+` SET archived = ? WHERE ledger_id = ? AND id IN (`+in+`)`,
			append([]any{true, w.ledgerID}, args...)...); err != nil {
			return fmt.Errorf("archive %s: %w", strings.TrimSuffix(table, "s"), err)
		}
	}
	return nil
}
