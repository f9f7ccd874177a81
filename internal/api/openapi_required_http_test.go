package api_test

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	"cashcontrol/internal/api/openapitest"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// TestOpenAPIRequiredFields: the fields a create's body marks required are
// the ones the server cannot do without. For every operation whose body
// lists required fields, a body with them (and what its kind needs beside:
// a category for an expense) is taken, and the same body without any one
// of them is refused with a 4xx. An operation that marks fields required
// without a body here fails the test, so a new one cannot slip through.
func TestOpenAPIRequiredFields(t *testing.T) {
	doc, err := openapitest.Document()
	if err != nil {
		t.Fatal(err)
	}
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c := newClient(t, srv)
		c.signUp("required@example.com")
		var acc, expense, earning, ledger idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &acc)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &expense)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Pay", "type": "earning"}, &earning)
		c.do("POST", "/api/v1/ledgers", map[string]any{"name": "Shared"}, &ledger)
		n := 0
		// A body an operation takes, new each time it is asked for (names stay unique).
		bodies := map[string]func() map[string]any{
			"signUp": func() map[string]any {
				return map[string]any{"email": fmt.Sprintf("new%d@example.com", n), "password": "mango-river-42"}
			},
			"login": func() map[string]any {
				return map[string]any{"email": "required@example.com", "password": "mango-river-42"}
			},
			"createAccount": func() map[string]any {
				return map[string]any{"name": fmt.Sprintf("Account %d", n), "type": "bank", "currency": "EUR"}
			},
			"createCategory": func() map[string]any {
				return map[string]any{"name": fmt.Sprintf("Category %d", n), "type": "expense"}
			},
			"createMovement": func() map[string]any {
				return map[string]any{"type": "expense", "date": "2026-03-01", "amount": 1250, "accountId": acc.ID, "categoryId": expense.ID}
			},
			"createLedger": func() map[string]any { return map[string]any{"name": fmt.Sprintf("Ledger %d", n)} },
			"createRate": func() map[string]any {
				return map[string]any{"currency": "USD", "date": fmt.Sprintf("2026-01-%02d", n%28+1), "rate": "1.08"}
			},
			"createSchedule": func() map[string]any {
				return map[string]any{"type": "earning", "amount": 250000, "accountId": acc.ID, "categoryId": earning.ID, "frequency": "monthly", "startDate": "2026-01-28"}
			},
			"createRule": func() map[string]any {
				return map[string]any{"name": fmt.Sprintf("Rule %d", n), "conditions": []any{map[string]any{"field": "description", "op": "contains", "text": "bar"}},
					"actions": map[string]any{"tags": []string{"bar"}}}
			},
			"createToken": func() map[string]any { return map[string]any{"name": fmt.Sprintf("Token %d", n), "scope": "read"} },
			"createInvitation": func() map[string]any {
				return map[string]any{"email": fmt.Sprintf("guest%d@example.com", n), "role": "viewer"}
			},
			"createCustomCurrency": func() map[string]any {
				// Q then a letter past A: no ISO 4217 code (QAR is one) is taken.
				return map[string]any{"code": fmt.Sprintf("Q%c%c", 'B'+n/26%25, 'A'+n%26), "name": fmt.Sprintf("Coin %d", n)}
			},
		}
		for path, item := range doc.Paths.Map() {
			for method, o := range item.Operations() {
				if o.RequestBody == nil || strings.HasSuffix(o.OperationID, "InLedger") {
					continue
				}
				media := o.RequestBody.Value.Content.Get("application/json")
				if media == nil || len(media.Schema.Value.Required) == 0 {
					continue
				}
				body, ok := bodies[o.OperationID]
				if !ok {
					t.Errorf("%s %s (%s) marks %v required: add a body of it to this test", method, path, o.OperationID, media.Schema.Value.Required)
					continue
				}
				url := strings.ReplaceAll(path, "{ledgerId}", ledger.ID)
				c := c
				if o.Security != nil && len(*o.Security) == 0 {
					c = newClient(t, srv) // a sign-up or a sign-in: not as the user who owns the rest
				}
				n++
				var refused problem
				if code := c.do(method, url, body(), &refused); code/100 != 2 {
					t.Errorf("%s: a body with every required field: %d %+v", o.OperationID, code, refused)
				}
				for _, field := range media.Schema.Value.Required {
					n++
					without := maps.Clone(body())
					delete(without, field)
					var p problem
					if code := c.do(method, url, without, &p); code/100 != 4 {
						t.Errorf("%s without %q: %d, want a refusal", o.OperationID, field, code)
					}
				}
				delete(bodies, o.OperationID)
			}
		}
		for id := range bodies {
			t.Errorf("%s has a body here but marks no field required", id)
		}
	})
}
