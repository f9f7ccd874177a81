package api_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"cashcontrol/internal/api"
	"cashcontrol/internal/auth"
	"cashcontrol/internal/importer/ledgerfile/ledgerfiletest"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

type ledgerImportReply struct {
	ID      string `json:"id"`
	Format  string `json:"format"`
	Name    string `json:"name"`
	Ledger  string `json:"ledger"`
	Ledgers []struct {
		ID        string `json:"id"`
		Name      string `json:"name"`
		Movements int    `json:"movements"`
	} `json:"ledgers"`
	Accounts []struct {
		Name     string `json:"name"`
		Currency string `json:"currency"`
		Balance  int64  `json:"balance"`
	} `json:"accounts"`
	Categories, Subcategories, Movements, Transfers, Splits, Tags int
	Budgets, Schedules, Rules, Attachments, SkippedCount          int
}

type ledgerImportResult struct {
	LedgerID  string `json:"ledgerId"`
	Name      string `json:"name"`
	Movements int    `json:"movements"`
}

// ledgerView is what a ledger holds, by names rather than ids, so that
// two ledgers compare.
func ledgerView(t *testing.T, c *client, ledger string) map[string]any {
	t.Helper()
	p := "/api/v1/ledgers/" + ledger
	var accounts struct {
		Items []struct {
			ID, Name, Type, Currency string
			Balance, OpeningBalance  int64
			Archived                 bool
		}
	}
	var cats struct {
		Items []struct {
			ID, Name, Type, Color, Icon string
			ParentID                    *string
			Archived                    bool
		}
	}
	var page struct {
		Items []struct {
			Type, Date, Description, Notes string
			Amount                         int64
			ToAmount                       *int64
			AccountID                      string
			ToAccountID                    *string
			CategoryID                     *string
			Tags                           []string
			Attachments                    int
			BaseAmount                     *int64
			Splits                         []struct {
				CategoryID string
				Amount     int64
				Note       string
			}
		} `json:"items"`
	}
	var schedules struct {
		Items []struct{ Description, NextDate, Frequency string } `json:"items"`
	}
	var rules struct {
		Items []struct {
			Name       string
			Conditions []map[string]any
			Actions    map[string]any
		}
	}
	var budgets map[string]any
	var currencies, rates struct{ Items []map[string]any }
	for path, out := range map[string]any{"/accounts": &accounts, "/categories": &cats, "/movements?limit=200": &page,
		"/schedules": &schedules, "/rules": &rules, "/budgets?month=2026-05": &budgets, "/ledger/currencies": &currencies,
		"/rates?currency=USD": &rates} {
		if code := c.do("GET", p+path, nil, out); code != 200 {
			t.Fatalf("GET %s: %d", p+path, code)
		}
	}
	accName, catName := map[string]string{}, map[string]string{}
	var accs, categories []string
	for _, a := range accounts.Items {
		accName[a.ID] = a.Name
		accs = append(accs, fmt.Sprintf("%s %s %s %d/%d archived=%v", a.Name, a.Type, a.Currency, a.OpeningBalance, a.Balance, a.Archived))
	}
	for _, x := range cats.Items {
		catName[x.ID] = x.Name
	}
	for _, x := range cats.Items {
		parent := ""
		if x.ParentID != nil {
			parent = catName[*x.ParentID]
		}
		categories = append(categories, fmt.Sprintf("%s/%s %s %s %s archived=%v", parent, x.Name, x.Type, x.Color, x.Icon, x.Archived))
	}
	var movements []string
	name := func(m map[string]string, id *string) string {
		if id == nil {
			return ""
		}
		return m[*id]
	}
	for _, m := range page.Items {
		var lines []string
		for _, s := range m.Splits {
			lines = append(lines, fmt.Sprintf("%s:%d:%s", catName[s.CategoryID], s.Amount, s.Note))
		}
		var to, base int64 = -1, -1
		if m.ToAmount != nil {
			to = *m.ToAmount
		}
		if m.BaseAmount != nil {
			base = *m.BaseAmount
		}
		movements = append(movements, fmt.Sprintf("%s %s %d>%d base=%d %s>%s [%s] %q %q %v files=%d %v", m.Date, m.Type, m.Amount, to, base,
			accName[m.AccountID], name(accName, m.ToAccountID), name(catName, m.CategoryID), m.Description, m.Notes, m.Tags, m.Attachments, lines))
	}
	var sched, rl []string
	for _, s := range schedules.Items {
		sched = append(sched, s.Description+" "+s.Frequency+" "+s.NextDate)
	}
	for _, r := range rules.Items {
		// Ids differ: the rule's shape and the names they stand for.
		act := fmt.Sprint(r.Actions["tags"], r.Actions["description"])
		if id, ok := r.Actions["categoryId"].(string); ok {
			act += " category=" + catName[id]
		}
		rl = append(rl, fmt.Sprintf("%s %d %s", r.Name, len(r.Conditions), act))
	}
	for _, l := range [][]string{accs, categories, movements, sched, rl} {
		sort.Strings(l)
	}
	delete(budgets, "month")
	return map[string]any{"accounts": accs, "categories": categories, "movements": movements, "schedules": sched, "rules": rl,
		"budgets": fmt.Sprint(stripIDs(budgets, catName)), "currencies": fmt.Sprint(currencies.Items), "rates": len(rates.Items)}
}

// stripIDs replaces category ids in a budget report with names.
func stripIDs(v any, names map[string]string) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, val := range x {
			if k == "categoryId" || k == "parentId" {
				if s, ok := val.(string); ok {
					val = names[s]
				}
			}
			out[k] = stripIDs(val, names)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i := range x {
			out[i] = stripIDs(x[i], names)
		}
		return out
	}
	return v
}

// A user's export comes back whole as a new ledger: accounts, the category
// tree, movements with tags, splits and files, transfers between
// currencies, the ledger's own currency and rates, budgets, schedules and
// rules — once, however many times the commit is sent.
func TestLedgerImportRestoresTheUsersExport(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c := newClient(t, srv)
		c.signUp("restore@example.com")
		me := c.me()
		var eur, usd, pts, food, lunch, salary, mov idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR", "openingBalance": 100000}, &eur)
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Dollars", "type": "card", "currency": "USD"}, &usd)
		if code := c.do("POST", "/api/v1/ledger/currencies", map[string]any{"code": "PTS", "name": "Points", "symbol": "P", "decimals": 0}, nil); code != 201 {
			t.Fatalf("currency: %d", code)
		}
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Loyalty", "type": "savings", "currency": "PTS", "openingBalance": 50}, &pts)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Comida", "type": "expense", "color": "#ff0000", "icon": "cart"}, &food)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Lunch", "type": "expense", "parentId": food.ID}, &lunch)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Salary", "type": "earning"}, &salary)
		c.do("POST", "/api/v1/rates", map[string]any{"currency": "USD", "date": "2026-05-01", "rate": "0.9"}, nil)
		for _, m := range []map[string]any{
			{"type": "expense", "date": "2026-05-02", "amount": 1250, "accountId": eur.ID, "categoryId": lunch.ID, "description": "Café", "tags": []string{"work", "trip"}},
			{"type": "earning", "date": "2026-05-01", "amount": 300000, "accountId": eur.ID, "categoryId": salary.ID, "notes": "May"},
			{"type": "transfer", "date": "2026-05-03", "amount": 10000, "accountId": eur.ID, "toAccountId": usd.ID, "toAmount": 11000},
			{"type": "expense", "date": "2026-05-04", "amount": 900, "accountId": usd.ID, "splits": []map[string]any{
				{"categoryId": food.ID, "amount": 600, "note": "groceries"}, {"categoryId": lunch.ID, "amount": 300}}},
		} {
			if code := c.do("POST", "/api/v1/movements", m, &mov); code != 201 {
				t.Fatalf("movement %v: %d", m, code)
			}
		}
		if code := c.attach(mov.ID, "ticket.png", pngOf(8, 6), nil); code != 201 {
			t.Fatalf("attach: %d", code)
		}
		if code := c.do("PUT", "/api/v1/budgets?month=2026-05", map[string]any{"scope": "month", "items": []map[string]any{{"categoryId": food.ID, "amount": 40000, "rollover": true}}}, nil); code != 204 && code != 200 {
			t.Fatalf("budget: %d", code)
		}
		if code := c.do("POST", "/api/v1/schedules", map[string]any{"type": "expense", "amount": 999, "accountId": eur.ID, "categoryId": food.ID,
			"description": "Gym", "frequency": "monthly", "startDate": "2099-01-15"}, nil); code != 201 {
			t.Fatalf("schedule: %d", code)
		}
		if code := c.do("POST", "/api/v1/rules", map[string]any{"name": "Cafés", "conditions": []map[string]any{{"field": "account", "op": "equals", "accountId": eur.ID}},
			"actions": map[string]any{"categoryId": lunch.ID, "tags": []string{"coffee"}}}, nil); code != 201 {
			t.Fatalf("rule: %d", code)
		}
		if code := c.do("PATCH", "/api/v1/accounts/"+pts.ID, map[string]any{"archived": true}, nil); code != 200 {
			t.Fatalf("archive: %d", code)
		}
		code, _, zipped := c.raw("GET", "/api/v1/me/export?format=zip", "", nil)
		if code != 200 {
			t.Fatalf("export: %d", code)
		}
		var up ledgerImportReply
		if code := c.postFile("/api/v1/me/ledger-imports", nil, "cashcontrol-export.zip", zipped, &up); code != 201 {
			t.Fatalf("upload: %d %+v", code, up)
		}
		if up.Format != "cashcontrol" || len(up.Ledgers) != 1 || up.Ledger != me.LedgerID || up.Movements != 4 || up.Transfers != 1 ||
			up.Splits != 1 || up.Tags != 2 || up.Categories != 2 || up.Subcategories != 1 || up.Budgets != 2 || up.Schedules != 1 ||
			up.Rules != 1 || up.Attachments != 1 || up.SkippedCount != 0 || len(up.Accounts) != 3 {
			t.Fatalf("preview: %+v", up)
		}
		if a := up.Accounts[0]; a.Name != "Bank" || a.Balance != 100000-1250+300000-10000 {
			t.Errorf("preview balance: %+v", a)
		}
		// Two commits at once, and a third after: one ledger.
		var wg sync.WaitGroup
		codes := make([]int, 3)
		results := make([]ledgerImportResult, 3)
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i] = c.do("POST", "/api/v1/me/ledger-imports/"+up.ID+"/commit", map[string]any{"name": "Restored", "baseCurrency": "EUR"}, &results[i])
			}()
		}
		wg.Wait()
		var p problem
		codes[2] = c.do("POST", "/api/v1/me/ledger-imports/"+up.ID+"/commit", map[string]any{"name": "Restored"}, &p)
		sort.Ints(codes[:2])
		if codes[0] != 201 || codes[1] != 409 || codes[2] != 409 || p.Code != "already_committed" {
			t.Fatalf("commits: %v %+v", codes, p)
		}
		res := results[0]
		if res.LedgerID == "" {
			res = results[1]
		}
		var ledgers struct{ Items []struct{ ID, Name string } }
		c.do("GET", "/api/v1/ledgers", nil, &ledgers)
		if len(ledgers.Items) != 2 || res.Movements != 4 {
			t.Fatalf("ledgers after the commits: %+v, result %+v", ledgers, res)
		}
		want, got := ledgerView(t, c, me.LedgerID), ledgerView(t, c, res.LedgerID)
		for k := range want {
			if fmt.Sprint(want[k]) != fmt.Sprint(got[k]) {
				t.Errorf("%s:\n restored %v\n exported %v", k, got[k], want[k])
			}
		}
		if err := storetest.CheckLedger(t.Context(), db, mustID(t, res.LedgerID)); err != nil {
			t.Fatal(err)
		}
		// The restored movement's file is the same file.
		var page struct {
			Items []struct {
				ID          string
				Attachments int
			} `json:"items"`
		}
		c.do("GET", "/api/v1/ledgers/"+res.LedgerID+"/movements?limit=10", nil, &page)
		for _, m := range page.Items {
			if m.Attachments == 0 {
				continue
			}
			var atts struct{ Items []struct{ ID, Name string } }
			c.do("GET", "/api/v1/ledgers/"+res.LedgerID+"/movements/"+m.ID+"/attachments", nil, &atts)
			if len(atts.Items) != 1 || atts.Items[0].Name != "ticket.png" {
				t.Fatalf("attachments: %+v", atts)
			}
			resp, body := c.fetch(c.base + "/api/v1/ledgers/" + res.LedgerID + "/attachments/" + atts.Items[0].ID)
			if resp.StatusCode != 200 || !bytes.Equal(body, pngOf(8, 6)) {
				t.Fatalf("file: %d, %d bytes", resp.StatusCode, len(body))
			}
		}
	})
}

// A file that is not one of the formats, a damaged one, a ledger id the
// export lacks: a clear 4xx, and no ledger.
func TestLedgerImportRefusesBadFiles(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c := newClient(t, srv)
		c.signUp("bad-restore@example.com")
		_, _, export := c.raw("GET", "/api/v1/me/export?format=zip", "", nil)
		var trunc bytes.Buffer
		zw := zip.NewWriter(&trunc)
		f, _ := zw.Create("cashcontrol-export.json")
		_, _ = f.Write([]byte(`{"format":"cashcontrol-export/1","data":{"ledgers":[{"id":1,`))
		_ = zw.Close()
		for _, tc := range []struct {
			name       string
			data       []byte
			code       int
			problem    string
			fieldError string
		}{
			{"notes.txt", []byte("hello"), 415, "unsupported_media_type", ""},
			{"cut.zip", export[:len(export)/2], 400, "invalid", "file"},
			{"broken.zip", trunc.Bytes(), 400, "invalid", "file"},
			{"empty.json", []byte(`{"format":"cashcontrol-export/1","data":{}}`), 400, "invalid", "file"},
		} {
			var p problem
			code := c.postFile("/api/v1/me/ledger-imports", nil, tc.name, tc.data, &p)
			if code != tc.code || p.Code != tc.problem || (tc.fieldError != "" && (len(p.Errors) == 0 || p.Errors[0].Field != tc.fieldError)) {
				t.Errorf("%s: %d %+v", tc.name, code, p)
			}
		}
		var up ledgerImportReply
		if code := c.postFile("/api/v1/me/ledger-imports", nil, "export.zip", export, &up); code != 201 {
			t.Fatalf("upload: %d", code)
		}
		var p problem
		if code := c.do("GET", "/api/v1/me/ledger-imports/"+up.ID+"?ledger=999", nil, &p); code != 400 {
			t.Errorf("another ledger: %d %+v", code, p)
		}
		if code := c.do("POST", "/api/v1/me/ledger-imports/"+up.ID+"/commit", map[string]any{"baseCurrency": "XXQ"}, &p); code != 400 {
			t.Errorf("unknown currency: %d %+v", code, p)
		}
		var ledgers struct{ Items []struct{ ID string } }
		c.do("GET", "/api/v1/ledgers", nil, &ledgers)
		if len(ledgers.Items) != 1 {
			t.Fatalf("a refused import made a ledger: %+v", ledgers)
		}
		if code := c.do("DELETE", "/api/v1/me/ledger-imports/"+up.ID, nil, nil); code != 204 {
			t.Fatalf("discard: %d", code)
		}
		if code := c.do("GET", "/api/v1/me/ledger-imports/"+up.ID, nil, &p); code != 404 {
			t.Fatalf("after discard: %d", code)
		}
		if !strings.Contains(string(export[:4]), "PK") {
			t.Fatal("the export is not a zip")
		}
	})
}

// Each peer's export becomes a ledger whose accounts hold the balances the
// preview showed, with the category tree and the movements the preview
// counted, and a ledger that passes the integrity check.
func TestLedgerImportFromOtherApps(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c := newClient(t, srv)
		c.signUp("switcher@example.com")
		for _, tc := range []struct {
			file, format string
			data         []byte
		}{
			{"firefly_export.csv", "firefly", ledgerfiletest.Read(t, "firefly_export.csv")},
			{"ezbookkeeping_export.csv", "ezbookkeeping", ledgerfiletest.Read(t, "ezbookkeeping_export.csv")},
			{"ezbookkeeping_export.tsv", "ezbookkeeping", ledgerfiletest.Read(t, "ezbookkeeping_export.tsv")},
			{"My Budget.zip", "actual", ledgerfiletest.ActualZip(t, "")},
		} {
			var up ledgerImportReply
			if code := c.postFile("/api/v1/me/ledger-imports", nil, tc.file, tc.data, &up); code != 201 || up.Format != tc.format {
				t.Fatalf("%s: %d %+v", tc.file, code, up)
			}
			if up.Movements == 0 || len(up.Accounts) < 2 || up.Categories == 0 {
				t.Fatalf("%s: preview %+v", tc.file, up)
			}
			var res ledgerImportResult
			if code := c.do("POST", "/api/v1/me/ledger-imports/"+up.ID+"/commit", map[string]any{"name": tc.file, "baseCurrency": "EUR"}, &res); code != 201 {
				t.Fatalf("%s: commit %d", tc.file, code)
			}
			if res.Movements != up.Movements {
				t.Errorf("%s: %d movements written, the preview said %d", tc.file, res.Movements, up.Movements)
			}
			var accounts struct {
				Items []struct {
					Name     string
					Currency string
					Balance  int64
				}
			}
			c.do("GET", "/api/v1/ledgers/"+res.LedgerID+"/accounts", nil, &accounts)
			got := map[string]int64{}
			for _, a := range accounts.Items {
				got[a.Name] = a.Balance
			}
			for _, a := range up.Accounts {
				if b, ok := got[a.Name]; !ok || b != a.Balance {
					t.Errorf("%s: account %q holds %d, the preview said %d", tc.file, a.Name, b, a.Balance)
				}
			}
			var cats struct {
				Items []struct{ ParentID *string }
			}
			c.do("GET", "/api/v1/ledgers/"+res.LedgerID+"/categories", nil, &cats)
			children := 0
			for _, x := range cats.Items {
				if x.ParentID != nil {
					children++
				}
			}
			if children != up.Subcategories || len(cats.Items) < up.Categories+up.Subcategories {
				t.Errorf("%s: %d categories, %d of them subcategories; the preview said %d and %d", tc.file, len(cats.Items), children, up.Categories, up.Subcategories)
			}
			if err := storetest.CheckLedger(t.Context(), db, mustID(t, res.LedgerID)); err != nil {
				t.Errorf("%s: %v", tc.file, err)
			}
		}
	})
}

// TestLedgerImportPreviewIsKept: a preview asked again with the upload's
// choices is answered from the preview kept with the file, without reading
// it (the uploads' rate is not spent); other choices read the file again,
// within that rate (429 past it).
func TestLedgerImportPreviewIsKept(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := limitsServer(t, db, api.Limits{Uploads: auth.NewLimiter(time.Hour, 2, nil)})
		c := newClient(t, srv)
		c.signUp("kept-preview@example.com")
		var up ledgerImportReply
		if code := c.postFile("/api/v1/me/ledger-imports", nil, "firefly_export.csv", ledgerfiletest.Read(t, "firefly_export.csv"), &up); code != 201 {
			t.Fatalf("upload: %d", code)
		}
		for i := 0; i < 5; i++ {
			var again ledgerImportReply
			if code := c.do("GET", "/api/v1/me/ledger-imports/"+up.ID, nil, &again); code != 200 {
				t.Fatalf("preview %d with the upload's choices: %d", i+1, code)
			}
			if again.ID != up.ID || again.Movements != up.Movements || len(again.Accounts) != len(up.Accounts) || again.Format != up.Format {
				t.Fatalf("the kept preview %+v is not the upload's %+v", again, up)
			}
		}
		var usd ledgerImportReply
		if code := c.do("GET", "/api/v1/me/ledger-imports/"+up.ID+"?baseCurrency=USD", nil, &usd); code != 200 || usd.Movements != up.Movements {
			t.Fatalf("another base currency: %d %+v", code, usd)
		}
		var p problem
		if code := c.do("GET", "/api/v1/me/ledger-imports/"+up.ID+"?baseCurrency=GBP", nil, &p); code != 429 || p.Code != "rate_limited" {
			t.Fatalf("a third reading within the rate: %d %+v", code, p)
		}
		if code := c.do("GET", "/api/v1/me/ledger-imports/"+up.ID, nil, nil); code != 200 {
			t.Fatalf("the kept preview past the rate: %d", code)
		}
		other := newClient(t, srv)
		other.signUp("kept-other@example.com")
		if code := other.do("GET", "/api/v1/me/ledger-imports/"+up.ID, nil, &p); code != 404 {
			t.Fatalf("another user's kept preview: %d %+v", code, p)
		}
	})
}
