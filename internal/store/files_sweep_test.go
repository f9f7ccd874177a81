package store_test

import (
	"context"
	"testing"
	"time"

	"cashcontrol/internal/files"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// A crash (kill -9) between an import's file writes and its commit leaves
// files no row names: SweepFiles removes them, and only them; a file
// written since its bound is spared (another server's write on its way).
func TestSweepFilesRemovesOrphans(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		ledger := importWith(t, db, "sweep@example.com", pngBytes(t, smallPicture()))
		kept, err := db.AttachmentFilesForTest(ctx, ledger)
		if err != nil || len(kept) != 2 {
			t.Fatalf("the import's files: %v %v", kept, err)
		}
		var orphans []string
		for range 3 {
			k := files.NewKey()
			if err := db.PutFileForTest(ctx, k, []byte("left by a crash")); err != nil {
				t.Fatal(err)
			}
			orphans = append(orphans, k)
		}
		if n, err := db.SweepFiles(ctx, time.Now().Add(-time.Hour)); err != nil || n != 0 {
			t.Fatalf("recent files swept: %d %v", n, err)
		}
		if n, err := db.SweepFiles(ctx, time.Now().Add(time.Minute)); err != nil || n != 3 {
			t.Fatalf("swept %d, %v", n, err)
		}
		for _, k := range orphans {
			if db.FileExistsForTest(ctx, k) {
				t.Fatalf("orphan %s left", k)
			}
		}
		for k := range kept {
			if !db.FileExistsForTest(ctx, k) {
				t.Fatalf("a named file %s was removed", k)
			}
		}
	})
}
