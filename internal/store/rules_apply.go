package store

import (
	"context"
	"encoding/json"
	"slices"

	"cashcontrol/internal/finance"
)

// Applying a rule to the movements that exist: a dry run counts what would
// change and shows a sample; a run changes them all in one transaction and
// keeps their fields before and after in rule_runs, for UndoRuleRun.

// ruleRunSample is how many changed movements a run lists.
const ruleRunSample = 20

// ruleRunsKept is how many runs of a ledger stay undoable.
const ruleRunsKept = 10

// RuleRunItem is a movement a rule changes (or would change).
type RuleRunItem struct {
	ID          int64                `json:"id,string"`
	Date        string               `json:"date"`
	Type        string               `json:"type"`
	Amount      int64                `json:"amount"`
	Description string               `json:"description"` // as it was
	Changes     []finance.RuleChange `json:"changes"`
}

// RuleRun is what applying a rule to the existing movements does: Count
// movements change, Sample lists the first (newest first). RunID names an
// applied run for its undo ("" for a dry run).
type RuleRun struct {
	RunID  int64         `json:"runId,string,omitempty"`
	Count  int           `json:"count"`
	Sample []RuleRunItem `json:"sample"`
}

// ruleFields is what a rule may change of a movement.
type ruleFields struct {
	CategoryID  int64    `json:"categoryId"`
	Tags        []string `json:"tags"`
	Description string   `json:"description"`
	Notes       string   `json:"notes"`
}

func fieldsOf(d *finance.MovementDraft) ruleFields {
	return ruleFields{CategoryID: d.CategoryID, Tags: slices.Clone(d.Tags), Description: d.Description, Notes: d.Notes}
}

func (f ruleFields) equal(g ruleFields) bool {
	return f.CategoryID == g.CategoryID && slices.Equal(f.Tags, g.Tags) && f.Description == g.Description && f.Notes == g.Notes
}

// input is the patch that gives a movement these fields.
func (f ruleFields) input() finance.MovementInput {
	in := finance.MovementInput{Tags: &f.Tags, Description: &f.Description, Notes: &f.Notes}
	if f.CategoryID != 0 {
		in.CategoryID = &finance.IDInput{ID: f.CategoryID, Set: true}
	}
	return in
}

type ruleRunEntry struct {
	ID     int64      `json:"id"`
	Before ruleFields `json:"before"`
	After  ruleFields `json:"after"`
}

// ruleMatches runs one rule over the ledger's movements, newest first, and
// hands each that it changes to fn with its draft before and after.
func ruleMatches(ctx context.Context, q rowsQuerier, ledgerID int64, rule *finance.MovementRule, fn func(id int64, before, after *finance.MovementDraft, changes []finance.RuleChange) error) error {
	one := *rule
	one.Enabled = true // asked for by name: a disabled rule runs too
	types, err := queryPairs[string](q.query(ctx, `SELECT id, type FROM categories WHERE ledger_id = ?`, ledgerID))
	if err != nil {
		return err
	}
	set := finance.NewRuleSet([]finance.MovementRule{one}, func(id int64) string { return types[id] })
	rows, err := q.query(ctx, `SELECT id, type, date, amount, account_id, COALESCE(category_id, 0), COALESCE(to_account_id, 0),
		description, notes, tags FROM movements WHERE ledger_id = ? ORDER BY date DESC, id DESC`, ledgerID)
	if err != nil {
		return err
	}
	type hit struct {
		id            int64
		before, after finance.MovementDraft
		changes       []finance.RuleChange
	}
	var hits []hit
	for rows.Next() {
		var id int64
		var d finance.MovementDraft
		var tags string
		if err := rows.Scan(&id, &d.Type, &d.Date, &d.Amount, &d.AccountID, &d.CategoryID, &d.ToAccountID, &d.Description, &d.Notes, &tags); err != nil {
			rows.Close()
			return err
		}
		d.Tags = splitTags(tags)
		after := d
		after.Tags = slices.Clone(d.Tags)
		if changes := set.Apply(&after); len(changes) > 0 {
			hits = append(hits, hit{id, d, after, changes})
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	// The rows are closed before fn writes (one connection on SQLite).
	for i := range hits {
		if err := fn(hits[i].id, &hits[i].before, &hits[i].after, hits[i].changes); err != nil {
			return err
		}
	}
	return nil
}

// ApplyRule applies one of the ledger's rules (even a disabled one) to its
// movements; with dryRun it only says what would change.
func (db *DB) ApplyRule(ctx context.Context, ledgerID, ruleID int64, dryRun bool) (*RuleRun, error) {
	var run *RuleRun
	collect := func(q rowsQuerier, rule *finance.MovementRule, write func(id int64, before, after *finance.MovementDraft) error) error {
		run = &RuleRun{Sample: []RuleRunItem{}}
		return ruleMatches(ctx, q, ledgerID, rule, func(id int64, before, after *finance.MovementDraft, changes []finance.RuleChange) error {
			run.Count++
			if len(run.Sample) < ruleRunSample {
				run.Sample = append(run.Sample, RuleRunItem{ID: id, Date: before.Date, Type: before.Type, Amount: before.Amount,
					Description: before.Description, Changes: changes})
			}
			if write == nil {
				return nil
			}
			return write(id, before, after)
		})
	}
	if dryRun {
		rule, err := db.Rule(ctx, ledgerID, ruleID)
		if err != nil {
			return nil, err
		}
		return run, collect(db, rule, nil)
	}
	err := db.writeLedger(ctx, ledgerID, func(tx *Tx) error {
		rule, err := scanRule(tx.queryRow(ctx, `SELECT `+ruleColumns+` FROM rules WHERE ledger_id = ? AND id = ?`, ledgerID, ruleID))
		if err != nil {
			return notFound(err, "rule")
		}
		var items []ruleRunEntry
		err = collect(tx, rule, func(id int64, before, after *finance.MovementDraft) error {
			items = append(items, ruleRunEntry{ID: id, Before: fieldsOf(before), After: fieldsOf(after)})
			return tx.patchMovement(ctx, id, fieldsOf(after).input())
		})
		if err != nil || len(items) == 0 {
			return err
		}
		b, err := json.Marshal(items)
		if err != nil {
			return err
		}
		if err := tx.queryRow(ctx, `INSERT INTO rule_runs (ledger_id, rule_id, items, created_at) VALUES (?, ?, ?, ?) RETURNING id`,
			ledgerID, ruleID, string(b), db.nowMillis()).Scan(&run.RunID); err != nil {
			return err
		}
		_, err = tx.exec(ctx, `DELETE FROM rule_runs WHERE ledger_id = ? AND id <= ?`, ledgerID, run.RunID-ruleRunsKept)
		return err
	})
	if err != nil {
		return nil, err
	}
	return run, nil
}

// patchMovement patches one of the ledger's movements in the transaction.
func (tx *Tx) patchMovement(ctx context.Context, id int64, in finance.MovementInput) error {
	cur, err := scanMovement(tx.queryRow(ctx, `SELECT `+movementColumns+movementFrom+` WHERE m.ledger_id = ? AND m.id = ?`, tx.ledgerID, id))
	if err != nil {
		return notFound(err, "movement")
	}
	return tx.updateMovement(ctx, cur, in)
}

// RuleUndo is what undoing a run did: Restored movements got their fields
// back; Kept ones had changed since (or were deleted) and were left alone.
type RuleUndo struct {
	Restored int `json:"restored"`
	Kept     int `json:"kept"`
}

// UndoRuleRun gives the movements a run changed their fields back, in one
// transaction, except those changed since; the run is then gone.
func (db *DB) UndoRuleRun(ctx context.Context, ledgerID, runID int64) (*RuleUndo, error) {
	var out RuleUndo
	err := db.writeLedger(ctx, ledgerID, func(tx *Tx) error {
		out = RuleUndo{}
		var raw string
		if err := tx.queryRow(ctx, `SELECT items FROM rule_runs WHERE ledger_id = ? AND id = ?`, ledgerID, runID).Scan(&raw); err != nil {
			return notFound(err, "rule run")
		}
		var items []ruleRunEntry
		if err := json.Unmarshal([]byte(raw), &items); err != nil {
			return err
		}
		for _, it := range items {
			cur, err := scanMovement(tx.queryRow(ctx, `SELECT `+movementColumns+movementFrom+` WHERE m.ledger_id = ? AND m.id = ?`, ledgerID, it.ID))
			if err != nil {
				out.Kept++ // deleted since
				continue
			}
			d := draftOf(cur)
			if !fieldsOf(&d).equal(it.After) {
				out.Kept++
				continue
			}
			if err := tx.updateMovement(ctx, cur, it.Before.input()); err != nil {
				return err
			}
			out.Restored++
		}
		_, err := tx.exec(ctx, `DELETE FROM rule_runs WHERE ledger_id = ? AND id = ?`, ledgerID, runID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}
