package api

import (
	"errors"
	"io"
	"net/http"
	"strconv"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
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
	InvertSign       bool   `json:"invertSign"`
}

func fromCSVOptions(o importer.CSVOptions) csvOptions {
	return csvOptions{Delimiter: string(o.Delimiter), HasHeader: o.HasHeader, DateFormat: o.DateFormat, DecimalSeparator: string(o.DecimalSep),
		Date: o.Date, Amount: o.Amount, Debit: o.Debit, Credit: o.Credit, Description: o.Description, Notes: o.Notes, Category: o.Category, InvertSign: o.InvertSign}
}

func (o csvOptions) toImporter() (importer.CSVOptions, error) {
	first := func(s string) rune {
		for _, r := range s {
			return r
		}
		return 0
	}
	out := importer.CSVOptions{Delimiter: first(o.Delimiter), HasHeader: o.HasHeader, DateFormat: o.DateFormat, DecimalSep: first(o.DecimalSeparator),
		Date: o.Date, Amount: o.Amount, Debit: o.Debit, Credit: o.Credit, Description: o.Description, Notes: o.Notes, Category: o.Category,
		Account: -1, InvertSign: o.InvertSign}
	var v finance.Validation
	if out.DecimalSep != '.' && out.DecimalSep != ',' {
		v.Add("options.decimalSeparator", finance.FCodeInvalid)
	}
	if out.Date < 0 {
		v.Add("options.date", finance.FCodeRequired)
	}
	if out.Amount < 0 && out.Debit < 0 && out.Credit < 0 {
		v.Add("options.amount", finance.FCodeRequired)
	}
	return out, v.Err()
}

type previewRow struct {
	Line        int    `json:"line"`
	Date        string `json:"date"`
	Amount      int64  `json:"amount"`
	Description string `json:"description"`
	Category    string `json:"category"`
	Duplicate   bool   `json:"duplicate"`
}

type newCategory struct {
	Type string `json:"type"`
	Name string `json:"name"`
}

type importPreview struct {
	ID            string              `json:"id"`
	FileName      string              `json:"fileName"`
	Format        string              `json:"format"`
	AccountID     string              `json:"accountId"`
	Currency      string              `json:"currency"`
	Options       *csvOptions         `json:"options"`
	Header        []string            `json:"header"`
	Sample        [][]string          `json:"sample"`
	Total         int                 `json:"total"`
	Valid         int                 `json:"valid"`
	Invalid       int                 `json:"invalid"`
	Duplicates    int                 `json:"duplicates"`
	Rows          []previewRow        `json:"rows"`
	Errors        []importer.RowError `json:"errors"`
	NewCategories []newCategory       `json:"newCategories"`
	drafts        []store.ImportDraft // what a commit writes (duplicates left out)
	rowErrors     []importer.RowError // every row error
}

// maxPreviewRows rows are shown; all are imported.
const maxPreviewRows = 50

// uploadImport stores a bank file (multipart field "file", with "accountId")
// and answers its preview.
func (a *API) uploadImport(w http.ResponseWriter, r *http.Request, u *finance.User) {
	r.Body = http.MaxBytesReader(w, r.Body, importer.MaxFileBytes+1<<20)
	if err := r.ParseMultipartForm(8 << 20); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			a.fail(w, r, finance.Errorf(finance.ECodePayloadTooLarge, "the file is larger than %d MB", importer.MaxFileBytes>>20))
			return
		}
		a.fail(w, r, finance.Errorf(finance.ECodeInvalid, "send the file as multipart/form-data"))
		return
	}
	defer func() { _ = r.MultipartForm.RemoveAll() }()
	f, hdr, err := r.FormFile("file")
	if err != nil {
		a.fail(w, r, &finance.Error{Code: finance.ECodeInvalid, Message: "no file", Fields: []finance.FieldError{{Field: "file", Code: finance.FCodeRequired}}})
		return
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, importer.MaxFileBytes+1))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	if len(data) > importer.MaxFileBytes {
		a.fail(w, r, finance.Errorf(finance.ECodePayloadTooLarge, "the file is larger than %d MB", importer.MaxFileBytes>>20))
		return
	}
	format := importer.DetectFormat(hdr.Filename, data)
	if format == importer.FormatUnknown {
		a.fail(w, r, finance.Errorf(finance.ECodeUnsupportedMedia, "this is not a CSV, OFX, QFX or QIF file"))
		return
	}
	accountID, ok := finance.ParseID(r.FormValue("accountId"))
	if !ok {
		a.fail(w, r, &finance.Error{Code: finance.ECodeInvalid, Message: "choose an account", Fields: []finance.FieldError{{Field: "accountId", Code: finance.FCodeRequired}}})
		return
	}
	if _, err := a.db.Account(r.Context(), u.LedgerID, accountID); err != nil {
		a.fail(w, r, fieldNotFound(err, "accountId"))
		return
	}
	id, err := a.db.SaveUpload(r.Context(), u.LedgerID, hdr.Filename, string(format), data)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	p, err := a.prepareImport(r, u, id, accountID, nil)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
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
	var p *importPreview
	if err == nil {
		p, err = a.prepareImport(r, u, id, req.AccountID.ID, req.Options)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
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
	var p *importPreview
	if err == nil {
		p, err = a.prepareImport(r, u, id, req.AccountID.ID, req.Options)
	}
	if err == nil && p.Invalid > 0 && !req.SkipInvalid {
		first := p.rowErrors[0]
		err = &finance.Error{Code: finance.ECodeInvalid, Message: "line " + strconv.Itoa(first.Line) + ": " + first.Field + " is " + first.Code + "; nothing was imported",
			Fields: []finance.FieldError{{Field: "line " + strconv.Itoa(first.Line) + " " + first.Field, Code: first.Code}}}
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	created, cats, err := a.db.ImportMovements(r.Context(), u.LedgerID, id, p.drafts)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, importResult{Created: created, Duplicates: p.Duplicates, Skipped: p.Invalid, CategoriesCreated: cats})
}

func fieldNotFound(err error, field string) error {
	if finance.ErrorCode(err) == finance.ECodeNotFound {
		return &finance.Error{Code: finance.ECodeInvalid, Message: "unknown " + field, Fields: []finance.FieldError{{Field: field, Code: finance.FCodeUnknown}}}
	}
	return err
}
