package statement_test

import (
	"errors"
	"strings"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer/statement"
)

// Each format is told from the content, whatever the file's name; the
// files of other apps, PDFs and images are told apart and refused with a
// message that says what they are and what the app reads.
func TestDetectFormatByContent(t *testing.T) {
	cases := []struct {
		name string
		data string
		want statement.Format
		kind string
	}{
		{"camt.bin", string(read(t, "camt/stmt_v02.xml")), statement.FormatCAMT, ""},
		{"a.txt", `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.02"><BkToCstmrAcctRpt>`, statement.FormatCAMT, ""},
		{"export.csv", string(read(t, "mt940/german_structured.sta")), statement.FormatMT940, ""},
		{"x.txt", "{1:F01ABCDEFGHAXXX0000000000}{2:O940}{4:\n:20:1\n", statement.FormatMT940, ""},
		{"x.txt", string(read(t, "mt940/interim_942.txt")), statement.FormatMT940, ""},
		{"movimientos.txt", string(read(t, "norma43/plain.n43")), statement.FormatNorma43, ""},
		{"m.csv", string(read(t, "norma43/usd_account.n43")), statement.FormatNorma43, ""},
		{"m.qif", string(read(t, "norma43/latin1_complementary.n43")), statement.FormatNorma43, ""},
		{"a.csv", "Date,Description,Amount\n2025-01-02,Coffee,-2.50\n", statement.FormatCSV, ""},
		{"a.csv", "1100,2,3\n22,1,2\n", statement.FormatCSV, ""}, // numbers, not a Norma 43 header
		{"book.gnucash", "\x1f\x8b\x08\x00\x00\x00\x00\x00", statement.FormatUnknown, statement.KindGnuCash},
		{"book.xml", `<?xml version="1.0" encoding="utf-8" ?>` + "\n<gnc-v2\n xmlns:gnc=\"http://www.gnucash.org/XML/gnc\">", statement.FormatUnknown, statement.KindGnuCash},
		{"main.beancount", "option \"title\" \"Casa\"\n\n2024-01-01 open Assets:Bank:Checking EUR\n", statement.FormatUnknown, statement.KindBeancount},
		{"ledger.txt", "; accounts\n2024-01-01 open Assets:Cash\n2024-01-02 * \"Bakery\"\n", statement.FormatUnknown, statement.KindBeancount},
		{"qb.ofx", "!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tAMOUNT\n!SPL\tSPLID\n!ENDTRNS\n", statement.FormatUnknown, statement.KindIIF},
		{"statement.csv", "%PDF-1.7\n%âãÏÓ\n", statement.FormatUnknown, statement.KindPDF},
		{"scan.png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", statement.FormatUnknown, statement.KindImage},
		{"scan.jpg", "\xff\xd8\xff\xe0\x00\x10JFIF\x00", statement.FormatUnknown, statement.KindImage},
		{"scan.gif", "GIF89a\x01\x00\x01\x00", statement.FormatUnknown, statement.KindImage},
		{"scan.webp", "RIFF\x24\x00\x00\x00WEBPVP8 ", statement.FormatUnknown, statement.KindImage},
		{"IMG_0001.HEIC", "\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic", statement.FormatUnknown, statement.KindImage},
		{"sheet.xlsx", "PK\x03\x04\x14\x00", statement.FormatUnknown, ""},
	}
	for _, c := range cases {
		if got := statement.DetectFormat(c.name, []byte(c.data)); got != c.want {
			t.Errorf("%s: detected %q, want %q", c.name, got, c.want)
		}
		if got := statement.UnsupportedKind([]byte(c.data)); got != c.kind {
			t.Errorf("%s: kind %q, want %q", c.name, got, c.kind)
		}
		if c.want != statement.FormatUnknown {
			continue
		}
		err := statement.Unsupported([]byte(c.data))
		var fe *finance.Error
		if !errors.As(err, &fe) || fe.Code != finance.ECodeUnsupportedMedia || fe.Params["kind"] != c.kind || !strings.Contains(fe.Message, "Norma 43") {
			t.Errorf("%s: refused with %#v", c.name, err)
		}
	}
}
