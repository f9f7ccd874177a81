// Package rates keeps ledgers' exchange rates up to date from the European
// Central Bank's reference rates: one euro in each of some 30 currencies,
// published every working day.
package rates

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer/ratefile"
	"cashcontrol/internal/store"
)

// The ECB's files: the last 90 days, and every day since 1999.
const (
	DefaultURL        = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml"
	DefaultHistoryURL = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.xml"
)

// maxFile bounds a download (the history file is about 7 MB).
const maxFile = 32 << 20

// ECB downloads the reference rates into ledgers that ask for them.
type ECB struct {
	DB *store.DB
	// URL is read for a ledger that has had a download; HistoryURL for its
	// first. Tests serve them from a local server.
	URL, HistoryURL string
	Client          *http.Client // with its timeout
	Log             *slog.Logger
}

// ErrUnavailable wraps a download that failed: nothing was changed.
var ErrUnavailable = errors.New("the European Central Bank's rates could not be downloaded")

// Refresh downloads the rates of the ledger's currencies and stores them (on
// switches the daily download on, once the download has succeeded). It
// returns how many rates it stored.
func (e *ECB) Refresh(ctx context.Context, ledgerID int64, on bool) (int, error) {
	l, err := e.DB.ECBState(ctx, ledgerID)
	if err != nil {
		return 0, err
	}
	url := e.URL
	if l.FetchedAt == 0 {
		url = e.HistoryURL
	}
	rows, err := e.download(ctx, url, func(code string) bool { return slices.Contains(l.Currencies, code) })
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	in := make([]finance.RateInput, len(rows))
	for i, r := range rows {
		in[i] = finance.RateInput{Currency: "EUR", Quote: r.Currency, Date: r.Date, Rate: r.Rate}
	}
	return e.DB.SaveECBRates(ctx, ledgerID, in, on)
}

func (e *ECB) download(ctx context.Context, url string, keep func(string) bool) ([]ratefile.RateRow, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := e.Client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s answered %s", url, resp.Status)
	}
	rows, err := ratefile.ParseECB(io.LimitReader(resp.Body, maxFile), keep)
	if err != nil {
		return nil, err
	}
	return rows, nil
}

// Run refreshes, every hour, the ledgers whose last download is a day old,
// until ctx ends.
func (e *ECB) Run(ctx context.Context) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		ids, err := e.DB.ECBLedgers(ctx, time.Now().Add(-20*time.Hour).UnixMilli())
		if err != nil && ctx.Err() == nil {
			e.Log.Warn("ECB rates", "err", err)
		}
		for _, id := range ids {
			if n, err := e.Refresh(ctx, id, false); err != nil {
				e.Log.Warn("ECB rates", "ledger", id, "err", err)
			} else {
				e.Log.Debug("ECB rates", "ledger", id, "rates", n)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
