package main

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
)

// reconcile reconciles an account on a past day as a user would: the
// screen's cleared balance, a few uncleared expenses and earnings ticked
// (transfers stay uncleared: a transfer is reconciled with both of its
// accounts, which the soak leaves to the tests), then the statement's
// balance — what the screen showed plus what was ticked — sent from another
// server; sometimes with an adjustment of whatever the other clients changed
// meanwhile. A statement before the account's last one is refused (400);
// a difference (409) when others changed the account meanwhile. A tick may
// find its movement reconciled by another client since the view was read
// (409 reconciled: it stays as it is).
func (s *soakRun) reconcile(ctx context.Context, c *soakClient) {
	acc, date := c.account(), c.date()
	var v struct {
		ClearedBalance int64         `json:"clearedBalance"`
		Uncleared      []apiMovement `json:"uncleared"`
	}
	code, b := s.call(ctx, c.client, "reconcile view", "GET", "/api/v1/accounts/"+acc.ID+"/reconciliation?limit=5&date="+date, nil, 200)
	if code != 200 || json.Unmarshal(b, &v) != nil {
		return
	}
	balance := v.ClearedBalance
	for _, m := range v.Uncleared {
		if m.Type == "transfer" || c.rng.IntN(2) == 0 {
			continue
		}
		// 409 reconciled: another client ticked it and reconciled the account since the view was read.
		if code, _ := s.call(ctx, c.client, "tick", "PATCH", "/api/v1/movements/"+m.ID, map[string]any{"state": "cleared"}, 200, 404, 409); code == 200 {
			if m.Type == "earning" {
				balance += m.Amount
			} else {
				balance -= m.Amount
			}
		}
	}
	body := map[string]any{"date": date, "balance": balance, "adjust": c.rng.IntN(4) == 0}
	code, b = s.call(ctx, c.peer(1), "reconcile", "POST", "/api/v1/accounts/"+acc.ID+"/reconciliations", body, 201, 409, 400)
	var res struct {
		Adjustment *string `json:"adjustmentId"`
	}
	if code == 201 && json.Unmarshal(b, &res) == nil && res.Adjustment != nil {
		c.l.record(1, 0) // the adjustment: a movement no client's pool holds
	}
}

// editReconciled sends, at once from two servers, a change of a reconciled
// movement's amount and its deletion, neither confirmed: both must be
// refused (409 reconciled) and the movement stay as it was.
func (s *soakRun) editReconciled(ctx context.Context, c *soakClient) {
	var page struct{ Items []apiMovement }
	code, b := s.call(ctx, c.client, "list reconciled", "GET", "/api/v1/movements?state=reconciled&limit=20", nil, 200)
	if code != 200 || json.Unmarshal(b, &page) != nil || len(page.Items) == 0 {
		return
	}
	m := page.Items[c.rng.IntN(len(page.Items))]
	var wg sync.WaitGroup
	start := make(chan struct{})
	for k := 0; k < 2; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			if k == 0 {
				s.call(ctx, c.peer(k), "edit reconciled", "PATCH", "/api/v1/movements/"+m.ID, map[string]any{"amount": m.Amount + 1}, 409)
			} else {
				s.call(ctx, c.peer(k), "delete reconciled", "DELETE", "/api/v1/movements/"+m.ID, nil, 409)
			}
		}()
	}
	close(start)
	wg.Wait()
	var now apiMovement
	if err := getJSON(ctx, c.client, "/api/v1/movements/"+m.ID, &now); err != nil || now.Amount != m.Amount || now.State != "reconciled" {
		s.problem("reconciled movement changed", "%s", fmt.Sprintf("movement %s after refused edits: %+v (%v), was %+v", m.ID, now, err, m))
	}
}

// reconciledBalances checks each account's last reconciliation against the
// movements listed: its opening balance plus its reconciled movements up to
// the statement's date (a transfer on both accounts) is the balance stored.
func reconciledBalances(accs []apiAccount, movs []apiMovement, bad func(string, ...any)) {
	for _, a := range accs {
		if a.LastReconciled == nil {
			continue
		}
		sum := a.OpeningBalance
		for _, m := range movs {
			if m.State != "reconciled" || m.Date > a.LastReconciled.Date {
				continue
			}
			switch {
			case m.AccountID == a.ID && m.Type == "earning":
				sum += m.Amount
			case m.AccountID == a.ID:
				sum -= m.Amount
			case m.ToAccountID != nil && *m.ToAccountID == a.ID && m.ToAmount != nil:
				sum += *m.ToAmount
			}
		}
		if sum != a.LastReconciled.Balance {
			bad("account %s: reconciled on %s at %d, its reconciled movements say %d", a.ID, a.LastReconciled.Date, a.LastReconciled.Balance, sum)
		}
	}
}
