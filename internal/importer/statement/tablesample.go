package statement

import (
	"errors"
	"io"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// TableSample is what a tabular file's preview shows under the options the
// user chose (the lines skipped, the header, the delimiter, the sheet): its
// header (empty without one) and its first rows, as the import reads them.
func TableSample(format Format, data []byte, opt CSVOptions) ([]string, [][]string, error) {
	read := func(r records, _ string, _ []string) (table, error) { return sampleTable(r, opt) }
	var t table
	var err error
	if format == FormatXLSX || format == FormatXLS {
		t, err = withSheet(data, opt.Sheet, read)
	} else {
		text, terr := importer.TextReader(data)
		if terr != nil {
			return nil, nil, terr
		}
		if opt.Delimiter == 0 || opt.Delimiter == '"' || opt.Delimiter == '\r' || opt.Delimiter == '\n' || opt.Delimiter == 0xFFFD {
			opt.Delimiter = ','
		}
		t, err = sampleTable(importer.NewRecordReader(text, opt.Delimiter), opt)
	}
	return t.header, t.sample, err
}

// table is a table's header and first rows.
type table struct {
	header []string
	sample [][]string
}

// sampleTable reads the header and the first sampleRecords rows past opt.SkipLines.
func sampleTable(r records, opt CSVOptions) (table, error) {
	t := table{header: []string{}, sample: [][]string{}}
	first := true
	for len(t.sample) < sampleRecords {
		rec, line, err := r.Read()
		if err == io.EOF {
			break
		}
		if errors.Is(err, importer.ErrBrokenRecord) {
			continue
		}
		if err != nil {
			return t, finance.Errorf(finance.ECodeInvalid, "this file cannot be read: %v", err)
		}
		if line <= opt.SkipLines {
			continue // the preamble
		}
		if first && opt.HasHeader {
			t.header, first = rec, false
			continue
		}
		first = false
		t.sample = append(t.sample, rec)
	}
	return t, nil
}
