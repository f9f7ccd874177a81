package store_test

import (
	"context"
	"testing"
	"time"

	"cashcontrol/internal/files"
	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// TestQuotas: a user owns at most Quotas.Ledgers ledgers, and their ledgers
// together hold at most Quotas.Schedules schedules and AttachmentBytes of
// files; a saved schedule posts at most CatchUp occurrences at once (a
// daily one from 1900 is refused, and writes nothing).
func TestQuotas(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		db.SetQuotas(store.Quotas{Ledgers: 2, Schedules: 3, AttachmentBytes: 40, CatchUp: 31})
		l := newLedger(t, db, "quota@example.com")
		u, _, err := identity.New(db).UserByEmail(ctx, "quota@example.com")
		if err != nil {
			t.Fatal(err)
		}
		l2, err := db.CreateLedger(ctx, u, "Second", "EUR")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.CreateLedger(ctx, u, "Third", "EUR"); finance.ErrorCode(err) != finance.ECodeTooManyLedgers {
			t.Fatalf("a third ledger: %v", err)
		}
		// Another user's quota is their own.
		other := newLedger(t, db, "quota-other@example.com")
		o, _, _ := identity.New(db).UserByEmail(ctx, "quota-other@example.com")
		if _, err := db.CreateLedger(ctx, o, "Theirs", "EUR"); err != nil {
			t.Fatalf("another user's second ledger: %v", err)
		}

		acc, rent := mustAccount(t, db, l, "Bank", "EUR", 0), mustCategory(t, db, l, "Rent", "expense", 0)
		acc2, rent2 := mustAccount(t, db, l2, "Bank", "EUR", 0), mustCategory(t, db, l2, "Rent", "expense", 0)
		start := time.Now().UTC().AddDate(0, 0, -20).Format(finance.DateLayout)
		if _, _, err := db.CreateSchedule(ctx, l, scheduleIn("expense", 100, acc.ID, rent.ID, finance.FrequencyDaily, start), nil); err != nil {
			t.Fatalf("twenty-odd days to catch up: %v", err)
		}
		before := countMovements(t, db, l)
		_, _, err = db.CreateSchedule(ctx, l, scheduleIn("expense", 100, acc.ID, rent.ID, finance.FrequencyDaily, "1900-01-01"), nil)
		if finance.ErrorCode(err) != finance.ECodeCatchUpTooLong {
			t.Fatalf("a daily schedule from 1900: %v", err)
		}
		if n := countMovements(t, db, l); n != before {
			t.Fatalf("the refused schedule posted %d movements", n-before)
		}
		// An "ask each time" schedule from 1900 is kept; made to post by
		// itself, it is refused the same.
		ask := scheduleIn("expense", 100, acc.ID, rent.ID, finance.FrequencyDaily, "1900-01-01")
		yes, no := true, false
		ask.AutoPost = &no
		s, _, err := db.CreateSchedule(ctx, l, ask, nil)
		if err != nil {
			t.Fatalf("a schedule that does not post by itself: %v", err)
		}
		if _, err := db.UpdateSchedule(ctx, l, s.ID, finance.ScheduleInput{AutoPost: &yes}); finance.ErrorCode(err) != finance.ECodeCatchUpTooLong {
			t.Fatalf("made to post 46,000 movements: %v", err)
		}
		if n := countMovements(t, db, l); n != before {
			t.Fatalf("the refused update posted %d movements", n-before)
		}
		// Two schedules in the first ledger, one in the second: the owner's
		// third; a fourth in either is refused.
		if _, _, err := db.CreateSchedule(ctx, l2, scheduleIn("expense", 100, acc2.ID, rent2.ID, finance.FrequencyMonthly, start), nil); err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.CreateSchedule(ctx, l2, scheduleIn("expense", 100, acc2.ID, rent2.ID, finance.FrequencyMonthly, start), nil); finance.ErrorCode(err) != finance.ECodeTooManySchedules {
			t.Fatalf("a fourth schedule: %v", err)
		}

		// Files: 15 bytes each, 40 in all for the owner's ledgers.
		pdf := store.NewAttachment{Name: "ticket.pdf", Data: []byte("%PDF-1.4\n%%EOF\n"), Info: files.Info{ContentType: finance.TypePDF}}
		m, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: start, Amount: 100, AccountID: acc.ID, CategoryID: rent.ID})
		if err != nil {
			t.Fatal(err)
		}
		m2, err := db.CreateMovement(ctx, l2, finance.MovementDraft{Type: "expense", Date: start, Amount: 100, AccountID: acc2.ID, CategoryID: rent2.ID})
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if _, err := db.AddAttachment(ctx, l, m.ID, pdf); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.AddAttachment(ctx, l2, m2.ID, pdf); finance.ErrorCode(err) != finance.ECodeAttachmentQuota {
			t.Fatalf("45 bytes of files: %v", err)
		}
		if keys, _ := db.AttachmentFilesForTest(ctx, l2); len(keys) != 0 {
			t.Fatalf("a refused file stayed in the store: %v", keys)
		}
		_ = other
	})
}
