package api_test

import (
	"context"
	"strings"
	"testing"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// importsOf counts the stored uploads of a user's ledger.
func importsOf(t *testing.T, db *store.DB, email string) int64 {
	t.Helper()
	u, _, err := db.UserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	return db.CountLedgerRowsForTest(context.Background(), u.LedgerID)["imports"]
}

// TestImportRefusedNotStored: an upload answered with a 4xx leaves nothing
// behind; one that previews is kept for its commit.
func TestImportRefusedNotStored(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClient(t, ledgerServer(t, db))
		c.signUp("refused@example.com")
		var acc idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &acc)
		for _, f := range []struct {
			name, data, account string
			code                int
		}{
			{"columns.csv", "a;b\nx;y\nz;w\n", acc.ID, 400},         // no date or amount column
			{"empty.csv", "\n\n", acc.ID, 400},                      // no movements
			{"photo.png", "\x89PNG\r\n\x1a\n\x00\x00", acc.ID, 415}, // not a bank file
			{"a.csv", "date,amount\n2026-01-01,1\n", "999999", 400}, // unknown account
			{"a.csv", "date,amount\n2026-01-01,1\n", "", 400},       // no account
		} {
			if code := c.upload(f.name, []byte(f.data), f.account, nil); code != f.code {
				t.Fatalf("%s: %d, want %d", f.name, code, f.code)
			}
		}
		if n := importsOf(t, db, "refused@example.com"); n != 0 {
			t.Fatalf("%d refused uploads were stored", n)
		}
		var p preview
		if code := c.upload("ok.csv", []byte("date,amount\n2026-01-01,1\n"), acc.ID, &p); code != 200 {
			t.Fatalf("good upload: %d", code)
		}
		if n := importsOf(t, db, "refused@example.com"); n != 1 {
			t.Fatalf("%d uploads stored, want the good one", n)
		}
	})
}

// TestImportBrokenFilesHTTP: an unterminated CSV quote and a QIF record
// without "^" are errors on their lines; the commit names the line and
// imports nothing; the other rows are read as rows of their own.
func TestImportBrokenFilesHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClient(t, ledgerServer(t, db))
		c.signUp("broken@example.com")
		var acc idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &acc)
		for _, f := range []struct {
			name, data string
			line       int
			amounts    []int64
		}{
			{"quote.csv", "date,description,amount\n2025-01-01,\"unterminated,-1.00\n2025-01-02,Shop,-2.00\n2025-01-03,Bar,-3.00\n", 2, []int64{-200, -300}},
			{"caret.qif", "!Type:Bank\nD01/02/2025\nT-1.00\nPFirst\nD01/03/2025\nT-2.00\nPSecond\n^\n", 2, []int64{-200}},
		} {
			var p preview
			if code := c.upload(f.name, []byte(f.data), acc.ID, &p); code != 200 {
				t.Fatalf("%s: upload %d", f.name, code)
			}
			if p.Invalid != 1 || p.Valid != len(f.amounts) || len(p.Errors) != 1 || p.Errors[0].Line != f.line || len(p.Rows) != len(f.amounts) {
				t.Fatalf("%s: preview %+v", f.name, p)
			}
			for i, want := range f.amounts {
				if p.Rows[i].Amount != want {
					t.Fatalf("%s: row %d amount %d, want %d", f.name, i, p.Rows[i].Amount, want)
				}
			}
			var pr problem
			if code := c.do("POST", "/api/v1/imports/"+p.ID+"/commit", map[string]any{"accountId": acc.ID}, &pr); code != 400 ||
				len(pr.Errors) != 1 || !strings.Contains(pr.Errors[0].Field, "line 2") {
				t.Fatalf("%s: commit %d %+v", f.name, code, pr)
			}
			var list movementList
			c.do("GET", "/api/v1/movements", nil, &list)
			if len(list.Items) != 0 {
				t.Fatalf("%s: a refused commit imported %d movements", f.name, len(list.Items))
			}
		}
	})
}

// TestImportNULAndBadUTF8: NUL bytes and invalid UTF-8 in the file name and
// in the file's text never reach the database as such (PostgreSQL refuses
// NUL in TEXT): the upload previews and the commit imports clean text.
func TestImportNULAndBadUTF8(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClient(t, ledgerServer(t, db))
		c.signUp("nul@example.com")
		var acc idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &acc)
		// NUL past the first 4 KB (format detection refuses a file that starts with one).
		data := "date;description;amount;category\n" + strings.Repeat("2026-01-01;Padding;-1,00;Misc\n", 200) +
			"2026-01-02;Sh\x00op \xff;-2,00;Fo\x00od\n"
		// A NUL in a multipart header is malformed: refused, nothing stored.
		var pr problem
		if code := c.upload("bank\x00.csv", []byte(data), acc.ID, &pr); code != 400 || pr.Code != "invalid" {
			t.Fatalf("NUL in the file name: %d %+v", code, pr)
		}
		var p preview
		if code := c.upload("bank \xff.csv", []byte(data), acc.ID, &p); code != 200 {
			t.Fatalf("upload: %d", code)
		}
		var got struct {
			FileName string `json:"fileName"`
		}
		c.do("POST", "/api/v1/imports/"+p.ID+"/preview", map[string]any{"accountId": acc.ID}, &got)
		if got.FileName != "bank \uFFFD.csv" {
			t.Fatalf("stored file name %q", got.FileName)
		}
		var res importResult
		if code := c.do("POST", "/api/v1/imports/"+p.ID+"/commit", map[string]any{"accountId": acc.ID}, &res); code != 200 || res.Created != 201 {
			t.Fatalf("commit: %d %+v", code, res)
		}
		var list movementList
		c.do("GET", "/api/v1/movements?q=Shop", nil, &list)
		if len(list.Items) != 1 || strings.ContainsRune(list.Items[0].Description, 0) {
			t.Fatalf("movements %+v", list.Items)
		}
	})
}
