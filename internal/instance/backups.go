package instance

import (
	"context"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
)

// ClaimBackup takes the backup of the period that starts at slot (Unix ms)
// for this server: true when no server took it before, or when the one
// that did failed, or stopped without finishing, more than lease ago.
func (st *Store) ClaimBackup(ctx context.Context, slot int64, at time.Time, lease time.Duration) (bool, error) {
	now := at.UnixMilli()
	res, err := st.db.WriteExec(ctx, `INSERT INTO backup_runs (slot, started_at) VALUES (?, ?)
		ON CONFLICT (slot) DO UPDATE SET started_at = excluded.started_at, finished_at = 0, file = '', size = 0, error = ''
		WHERE backup_runs.started_at < ? AND (backup_runs.error <> '' OR backup_runs.finished_at = 0)`,
		slot, now, now-lease.Milliseconds())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// FinishBackup records how the period's backup ended.
func (st *Store) FinishBackup(ctx context.Context, slot int64, file string, size int64, failure string) error {
	_, err := st.db.WriteExec(ctx, `UPDATE backup_runs SET finished_at = ?, file = ?, size = ?, error = ? WHERE slot = ?`,
		st.db.NowMillis(), file, size, failure, slot)
	return err
}

// Backup is the run of one slot.
func (st *Store) Backup(ctx context.Context, slot int64) (finance.BackupRun, error) {
	var b finance.BackupRun
	err := st.db.QueryRow(ctx, `SELECT started_at, finished_at, file, size, error FROM backup_runs WHERE slot = ?`, slot).
		Scan(&b.StartedAt, &b.FinishedAt, &b.File, &b.Size, &b.Error)
	return b, store.NotFound(err, "backup")
}

// Backups are the last n scheduled backups, newest first.
func (st *Store) Backups(ctx context.Context, n int) ([]finance.BackupRun, error) {
	rows, err := st.db.Query(ctx, `SELECT started_at, finished_at, file, size, error FROM backup_runs ORDER BY started_at DESC, slot DESC LIMIT ?`, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []finance.BackupRun{}
	for rows.Next() {
		var b finance.BackupRun
		if err := rows.Scan(&b.StartedAt, &b.FinishedAt, &b.File, &b.Size, &b.Error); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}
