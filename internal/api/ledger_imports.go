package api

import (
	"cmp"
	"context"
	"encoding/json"
	"net/http"
	"path"
	"strconv"
	"strings"

	"cashcontrol/internal/auth"
	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
	"cashcontrol/internal/importer/ledgerfile"
	"cashcontrol/internal/store"
)

// ledgerImport is the preview of a file that becomes a new ledger.
type ledgerImport struct {
	ID       string `json:"id"`
	FileName string `json:"fileName"`
	Format   string `json:"format" enum:"cashcontrol,firefly,actual,ezbookkeeping"`
	// Ledgers: the ledgers a Cash Control export holds (empty for another
	// app's file); Ledger is the one previewed.
	Ledgers []ledgerfile.LedgerChoice `json:"ledgers"`
	Ledger  string                    `json:"ledger"`
	finance.SnapshotSummary
}

// ledgerImportCommit names the new ledger and its base currency, and which
// of an export's ledgers it is made of ("" the first).
type ledgerImportCommit struct {
	Name         string `json:"name"`
	BaseCurrency string `json:"baseCurrency"`
	Ledger       string `json:"ledger"`
}

// uploadLedgerImport reads a file (multipart field "file") that becomes a
// new ledger and answers its preview; only a file that reads is kept.
func (a *API) uploadLedgerImport(w http.ResponseWriter, r *http.Request, u *finance.User) {
	if err := auth.Allow(a.limits.Uploads, r, "uploads"); err != nil {
		a.fail(w, r, err)
		return
	}
	name, data, _, err := readMultipartFile(w, r, importer.MaxFileBytes, "")
	if err != nil {
		a.fail(w, r, err)
		return
	}
	up := &store.Upload{FileName: importer.FileName(name), Data: data}
	p, _, err := a.readLedgerImport(r.Context(), u, up, "", "")
	if err != nil {
		a.fail(w, r, err)
		return
	}
	kept, err := json.Marshal(p)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	id, err := a.db.SaveLedgerUpload(r.Context(), u.ID, up.FileName, p.Format, data, a.limits.Pending,
		store.StoredPreview{Key: previewKey(u, "", ""), JSON: string(kept)})
	if err != nil {
		a.fail(w, r, err)
		return
	}
	p.ID = strconv.FormatInt(id, 10)
	writeJSON(w, http.StatusCreated, p)
}

// previewKey names the choices a preview is made with: the export's
// ledger, the base currency asked for and the user's language (the names
// the app gives what the file leaves unnamed).
func previewKey(u *finance.User, ledger, base string) string {
	return strings.Join([]string{ledger, strings.ToUpper(strings.TrimSpace(base)), u.LanguagePreference}, "/")
}

// getLedgerImport previews a kept file again (?ledger= another of an
// export's ledgers, ?baseCurrency=): the preview its upload was answered
// with when the choices are the same; else the file is read again, within
// the uploads' rate (reading a large file costs what uploading it does).
func (a *API) getLedgerImport(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, ok := finance.ParseID(r.PathValue("id"))
	if !ok {
		a.fail(w, r, finance.Errorf(finance.ECodeNotFound, "import not found"))
		return
	}
	q := r.URL.Query()
	kept, err := a.db.LedgerUploadPreview(r.Context(), u.ID, id)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	if kept.JSON != "" && kept.Key == previewKey(u, q.Get("ledger"), q.Get("baseCurrency")) {
		var p ledgerImport
		if err := json.Unmarshal([]byte(kept.JSON), &p); err == nil {
			p.ID = strconv.FormatInt(id, 10)
			writeJSON(w, http.StatusOK, &p)
			return
		}
	}
	if err := auth.Allow(a.limits.Uploads, r, "uploads"); err != nil {
		a.fail(w, r, err)
		return
	}
	up, err := a.ledgerUpload(r, u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	p, _, err := a.readLedgerImport(r.Context(), u, up, q.Get("ledger"), q.Get("baseCurrency"))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

// commitLedgerImport creates the ledger, whole or not at all, once.
func (a *API) commitLedgerImport(w http.ResponseWriter, r *http.Request, u *finance.User) {
	var in ledgerImportCommit
	if err := decode(w, r, &in); err != nil {
		a.fail(w, r, err)
		return
	}
	up, err := a.ledgerUpload(r, u)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	_, snap, err := a.readLedgerImport(r.Context(), u, up, in.Ledger, in.BaseCurrency)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	name := cmp.Or(strings.TrimSpace(in.Name), snap.Name, strings.TrimSuffix(up.FileName, path.Ext(up.FileName)))
	res, err := a.db.CreateLedgerFrom(r.Context(), u, up.ID, name, snap.BaseCurrency, snap)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, res)
}

// deleteLedgerImport discards a kept file.
func (a *API) deleteLedgerImport(w http.ResponseWriter, r *http.Request, u *finance.User) {
	id, ok := finance.ParseID(r.PathValue("id"))
	if !ok {
		a.fail(w, r, finance.Errorf(finance.ECodeNotFound, "import not found"))
		return
	}
	if err := a.db.DeleteLedgerUpload(r.Context(), u.ID, id); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *API) ledgerUpload(r *http.Request, u *finance.User) (*store.Upload, error) {
	id, ok := finance.ParseID(r.PathValue("id"))
	if !ok {
		return nil, finance.Errorf(finance.ECodeNotFound, "import not found")
	}
	return a.db.LedgerUpload(r.Context(), u.ID, id)
}

// readLedgerImport reads the file, makes base (else the file's base
// currency, else the user's) the ledger's base currency, cleans the chosen
// ledger's snapshot (finance.LedgerSnapshot.Clean) and summarizes it: the
// preview shows exactly what a commit writes.
func (a *API) readLedgerImport(ctx context.Context, u *finance.User, up *store.Upload, ledger, base string) (*ledgerImport, *finance.LedgerSnapshot, error) {
	book, err := a.db.Currencies(ctx, 0)
	if err != nil {
		return nil, nil, err
	}
	f, err := ledgerfile.ReadLedgerFile(up.Data, book.Exponent)
	if err != nil {
		return nil, nil, err
	}
	var choice int64
	if ledger != "" {
		if choice, _ = finance.ParseID(ledger); choice == 0 {
			return nil, nil, finance.FieldErr("ledger", finance.FCodeInvalid, "not a ledger id")
		}
	}
	snap, err := f.Snapshot(choice)
	if err != nil {
		return nil, nil, err
	}
	base = strings.ToUpper(strings.TrimSpace(cmp.Or(base, snap.BaseCurrency, u.BaseCurrency)))
	if !book.Known(base) {
		return nil, nil, finance.FieldErr("baseCurrency", finance.FCodeUnknown, "unknown currency")
	}
	snap.SetBase(base, book.Exponent)
	snap.Clean(finance.SnapshotRules{Known: book.Known, Language: u.LanguagePreference})
	if err := snap.WithinLimits(); err != nil {
		return nil, nil, err
	}
	p := &ledgerImport{ID: strconv.FormatInt(up.ID, 10), FileName: up.FileName, Format: f.Format, Ledgers: f.Ledgers,
		SnapshotSummary: snap.Summary()}
	if choice == 0 && len(f.Ledgers) > 0 {
		choice = f.Ledgers[0].ID
	}
	if choice != 0 {
		p.Ledger = strconv.FormatInt(choice, 10)
	}
	return p, snap, nil
}
