package api

import (
	"context"
	"strconv"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
	"cashcontrol/internal/store"
)

// prepareImport parses a file into the account's currency and plans its
// import (importer.Planner: duplicates, categories, the preview); with
// withDrafts, also the drafts a commit writes (duplicates left out).
// A preview reads the file twice rather than keep its rows: once for the
// counts, the period and the sample, once against the movements of that
// period. A commit keeps the rows it writes and reads the file once.
func (a *API) prepareImport(ctx context.Context, u *finance.User, up *store.Upload, accountID int64, opts *csvOptions, withDrafts bool) (*importPreview, []finance.ImportDraft, error) {
	acc, err := a.db.Account(ctx, u.LedgerID, accountID)
	if err != nil {
		return nil, nil, fieldNotFound(err, "accountId")
	}
	exp := 2
	if c, ok := a.currencies.Lookup(acc.Currency); ok {
		exp = c.Exponent
	}
	p := &importPreview{ID: strconv.FormatInt(up.ID, 10), FileName: up.FileName, Format: up.Format, AccountID: strconv.FormatInt(acc.ID, 10),
		Currency: acc.Currency, Header: []string{}, Sample: [][]string{}, Errors: []importer.RowError{}}
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
	var fallback importer.Fallback
	fallback.Expense, fallback.Earning = finance.ImportFallback(u.LanguagePreference)
	planner := importer.NewPlanner(cats, fallback, acc.ID, withDrafts)
	plan := planner.Plan()
	planned := func() *importPreview {
		p.Rows, p.NewCategories, p.Duplicates = plan.Rows, plan.NewCategories, plan.Duplicates
		return p
	}

	res, err := importer.Parse(format, up.Data, csv, exp, planner.Read)
	if err != nil && len(res.Errors) == 0 {
		return nil, nil, err
	}
	p.Total, p.Valid, p.Invalid = res.Total, res.Valid, res.Broken()
	p.Errors = res.Errors[:min(len(res.Errors), 200)]
	if res.Valid == 0 {
		return planned(), nil, nil
	}

	// Duplicates of the movements of that period: on the kept rows for a
	// commit, else on a second reading of the file.
	keys, fitids, err := a.db.ExistingMovements(ctx, u.LedgerID, acc.ID, plan.From, plan.To)
	if err != nil {
		return nil, nil, err
	}
	existing := importer.Existing{Keys: keys, FITIDs: fitids}
	if withDrafts {
		planner.Match(existing)
		return planned(), plan.Drafts, nil
	}
	if again, err := importer.Parse(format, up.Data, csv, exp, planner.Recheck(existing)); err != nil && again.Valid == 0 {
		return nil, nil, err
	}
	return planned(), nil, nil
}
