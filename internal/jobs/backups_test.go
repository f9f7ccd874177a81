package jobs_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"cashcontrol/internal/identity"
	"cashcontrol/internal/instance"
	"cashcontrol/internal/jobs"
	"cashcontrol/internal/store/storetest"
)

// Two servers on one PostgreSQL look for the period's backup at once: one
// file is written, and one run recorded; the next period brings the next;
// past Keep the oldest go; each backup restores into an empty database.
func TestScheduledBackups(t *testing.T) {
	one, two := storetest.OpenPostgresPair(t)
	ctx := context.Background()
	if _, err := identity.New(one).CreateUser(ctx, identity.NewUser{Email: "a@example.com"}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	now := time.Date(2026, 11, 26, 3, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	servers := []*jobs.Backups{
		{Instance: instance.New(one), Log: log, Dir: dir, Every: 24 * time.Hour, Keep: 2, Now: clock},
		{Instance: instance.New(two), Log: log, Dir: dir, Every: 24 * time.Hour, Keep: 2, Now: clock},
	}
	round := func() []string {
		t.Helper()
		var mu sync.Mutex
		var wrote []string
		var wg sync.WaitGroup
		for _, s := range servers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				f, err := s.Once(ctx)
				if err != nil {
					t.Error(err)
				}
				if f != "" {
					mu.Lock()
					wrote = append(wrote, f)
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		return wrote
	}
	if got := round(); len(got) != 1 {
		t.Fatalf("two servers wrote %d backups for one period: %v", len(got), got)
	}
	if got := round(); len(got) != 0 {
		t.Fatalf("a second look in the same period wrote %v", got)
	}
	for day := 1; day <= 3; day++ {
		now = now.Add(24 * time.Hour)
		if got := round(); len(got) != 1 {
			t.Fatalf("day %d: %v", day, got)
		}
	}
	// A period whose backup fails (the folder cannot be made) is taken
	// again an hour later, not before.
	now = now.Add(24 * time.Hour)
	blocker := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, s := range servers {
		s.Dir = filepath.Join(blocker, "backups")
	}
	if _, err := servers[0].Once(ctx); err == nil {
		t.Fatal("a backup into a file's folder worked")
	}
	for _, s := range servers {
		s.Dir = dir
	}
	now = now.Add(30 * time.Minute)
	if got := round(); len(got) != 0 {
		t.Fatalf("the failed period was taken again after 30 minutes: %v", got)
	}
	now = now.Add(31 * time.Minute)
	if got := round(); len(got) != 1 {
		t.Fatalf("the failed period was not taken again after an hour: %v", got)
	}
	files, err := filepath.Glob(filepath.Join(dir, jobs.BackupPrefix+"*"+jobs.BackupSuffix))
	if err != nil || len(files) != 2 {
		t.Fatalf("kept %v, want the last 2 (%v)", files, err)
	}
	runs, err := instance.New(one).Backups(ctx, 10)
	if err != nil || len(runs) != 5 || runs[0].File != files[1] || runs[0].Size <= 0 || runs[0].Error != "" || runs[0].FinishedAt == 0 {
		t.Fatalf("runs %+v %v", runs, err)
	}
	f, err := os.Open(files[1])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	target := storetest.OpenSQLite(t)
	if _, err := instance.New(target).ImportAll(ctx, f, st.Size()); err != nil {
		t.Fatal(err)
	}
	if u, _, err := identity.New(target).UserByEmail(ctx, "a@example.com"); err != nil || u == nil {
		t.Fatalf("the restored backup has no user: %v", err)
	}
}
