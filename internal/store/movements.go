package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"cashcontrol/internal/finance"
)

const movementColumns = movementFields + `, m.created_by, m.created_at, m.updated_by, m.updated_at,
	(SELECT COUNT(*) FROM attachments x WHERE x.movement_id = m.id)`

// movementFields are a movement's own columns (movementColumns without the
// count of its files: an export of every movement reads no more).
const movementFields = `m.id, m.type, m.date, m.amount, a.currency, m.account_id, m.category_id, m.to_account_id, m.to_amount,
	COALESCE(ta.currency, ''), m.description, m.notes, m.tags, m.base_amount, m.to_base_amount, m.base_later, m.splits, m.state`

const movementFrom = ` FROM movements m JOIN accounts a ON a.id = m.account_id` + toAccountJoin

// toAccountJoin joins a transfer's destination account as ta.
const toAccountJoin = ` LEFT JOIN accounts ta ON ta.id = m.to_account_id`

func scanMovement(s RowScanner) (*finance.Movement, error) {
	var m finance.Movement
	var cat, to, toAmount, base, toBase, createdBy, updatedBy sql.NullInt64
	var tags string
	var later int64
	if err := s.Scan(&m.ID, &m.Type, &m.Date, &m.Amount, &m.Currency, &m.AccountID, &cat, &to, &toAmount,
		&m.ToCurrency, &m.Description, &m.Notes, &tags, &base, &toBase, &later, &m.SplitCount, &m.State,
		&createdBy, &m.CreatedAt, &updatedBy, &m.UpdatedAt, &m.Attachments); err != nil {
		return nil, err
	}
	m.CreatedBy, m.UpdatedBy = nullable(createdBy), nullable(updatedBy)
	m.SetBase(nullable(base), nullable(toBase), later)
	if cat.Valid {
		m.CategoryID = &cat.Int64
	}
	if to.Valid {
		m.ToAccountID = &to.Int64
		m.ToAmount = &toAmount.Int64
	}
	m.Tags = splitTags(tags)
	m.Splits = []finance.Split{}
	return &m, nil
}

func splitTags(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}

// Movement returns one movement of the ledger; another ledger's is not_found.
func (db *DB) Movement(ctx context.Context, ledgerID, id int64) (*finance.Movement, error) {
	return readMovement(ctx, db, ledgerID, id)
}

// movementReader reads through the read pool (DB) or a write's transaction (Tx).
type movementReader interface {
	Querier
	RowsQuerier
}

// readMovement reads one movement of the ledger with its lines.
func readMovement(ctx context.Context, q movementReader, ledgerID, id int64) (*finance.Movement, error) {
	m, err := scanMovement(q.QueryRow(ctx, `SELECT `+movementColumns+movementFrom+` WHERE m.ledger_id = ? AND m.id = ?`, ledgerID, id))
	if err != nil {
		return nil, NotFound(err, "movement")
	}
	return m, withSplits(ctx, q, ledgerID, m)
}

// draftOf turns a stored movement back into a draft (for patches).
func draftOf(m *finance.Movement) finance.MovementDraft {
	d := finance.MovementDraft{Type: m.Type, Date: m.Date, Amount: m.Amount, AccountID: m.AccountID,
		Description: m.Description, Notes: m.Notes, Tags: m.Tags, Base: m.BaseAmount, ToBase: m.ToBaseAmount, BaseLater: m.BaseLater(),
		State: m.State}
	if m.CategoryID != nil {
		d.CategoryID = *m.CategoryID
	}
	if m.ToAccountID != nil {
		d.ToAccountID, d.ToAmount = *m.ToAccountID, *m.ToAmount
	}
	if len(m.Splits) > 0 {
		d.Splits = slices.Clone(m.Splits)
	}
	return d
}

// refs caches the ledger's accounts and categories while a transaction checks
// drafts against them.
type refs struct {
	accounts   map[int64]refAccount
	categories map[int64]refCategory
}

type refAccount struct {
	currency string
	archived bool
}

type refCategory struct {
	typ      string
	archived bool
}

// loadRefs reads the ledger's accounts and categories that the drafts name
// (all of them for a large batch, where one scan beats a long IN list), in
// one query.
func loadRefs(ctx context.Context, tx *Tx, ledgerID int64, drafts ...*finance.MovementDraft) (*refs, error) {
	return loadRefsWith(ctx, tx, ledgerID, false, drafts...)
}

// loadRefsWith is loadRefs that, withRates, also makes the transaction's
// converter in the same query if it has none: a single movement's write
// that converts right after, before anything changes the ledger's
// currencies or rates (a write that changes them makes its converter again).
func loadRefsWith(ctx context.Context, tx *Tx, ledgerID int64, withRates bool, drafts ...*finance.MovementDraft) (*refs, error) {
	r := &refs{accounts: map[int64]refAccount{}, categories: map[int64]refCategory{}}
	accSQL, catSQL := ``, ``
	args := []any{ledgerID}
	if len(drafts) > 0 && len(drafts) <= 16 {
		var accs, cats []int64
		for _, d := range drafts {
			accs = append(accs, d.AccountID, d.ToAccountID)
			cats = append(cats, d.SplitCategories()...)
		}
		in, ids := inList(accs)
		accSQL = ` AND id IN (` + in + `)`
		args = append(args, ids...)
		in, ids = inList(cats)
		catSQL = ` AND id IN (` + in + `)`
		args = append(append(args, ledgerID), ids...)
	} else {
		args = append(args, ledgerID)
	}
	// The transaction's converter comes in the same query when it has none.
	var conv *converter
	convSQL := ``
	if withRates && tx.conv == nil && ledgerID == tx.ledgerID {
		conv = emptyConverter(tx.db, tx, tx.ledgerID)
		convSQL = ` UNION ALL ` + converterSQL
		args = append(args, tx.ledgerID, tx.ledgerID, tx.ledgerID)
	}
	rows, err := tx.Query(ctx, `SELECT 'a', id, currency, '', CASE WHEN archived THEN 1 ELSE 0 END FROM accounts WHERE ledger_id = ?`+accSQL+`
		UNION ALL SELECT 'c', id, type, '', CASE WHEN archived THEN 1 ELSE 0 END FROM categories WHERE ledger_id = ?`+catSQL+convSQL, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var kind, text, quote string
		var id, n int64
		if err := rows.Scan(&kind, &id, &text, &quote, &n); err != nil {
			return nil, err
		}
		switch {
		case kind == "a":
			r.accounts[id] = refAccount{currency: text, archived: n != 0}
		case kind == "c":
			r.categories[id] = refCategory{typ: text, archived: n != 0}
		case conv != nil:
			conv.take(kind, text, quote, n)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if conv != nil {
		if err := conv.made(); err != nil {
			return nil, err
		}
		tx.conv = conv
	}
	return r, nil
}

// check validates the draft's references against the ledger and fills the
// received amount of a same-currency transfer. prev is the stored movement on
// an update (an archived account or category it already used stays allowed).
func (r *refs) check(d *finance.MovementDraft, prev *finance.MovementDraft) error {
	if err := d.Validate(); err != nil {
		return err
	}
	var v finance.Validation
	if prev == nil && d.State == finance.StateReconciled {
		v.Add("state", finance.FCodeInvalid) // only a reconciliation reconciles
	}
	acc, ok := r.accounts[d.AccountID]
	switch {
	case !ok:
		v.Add("accountId", finance.FCodeUnknown)
	case acc.archived && (prev == nil || prev.AccountID != d.AccountID):
		v.Add("accountId", finance.FCodeInvalid)
	}
	if d.Type == finance.MovementTransfer {
		to, ok := r.accounts[d.ToAccountID]
		switch {
		case !ok:
			v.Add("toAccountId", finance.FCodeUnknown)
		case to.archived && (prev == nil || prev.ToAccountID != d.ToAccountID):
			v.Add("toAccountId", finance.FCodeInvalid)
		case to.currency == acc.currency:
			d.ToAmount = d.Amount // one currency: what leaves arrives
		case d.ToAmount == 0:
			v.Add("toAmount", finance.FCodeRequired)
		}
	} else if len(d.Splits) == 0 {
		r.checkCategory(&v, "categoryId", d.Type, d.CategoryID, prev != nil && prev.CategoryID == d.CategoryID)
	} else {
		for _, s := range d.Splits {
			r.checkCategory(&v, "splits.categoryId", d.Type, s.CategoryID, prev != nil && slices.Contains(prev.SplitCategories(), s.CategoryID))
		}
	}
	return v.Err()
}

// checkCategory checks that the category id exists and is of the movement's
// type; an archived one only when the stored movement had it already.
func (r *refs) checkCategory(v *finance.Validation, field, typ string, id int64, had bool) {
	c, ok := r.categories[id]
	switch {
	case !ok:
		v.Add(field, finance.FCodeUnknown)
	case c.typ != typ:
		v.Add(field, finance.FCodeMismatch)
	case c.archived && !had:
		v.Add(field, finance.FCodeInvalid)
	}
}

func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

func insertMovement(ctx context.Context, tx *Tx, ledgerID int64, d finance.MovementDraft) (int64, error) {
	return insertMovementAt(ctx, tx, ledgerID, d, tx.stamp())
}

// insertMovementAt is insertMovement with the row's creation stamp.
func insertMovementAt(ctx context.Context, tx *Tx, ledgerID int64, d finance.MovementDraft, st stamp) (int64, error) {
	args := movementArgs(ledgerID, &d, st)
	id, err := tx.InsertID(ctx, `INSERT INTO movements (`+movementInsertColumns+`) VALUES (`+movementPlaceholders+`)`, args...)
	if err != nil {
		return 0, fmt.Errorf("insert movement: %w", err)
	}
	if err := addWords(ctx, tx, ledgerID, &d, args[movementInsertWidth-1].(string)); err != nil {
		return 0, err
	}
	if err := insertSplits(ctx, tx, ledgerID, id, &d); err != nil {
		return 0, err
	}
	return id, insertTags(ctx, tx, ledgerID, id, d.Tags)
}

func insertTags(ctx context.Context, tx *Tx, ledgerID, id int64, tags []string) error {
	for _, t := range tags {
		if _, err := tx.Exec(ctx, `INSERT INTO movement_tags (movement_id, ledger_id, tag) VALUES (?, ?, ?)`, id, ledgerID, t); err != nil {
			return err
		}
	}
	return nil
}

// CreateMovement stores one movement and its effects on balances and totals.
func (db *DB) CreateMovement(ctx context.Context, ledgerID int64, d finance.MovementDraft) (*finance.Movement, error) {
	m, _, err := db.CreateMovementOnce(ctx, ledgerID, d, nil, false)
	return m, err
}

// CreateMovementOnce is CreateMovement under an idempotency key (nil: none),
// after the ledger's rules when withRules (Movement.Rules says what they
// changed). A repeated key answers the movement the first request created,
// and true.
func (db *DB) CreateMovementOnce(ctx context.Context, ledgerID int64, d finance.MovementDraft, idem *Idempotency, withRules bool) (*finance.Movement, bool, error) {
	var id int64
	var replayed bool
	var changes []finance.RuleChange
	var made *finance.Movement
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		var err error
		replayed, err = once(ctx, tx, idem, &id, func() (int64, error) {
			d := d
			d.Tags = slices.Clone(d.Tags)
			d.Splits = slices.Clone(d.Splits)
			changes, made = nil, nil
			if withRules {
				rs, err := ruleSet(ctx, tx, ledgerID)
				if err != nil {
					return 0, err
				}
				changes = rs.Apply(&d)
			}
			r, err := loadRefsWith(ctx, tx, ledgerID, true, &d)
			if err != nil {
				return 0, err
			}
			if err := r.check(&d, nil); err != nil {
				return 0, err
			}
			if err := tx.fillBase(ctx, r, &d); err != nil {
				return 0, err
			}
			st := tx.stamp()
			id, err := insertMovementAt(ctx, tx, ledgerID, d, st)
			if err != nil {
				return 0, err
			}
			if err := applyMovement(ctx, tx, ledgerID, &d, 1); err != nil {
				return 0, err
			}
			currency, toCurrency := r.accounts[d.AccountID].currency, r.accounts[d.ToAccountID].currency
			if err := tx.logActivity(ctx, finance.ActCreated, finance.SubjectMovement, id, 1, finance.ActivityDetails{Name: d.Description,
				Type: d.Type, Amount: d.Amount, Currency: currency, Date: d.Date}); err != nil {
				return 0, err
			}
			if err := tx.learnFrom(ctx, id, &d, currency, toCurrency); err != nil {
				return 0, err
			}
			if d.Type == finance.MovementTransfer && currency != toCurrency {
				// The rate it taught may have changed its own amounts in the
				// base currency: read them.
				made, err = readMovement(ctx, tx, ledgerID, id)
				return id, err
			}
			made = createdMovement(id, &d, currency, toCurrency, st)
			return id, nil
		})
		return err
	})
	if err != nil {
		return nil, false, err
	}
	if replayed {
		// The first request's movement, as it is now.
		m, err := db.Movement(ctx, ledgerID, id)
		return m, true, err
	}
	made.Rules = changes
	return made, false, nil
}

// createdMovement is the movement that a create of d just stored as id, as
// readMovement would read it back (the create answers it without a read):
// the account's and a transfer's destination's currencies, and the stamp
// of the insert.
func createdMovement(id int64, d *finance.MovementDraft, currency, toCurrency string, st stamp) *finance.Movement {
	m := &finance.Movement{ID: id, Date: d.Date, State: stateOf(d), Entry: finance.Entry{Type: d.Type, Amount: d.Amount,
		Currency: currency, AccountID: d.AccountID, Description: d.Description, Notes: d.Notes, Tags: slices.Clone(d.Tags)},
		CreatedAt: st.at, UpdatedAt: st.at, Splits: []finance.Split{}, SplitCount: len(d.Splits)}
	if st.by != 0 {
		by := st.by
		m.CreatedBy, m.UpdatedBy = &by, &by
	}
	if m.Tags == nil {
		m.Tags = []string{}
	}
	if d.CategoryID != 0 {
		m.CategoryID = &d.CategoryID
	}
	if d.Type == finance.MovementTransfer {
		m.ToAccountID, m.ToAmount, m.ToCurrency = &d.ToAccountID, &d.ToAmount, toCurrency
	}
	if len(d.Splits) > 0 {
		m.Splits = slices.Clone(d.Splits)
	}
	m.SetBase(d.Base, d.ToBase, d.BaseLater)
	return m
}

// UpdateMovement applies a patch: the old effects are undone and the new ones
// applied in the same transaction. A reconciled movement's amount, date or
// account is not changed (nor its state taken back): see UpdateMovementConfirmed.
func (db *DB) UpdateMovement(ctx context.Context, ledgerID, id int64, in finance.MovementInput) (*finance.Movement, error) {
	return db.UpdateMovementConfirmed(ctx, ledgerID, id, in, false)
}

// UpdateMovementConfirmed is UpdateMovement that, with confirm, changes a
// reconciled movement's amount, date, account or state too (and logs that
// it did in the ledger's activity); without, such a patch answers
// finance.ECodeReconciled and changes nothing.
func (db *DB) UpdateMovementConfirmed(ctx context.Context, ledgerID, id int64, in finance.MovementInput, confirm bool) (*finance.Movement, error) {
	var now *finance.Movement // as the write leaves it: the answer
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		cur, err := readMovement(ctx, tx, ledgerID, id)
		if err != nil {
			return err
		}
		// Into or out of a reconciliation's movements, or a change of what
		// its balance rests on, only when confirmed.
		into := in.State != nil && *in.State == finance.StateReconciled && cur.State != finance.StateReconciled
		locked := into || cur.State == finance.StateReconciled && finance.TouchesReconciled(draftOf(cur), in)
		if locked && !confirm {
			return reconciledError()
		}
		if err := tx.updateMovement(ctx, cur, in); err != nil {
			return err
		}
		if now, err = readMovement(ctx, tx, ledgerID, id); err != nil {
			return err
		}
		if locked {
			if err := tx.logActivity(ctx, finance.ActReconciledChanged, finance.SubjectMovement, id, 1, movementDetails(cur)); err != nil {
				return err
			}
		}
		return tx.logActivity(ctx, finance.ActUpdated, finance.SubjectMovement, id, 1, movementDetails(now))
	})
	if err != nil {
		return nil, err
	}
	return now, nil
}

// updateMovement patches a movement read in the transaction.
func (tx *Tx) updateMovement(ctx context.Context, cur *finance.Movement, in finance.MovementInput) error {
	db, ledgerID, id := tx.db, tx.ledgerID, cur.ID
	prev := draftOf(cur)
	d := finance.DraftFrom(prev, in)
	r, err := loadRefs(ctx, tx, ledgerID, &d)
	if err != nil {
		return err
	}
	if err := r.check(&d, &prev); err != nil {
		return err
	}
	if err := tx.fillBase(ctx, r, &d); err != nil {
		return err
	}
	if err := applyMovement(ctx, tx, ledgerID, &prev, -1); err != nil {
		return err
	}
	var toAmount any
	if d.Type == finance.MovementTransfer {
		toAmount = d.ToAmount
	}
	if _, err := tx.Exec(ctx, `UPDATE movements SET type = ?, date = ?, amount = ?, account_id = ?, category_id = ?, to_account_id = ?,
		to_amount = ?, description = ?, notes = ?, tags = ?, updated_at = ?, updated_by = ?, base_amount = ?, to_base_amount = ?, base_later = ?, splits = ?,
		state = ? WHERE ledger_id = ? AND id = ?`,
		d.Type, d.Date, d.Amount, d.AccountID, nullID(d.CategoryID), nullID(d.ToAccountID), toAmount, d.Description, d.Notes,
		strings.Join(d.Tags, ","), db.NowMillis(), nullID(tx.actor), nullArg(d.Base), nullArg(d.ToBase), d.BaseLater, len(d.Splits),
		stateOf(&d), ledgerID, id); err != nil {
		return err
	}
	if d.Description != prev.Description || d.Notes != prev.Notes {
		if _, err := tx.Exec(ctx, `UPDATE movements SET search_words = ? WHERE ledger_id = ? AND id = ?`,
			SearchText(d.Description, d.Notes), ledgerID, id); err != nil {
			return err
		}
	}
	if len(prev.Splits)+len(d.Splits) > 0 {
		if err := replaceSplits(ctx, tx, ledgerID, id, &d); err != nil {
			return err
		}
	}
	if _, err := tx.Exec(ctx, `DELETE FROM movement_tags WHERE movement_id = ?`, id); err != nil {
		return err
	}
	if err := insertTags(ctx, tx, ledgerID, id, d.Tags); err != nil {
		return err
	}
	if err := applyMovement(ctx, tx, ledgerID, &d, 1); err != nil {
		return err
	}
	if prev.Type == finance.MovementTransfer {
		if err := tx.unlearn(ctx, id); err != nil {
			return err
		}
	}
	return tx.learnFrom(ctx, id, &d, r.accounts[d.AccountID].currency, r.accounts[d.ToAccountID].currency)
}

// DeleteMovement deletes one movement and undoes its effects.
func (db *DB) DeleteMovement(ctx context.Context, ledgerID, id int64) error {
	_, err := db.DeleteMovementsConfirmed(ctx, ledgerID, []int64{id}, false)
	return err
}

// DeleteMovements deletes movements in one transaction and returns them as
// they were (so that the caller can offer an undo). Any id that is not the
// ledger's makes the whole call not_found and changes nothing; a reconciled
// one makes it finance.ECodeReconciled (see DeleteMovementsConfirmed).
func (db *DB) DeleteMovements(ctx context.Context, ledgerID int64, ids []int64) ([]finance.Movement, error) {
	return db.DeleteMovementsConfirmed(ctx, ledgerID, ids, false)
}

// DeleteMovementsConfirmed is DeleteMovements that, with confirm, deletes
// reconciled movements too, and logs each in the ledger's activity.
func (db *DB) DeleteMovementsConfirmed(ctx context.Context, ledgerID int64, ids []int64, confirm bool) ([]finance.Movement, error) {
	var out []finance.Movement
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		var err error
		if out, err = deleteMovementsTx(ctx, tx, ledgerID, ids, confirm); err != nil {
			return err
		}
		if len(out) == 1 {
			return tx.logActivity(ctx, finance.ActDeleted, finance.SubjectMovement, out[0].ID, 1, movementDetails(&out[0]))
		}
		return tx.logActivity(ctx, finance.ActDeleted, finance.SubjectMovement, 0, int64(len(out)), finance.ActivityDetails{})
	})
	return out, err
}

// deleteMovementsTx deletes the ledger's movements ids (sorted, each once)
// and undoes their effects; with confirm reconciled ones too (logged as
// such). It returns them as they were.
func deleteMovementsTx(ctx context.Context, tx *Tx, ledgerID int64, ids []int64, confirm bool) ([]finance.Movement, error) {
	out := make([]finance.Movement, 0, len(ids))
	for _, id := range ids {
		m, err := readMovement(ctx, tx, ledgerID, id)
		if err != nil {
			return nil, err
		}
		if m.State == finance.StateReconciled {
			if !confirm {
				return nil, reconciledError()
			}
			if err := tx.logActivity(ctx, finance.ActReconciledChanged, finance.SubjectMovement, m.ID, 1, movementDetails(m)); err != nil {
				return nil, err
			}
		}
		out = append(out, *m)
	}
	// By date and id: two deletions of the same movements undo their
	// effects in one order.
	var transfers []int64
	for _, m := range slices.SortedStableFunc(slices.Values(out), compareDateID) {
		d := draftOf(&m)
		if err := applyMovement(ctx, tx, ledgerID, &d, -1); err != nil {
			return nil, err
		}
		if err := tx.dropFiles(ctx, `movement_id = ?`, m.ID); err != nil {
			return nil, err
		}
		if m.Type == finance.MovementTransfer {
			transfers = append(transfers, m.ID)
		}
	}
	// One statement for them all: on PostgreSQL each statement runs
	// search_totals' trigger, and one a movement updated the same rows
	// of a common word thousands of times in one transaction.
	in, args := inList(ids) // each of them read above
	if _, err := tx.Exec(ctx, `DELETE FROM movements WHERE ledger_id = ? AND id IN (`+in+`)`, append([]any{ledgerID}, args...)...); err != nil {
		return nil, err
	}
	// Only once they are all gone: forgetting a rate converts again the
	// movements it affected, which the list above read before.
	for _, id := range transfers {
		if err := tx.unlearn(ctx, id); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// RecategorizeMovements moves expenses or earnings to another category of
// their type, in one transaction; transfers and other ledgers' ids refuse the
// whole call.
func (db *DB) RecategorizeMovements(ctx context.Context, ledgerID int64, ids []int64, categoryID int64) (int, error) {
	n := 0
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		n = 0
		r, err := loadRefs(ctx, tx, ledgerID, &finance.MovementDraft{CategoryID: categoryID})
		if err != nil {
			return err
		}
		c, ok := r.categories[categoryID]
		if !ok {
			return finance.FieldErr("categoryId", finance.FCodeUnknown, "no such category")
		}
		if c.archived {
			return finance.FieldErr("categoryId", finance.FCodeInvalid, "the category is archived")
		}
		for _, id := range ids {
			m, err := readMovement(ctx, tx, ledgerID, id)
			if err != nil {
				return err
			}
			if m.Type != c.typ {
				return finance.FieldErr("categoryId", finance.FCodeMismatch, "every movement must be of the category's type")
			}
			d := draftOf(m)
			if d.CategoryID == categoryID {
				continue
			}
			if err := applyMovement(ctx, tx, ledgerID, &d, -1); err != nil {
				return err
			}
			// A split movement goes whole into the category.
			wasSplit := len(d.Splits) > 0
			d.CategoryID, d.Splits = categoryID, nil
			if _, err := tx.Exec(ctx, `UPDATE movements SET category_id = ?, splits = 0, updated_at = ?, updated_by = ? WHERE ledger_id = ? AND id = ?`,
				categoryID, db.NowMillis(), nullID(tx.actor), ledgerID, id); err != nil {
				return err
			}
			if wasSplit {
				if err := replaceSplits(ctx, tx, ledgerID, id, &d); err != nil {
					return err
				}
			}
			if err := applyMovement(ctx, tx, ledgerID, &d, 1); err != nil {
				return err
			}
			n++
		}
		if n == 0 {
			return nil
		}
		var name string
		if err := tx.QueryRow(ctx, `SELECT name FROM categories WHERE id = ?`, categoryID).Scan(&name); err != nil {
			return err
		}
		return tx.logActivity(ctx, finance.ActRecategorized, finance.SubjectMovement, 0, int64(n), finance.ActivityDetails{Name: name})
	})
	return n, err
}
