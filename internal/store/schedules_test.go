package store_test

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// clock is a test clock that tests move forward.
type clock struct{ t atomic.Int64 }

func newClock(s string) *clock {
	c := &clock{}
	c.set(s)
	return c
}

func (c *clock) set(s string) {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	c.t.Store(t.UnixNano())
}

func (c *clock) now() time.Time { return time.Unix(0, c.t.Load()) }

// eachClocked runs fn on both databases opened with the clock, set to start
// each time; open opens another store on the same database (a second server).
func eachClocked(t *testing.T, c *clock, fn func(t *testing.T, db *store.DB, open func() *store.DB)) {
	start := c.now()
	opener := func(t *testing.T, opts store.Options) func() *store.DB {
		return func() *store.DB {
			db, err := store.Open(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return db
		}
	}
	t.Run("sqlite", func(t *testing.T) {
		c.t.Store(start.UnixNano())
		open := opener(t, store.Options{SQLitePath: filepath.Join(t.TempDir(), "s.db"), Now: c.now})
		fn(t, open(), open)
	})
	t.Run("postgres", func(t *testing.T) {
		c.t.Store(start.UnixNano())
		open := opener(t, store.Options{DatabaseURL: storetest.PostgresURL(t), Now: c.now})
		fn(t, open(), open)
	})
}

func scheduleIn(typ string, amount int64, account, category int64, freq, start string) finance.ScheduleInput {
	in := finance.ScheduleInput{Frequency: &freq, StartDate: &start}
	in.Type, in.Amount = &typ, &amount
	in.AccountID = &finance.IDInput{ID: account, Set: true}
	in.CategoryID = &finance.IDInput{ID: category, Set: true}
	desc := "Rent"
	in.Description = &desc
	return in
}

func balance(t *testing.T, db *store.DB, ledger, account int64) int64 {
	t.Helper()
	a, err := db.Account(context.Background(), ledger, account)
	if err != nil {
		t.Fatal(err)
	}
	return a.Balance
}

func countMovements(t *testing.T, db *store.DB, ledger int64) int64 {
	t.Helper()
	return storetest.CountLedgerRows(context.Background(), db, ledger)["movements"]
}

func TestSchedulesPostOnceAndCatchUp(t *testing.T) {
	c := newClock("2026-03-10T12:00:00Z")
	eachClocked(t, c, func(t *testing.T, db *store.DB, _ func() *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "sched@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 500000)
		rent := mustCategory(t, db, l, "Rent", "expense", 0)

		// Created with a start in the past: what is due posts at once.
		s, _, err := db.CreateSchedule(ctx, l, scheduleIn("expense", 95000, acc.ID, rent.ID, finance.FrequencyMonthly, "2026-01-31"), nil)
		if err != nil {
			t.Fatal(err)
		}
		if s.NextDate != "2026-03-31" || s.Done != 2 || s.Day != 31 {
			t.Fatalf("after create: next %s done %d day %d", s.NextDate, s.Done, s.Day)
		}
		if b := balance(t, db, l, acc.ID); b != 500000-2*95000 {
			t.Fatalf("balance %d", b)
		}
		// Nothing more is due: the job posts nothing.
		if n, err := db.PostDue(ctx); err != nil || n != 0 {
			t.Fatalf("PostDue: %d %v", n, err)
		}
		// Three months of downtime: the job catches up, once.
		c.set("2026-06-29T23:30:00Z")
		if n, err := db.PostDue(ctx); err != nil || n != 3 {
			t.Fatalf("catch-up posted %d (%v), want 3 (March, April, May)", n, err)
		}
		if n, _ := db.PostDue(ctx); n != 0 {
			t.Fatalf("posted again: %d", n)
		}
		// The owner's time zone says when the day turns: at 23:30 UTC on
		// the 29th it is already the 30th, June's last day, in Madrid.
		got, err := db.Schedule(ctx, l, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.NextDate != "2026-06-30" {
			t.Fatalf("next %s, want 2026-06-30 (not yet due in UTC)", got.NextDate)
		}
		zone := "Europe/Madrid"
		u, _, err := identity.New(db).UserByEmail(ctx, "sched@example.com")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := identity.New(db).UpdateProfile(ctx, u.ID, finance.ProfilePatch{TimeZone: &zone}); err != nil {
			t.Fatal(err)
		}
		if n, _ := db.PostDue(ctx); n != 1 {
			t.Fatalf("in Madrid it is 30 June: June's rent is due, posted %d", n)
		}
		if b := balance(t, db, l, acc.ID); b != 500000-6*95000 {
			t.Fatalf("balance %d, want six rents", b)
		}
		if err := db.CheckLedger(ctx, l); err != nil {
			t.Fatal(err)
		}
	})
}

func TestSchedulesTwoRunnersRacing(t *testing.T) {
	c := newClock("2026-01-01T08:00:00Z")
	eachClocked(t, c, func(t *testing.T, db *store.DB, open func() *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "race@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 0)
		food := mustCategory(t, db, l, "Food", "expense", 0)
		const schedules = 20
		for i := 0; i < schedules; i++ {
			in := scheduleIn("expense", int64(100+i), acc.ID, food.ID, finance.FrequencyDaily, "2026-01-02")
			if _, _, err := db.CreateSchedule(ctx, l, in, nil); err != nil {
				t.Fatal(err)
			}
		}
		// Thirty days later two servers (two stores on one database) and a
		// few runners each race to post the same 30 × 20 occurrences.
		c.set("2026-01-31T08:00:00Z")
		other := open()
		var wg sync.WaitGroup
		var posted atomic.Int64
		for i := 0; i < 6; i++ {
			wg.Add(1)
			go func(db *store.DB) {
				defer wg.Done()
				n, err := db.PostDue(ctx)
				if err != nil {
					t.Error(err)
				}
				posted.Add(int64(n))
			}([]*store.DB{db, other}[i%2])
		}
		wg.Wait()
		if posted.Load() != 30*schedules {
			t.Fatalf("the runners say they posted %d, want %d", posted.Load(), 30*schedules)
		}
		if n := countMovements(t, db, l); n != 30*schedules {
			t.Fatalf("%d movements, want %d", n, 30*schedules)
		}
		var want int64
		for i := 0; i < schedules; i++ {
			want -= 30 * int64(100+i)
		}
		if b := balance(t, db, l, acc.ID); b != want {
			t.Fatalf("balance %d, want %d", b, want)
		}
		if err := db.CheckLedger(ctx, l); err != nil {
			t.Fatal(err)
		}
	})
}

func TestSchedulesConfirmPostSkipEditDelete(t *testing.T) {
	c := newClock("2026-02-10T12:00:00Z")
	eachClocked(t, c, func(t *testing.T, db *store.DB, _ func() *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "confirm@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 0)
		power := mustCategory(t, db, l, "Power", "expense", 0)
		in := scheduleIn("expense", 5000, acc.ID, power.ID, finance.FrequencyWeekly, "2026-01-20")
		ask := true
		in.AskAmount = &ask
		s, _, err := db.CreateSchedule(ctx, l, in, nil)
		if err != nil {
			t.Fatal(err)
		}
		// Ask each time: nothing posts by itself; three weeks wait.
		if s.AutoPost || s.Done != 0 || len(s.Due) != 4 || s.Due[0] != "2026-01-20" || s.Due[3] != "2026-02-10" {
			t.Fatalf("after create: auto %v done %d due %v", s.AutoPost, s.Done, s.Due)
		}
		if n, _ := db.PostDue(ctx); n != 0 {
			t.Fatalf("the job posted %d of a schedule that asks", n)
		}
		// Posting without an amount is refused, and changes nothing.
		if _, _, err := db.PostOccurrence(ctx, l, s.ID, finance.OccurrenceInput{}, nil); !isField(err, "amount") {
			t.Fatalf("post without amount: %v", err)
		}
		amount := int64(4321)
		m, replayed, err := db.PostOccurrence(ctx, l, s.ID, finance.OccurrenceInput{Occurrence: "2026-01-20", Amount: &amount}, nil)
		if err != nil || replayed || m.Amount != 4321 || m.Date != "2026-01-20" {
			t.Fatalf("post: %+v %v %v", m, replayed, err)
		}
		// The same request again (a double click) gives the same movement.
		m2, replayed, err := db.PostOccurrence(ctx, l, s.ID, finance.OccurrenceInput{Occurrence: "2026-01-20", Amount: &amount}, nil)
		if err != nil || !replayed || m2.ID != m.ID {
			t.Fatalf("repeat: %+v %v %v", m2, replayed, err)
		}
		// Skip the 27th; skipping it again changes nothing.
		for i := 0; i < 2; i++ {
			if s, err = db.SkipOccurrence(ctx, l, s.ID, finance.OccurrenceInput{Occurrence: "2026-01-27"}); err != nil {
				t.Fatal(err)
			}
		}
		if s.NextDate != "2026-02-03" || s.Done != 2 {
			t.Fatalf("after skip: next %s done %d", s.NextDate, s.Done)
		}
		// Posting a skipped one is a conflict; one further ahead is refused.
		if _, _, err := db.PostOccurrence(ctx, l, s.ID, finance.OccurrenceInput{Occurrence: "2026-01-27", Amount: &amount}, nil); !isCode(err, finance.ECodeConflict) {
			t.Fatalf("post skipped: %v", err)
		}
		if _, _, err := db.PostOccurrence(ctx, l, s.ID, finance.OccurrenceInput{Occurrence: "2026-02-10", Amount: &amount}, nil); !isField(err, "occurrence") {
			t.Fatalf("post out of order: %v", err)
		}
		// Edit: monthly on the 15th from now on. The past stays; the next
		// occurrence is the new rule's first on or after today.
		freq, day, auto, no := finance.FrequencyMonthly, 15, true, false
		s, err = db.UpdateSchedule(ctx, l, s.ID, finance.ScheduleInput{Frequency: &freq, Day: &day, AskAmount: &no, AutoPost: &auto})
		if err != nil {
			t.Fatal(err)
		}
		if s.NextDate != "2026-02-15" || s.Done != 2 || len(s.Due) != 0 {
			t.Fatalf("after edit: next %s done %d due %v", s.NextDate, s.Done, s.Due)
		}
		c.set("2026-03-20T12:00:00Z")
		if n, _ := db.PostDue(ctx); n != 2 {
			t.Fatalf("posted %d, want 15 February and 15 March", n)
		}
		// Post now: April's, dated today; then delete: nothing more.
		m, _, err = db.PostOccurrence(ctx, l, s.ID, finance.OccurrenceInput{}, nil)
		if err != nil || m.Date != "2026-03-20" || m.Amount != 5000 {
			t.Fatalf("post now: %+v %v", m, err)
		}
		if err := db.DeleteSchedule(ctx, l, s.ID); err != nil {
			t.Fatal(err)
		}
		c.set("2026-12-20T12:00:00Z")
		if n, _ := db.PostDue(ctx); n != 0 {
			t.Fatalf("a deleted schedule posted %d", n)
		}
		if n := countMovements(t, db, l); n != 4 {
			t.Fatalf("%d movements, want 4", n)
		}
		if err := db.CheckLedger(ctx, l); err != nil {
			t.Fatal(err)
		}
	})
}

func TestSchedulesBadInputChangesNothing(t *testing.T) {
	c := newClock("2026-02-10T12:00:00Z")
	eachClocked(t, c, func(t *testing.T, db *store.DB, _ func() *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "bad@example.com")
		other := newLedger(t, db, "other@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 0)
		food := mustCategory(t, db, l, "Food", "expense", 0)
		salary := mustCategory(t, db, l, "Salary", "earning", 0)
		otherAcc := mustAccount(t, db, other, "Theirs", "EUR", 0)
		bad := func(name string, field string, edit func(*finance.ScheduleInput)) {
			in := scheduleIn("expense", 100, acc.ID, food.ID, finance.FrequencyMonthly, "2026-01-01")
			edit(&in)
			if _, _, err := db.CreateSchedule(ctx, l, in, nil); !isField(err, field) {
				t.Errorf("%s: got %v, want an error on %s", name, err, field)
			}
		}
		bad("day 0", "day", func(in *finance.ScheduleInput) { d := 0; in.Day = &d })
		bad("end before start", "endDate", func(in *finance.ScheduleInput) { e := "2025-12-31"; in.EndDate = &e })
		bad("negative amount", "amount", func(in *finance.ScheduleInput) { a := int64(-5); in.Amount = &a })
		bad("earning category on an expense", "categoryId", func(in *finance.ScheduleInput) {
			in.CategoryID = &finance.IDInput{ID: salary.ID, Set: true}
		})
		bad("another ledger's account", "accountId", func(in *finance.ScheduleInput) {
			in.AccountID = &finance.IDInput{ID: otherAcc.ID, Set: true}
		})
		if got := storetest.CountLedgerRows(ctx, db, l); got["schedules"] != 0 || got["movements"] != 0 {
			t.Fatalf("rows after refusals: %v", got)
		}
		// Another ledger cannot see, edit, post or delete the schedule.
		s, _, err := db.CreateSchedule(ctx, l, scheduleIn("expense", 100, acc.ID, food.ID, finance.FrequencyMonthly, "2026-03-01"), nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Schedule(ctx, other, s.ID); !isCode(err, finance.ECodeNotFound) {
			t.Errorf("read: %v", err)
		}
		if _, _, err := db.PostOccurrence(ctx, other, s.ID, finance.OccurrenceInput{}, nil); !isCode(err, finance.ECodeNotFound) {
			t.Errorf("post: %v", err)
		}
		if err := db.DeleteSchedule(ctx, other, s.ID); !isCode(err, finance.ECodeNotFound) {
			t.Errorf("delete: %v", err)
		}
		// Archiving the account pauses the schedule when it falls due.
		archived := true
		if _, err := db.UpdateAccount(ctx, l, acc.ID, finance.AccountInput{Archived: &archived}); err != nil {
			t.Fatal(err)
		}
		c.set("2026-03-05T12:00:00Z")
		if n, err := db.PostDue(ctx); n != 0 || err != nil {
			t.Fatalf("PostDue with an archived account: %d %v", n, err)
		}
		if got, _ := db.Schedule(ctx, l, s.ID); !got.Paused || got.Done != 0 {
			t.Fatalf("the schedule should be paused: %+v", got)
		}
	})
}

func isCode(err error, code string) bool {
	var fe *finance.Error
	return errors.As(err, &fe) && fe.Code == code
}

func isField(err error, field string) bool {
	var fe *finance.Error
	if !errors.As(err, &fe) {
		return false
	}
	for _, f := range fe.Fields {
		if f.Field == field {
			return true
		}
	}
	return false
}

// The forecast with the usual spending: the unscheduled net of the last
// whole months, spread evenly over the days, on top of the schedules.
func TestForecastWithUsualSpending(t *testing.T) {
	c := newClock("2026-05-15T12:00:00Z")
	eachClocked(t, c, func(t *testing.T, db *store.DB, _ func() *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "forecast@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 100000)
		food := mustCategory(t, db, l, "Food", "expense", 0)
		for _, d := range []string{"2026-02-10", "2026-03-10", "2026-04-10", "2026-01-10", "2026-05-02"} {
			if _, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: d, Amount: 3000, AccountID: acc.ID, CategoryID: food.ID}); err != nil {
				t.Fatal(err)
			}
		}
		// Rent from 1 February: February to May post at once; June's falls in the forecast.
		if _, _, err := db.CreateSchedule(ctx, l, scheduleIn("expense", 1000, acc.ID, food.ID, finance.FrequencyMonthly, "2026-02-01"), nil); err != nil {
			t.Fatal(err)
		}
		balance := int64(100000 - 5*3000 - 4*1000)
		f, err := db.Forecast(ctx, l, 20, 3)
		if err != nil {
			t.Fatal(err)
		}
		pts := f.Accounts[0].Points
		if len(pts) != 21 || pts[0].Date != "2026-05-15" || pts[0].Balance != balance {
			t.Fatalf("start: %+v", pts[0])
		}
		// February to April: 9,000 unscheduled over 89 days; June 1 is day 17.
		for i, p := range pts {
			want := balance - 9000*int64(i)/89
			if i >= 17 {
				want -= 1000
			}
			if p.Balance != want {
				t.Fatalf("day %d (%s): %d, want %d", i, p.Date, p.Balance, want)
			}
		}
		if f.Ledger.Lowest.Date != "2026-06-04" || f.Accounts[0].Lowest.Balance != pts[20].Balance {
			t.Fatalf("lowest: %+v %+v", f.Ledger.Lowest, f.Accounts[0].Lowest)
		}
	})
}

// A count is of occurrences handled, not of the rule's dates: an edit that
// moves the next occurrence months on keeps what is left of the count.
func TestScheduleCountSurvivesAnEdit(t *testing.T) {
	c := newClock("2026-05-10T12:00:00Z")
	eachClocked(t, c, func(t *testing.T, db *store.DB, _ func() *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "count@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 0)
		food := mustCategory(t, db, l, "Food", "expense", 0)
		in := scheduleIn("expense", 100, acc.ID, food.ID, finance.FrequencyMonthly, "2026-01-01")
		count, wait := 3, false
		in.Count, in.AutoPost = &count, &wait
		s, _, err := db.CreateSchedule(ctx, l, in, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Due) != 3 {
			t.Fatalf("due %v, want January to March", s.Due)
		}
		day := 15
		s, err = db.UpdateSchedule(ctx, l, s.ID, finance.ScheduleInput{Day: &day})
		if err != nil {
			t.Fatal(err)
		}
		if s.NextDate != "2026-05-15" || s.Done != 0 {
			t.Fatalf("after the edit: next %q done %d, want 2026-05-15 and 0 (three still to come)", s.NextDate, s.Done)
		}
	})
}
