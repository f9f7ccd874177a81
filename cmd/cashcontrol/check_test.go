package main

import (
	"bytes"
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
)

// check passes on a ledger the store wrote, and fails naming the ledger and
// the account once a balance no longer equals its movements.
func TestCheckFindsADriftedBalance(t *testing.T) {
	dir := t.TempDir()
	env := envOf(map[string]string{"CASHCONTROL_DATA_DIR": dir, "CASHCONTROL_LOG_LEVEL": "error"})
	var out, errb bytes.Buffer
	if err := run(context.Background(), []string{"demo", "--email", "check@example.com", "--movements", "300", "--years", "1"}, env, &out, &errb); err != nil {
		t.Fatalf("demo: %v %s", err, errb.String())
	}
	out.Reset()
	if err := run(context.Background(), []string{"check"}, env, &out, &errb); err != nil || !strings.Contains(out.String(), "check: 1 ledgers") {
		t.Fatalf("check of a right ledger: %v %q %q", err, out.String(), errb.String())
	}
	raw, err := sql.Open("sqlite3", filepath.Join(dir, "cashcontrol.db"))
	if err != nil {
		t.Fatal(err)
	}
	var acc int64
	if err := raw.QueryRow(`SELECT MIN(id) FROM accounts`).Scan(&acc); err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`UPDATE accounts SET balance = balance + 1 WHERE id = ?`, acc); err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`UPDATE monthly_totals SET count = count + 1 WHERE id = (SELECT MIN(id) FROM monthly_totals)`); err != nil {
		// Without an id column, any one row will do.
		if _, err := raw.Exec(`UPDATE monthly_totals SET count = count + 1 WHERE rowid = (SELECT MIN(rowid) FROM monthly_totals)`); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()
	errb.Reset()
	err = run(context.Background(), []string{"check"}, env, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "1 of 1 ledgers") {
		t.Fatalf("check of a drifted ledger: %v", err)
	}
	for _, want := range []string{"ledger 1:", "account ", "balance", "monthly total"} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("check's message %q does not name %q", errb.String(), want)
		}
	}
}
