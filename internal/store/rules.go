package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"cashcontrol/internal/finance"
)

// The ledger's rules (finance/rules.go). Their conditions and actions are
// stored as JSON; checkRuleRefs keeps their account and category ids the
// ledger's, and deleting an account or a category takes it out of the rules
// (forgetInRules).

const ruleColumns = `id, name, position, enabled, match_all, stop, conditions, actions`

func scanRule(s RowScanner) (*finance.MovementRule, error) {
	var r finance.MovementRule
	var all bool
	var conds, acts string
	if err := s.Scan(&r.ID, &r.Name, &r.Position, &r.Enabled, &all, &r.Stop, &conds, &acts); err != nil {
		return nil, err
	}
	r.Match = finance.RuleMatchAny
	if all {
		r.Match = finance.RuleMatchAll
	}
	// Stored by this code only; a row that does not read is kept as a rule
	// without conditions (it never matches) rather than failing the list.
	if json.Unmarshal([]byte(conds), &r.Conditions) != nil || r.Conditions == nil {
		r.Conditions = []finance.RuleCondition{}
	}
	if json.Unmarshal([]byte(acts), &r.Actions) != nil || r.Actions.Tags == nil {
		r.Actions.Tags = []string{}
	}
	return &r, nil
}

func listRules(ctx context.Context, q RowsQuerier, ledgerID int64) ([]finance.MovementRule, error) {
	rows, err := q.Query(ctx, `SELECT `+ruleColumns+` FROM rules WHERE ledger_id = ? ORDER BY position, id`, ledgerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []finance.MovementRule{}
	for rows.Next() {
		r, err := scanRule(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *r)
	}
	return out, rows.Err()
}

// ListRules returns the ledger's rules in their order.
func (db *DB) ListRules(ctx context.Context, ledgerID int64) ([]finance.MovementRule, error) {
	return listRules(ctx, db, ledgerID)
}

// Rule returns one of the ledger's rules.
func (db *DB) Rule(ctx context.Context, ledgerID, id int64) (*finance.MovementRule, error) {
	r, err := scanRule(db.QueryRow(ctx, `SELECT `+ruleColumns+` FROM rules WHERE ledger_id = ? AND id = ?`, ledgerID, id))
	if err != nil {
		return nil, NotFound(err, "rule")
	}
	return r, nil
}

// checkRuleRefs refuses a rule whose accounts or category are not the
// ledger's, or whose category is archived (unless it had it already).
func checkRuleRefs(ctx context.Context, tx *Tx, r *finance.MovementRule, prevCategory int64) error {
	refs, err := loadRefs(ctx, tx, tx.ledgerID)
	if err != nil {
		return err
	}
	var v finance.Validation
	for i, c := range r.Conditions {
		if c.Field == finance.RuleFieldAccount {
			if _, ok := refs.accounts[c.AccountID]; !ok {
				v.Add(fmt.Sprintf("conditions[%d].accountId", i), finance.FCodeUnknown)
			}
		}
	}
	if id := r.Actions.CategoryID; id != 0 {
		c, ok := refs.categories[id]
		switch {
		case !ok:
			v.Add("actions.categoryId", finance.FCodeUnknown)
		case c.archived && id != prevCategory:
			v.Add("actions.categoryId", finance.FCodeInvalid)
		}
	}
	return v.Err()
}

func ruleJSON(r *finance.MovementRule) (string, string) {
	c, _ := json.Marshal(r.Conditions)
	a, _ := json.Marshal(r.Actions)
	return string(c), string(a)
}

// CreateRule adds a rule at the end of the ledger's list.
func (db *DB) CreateRule(ctx context.Context, ledgerID int64, in finance.RuleInput) (*finance.MovementRule, error) {
	r := finance.RuleFrom(finance.MovementRule{}, in)
	if err := r.Validate(); err != nil {
		return nil, err
	}
	var id int64
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		if err := checkRuleRefs(ctx, tx, &r, 0); err != nil {
			return err
		}
		var n, last int64
		if err := tx.QueryRow(ctx, `SELECT COUNT(*), COALESCE(MAX(position), 0) FROM rules WHERE ledger_id = ?`, ledgerID).Scan(&n, &last); err != nil {
			return err
		}
		if n >= finance.MaxRules {
			return finance.LimitError("", "a ledger has at most 200 rules")
		}
		conds, acts := ruleJSON(&r)
		now := db.NowMillis()
		return tx.QueryRow(ctx, `INSERT INTO rules (ledger_id, name, position, enabled, match_all, stop, conditions, actions, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, ledgerID, r.Name, last+1, r.Enabled, r.Match == finance.RuleMatchAll, r.Stop,
			conds, acts, now, now).Scan(&id)
	})
	if err != nil {
		return nil, err
	}
	return db.Rule(ctx, ledgerID, id)
}

// UpdateRule patches a rule.
func (db *DB) UpdateRule(ctx context.Context, ledgerID, id int64, in finance.RuleInput) (*finance.MovementRule, error) {
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		cur, err := scanRule(tx.QueryRow(ctx, `SELECT `+ruleColumns+` FROM rules WHERE ledger_id = ? AND id = ?`, ledgerID, id))
		if err != nil {
			return NotFound(err, "rule")
		}
		r := finance.RuleFrom(*cur, in)
		if err := r.Validate(); err != nil {
			return err
		}
		if err := checkRuleRefs(ctx, tx, &r, cur.Actions.CategoryID); err != nil {
			return err
		}
		return saveRule(ctx, tx, &r)
	})
	if err != nil {
		return nil, err
	}
	return db.Rule(ctx, ledgerID, id)
}

func saveRule(ctx context.Context, tx *Tx, r *finance.MovementRule) error {
	conds, acts := ruleJSON(r)
	_, err := tx.Exec(ctx, `UPDATE rules SET name = ?, enabled = ?, match_all = ?, stop = ?, conditions = ?, actions = ?, updated_at = ?
		WHERE ledger_id = ? AND id = ?`, r.Name, r.Enabled, r.Match == finance.RuleMatchAll, r.Stop, conds, acts, tx.db.NowMillis(), tx.ledgerID, r.ID)
	return err
}

// DeleteRule deletes a rule.
func (db *DB) DeleteRule(ctx context.Context, ledgerID, id int64) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `DELETE FROM rules WHERE ledger_id = ? AND id = ?`, ledgerID, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return finance.Errorf(finance.ECodeNotFound, "rule not found")
		}
		return nil
	})
}

// ReorderRules sets the order of the ledger's rules: ids must be all of
// them, each once.
func (db *DB) ReorderRules(ctx context.Context, ledgerID int64, ids []int64) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		have, err := queryIDs(tx.Query(ctx, `SELECT id FROM rules WHERE ledger_id = ? ORDER BY id`, ledgerID))
		if err != nil {
			return err
		}
		if !slices.Equal(have, slices.Compact(slices.Sorted(slices.Values(ids)))) || len(ids) != len(have) {
			return finance.FieldErr("ids", finance.FCodeInvalid, "give every rule of the ledger once")
		}
		return reorder(ctx, tx, "rules", ledgerID, ids)
	})
}

// ruleSet loads the ledger's enabled rules, ready to run (nil: none).
func ruleSet(ctx context.Context, q RowsQuerier, ledgerID int64) (*finance.RuleSet, error) {
	rules, err := listRules(ctx, q, ledgerID)
	if err != nil || len(rules) == 0 {
		return nil, err
	}
	types, err := categoryTypes(ctx, q, ledgerID)
	if err != nil {
		return nil, err
	}
	return finance.NewRuleSet(rules, func(id int64) string { return types[id] }), nil
}

// RuleSet loads the ledger's enabled rules, for an import: its preview and
// its commit run the rules of one reading.
func (db *DB) RuleSet(ctx context.Context, ledgerID int64) (*finance.RuleSet, error) {
	return ruleSet(ctx, db, ledgerID)
}

// forgetInRules takes a deleted account out of the ledger's rules (its
// conditions go; a rule left without conditions is disabled) and moves a
// deleted category's actions to moveTo (0: the action goes; a rule left
// without actions is disabled).
func (t *Tx) forgetInRules(ctx context.Context, accountID, categoryID, moveTo int64) error {
	rules, err := listRules(ctx, t, t.ledgerID)
	if err != nil {
		return err
	}
	for _, r := range rules {
		changed := false
		if accountID != 0 {
			kept := slices.DeleteFunc(slices.Clone(r.Conditions), func(c finance.RuleCondition) bool {
				return c.Field == finance.RuleFieldAccount && c.AccountID == accountID
			})
			if len(kept) != len(r.Conditions) {
				r.Conditions, changed = kept, true
				r.Enabled = r.Enabled && len(kept) > 0
			}
		}
		if categoryID != 0 && r.Actions.CategoryID == categoryID {
			r.Actions.CategoryID, changed = moveTo, true
			a := r.Actions
			r.Enabled = r.Enabled && (a.CategoryID != 0 || len(a.Tags) > 0 || a.Description != nil || a.Notes != nil)
		}
		if changed {
			if err := saveRule(ctx, t, &r); err != nil {
				return err
			}
		}
	}
	return nil
}
