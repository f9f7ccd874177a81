package api

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strconv"

	"cashcontrol/internal/auth"
	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
	"cashcontrol/internal/importer/statement"
	"cashcontrol/internal/store"
)

// csvOptions is the CSV mapping as the web app sends and receives it.
type csvOptions struct {
	Delimiter        string `json:"delimiter"`
	HasHeader        bool   `json:"hasHeader"`
	DateFormat       string `json:"dateFormat"`
	DecimalSeparator string `json:"decimalSeparator"`
	Date             int    `json:"date"`
	Amount           int    `json:"amount"`
	Debit            int    `json:"debit"`
	Credit           int    `json:"credit"`
	Description      int    `json:"description"`
	Notes            int    `json:"notes"`
	Category         int    `json:"category"`
	// Movement and LineNote: the columns of a split movement's id and its
	// lines' notes (Cash Control's own export); absent or -1: none.
	Movement   *int `json:"movement,omitempty"`
	LineNote   *int `json:"lineNote,omitempty"`
	InvertSign bool `json:"invertSign"`
	// SignColumn: the column of debit/credit words (D/C, Af/Bij, S/H…)
	// that signs the amount column's unsigned amounts; absent or -1: none.
	SignColumn *int `json:"signColumn,omitempty"`
	// Sheet: the workbook's sheet read ("" or absent: the first).
	Sheet string `json:"sheet,omitempty"`
	// SkipLines: the lines (a sheet's rows) of a preamble above the table.
	SkipLines int `json:"skipLines"`
}

// splitColumn is an importer column counted from 1 (0: none) as the API's
// 0-based column (nil: none), and back.
func splitColumn(c int) *int {
	if c <= 0 {
		return nil
	}
	c--
	return &c
}

func fromSplitColumn(c *int) int {
	if c == nil || *c < 0 {
		return 0
	}
	return *c + 1
}

func fromCSVOptions(o statement.CSVOptions) csvOptions {
	delim := string(o.Delimiter)
	if o.Delimiter == 0 {
		delim = "" // a workbook's sheet has none
	}
	return csvOptions{Delimiter: delim, HasHeader: o.HasHeader, DateFormat: o.DateFormat, DecimalSeparator: string(o.DecimalSep),
		Date: o.Date, Amount: o.Amount, Debit: o.Debit, Credit: o.Credit, Description: o.Description, Notes: o.Notes, Category: o.Category, InvertSign: o.InvertSign,
		Movement: splitColumn(o.Movement), LineNote: splitColumn(o.LineNote), SignColumn: splitColumn(o.Sign), SkipLines: o.SkipLines, Sheet: o.Sheet}
}

// toImporter is the mapping as the importer reads it (checked there).
func (o csvOptions) toImporter() statement.CSVOptions {
	first := func(s string) rune {
		for _, r := range s {
			return r
		}
		return 0
	}
	return statement.CSVOptions{Delimiter: first(o.Delimiter), HasHeader: o.HasHeader, DateFormat: o.DateFormat, DecimalSep: first(o.DecimalSeparator),
		Date: o.Date, Amount: o.Amount, Debit: o.Debit, Credit: o.Credit, Description: o.Description, Notes: o.Notes, Category: o.Category,
		Account: -1, InvertSign: o.InvertSign, Movement: fromSplitColumn(o.Movement), LineNote: fromSplitColumn(o.LineNote),
		Sign: fromSplitColumn(o.SignColumn), SkipLines: o.SkipLines, Sheet: o.Sheet}
}

type importPreview struct {
	ID        string      `json:"id"`
	FileName  string      `json:"fileName"`
	Format    string      `json:"format" enum:"csv,ofx,qif,camt,mt940,norma43,xlsx,xls"`
	AccountID string      `json:"accountId"`
	Currency  string      `json:"currency"`
	Options   *csvOptions `json:"options"`
	Header    []string    `json:"header"`
	Sample    [][]string  `json:"sample"`
	// Missing: the columns of a CSV that detection could not find and the
	// user must choose (options.date, options.amount) before anything is read.
	Missing []string `json:"missing"`
	// Sheets: a workbook's sheets (options.sheet chooses one); omitted for other files.
	Sheets        []string              `json:"sheets,omitempty"`
	Total         int                   `json:"total"`
	Valid         int                   `json:"valid"`
	Invalid       int                   `json:"invalid"`
	Duplicates    int                   `json:"duplicates"`
	Rows          []finance.ImportRow   `json:"rows"`
	Errors        []importer.RowError   `json:"errors"`
	NewCategories []finance.NewCategory `json:"newCategories"`
	// Skipped: the file's records that are not movements, by kind (QIF).
	Skipped []finance.ImportSkipped `json:"skipped"`
	// DateFormat is the date layout a QIF file is read with; DateChoices,
	// when not empty, the layouts its dates all read with, one taking the
	// day for the month: the user chooses (options.dateFormat).
	DateFormat  string   `json:"dateFormat,omitempty"`
	DateChoices []string `json:"dateChoices"`
	// StatementBalance is the balance the file states (OFX), if any.
	StatementBalance *finance.StatementBalance `json:"statementBalance,omitempty"`
}

// newImportPreview is a preview as the API answers it.
func newImportPreview(p *store.ImportPreview) importPreview {
	out := importPreview{ID: strconv.FormatInt(p.UploadID, 10), FileName: p.FileName, Format: p.Format, AccountID: strconv.FormatInt(p.AccountID, 10),
		Currency: p.Currency, Header: p.Header, Sample: p.Sample, Missing: p.Missing, Sheets: p.Sheets, Total: p.Total, Valid: p.Valid, Invalid: p.Invalid,
		Duplicates: p.Duplicates, Rows: p.Rows, Errors: p.Errors, NewCategories: p.NewCategories,
		Skipped: p.Skipped, DateFormat: p.DateFormat, DateChoices: p.DateChoices, StatementBalance: p.StatementBalance}
	if p.CSV != nil {
		shown := fromCSVOptions(*p.CSV)
		out.Options = &shown
	}
	return out
}

// importRequest is a request's import as the store takes it.
func (req importRequest) store(u *finance.User) store.ImportRequest {
	out := store.ImportRequest{LedgerID: u.LedgerID, Language: u.LanguagePreference, AccountID: req.AccountID.ID, SkipInvalid: req.SkipInvalid}
	if req.Options != nil {
		o := req.Options.toImporter()
		out.CSV = &o
	}
	return out
}

// uploadImport reads a bank file (multipart field "file", with "accountId")
// and answers its preview. Only a file that previews is stored, within the
// ledger's limits on pending uploads.
func (a *API) uploadImport(w http.ResponseWriter, r *http.Request, u *finance.User) {
	if err := auth.Allow(a.limits.Uploads, r, "uploads"); err != nil {
		a.fail(w, r, err)
		return
	}
	up, account, err := readUpload(w, r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	accountID, ok := finance.ParseID(account)
	if !ok {
		a.fail(w, r, &finance.Error{Code: finance.ECodeInvalid, Message: "choose an account", Fields: []finance.FieldError{{Field: "accountId", Code: finance.FCodeRequired}}})
		return
	}
	req := store.ImportRequest{LedgerID: u.LedgerID, Language: u.LanguagePreference, AccountID: accountID}
	p, err := a.db.UploadImport(r.Context(), req, up, a.limits.Pending)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newImportPreview(p))
}

// readUpload streams the multipart body of an import: the file part is
// read once into memory, no larger than importer.MaxFileBytes, and nothing
// goes to disk. A file whose reader streams (a CAMT statement, told from
// its head) goes straight into its compressed stored form instead.
func readUpload(w http.ResponseWriter, r *http.Request) (*store.Upload, string, error) {
	var up *store.Upload
	_, account, err := readMultipart(w, r, importer.MaxFileBytes, "accountId", func(name string, part io.Reader) error {
		name = importer.FileName(name)
		head := make([]byte, 4096)
		n, err := io.ReadFull(part, head)
		if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
			return err
		}
		head = head[:n]
		if format := statement.DetectFormat(name, head); statement.Streams(format) && n == len(head) {
			up, err = store.CompressedUpload(name, string(format), io.MultiReader(bytes.NewReader(head), part), importer.MaxFileBytes)
			return err
		}
		data, err := readFile(io.MultiReader(bytes.NewReader(head), part), r.ContentLength, importer.MaxFileBytes)
		up = &store.Upload{FileName: name, Data: data}
		return err
	})
	if err != nil {
		return nil, "", err
	}
	if up.Format == "" {
		up.Format = string(statement.DetectFormat(up.FileName, up.Data))
	}
	if up.Format == string(statement.FormatUnknown) {
		return nil, "", statement.Unsupported(up.Data) // says what the file is, and what the app reads instead
	}
	return up, account, nil
}

// readMultipartFile streams a multipart/form-data body with one "file" part
// of at most limit bytes (payload_too_large past it) and, when field is
// given, one short text field; other parts are skipped.
func readMultipartFile(w http.ResponseWriter, r *http.Request, limit int, field string) (name string, data []byte, value string, err error) {
	name, value, err = readMultipart(w, r, limit, field, func(_ string, part io.Reader) error {
		var err error
		data, err = readFile(part, r.ContentLength, limit)
		return err
	})
	return name, data, value, err
}

// readMultipart is readMultipartFile handing the file part to read.
func readMultipart(w http.ResponseWriter, r *http.Request, limit int, field string, read func(name string, part io.Reader) error) (name string, value string, err error) {
	tooLarge := finance.Errorf(finance.ECodePayloadTooLarge, "the file is larger than %d MB", limit>>20)
	r.Body = http.MaxBytesReader(w, r.Body, int64(limit)+1<<20)
	mr, err := r.MultipartReader()
	if err != nil {
		return "", "", finance.Errorf(finance.ECodeInvalid, "send the file as multipart/form-data")
	}
	got := false
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err == nil {
			switch {
			case part.FormName() == "file":
				if got {
					err = finance.Errorf(finance.ECodeInvalid, "send one file")
					break
				}
				got, name = true, part.FileName()
				err = read(name, part)
			case field != "" && part.FormName() == field:
				var b []byte
				b, err = io.ReadAll(io.LimitReader(part, 64))
				value = string(b)
			default:
				_, err = io.Copy(io.Discard, part)
			}
		}
		var big *http.MaxBytesError
		switch {
		case err == nil:
		case errors.As(err, &big), errors.Is(err, errFileTooLarge):
			return "", "", tooLarge
		case finance.ErrorCode(err) != finance.ECodeInternal:
			return "", "", err
		default:
			return "", "", finance.Errorf(finance.ECodeInvalid, "send the file as multipart/form-data")
		}
	}
	if !got {
		return "", "", &finance.Error{Code: finance.ECodeInvalid, Message: "no file", Fields: []finance.FieldError{{Field: "file", Code: finance.FCodeRequired}}}
	}
	return name, value, nil
}

var errFileTooLarge = errors.New("file too large")

// readFile reads a file part into one buffer, sized by the request's length
// when it is known, and stops past limit bytes.
func readFile(r io.Reader, contentLength int64, limit int) ([]byte, error) {
	size := int64(limit + 1)
	if contentLength > 0 && contentLength < size {
		size = contentLength
	}
	buf := make([]byte, 0, max(size, 512))
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if len(buf) > limit {
			return nil, errFileTooLarge
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

type importRequest struct {
	AccountID   finance.IDInput `json:"accountId"`
	Options     *csvOptions     `json:"options"`
	SkipInvalid bool            `json:"skipInvalid"`
}

func (a *API) readImportRequest(w http.ResponseWriter, r *http.Request) (int64, importRequest, error) {
	var req importRequest
	id, err := pathID(r)
	if err == nil {
		err = decode(w, r, &req)
	}
	if err == nil && !req.AccountID.Set {
		err = &finance.Error{Code: finance.ECodeInvalid, Message: "choose an account", Fields: []finance.FieldError{{Field: "accountId", Code: finance.FCodeRequired}}}
	}
	return id, req, err
}

// previewImport answers the preview of a stored file with other options.
func (a *API) previewImport(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, req, err := a.readImportRequest(w, r)
	var p *store.ImportPreview
	if err == nil {
		p, err = a.db.PreviewImport(r.Context(), req.store(u), id)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newImportPreview(p))
}

// discardImport deletes an upload that will not be committed.
func (a *API) discardImport(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, err := pathID(r)
	if err == nil {
		err = a.db.DeleteUpload(r.Context(), u.LedgerID, id)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type importResult struct {
	Created           int `json:"created"`
	Duplicates        int `json:"duplicates"`
	Skipped           int `json:"skipped"`
	CategoriesCreated int `json:"categoriesCreated"`
}

// commitImport writes every row in one transaction. A file with bad rows
// imports nothing unless skipInvalid is set; duplicates are skipped and counted.
func (a *API) commitImport(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, req, err := a.readImportRequest(w, r)
	var res store.ImportCommit
	if err == nil {
		res, err = a.db.CommitImport(r.Context(), req.store(u), id)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, importResult{Created: res.Created, Duplicates: res.Duplicates, Skipped: res.Skipped, CategoriesCreated: res.CategoriesCreated})
}
