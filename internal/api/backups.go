package api

import (
	"net/http"

	"cashcontrol/internal/finance"
)

// backupStatus is what the administration shows of the scheduled backups.
type backupStatus struct {
	// Enabled: CASHCONTROL_BACKUP_DIR is set.
	Enabled bool   `json:"enabled"`
	Dir     string `json:"dir"`
	// Every is the time between two backups, in seconds; Keep how many stay.
	Every int64               `json:"every"`
	Keep  int                 `json:"keep"`
	Runs  []finance.BackupRun `json:"runs"`
}

// adminBackups answers the backups' settings and the last 10 taken.
func (a *API) adminBackups(w http.ResponseWriter, r *http.Request, u *finance.User) {
	runs, err := a.instance.Backups(r.Context(), 10)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	st := backupStatus{Runs: runs}
	if b := a.backups; b != nil {
		st.Enabled, st.Dir, st.Every, st.Keep = true, b.Dir, int64(b.Every.Seconds()), b.Keep
	}
	writeJSON(w, http.StatusOK, st)
}

// adminBackupNow takes a backup now, and answers it as the list has it.
func (a *API) adminBackupNow(w http.ResponseWriter, r *http.Request, u *finance.User) {
	if a.backups == nil {
		a.fail(w, r, finance.Errorf(finance.ECodeBackupsOff, "backups are off: set CASHCONTROL_BACKUP_DIR"))
		return
	}
	run, err := a.backups.TakeNow(r.Context())
	if err != nil {
		a.fail(w, r, finance.Errorf(finance.ECodeBackupFailed, "the backup failed: %v", err))
		return
	}
	writeJSON(w, http.StatusCreated, run)
}
