package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/instance"
)

// Backups writes a backup of the whole instance (the portable format of
// instance.Store.ExportAll) into Dir every Every, and keeps the last Keep. The
// periods start at multiples of Every (midnight UTC for 24h); the first
// server to claim a period takes its backup, so several servers on one
// database take one. A server that starts in a period nobody backed up
// takes it at once.
type Backups struct {
	Instance *instance.Store
	Log      *slog.Logger
	Dir      string
	Every    time.Duration
	Keep     int
	// Now is the clock (nil: time.Now).
	Now func() time.Time
	// Ran, when set, hears of every backup taken (the metrics).
	Ran func(job string, err error)
}

// BackupPrefix and BackupSuffix frame a backup's file name, with its UTC
// time between them (which sorts them by age).
const (
	BackupPrefix = "cashcontrol-"
	BackupSuffix = ".zip"
)

// BackupName is the file name of a backup taken at t.
func BackupName(t time.Time) string {
	return BackupPrefix + t.UTC().Format("20060102-150405.000") + BackupSuffix
}

// Run takes the periods' backups until ctx ends, looking every minute.
func (j *Backups) Run(ctx context.Context) {
	t := time.NewTicker(min(time.Minute, j.Every))
	defer t.Stop()
	for {
		if _, err := j.Once(ctx); err != nil && ctx.Err() == nil {
			j.Log.Error("backup", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (j *Backups) now() time.Time {
	if j.Now != nil {
		return j.Now().UTC()
	}
	return time.Now().UTC()
}

// Once takes the current period's backup unless a server took it already;
// it returns the file written ("" when there was nothing to do).
func (j *Backups) Once(ctx context.Context) (string, error) {
	at := j.now()
	slot := at.Truncate(j.Every).UnixMilli()
	// A period whose backup failed, or whose server stopped before it
	// finished, is taken again after a while (an hour for daily ones).
	lease := max(j.Every/24, 10*time.Minute)
	mine, err := j.Instance.ClaimBackup(ctx, slot, at, lease)
	if err != nil || !mine {
		return "", err
	}
	return j.take(ctx, slot, at)
}

// TakeNow takes a backup now, outside the periods (an administrator's
// "back up now"), to its end even when the caller goes away; it returns
// the run as the list shows it.
func (j *Backups) TakeNow(ctx context.Context) (finance.BackupRun, error) {
	ctx = context.WithoutCancel(ctx)
	at := j.now()
	// A period's slot is its start; one taken by hand is the moment, negated.
	slot := -at.UnixMilli()
	if _, err := j.Instance.ClaimBackup(ctx, slot, at, 0); err != nil {
		return finance.BackupRun{}, err
	}
	if _, err := j.take(ctx, slot, at); err != nil {
		return finance.BackupRun{}, err
	}
	return j.Instance.Backup(ctx, slot)
}

func (j *Backups) take(ctx context.Context, slot int64, at time.Time) (string, error) {
	path := filepath.Join(j.Dir, BackupName(at))
	_, size, err := WriteBackup(ctx, j.Instance, path)
	failure := ""
	if err != nil {
		failure = err.Error()
	}
	if ferr := j.Instance.FinishBackup(context.WithoutCancel(ctx), slot, path, size, failure); ferr != nil && err == nil {
		err = ferr
	}
	if j.Ran != nil {
		j.Ran("backup", err)
	}
	if err != nil {
		return "", err
	}
	j.Log.Info("backup written", "file", path, "bytes", size)
	if err := j.prune(); err != nil {
		j.Log.Warn("backup: removing the older ones", "err", err)
	}
	return path, nil
}

// prune removes all but the newest Keep backups of Dir.
func (j *Backups) prune() error {
	entries, err := os.ReadDir(j.Dir)
	if err != nil {
		return err
	}
	var names []string
	for _, e := range entries {
		if n := e.Name(); !e.IsDir() && strings.HasPrefix(n, BackupPrefix) && strings.HasSuffix(n, BackupSuffix) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	for _, n := range names[:max(0, len(names)-j.Keep)] {
		if err := os.Remove(filepath.Join(j.Dir, n)); err != nil {
			return err
		}
	}
	return nil
}

// WriteBackup writes the instance to path in the portable format: to a
// temporary file beside it, renamed once complete, so that path is never
// half-written. It returns what it carried and the file's size.
func WriteBackup(ctx context.Context, inst *instance.Store, path string) (*instance.PortableManifest, int64, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, 0, err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".backup-*")
	if err != nil {
		return nil, 0, err
	}
	defer os.Remove(f.Name())
	m, err := inst.ExportAll(ctx, f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	var size int64
	if err == nil {
		var st os.FileInfo
		if st, err = os.Stat(f.Name()); err == nil {
			size = st.Size()
			err = os.Rename(f.Name(), path)
		}
	}
	if err != nil {
		return nil, 0, fmt.Errorf("write %s: %w", path, err)
	}
	return m, size, nil
}
