package finance

// The backups' problem codes.
const (
	ECodeBackupsOff   = "backups_off"   // "back up now" on a server without CASHCONTROL_BACKUP_DIR
	ECodeBackupFailed = "backup_failed" // the backup could not be written (a full disk, say)
)

// BackupRun is one scheduled backup: when it started and finished (Unix
// ms; 0: still running, or its server stopped), its file and size, or why
// it failed.
type BackupRun struct {
	StartedAt  int64  `json:"startedAt"`
	FinishedAt int64  `json:"finishedAt"`
	File       string `json:"file"`
	Size       int64  `json:"size"`
	Error      string `json:"error"`
}
