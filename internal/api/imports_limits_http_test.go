package api_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"cashcontrol/internal/api"
	"cashcontrol/internal/auth"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/money"
	"cashcontrol/internal/server"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// importsOf counts the stored uploads of a user's ledger.
func importsOf(t *testing.T, db *store.DB, email string) int64 {
	t.Helper()
	u, _, err := identity.New(db).UserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	return storetest.CountLedgerRows(context.Background(), db, u.LedgerID)["imports"]
}

// TestImportRefusedNotStored: an upload answered with a 4xx leaves nothing
// behind; one that previews is kept for its commit.
func TestImportRefusedNotStored(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c, acc := importClient(t, ledgerServer(t, db), "refused@example.com")
		for _, f := range []struct {
			name, data, account string
			code                int
		}{
			{"saldos.csv", "Fecha;Saldo\n01/03/2024;10,00\n", acc.ID, 422}, // balances only (no date or amount column: kept, below)
			{"empty.csv", "\n\n", acc.ID, 400},                             // no movements
			{"photo.png", "\x89PNG\r\n\x1a\n\x00\x00", acc.ID, 415},        // not a bank file
			{"a.csv", "date,amount\n2026-01-01,1\n", "999999", 400},        // unknown account
			{"a.csv", "date,amount\n2026-01-01,1\n", "", 400},              // no account
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
		if code := c.upload("columns.csv", []byte("a;b\nx;y\nz;w\n"), acc.ID, &p); code != 200 || len(p.Missing) != 2 {
			t.Fatalf("a file to map by hand: %d %+v", code, p)
		}
		if n := importsOf(t, db, "refused@example.com"); n != 2 {
			t.Fatalf("%d uploads stored, want the good one and the one to map", n)
		}
	})
}

// TestImportBrokenFilesHTTP: an unterminated CSV quote and a QIF record
// without "^" are errors on their lines; the commit names the line and
// imports nothing; the other rows are read as rows of their own.
func TestImportBrokenFilesHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c, acc := importClient(t, ledgerServer(t, db), "broken@example.com")
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
		c, acc := importClient(t, ledgerServer(t, db), "nul@example.com")
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

// limitsServer is ledgerServer with limits on sign-ups, uploads and
// pending uploads.
func limitsServer(t *testing.T, db *store.DB, lim api.Limits) *httptest.Server {
	t.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc, err := auth.NewService(identity.New(db), auth.NewLimiter(time.Millisecond, 1000, nil), auth.NewLimiter(time.Millisecond, 1000, nil), true)
	if err != nil {
		t.Fatal(err)
	}
	a := api.New(api.Deps{DB: db, Auth: svc, Sessions: auth.NewSessions(identity.New(db), time.Hour, 24*time.Hour, nil), OIDC: auth.NewOIDC(identity.New(db), "http://127.0.0.1", true, nil),
		Currencies: money.NewTable(), Logger: log, Meta: api.Meta{Version: api.Version}, Limits: lim})
	srv := httptest.NewServer(validated(t, server.Handler(server.Options{API: a, Web: fstest.MapFS{"index.html": {Data: []byte("<html>app</html>")}}, Logger: log})))
	t.Cleanup(srv.Close)
	return srv
}

// TestImportPendingCaps: past the ledger's cap on pending uploads (count or
// bytes) an upload answers 409 too_many_pending_imports and stores nothing;
// committing or discarding one makes room; another ledger has its own cap.
func TestImportPendingCaps(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := limitsServer(t, db, api.Limits{Pending: store.UploadLimits{Files: 2, Bytes: 4 << 10}})
		c, acc := importClient(t, srv, "caps@example.com")
		file := func(i int) []byte {
			return []byte(fmt.Sprintf("date,description,amount\n2026-01-%02d,Shop,-1.00\n", i))
		}
		var p1, p2 preview
		if c.upload("1.csv", file(1), acc.ID, &p1) != 200 || c.upload("2.csv", file(2), acc.ID, &p2) != 200 {
			t.Fatal("the first two uploads must be stored")
		}
		var pr problem
		if code := c.upload("3.csv", file(3), acc.ID, &pr); code != 409 || pr.Code != "too_many_pending_imports" {
			t.Fatalf("third pending upload: %d %+v", code, pr)
		}
		if n := importsOf(t, db, "caps@example.com"); n != 2 {
			t.Fatalf("%d uploads stored", n)
		}
		// Discarding one, or committing one, makes room.
		if code := c.do("DELETE", "/api/v1/imports/"+p1.ID, nil, nil); code != 204 {
			t.Fatalf("discard: %d", code)
		}
		if code := c.do("DELETE", "/api/v1/imports/"+p1.ID, nil, nil); code != 404 {
			t.Fatalf("discard twice: %d", code)
		}
		if code := c.upload("3.csv", file(3), acc.ID, nil); code != 200 {
			t.Fatalf("upload after a discard: %d", code)
		}
		if code := c.do("POST", "/api/v1/imports/"+p2.ID+"/commit", map[string]any{"accountId": acc.ID}, nil); code != 200 {
			t.Fatalf("commit: %d", code)
		}
		if code := c.upload("4.csv", file(4), acc.ID, nil); code != 200 {
			t.Fatalf("upload after a commit: %d", code)
		}
		// Another user has a cap of their own; nor can they discard ours.
		other := newClient(t, srv)
		other.signUp("caps-other@example.com")
		var oacc idReply
		other.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &oacc)
		if code := other.upload("1.csv", file(1), oacc.ID, nil); code != 200 {
			t.Fatalf("another ledger's upload: %d", code)
		}
		if code := other.do("DELETE", "/api/v1/imports/"+p2.ID, nil, nil); code != 404 {
			t.Fatalf("discard another's upload: %d", code)
		}
		// Bytes: a file that does not compress well fills the 4 KB cap.
		var noisy strings.Builder
		noisy.WriteString("date,description,amount\n")
		for i := 0; noisy.Len() < 12<<10; i++ {
			fmt.Fprintf(&noisy, "2026-02-01,%x,-1.00\n", sha256.Sum256([]byte{byte(i), byte(i >> 8)}))
		}
		if code := other.upload("noisy.csv", []byte(noisy.String()), oacc.ID, &pr); code != 409 || pr.Code != "too_many_pending_imports" {
			t.Fatalf("over the bytes cap: %d %+v", code, pr)
		}
	})
}

// TestSignupAndUploadRateLimits: past the limit per client address, sign-up
// and upload answer 429 with Retry-After, and the refused upload is not stored.
func TestSignupAndUploadRateLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := limitsServer(t, db, api.Limits{Signups: auth.NewLimiter(time.Hour, 2, nil), Uploads: auth.NewLimiter(time.Hour, 2, nil)})
		c := newClient(t, srv)
		c.signUp("rate1@example.com")
		newClient(t, srv).signUp("rate2@example.com")
		resp, err := http.Post(srv.URL+"/api/v1/auth/signup", "application/json",
			strings.NewReader(`{"email":"rate3@example.com","password":"mango-river-42","name":"T"}`))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" {
			t.Fatalf("third sign-up from one address: %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
		}
		if _, _, err := identity.New(db).UserByEmail(context.Background(), "rate3@example.com"); err == nil {
			t.Fatal("a rate-limited sign-up created the user")
		}
		var acc idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &acc)
		file := []byte("date,amount\n2026-01-01,1\n")
		if c.upload("1.csv", file, acc.ID, nil) != 200 || c.upload("2.csv", file, acc.ID, nil) != 200 {
			t.Fatal("the first two uploads must pass")
		}
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		_ = mw.WriteField("accountId", acc.ID)
		fw, _ := mw.CreateFormFile("file", "3.csv")
		_, _ = fw.Write(file)
		_ = mw.Close()
		req, _ := http.NewRequest("POST", srv.URL+"/api/v1/imports", &buf)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		resp, err = c.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" || !strings.Contains(string(body), `"rate_limited"`) {
			t.Fatalf("third upload: %d, Retry-After %q, %s", resp.StatusCode, resp.Header.Get("Retry-After"), body)
		}
		if n := importsOf(t, db, "rate1@example.com"); n != 2 {
			t.Fatalf("%d uploads stored, want 2", n)
		}
	})
}
