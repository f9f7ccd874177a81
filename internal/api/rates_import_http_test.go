package api_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"cashcontrol/internal/rates"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// postRates sends a file of rates to /api/v1/rates/import?query.
func (c *client) postRates(query string, data []byte, out any) int {
	c.t.Helper()
	return c.postFile("/api/v1/rates/import"+query, nil, "rates.csv", data, out)
}

func (c *client) rateCount() int {
	var rates struct{ Items []json.RawMessage }
	c.do("GET", "/api/v1/rates", nil, &rates)
	return len(rates.Items)
}

// A CSV of rates: a preview with per-line errors, a commit refused while a
// line is bad (nothing stored), then stored with skipInvalid.
func TestImportRatesCSV(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClient(t, ledgerServer(t, db))
		c.signUp("csvrates@example.com")
		file := []byte("date,currency,rate\n2026-03-01,USD,0.92\n2026-03-02,USD,0.93\n2026-03-03,USD,zero\n2026-03-04,QQQ,1\n")
		var preview struct {
			Quote  string
			Total  int
			Valid  int
			Rows   []struct{ Line int }
			Errors []struct {
				Line        int
				Field, Code string
			}
		}
		if code := c.postRates("?dryRun=true", file, &preview); code != 200 || preview.Quote != "EUR" || preview.Total != 4 || preview.Valid != 2 ||
			len(preview.Errors) != 2 || preview.Errors[0].Line != 4 || preview.Errors[0].Field != "rate" || preview.Errors[1].Field != "currency" {
			t.Fatalf("preview: %d %+v", code, preview)
		}
		var p problem
		if code := c.postRates("", file, &p); code != 400 || p.Code != "invalid" || c.rateCount() != 0 {
			t.Fatalf("a file with bad lines: %d %+v, %d rates stored", code, p, c.rateCount())
		}
		for _, bad := range [][]byte{[]byte("not,a\x00,csv\xff"), {}, []byte("%PDF-1.4")} {
			if code := c.postRates("", bad, &p); code < 400 || code >= 500 || c.rateCount() != 0 {
				t.Errorf("file %q: %d, %d rates", bad, code, c.rateCount())
			}
		}
		if code := c.postRates("?quote=XYZ", file, &p); code != 400 {
			t.Errorf("unknown quote: %d", code)
		}
		var res struct{ Imported, Skipped int }
		if code := c.postRates("?skipInvalid=true", file, &res); code != 200 || res.Imported != 2 || res.Skipped != 2 || c.rateCount() != 2 {
			t.Fatalf("import: %d %+v", code, res)
		}
		if err := storetest.CheckLedger(t.Context(), db, 1); err != nil {
			t.Fatal(err)
		}
	})
}

// The ECB's rates come from a local server: switching the download on
// fetches the history first; a failing or slow server changes nothing.
func TestECBDownload(t *testing.T) {
	fixture, err := os.ReadFile("../importer/ratefile/testdata/ecb.xml")
	if err != nil {
		t.Fatal(err)
	}
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		var asked []string
		good := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			asked = append(asked, r.URL.Path)
			_, _ = w.Write(fixture)
		}))
		defer good.Close()
		failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { http.Error(w, "down", http.StatusServiceUnavailable) }))
		defer failing.Close()
		slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-time.After(2 * time.Second):
			case <-r.Context().Done():
			}
		}))
		defer slow.Close()
		ecb := &rates.ECB{DB: db, Client: &http.Client{Timeout: 200 * time.Millisecond}}
		c := newClient(t, ledgerServerWith(t, db, ecb))
		c.signUp("ecb@example.com")
		var usd idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Card", "type": "card", "currency": "USD"}, &usd)
		var ledger struct {
			BaseCurrency string
			ECBRates     bool
			ECBFetchedAt int64
		}
		for _, srv := range []*httptest.Server{failing, slow} {
			ecb.URL, ecb.HistoryURL = srv.URL+"/90d.xml", srv.URL+"/hist.xml"
			var p problem
			if code := c.do("PUT", "/api/v1/ledger", map[string]any{"ecbRates": true}, &p); code != 502 || p.Code != "rates_unavailable" {
				t.Fatalf("%s: %d %+v", srv.URL, code, p)
			}
			c.do("GET", "/api/v1/ledger", nil, &ledger)
			if ledger.ECBRates || c.rateCount() != 0 {
				t.Fatalf("a failed download changed something: %+v, %d rates", ledger, c.rateCount())
			}
		}
		ecb.URL, ecb.HistoryURL = good.URL+"/90d.xml", good.URL+"/hist.xml"
		if code := c.do("PUT", "/api/v1/ledger", map[string]any{"ecbRates": true}, &ledger); code != 200 || !ledger.ECBRates || ledger.ECBFetchedAt == 0 {
			t.Fatalf("switch on: %d %+v", code, ledger)
		}
		// Only the ledger's currencies (USD; EUR is the base), one euro in dollars.
		var list struct {
			Items []struct{ Currency, Quote, Date, Rate, Source string }
		}
		c.do("GET", "/api/v1/rates", nil, &list)
		if len(list.Items) != 2 || list.Items[0].Currency != "EUR" || list.Items[0].Quote != "USD" || list.Items[0].Rate != "1.085" ||
			list.Items[0].Source != "ecb" || len(asked) != 1 || asked[0] != "/hist.xml" {
			t.Fatalf("rates %+v, asked %v", list.Items, asked)
		}
		// Then the 90-day file.
		var n struct{ Imported int }
		if code := c.do("POST", "/api/v1/rates/ecb", nil, &n); code != 200 || n.Imported != 2 || asked[1] != "/90d.xml" {
			t.Fatalf("refresh: %d %+v %v", code, n, asked)
		}
		// A dollar expense converts through the euro's rate: 10.85 USD = 10.00 EUR.
		var food idReply
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &food)
		var m struct{ BaseAmount *int64 }
		c.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-03-05", "amount": 1085, "accountId": usd.ID, "categoryId": food.ID}, &m)
		if m.BaseAmount == nil || *m.BaseAmount != 1000 {
			t.Fatalf("converted %v", m.BaseAmount)
		}
		if code := c.do("PUT", "/api/v1/ledger", map[string]any{"ecbRates": false}, &ledger); code != 200 || ledger.ECBRates {
			t.Fatalf("switch off: %d %+v", code, ledger)
		}
		if err := storetest.CheckLedger(t.Context(), db, 1); err != nil {
			t.Fatal(err)
		}
	})
}

// A ledger's own currency (8 decimals) is usable like any other: an account
// in it, a rate, a converted expense; it cannot take an ISO code, and while
// it is used it cannot go.
func TestCustomCurrenciesHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClient(t, ledgerServer(t, db))
		c.signUp("custom@example.com")
		for _, bad := range []map[string]any{
			{"code": "USD", "name": "Mine", "decimals": 2},
			{"code": "x", "name": "Mine", "decimals": 2},
			{"code": "BT C", "name": "Mine", "decimals": 2},
			{"code": "BTC", "name": "", "decimals": 2},
			{"code": "BTC", "name": "Bitcoin", "decimals": 9},
			{"code": "BTC", "name": "Bitcoin", "symbol": "₿₿₿₿₿₿₿₿₿", "decimals": 8},
		} {
			var p problem
			if code := c.do("POST", "/api/v1/ledger/currencies", bad, &p); code != 400 || len(p.Errors) == 0 {
				t.Errorf("%v: %d %+v", bad, code, p)
			}
		}
		if code := c.do("POST", "/api/v1/ledger/currencies", map[string]any{"code": "btc", "name": "Bitcoin", "symbol": "₿", "decimals": 8}, nil); code != 201 {
			t.Fatalf("create: %d", code)
		}
		if code := c.do("POST", "/api/v1/ledger/currencies", map[string]any{"code": "BTC", "name": "Again", "decimals": 8}, nil); code != 409 {
			t.Fatalf("twice: %d", code)
		}
		var wallet, food idReply
		if code := c.do("POST", "/api/v1/accounts", map[string]any{"name": "Wallet", "type": "investment", "currency": "BTC"}, &wallet); code != 201 {
			t.Fatalf("account: %d", code)
		}
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &food)
		if code := c.do("POST", "/api/v1/rates", map[string]any{"currency": "BTC", "date": "2026-01-01", "rate": "60000.5"}, nil); code != 201 {
			t.Fatalf("rate: %d", code)
		}
		var m struct {
			BaseAmount *int64
		}
		// 0.001 BTC at 60,000.50 EUR = 60.0005 EUR: 60.00 (half-even to the cent).
		c.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-01-02", "amount": 100000, "accountId": wallet.ID, "categoryId": food.ID}, &m)
		if m.BaseAmount == nil || *m.BaseAmount != 6000 {
			t.Fatalf("converted: %v", m.BaseAmount)
		}
		var p problem
		if code := c.do("DELETE", "/api/v1/ledger/currencies/BTC", nil, &p); code != 409 || p.Code != "in_use" {
			t.Fatalf("delete while used: %d %+v", code, p)
		}
		if code := c.do("POST", "/api/v1/ledger/currencies", map[string]any{"code": "PTS", "name": "Points", "decimals": 0}, nil); code != 201 {
			t.Fatalf("points: %d", code)
		}
		if code := c.do("DELETE", "/api/v1/ledger/currencies/PTS", nil, nil); code != 204 {
			t.Fatalf("delete: %d", code)
		}
		var list struct{ Items []struct{ Code string } }
		c.do("GET", "/api/v1/ledger/currencies", nil, &list)
		if len(list.Items) != 1 || list.Items[0].Code != "BTC" {
			t.Fatalf("list: %+v", list.Items)
		}
		if err := storetest.CheckLedger(t.Context(), db, 1); err != nil {
			t.Fatal(err)
		}
	})
}
