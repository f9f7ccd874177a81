package ledgerfile

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"fmt"
	"io"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// MaxMovements bounds the movements of a file that becomes a ledger. Its
// import holds the ledger's snapshot (a movement is about 260 bytes of it)
// and writes it, about 2 KB a movement at the peak: a 20 MB zip of Actual
// Budget's database holds 680,000 transactions, and its import took the
// server to 1.6 GB. 100,000 (27 a day for ten years) keeps a ledger import
// within its memory budget; larger ledgers move between servers whole, by
// a backup and its restore.
const MaxMovements = 100_000

// tooManyMovements is the error of a file past MaxMovements.
func tooManyMovements() error {
	return finance.FieldErr("file", finance.FCodeOutOfRange, fmt.Sprintf("the file holds more than %d movements, the most one ledger import takes", MaxMovements))
}

// LedgerFile is a file that becomes a new ledger, read: the user's own
// export (which may hold several ledgers: Ledgers) or another app's.
type LedgerFile struct {
	Format  string         // a finance.Source…
	Ledgers []LedgerChoice // a Cash Control export's ledgers; empty for the others
	read    func(ledger int64) (*finance.LedgerSnapshot, error)
}

// Snapshot is the file's ledger (for an export of several, the one of that
// id; 0: the first), not yet cleaned.
func (f *LedgerFile) Snapshot(ledger int64) (*finance.LedgerSnapshot, error) {
	return f.read(ledger)
}

// DetectLedgerFormat names the format of a file that becomes a ledger ("":
// none of them).
func DetectLedgerFormat(data []byte) string {
	switch {
	case looksLikeCashControl(data):
		return finance.SourceCashControl
	case looksLikeActual(data):
		return finance.SourceActual
	}
	header := firstRecord(data)
	switch {
	case looksLikeFirefly(header):
		return finance.SourceFirefly
	case looksLikeEzBookkeeping(header):
		return finance.SourceEzBookkeeping
	}
	return ""
}

// firstRecord is the first line of a comma- or tab-separated file, as
// fields (nil when it is not text).
func firstRecord(data []byte) []string {
	if isZip(data) {
		return nil
	}
	text, err := importer.TextReader(data[:min(len(data), 64<<10)])
	if err != nil {
		return nil
	}
	b, _ := io.ReadAll(text)
	line, _, _ := bytes.Cut(b, []byte("\n"))
	r := csv.NewReader(bytes.NewReader(bytes.TrimRight(line, "\r")))
	if bytes.Count(line, []byte("\t")) > bytes.Count(line, []byte(",")) {
		r.Comma = '\t'
	}
	r.LazyQuotes = true
	rec, err := r.Read()
	if err != nil {
		return nil
	}
	return rec
}

// ReadLedgerFile reads a file of one of the formats a ledger comes from;
// exponent gives a currency's decimals. A file of no such format is
// unsupported_media_type.
func ReadLedgerFile(data []byte, exponent func(code string) int) (*LedgerFile, error) {
	if len(data) > importer.MaxFileBytes {
		return nil, importer.TooLarge()
	}
	format := DetectLedgerFormat(data)
	f := &LedgerFile{Format: format, Ledgers: []LedgerChoice{}}
	switch format {
	case finance.SourceCashControl:
		e, err := ReadCashControlExport(data)
		if err != nil {
			return nil, err
		}
		f.Ledgers = e.Ledgers()
		f.read = e.Snapshot
		return f, nil
	case finance.SourceActual:
		f.read = func(int64) (*finance.LedgerSnapshot, error) { return ReadActual(data, exponent) }
	case finance.SourceFirefly:
		f.read = func(int64) (*finance.LedgerSnapshot, error) { return ReadFirefly(data, exponent) }
	case finance.SourceEzBookkeeping:
		f.read = func(int64) (*finance.LedgerSnapshot, error) { return ReadEzBookkeeping(data, exponent) }
	default:
		if isZip(data) {
			if _, err := zip.NewReader(bytes.NewReader(data), int64(len(data))); err != nil {
				return nil, badFile("the zip is damaged or cut short")
			}
		}
		return nil, finance.Errorf(finance.ECodeUnsupportedMedia,
			"this is not a Cash Control export, a Firefly III CSV export, an Actual Budget export or an ezBookkeeping CSV/TSV export")
	}
	return f, nil
}
