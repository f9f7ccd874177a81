package statement

import (
	"bytes"
	"regexp"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// Kinds of files the importer recognises and does not read: Unsupported
// names them so that the refusal says what the file is and what to send
// instead.
const (
	KindGnuCash   = "gnucash"   // a GnuCash book (XML, usually gzip-compressed)
	KindBeancount = "beancount" // a Beancount ledger
	KindIIF       = "iif"       // QuickBooks' Intuit Interchange Format
	KindPDF       = "pdf"
	KindImage     = "image"   // PNG, JPEG, GIF, WebP, HEIC: a photo or scan of a statement
	KindExcel95   = "excel95" // an Excel 5.0/95 or older workbook (BIFF5 and before)
	KindLocked    = "locked"  // an Excel workbook protected by a password
)

// excelRefusal is the refusal of a workbook that cannot be read (415, its
// kind for the app's translation): too old, or protected by a password.
func excelRefusal(kind string) error {
	msg := "this workbook is protected by a password: save it without one, or as CSV"
	if kind == KindExcel95 {
		msg = "this is an Excel 5.0/95 or older workbook, too old to be read: save it as .xlsx or CSV"
	}
	return finance.Errorf(finance.ECodeUnsupportedMedia, "%s", msg).With("kind", kind)
}

// beancountLine is a Beancount directive that opens or closes an account.
var beancountLine = regexp.MustCompile(`(?m)^\d{4}-\d{2}-\d{2}[ \t]+(open|close|balance|pad)[ \t]+(Assets|Liabilities|Equity|Income|Expenses):`)

// UnsupportedKind tells a file that the importer does not read but knows
// (one of the Kind constants), or "".
func UnsupportedKind(data []byte) string {
	head := data
	if len(head) > 4096 {
		head = head[:4096]
	}
	switch {
	case bytes.HasPrefix(head, []byte("\x1f\x8b")):
		return KindGnuCash // gzip: GnuCash's compressed book, the only compressed file anyone sends here
	case bytes.HasPrefix(head, []byte("%PDF")):
		return KindPDF
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")), bytes.HasPrefix(head, []byte("\xff\xd8\xff")),
		bytes.HasPrefix(head, []byte("GIF87a")), bytes.HasPrefix(head, []byte("GIF89a")),
		len(head) >= 12 && bytes.HasPrefix(head, []byte("RIFF")) && string(head[8:12]) == "WEBP",
		len(head) >= 12 && string(head[4:8]) == "ftyp" && isHEIFBrand(string(head[8:12])):
		return KindImage
	}
	text := bytes.TrimLeft(bytes.TrimPrefix(head, importer.UTF8BOM), " \t\r\n")
	upper := bytes.ToUpper(text)
	switch {
	case bytes.Contains(text, []byte("<gnc-v2")), bytes.Contains(text, []byte("<gnc:book")):
		return KindGnuCash
	case bytes.HasPrefix(upper, []byte("!TRNS")), bytes.HasPrefix(upper, []byte("!ACCNT")), bytes.HasPrefix(upper, []byte("!HDR")),
		bytes.HasPrefix(upper, []byte("!SPL")), bytes.HasPrefix(upper, []byte("!CUST")), bytes.HasPrefix(upper, []byte("!VEND")):
		return KindIIF
	case bytes.Contains(text, []byte(`option "title"`)), bytes.Contains(text, []byte(`option "operating_currency"`)),
		beancountLine.Match(text):
		return KindBeancount
	}
	return ""
}

func isHEIFBrand(b string) bool {
	switch b {
	case "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif":
		return true
	}
	return false
}

// Unsupported is the refusal of a file the importer does not read (415):
// it says what the file is, when it is a kind the importer knows, and what
// the app reads instead; the kind goes with it for the app's translation.
func Unsupported(data []byte) error {
	const reads = "the app reads CSV, Excel, OFX/QFX, QIF, CAMT.053, MT940 and Norma 43 bank files"
	kind := UnsupportedKind(data)
	var e *finance.Error
	switch kind {
	case KindGnuCash:
		e = finance.Errorf(finance.ECodeUnsupportedMedia, "this is a GnuCash file: export its account from GnuCash as QIF or CSV and import that (%s)", reads)
	case KindBeancount:
		e = finance.Errorf(finance.ECodeUnsupportedMedia, "this is a Beancount ledger: export its account as CSV (bean-report or a query) and import that (%s)", reads)
	case KindIIF:
		e = finance.Errorf(finance.ECodeUnsupportedMedia, "this is a QuickBooks IIF file: export the account's register as CSV or QBO/OFX and import that (%s)", reads)
	case KindPDF:
		e = finance.Errorf(finance.ECodeUnsupportedMedia, "this is a PDF: a printed statement cannot be read; download the statement from your bank as CSV, OFX, QIF, CAMT.053, MT940 or Norma 43 (%s)", reads)
	case KindImage:
		e = finance.Errorf(finance.ECodeUnsupportedMedia, "this is an image: a photo or scan of a statement cannot be read; download the statement from your bank as a file (%s)", reads)
	default:
		return finance.Errorf(finance.ECodeUnsupportedMedia, "this is not a bank file the app reads: %s", reads)
	}
	return e.With("kind", kind)
}
