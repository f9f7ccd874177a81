package api

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"cashcontrol/internal/auth"
	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
	"cashcontrol/internal/importer/ratefile"
	"cashcontrol/internal/importer/statement"
	"cashcontrol/internal/rates"
	"cashcontrol/internal/store"
)

func (a *API) getLedger(w http.ResponseWriter, r *http.Request, u *finance.User) {
	l, err := a.db.Ledger(r.Context(), u.LedgerID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, l)
}

// putLedger changes the ledger's settings: its base currency, and the daily
// download of the ECB's rates (switched on only once a first download works).
// ledgerSettingsRequest changes what it names of the ledger's settings.
type ledgerSettingsRequest struct {
	BaseCurrency *string `json:"baseCurrency"`
	ECBRates     *bool   `json:"ecbRates"`
}

// ratesImported counts the rates stored (and the lines skipped).
type ratesImported struct {
	Imported int `json:"imported"`
	Skipped  int `json:"skipped"`
}

func (a *API) putLedger(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var in ledgerSettingsRequest
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	ctx := r.Context()
	var err error
	if in.BaseCurrency != nil {
		_, err = a.db.SetBaseCurrency(ctx, u.LedgerID, *in.BaseCurrency)
	}
	if err == nil && in.ECBRates != nil {
		var l finance.Ledger
		l, err = a.db.Ledger(ctx, u.LedgerID)
		switch {
		case err != nil, *in.ECBRates == l.ECBRates:
		case *in.ECBRates:
			err = a.refreshECB(ctx, u.LedgerID, true, nil)
		default:
			err = a.db.SetECBRates(ctx, u.LedgerID, false)
		}
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	l, err := a.db.Ledger(ctx, u.LedgerID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, l)
}

// refreshECB downloads the ECB's rates into the ledger now.
func (a *API) refreshECB(ctx context.Context, ledgerID int64, on bool, n *int) error {
	if a.ecb == nil {
		return finance.Errorf(finance.ECodeRatesUnavailable, "this server does not download exchange rates")
	}
	got, err := a.ecb.Refresh(ctx, ledgerID, on)
	if errors.Is(err, rates.ErrUnavailable) {
		a.log.Warn("ECB rates", "ledger", ledgerID, "err", err)
		return finance.Errorf(finance.ECodeRatesUnavailable, "the European Central Bank's rates could not be downloaded; nothing was changed")
	}
	if n != nil {
		*n = got
	}
	return err
}

// downloadRates fetches the ECB's rates now.
func (a *API) downloadRates(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var n int
	if err := a.refreshECB(r.Context(), u.LedgerID, false, &n); err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, ratesImported{Imported: n})
}

// listRates answers ?currency=&from=&to=.
func (a *API) listRates(w http.ResponseWriter, r *http.Request, u *finance.User) {
	q := r.URL.Query()
	currency := strings.ToUpper(strings.TrimSpace(q.Get("currency")))
	var v finance.Validation
	for _, k := range []string{"from", "to"} {
		if d := q.Get(k); d != "" && !finance.ValidDate(d) {
			v.Add(k, finance.FCodeInvalid)
		}
	}
	if err := v.Err(); err != nil {
		a.fail(w, r, err)
		return
	}
	items, err := a.db.Rates(r.Context(), u.LedgerID, currency, q.Get("from"), q.Get("to"))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list[finance.Rate]{Items: items})
}

func (a *API) createRate(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var in finance.RateInput
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	rate, err := a.db.PutRate(r.Context(), u.LedgerID, in)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, rate)
}

func (a *API) deleteRate(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err == nil {
		err = a.db.DeleteRate(r.Context(), u.LedgerID, id)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// ratesPreview is what a file of rates would import.
type ratesPreview struct {
	Quote  string              `json:"quote"`
	Total  int                 `json:"total"`
	Valid  int                 `json:"valid"`
	Rows   []ratefile.RateRow  `json:"rows"`   // the first 50
	Errors []importer.RowError `json:"errors"` // the first 200
}

// importRates reads a CSV of rates (date,currency,rate) sent as the
// multipart part "file". ?dryRun=true answers the preview; otherwise the
// rates are stored, all or none: a bad line refuses the file unless
// ?skipInvalid=true. ?quote= is the currency the rates are in (the base).
func (a *API) importRates(w http.ResponseWriter, r *http.Request, u *finance.User) {
	if err := auth.Allow(a.limits.Uploads, r, "uploads"); err != nil {
		a.fail(w, r, err)
		return
	}
	q := r.URL.Query()
	up, _, err := readUpload(w, r)
	if err == nil && up.Format != string(statement.FormatCSV) {
		err = finance.Errorf(finance.ECodeUnsupportedMedia, "rates come as a CSV file: date,currency,rate")
	}
	var quote string
	var book *store.CurrencyBook
	if err == nil {
		book, err = a.db.Currencies(r.Context(), u.LedgerID)
	}
	if err == nil {
		quote, err = a.db.BaseCurrency(r.Context(), u.LedgerID)
		if v := strings.ToUpper(strings.TrimSpace(q.Get("quote"))); v != "" && err == nil {
			quote = v
			if !book.Known(quote) {
				err = finance.FieldErr("quote", finance.FCodeUnknown, "unknown currency")
			}
		}
	}
	var res ratefile.RatesResult
	if err == nil {
		res, err = ratefile.ParseRatesCSV(up.Data, book.Known)
		if err != nil {
			err = finance.Errorf(finance.ECodeInvalid, "%s", err.Error())
		}
	}
	if err == nil && q.Get("dryRun") != "true" && len(res.Errors) > 0 && q.Get("skipInvalid") != "true" {
		err = res.Errors[0].Refusal()
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	if q.Get("dryRun") == "true" {
		p := ratesPreview{Quote: quote, Total: res.Total, Valid: len(res.Rows), Rows: res.Rows[:min(50, len(res.Rows))], Errors: res.Errors[:min(200, len(res.Errors))]}
		if p.Errors == nil {
			p.Errors = []importer.RowError{}
		}
		writeJSON(w, http.StatusOK, p)
		return
	}
	in := make([]finance.RateInput, len(res.Rows))
	for i, row := range res.Rows {
		in[i] = finance.RateInput{Currency: row.Currency, Quote: quote, Date: row.Date, Rate: row.Rate}
	}
	n, err := a.db.PutRates(r.Context(), u.LedgerID, in, finance.RateCSV)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, ratesImported{Imported: n, Skipped: res.Total - len(res.Rows)})
}

func (a *API) listCustomCurrencies(w http.ResponseWriter, r *http.Request, u *finance.User) {
	items, err := a.db.CustomCurrencies(r.Context(), u.LedgerID)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list[finance.CustomCurrency]{Items: items})
}

func (a *API) createCustomCurrency(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var in finance.CustomCurrency
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	c, err := a.db.CreateCustomCurrency(r.Context(), u.LedgerID, in)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, c)
}

func (a *API) deleteCustomCurrency(w http.ResponseWriter, r *http.Request, u *finance.User) {
	if err := a.db.DeleteCustomCurrency(r.Context(), u.LedgerID, strings.ToUpper(r.PathValue("code"))); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
