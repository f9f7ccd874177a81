package api_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

type suggestReply struct {
	Items []struct {
		CategoryID string `json:"categoryId"`
		Confidence int    `json:"confidence"`
		Word       string `json:"word"`
		Count      int64  `json:"count"`
		Total      int64  `json:"total"`
	} `json:"items"`
}

// The ledger's history suggests a category, with its reason, to its owner
// only; bad parameters are 400s naming them; an import's rows without a
// category take the confident suggestion, shown in the preview, and keep it
// on commit.
func TestSuggestHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c, acc := importClient(t, srv, "suggest@example.com")
		var groceries, eating idReply
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Groceries", "type": "expense"}, &groceries)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Eating out", "type": "expense"}, &eating)
		for i, d := range []string{"MERCADONA VALENCIA", "Mercadona", "Compra Mercadona", "Bar Pepe"} {
			cat := groceries.ID
			if i == 3 {
				cat = eating.ID
			}
			if code := c.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-04-01", "amount": 1000 + i,
				"accountId": acc.ID, "categoryId": cat, "description": d}, nil); code != 201 {
				t.Fatalf("movement: %d", code)
			}
		}
		var s suggestReply
		if code := c.do("GET", "/api/v1/categories/suggest?description="+url.QueryEscape("compra en MERCADONA")+"&type=expense&accountId="+acc.ID+"&amount=1500", nil, &s); code != 200 {
			t.Fatalf("suggest: %d", code)
		}
		if len(s.Items) == 0 || s.Items[0].CategoryID != groceries.ID || s.Items[0].Word != "mercadona" || s.Items[0].Count != 3 || s.Items[0].Total != 3 ||
			s.Items[0].Confidence < finance.SuggestConfidence {
			t.Fatalf("suggestion: %+v", s)
		}
		if c.do("GET", "/api/v1/categories/suggest?description=mercadona&type=earning", nil, &s); len(s.Items) != 0 {
			t.Fatalf("an earning gets no expense category: %+v", s)
		}
		for q, field := range map[string]string{"type=transfer": "type", "accountId=x": "accountId", "amount=-1": "amount",
			"description=" + strings.Repeat("é", 201): "description"} {
			var p problem
			if code := c.do("GET", "/api/v1/categories/suggest?"+q, nil, &p); code != 400 || len(p.Errors) != 1 || p.Errors[0].Field != field {
				t.Fatalf("%s: %d %+v", q, code, p)
			}
		}
		other, _ := importClient(t, srv, "suggest-other@example.com")
		if other.do("GET", "/api/v1/categories/suggest?description=mercadona", nil, &s); len(s.Items) != 0 {
			t.Fatalf("another ledger's history leaked: %+v", s)
		}

		// An import without categories: Mercadona goes to Groceries, the
		// unknown shop to the fallback.
		var p struct {
			ID     string          `json:"id"`
			Errors json.RawMessage `json:"errors"`
			Rows   []struct {
				Description string `json:"description"`
				Category    string `json:"category"`
				Suggested   bool   `json:"suggested"`
			} `json:"rows"`
		}
		if code := c.upload("bank.csv", []byte("date,description,amount\n2026-05-02,MERCADONA 0042 ALICANTE,-12.50\n2026-05-03,Unknown shop,-3.00\n"), acc.ID, &p); code != 200 {
			t.Fatalf("upload: %d", code)
		}
		if string(p.Errors) != "[]" {
			t.Fatalf("a file without bad rows has errors %s, want []", p.Errors)
		}
		if len(p.Rows) != 2 || p.Rows[0].Category != "Groceries" || !p.Rows[0].Suggested || p.Rows[1].Suggested || p.Rows[1].Category == "Groceries" {
			t.Fatalf("preview rows: %+v", p.Rows)
		}
		if code := c.do("POST", "/api/v1/imports/"+p.ID+"/commit", map[string]any{"accountId": acc.ID}, nil); code != 200 {
			t.Fatalf("commit: %d", code)
		}
		var list struct {
			Items []struct {
				Description string `json:"description"`
				CategoryID  string `json:"categoryId"`
			} `json:"items"`
		}
		c.do("GET", "/api/v1/movements?from=2026-05-01", nil, &list)
		found := false
		for _, m := range list.Items {
			if m.Description == "MERCADONA 0042 ALICANTE" {
				found = m.CategoryID == groceries.ID
			}
		}
		if !found {
			t.Fatalf("the suggested category was not committed: %+v", list.Items)
		}
	})
}
