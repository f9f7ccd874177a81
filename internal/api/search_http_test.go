package api_test

import (
	"net/url"
	"strings"
	"testing"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// TestSearchHTTP: whatever a user types in q (quotes, stars, operators,
// parentheses, backslashes) is answered 200 by the list, the totals and the
// export; NUL and bytes that are not UTF-8 get the API's 400 for any query
// string, never a 500; words find movements without their accents.
func TestSearchHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c := newClient(t, srv)
		c.signUp("search@example.com")
		var acc, cat idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &acc)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Trips", "type": "expense"}, &cat)
		if code := c.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-03-10", "amount": 1250,
			"accountId": acc.ID, "categoryId": cat.ID, "description": "Viaje a Zanzíbar", "notes": "Café"}, nil); code != 201 {
			t.Fatalf("create: %d", code)
		}
		type page struct {
			Items []struct{ Description string } `json:"items"`
		}
		for _, q := range []string{`"`, `*`, `-`, `:`, `(`, `)`, `()`, `"zanz`, `zanz*`, `-zanzibar`, `zanzibar:*`, `NOT`, `OR`, `AND`, `NEAR`,
			`zanzibar OR`, `'`, `''`, `\`, `%`, `_`, `&`, `|`, `!`, `<->`, `^`, `{}`, `[]`, `@@`, `~`,
			`zanzibar cafe`, `ZANZÍBAR`, strings.Repeat("a", 200), strings.Repeat("a ", 100)} {
			v := url.Values{"q": {q}}.Encode()
			var p page
			if code := c.do("GET", "/api/v1/movements?"+v, nil, &p); code != 200 {
				t.Errorf("list q=%q: %d", q, code)
			}
			if code := c.do("GET", "/api/v1/movements/totals?"+v, nil, nil); code != 200 {
				t.Errorf("totals q=%q: %d", q, code)
			}
			if code := c.do("GET", "/api/v1/movements/export.csv?"+v, nil, nil); code != 200 {
				t.Errorf("export q=%q: %d", q, code)
			}
		}
		for _, q := range []string{"\x00", "zanz\x00ibar", "\xff\xfe"} {
			if code := c.do("GET", "/api/v1/movements?"+url.Values{"q": {q}}.Encode(), nil, nil); code != 400 {
				t.Errorf("list q=%q: %d", q, code)
			}
		}
		var p page
		if c.do("GET", "/api/v1/movements?q=zanzibar+CAFE", nil, &p); len(p.Items) != 1 || p.Items[0].Description != "Viaje a Zanzíbar" {
			t.Fatalf("zanzibar cafe: %+v", p)
		}
	})
}
