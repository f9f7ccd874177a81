package statement

import (
	"bytes"

	"cashcontrol/internal/importer"
)

// Excel workbooks (XLSX) are read as tables of strings (xlsxread.go: a
// date as yyyy-mm-dd, a number as the decimal a spreadsheet shows, rounded
// to its 15 significant digits, never through arithmetic), then detected
// and read exactly as a CSV's records (detectTable, parseTable). The sheet
// is streamed row by row out of the zip: a large sheet is not held whole.

// isXLSX says whether data is an Office Open XML workbook: a zip holding
// xl/workbook.xml (its name is stored as is in the zip's directory).
// A workbook protected by a password is a compound file (CFB, as an XLS
// is) holding an EncryptionInfo stream: it is one too, to be refused with
// its reason.
func isXLSX(data []byte) bool {
	if bytes.HasPrefix(data, []byte("\xd0\xcf\x11\xe0")) {
		return bytes.Contains(data, encryptionInfo)
	}
	return bytes.HasPrefix(data, []byte("PK\x03\x04")) && bytes.Contains(data, []byte("xl/workbook.xml"))
}

// encryptionInfo is the stream's name as a compound file's directory has it (UTF-16LE).
var encryptionInfo = []byte("E\x00n\x00c\x00r\x00y\x00p\x00t\x00i\x00o\x00n\x00I\x00n\x00f\x00o\x00")

// withSheet runs read on the rows of the sheet named (or the first), with
// that sheet's name and every sheet's.
func withSheet[T any](data []byte, sheet string, read func(records, string, []string) (T, error)) (T, error) {
	var zero T
	if isXLS(data) {
		return withXLSSheet(data, sheet, read)
	}
	if !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		// A compound file: encrypted (isXLSX).
		return zero, excelRefusal(KindLocked)
	}
	book, err := openBook(data)
	if err != nil {
		return zero, err
	}
	name, part, err := book.sheet(sheet)
	if err != nil {
		return zero, err
	}
	rows, err := book.rows(part)
	if err != nil {
		return zero, err
	}
	defer rows.Close()
	return read(rows, name, book.names)
}

// DetectXLSX is DetectCSV for a workbook's sheet (opt.Sheet, or the first):
// the preview names every sheet for the user to choose.
func DetectXLSX(data []byte, sheet string) (CSVPreview, error) {
	var p CSVPreview
	_, err := withSheet(data, sheet, func(r records, sheet string, names []string) (struct{}, error) {
		var err error
		p, err = detectTable(r, CSVOptions{})
		p.Options.Sheet, p.Sheets = sheet, names
		return struct{}{}, err
	})
	return p, err
}

// ParseXLSXEach is ParseCSVEach for a workbook's sheet.
func ParseXLSXEach(data []byte, opt CSVOptions, exponent int, emit Emit) (Result, error) {
	if err := importer.CheckExponent(exponent); err != nil {
		return Result{}, err
	}
	return withSheet(data, opt.Sheet, func(r records, _ string, _ []string) (Result, error) {
		return parseTable(r, opt, exponent, emit)
	})
}

// ParseXLSX is ParseXLSXEach keeping every row.
func ParseXLSX(data []byte, opt CSVOptions, exponent int) (Result, error) {
	return collect(func(emit Emit) (Result, error) { return ParseXLSXEach(data, opt, exponent, emit) })
}
