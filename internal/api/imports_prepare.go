package api

import (
	"context"
	"strconv"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
	"cashcontrol/internal/importer/statement"
	"cashcontrol/internal/store"
)

// prepareImport parses a file into the account's currency and plans its
// import (statement.Planner: duplicates, categories, the preview). Neither a
// preview nor a commit keeps the file's rows: the file is read once for the
// counts, the period, the categories and the sample, and again against the
// movements of that period — by the preview here (recheck), by a commit
// inside its transaction (importSource).
func (a *API) prepareImport(ctx context.Context, u *finance.User, up *store.Upload, accountID int64, opts *csvOptions, recheck bool) (*importPreview, *importReading, error) {
	acc, err := a.db.Account(ctx, u.LedgerID, accountID)
	if err != nil {
		return nil, nil, fieldNotFound(err, "accountId")
	}
	book, err := a.db.Currencies(ctx, u.LedgerID)
	if err != nil {
		return nil, nil, err
	}
	rd := &importReading{format: statement.Format(up.Format), data: up.Data, exp: book.Exponent(acc.Currency), accountID: acc.ID}
	p := &importPreview{ID: strconv.FormatInt(up.ID, 10), FileName: up.FileName, Format: up.Format, AccountID: strconv.FormatInt(acc.ID, 10),
		Currency: acc.Currency, Header: []string{}, Sample: [][]string{}, Errors: []importer.RowError{}}
	if rd.format == statement.FormatCSV {
		det, derr := statement.DetectCSV(up.Data)
		if derr != nil && opts == nil {
			return nil, nil, derr
		}
		rd.csv = det.Options
		if opts != nil {
			if rd.csv, err = opts.toImporter(); err != nil {
				return nil, nil, err
			}
		}
		shown := fromCSVOptions(rd.csv)
		p.Options, p.Header, p.Sample = &shown, det.Header, det.Sample
	}
	if rd.format == statement.FormatQIF && opts != nil && opts.DateFormat != "" {
		if !statement.QIFDateLayout(opts.DateFormat) {
			return nil, nil, finance.FieldErr("options.dateFormat", finance.FCodeInvalid, "not a date layout of QIF files")
		}
		rd.csv.DateFormat = opts.DateFormat
	}
	cats, err := a.db.ListCategories(ctx, u.LedgerID)
	if err != nil {
		return nil, nil, err
	}
	var fallback statement.Fallback
	fallback.Expense, fallback.Earning = finance.ImportFallback(u.LanguagePreference)
	rd.planner = statement.NewPlanner(cats, fallback, acc.ID)
	enrich, err := a.importEnrich(ctx, u.LedgerID, cats)
	if err != nil {
		return nil, nil, err
	}
	rd.planner.SetEnrich(enrich)
	plan := rd.planner.Plan()
	planned := func() *importPreview {
		p.Rows, p.NewCategories, p.Duplicates = plan.Rows, plan.NewCategories, plan.Duplicates
		return p
	}

	res, err := statement.Parse(rd.format, rd.data, rd.csv, rd.exp, rd.planner.Read)
	if cerr := res.CheckCurrency(acc.Currency); cerr != nil {
		return nil, nil, cerr // its amounts are another currency's: not one of them is read as the account's
	}
	if err != nil && len(res.Errors) == 0 {
		return nil, nil, err
	}
	p.Total, p.Valid, p.Invalid = res.Total, res.Valid, res.Broken()
	p.DateChoices = append([]string{}, res.DateChoices...)
	p.Skipped = []finance.ImportSkipped{}
	for _, kind := range []string{statement.SkippedAccounts, statement.SkippedCategories, statement.SkippedMemorized, statement.SkippedInvestments, statement.SkippedOther} {
		if n := res.Skipped[kind]; n > 0 {
			p.Skipped = append(p.Skipped, finance.ImportSkipped{Kind: kind, Count: n})
		}
	}
	if rd.format == statement.FormatQIF {
		p.DateFormat = res.DateFormat
	}
	if res.Balance != nil {
		p.StatementBalance = &finance.StatementBalance{Date: res.Balance.Date, Amount: res.Balance.Amount}
	}
	p.Errors = append(p.Errors, res.Errors[:min(len(res.Errors), 200)]...) // [] when there are none: the app reads its length
	if res.Valid == 0 || !recheck {
		return planned(), rd, nil
	}
	// Duplicates of the movements of that period, on a second reading.
	existing, err := a.db.ExistingMovements(ctx, u.LedgerID, acc.ID, plan.From, plan.To)
	if err != nil {
		return nil, nil, err
	}
	if len(existing.Keys) == 0 && len(existing.FITIDs) == 0 {
		return planned(), rd, nil // nothing to be a duplicate of
	}
	if again, err := statement.Parse(rd.format, rd.data, rd.csv, rd.exp, rd.planner.Recheck(existing)); err != nil && again.Valid == 0 {
		return nil, nil, err
	}
	return planned(), rd, nil
}

// importReading is a file as prepareImport read it, ready to be read again.
type importReading struct {
	format    statement.Format
	data      []byte
	csv       statement.CSVOptions
	exp       int
	accountID int64
	planner   *statement.Planner
}

// source is what a commit writes: the file's second reading, inside the
// commit's transaction, through the planner's Write.
func (rd *importReading) source() store.ImportSource {
	plan := rd.planner.Plan()
	return store.ImportSource{AccountID: rd.accountID, From: plan.From, To: plan.To, Categories: plan.Categories,
		Rows: func(existing finance.ImportExisting, write func(*finance.ImportDraft)) error {
			if plan.From == "" {
				return nil
			}
			res, err := statement.Parse(rd.format, rd.data, rd.csv, rd.exp, rd.planner.Write(existing, write))
			if err != nil && res.Valid == 0 {
				return err
			}
			return nil
		}}
}

// importEnrich is what an import does to each row before it is planned:
// the ledger's rules run on it, then a row that neither they nor the file
// gave a category goes to the category the ledger's history suggests, when
// the suggestion is confident.
func (a *API) importEnrich(ctx context.Context, ledgerID int64, cats []finance.Category) (statement.Enrich, error) {
	rules, err := a.db.RuleSet(ctx, ledgerID)
	if err != nil {
		return nil, err
	}
	model, err := a.db.SuggestionModel(ctx, ledgerID)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]*finance.Category, len(cats))
	for i := range cats {
		byID[cats[i].ID] = &cats[i]
	}
	return func(d *finance.ImportDraft) finance.ImportChanges {
		var ch finance.ImportChanges
		if ch.Rules = rules.Apply(&d.MovementDraft); byID[d.CategoryID] != nil {
			ch.Category = byID[d.CategoryID].Name
		}
		if d.CategoryName != "" || d.CategoryID != 0 || len(d.Splits) > 0 {
			return ch // a split movement's lines have their categories
		}
		allow := func(id int64) bool { c := byID[id]; return c != nil && c.Type == d.Type && !c.Archived }
		if s := model.Suggest(d.Description, d.AccountID, d.Amount, allow, 1); len(s) > 0 && s[0].Confident {
			d.CategoryID, ch.Category, ch.Suggested = s[0].CategoryID, byID[s[0].CategoryID].Name, true
		}
		return ch
	}, nil
}
