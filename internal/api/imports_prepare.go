package api

import (
	"net/http"
	"strconv"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
	"cashcontrol/internal/store"
)

// prepareImport parses a stored file into the account's currency, marks
// duplicates of existing movements, resolves category names and builds both
// the preview and the drafts a commit writes.
func (a *API) prepareImport(r *http.Request, u *finance.User, uploadID, accountID int64, opts *csvOptions) (*importPreview, error) {
	ctx := r.Context()
	up, err := a.db.Upload(ctx, u.LedgerID, uploadID)
	if err != nil {
		return nil, err
	}
	acc, err := a.db.Account(ctx, u.LedgerID, accountID)
	if err != nil {
		return nil, fieldNotFound(err, "accountId")
	}
	exp := 2
	if c, ok := a.currencies.Lookup(acc.Currency); ok {
		exp = c.Exponent
	}
	p := &importPreview{ID: strconv.FormatInt(up.ID, 10), FileName: up.FileName, Format: up.Format, AccountID: strconv.FormatInt(acc.ID, 10),
		Currency: acc.Currency, Header: []string{}, Sample: [][]string{}, Rows: []previewRow{}, Errors: []importer.RowError{}, NewCategories: []newCategory{}}
	var res importer.Result
	switch importer.Format(up.Format) {
	case importer.FormatCSV:
		det, derr := importer.DetectCSV(up.Data)
		if derr != nil && opts == nil {
			return nil, derr
		}
		o := det.Options
		if opts != nil {
			if o, err = opts.toImporter(); err != nil {
				return nil, err
			}
		}
		shown := fromCSVOptions(o)
		p.Options, p.Header, p.Sample = &shown, det.Header, det.Sample
		res, err = importer.ParseCSV(up.Data, o, exp)
	case importer.FormatOFX:
		res, err = importer.ParseOFX(up.Data, exp)
	case importer.FormatQIF:
		res, err = importer.ParseQIF(up.Data, exp, "")
	default:
		return nil, finance.Errorf(finance.ECodeUnsupportedMedia, "unsupported file")
	}
	if err != nil && len(res.Errors) == 0 {
		return nil, err
	}
	p.Total, p.Valid, p.Invalid = res.Total, len(res.Rows), res.Total-len(res.Rows)
	p.rowErrors = res.Errors
	p.Errors = res.Errors[:min(len(res.Errors), 200)]
	if len(res.Rows) == 0 {
		return p, nil
	}
	from, to := res.Rows[0].Date, res.Rows[0].Date
	for _, d := range res.Rows {
		from, to = min(from, d.Date), max(to, d.Date)
	}
	existing, fitids, err := a.db.ExistingMovements(ctx, u.LedgerID, acc.ID, from, to)
	if err != nil {
		return nil, err
	}
	cats, err := a.db.ListCategories(ctx, u.LedgerID)
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, c := range cats {
		known[c.Type+"|"+finance.NameKey(c.Name)] = true
	}
	fallback := map[string]string{}
	for _, s := range finance.StarterCategories() {
		if s.Key == "other-expense" || s.Key == "other-income" {
			fallback[s.Type] = s.Name(u.LanguagePreference)
		}
	}
	proposed := map[string]bool{}
	p.drafts = make([]store.ImportDraft, 0, len(res.Rows))
	for _, d := range res.Rows {
		typ, amount := finance.MovementEarning, d.Amount
		if amount < 0 {
			typ, amount = finance.MovementExpense, -amount
		}
		dup := (d.FITID != "" && fitids[d.FITID])
		if !dup {
			key := store.DuplicateKey(d.Date, typ, amount, d.Description)
			if existing[key] > 0 {
				existing[key]--
				dup = true
			}
		}
		cat := d.Category
		if cat == "" {
			cat = fallback[typ]
		}
		if k := typ + "|" + finance.NameKey(cat); !known[k] && !proposed[k] {
			proposed[k] = true
			p.NewCategories = append(p.NewCategories, newCategory{Type: typ, Name: cat})
		}
		if len(p.Rows) < maxPreviewRows {
			p.Rows = append(p.Rows, previewRow{Line: d.Line, Date: d.Date, Amount: d.Amount, Description: d.Description, Category: cat, Duplicate: dup})
		}
		if dup {
			p.Duplicates++
			continue
		}
		p.drafts = append(p.drafts, store.ImportDraft{CategoryName: cat, MovementDraft: finance.MovementDraft{Type: typ, Date: d.Date, Amount: amount,
			AccountID: acc.ID, Description: d.Description, Notes: d.Notes, FITID: d.FITID}})
	}
	return p, nil
}
