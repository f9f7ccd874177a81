package statement

import (
	"bytes"
	"errors"
	"io"
	"slices"

	"github.com/xuri/excelize/v2"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// Excel workbooks (XLSX) are read as tables of strings, each cell as the
// spreadsheet shows it (a date in its date format, a number with its
// decimals: excelize formats the stored decimal, rounded to the 15
// significant digits a spreadsheet shows, never through arithmetic), then
// detected and read exactly as a CSV's records (detectTable, parseTable).
// The sheet is streamed row by row: a large sheet is not held whole.

// xlsxLimits bound what a workbook may unzip to: a 20 MB upload of XML
// compresses about 10 times; past the XML limit a sheet goes to a
// temporary file instead of memory.
const (
	xlsxUnzipLimit    = 1 << 30
	xlsxUnzipXMLLimit = 16 << 20
)

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

// openXLSX opens a workbook and picks its sheet: the one named, or the first.
func openXLSX(data []byte, sheet string) (*excelize.File, string, []string, error) {
	locked := finance.Errorf(finance.ECodeInvalid, "this workbook is protected by a password: save it without one, or as CSV")
	if !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return nil, "", nil, locked // a compound file: encrypted (isXLSX)
	}
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: xlsxUnzipLimit, UnzipXMLSizeLimit: xlsxUnzipXMLLimit,
		ShortDatePattern: "yyyy-mm-dd", LongTimePattern: "hh:mm:ss"})
	if err != nil {
		if errors.Is(err, excelize.ErrWorkbookPassword) || errors.Is(err, excelize.ErrUnsupportedEncryptMechanism) {
			return nil, "", nil, locked
		}
		return nil, "", nil, finance.Errorf(finance.ECodeInvalid, "this workbook cannot be read: %v", err)
	}
	names := f.GetSheetList()
	if len(names) == 0 {
		f.Close()
		return nil, "", nil, finance.Errorf(finance.ECodeInvalid, "the workbook has no sheet")
	}
	if sheet == "" {
		sheet = names[0]
	}
	if !slices.Contains(names, sheet) {
		f.Close()
		return nil, "", nil, finance.FieldErr("options.sheet", finance.FCodeUnknown, "the workbook has no sheet by that name")
	}
	return f, sheet, names, nil
}

// sheetRows are a sheet's rows as records, each with its row number.
type sheetRows struct {
	rows *excelize.Rows
	n    int
}

func (s *sheetRows) Read() ([]string, int, error) {
	for s.rows.Next() {
		s.n++
		rec, err := s.rows.Columns()
		if err != nil {
			return nil, s.n, err
		}
		blank := true
		for i := range rec {
			rec[i] = importer.Cut(rec[i], 4096)
			blank = blank && importer.TrimBlank(rec[i]) == ""
		}
		if !blank {
			return rec, s.n, nil
		}
	}
	if err := s.rows.Error(); err != nil {
		return nil, s.n, err
	}
	return nil, s.n, io.EOF
}

// withSheet runs read on the chosen sheet's rows.
func withSheet[T any](data []byte, sheet string, read func(records, string, []string) (T, error)) (T, error) {
	var zero T
	f, sheet, names, err := openXLSX(data, sheet)
	if err != nil {
		return zero, err
	}
	defer f.Close()
	rows, err := f.Rows(sheet)
	if err != nil {
		return zero, finance.Errorf(finance.ECodeInvalid, "this workbook cannot be read: %v", err)
	}
	defer rows.Close()
	return read(&sheetRows{rows: rows}, sheet, names)
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
