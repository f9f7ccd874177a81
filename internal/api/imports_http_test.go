package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// upload posts a file to /api/v1/imports as the web app does.
func (c *client) upload(name string, data []byte, accountID string, out any) int {
	c.t.Helper()
	fields := map[string]string{}
	if accountID != "" {
		fields["accountId"] = accountID
	}
	return c.postFile("/api/v1/imports", fields, name, data, out)
}

// postFile posts a multipart form: the fields, then the file part "file".
func (c *client) postFile(path string, fields map[string]string, name string, data []byte, out any) int {
	c.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(data)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", c.base+path, &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	resp, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if out != nil && len(body) > 0 {
		if err := json.Unmarshal(body, out); err != nil {
			c.t.Fatalf("%s: %v in %s", path, err, body)
		}
	}
	return resp.StatusCode
}

type preview struct {
	ID         string          `json:"id"`
	Format     string          `json:"format"`
	Options    json.RawMessage `json:"options"`
	Missing    []string        `json:"missing"`
	Total      int             `json:"total"`
	Valid      int             `json:"valid"`
	Invalid    int             `json:"invalid"`
	Duplicates int             `json:"duplicates"`
	Rows       []struct {
		Line      int    `json:"line"`
		Date      string `json:"date"`
		Amount    int64  `json:"amount"`
		Duplicate bool   `json:"duplicate"`
	} `json:"rows"`
	Errors []struct {
		Line  int    `json:"line"`
		Field string `json:"field"`
		Code  string `json:"code"`
	} `json:"errors"`
	NewCategories []struct{ Type, Name string } `json:"newCategories"`
}

type importResult struct {
	Created, Duplicates, Skipped, CategoriesCreated int
}

type movementList struct {
	Items []struct {
		Amount      int64  `json:"amount"`
		Type        string `json:"type"`
		Description string `json:"description"`
		Date        string `json:"date"`
	} `json:"items"`
}

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("../importer/statement/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestImportHTTP: a file with a bad row imports nothing until the user skips
// it; a second import of the same file finds only duplicates; balances and
// categories follow; another user can neither read nor commit the import.
func TestImportHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c := newClient(t, srv)
		c.signUp("importer@example.com")
		var acc idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR", "openingBalance": 10000}, &acc)

		// A bad file: two bad rows out of four.
		var p preview
		if code := c.upload("bad_rows.csv", readTestdata(t, "bad_rows.csv"), acc.ID, &p); code != 200 {
			t.Fatalf("upload: %d", code)
		}
		if p.Format != "csv" || p.Total != 4 || p.Valid != 2 || p.Invalid != 2 || len(p.Errors) != 2 {
			t.Fatalf("preview %+v", p)
		}
		if p.Errors[0].Line != 3 || p.Errors[0].Field != "date" || p.Errors[1].Line != 4 || p.Errors[1].Field != "amount" {
			t.Fatalf("row errors %+v", p.Errors)
		}
		var pr problem
		if code := c.do("POST", "/api/v1/imports/"+p.ID+"/commit", map[string]any{"accountId": acc.ID}, &pr); code != 400 {
			t.Fatalf("commit with bad rows: %d", code)
		}
		if len(pr.Errors) != 1 || !strings.Contains(pr.Errors[0].Field, "line 3") {
			t.Fatalf("the error must name the line: %+v", pr)
		}
		var list movementList
		c.do("GET", "/api/v1/movements", nil, &list)
		if len(list.Items) != 0 {
			t.Fatalf("a failed import imported %d movements", len(list.Items))
		}

		// Another user cannot see, preview or commit it.
		other := newClient(t, srv)
		other.signUp("other@example.com")
		var otherAcc idReply
		other.do("POST", "/api/v1/accounts", map[string]any{"name": "Mine", "type": "cash", "currency": "EUR"}, &otherAcc)
		for _, path := range []string{"/preview", "/commit"} {
			if code := other.do("POST", "/api/v1/imports/"+p.ID+path, map[string]any{"accountId": otherAcc.ID, "skipInvalid": true}, nil); code != 404 {
				t.Fatalf("another user's import %s: %d", path, code)
			}
		}
		// Nor import into someone else's account.
		if code := other.upload("bad_rows.csv", readTestdata(t, "bad_rows.csv"), acc.ID, nil); code != 400 {
			t.Fatalf("upload into another user's account: %d", code)
		}
		if code := c.do("POST", "/api/v1/imports/"+p.ID+"/commit", map[string]any{"accountId": otherAcc.ID, "skipInvalid": true}, nil); code != 400 {
			t.Fatalf("commit into another user's account: %d", code)
		}

		// Skipping the bad rows imports the good ones, in one go.
		var res importResult
		if code := c.do("POST", "/api/v1/imports/"+p.ID+"/commit", map[string]any{"accountId": acc.ID, "skipInvalid": true}, &res); code != 200 {
			t.Fatalf("commit skipping bad rows: %d", code)
		}
		if res.Created != 2 || res.Skipped != 2 || res.Duplicates != 0 {
			t.Fatalf("result %+v", res)
		}
		var got struct {
			Balance int64 `json:"balance"`
		}
		c.do("GET", "/api/v1/accounts/"+acc.ID, nil, &got)
		if got.Balance != 10000-1000+2000 {
			t.Fatalf("balance after import: %d", got.Balance)
		}

		// The same file again: everything is a duplicate, nothing is created.
		var again preview
		c.upload("bad_rows.csv", readTestdata(t, "bad_rows.csv"), acc.ID, &again)
		if again.Duplicates != 2 || !again.Rows[0].Duplicate {
			t.Fatalf("re-import preview %+v", again)
		}
		if code := c.do("POST", "/api/v1/imports/"+again.ID+"/commit", map[string]any{"accountId": acc.ID, "skipInvalid": true}, &res); code != 200 {
			t.Fatalf("re-import commit: %d", code)
		}
		if res.Created != 0 || res.Duplicates != 2 {
			t.Fatalf("re-import result %+v", res)
		}
		c.do("GET", "/api/v1/movements", nil, &list)
		if len(list.Items) != 2 {
			t.Fatalf("%d movements after re-import, want 2", len(list.Items))
		}

		// A Latin-1 Spanish CSV with decimal commas: detected, converted, exact.
		var es preview
		if code := c.upload("es_bank.csv", readTestdata(t, "es_bank.csv"), acc.ID, &es); code != 200 || es.Invalid != 0 {
			t.Fatalf("es upload: %d %+v", code, es)
		}
		if es.Rows[0].Amount != -4530 || es.Rows[0].Date != "2026-01-02" {
			t.Fatalf("es first row %+v", es.Rows[0])
		}
		c.do("POST", "/api/v1/imports/"+es.ID+"/commit", map[string]any{"accountId": acc.ID}, &res)
		if res.Created != es.Total {
			t.Fatalf("es import %+v of %d", res, es.Total)
		}
		c.do("GET", "/api/v1/movements?q=N%C3%B3mina", nil, &list)
		if len(list.Items) != 1 || list.Items[0].Amount != 215000 || list.Items[0].Type != "earning" {
			t.Fatalf("Latin-1 description was not converted: %+v", list.Items)
		}

		// Changing the mapping re-reads the stored file: swap date format.
		var us preview
		c.upload("us_bank.csv", readTestdata(t, "us_bank.csv"), acc.ID, &us)
		if us.Invalid != 0 || len(us.NewCategories) == 0 {
			t.Fatalf("us preview %+v", us)
		}
		var opts map[string]any
		_ = json.Unmarshal(us.Options, &opts)
		opts["dateFormat"] = "02/01/2006"
		var remapped preview
		if code := c.do("POST", "/api/v1/imports/"+us.ID+"/preview", map[string]any{"accountId": acc.ID, "options": opts}, &remapped); code != 200 {
			t.Fatalf("preview with options: %d", code)
		}
		if remapped.Invalid == 0 {
			t.Fatalf("day-first dates on 01/15/2026 must fail: %+v", remapped)
		}
		c.do("POST", "/api/v1/imports/"+us.ID+"/commit", map[string]any{"accountId": acc.ID}, &res)
		if res.Created != us.Total || res.CategoriesCreated != len(us.NewCategories) {
			t.Fatalf("us import %+v, preview %+v", res, us)
		}
		var cats struct{ Items []struct{ Name string } }
		c.do("GET", "/api/v1/categories", nil, &cats)
		found := false
		for _, cat := range cats.Items {
			found = found || cat.Name == "Groceries"
		}
		if !found {
			t.Fatalf("category from the file was not created: %+v", cats)
		}

		// Bad files: not a bank file, no account, too large.
		if code := c.upload("photo.png", []byte("\x89PNG\r\n\x1a\n\x00\x00"), acc.ID, &pr); code != 415 {
			t.Fatalf("png: %d", code)
		}
		// What a refused file is goes with the refusal, for the app to say it.
		for _, f := range []struct{ name, data, kind string }{
			{"photo.png", "\x89PNG\r\n\x1a\n\x00\x00", "image"},
			{"book.gnucash", "\x1f\x8b\x08\x00\x00\x00", "gnucash"},
			{"main.beancount", "option \"title\" \"Casa\"\n2024-01-01 open Assets:Bank EUR\n", "beancount"},
			{"export.iif", "!TRNS\tTRNSID\tDATE\tAMOUNT\n", "iif"},
			{"statement.pdf", "%PDF-1.7\n", "pdf"},
		} {
			var refused struct {
				Code   string            `json:"code"`
				Params map[string]string `json:"params"`
			}
			if code := c.upload(f.name, []byte(f.data), acc.ID, &refused); code != 415 || refused.Code != "unsupported_media_type" || refused.Params["kind"] != f.kind {
				t.Errorf("%s: %d %+v", f.name, code, refused)
			}
		}
		if code := c.upload("a.csv", []byte("date,amount\n2026-01-01,1\n"), "", &pr); code != 400 || pr.Errors[0].Field != "accountId" {
			t.Fatalf("no account: %d %+v", code, pr)
		}
		big := bytes.Repeat([]byte("2026-01-01,Something,-1.00\n"), 21<<20/27)
		if code := c.upload("big.csv", big, acc.ID, &pr); code != 413 {
			t.Fatalf("21 MB file: %d", code)
		}
	})
}

// importClient signs a user up and opens the euro bank account that the
// imports go to.
func importClient(t *testing.T, srv *httptest.Server, email string) (*client, idReply) {
	t.Helper()
	c := newClient(t, srv)
	c.signUp(email)
	var acc idReply
	c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &acc)
	return c, acc
}

// ofx is bank.ofx with other transactions (date, amount, FITID, name).
func ofx(t *testing.T, trns ...[4]string) []byte {
	t.Helper()
	file := string(readTestdata(t, "bank.ofx"))
	start, end := strings.Index(file, "<STMTTRN>"), strings.LastIndex(file, "</STMTTRN>")+len("</STMTTRN>")
	var b strings.Builder
	for _, tr := range trns {
		b.WriteString("<STMTTRN><TRNTYPE>OTHER<DTPOSTED>" + tr[0] + "<TRNAMT>" + tr[1] + "<FITID>" + tr[2] + "<NAME>" + tr[3] + "</STMTTRN>\n")
	}
	return []byte(file[:start] + b.String() + file[end:])
}

// TestImportOFXDuplicatesByFITID: a second statement whose transactions the
// account holds already is all duplicates, even the one the bank changed
// (date, amount and name) that only its FITID identifies.
func TestImportOFXDuplicatesByFITID(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c, acc := importClient(t, ledgerServer(t, db), "ofx@example.com")

		first := ofx(t, [4]string{"20260103", "-23.45", "T1", "SUPERMERCADO DIA"}, [4]string{"20260110", "-60.00", "T2", "GASOLINERA"},
			[4]string{"20260128", "2100.00", "T3", "NOMINA ACME"})
		var p preview
		var res importResult
		if code := c.upload("january.ofx", first, acc.ID, &p); code != 200 || p.Format != "ofx" || p.Valid != 3 || p.Duplicates != 0 {
			t.Fatalf("first upload: %d %+v", code, p)
		}
		if code := c.do("POST", "/api/v1/imports/"+p.ID+"/commit", map[string]any{"accountId": acc.ID}, &res); code != 200 || res.Created != 3 {
			t.Fatalf("first commit: %d %+v", code, res)
		}

		// The bank sends T2 again with another date, amount and name.
		second := ofx(t, [4]string{"20260103", "-23.45", "T1", "SUPERMERCADO DIA"}, [4]string{"20260112", "-61.50", "T2", "GASOLINERA REPSOL"},
			[4]string{"20260128", "2100.00", "T3", "NOMINA ACME"})
		var again preview
		if code := c.upload("january-again.ofx", second, acc.ID, &again); code != 200 || again.Valid != 3 {
			t.Fatalf("second upload: %d %+v", code, again)
		}
		if again.Duplicates != 3 || len(again.Rows) != 3 || !again.Rows[1].Duplicate || again.Rows[1].Amount != -6150 {
			t.Fatalf("every row of the second statement is a duplicate (T2 by its FITID): %+v", again)
		}
		if code := c.do("POST", "/api/v1/imports/"+again.ID+"/commit", map[string]any{"accountId": acc.ID}, &res); code != 200 || res.Created != 0 || res.Duplicates != 3 {
			t.Fatalf("second commit: %d %+v", code, res)
		}
		var list movementList
		c.do("GET", "/api/v1/movements", nil, &list)
		if len(list.Items) != 3 {
			t.Fatalf("%d movements after importing the statement twice, want 3: %+v", len(list.Items), list.Items)
		}
	})
}

// A card statement in BRL is refused for a EUR account, at upload and at
// commit, naming both currencies, and nothing is imported; a BRL account
// takes it. (It went into the EUR account as euros without a word.)
func TestImportRefusesAnotherCurrencysStatement(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c, eur := importClient(t, ledgerServer(t, db), "brl@example.com")
		file := readTestdata(t, "ofx/brl_card.ofx")
		var p problem
		if code := c.upload("card.ofx", file, eur.ID, &p); code != 422 || p.Code != "currency_mismatch" {
			t.Fatalf("a BRL statement into a EUR account: %d %+v", code, p)
		}
		var list struct {
			Items []any `json:"items"`
		}
		if c.do("GET", "/api/v1/movements", nil, &list); len(list.Items) != 0 {
			t.Fatalf("%d movements imported", len(list.Items))
		}
		var brl idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Cartão", "type": "bank", "currency": "BRL"}, &brl)
		var prev struct {
			Valid int `json:"valid"`
		}
		if code := c.upload("card.ofx", file, brl.ID, &prev); code != 200 || prev.Valid != 2 {
			t.Fatalf("into a BRL account: %d %+v", code, prev)
		}
	})
}

// A QIF file's lists and account blocks are not movements: the preview
// counts them by kind. A file whose dates read both ways offers both layouts
// and imports with the one the user chose.
func TestImportQIFSectionsAndDateChoice(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c, acc := importClient(t, ledgerServer(t, db), "qif@example.com")
		type preview struct {
			ID          string   `json:"id"`
			Valid       int      `json:"valid"`
			Invalid     int      `json:"invalid"`
			DateFormat  string   `json:"dateFormat"`
			DateChoices []string `json:"dateChoices"`
			Skipped     []struct {
				Kind  string `json:"kind"`
				Count int    `json:"count"`
			} `json:"skipped"`
			Rows []struct {
				Date string `json:"date"`
			} `json:"rows"`
		}
		var lists preview
		if code := c.upload("lists.qif", readTestdata(t, "qif/lists.qif"), acc.ID, &lists); code != 200 || lists.Valid != 2 || lists.Invalid != 0 ||
			lists.DateFormat != "2/1/2006" || len(lists.DateChoices) != 0 || fmt.Sprint(lists.Skipped) != "[{categories 3} {memorized 1}]" {
			t.Fatalf("lists: %d %+v", code, lists)
		}
		var amb preview
		if code := c.upload("ambiguous.qif", readTestdata(t, "qif/ambiguous.qif"), acc.ID, &amb); code != 200 || fmt.Sprint(amb.DateChoices) != "[1/2/2006 2/1/2006]" {
			t.Fatalf("ambiguous: %d %+v", code, amb)
		}
		opts := map[string]any{"dateFormat": "2/1/2006", "delimiter": ",", "hasHeader": false, "decimalSeparator": ".", "date": -1, "amount": -1,
			"debit": -1, "credit": -1, "description": -1, "notes": -1, "category": -1, "invertSign": false}
		var chosen preview
		if code := c.do("POST", "/api/v1/imports/"+amb.ID+"/preview", map[string]any{"accountId": acc.ID, "options": opts}, &chosen); code != 200 ||
			chosen.DateFormat != "2/1/2006" || len(chosen.Rows) != 2 || chosen.Rows[0].Date != "2025-02-01" {
			t.Fatalf("day/month chosen: %d %+v", code, chosen)
		}
		opts["dateFormat"] = "2006-01-02 15:04"
		if code := c.do("POST", "/api/v1/imports/"+amb.ID+"/preview", map[string]any{"accountId": acc.ID, "options": opts}, nil); code != 400 {
			t.Fatalf("a layout of no QIF file: %d", code)
		}
		opts["dateFormat"] = "2/1/2006"
		if code := c.do("POST", "/api/v1/imports/"+amb.ID+"/commit", map[string]any{"accountId": acc.ID, "options": opts}, nil); code != 200 {
			t.Fatalf("commit: %d", code)
		}
		var list struct {
			Items []struct {
				Date string `json:"date"`
			} `json:"items"`
		}
		c.do("GET", "/api/v1/movements?q=pharmacy", nil, &list)
		if len(list.Items) != 1 || list.Items[0].Date != "2025-04-03" {
			t.Fatalf("imported %+v", list.Items)
		}
	})
}
