package ledgerfile

import (
	"archive/zip"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path"
	"strings"
	"time"
	"unicode"

	_ "github.com/mattn/go-sqlite3" // SQLite driver "sqlite3"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// Actual Budget's export (Settings → Export) is a zip of db.sqlite, the
// budget's SQLite database, and metadata.json (budgetName and sync ids).
// The reader follows the schema of Actual's init.sql and migrations up to
// 1759842823172 (tags 1749799110000/1749799110001, preferences
// 1721071985001, budgetType values 1745425408000, category and group
// hidden 1685007876841/1685123304382, parent_id 1608652596043, budgets
// 1632571489012); columns that older files lack are read as their defaults.
const (
	actualDB   = "db.sqlite"
	actualMeta = "metadata.json"
	// maxActualDB bounds db.sqlite once unzipped (it holds Actual's sync
	// log too, so it is larger than the zip), maxActualMeta metadata.json.
	maxActualDB   = 8 * importer.MaxFileBytes
	maxActualMeta = 1 << 20
	// actualTimeout bounds the reading of the database.
	actualTimeout = 2 * time.Minute
)

// looksLikeActual reports whether data is a zip holding db.sqlite and
// metadata.json, as Actual's export is.
func looksLikeActual(data []byte) bool {
	if !isZip(data) || len(data) > importer.MaxFileBytes {
		return false
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return false
	}
	return zipEntry(zr, actualDB) != nil && zipEntry(zr, actualMeta) != nil
}

// zipEntry finds a file of the zip by its base name (the export has it at
// the top; a zip of the export's folder, one level down).
func zipEntry(zr *zip.Reader, name string) *zip.File {
	for _, f := range zr.File {
		if path.Base(f.Name) == name && strings.Count(strings.Trim(f.Name, "/"), "/") <= 1 && !f.FileInfo().IsDir() {
			return f
		}
	}
	return nil
}

// ReadActual reads Actual Budget's exported budget (a zip of db.sqlite and
// metadata.json) into a ledger snapshot. exponent gives a currency's
// decimals: Actual keeps every amount in hundredths, which become the
// currency's minor units (2 decimals when the budget names no currency).
func ReadActual(data []byte, exponent func(code string) int) (*finance.LedgerSnapshot, error) {
	if len(data) > importer.MaxFileBytes {
		return nil, importer.TooLarge()
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, badFile("The file is not a zip archive, or it is damaged: export the budget again from Actual (Settings → Export).")
	}
	dbFile, metaFile := zipEntry(zr, actualDB), zipEntry(zr, actualMeta)
	if dbFile == nil || metaFile == nil {
		return nil, badFile("The zip holds no db.sqlite and metadata.json, so it is not a budget exported from Actual (Settings → Export).")
	}
	name, err := readActualMeta(metaFile)
	if err != nil {
		return nil, err
	}
	tmp, err := unzipToTemp(dbFile)
	if tmp != "" {
		defer os.Remove(tmp)
	}
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), actualTimeout)
	defer cancel()
	db, err := sql.Open("sqlite3", "file:"+tmp+"?mode=ro&immutable=1")
	if err != nil {
		return nil, badFile("The budget's database cannot be opened.")
	}
	defer db.Close()
	db.SetMaxOpenConns(1) // the pragma below holds for the one connection
	if _, err := db.ExecContext(ctx, "PRAGMA trusted_schema = OFF"); err != nil {
		return nil, badFile("The db.sqlite in the zip is not a SQLite database, or it is damaged.")
	}
	r := &actualReader{ctx: ctx, db: db, exponent: exponent, snap: &finance.LedgerSnapshot{Source: finance.SourceActual, Name: name}}
	if err := r.read(); err != nil {
		var fe *finance.Error
		if errors.As(err, &fe) {
			return nil, err
		}
		if ctx.Err() != nil {
			return nil, badFile("The budget's database took too long to read.")
		}
		return nil, badFile("The db.sqlite in the zip cannot be read as an Actual budget: it is damaged or of an unknown version.")
	}
	return r.snap, nil
}

// readActualMeta returns metadata.json's budgetName.
func readActualMeta(f *zip.File) (string, error) {
	rc, err := f.Open()
	if err != nil {
		return "", badFile("The metadata.json in the zip cannot be read: the zip is damaged.")
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, maxActualMeta+1))
	if err != nil || len(b) > maxActualMeta {
		return "", badFile("The metadata.json in the zip cannot be read: the zip is damaged or it is not Actual's.")
	}
	var meta struct {
		BudgetName string `json:"budgetName"`
	}
	if err := json.Unmarshal(bytes.TrimPrefix(b, importer.UTF8BOM), &meta); err != nil {
		return "", badFile("The metadata.json in the zip is not valid JSON, so the zip is not a budget exported from Actual.")
	}
	return importer.Cut(meta.BudgetName, finance.MaxLedgerName), nil
}

// unzipToTemp writes db.sqlite to a temporary file, refusing more than
// maxActualDB bytes; the caller removes the file (its name is returned
// even with an error).
func unzipToTemp(f *zip.File) (string, error) {
	if f.UncompressedSize64 > maxActualDB {
		return "", badFile("The db.sqlite in the zip is larger than %d MB.", maxActualDB>>20)
	}
	rc, err := f.Open()
	if err != nil {
		return "", badFile("The db.sqlite in the zip cannot be read: the zip is damaged.")
	}
	defer rc.Close()
	tmp, err := os.CreateTemp("", "actual-*.sqlite")
	if err != nil {
		return "", err
	}
	n, err := io.Copy(tmp, io.LimitReader(rc, maxActualDB+1))
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	switch {
	case n > maxActualDB:
		return tmp.Name(), badFile("The db.sqlite in the zip is larger than %d MB.", maxActualDB>>20)
	case err != nil:
		return tmp.Name(), badFile("The db.sqlite in the zip cannot be read: the zip is damaged.")
	}
	return tmp.Name(), nil
}

// hundredths turns Actual's amount (hundredths of the currency) into minor
// units of a currency with exp decimals, rounding half away from zero when
// the currency has fewer than 2; ok is false past finance.MaxAmount.
func hundredths(v int64, exp int) (int64, bool) {
	if v > finance.MaxAmount || v < -finance.MaxAmount {
		return 0, false
	}
	switch {
	case exp > 2:
		for range exp - 2 {
			v *= 10
		}
	case exp < 2:
		d := int64(1)
		for range 2 - exp {
			d *= 10
		}
		q, r := v/d, v%d
		if 2*r >= d {
			q++
		} else if 2*r <= -d {
			q--
		}
		v = q
	}
	return v, v <= finance.MaxAmount && v >= -finance.MaxAmount
}

// actualTags reads the tags of Actual's notes: "#" and what follows up to a
// blank or another "#" (Actual's own rule), lower-cased; trailing
// punctuation is dropped, and tags that do not fit (finance.MaxTagLen, a
// comma) are left out.
func actualTags(notes string) []string {
	var tags []string
	for i := strings.IndexByte(notes, '#'); i >= 0; {
		rest := notes[i+1:]
		end := strings.IndexFunc(rest, func(r rune) bool { return r == '#' || unicode.IsSpace(r) || r < ' ' })
		if end < 0 {
			end = len(rest)
		}
		t := strings.TrimRight(importer.Clean(rest[:end]), ".,;:!?")
		if t != "" && !strings.ContainsAny(t, ",") && len([]rune(t)) <= finance.MaxTagLen {
			tags = append(tags, t)
		}
		j := strings.IndexByte(rest[end:], '#')
		if j < 0 {
			break
		}
		i += 1 + end + j
	}
	tags = finance.NormalizeTags(tags)
	if len(tags) > finance.MaxTags {
		tags = tags[:finance.MaxTags]
	}
	return tags
}
