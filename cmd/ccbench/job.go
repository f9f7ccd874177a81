package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"cashcontrol/internal/config"
	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
)

// openStore opens the database of the server's settings (the server
// stopped) and finds the user by email.
func openStore(ctx context.Context, email string) (*store.DB, store.Options, *finance.User, error) {
	c, err := config.Load("ccbench", nil, os.Getenv, io.Discard)
	if err != nil {
		return nil, store.Options{}, nil, err
	}
	opts := store.Options{DatabaseURL: c.DatabaseURL, SQLitePath: c.SQLitePath()}
	db, err := store.Open(ctx, opts)
	if err != nil {
		return nil, opts, nil, err
	}
	u, _, err := identity.New(db).UserByEmail(ctx, email)
	if err != nil {
		db.Close()
		return nil, opts, nil, err
	}
	return db, opts, u, nil
}

// jobSchedules share the job benchmark's occurrences.
const jobSchedules = 100

// jobBench measures the schedules job: it gives the user's ledger (in the
// database the server's settings name, the server stopped) 100 daily
// schedules starting tomorrow, n/100 occurrences each, then moves a store's
// clock past their end and times one round of the job (store.PostDue), the
// round every server runs each minute. It checks that the round posted n
// (at least: on a database used before, older schedules may fall due too).
func jobBench(email string, n int) error {
	ctx := context.Background()
	db, opts, u, err := openStore(ctx, email)
	if err != nil {
		return err
	}
	defer db.Close()
	accounts, err := db.ListAccounts(ctx, u.LedgerID)
	if err != nil {
		return err
	}
	cats, err := db.ListCategories(ctx, u.LedgerID)
	if err != nil {
		return err
	}
	var cat int64
	for _, ct := range cats {
		if ct.Type == finance.MovementExpense && cat == 0 {
			cat = ct.ID
		}
	}
	if len(accounts) == 0 || cat == 0 {
		return fmt.Errorf("the ledger of %s has no account or expense category", email)
	}
	per := n / jobSchedules
	start := time.Now().UTC().AddDate(0, 0, 1).Format(finance.DateLayout)
	for i := 0; i < jobSchedules; i++ {
		typ, freq, amount, desc := finance.MovementExpense, finance.FrequencyDaily, int64(100+i), "job bench "+strconv.Itoa(i)
		in := finance.ScheduleInput{Frequency: &freq, StartDate: &start, Count: &per}
		in.Type, in.Amount, in.Description = &typ, &amount, &desc
		in.AccountID = &finance.IDInput{ID: accounts[i%len(accounts)].ID, Set: true}
		in.CategoryID = &finance.IDInput{ID: cat, Set: true}
		if _, _, err := db.CreateSchedule(ctx, u.LedgerID, in, nil); err != nil {
			return err
		}
	}
	later := time.Now().AddDate(0, 0, per+2)
	opts.Now = func() time.Time { return later }
	job, err := store.Open(ctx, opts)
	if err != nil {
		return err
	}
	defer job.Close()
	t0 := time.Now()
	posted, err := job.PostDue(ctx)
	took := time.Since(t0)
	if err != nil {
		return err
	}
	// More when the database had schedules of its own due by then.
	if posted < per*jobSchedules {
		return fmt.Errorf("the job posted %d occurrences, want %d", posted, per*jobSchedules)
	}
	if err := job.CheckLedger(ctx, u.LedgerID); err != nil {
		return err
	}
	fmt.Printf("%-32s %s\n", fmt.Sprintf("schedules job, %d due", posted), took.Round(time.Millisecond))
	return nil
}

// makeSchedules gives the ledger what a household schedules (rent, salary,
// bills, a weekly allowance), from tomorrow on, for the forecast to read.
func makeSchedules(ctx context.Context, c *client, account, category string) error {
	tomorrow := time.Now().AddDate(0, 0, 1).Format(finance.DateLayout)
	for i, s := range []map[string]any{
		{"type": "expense", "amount": 95000, "frequency": "monthly", "day": 1, "description": "Rent"},
		{"type": "expense", "amount": 3999, "frequency": "monthly", "day": 8, "description": "Phone"},
		{"type": "expense", "amount": 1299, "frequency": "monthly", "day": 12, "description": "Streaming"},
		{"type": "expense", "amount": 8000, "frequency": "monthly", "day": 5, "description": "Power", "askAmount": true},
		{"type": "expense", "amount": 5000, "frequency": "weekly", "description": "Allowance"},
		{"type": "expense", "amount": 60000, "frequency": "yearly", "description": "Insurance"},
	} {
		s["accountId"], s["categoryId"], s["startDate"] = account, category, tomorrow
		if code, b, err := c.do(ctx, "POST", "/api/v1/schedules", s); err != nil || code != 201 {
			return fmt.Errorf("schedule %d: %d %s %v", i, code, b, err)
		}
	}
	return nil
}
