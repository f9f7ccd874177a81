package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// reconcileFixture is an account (opening 1000) with a cleared expense of
// 200 on 2026-05-02, an uncleared earning of 50 on 2026-05-03, a cleared
// transfer of 300 received on 2026-05-04 and a cleared expense of 70 on
// 2026-06-01 (after the statement).
type reconcileFixture struct {
	ledger           int64
	acc, other       *finance.Account
	exp, earn        *finance.Category
	out, in, tr, jun *finance.Movement
}

func newReconcileFixture(t *testing.T, db *store.DB, email string) reconcileFixture {
	t.Helper()
	var f reconcileFixture
	f.ledger = newLedger(t, db, email)
	f.acc = mustAccount(t, db, f.ledger, "Bank", "EUR", 1000)
	f.other = mustAccount(t, db, f.ledger, "Savings", "EUR", 5000)
	f.exp = mustCategory(t, db, f.ledger, "Food", "expense", 0)
	f.earn = mustCategory(t, db, f.ledger, "Salary", "earning", 0)
	mk := func(d finance.MovementDraft) *finance.Movement {
		t.Helper()
		m, err := db.CreateMovement(context.Background(), f.ledger, d)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	f.out = mk(finance.MovementDraft{Type: "expense", Date: "2026-05-02", Amount: 200, AccountID: f.acc.ID, CategoryID: f.exp.ID, State: "cleared"})
	f.in = mk(finance.MovementDraft{Type: "earning", Date: "2026-05-03", Amount: 50, AccountID: f.acc.ID, CategoryID: f.earn.ID})
	f.tr = mk(finance.MovementDraft{Type: "transfer", Date: "2026-05-04", Amount: 300, AccountID: f.other.ID, ToAccountID: f.acc.ID, State: "cleared"})
	f.jun = mk(finance.MovementDraft{Type: "expense", Date: "2026-06-01", Amount: 70, AccountID: f.acc.ID, CategoryID: f.exp.ID, State: "cleared"})
	return f
}

func stateOf(t *testing.T, db *store.DB, ledger, id int64) string {
	t.Helper()
	m, err := db.Movement(context.Background(), ledger, id)
	if err != nil {
		t.Fatal(err)
	}
	return m.State
}

func TestMovementStateAndLock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newReconcileFixture(t, db, "state@example.com")
		if f.in.State != "uncleared" || f.out.State != "cleared" {
			t.Fatalf("states: %q %q", f.in.State, f.out.State)
		}
		// Marking: a patch of the state alone.
		if m, err := db.UpdateMovement(ctx, f.ledger, f.in.ID, finance.MovementInput{State: ptr("cleared")}); err != nil || m.State != "cleared" || m.Amount != 50 {
			t.Fatalf("mark cleared: %v %+v", err, m)
		}
		if _, err := db.UpdateMovement(ctx, f.ledger, f.in.ID, finance.MovementInput{State: ptr("bogus")}); finance.ErrorCode(err) != finance.ECodeInvalid {
			t.Fatalf("unknown state: %v", err)
		}
		// Only a reconciliation reconciles (or a confirmed patch).
		if _, err := db.UpdateMovement(ctx, f.ledger, f.jun.ID, finance.MovementInput{State: ptr("reconciled")}); finance.ErrorCode(err) != finance.ECodeReconciled {
			t.Fatalf("a patch into reconciled: %v", err)
		}
		if _, err := db.CreateMovement(ctx, f.ledger, finance.MovementDraft{Type: "expense", Date: "2026-05-02", Amount: 1, AccountID: f.acc.ID,
			CategoryID: f.exp.ID, State: "reconciled"}); finance.ErrorCode(err) != finance.ECodeInvalid {
			t.Fatalf("a reconciled movement created: %v", err)
		}
		// The list filters by state.
		items, _, err := db.ListMovements(ctx, f.ledger, finance.MovementFilter{States: []string{"uncleared"}}, 50, "")
		if err != nil || len(items) != 0 {
			t.Fatalf("uncleared after marking: %v %d", err, len(items))
		}
		items, _, err = db.ListMovements(ctx, f.ledger, finance.MovementFilter{States: []string{"cleared"}, AccountIDs: []int64{f.acc.ID}}, 50, "")
		if err != nil || len(items) != 4 {
			t.Fatalf("cleared: %v %d", err, len(items))
		}
		// Reconcile: 1000 - 200 + 50 + 300 = 1150 on 2026-05-31.
		res, _, err := db.Reconcile(ctx, f.ledger, f.acc.ID, finance.ReconcileInput{Date: "2026-05-31", Balance: ptr(int64(1150))}, finance.LangEnglish, nil)
		if err != nil || res.Reconciled != 3 || res.Difference != 0 {
			t.Fatalf("reconcile: %v %+v", err, res)
		}
		// A reconciled movement's amount, date, account and deletion are locked.
		for name, in := range map[string]finance.MovementInput{"amount": {Amount: ptr(int64(201))}, "date": {Date: ptr("2026-05-05")},
			"account": {AccountID: &finance.IDInput{ID: f.other.ID, Set: true}}, "state": {State: ptr("cleared")}} {
			if _, err := db.UpdateMovement(ctx, f.ledger, f.out.ID, in); finance.ErrorCode(err) != finance.ECodeReconciled {
				t.Errorf("%s of a reconciled movement: %v", name, err)
			}
		}
		if err := db.DeleteMovement(ctx, f.ledger, f.out.ID); finance.ErrorCode(err) != finance.ECodeReconciled {
			t.Fatalf("delete of a reconciled movement: %v", err)
		}
		if _, err := db.DeleteMovements(ctx, f.ledger, []int64{f.jun.ID, f.out.ID}); finance.ErrorCode(err) != finance.ECodeReconciled {
			t.Fatalf("bulk delete with a reconciled movement: %v", err)
		}
		if m, _ := db.Movement(ctx, f.ledger, f.jun.ID); m == nil {
			t.Fatal("the refused bulk delete deleted the other movement")
		}
		// What a balance does not rest on stays free; the same value too.
		if m, err := db.UpdateMovement(ctx, f.ledger, f.out.ID, finance.MovementInput{Description: ptr("Groceries"), Amount: ptr(int64(200))}); err != nil || m.Description != "Groceries" {
			t.Fatalf("description of a reconciled movement: %v", err)
		}
		acc, _ := db.Account(ctx, f.ledger, f.acc.ID)
		if acc.Balance != 1080 || acc.LastReconciled == nil || acc.LastReconciled.Date != "2026-05-31" || acc.LastReconciled.Balance != 1150 {
			t.Fatalf("account: %+v %+v", acc, acc.LastReconciled)
		}
		if err := storetest.CheckLedger(ctx, db, f.ledger); err != nil {
			t.Fatal(err)
		}
		// Confirmed: it changes, and the activity says so; the check then
		// reports the reconciliation it broke.
		if m, err := db.UpdateMovementConfirmed(ctx, f.ledger, f.out.ID, finance.MovementInput{Amount: ptr(int64(210))}, true); err != nil || m.Amount != 210 {
			t.Fatalf("confirmed change: %v", err)
		}
		if err := db.CheckLedger(ctx, f.ledger); err == nil || !strings.Contains(err.Error(), "reconciled on 2026-05-31 at 1150, its reconciled movements say 1140") {
			t.Fatalf("the check after a confirmed change: %v", err)
		}
		acts, _, err := db.Activity(ctx, f.ledger, 0, 10)
		if err != nil || acts[1].Action != finance.ActReconciledChanged || *acts[1].SubjectID != f.out.ID {
			t.Fatalf("activity: %v %+v", err, acts[:2])
		}
		if _, err := db.DeleteMovementsConfirmed(ctx, f.ledger, []int64{f.out.ID}, true); err != nil {
			t.Fatalf("confirmed delete: %v", err)
		}
		// A new statement reconciles again: 1000 + 50 + 300 without the deleted expense.
		if _, _, err := db.Reconcile(ctx, f.ledger, f.acc.ID, finance.ReconcileInput{Date: "2026-05-31", Balance: ptr(int64(1350))}, finance.LangEnglish, nil); err != nil {
			t.Fatal(err)
		}
		if err := storetest.CheckLedger(ctx, db, f.ledger); err != nil {
			t.Fatal(err)
		}
	})
}

func TestReconcile(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newReconcileFixture(t, db, "reconcile@example.com")
		// The screen: cleared 1000 - 200 + 300 = 1100, the earning uncleared.
		v, err := db.ReconcileView(ctx, f.ledger, f.acc.ID, "2026-05-31", 50, "")
		if err != nil || v.ClearedBalance != 1100 || len(v.Uncleared) != 1 || v.Uncleared[0].ID != f.in.ID || v.LastReconciled != nil {
			t.Fatalf("view: %v %+v", err, v)
		}
		// The statement says 1150: the missing earning; nothing changes.
		_, _, err = db.Reconcile(ctx, f.ledger, f.acc.ID, finance.ReconcileInput{Date: "2026-05-31", Balance: ptr(int64(1150))}, finance.LangEnglish, nil)
		var fe *finance.Error
		if finance.ErrorCode(err) != finance.ECodeReconcileDifference || !errors.As(err, &fe) || fe.Difference == nil || *fe.Difference != 50 {
			t.Fatalf("difference: %v", err)
		}
		if stateOf(t, db, f.ledger, f.out.ID) != "cleared" {
			t.Fatal("a refused reconciliation reconciled")
		}
		if acc, _ := db.Account(ctx, f.ledger, f.acc.ID); acc.LastReconciled != nil {
			t.Fatal("a refused reconciliation was stored")
		}
		// Tick the earning; finish.
		if _, err := db.UpdateMovement(ctx, f.ledger, f.in.ID, finance.MovementInput{State: ptr("cleared")}); err != nil {
			t.Fatal(err)
		}
		idem := &store.Idempotency{Key: "k1", Fingerprint: "f1"}
		res, replayed, err := db.Reconcile(ctx, f.ledger, f.acc.ID, finance.ReconcileInput{Date: "2026-05-31", Balance: ptr(int64(1150))}, finance.LangEnglish, idem)
		if err != nil || replayed || res.Reconciled != 3 || res.Difference != 0 {
			t.Fatalf("finish: %v %+v", err, res)
		}
		for _, m := range []*finance.Movement{f.out, f.in, f.tr} {
			if s := stateOf(t, db, f.ledger, m.ID); s != "reconciled" {
				t.Errorf("movement %d: %s", m.ID, s)
			}
		}
		if s := stateOf(t, db, f.ledger, f.jun.ID); s != "cleared" {
			t.Errorf("the movement after the statement: %s", s)
		}
		// A double click: the same key answers the first result; without a
		// key, nothing is left to reconcile.
		again, replayed, err := db.Reconcile(ctx, f.ledger, f.acc.ID, finance.ReconcileInput{Date: "2026-05-31", Balance: ptr(int64(1150))}, finance.LangEnglish, idem)
		if err != nil || !replayed || again.ID != res.ID || again.Reconciled != 3 {
			t.Fatalf("replay: %v %+v", err, again)
		}
		again, _, err = db.Reconcile(ctx, f.ledger, f.acc.ID, finance.ReconcileInput{Date: "2026-05-31", Balance: ptr(int64(1150)), Adjust: true}, finance.LangEnglish, nil)
		if err != nil || again.Reconciled != 0 || again.Adjustment != nil {
			t.Fatalf("again: %v %+v", err, again)
		}
		// A statement before the last one is refused.
		if _, _, err := db.Reconcile(ctx, f.ledger, f.acc.ID, finance.ReconcileInput{Date: "2026-05-30", Balance: ptr(int64(1150))}, finance.LangEnglish, nil); finance.ErrorCode(err) != finance.ECodeInvalid {
			t.Fatalf("an earlier statement: %v", err)
		}
		if err := storetest.CheckLedger(ctx, db, f.ledger); err != nil {
			t.Fatal(err)
		}
	})
}

func TestReconcileAdjustment(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newReconcileFixture(t, db, "adjust@example.com")
		// The bank says 1090: 10 less than the cleared 1100 (a fee).
		res, _, err := db.Reconcile(ctx, f.ledger, f.acc.ID, finance.ReconcileInput{Date: "2026-05-31", Balance: ptr(int64(1090)), Adjust: true}, finance.LangSpanish, nil)
		if err != nil || res.Adjustment == nil || res.Reconciled != 2 || res.Difference != 0 {
			t.Fatalf("adjust: %v %+v", err, res)
		}
		if s := stateOf(t, db, f.ledger, f.in.ID); s != "uncleared" {
			t.Fatalf("the uncleared earning: %s", s)
		}
		adj, err := db.Movement(ctx, f.ledger, *res.Adjustment)
		if err != nil || adj.Type != "expense" || adj.Amount != 10 || adj.Date != "2026-05-31" || adj.State != "reconciled" || adj.AccountID != f.acc.ID {
			t.Fatalf("adjustment: %v %+v", err, adj)
		}
		cat, err := db.Category(ctx, f.ledger, *adj.CategoryID)
		if err != nil || cat.Name != "Ajuste de conciliación" {
			t.Fatalf("category: %v %+v", err, cat)
		}
		acc, _ := db.Account(ctx, f.ledger, f.acc.ID)
		if acc.Balance != 1000-200+50+300-70-10 || acc.LastReconciled.Balance != 1090 {
			t.Fatalf("account: %+v", acc)
		}
		if err := storetest.CheckLedger(ctx, db, f.ledger); err != nil {
			t.Fatal(err)
		}
	})
}

// TestReconcileDraft: a reconciliation stopped halfway keeps its statement
// date and balance on the account (replaced by the next, refused when
// invalid or of another ledger's account), and finishing it forgets it.
func TestReconcileDraft(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newReconcileFixture(t, db, "draft@example.com")
		if acc, _ := db.Account(ctx, f.ledger, f.acc.ID); acc.ReconcileDraft != nil {
			t.Fatalf("a new account has a draft: %+v", acc.ReconcileDraft)
		}
		for _, in := range []finance.ReconcileDraftInput{{Date: "2026-05-31", Balance: ptr(int64(1200))}, {Date: "2026-05-31", Balance: ptr(int64(1150))}} {
			if d, err := db.SaveReconcileDraft(ctx, f.ledger, f.acc.ID, in); err != nil || d.Balance != *in.Balance {
				t.Fatalf("save: %v %+v", err, d)
			}
		}
		for _, in := range []finance.ReconcileDraftInput{{Date: "2026-02-30", Balance: ptr(int64(1))}, {Date: "2026-05-31"}} {
			if _, err := db.SaveReconcileDraft(ctx, f.ledger, f.acc.ID, in); finance.ErrorCode(err) != finance.ECodeInvalid {
				t.Fatalf("a bad draft %+v: %v", in, err)
			}
		}
		other := newLedger(t, db, "draft-other@example.com")
		if _, err := db.SaveReconcileDraft(ctx, other, f.acc.ID, finance.ReconcileDraftInput{Date: "2026-05-31", Balance: ptr(int64(1))}); finance.ErrorCode(err) != finance.ECodeNotFound {
			t.Fatalf("another ledger's account: %v", err)
		}
		list, err := db.ListAccounts(ctx, f.ledger)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range list {
			if a.ID == f.acc.ID && (a.ReconcileDraft == nil || *a.ReconcileDraft != (finance.ReconciledBalance{Date: "2026-05-31", Balance: 1150})) {
				t.Fatalf("the listed account's draft: %+v", a.ReconcileDraft)
			}
			if a.ID == f.other.ID && a.ReconcileDraft != nil {
				t.Fatalf("the other account has a draft: %+v", a.ReconcileDraft)
			}
		}
		// A refused reconciliation keeps it; a finished one forgets it.
		if _, _, err := db.Reconcile(ctx, f.ledger, f.acc.ID, finance.ReconcileInput{Date: "2026-05-31", Balance: ptr(int64(1150))}, finance.LangEnglish, nil); finance.ErrorCode(err) != finance.ECodeReconcileDifference {
			t.Fatal(err)
		}
		if acc, _ := db.Account(ctx, f.ledger, f.acc.ID); acc.ReconcileDraft == nil {
			t.Fatal("a refused reconciliation forgot the draft")
		}
		if _, err := db.UpdateMovement(ctx, f.ledger, f.in.ID, finance.MovementInput{State: ptr("cleared")}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.Reconcile(ctx, f.ledger, f.acc.ID, finance.ReconcileInput{Date: "2026-05-31", Balance: ptr(int64(1150))}, finance.LangEnglish, nil); err != nil {
			t.Fatal(err)
		}
		if acc, _ := db.Account(ctx, f.ledger, f.acc.ID); acc.ReconcileDraft != nil {
			t.Fatalf("a finished reconciliation kept the draft: %+v", acc.ReconcileDraft)
		}
		// Deleting one that is not there is fine.
		if _, err := db.SaveReconcileDraft(ctx, f.ledger, f.other.ID, finance.ReconcileDraftInput{Date: "2026-05-31", Balance: ptr(int64(1))}); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if err := db.DeleteReconcileDraft(ctx, f.ledger, f.other.ID); err != nil {
				t.Fatal(err)
			}
		}
		if acc, _ := db.Account(ctx, f.ledger, f.other.ID); acc.ReconcileDraft != nil {
			t.Fatal("the deleted draft is still there")
		}
	})
}
