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
// A preview reads the file twice rather than keep its rows: once for the
// counts, the period and the sample, once against the movements of that
// period. A commit keeps the rows it writes and reads the file once.
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

	// First reading: counts, period, sample and new categories; a commit
	// keeps every row too, and needs no second reading.
	var from, to string
	var drafts []store.ImportDraft
	res, err := importer.Parse(format, up.Data, csv, exp, func(d importer.Draft) {
		if from == "" || d.Date < from {
			from = d.Date
		}
		to = max(to, d.Date)
		typ, amount, cat := category(d)
		if k := typ + "|" + finance.NameKey(cat); !known[k] {
			known[k] = true
			p.NewCategories = append(p.NewCategories, newCategory{Type: typ, Name: cat})
		}
		if len(p.Rows) < maxPreviewRows {
			p.Rows = append(p.Rows, previewRow{Line: d.Line, Date: d.Date, Amount: d.Amount, Description: d.Description, Category: cat})
		}
		if withDrafts {
			drafts = append(drafts, store.ImportDraft{CategoryName: cat, MovementDraft: finance.MovementDraft{Type: typ, Date: d.Date, Amount: amount,
				AccountID: acc.ID, Description: d.Description, Notes: d.Notes, FITID: d.FITID}})
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

	// Duplicates of the movements of that period: on the kept rows for a
	// commit, else on a second reading of the file.
	existing, fitids, err := a.db.ExistingMovements(ctx, u.LedgerID, acc.ID, from, to)
	if err != nil {
		return nil, nil, err
	}
	i := 0
	duplicate := func(typ string, amount int64, date, description, fitid string) bool {
		dup := fitid != "" && fitids[fitid]
		if !dup {
			key := store.DuplicateKey(date, typ, amount, description)
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
		}
		return dup
	}
	if withDrafts {
		kept := drafts[:0]
		for _, d := range drafts {
			if !duplicate(d.Type, d.Amount, d.Date, d.Description, d.FITID) {
				kept = append(kept, d)
			}
		}
		return p, kept, nil
	}
	_, err = importer.Parse(format, up.Data, csv, exp, func(d importer.Draft) {
		typ, amount, _ := category(d)
		duplicate(typ, amount, d.Date, d.Description, d.FITID)
	})
	if err != nil && i == 0 {
		return nil, nil, err
	}
	return p, nil, nil
}
