package store_test

import (
	"context"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

func ruleInput(name, text string, category int64) finance.RuleInput {
	return finance.RuleInput{Name: &name, Conditions: &[]finance.RuleConditionInput{{Field: "description", Op: "contains", Text: text}},
		Actions: &finance.RuleActionsInput{CategoryID: finance.IDInput{ID: category, Set: true}, Tags: []string{"auto"}}}
}

// Rules run on creates that ask for them; applied to the existing
// movements they change them in one transaction that CheckLedger finds
// consistent, and the undo gives back all but what was changed since.
func TestRulesApplyAndUndo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "rules@example.com")
		other := newLedger(t, db, "rules-other@example.com")
		bank := mustAccount(t, db, l, "Bank", "EUR", 0)
		misc := mustCategory(t, db, l, "Misc", "expense", 0)
		groceries := mustCategory(t, db, l, "Groceries", "expense", 0)
		theirs := mustCategory(t, db, other, "Theirs", "expense", 0)

		if _, err := db.CreateRule(ctx, l, ruleInput("Mine", "x", theirs.ID)); finance.ErrorCode(err) != finance.ECodeInvalid {
			t.Fatalf("another ledger's category: %v", err)
		}
		var ids []int64
		for _, desc := range []string{"MERCADONA 1", "Mercadona 2", "Bar", "mercadona 3"} {
			m, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: "2026-02-01", Amount: 500, AccountID: bank.ID, CategoryID: misc.ID, Description: desc})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, m.ID)
		}
		rule, err := db.CreateRule(ctx, l, ruleInput("Mercadona", "mercadona", groceries.ID))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Rule(ctx, other, rule.ID); finance.ErrorCode(err) != finance.ECodeNotFound {
			t.Fatalf("another ledger reads the rule: %v", err)
		}
		dry, err := db.ApplyRule(ctx, l, rule.ID, true)
		if err != nil || dry.Count != 3 || dry.RunID != 0 || len(dry.Sample) != 3 || dry.Sample[0].Description != "mercadona 3" {
			t.Fatalf("dry run %+v %v", dry, err)
		}
		if m, _ := db.Movement(ctx, l, ids[0]); *m.CategoryID != misc.ID {
			t.Fatal("a dry run changed a movement")
		}
		run, err := db.ApplyRule(ctx, l, rule.ID, false)
		if err != nil || run.Count != 3 || run.RunID == 0 {
			t.Fatalf("run %+v %v", run, err)
		}
		if err := storetest.CheckLedger(ctx, db, l); err != nil {
			t.Fatal(err)
		}
		m, _ := db.Movement(ctx, l, ids[1])
		if *m.CategoryID != groceries.ID || len(m.Tags) != 1 || m.Tags[0] != "auto" {
			t.Fatalf("applied: %+v", m)
		}
		if again, _ := db.ApplyRule(ctx, l, rule.ID, false); again.Count != 0 || again.RunID != 0 {
			t.Fatalf("a second run changes nothing: %+v", again)
		}
		// One of them changes since; the undo leaves it.
		if _, err := db.UpdateMovement(ctx, l, ids[3], finance.MovementInput{Notes: ptr("checked")}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.UndoRuleRun(ctx, other, run.RunID); finance.ErrorCode(err) != finance.ECodeNotFound {
			t.Fatalf("another ledger undoes the run: %v", err)
		}
		undo, err := db.UndoRuleRun(ctx, l, run.RunID)
		if err != nil || undo.Restored != 2 || undo.Kept != 1 {
			t.Fatalf("undo %+v %v", undo, err)
		}
		if m, _ := db.Movement(ctx, l, ids[0]); *m.CategoryID != misc.ID || len(m.Tags) != 0 {
			t.Fatalf("undone: %+v", m)
		}
		if m, _ := db.Movement(ctx, l, ids[3]); *m.CategoryID != groceries.ID {
			t.Fatalf("changed since, kept: %+v", m)
		}
		if err := storetest.CheckLedger(ctx, db, l); err != nil {
			t.Fatal(err)
		}
		if _, err := db.UndoRuleRun(ctx, l, run.RunID); finance.ErrorCode(err) != finance.ECodeNotFound {
			t.Fatalf("an undo runs once: %v", err)
		}

		// A create with rules; without them.
		with, _, err := db.CreateMovementOnce(ctx, l, finance.MovementDraft{Type: "expense", Date: "2026-02-02", Amount: 100, AccountID: bank.ID,
			Description: "Mercadona Valencia"}, nil, true)
		if err != nil || *with.CategoryID != groceries.ID || len(with.Rules) != 2 {
			t.Fatalf("create with rules: %+v %v", with, err)
		}
		if _, _, err := db.CreateMovementOnce(ctx, l, finance.MovementDraft{Type: "expense", Date: "2026-02-02", Amount: 100, AccountID: bank.ID,
			Description: "Mercadona Valencia"}, nil, false); finance.ErrorCode(err) != finance.ECodeInvalid {
			t.Fatalf("without rules there is no category: %v", err)
		}

		// Deleting the category moves the action; deleting the account
		// takes its condition out.
		if err := db.DeleteCategory(ctx, l, groceries.ID, &misc.ID); err != nil {
			t.Fatal(err)
		}
		if r, _ := db.Rule(ctx, l, rule.ID); r.Actions.CategoryID != misc.ID || !r.Enabled {
			t.Fatalf("after the category's deletion: %+v", r)
		}
		acc := finance.RuleConditionInput{Field: "account", Op: "equals", AccountID: finance.IDInput{ID: bank.ID, Set: true}}
		byAccount, err := db.CreateRule(ctx, l, finance.RuleInput{Name: ptr("Bank"), Conditions: &[]finance.RuleConditionInput{acc},
			Actions: &finance.RuleActionsInput{Tags: []string{"bank"}}})
		if err != nil {
			t.Fatal(err)
		}
		if err := db.DeleteAccount(ctx, l, bank.ID, true); err != nil {
			t.Fatal(err)
		}
		if r, _ := db.Rule(ctx, l, byAccount.ID); len(r.Conditions) != 0 || r.Enabled {
			t.Fatalf("after the account's deletion: %+v", r)
		}
		if err := db.ReorderRules(ctx, l, []int64{byAccount.ID}); finance.ErrorCode(err) != finance.ECodeInvalid {
			t.Fatalf("a reorder must name every rule: %v", err)
		}
		if err := db.ReorderRules(ctx, l, []int64{byAccount.ID, rule.ID}); err != nil {
			t.Fatal(err)
		}
		if rs, _ := db.ListRules(ctx, l); len(rs) != 2 || rs[0].ID != byAccount.ID {
			t.Fatalf("order %+v", rs)
		}
	})
}
