package store_test

import (
	"context"
	"testing"

	"cashcontrol/internal/files"
	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// A movement keeps at most ten files; deleting one, its movement, its
// account or its user removes the files from the file store once the
// deletion commits.
func TestAttachmentsGoWithTheirMovement(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "files@example.com")
		other := newLedger(t, db, "files-other@example.com")
		bank := mustAccount(t, db, l, "Bank", "EUR", 0)
		cat := mustCategory(t, db, l, "Misc", "expense", 0)
		m, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: "2026-01-02", Amount: 100, AccountID: bank.ID, CategoryID: cat.ID})
		if err != nil {
			t.Fatal(err)
		}
		pdf := store.NewAttachment{Name: "ticket.pdf", Data: []byte("%PDF-1.4\n%%EOF\n"), Info: files.Info{ContentType: finance.TypePDF}}
		if _, err := db.AddAttachment(ctx, other, m.ID, pdf); finance.ErrorCode(err) != finance.ECodeNotFound {
			t.Fatalf("another ledger's movement: %v", err)
		}
		var first *finance.Attachment
		for i := range finance.MaxAttachmentsPerMovement {
			a, err := db.AddAttachment(ctx, l, m.ID, pdf)
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = a
			}
		}
		if _, err := db.AddAttachment(ctx, l, m.ID, pdf); finance.ErrorCode(err) != finance.ECodeTooManyFiles {
			t.Fatalf("an eleventh file: %v", err)
		}
		keys, _ := db.AttachmentFilesForTest(ctx, l)
		if len(keys) != finance.MaxAttachmentsPerMovement {
			t.Fatalf("files %d: a refused file must not stay in the store", len(keys))
		}
		for k, there := range keys {
			if !there {
				t.Fatalf("file %s missing", k)
			}
		}
		if got, _ := db.Movement(ctx, l, m.ID); got.Attachments != finance.MaxAttachmentsPerMovement {
			t.Fatalf("the movement counts %d files", got.Attachments)
		}
		if err := db.DeleteAttachment(ctx, other, first.ID); finance.ErrorCode(err) != finance.ECodeNotFound {
			t.Fatalf("another ledger deletes the file: %v", err)
		}
		if err := db.DeleteAttachment(ctx, l, first.ID); err != nil {
			t.Fatal(err)
		}
		gone := 0
		for k := range keys {
			if !db.FileExistsForTest(ctx, k) {
				gone++
			}
		}
		if gone != 1 {
			t.Fatalf("%d files gone after deleting one", gone)
		}
		if err := db.DeleteMovement(ctx, l, m.ID); err != nil {
			t.Fatal(err)
		}
		for k := range keys {
			if db.FileExistsForTest(ctx, k) {
				t.Fatalf("file %s stays after its movement's deletion", k)
			}
		}

		// With the account, and with the user.
		m2, _ := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: "2026-01-02", Amount: 100, AccountID: bank.ID, CategoryID: cat.ID})
		a2, _ := db.AddAttachment(ctx, l, m2.ID, pdf)
		keys, _ = db.AttachmentFilesForTest(ctx, l)
		if err := db.DeleteAccount(ctx, l, bank.ID, true); err != nil {
			t.Fatal(err)
		}
		for k := range keys {
			if db.FileExistsForTest(ctx, k) {
				t.Fatalf("file of attachment %d stays after its account's deletion", a2.ID)
			}
		}
		cash := mustAccount(t, db, l, "Cash", "EUR", 0)
		m3, _ := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: "2026-01-02", Amount: 100, AccountID: cash.ID, CategoryID: cat.ID})
		if _, err := db.AddAttachment(ctx, l, m3.ID, pdf); err != nil {
			t.Fatal(err)
		}
		keys, _ = db.AttachmentFilesForTest(ctx, l)
		u, _, _ := identity.New(db).UserByEmail(ctx, "files@example.com")
		if err := identity.New(db).DeleteUser(ctx, u.ID); err != nil {
			t.Fatal(err)
		}
		for k := range keys {
			if db.FileExistsForTest(ctx, k) {
				t.Fatalf("file %s stays after its user's deletion", k)
			}
		}
	})
}
