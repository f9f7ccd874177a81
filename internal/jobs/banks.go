package jobs

import (
	"context"
	"log/slog"
	"time"

	"cashcontrol/internal/banksync"
	"cashcontrol/internal/store"
)

// BankSyncs syncs the bank connections whose scheduled sync is due (every
// N hours each, set on the connection), checking every Every. Of several
// servers on one database, one runs each due sync: it claims it first
// (store.ClaimBankSync moves its next run on, for all of them). A failure
// is kept on the connection with its next try (banksync.Backoff, or when
// the provider allows it), never silent.
type BankSyncs struct {
	DB    *store.DB
	Banks *banksync.Service
	Log   *slog.Logger
	Every time.Duration
	// Lease: how long a claimed sync is this server's before another may
	// take it again (a server that stopped mid-sync).
	Lease time.Duration
	// Ran, when set, hears of every round (the metrics).
	Ran func(job string, err error)
}

// maxDuePerRound bounds the syncs of one round.
const maxDuePerRound = 20

// Run syncs rounds until ctx ends.
func (j *BankSyncs) Run(ctx context.Context) {
	t := time.NewTicker(j.Every)
	defer t.Stop()
	for {
		n, err := j.Round(ctx)
		if j.Ran != nil && ctx.Err() == nil {
			j.Ran("bank_syncs", err)
		}
		if err != nil && ctx.Err() == nil {
			j.Log.Warn("bank syncs", "err", err)
		} else if n > 0 {
			j.Log.Info("bank connections synced", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Round runs the due syncs this server claims; it returns how many ran. A
// sync's own failure is the connection's (kept on it), not the round's.
func (j *BankSyncs) Round(ctx context.Context) (int, error) {
	if !j.Banks.Sealing() {
		return 0, nil // no connection can be opened without the key
	}
	due, err := j.DB.DueBankConnections(ctx, maxDuePerRound)
	if err != nil {
		return 0, err
	}
	lease := j.Lease
	if lease <= 0 {
		lease = 30 * time.Minute
	}
	n := 0
	for _, d := range due {
		ok, err := j.DB.ClaimBankSync(ctx, d.LedgerID, d.ID, lease)
		if err != nil {
			return n, err
		}
		if !ok {
			continue // another server took it
		}
		n++
		if _, err := j.Banks.Sync(ctx, d.LedgerID, d.ID, d.Language); err != nil && ctx.Err() == nil {
			j.Log.Info("bank sync failed", "ledger", d.LedgerID, "connection", d.ID, "err", err)
		}
	}
	return n, nil
}
