package api

import (
	"context"
	"strconv"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
	"cashcontrol/internal/store"
)

// prepareImport parses a file into the account's currency, marks duplicates
// of existing movements, resolves category names and builds the preview;
// with withDrafts, also the drafts a commit writes (duplicates left out).
// The file is read twice rather than its rows kept: once for the counts,
// the period and the sample, once against the movements of that period.
func (a *API) prepareImport(ctx context.Context, u *finance.User, up *store.Upload, accountID int64, opts *csvOptions, withDrafts bool) (*importPreview, []store.ImportDraft, error) {
	acc, err := a.db.Account(ctx, u.LedgerID, accountID)
	if err != nil {
		return nil, nil, fieldNotFound(err, "accountId")
	}
	exp := 2
	if c, ok := a.currencies.Lookup(acc.Currency); ok {
		exp = c.Exponent
	}
	p := &importPreview{ID: strconv.FormatInt(up.ID, 10), FileName: up.FileName, Format: up.Format, AccountID: strconv.FormatInt(acc.ID, 10),
		Currency: acc.Currency, Header: []string{}, Sample: [][]string{}, Rows: []previewRow{}, Errors: []importer.RowError{}, NewCategories: []newCategory{}}
	format := importer.Format(up.Format)
	var csv importer.CSVOptions
	if format == importer.FormatCSV {
		det, derr := importer.DetectCSV(up.Data)
		if derr != nil && opts == nil {
			return nil, nil, derr
		}
		csv = det.Options
		if opts != nil {
			if csv, err = opts.toImporter(); err != nil {
				return nil, nil, err
			}
		}
		shown := fromCSVOptions(csv)
		p.Options, p.Header, p.Sample = &shown, det.Header, det.Sample
	}
	cats, err := a.db.ListCategories(ctx, u.LedgerID)
	if err != nil {
		return nil, nil, err
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
	category := func(d importer.Draft) (typ string, amount int64, cat string) {
		typ, amount = finance.MovementEarning, d.Amount
		if amount < 0 {
			typ, amount = finance.MovementExpense, -amount
		}
		if cat = d.Category; cat == "" {
			cat = fallback[typ]
		}
		return typ, amount, cat
	}

	// First reading: counts, period, sample and new categories.
	var from, to string
	res, err := importer.Parse(format, up.Data, csv, exp, func(d importer.Draft) {
		if from == "" || d.Date < from {
			from = d.Date
		}
		to = max(to, d.Date)
		typ, _, cat := category(d)
		if k := typ + "|" + finance.NameKey(cat); !known[k] {
			known[k] = true
			p.NewCategories = append(p.NewCategories, newCategory{Type: typ, Name: cat})
		}
		if len(p.Rows) < maxPreviewRows {
			p.Rows = append(p.Rows, previewRow{Line: d.Line, Date: d.Date, Amount: d.Amount, Description: d.Description, Category: cat})
		}
	})
	if err != nil && len(res.Errors) == 0 {
		return nil, nil, err
	}
	p.Total, p.Valid, p.Invalid = res.Total, res.Valid, res.Broken()
	p.Errors = res.Errors[:min(len(res.Errors), 200)]
	if res.Valid == 0 {
		return p, nil, nil
	}

	// Second reading: duplicates of the movements of that period, drafts.
	existing, fitids, err := a.db.ExistingMovements(ctx, u.LedgerID, acc.ID, from, to)
	if err != nil {
		return nil, nil, err
	}
	var drafts []store.ImportDraft
	if withDrafts {
		drafts = make([]store.ImportDraft, 0, res.Valid)
	}
	i := 0
	_, err = importer.Parse(format, up.Data, csv, exp, func(d importer.Draft) {
		typ, amount, cat := category(d)
		dup := d.FITID != "" && fitids[d.FITID]
		if !dup {
			key := store.DuplicateKey(d.Date, typ, amount, d.Description)
			if existing[key] > 0 {
				existing[key]--
				dup = true
			}
		}
		if i < len(p.Rows) {
			p.Rows[i].Duplicate = dup
		}
		i++
		if dup {
			p.Duplicates++
			return
		}
		if withDrafts {
			drafts = append(drafts, store.ImportDraft{CategoryName: cat, MovementDraft: finance.MovementDraft{Type: typ, Date: d.Date, Amount: amount,
				AccountID: acc.ID, Description: d.Description, Notes: d.Notes, FITID: d.FITID}})
		}
	})
	if err != nil && i == 0 {
		return nil, nil, err
	}
	return p, drafts, nil
}
