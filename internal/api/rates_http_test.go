package api_test

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// A rate entered by hand converts the dashboard, the reports and the
// totals; a change of the base currency re-expresses them; bad rates are
// refused with field errors and change nothing.
func TestRatesHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClient(t, ledgerServer(t, db))
		c.signUp("rates@example.com")
		var eur, usd, food idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &eur)
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Card", "type": "card", "currency": "USD"}, &usd)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &food)
		for _, m := range []map[string]any{
			{"type": "expense", "date": "2026-03-02", "amount": 1000, "accountId": eur.ID, "categoryId": food.ID},
			{"type": "expense", "date": "2026-03-03", "amount": 2000, "accountId": usd.ID, "categoryId": food.ID},
		} {
			if code := c.do("POST", "/api/v1/movements", m, nil); code != 201 {
				t.Fatalf("movement: %d", code)
			}
		}
		type converted struct {
			Currency   string   `json:"currency"`
			Total      int64    `json:"total"`
			Incomplete []string `json:"incomplete"`
		}
		var rep struct {
			Converted converted `json:"converted"`
		}
		path := "/api/v1/reports/categories?from=2026-03-01&to=2026-03-31"
		get := func() {
			rep.Converted = converted{} // an empty "incomplete" is left out
			c.do("GET", path, nil, &rep)
		}
		get()
		if rep.Converted.Currency != "EUR" || rep.Converted.Total != 1000 || strings.Join(rep.Converted.Incomplete, ",") != "USD" {
			t.Fatalf("without a rate: %+v", rep.Converted)
		}
		// Bad rates: each a 400 with the field, and no rate stored.
		for _, bad := range []map[string]any{
			{"currency": "USD", "date": "2026-03-01", "rate": "0"},
			{"currency": "USD", "date": "2026-03-01", "rate": "-0.9"},
			{"currency": "USD", "date": "2026-03-01", "rate": 0.9},
			{"currency": "USD", "date": "2026-03-01", "rate": "1e3"},
			{"currency": "XYZ", "date": "2026-03-01", "rate": "0.9"},
			{"currency": "USD", "date": "1850-03-01", "rate": "0.9"},
			{"currency": "USD", "date": "2026-02-30", "rate": "0.9"},
			{"currency": "EUR", "date": "2026-03-01", "rate": "0.9"},
		} {
			var p problem
			if code := c.do("POST", "/api/v1/rates", bad, &p); code != 400 || p.Code == "" {
				t.Errorf("rate %v: %d %+v", bad, code, p)
			}
		}
		var rates struct {
			Items []map[string]any `json:"items"`
		}
		c.do("GET", "/api/v1/rates", nil, &rates)
		if len(rates.Items) != 0 {
			t.Fatalf("bad rates stored: %v", rates.Items)
		}
		var rate struct {
			ID, Currency, Quote, Date, Rate, Source string
		}
		if code := c.do("POST", "/api/v1/rates", map[string]any{"currency": "USD", "date": "2026-03-01", "rate": "0.9000"}, &rate); code != 201 ||
			rate.Quote != "EUR" || rate.Rate != "0.9" || rate.Source != "manual" {
			t.Fatalf("rate: %d %+v", code, rate)
		}
		get()
		if rep.Converted.Total != 1000+1800 || len(rep.Converted.Incomplete) != 0 {
			t.Fatalf("with a rate: %+v", rep.Converted)
		}
		var totals struct {
			Converted struct {
				Currency string `json:"currency"`
				Expenses int64  `json:"expenses"`
			} `json:"converted"`
		}
		c.do("GET", "/api/v1/movements/totals", nil, &totals)
		if totals.Converted.Expenses != 2800 {
			t.Fatalf("totals: %+v", totals)
		}
		var dash struct {
			Converted struct {
				Currency   string   `json:"currency"`
				Balance    int64    `json:"balance"`
				Incomplete []string `json:"incomplete"`
			} `json:"converted"`
		}
		c.do("GET", "/api/v1/dashboard?today=2026-03-20", nil, &dash)
		if dash.Converted.Balance != -2800 || dash.Converted.Incomplete == nil {
			t.Fatalf("dashboard: %+v", dash.Converted)
		}
		// The movement shows both amounts.
		var list struct {
			Items []struct {
				Amount     int64  `json:"amount"`
				Currency   string `json:"currency"`
				BaseAmount *int64 `json:"baseAmount"`
			} `json:"items"`
		}
		c.do("GET", "/api/v1/movements?accountId="+usd.ID, nil, &list)
		if len(list.Items) != 1 || list.Items[0].BaseAmount == nil || *list.Items[0].BaseAmount != 1800 {
			t.Fatalf("movement: %+v", list.Items)
		}
		// A new base: the same rate, read the other way.
		var ledger struct{ BaseCurrency string }
		if code := c.do("PUT", "/api/v1/ledger", map[string]any{"baseCurrency": "usd"}, &ledger); code != 200 || ledger.BaseCurrency != "USD" {
			t.Fatalf("base: %d %+v", code, ledger)
		}
		get()
		if rep.Converted.Currency != "USD" || rep.Converted.Total != 2000+1111 { // 10.00 EUR / 0.9 = 11.11 USD
			t.Fatalf("in USD: %+v", rep.Converted)
		}
		var p problem
		if code := c.do("PUT", "/api/v1/ledger", map[string]any{"baseCurrency": "XYZ"}, &p); code != 400 {
			t.Fatalf("unknown base: %d %+v", code, p)
		}
		c.do("GET", "/api/v1/ledger", nil, &ledger)
		if ledger.BaseCurrency != "USD" {
			t.Fatalf("a refused base changed it: %+v", ledger)
		}
		// Deleting the rate: incomplete again.
		if code := c.do("DELETE", "/api/v1/rates/"+rate.ID, nil, nil); code != 204 {
			t.Fatalf("delete: %d", code)
		}
		get()
		if rep.Converted.Total != 2000 || strings.Join(rep.Converted.Incomplete, ",") != "EUR" {
			t.Fatalf("after delete: %+v", rep.Converted)
		}
		// A cross-currency transfer teaches the rate of its day.
		if code := c.do("POST", "/api/v1/movements", map[string]any{"type": "transfer", "date": "2026-03-05", "amount": 10000,
			"accountId": eur.ID, "toAccountId": usd.ID, "toAmount": 10842}, nil); code != 201 {
			t.Fatalf("transfer: %d", code)
		}
		c.do("GET", "/api/v1/rates?currency=USD", nil, &rates)
		if len(rates.Items) != 1 || rates.Items[0]["rate"] != "1.0842" || rates.Items[0]["source"] != "transfer" {
			raw, _ := json.Marshal(rates.Items)
			t.Fatalf("learnt: %s", raw)
		}
		if err := storetest.CheckLedger(t.Context(), db, 1); err != nil {
			t.Fatal(err)
		}
	})
}

// Every endpoint that takes an id, from the route table, answers 404 to
// another ledger's user for each kind of id, and the owner's data stays: a
// new endpoint with an id cannot be added without a case here.
func TestEveryIDRouteIsLedgerScoped(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		owner, intruder := newClient(t, srv), newClient(t, srv)
		owner.signUp("owner-ids@example.com")
		intruder.signUp("intruder-ids@example.com")
		var acc, usd, cat, mov, rate, upload idReply
		owner.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &acc)
		owner.do("POST", "/api/v1/accounts", map[string]any{"name": "Card", "type": "card", "currency": "USD"}, &usd)
		owner.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &cat)
		owner.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-05-01", "amount": 250,
			"accountId": usd.ID, "categoryId": cat.ID}, &mov)
		owner.do("POST", "/api/v1/rates", map[string]any{"currency": "USD", "date": "2026-05-01", "rate": "0.9"}, &rate)
		if code := owner.upload("bank.csv", []byte("date,amount,description\n2026-05-02,-1.00,Bread\n"), acc.ID, &upload); code != 200 {
			t.Fatalf("upload: %d", code)
		}
		if code := owner.do("POST", "/api/v1/ledger/currencies", map[string]any{"code": "PTS", "name": "Points", "symbol": "P", "decimals": 0}, nil); code != 201 {
			t.Fatalf("custom currency: %d", code)
		}
		var sched idReply
		if code := owner.do("POST", "/api/v1/schedules", map[string]any{"type": "expense", "amount": 100, "accountId": acc.ID, "categoryId": cat.ID,
			"frequency": "weekly", "startDate": "2099-01-01"}, &sched); code != 201 {
			t.Fatalf("schedule: %d", code)
		}
		var rule idReply
		var run struct {
			RunID string `json:"runId"`
		}
		owner.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-05-01", "amount": 250, "accountId": acc.ID,
			"categoryId": cat.ID, "description": "Lunch"}, nil)
		if code := owner.do("POST", "/api/v1/rules", map[string]any{"name": "Lunch", "conditions": []map[string]any{{"field": "description", "op": "contains", "text": "lunch"}},
			"actions": map[string]any{"tags": []string{"work"}}}, &rule); code != 201 {
			t.Fatalf("rule: %d", code)
		}
		if code := owner.do("POST", "/api/v1/rules/"+rule.ID+"/apply?dryRun=false", nil, &run); code != 200 || run.RunID == "" {
			t.Fatalf("rule run: %d %+v", code, run)
		}
		var att idReply
		if code := owner.attach(mov.ID, "ticket.png", pngOf(4, 4), &att); code != 201 {
			t.Fatalf("attachment: %d", code)
		}
		_, _, export := owner.raw("GET", "/api/v1/me/export", "", nil)
		var ledgerImport idReply
		if code := owner.postFile("/api/v1/me/ledger-imports", nil, "export.json", export, &ledgerImport); code != 201 {
			t.Fatalf("ledger import: %d", code)
		}
		var ownerMe, intruderMe struct {
			UID      string `json:"uid"`
			LedgerID string `json:"ledgerId"`
		}
		owner.do("GET", "/api/v1/me", nil, &ownerMe)
		intruder.do("GET", "/api/v1/me", nil, &intruderMe)
		var inv idReply
		if code := owner.do("POST", "/api/v1/ledgers/"+ownerMe.LedgerID+"/invitations", map[string]any{"email": "friend@example.com", "role": "viewer"}, &inv); code != 201 {
			t.Fatalf("invitation: %d", code)
		}
		ids := map[string]string{"members": ownerMe.UID, "invitations": inv.ID, "accounts": acc.ID, "categories": cat.ID, "movements": mov.ID, "rates": rate.ID, "imports": upload.ID, "currencies": "PTS",
			"schedules": sched.ID, "rules": rule.ID, "runs": run.RunID, "attachments": att.ID,
			"ledger-imports": ledgerImport.ID}
		// A bank connection (made in the store: connecting one calls a bank),
		// with an account of the bank's and a match.
		ownerLedger, _ := strconv.ParseInt(ownerMe.LedgerID, 10, 64)
		connID, err := db.CreateBankConnection(t.Context(), ownerLedger, finance.BankConnectionDraft{Provider: finance.BankSimpleFIN, Status: finance.BankActive,
			Secret: "sb1:x", Accounts: []finance.BankAccount{{ID: "B1", Name: "Bank", Currency: "EUR"}}})
		if err != nil {
			t.Fatal(err)
		}
		ids["connections"] = strconv.FormatInt(connID, 10)
		var tok idReply
		if code := owner.do("POST", "/api/v1/me/tokens", map[string]any{"name": "script", "scope": "read"}, &tok); code != 201 {
			t.Fatalf("token: %d", code)
		}
		ids["tokens"] = tok.ID
		var mine idReply
		intruder.do("POST", "/api/v1/accounts", map[string]any{"name": "Mine", "type": "cash", "currency": "EUR"}, &mine)
		// A body each kind's writes would take from their owner.
		bodies := map[string]any{"accounts": map[string]any{"name": "Pwned"}, "categories": map[string]any{"name": "Pwned"},
			"movements": map[string]any{"amount": 1}, "imports": map[string]any{"accountId": mine.ID, "skipInvalid": true},
			"schedules": map[string]any{"amount": 1}, "rules": map[string]any{"name": "Pwned"}, "members": map[string]any{"role": "viewer"},
			"ledger-imports": map[string]any{"name": "Pwned"}, "connections": map[string]any{"syncEveryHours": 1}}
		for _, pattern := range routePatterns(t) {
			method, path, _ := strings.Cut(pattern, " ")
			// The intruder's own ledger, named in the path, holds none of the owner's ids either.
			path = strings.Replace(path, "{ledgerId}", intruderMe.LedgerID, 1)
			before, rest, ok := strings.Cut(path, "/{")
			param, _, _ := strings.Cut(rest, "}")
			if !ok || param == "provider" || param == "token" { // a sign-in provider is no ledger's; invitation tokens: TestInvitations
				continue
			}
			if strings.HasPrefix(path, "/api/v1/admin/") { // the administration reaches every user: TestAdministration
				continue
			}
			if strings.HasPrefix(path, "/api/v1/me/passkeys/") { // registering one needs a device: TestPasskeys tries another user's
				continue
			}
			kind := before[strings.LastIndex(before, "/")+1:]
			id, known := ids[kind]
			if !known {
				t.Errorf("%s: no %s id to try from another ledger; add one here", pattern, kind)
				continue
			}
			var p problem
			if code := intruder.do(method, strings.Replace(path, "{"+param+"}", id, 1), bodies[kind], &p); code != 404 || p.Code != "not_found" {
				t.Errorf("%s with another ledger's %s: %d %+v, want 404 not_found", pattern, kind, code, p)
			}
		}
		// The owner's things are all there, unchanged.
		for kind, id := range ids {
			if kind == "imports" || kind == "runs" || kind == "attachments" || kind == "members" || kind == "invitations" {
				continue // an upload has no GET; its preview shows it is there (a run: its undo, a file: its GET, below; members and invitations: TestLedgerRoles)
			}
			if kind == "tokens" {
				var list []struct{ ID string }
				if owner.do("GET", "/api/v1/me/tokens", nil, &list); len(list) != 1 || list[0].ID != id {
					t.Errorf("owner's tokens: %+v", list)
				}
				continue
			}
			if kind == "currencies" {
				var list struct{ Items []struct{ Code string } }
				owner.do("GET", "/api/v1/ledger/currencies", nil, &list)
				if len(list.Items) != 1 || list.Items[0].Code != "PTS" {
					t.Errorf("owner's currencies: %+v", list.Items)
				}
				continue
			}
			if kind == "rates" {
				var rates struct{ Items []struct{ ID, Rate string } }
				owner.do("GET", "/api/v1/rates", nil, &rates)
				if len(rates.Items) != 1 || rates.Items[0].Rate != "0.9" {
					t.Errorf("owner's rates: %+v", rates.Items)
				}
				continue
			}
			if kind == "connections" {
				var c struct{ ID string }
				if code := owner.do("GET", "/api/v1/bank/connections/"+id, nil, &c); code != 200 || c.ID != id {
					t.Errorf("owner's bank connection: %d %+v", code, c)
				}
				continue
			}
			if kind == "ledger-imports" {
				var p struct{ ID string }
				if code := owner.do("GET", "/api/v1/me/ledger-imports/"+id, nil, &p); code != 200 || p.ID != id {
					t.Errorf("owner's ledger import: %d %+v", code, p)
				}
				continue
			}
			var got map[string]any
			if code := owner.do("GET", "/api/v1/"+kind+"/"+id, nil, &got); code != 200 || got["name"] == "Pwned" || got["amount"] == float64(1) {
				t.Errorf("owner's %s: %d %v", kind, code, got)
			}
			if kind == "schedules" && got["done"] != float64(0) {
				t.Errorf("the intruder posted or skipped the owner's schedule: %v", got)
			}
		}
		if code := owner.do("POST", "/api/v1/imports/"+upload.ID+"/preview", map[string]any{"accountId": acc.ID}, nil); code != 200 {
			t.Errorf("owner's upload: %d", code)
		}
		if code := owner.do("POST", "/api/v1/rules/runs/"+run.RunID+"/undo", nil, nil); code != 200 {
			t.Errorf("owner's rule run: %d", code)
		}
		if resp, body := owner.fetch(owner.base + "/api/v1/attachments/" + att.ID); resp.StatusCode != 200 || !bytes.Equal(body, pngOf(4, 4)) {
			t.Errorf("owner's file: %d", resp.StatusCode)
		}
		if err := storetest.CheckLedger(t.Context(), db, 1); err != nil {
			t.Fatal(err)
		}
	})
}
