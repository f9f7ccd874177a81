package api_test

import (
	"net/url"
	"testing"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

type ruleChange struct {
	RuleName string `json:"ruleName"`
	Field    string `json:"field"`
	From     string `json:"from"`
	To       string `json:"to"`
}

// Rules over HTTP: bad rules are 400s naming the field; a create runs the
// rules unless ?rules=false; an import's preview shows what each rule
// changed, row by row, and the commit keeps it; apply previews, applies and
// undoes.
func TestRulesHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c, acc := importClient(t, srv, "rules@example.com")
		var groceries, misc idReply
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Groceries", "type": "expense"}, &groceries)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Misc", "type": "expense"}, &misc)

		for field, body := range map[string]map[string]any{
			"name": {"conditions": []map[string]any{{"field": "description", "op": "contains", "text": "x"}}, "actions": map[string]any{"tags": []string{"a"}}},
			"conditions[0].op": {"name": "r", "conditions": []map[string]any{{"field": "description", "op": "between", "text": "x"}},
				"actions": map[string]any{"tags": []string{"a"}}},
			"actions.categoryId": {"name": "r", "conditions": []map[string]any{{"field": "description", "op": "contains", "text": "x"}},
				"actions": map[string]any{"categoryId": "999999"}},
			"conditions[0].accountId": {"name": "r", "conditions": []map[string]any{{"field": "account", "op": "equals", "accountId": "999999"}},
				"actions": map[string]any{"tags": []string{"a"}}},
		} {
			var p problem
			if code := c.do("POST", "/api/v1/rules", body, &p); code != 400 || len(p.Errors) == 0 || p.Errors[0].Field != field {
				t.Fatalf("%s: %d %+v", field, code, p)
			}
		}
		var rules struct{ Items []any }
		if c.do("GET", "/api/v1/rules", nil, &rules); len(rules.Items) != 0 {
			t.Fatalf("a refused rule was stored: %+v", rules)
		}

		var rule struct {
			ID string `json:"id"`
		}
		if code := c.do("POST", "/api/v1/rules", map[string]any{"name": "Mercadona", "match": "any",
			"conditions": []map[string]any{{"field": "description", "op": "contains", "text": "MERCADONA"}, {"field": "notes", "op": "startsWith", "text": "súper"}},
			"actions":    map[string]any{"categoryId": groceries.ID, "tags": []string{"Food"}, "description": "Mercadona"}}, &rule); code != 201 {
			t.Fatalf("rule: %d", code)
		}

		// The form asks while the user types: the rule's category comes with
		// the suggestions, named by the rule (the same matcher as on save).
		var sug struct {
			Rule *ruleChange `json:"rule"`
		}
		if code := c.do("GET", "/api/v1/categories/suggest?description="+url.QueryEscape("MERCADONA 123")+"&type=expense&accountId="+acc.ID, nil, &sug); code != 200 ||
			sug.Rule == nil || sug.Rule.To != groceries.ID || sug.Rule.RuleName != "Mercadona" || sug.Rule.Field != "categoryId" {
			t.Fatalf("suggest with a rule: %d %+v", code, sug.Rule)
		}
		sug.Rule = nil
		if c.do("GET", "/api/v1/categories/suggest?description=bar&type=expense", nil, &sug); sug.Rule != nil {
			t.Fatalf("no rule matches, yet %+v", sug.Rule)
		}

		var made struct {
			CategoryID  string       `json:"categoryId"`
			Description string       `json:"description"`
			Tags        []string     `json:"tags"`
			Rules       []ruleChange `json:"rules"`
		}
		if code := c.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-05-01", "amount": 1250, "accountId": acc.ID,
			"description": "compra mercadona 12"}, &made); code != 201 {
			t.Fatalf("create: %d", code)
		}
		if made.CategoryID != groceries.ID || made.Description != "Mercadona" || len(made.Tags) != 1 || len(made.Rules) != 3 || made.Rules[0].RuleName != "Mercadona" {
			t.Fatalf("created with the rule: %+v", made)
		}
		var p problem
		if code := c.do("POST", "/api/v1/movements?rules=false", map[string]any{"type": "expense", "date": "2026-05-01", "amount": 1250, "accountId": acc.ID,
			"description": "compra mercadona 12"}, &p); code != 400 || p.Errors[0].Field != "categoryId" {
			t.Fatalf("without rules: %d %+v", code, p)
		}

		// An import: the preview shows the rule's category and changes, the
		// commit stores them.
		var pv struct {
			ID   string `json:"id"`
			Rows []struct {
				Description string       `json:"description"`
				Category    string       `json:"category"`
				Rules       []ruleChange `json:"rules"`
			} `json:"rows"`
			NewCategories []struct{ Name string } `json:"newCategories"`
		}
		csv := "date,description,amount,notes\n2026-06-01,MERCADONA 0042,-30.00,\n2026-06-02,Otra cosa,-5.00,súper ofertas\n2026-06-03,Cine,-7.00,\n"
		if code := c.upload("bank.csv", []byte(csv), acc.ID, &pv); code != 200 {
			t.Fatalf("upload: %d", code)
		}
		if len(pv.Rows) != 3 || pv.Rows[0].Category != "Groceries" || pv.Rows[0].Description != "Mercadona" || len(pv.Rows[0].Rules) != 3 ||
			pv.Rows[1].Category != "Groceries" || len(pv.Rows[2].Rules) != 0 {
			t.Fatalf("preview rows: %+v", pv.Rows)
		}
		if code := c.do("POST", "/api/v1/imports/"+pv.ID+"/commit", map[string]any{"accountId": acc.ID}, nil); code != 200 {
			t.Fatalf("commit: %d", code)
		}
		var list struct {
			Items []struct {
				Description string   `json:"description"`
				CategoryID  string   `json:"categoryId"`
				Tags        []string `json:"tags"`
			} `json:"items"`
		}
		c.do("GET", "/api/v1/movements?from=2026-06-01&categoryId="+groceries.ID, nil, &list)
		if len(list.Items) != 2 || list.Items[0].Tags[0] != "food" {
			t.Fatalf("imported with the rule: %+v", list.Items)
		}

		// Apply to the existing: a movement in Misc that the rule matches.
		c.do("POST", "/api/v1/movements?rules=false", map[string]any{"type": "expense", "date": "2026-04-01", "amount": 900, "accountId": acc.ID,
			"categoryId": misc.ID, "description": "MERCADONA old"}, nil)
		var dry struct {
			RunID  string `json:"runId"`
			Count  int    `json:"count"`
			Sample []struct {
				Description string       `json:"description"`
				Changes     []ruleChange `json:"changes"`
			} `json:"sample"`
		}
		if code := c.do("POST", "/api/v1/rules/"+rule.ID+"/apply?dryRun=true", nil, &dry); code != 200 || dry.Count != 1 || dry.RunID != "" ||
			dry.Sample[0].Description != "MERCADONA old" || dry.Sample[0].Changes[0].From != misc.ID {
			t.Fatalf("dry run: %d %+v", code, dry)
		}
		if code := c.do("POST", "/api/v1/rules/"+rule.ID+"/apply?dryRun=maybe", nil, &p); code != 400 || p.Errors[0].Field != "dryRun" {
			t.Fatalf("dryRun=maybe: %d %+v", code, p)
		}
		var run struct {
			RunID string `json:"runId"`
			Count int    `json:"count"`
		}
		if code := c.do("POST", "/api/v1/rules/"+rule.ID+"/apply?dryRun=false", nil, &run); code != 200 || run.Count != 1 || run.RunID == "" {
			t.Fatalf("apply: %d %+v", code, run)
		}
		c.do("GET", "/api/v1/movements?categoryId="+misc.ID, nil, &list)
		if len(list.Items) != 0 {
			t.Fatalf("applied, Misc keeps %+v", list.Items)
		}
		var undo struct{ Restored, Kept int }
		if code := c.do("POST", "/api/v1/rules/runs/"+run.RunID+"/undo", nil, &undo); code != 200 || undo.Restored != 1 {
			t.Fatalf("undo: %d %+v", code, undo)
		}
		c.do("GET", "/api/v1/movements?categoryId="+misc.ID, nil, &list)
		if len(list.Items) != 1 || list.Items[0].Description != "MERCADONA old" {
			t.Fatalf("undone: %+v", list.Items)
		}
		if code := c.do("PATCH", "/api/v1/rules/"+rule.ID, map[string]any{"enabled": false}, nil); code != 200 {
			t.Fatalf("disable: %d", code)
		}
		if code := c.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-05-01", "amount": 1, "accountId": acc.ID,
			"description": "mercadona"}, &p); code != 400 {
			t.Fatalf("a disabled rule still ran: %d", code)
		}
		if code := c.do("DELETE", "/api/v1/rules/"+rule.ID, nil, nil); code != 204 {
			t.Fatalf("delete: %d", code)
		}
	})
}
