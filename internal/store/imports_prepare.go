package store

// A bank file's import, from its upload to its commit: the file is read
// (statement) into the account's currency and planned (statement.Planner:
// duplicates, categories, the preview) against the ledger's rules,
// categories and movements. Neither a preview nor a commit keeps the file's
// rows: the file is read once for the counts, the period, the categories and
// the sample, and again against the movements of that period — by a preview
// right away, by a commit inside its transaction (ImportMovements).

import (
	"context"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
	"cashcontrol/internal/importer/statement"
)

// maxPreviewErrors is how many row errors a preview lists.
const maxPreviewErrors = 200

// ImportRequest is what a bank file's preview or commit is asked.
type ImportRequest struct {
	LedgerID  int64
	Language  string // the user's: the fallback categories' names
	AccountID int64
	// CSV is the mapping of a CSV file's columns; nil: as detected. It is
	// checked here (statement.CSVOptions.Check), after the account.
	CSV *statement.CSVOptions
	// SkipInvalid commits the good rows of a file with bad ones; without
	// it, a commit of such a file is refused for its first bad line.
	SkipInvalid bool
}

// ImportPreview is what an import of a bank file would do.
type ImportPreview struct {
	UploadID         int64 // 0 for a file not stored yet
	FileName, Format string
	AccountID        int64
	Currency         string
	CSV              *statement.CSVOptions // the mapping used, for a CSV file; nil otherwise
	Header           []string
	Sample           [][]string
	// Missing: the columns of a CSV that detection could not find (date,
	// amount) and that the user must choose; nothing is read until then.
	Missing          []string
	Sheets           []string // a workbook's sheets, nil otherwise
	Total            int
	Valid            int
	Invalid          int
	Duplicates       int
	Rows             []finance.ImportRow
	Errors           []importer.RowError // the first maxPreviewErrors
	NewCategories    []finance.NewCategory
	Skipped          []finance.ImportSkipped   // records that are not movements, by kind (QIF)
	DateFormat       string                    // the layout a QIF file's dates are read with
	DateChoices      []string                  // the layouts a QIF file's dates all read with, when they disagree on the day
	StatementBalance *finance.StatementBalance // the balance the file states (OFX), nil when none
}

// ImportCommit is what a commit did.
type ImportCommit struct {
	Created           int
	Duplicates        int
	Skipped           int // bad rows left out
	CategoriesCreated int
}

// UploadImport previews a bank file (up, its format detected) and, when it
// previews, stores it within the ledger's limits on pending uploads.
func (db *DB) UploadImport(ctx context.Context, req ImportRequest, up *Upload, lim UploadLimits) (*ImportPreview, error) {
	p, _, err := db.prepareImport(ctx, req, up, true)
	if err != nil {
		return nil, err
	}
	if p.UploadID, err = db.saveUpload(ctx, req.LedgerID, up, lim); err != nil {
		return nil, err
	}
	return p, nil
}

// PreviewImport previews a stored upload of the ledger again, with other
// options or another account.
func (db *DB) PreviewImport(ctx context.Context, req ImportRequest, uploadID int64) (*ImportPreview, error) {
	up, err := db.Upload(ctx, req.LedgerID, uploadID)
	if err != nil {
		return nil, err
	}
	p, _, err := db.prepareImport(ctx, req, up, true)
	return p, err
}

// CommitImport writes every row of a stored upload in one transaction
// (ImportMovements; on SQLite a large file in slices, all or nothing still). A file with bad rows imports nothing unless
// req.SkipInvalid; duplicates are skipped and counted.
func (db *DB) CommitImport(ctx context.Context, req ImportRequest, uploadID int64) (ImportCommit, error) {
	up, err := db.Upload(ctx, req.LedgerID, uploadID)
	if err != nil {
		return ImportCommit{}, err
	}
	p, rd, err := db.prepareImport(ctx, req, up, false)
	if err != nil {
		return ImportCommit{}, err
	}
	if p.Invalid > 0 && !req.SkipInvalid {
		return ImportCommit{}, p.Errors[0].Refusal()
	}
	src := rd.source()
	src.Count = p.Valid
	created, cats, err := db.ImportMovements(ctx, req.LedgerID, uploadID, src)
	if err != nil {
		return ImportCommit{}, err
	}
	// The second reading, in the commit, counted the duplicates.
	return ImportCommit{Created: created, Duplicates: rd.planner.Plan().Duplicates, Skipped: p.Invalid, CategoriesCreated: cats}, nil
}

// prepareImport reads a file into the account's currency and plans its
// import; recheck reads it again against the movements of its period for
// the duplicates (a commit does that inside its transaction instead).
func (db *DB) prepareImport(ctx context.Context, req ImportRequest, up *Upload, recheck bool) (*ImportPreview, *importReading, error) {
	acc, err := db.Account(ctx, req.LedgerID, req.AccountID)
	if err != nil {
		return nil, nil, fieldNotFound(err, "accountId")
	}
	book, err := db.Currencies(ctx, req.LedgerID)
	if err != nil {
		return nil, nil, err
	}
	rd := &importReading{format: statement.Format(up.Format), up: up, exp: book.Exponent(acc.Currency), accountID: acc.ID}
	p := &ImportPreview{UploadID: up.ID, FileName: up.FileName, Format: up.Format, AccountID: acc.ID,
		Currency: acc.Currency, Header: []string{}, Sample: [][]string{}, Errors: []importer.RowError{}, Missing: []string{}}
	if statement.Tabular(rd.format) {
		sheet := ""
		if req.CSV != nil {
			sheet = req.CSV.Sheet
		}
		data, err := up.Bytes()
		if err != nil {
			return nil, nil, err
		}
		det, derr := statement.DetectTable(rd.format, data, sheet)
		p.Sheets = det.Sheets
		if c := req.CSV; c != nil && c.Date < 0 && c.Amount < 0 && c.Debit < 0 && c.Credit < 0 {
			req.CSV = nil // no column chosen (another sheet): as detected, on the sheet named
		}
		if derr != nil && req.CSV == nil {
			if len(det.Missing) == 0 || !recheck {
				return nil, nil, derr
			}
			// Kept, and shown as found: the user maps the columns by hand.
			shown := det.Options
			p.CSV, p.Missing = &shown, det.Missing
			if det.Header != nil {
				p.Header = det.Header
			}
			if det.Sample != nil {
				p.Sample = det.Sample
			}
			p.Rows, p.NewCategories, p.Skipped, p.DateChoices = []finance.ImportRow{}, []finance.NewCategory{}, []finance.ImportSkipped{}, []string{}
			return p, nil, nil
		}
		rd.csv = det.Options
		if req.CSV != nil {
			if err := req.CSV.Check(); err != nil {
				return nil, nil, err
			}
			rd.csv = *req.CSV
		}
		shown := rd.csv
		p.CSV, p.Header, p.Sample = &shown, det.Header, det.Sample
		if req.CSV != nil && (rd.csv.SkipLines != det.Options.SkipLines || rd.csv.HasHeader != det.Options.HasHeader || rd.csv.Delimiter != det.Options.Delimiter) {
			// The header and rows as the user's options read them (another "skip N lines").
			if p.Header, p.Sample, err = statement.TableSample(rd.format, data, rd.csv); err != nil {
				return nil, nil, err
			}
		}
	}
	if rd.format == statement.FormatQIF && req.CSV != nil && req.CSV.DateFormat != "" {
		// The user's choice of which is the day, for a file whose dates read both ways.
		if !statement.QIFDateLayout(req.CSV.DateFormat) {
			return nil, nil, finance.FieldErr("options.dateFormat", finance.FCodeInvalid, "not a date layout of QIF files")
		}
		rd.csv.DateFormat = req.CSV.DateFormat
	}
	cats, err := db.ListCategories(ctx, req.LedgerID)
	if err != nil {
		return nil, nil, err
	}
	var fallback statement.Fallback
	fallback.Expense, fallback.Earning = finance.ImportFallback(req.Language)
	rd.planner = statement.NewPlanner(cats, fallback, acc.ID)
	enrich, err := db.importEnrich(ctx, req.LedgerID, cats)
	if err != nil {
		return nil, nil, err
	}
	rd.planner.SetEnrich(enrich)
	plan := rd.planner.Plan()
	planned := func() *ImportPreview {
		p.Rows, p.NewCategories, p.Duplicates = plan.Rows, plan.NewCategories, plan.Duplicates
		return p
	}

	res, err := rd.parse(rd.planner.Read)
	if cerr := res.CheckCurrency(acc.Currency); cerr != nil {
		return nil, nil, cerr // its amounts are another currency's: not one of them is read as the account's
	}
	if err != nil && len(res.Errors) == 0 {
		return nil, nil, err
	}
	p.Total, p.Valid, p.Invalid = res.Total, res.Valid, res.Broken()
	p.DateChoices = append([]string{}, res.DateChoices...)
	p.Skipped = []finance.ImportSkipped{}
	for _, kind := range []string{statement.SkippedAccounts, statement.SkippedCategories, statement.SkippedMemorized, statement.SkippedInvestments, statement.SkippedPending, statement.SkippedOther, statement.SkippedZero, statement.SkippedSummary} {
		if n := res.Skipped[kind]; n > 0 {
			p.Skipped = append(p.Skipped, finance.ImportSkipped{Kind: kind, Count: n})
		}
	}
	if rd.format == statement.FormatQIF {
		p.DateFormat = res.DateFormat
	}
	if res.Balance != nil {
		// The file's balance: a commit keeps it as the account's checkpoint; a
		// preview shows it beside the account's (below).
		rd.balance = &finance.StatementBalance{Date: res.Balance.Date, Amount: res.Balance.Amount}
	}
	p.Errors = append(p.Errors, res.Errors[:min(len(res.Errors), maxPreviewErrors)]...) // [] when there are none: the app reads its length
	if res.Valid == 0 || !recheck {
		return planned(), rd, nil
	}
	// Duplicates of the movements of that period, on a second reading.
	existing, err := db.ExistingMovements(ctx, req.LedgerID, acc.ID, plan.From, plan.To)
	if err != nil {
		return nil, nil, err
	}
	if len(existing.Keys) > 0 || len(existing.FITIDs) > 0 {
		if again, err := rd.parse(rd.planner.Recheck(existing)); err != nil && again.Valid == 0 {
			return nil, nil, err
		}
	}
	if res.Balance != nil {
		// The file's balance beside the account's on that day once imported.
		on, err := balanceOn(ctx, db, req.LedgerID, acc.ID, res.Balance.Date, allStates)
		if err != nil {
			return nil, nil, err
		}
		after := on + rd.planner.AddedUpTo(res.Balance.Date)
		p.StatementBalance = &finance.StatementBalance{Date: res.Balance.Date, Amount: res.Balance.Amount,
			AccountBalance: after, Agrees: after == res.Balance.Amount}
	}
	return planned(), rd, nil
}

// importReading is a file as prepareImport read it, ready to be read again.
type importReading struct {
	format    statement.Format
	up        *Upload
	csv       statement.CSVOptions
	exp       int
	accountID int64
	planner   *statement.Planner
	balance   *finance.StatementBalance // the balance the file states, nil when none
}

// parse reads the file, handing each good row to emit: a format that
// streams (statement.Streams) out of the stored upload through its
// decompressor, without the whole file in memory; the others from its bytes.
func (rd *importReading) parse(emit statement.Emit) (statement.Result, error) {
	if statement.Streams(rd.format) {
		r, err := rd.up.Reader()
		if err != nil {
			return statement.Result{}, err
		}
		return statement.ParseReader(rd.format, r, rd.exp, emit)
	}
	data, err := rd.up.Bytes()
	if err != nil {
		return statement.Result{}, err
	}
	return statement.Parse(rd.format, data, rd.csv, rd.exp, emit)
}

// source is what a commit writes: the file's second reading, inside the
// commit's transaction, through the planner's Write.
func (rd *importReading) source() ImportSource {
	plan := rd.planner.Plan()
	return ImportSource{AccountID: rd.accountID, From: plan.From, To: plan.To, Categories: plan.Categories, Balance: rd.balance,
		Rows: func(existing finance.ImportExisting, write func(*finance.ImportDraft)) error {
			if plan.From == "" {
				return nil
			}
			res, err := rd.parse(rd.planner.Write(existing, write))
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
func (db *DB) importEnrich(ctx context.Context, ledgerID int64, cats []finance.Category) (statement.Enrich, error) {
	rules, err := db.RuleSet(ctx, ledgerID)
	if err != nil {
		return nil, err
	}
	model, err := db.SuggestionModel(ctx, ledgerID)
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

// fieldNotFound makes a not_found of what a request names an invalid field.
func fieldNotFound(err error, field string) error {
	if finance.ErrorCode(err) == finance.ECodeNotFound {
		return &finance.Error{Code: finance.ECodeInvalid, Message: "unknown " + field, Fields: []finance.FieldError{{Field: field, Code: finance.FCodeUnknown}}}
	}
	return err
}
