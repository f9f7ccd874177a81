package statement

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"math"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/orisano/gosax"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// A reader of our own for the parts of an Office Open XML workbook
// (ECMA-376 Part 1, SpreadsheetML) that a bank's export needs: the sheets'
// names (xl/workbook.xml and its relationships), the shared strings, the
// cells' number formats (xl/styles.xml: cellXfs and numFmts) to tell a
// date from a number, and a sheet's rows, streamed token by token (gosax)
// straight out of the zip: neither the sheet nor its rows are held whole.
// Each cell is printed as the record a CSV would hold: a date as
// yyyy-mm-dd (with hh:mm:ss when it has a time), a number as the decimal a
// spreadsheet shows (15 significant digits, never arithmetic on money),
// text as is.

// xlsxLimits bound what a workbook may unzip to: the sheet is streamed
// (only time is at stake), the shared strings and styles are held.
const (
	xlsxUnzipLimit   = 1 << 30
	xlsxHeldXMLLimit = 64 << 20
)

// xlsxBook is an opened workbook: what every sheet's reading needs.
type xlsxBook struct {
	zr       *zip.Reader
	names    []string // the sheets' names, in the workbook's order
	paths    []string // their parts in the zip
	date1904 bool
	strs     []string // shared strings
	dateXF   []bool   // by cell style index (the s attribute): a date or time format
}

// xlsxUnreadable is the error of a workbook that is not one.
func xlsxUnreadable(err error) error {
	return finance.Errorf(finance.ECodeInvalid, "this workbook cannot be read: %v", err)
}

// openBook reads a workbook's directory, sheets, styles and shared strings.
func openBook(data []byte) (*xlsxBook, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, xlsxUnreadable(err)
	}
	b := &xlsxBook{zr: zr}
	rels := map[string]string{}
	if err := b.walk("xl/_rels/workbook.xml.rels", false, func(name, attrs []byte) {
		if string(name) == "Relationship" {
			a := xmlAttrs(attrs)
			target := a["Target"]
			if strings.HasPrefix(target, "/") {
				target = path.Clean(target[1:])
			} else {
				target = path.Join("xl", target)
			}
			rels[a["Id"]] = target
		}
	}, nil, nil); err != nil {
		return nil, err
	}
	if err := b.walk("xl/workbook.xml", true, func(name, attrs []byte) {
		switch string(name) {
		case "workbookPr":
			v := xmlAttrs(attrs)["date1904"]
			b.date1904 = v == "1" || v == "true"
		case "sheet":
			a := xmlAttrs(attrs)
			if p, ok := rels[a["id"]]; ok && a["name"] != "" {
				b.names, b.paths = append(b.names, a["name"]), append(b.paths, p)
			}
		}
	}, nil, nil); err != nil {
		return nil, err
	}
	if err := b.readStyles(); err != nil {
		return nil, err
	}
	if err := b.readStrings(); err != nil {
		return nil, err
	}
	return b, nil
}

// part opens a part of the zip by its name (nil when it has none).
func (b *xlsxBook) part(name string) (io.ReadCloser, error) {
	for _, f := range b.zr.File {
		if strings.EqualFold(f.Name, name) {
			return f.Open()
		}
	}
	return nil, nil
}

// walk reads a part token by token: start gets each element's local name
// and attributes, end each end's local name, text each text. A part the
// zip does not have is an error when required, else nothing.
func (b *xlsxBook) walk(name string, required bool, start func(name, attrs []byte), end func(name []byte), text func([]byte)) error {
	rc, err := b.part(name)
	if err != nil {
		return xlsxUnreadable(err)
	}
	if rc == nil {
		if required {
			return xlsxUnreadable(fmt.Errorf("no %s", name))
		}
		return nil
	}
	defer rc.Close()
	lr := &io.LimitedReader{R: rc, N: xlsxHeldXMLLimit}
	if err := xmlWalk(lr, start, end, text); err != nil {
		return xlsxUnreadable(err)
	}
	if lr.N <= 0 {
		return importer.TooLarge()
	}
	return nil
}

// xmlWalk is walk over any reader.
func xmlWalk(r io.Reader, start func(name, attrs []byte), end func(name []byte), text func([]byte)) error {
	d := gosax.NewReaderSize(r, 64<<10)
	d.EmitSelfClosingTag = true
	for {
		e, err := d.Event()
		if err != nil {
			return err
		}
		switch e.Type() {
		case gosax.EventEOF:
			return nil
		case gosax.EventStart:
			if start != nil {
				name, attrs := gosax.Name(e.Bytes)
				start(localName(name), attrs)
			}
		case gosax.EventEnd:
			if end != nil {
				name, _ := gosax.Name(e.Bytes)
				end(localName(name))
			}
		case gosax.EventText:
			if text != nil {
				t, err := gosax.Unescape(e.Bytes)
				if err != nil {
					return err
				}
				text(t)
			}
		case gosax.EventCData:
			if text != nil {
				text(bytes.TrimSuffix(bytes.TrimPrefix(e.Bytes, []byte("<![CDATA[")), []byte("]]>")))
			}
		}
	}
}

// localName is an element's or attribute's name without its prefix.
func localName(name []byte) []byte {
	if i := bytes.LastIndexByte(name, ':'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// xmlAttrs are a tag's attributes by local name, unescaped.
func xmlAttrs(b []byte) map[string]string {
	m := map[string]string{}
	for len(b) > 0 {
		a, rest, err := gosax.NextAttribute(b)
		if err != nil || a.Key == nil {
			break
		}
		m[string(localName(a.Key))] = attrValue(a.Value)
		b = rest
	}
	return m
}

// attrValue is a quoted attribute value, unquoted and unescaped.
func attrValue(v []byte) string {
	if len(v) >= 2 {
		v = v[1 : len(v)-1]
	}
	u, err := gosax.Unescape(v)
	if err != nil {
		return string(v)
	}
	return string(u)
}

// xlsxAttr is one attribute's raw value (quoted), nil when absent: the
// cells' few attributes without a map.
func xlsxAttr(b []byte, key string) []byte {
	for len(b) > 0 {
		a, rest, err := gosax.NextAttribute(b)
		if err != nil || a.Key == nil {
			return nil
		}
		if string(localName(a.Key)) == key {
			if len(a.Value) >= 2 {
				return a.Value[1 : len(a.Value)-1]
			}
			return a.Value
		}
		b = rest
	}
	return nil
}

// readStyles finds which cell styles show a date or a time.
func (b *xlsxBook) readStyles() error {
	custom := map[int]bool{}
	inXfs := false
	return b.walk("xl/styles.xml", false, func(name, attrs []byte) {
		switch string(name) {
		case "numFmt":
			a := xmlAttrs(attrs)
			if id, err := strconv.Atoi(a["numFmtId"]); err == nil {
				custom[id] = dateFormatCode(a["formatCode"])
			}
		case "cellXfs":
			inXfs = true
		case "xf":
			if inXfs {
				id, _ := strconv.Atoi(string(xlsxAttr(attrs, "numFmtId")))
				date, ok := custom[id]
				if !ok {
					date = builtinDateFormat(id)
				}
				b.dateXF = append(b.dateXF, date)
			}
		}
	}, func(name []byte) {
		if string(name) == "cellXfs" {
			inXfs = false
		}
	}, nil)
}

// builtinDateFormat says whether a built-in number format (ECMA-376
// 18.8.30, and the East Asian ones) shows a date or a time.
func builtinDateFormat(id int) bool {
	return id >= 14 && id <= 22 || id >= 27 && id <= 36 || id >= 45 && id <= 47 || id >= 50 && id <= 58
}

// dateFormatCode says whether a custom number format shows a date or a
// time: it has d, m, y, h or s outside its quoted text, escaped
// characters, [colour] and [$locale] sections and the word General.
func dateFormatCode(code string) bool {
	code = strings.ReplaceAll(strings.ToLower(code), "general", "")
	for i := 0; i < len(code); i++ {
		switch c := code[i]; c {
		case '"':
			if j := strings.IndexByte(code[i+1:], '"'); j >= 0 {
				i += j + 1
			} else {
				return false
			}
		case '\\', '_', '*':
			i++ // the next character is shown, or is padding
		case '[':
			if j := strings.IndexByte(code[i:], ']'); j >= 0 {
				inner := code[i+1 : i+j]
				if inner == "h" || inner == "hh" || inner == "m" || inner == "mm" || inner == "s" || inner == "ss" {
					return true // elapsed time
				}
				i += j
			}
		case 'd', 'm', 'y', 'h', 's':
			return true
		}
	}
	return false
}

// readStrings reads the shared strings: each <si>'s text runs, without
// its phonetic ones (<rPh>), cut as a CSV's cells are.
func (b *xlsxBook) readStrings() error {
	var cur []byte
	inT, inPh := false, false
	return b.walk("xl/sharedStrings.xml", false, func(name, _ []byte) {
		switch string(name) {
		case "si":
			cur = cur[:0]
		case "t":
			inT = true
		case "rPh":
			inPh = true
		}
	}, func(name []byte) {
		switch string(name) {
		case "si":
			b.strs = append(b.strs, importer.Cut(string(cur), 4096))
		case "t":
			inT = false
		case "rPh":
			inPh = false
		}
	}, func(t []byte) {
		if inT && !inPh && len(cur) < 4*4096 {
			cur = append(cur, t...)
		}
	})
}

// sheet says which sheet is read: the one named, or the first.
func (b *xlsxBook) sheet(name string) (string, string, error) {
	if len(b.names) == 0 {
		return "", "", finance.Errorf(finance.ECodeInvalid, "the workbook has no sheet")
	}
	if name == "" {
		return b.names[0], b.paths[0], nil
	}
	for i, n := range b.names {
		if n == name {
			return n, b.paths[i], nil
		}
	}
	return "", "", finance.FieldErr("options.sheet", finance.FCodeUnknown, "the workbook has no sheet by that name")
}

// xlsxRows reads a sheet's rows as records, each with its row number,
// as the sheet's XML streams out of the zip.
type xlsxRows struct {
	book  *xlsxBook
	d     *gosax.Reader
	rc    io.Closer
	lr    *io.LimitedReader
	n     int      // the current row's number
	col   int      // the current cell's column (0-based)
	rec   []string // the row being read
	typ   []byte   // the cell's t attribute
	style int
	val   []byte // the cell's <v> or inline text
	in    byte   // 'v' inside <v>, 't' inside an inline string's <t>, 0 elsewhere
	done  bool
}

func (b *xlsxBook) rows(part string) (*xlsxRows, error) {
	rc, err := b.part(part)
	if err != nil {
		return nil, xlsxUnreadable(err)
	}
	if rc == nil {
		return nil, xlsxUnreadable(fmt.Errorf("no %s", part))
	}
	lr := &io.LimitedReader{R: rc, N: xlsxUnzipLimit}
	d := gosax.NewReaderSize(lr, 64<<10)
	d.EmitSelfClosingTag = true
	return &xlsxRows{book: b, d: d, rc: rc, lr: lr}, nil
}

func (s *xlsxRows) Close() error { return s.rc.Close() }

// Read returns the next row that is not blank.
func (s *xlsxRows) Read() ([]string, int, error) {
	for !s.done {
		e, err := s.d.Event()
		if err != nil {
			if s.lr.N <= 0 {
				return nil, s.n, importer.TooLarge()
			}
			return nil, s.n, xlsxUnreadable(err)
		}
		switch e.Type() {
		case gosax.EventEOF:
			s.done = true
		case gosax.EventStart:
			name, attrs := gosax.Name(e.Bytes)
			s.start(localName(name), attrs)
		case gosax.EventEnd:
			name, _ := gosax.Name(e.Bytes)
			if rec, ok := s.end(localName(name)); ok {
				return rec, s.n, nil
			}
		case gosax.EventText, gosax.EventCData:
			if s.in != 0 && len(s.val) < 4*4096 {
				t := e.Bytes
				if e.Type() == gosax.EventCData {
					t = bytes.TrimSuffix(bytes.TrimPrefix(t, []byte("<![CDATA[")), []byte("]]>"))
				} else if t, err = gosax.Unescape(t); err != nil {
					return nil, s.n, xlsxUnreadable(err)
				}
				s.val = append(s.val, t...)
			}
		}
	}
	return nil, s.n, io.EOF
}

func (s *xlsxRows) start(name, attrs []byte) {
	switch string(name) {
	case "row":
		n, err := strconv.Atoi(string(xlsxAttr(attrs, "r")))
		if err != nil || n <= s.n {
			n = s.n + 1
		}
		s.n, s.col, s.rec = n, -1, nil
	case "c":
		col := -1
		if ref := xlsxAttr(attrs, "r"); ref != nil {
			col = columnIndex(ref)
		}
		if col <= s.col || col > 16383 {
			col = s.col + 1
		}
		s.col = col
		s.typ = append(s.typ[:0], xlsxAttr(attrs, "t")...)
		s.style = 0
		if st := xlsxAttr(attrs, "s"); st != nil {
			s.style, _ = strconv.Atoi(string(st))
		}
		s.val = s.val[:0]
	case "v":
		s.in = 'v'
	case "t":
		if string(s.typ) == "inlineStr" {
			s.in = 't'
		}
	case "rPh":
		s.in = 0
	}
}

// end closes an element: a row's end gives its record, when it is not blank.
func (s *xlsxRows) end(name []byte) ([]string, bool) {
	switch string(name) {
	case "v", "t":
		s.in = 0
	case "c":
		if s.col > 4096 {
			return nil, false // past any bank's columns
		}
		v := s.value()
		if importer.TrimBlank(v) == "" {
			return nil, false
		}
		for len(s.rec) < s.col {
			s.rec = append(s.rec, "")
		}
		s.rec = append(s.rec, importer.Cut(v, 4096))
	case "row":
		if len(s.rec) > 0 {
			return s.rec, true
		}
	}
	return nil, false
}

// value is the current cell as text.
func (s *xlsxRows) value() string {
	v := string(s.val)
	switch string(s.typ) {
	case "s":
		i, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || i < 0 || i >= len(s.book.strs) {
			return ""
		}
		return s.book.strs[i]
	case "inlineStr", "str", "e":
		return v
	case "b":
		if strings.TrimSpace(v) == "1" {
			return "TRUE"
		}
		return "FALSE"
	case "d": // an ISO 8601 date and time
		v = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(v, "Z"), "T00:00:00"), ".000")
		return strings.Replace(v, "T", " ", 1)
	}
	if s.style >= 0 && s.style < len(s.book.dateXF) && s.book.dateXF[s.style] {
		if d, ok := serialDate(v, s.book.date1904); ok {
			return d
		}
	}
	return shownNumber(v)
}

// columnIndex is a cell reference's column, 0-based (B5 → 1), -1 when it has none.
func columnIndex(ref []byte) int {
	col := 0
	i := 0
	for ; i < len(ref) && ref[i] >= 'A' && ref[i] <= 'Z'; i++ {
		col = col*26 + int(ref[i]-'A'+1)
		if col > 1<<20 {
			return -1
		}
	}
	if i == 0 {
		return -1
	}
	return col - 1
}

// shownNumber is a stored number as a spreadsheet shows it: rounded to
// 15 significant digits, in plain decimal notation (0.30000000000000004
// is 0.3). Text that is not a number is kept as is.
func shownNumber(v string) string {
	v = strings.TrimSpace(v)
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return v
	}
	g, _ := strconv.ParseFloat(strconv.FormatFloat(f, 'g', 15, 64), 64)
	return strconv.FormatFloat(g, 'f', -1, 64)
}

// serialDate is a date's serial number (days since the workbook's epoch,
// the fraction its time) as yyyy-mm-dd, with hh:mm:ss when it has a time.
// The 1900 system counts a 29 February 1900 that never was (serial 60).
func serialDate(v string, date1904 bool) (string, bool) {
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || f < 0 || f > 2958466 || (!date1904 && f >= 60 && f < 61) {
		return "", false
	}
	days := math.Floor(f)
	secs := int(math.Round((f - days) * 86400))
	if secs >= 86400 {
		days, secs = days+1, 0
	}
	epoch := time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)
	switch {
	case date1904:
		epoch = time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC)
	case days < 60:
		epoch = epoch.AddDate(0, 0, 1)
	}
	t := epoch.AddDate(0, 0, int(days)).Add(time.Duration(secs) * time.Second)
	switch {
	case days == 0 && !date1904:
		return t.Format("15:04:05"), true // a time of day alone
	case secs == 0:
		return t.Format("2006-01-02"), true
	}
	return t.Format("2006-01-02 15:04:05"), true
}
