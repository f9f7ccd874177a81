package main

import (
	"context"
	"fmt"
	"io"
	"strings"
)

// check recomputes every ledger's balances and monthly totals from its
// movements (store.CheckLedger) and fails naming each ledger that differs.
// The soak test runs it after its load; it only reads.
func check(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	db, err := openFromSettings(ctx, "cashcontrol check", args, getenv, stderr)
	if err != nil {
		return err
	}
	defer db.Close()
	ids, err := db.LedgerIDs(ctx)
	if err != nil {
		return err
	}
	bad := 0
	for _, id := range ids {
		if err := db.CheckLedger(ctx, id); err != nil {
			bad++
			lines := strings.Split(err.Error(), "\n")
			if len(lines) > 12 {
				lines = append(lines[:12], fmt.Sprintf("… and %d more", len(lines)-12))
			}
			fmt.Fprintf(stderr, "ledger %d: %s\n", id, strings.Join(lines, "\n  "))
		}
	}
	var wrong []string
	if bad > 0 {
		wrong = append(wrong, fmt.Sprintf("%d of %d ledgers are wrong", bad, len(ids)))
	}
	if err := db.CheckSearchOrphans(ctx); err != nil {
		wrong = append(wrong, err.Error())
	}
	if len(wrong) > 0 {
		return fmt.Errorf("check: %s", strings.Join(wrong, "; "))
	}
	fmt.Fprintf(stdout, "check: %d ledgers, every balance and monthly total equals its movements (%s)\n", len(ids), db.Dialect())
	return nil
}
