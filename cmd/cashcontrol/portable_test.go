package main

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"cashcontrol/internal/files"
	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/importer/statement"
	"cashcontrol/internal/instance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// export-all on SQLite, import-all on PostgreSQL, export-all there and
// import-all on SQLite again: the three instances answer every report of
// every ledger the same, their users are the same, their sums check, an
// attachment's file came along, and ids go on after the last ever given.
func TestExportImportRoundTrip(t *testing.T) {
	ctx := context.Background()
	a, b, c := t.TempDir(), t.TempDir(), t.TempDir()
	pg := storetest.PostgresURL(t)
	sqliteEnv := func(dir string) func(string) string {
		return envOf(map[string]string{"CASHCONTROL_DATA_DIR": dir, "CASHCONTROL_LOG_LEVEL": "error"})
	}
	pgEnv := envOf(map[string]string{"CASHCONTROL_DATA_DIR": b, "DATABASE_URL": pg, "CASHCONTROL_LOG_LEVEL": "error"})
	var out, errb bytes.Buffer
	cli := func(env func(string) string, args ...string) {
		t.Helper()
		out.Reset()
		errb.Reset()
		if err := run(ctx, args, env, &out, &errb); err != nil {
			t.Fatalf("%s: %v %s", strings.Join(args, " "), err, errb.String())
		}
	}
	cli(sqliteEnv(a), "demo", "--email", "ana@example.com", "--movements", "3000", "--currencies", "EUR,USD,JPY")
	cli(sqliteEnv(a), "demo", "--email", "bo@example.com", "--movements", "500")

	// An attachment, and a deleted newest movement: the next id must not be its.
	src := openAt(t, a, "")
	ana, _, err := identity.New(src).UserByEmail(ctx, "ana@example.com")
	if err != nil {
		t.Fatal(err)
	}
	page, _, err := src.ListMovements(ctx, ana.LedgerID, finance.MovementFilter{}, 2, "")
	if err != nil || len(page) < 2 {
		t.Fatal(err, len(page))
	}
	pdf := []byte("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")
	info, err := files.Inspect(pdf)
	if err != nil {
		t.Fatal(err)
	}
	att, err := src.AddAttachment(ctx, ana.LedgerID, page[1].ID, store.NewAttachment{Name: "receipt.pdf", Data: pdf, Info: info})
	if err != nil {
		t.Fatal(err)
	}
	newest := int64(0)
	all, _, err := src.ListMovements(ctx, ana.LedgerID, finance.MovementFilter{}, 500, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range all {
		newest = max(newest, m.ID)
	}
	if err := src.DeleteMovement(ctx, ana.LedgerID, newest); err != nil {
		t.Fatal(err)
	}
	seed(t, src, ana, page[0].AccountID)
	src.Close()

	f1 := filepath.Join(t.TempDir(), "a.zip")
	f2 := filepath.Join(t.TempDir(), "b.zip")
	cli(sqliteEnv(a), "export-all", "--out", f1)
	cli(pgEnv, "import-all", f1)
	cli(pgEnv, "export-all", "--out", f2)
	cli(sqliteEnv(c), "import-all", f2)
	cli(pgEnv, "check")
	cli(sqliteEnv(c), "check")

	// Every table carried came back row for row (SQLite → PostgreSQL → SQLite).
	f3 := filepath.Join(t.TempDir(), "c.zip")
	cli(sqliteEnv(c), "export-all", "--out", f3)
	want, got := tablesOf(t, f1), tablesOf(t, f3)
	for name, rows := range want {
		if rows != got[name] {
			t.Errorf("the table %s differs after the round trip:\n%.300s\n%.300s", name, rows, got[name])
		}
		if rows == "" && name != "user_identities" && name != "passkey_handles" && name != "passkeys" && name != "rule_runs" && name != "instance_settings" {
			t.Errorf("the test leaves the table %s empty: it proves nothing of it", name)
		}
	}

	dbs := []*store.DB{openAt(t, a, ""), openAt(t, b, pg), openAt(t, c, "")}
	for _, email := range []string{"ana@example.com", "bo@example.com"} {
		want := snapshot(t, dbs[0], email)
		for i, db := range dbs[1:] {
			got := snapshot(t, db, email)
			for k := range want {
				if !bytes.Equal(want[k], got[k]) {
					t.Errorf("%s, instance %d: %s differs:\n%.400s\n%.400s", email, i+2, k, want[k], got[k])
				}
			}
		}
	}
	for i, db := range dbs[1:] {
		_, rc, err := db.OpenAttachment(ctx, ana.LedgerID, att.ID, false)
		if err != nil {
			t.Fatalf("instance %d: the attachment: %v", i+2, err)
		}
		got, _ := io.ReadAll(rc)
		rc.Close()
		if !bytes.Equal(got, pdf) {
			t.Fatalf("instance %d: the attachment's file differs", i+2)
		}
		cats, err := db.ListCategories(ctx, ana.LedgerID)
		if err != nil {
			t.Fatal(err)
		}
		var cat int64
		for _, c := range cats {
			if c.Type == finance.MovementExpense {
				cat = c.ID
			}
		}
		m, err := db.CreateMovement(ctx, ana.LedgerID, finance.MovementDraft{Type: finance.MovementExpense, Date: "2026-01-02",
			Amount: 100, AccountID: page[0].AccountID, CategoryID: cat, Description: "after the move"})
		if err != nil {
			t.Fatal(err)
		}
		if m.ID <= newest {
			t.Fatalf("instance %d: a new movement got id %d, not after the deleted %d", i+2, m.ID, newest)
		}
	}
}

// snapshot is everything a user sees of their ledgers, as JSON by name.
func snapshot(t *testing.T, db *store.DB, email string) map[string][]byte {
	t.Helper()
	ctx := context.Background()
	out := map[string][]byte{}
	put := func(name string, v any, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = b
	}
	u, _, err := identity.New(db).UserByEmail(ctx, email)
	put("user", u, err)
	ledgers, err := db.Ledgers(ctx, u)
	put("ledgers", ledgers, err)
	today := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	for _, l := range ledgers {
		id := l.ID
		p := "ledger " + l.Name + ": "
		if err := db.CheckLedger(ctx, id); err != nil {
			t.Fatalf("%s%v", p, err)
		}
		all := finance.ReportFilter{From: "2000-01-01", To: "2026-12-31"}
		year := finance.ReportFilter{From: "2026-01-01", To: "2026-12-31"}
		prev := finance.ReportFilter{From: "2025-01-01", To: "2025-12-31"}
		v1, err := db.ListAccounts(ctx, id)
		put(p+"accounts", v1, err)
		v2, err := db.ListCategories(ctx, id)
		put(p+"categories", v2, err)
		for _, typ := range []string{finance.MovementExpense, finance.MovementEarning} {
			items, conv, err := db.Categories(ctx, id, all, typ)
			put(p+"categories report "+typ, []any{items, conv}, err)
			cmp, cconv, err := db.Compare(ctx, id, year, prev, typ)
			put(p+"compare "+typ, []any{cmp, cconv}, err)
		}
		months, mconv, err := db.Monthly(ctx, id, all)
		put(p+"monthly", []any{months, mconv}, err)
		worth, wconv, err := db.NetWorth(ctx, id, all)
		put(p+"net worth", []any{worth, wconv}, err)
		d, err := db.Dashboard(ctx, id, today)
		put(p+"dashboard", d, err)
		tot, err := db.TotalMovements(ctx, id, finance.MovementFilter{})
		put(p+"totals", tot, err)
		list, next, err := db.ListMovements(ctx, id, finance.MovementFilter{}, 200, "")
		put(p+"movements", []any{list, next}, err)
		found, _, err := db.ListMovements(ctx, id, finance.MovementFilter{Text: "mer"}, 50, "")
		put(p+"search", found, err)
		tagged, _, err := db.ListMovements(ctx, id, finance.MovementFilter{Tags: []string{"trip"}}, 50, "")
		put(p+"tagged", tagged, err)
		rates, err := db.Rates(ctx, id, "", "", "")
		put(p+"rates", rates, err)
		bud, err := db.Budgets(ctx, id, "2026-10")
		put(p+"budgets", bud, err)
		points, missing, err := db.BudgetReport(ctx, id, "2025-11", "2026-10")
		put(p+"budget report", []any{points, missing}, err)
		sch, err := db.Schedules(ctx, id)
		put(p+"schedules", sch, err)
		rules, err := db.ListRules(ctx, id)
		put(p+"rules", rules, err)
		members, err := db.Members(ctx, id, u.ID)
		put(p+"members", members, err)
	}
	return out
}

// openAt opens an instance's store: PostgreSQL at url, else the SQLite file
// of dir; its attachments are dir's.
func openAt(t *testing.T, dir, url string) *store.DB {
	t.Helper()
	fs, err := files.NewLocal(filepath.Join(dir, "attachments"))
	if err != nil {
		t.Fatal(err)
	}
	opts := store.Options{Files: fs, DatabaseURL: url}
	if url == "" {
		opts.SQLitePath = filepath.Join(dir, "cashcontrol.db")
	}
	db, err := store.Open(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// A file that is not an export, a truncated one, one with a bad row or one
// from another schema version: a clear error, and the database stays empty
// (a good file then imports).
func TestImportAllRefusesBadFiles(t *testing.T) {
	ctx := context.Background()
	a := t.TempDir()
	env := func(dir string) func(string) string {
		return envOf(map[string]string{"CASHCONTROL_DATA_DIR": dir, "CASHCONTROL_LOG_LEVEL": "error"})
	}
	var out, errb bytes.Buffer
	if err := run(ctx, []string{"demo", "--email", "ana@example.com", "--movements", "200"}, env(a), &out, &errb); err != nil {
		t.Fatal(err, errb.String())
	}
	good := filepath.Join(t.TempDir(), "good.zip")
	if err := run(ctx, []string{"export-all", "--out", good}, env(a), &out, &errb); err != nil {
		t.Fatal(err, errb.String())
	}
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	bad := map[string][]byte{
		"not a zip": []byte("date,amount\n2026-01-01,3\n"),
		"truncated": data[:len(data)/2],
		"bad row":   rewrite(t, data, "tables/movements.ndjson", func(b []byte) []byte { return bytes.Replace(b, []byte("["), []byte("[\"x\","), 1) }),
		"short":     rewrite(t, data, "tables/accounts.ndjson", func(b []byte) []byte { return b[:bytes.LastIndexByte(b[:len(b)-1], '\n')+1] }),
		"schema":    rewrite(t, data, "manifest.json", func(b []byte) []byte { return bytes.Replace(b, []byte(`"schema":`), []byte(`"schema":1`), 1) }),
	}
	dir := t.TempDir()
	for name, file := range bad {
		path := filepath.Join(t.TempDir(), "bad.zip")
		if err := os.WriteFile(path, file, 0o600); err != nil {
			t.Fatal(err)
		}
		err := run(ctx, []string{"import-all", path}, env(dir), &out, &errb)
		if err == nil {
			t.Fatalf("%s: imported", name)
		}
		t.Logf("%s: %v", name, err)
		db := openAt(t, dir, "")
		var users []finance.AdminUser
		if users, err = identity.New(db).AdminUsers(ctx); err != nil || len(users) != 0 {
			t.Fatalf("%s: the database is not empty after a failed import: %d users %v", name, len(users), err)
		}
		db.Close()
	}
	if err := run(ctx, []string{"import-all", good}, env(dir), &out, &errb); err != nil {
		t.Fatalf("the good file after the bad ones: %v", err)
	}
	if err := run(ctx, []string{"import-all", good}, env(dir), &out, &errb); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("a second import into the same database: %v", err)
	}
}

// An export's search_words are not taken as they are: import-all makes
// them again from the descriptions and notes. A file whose words hold a
// quote and a backslash (which SQLite's trigger of the words' totals cannot
// split) imports into either database, is found by its descriptions' words
// and passes the check.
func TestImportAllMakesTheWordsAgain(t *testing.T) {
	ctx := context.Background()
	env := func(dir, url string) func(string) string {
		return envOf(map[string]string{"CASHCONTROL_DATA_DIR": dir, "DATABASE_URL": url, "CASHCONTROL_LOG_LEVEL": "error"})
	}
	var out, errb bytes.Buffer
	src := t.TempDir()
	if err := run(ctx, []string{"demo", "--email", "ana@example.com", "--movements", "200"}, env(src, ""), &out, &errb); err != nil {
		t.Fatal(err, errb.String())
	}
	good := filepath.Join(t.TempDir(), "good.zip")
	if err := run(ctx, []string{"export-all", "--out", good}, env(src, ""), &out, &errb); err != nil {
		t.Fatal(err, errb.String())
	}
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	var manifest instance.PortableManifest
	if err := json.Unmarshal(entryOf(t, data, "manifest.json"), &manifest); err != nil {
		t.Fatal(err)
	}
	col := -1
	for _, tb := range manifest.Tables {
		if tb.Name == "movements" {
			col = slices.Index(tb.Columns, "search_words")
		}
	}
	if col < 0 {
		t.Fatal("no search_words in the manifest")
	}
	tampered := rewrite(t, data, "tables/movements.ndjson", func(b []byte) []byte {
		var buf bytes.Buffer
		for _, line := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
			var row []any
			if err := json.Unmarshal(line, &row); err != nil {
				t.Fatal(err)
			}
			row[col] = `zz"top \ "`
			line, _ = json.Marshal(row)
			buf.Write(append(line, '\n'))
		}
		return buf.Bytes()
	})
	path := filepath.Join(t.TempDir(), "tampered.zip")
	if err := os.WriteFile(path, tampered, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, url := range []string{"", storetest.PostgresURL(t)} {
		dir := t.TempDir()
		if err := run(ctx, []string{"import-all", path}, env(dir, url), &out, &errb); err != nil {
			t.Fatalf("%q: %v %s", url, err, errb.String())
		}
		if err := run(ctx, []string{"check"}, env(dir, url), &out, &errb); err != nil {
			t.Fatalf("%q: check: %v %s", url, err, errb.String())
		}
		db := openAt(t, dir, url)
		u, _, err := identity.New(db).UserByEmail(ctx, "ana@example.com")
		if err != nil {
			t.Fatal(err)
		}
		all, _, err := db.ListMovements(ctx, u.LedgerID, finance.MovementFilter{}, 1, "")
		if err != nil || len(all) != 1 {
			t.Fatal(err, len(all))
		}
		word := finance.Words(all[0].Description)[0]
		for q, found := range map[string]bool{word: true, "zz": false, "top": false} {
			got, _, err := db.ListMovements(ctx, u.LedgerID, finance.MovementFilter{Text: q}, 50, "")
			if err != nil {
				t.Fatal(err)
			}
			if (len(got) > 0) != found {
				t.Errorf("%q: %q finds %d movements", url, q, len(got))
			}
		}
		db.Close()
	}
}

// entryOf is one entry of a zip.
func entryOf(t *testing.T, data []byte, name string) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	f, err := zr.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// rewrite is a zip with one entry changed by fn.
func rewrite(t *testing.T, data []byte, name string, fn func([]byte) []byte) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if f.Name == name {
			b = fn(b)
		}
		w, err := zw.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(b); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// seed fills the tables demo leaves empty: tags, budgets, a schedule, a
// rule, a currency of the ledger's own, an upload, an invitation, two-step
// sign-in, a token and security events.
func seed(t *testing.T, db *store.DB, u *finance.User, accountID int64) {
	t.Helper()
	ctx := context.Background()
	cats, err := db.ListCategories(ctx, u.LedgerID)
	if err != nil {
		t.Fatal(err)
	}
	var cat int64
	for _, c := range cats {
		if c.Type == finance.MovementExpense && c.ParentID == nil {
			cat = c.ID
		}
	}
	page, _, err := db.ListMovements(ctx, u.LedgerID, finance.MovementFilter{}, 5, "")
	if err != nil {
		t.Fatal(err)
	}
	tags := []string{"trip", "work"}
	if _, err := db.UpdateMovement(ctx, u.LedgerID, page[2].ID, finance.MovementInput{Tags: &tags}); err != nil {
		t.Fatal(err)
	}
	from := func(js string, v any) {
		t.Helper()
		js = strings.NewReplacer("CAT", strconv.FormatInt(cat, 10), "ACC", strconv.FormatInt(accountID, 10)).Replace(js)
		if err := json.Unmarshal([]byte(js), v); err != nil {
			t.Fatal(err)
		}
	}
	var b finance.BudgetInput
	from(`{"scope":"onward","items":[{"categoryId":"CAT","amount":50000}]}`, &b)
	if err := db.SetBudgets(ctx, u.LedgerID, "2026-10", b); err != nil {
		t.Fatal(err)
	}
	var sch finance.ScheduleInput
	from(`{"type":"expense","amount":1200,"accountId":"ACC","categoryId":"CAT","description":"Gym","frequency":"monthly","interval":1,"day":5,"startDate":"2026-01-05"}`, &sch)
	if _, _, err := db.CreateSchedule(ctx, u.LedgerID, sch, nil); err != nil {
		t.Fatal(err)
	}
	var rule finance.RuleInput
	from(`{"name":"Gym","match":"all","conditions":[{"field":"description","op":"contains","text":"gym"}],"actions":{"categoryId":"CAT"}}`, &rule)
	if _, err := db.CreateRule(ctx, u.LedgerID, rule); err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateCustomCurrency(ctx, u.LedgerID, finance.CustomCurrency{Code: "XBT", Name: "Bitcoin", Symbol: "₿", Decimals: 8}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.SaveUpload(ctx, u.LedgerID, "bank.csv", "csv", []byte("date,amount\n2026-01-01,\x00\xff-3\n"), store.UploadLimits{}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.SaveLedgerUpload(ctx, u.ID, "firefly.csv", finance.SourceFirefly, []byte("journal_id,type\n1,\x00\xff\n"), store.UploadLimits{}, store.StoredPreview{}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateInvitation(ctx, u.LedgerID, u.ID, finance.InvitationInput{Email: "guest@example.com", Role: finance.RoleViewer}, "hash-of-a-token", time.Now().Add(time.Hour).UnixMilli()); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	if err := identity.New(db).StartTwoFactor(ctx, u.ID, "JBSWY3DPEHPK3PXP", now); err != nil {
		t.Fatal(err)
	}
	if err := identity.New(db).EnableTwoFactor(ctx, u.ID, "JBSWY3DPEHPK3PXP", 1, []string{"h1", "h2"}, now); err != nil {
		t.Fatal(err)
	}
	if _, err := identity.New(db).CreateAPIToken(ctx, u.ID, finance.NewAPIToken{Name: "script", Scope: "read"}, "token-hash", "cc_ab", now); err != nil {
		t.Fatal(err)
	}
	if err := identity.New(db).AddSecurityEvent(ctx, u.ID, finance.SecurityEvent{Kind: finance.EventSignIn, Detail: "password"}); err != nil {
		t.Fatal(err)
	}
	// A bank statement that states its balance (a checkpoint), and a
	// reconciliation with an adjustment.
	ofx, err := os.ReadFile("../../internal/importer/statement/testdata/bank.ofx")
	if err != nil {
		t.Fatal(err)
	}
	accs, err := db.ListAccounts(ctx, u.LedgerID)
	if err != nil {
		t.Fatal(err)
	}
	eur := accs[slices.IndexFunc(accs, func(a finance.Account) bool { return a.Currency == "EUR" })].ID // the statement's currency
	req := store.ImportRequest{LedgerID: u.LedgerID, Language: "en", AccountID: eur}
	p, err := db.UploadImport(ctx, req, &store.Upload{FileName: "bank.ofx", Format: string(statement.FormatOFX), Data: ofx}, store.UploadLimits{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.CommitImport(ctx, req, p.UploadID); err != nil {
		t.Fatal(err)
	}
	balance := int64(123456)
	if _, _, err := db.Reconcile(ctx, u.LedgerID, eur, finance.ReconcileInput{Date: "2026-02-28", Balance: &balance, Adjust: true}, "en", nil); err != nil {
		t.Fatal(err)
	}
	// The next statement's reconciliation, begun and left for later (a draft).
	next := int64(120000)
	if _, err := db.SaveReconcileDraft(ctx, u.LedgerID, eur, finance.ReconcileDraftInput{Date: "2026-03-31", Balance: &next}); err != nil {
		t.Fatal(err)
	}
	// A bank connection (its secret sealed), a linked account and a synced transaction.
	conn, err := db.CreateBankConnection(ctx, u.LedgerID, finance.BankConnectionDraft{Provider: finance.BankSimpleFIN, Institution: "Bridge",
		Status: finance.BankActive, Secret: "sb1:sealed-elsewhere", Accounts: []finance.BankAccount{{ID: "SF-1", Name: "Checking", Currency: "EUR", Balance: 100}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.LinkBankAccount(ctx, u.LedgerID, conn, "SF-1", eur); err != nil {
		t.Fatal(err)
	}
	if _, err := db.SyncBank(ctx, u.LedgerID, conn, finance.BankSyncInput{Language: "en", Statements: []finance.BankStatement{{AccountID: "SF-1",
		Transactions: []finance.BankTransaction{{ID: "T1", Date: "2026-03-02", Amount: -1234, Description: "Bank fee"}}}}}); err != nil {
		t.Fatal(err)
	}
}

// tablesOf is each table of an export, its lines sorted.
func tablesOf(t *testing.T, path string) map[string]string {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	out := map[string]string{}
	for _, f := range zr.File {
		name, ok := strings.CutPrefix(f.Name, "tables/")
		if !ok {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		slices.Sort(lines)
		out[strings.TrimSuffix(name, ".ndjson")] = strings.Join(lines, "\n")
	}
	return out
}

// An export taken by an older version (an older schema) imports: the new
// database is migrated up to the export's version, takes it, then goes on
// to the latest.
func TestImportAnOlderExport(t *testing.T) {
	ctx := context.Background()
	old, err := store.OpenNoMigrate(ctx, store.Options{SQLitePath: filepath.Join(t.TempDir(), "old.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	latest, err := openAt(t, t.TempDir(), "").SchemaVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := old.MigrateTo(ctx, latest-1); err != nil {
		t.Fatal(err)
	}
	if _, err := identity.New(old).CreateUser(ctx, identity.NewUser{Email: "ana@example.com"}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "old.zip")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := instance.New(old).ExportAll(ctx, f)
	f.Close()
	if err != nil || m.Schema != latest-1 {
		t.Fatalf("%v %+v", err, m)
	}
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if err := run(ctx, []string{"import-all", path}, envOf(map[string]string{"CASHCONTROL_DATA_DIR": dir, "CASHCONTROL_LOG_LEVEL": "error"}), &out, &errb); err != nil {
		t.Fatalf("import-all of an older export: %v", err)
	}
	db := openAt(t, dir, "")
	if v, err := db.SchemaVersion(ctx); err != nil || v != latest {
		t.Fatalf("schema %d %v, want %d", v, err, latest)
	}
	if u, _, err := identity.New(db).UserByEmail(ctx, "ana@example.com"); err != nil || u == nil {
		t.Fatalf("the user: %v", err)
	}
}
