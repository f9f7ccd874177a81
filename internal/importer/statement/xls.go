package statement

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"slices"
	"strconv"
	"unicode/utf16"

	"github.com/richardlehane/mscfb"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// Legacy Excel workbooks (.xls, BIFF8, Excel 97 to 2003) are read by a
// reader of our own written from Microsoft's [MS-XLS] specification: the
// Workbook stream of the compound file (mscfb), its globals (BOUNDSHEET8,
// SST with its CONTINUE records, XF, FORMAT, DATEMODE) and the chosen
// sheet's cells (LABELSST, LABEL, RK, MULRK, NUMBER, FORMULA with its
// STRING, BOOLERR). Cells print as the XLSX reader's do (a date by its
// cell's number format as yyyy-mm-dd, a number as the decimal shown), and
// the table is then read as a CSV's. A sheet is at most the 20 MB file:
// its cells are held, then handed out row by row.

// BIFF record types ([MS-XLS] 2.3).
const (
	biffFormula    = 0x0006
	biffEOF        = 0x000A
	biffDateMode   = 0x0022
	biffFilePass   = 0x002F
	biffContinue   = 0x003C
	biffBoundSheet = 0x0085
	biffMulRK      = 0x00BD
	biffXF         = 0x00E0
	biffSST        = 0x00FC
	biffLabelSST   = 0x00FD
	biffNumber     = 0x0203
	biffLabel      = 0x0204
	biffBoolErr    = 0x0205
	biffString     = 0x0207
	biffRK         = 0x027E
	biffFormat     = 0x041E
	biffBOF        = 0x0809
)

// isXLS says whether data is a compound file holding an Excel workbook
// stream (Workbook, or Book for Excel 5/95, refused with its reason).
func isXLS(data []byte) bool {
	return bytes.HasPrefix(data, []byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")) && !bytes.Contains(data, encryptionInfo) &&
		(bytes.Contains(data, utf16Name("Workbook")) || bytes.Contains(data, utf16Name("Book")))
}

// utf16Name is a stream's name as a compound file's directory has it.
func utf16Name(s string) []byte {
	b := make([]byte, 0, 2*len(s))
	for _, c := range s {
		b = append(b, byte(c), 0)
	}
	return b
}

// xlsBook is a BIFF8 workbook's globals.
type xlsBook struct {
	stream   []byte
	names    []string
	offsets  []int // each sheet's BOF in the stream
	sst      []string
	xfDate   []bool // by XF index: a date or time format
	date1904 bool
}

func xlsUnreadable(err error) error {
	return finance.Errorf(finance.ECodeInvalid, "this Excel 97-2003 workbook cannot be read: %v", err)
}

// openXLS reads the compound file's Workbook stream and its globals.
func openXLS(data []byte) (*xlsBook, error) {
	if len(data) < 512 {
		return nil, xlsUnreadable(errors.New("shorter than its header"))
	}
	// The header's counts of sectors, within what the file can hold: the
	// container's reader sizes its tables by them.
	sectors := uint32(len(data) / 512)
	for _, at := range []int{0x28, 0x2C, 0x40, 0x48} {
		if binary.LittleEndian.Uint32(data[at:]) > sectors {
			return nil, xlsUnreadable(errors.New("a header naming more sectors than the file has"))
		}
	}
	if shift := binary.LittleEndian.Uint16(data[0x1E:]); shift != 9 && shift != 12 {
		return nil, xlsUnreadable(errors.New("a sector size that is neither 512 nor 4096 bytes"))
	}
	r, err := mscfb.New(bytes.NewReader(data))
	if err != nil {
		return nil, xlsUnreadable(err)
	}
	var stream []byte
	for {
		f, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, xlsUnreadable(err)
		}
		switch f.Name {
		case "Workbook":
			// No stream is larger than its file.
			if stream, err = io.ReadAll(io.LimitReader(f, int64(len(data)))); err != nil {
				return nil, xlsUnreadable(err)
			}
		case "Book":
			if stream == nil {
				return nil, excelRefusal(KindExcel95)
			}
		}
	}
	if stream == nil {
		return nil, xlsUnreadable(errors.New("no Workbook stream"))
	}
	b := &xlsBook{stream: stream}
	return b, b.readGlobals()
}

// biffRecord is a record with the bodies of the CONTINUE records after it.
type biffRecord struct {
	typ   uint16
	parts [][]byte
	next  int // the next record's offset
}

// record reads the record at off (ok false past the stream's end).
func (b *xlsBook) record(off int) (biffRecord, bool) {
	s := b.stream
	if off+4 > len(s) {
		return biffRecord{}, false
	}
	typ, n := binary.LittleEndian.Uint16(s[off:]), int(binary.LittleEndian.Uint16(s[off+2:]))
	end := min(off+4+n, len(s))
	rec := biffRecord{typ: typ, parts: [][]byte{s[off+4 : end]}, next: end}
	for rec.next+4 <= len(s) && binary.LittleEndian.Uint16(s[rec.next:]) == biffContinue {
		n := int(binary.LittleEndian.Uint16(s[rec.next+2:]))
		end := min(rec.next+4+n, len(s))
		rec.parts = append(rec.parts, s[rec.next+4:end])
		rec.next = end
	}
	return rec, true
}

func (b *xlsBook) readGlobals() error {
	first, ok := b.record(0)
	if !ok || first.typ != biffBOF || len(first.parts[0]) < 4 {
		return xlsUnreadable(errors.New("no BOF record"))
	}
	if binary.LittleEndian.Uint16(first.parts[0]) != 0x0600 {
		return excelRefusal(KindExcel95) // BIFF5 (0x0500) or older
	}
	custom := map[uint16]bool{}
	var xfFmt []uint16
	for off := first.next; ; {
		rec, ok := b.record(off)
		if !ok || rec.typ == biffEOF {
			break
		}
		off = rec.next
		c := &biffCursor{parts: rec.parts}
		switch rec.typ {
		case biffFilePass:
			return excelRefusal(KindLocked)
		case biffDateMode:
			b.date1904 = c.u16() == 1
		case biffXF:
			c.u16()
			xfFmt = append(xfFmt, c.u16())
		case biffFormat:
			id := c.u16()
			custom[id] = dateFormatCode(c.str(int(c.u16())))
		case biffBoundSheet:
			pos := int(c.u32())
			c.u8() // visibility
			if kind := c.u8(); kind != 0 {
				continue // a chart, a macro sheet
			}
			name := c.str(int(c.u8()))
			b.names, b.offsets = append(b.names, name), append(b.offsets, pos)
		case biffSST:
			c.u32()
			n := int(c.u32())
			b.sst = make([]string, 0, min(n, len(b.stream)/3))
			for i := 0; i < n && !c.done(); i++ {
				b.sst = append(b.sst, importer.Cut(c.richStr(), 4096))
			}
		}
	}
	b.xfDate = make([]bool, len(xfFmt))
	for i, id := range xfFmt {
		date, ok := custom[id]
		if !ok {
			date = builtinDateFormat(int(id))
		}
		b.xfDate[i] = date
	}
	return nil
}

// biffCursor reads a record's fields across its CONTINUE records; a read
// past its end gives zeros.
type biffCursor struct {
	parts [][]byte
	i     int
}

func (c *biffCursor) done() bool {
	for len(c.parts) > 0 && c.i >= len(c.parts[0]) {
		c.parts, c.i = c.parts[1:], 0
	}
	return len(c.parts) == 0
}

func (c *biffCursor) u8() byte {
	if c.done() {
		return 0
	}
	c.i++
	return c.parts[0][c.i-1]
}

func (c *biffCursor) u16() uint16 { return uint16(c.u8()) | uint16(c.u8())<<8 }
func (c *biffCursor) u32() uint32 { return uint32(c.u16()) | uint32(c.u16())<<16 }

func (c *biffCursor) skip(n int) {
	for ; n > 0 && !c.done(); n-- {
		c.i++
	}
}

// str reads an XLUnicodeString's flags and n characters: 8-bit (the high
// byte 0) or UTF-16, the choice made again at each CONTINUE record.
func (c *biffCursor) str(n int) string {
	return c.chars(n, c.u8()&1 == 1)
}

func (c *biffCursor) chars(n int, wide bool) string {
	u := make([]uint16, 0, min(n, 4096))
	for n > 0 && !c.done() {
		if c.i == 0 && len(u) > 0 {
			wide = c.u8()&1 == 1 // a CONTINUE record starts with the flags again
			if c.done() {
				break
			}
		}
		for n > 0 && c.i < len(c.parts[0]) {
			if wide {
				u = append(u, c.u16())
			} else {
				u = append(u, uint16(c.u8()))
			}
			n--
		}
	}
	return string(utf16.Decode(u))
}

// richStr reads an XLUnicodeRichExtendedString (the SST's strings).
func (c *biffCursor) richStr() string {
	n := int(c.u16())
	flags := c.u8()
	runs, ext := 0, 0
	if flags&8 != 0 {
		runs = int(c.u16())
	}
	if flags&4 != 0 {
		ext = int(c.u32())
	}
	s := c.chars(n, flags&1 == 1)
	c.skip(4*runs + ext)
	return s
}

// rkNumber is an RK value as the decimal shown: an integer ×100 exactly.
func rkNumber(rk uint32) string {
	if rk&2 != 0 {
		n := int64(int32(rk) >> 2)
		if rk&1 == 0 {
			return strconv.FormatInt(n, 10)
		}
		sign := ""
		if n < 0 {
			sign, n = "-", -n
		}
		s := strconv.FormatInt(n/100, 10)
		if n%100 != 0 {
			s += "." + strings2(n%100)
		}
		return sign + s
	}
	f := math.Float64frombits(uint64(rk&^3) << 32)
	if rk&1 != 0 {
		f /= 100
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// strings2 is a cent count of two digits without its trailing zero (5 → 05, 50 → 5).
func strings2(n int64) string {
	s := strconv.FormatInt(100+n, 10)[1:]
	if s[1] == '0' {
		return s[:1]
	}
	return s
}

// xlsCell is a cell of a sheet: its column and its text.
type xlsCell struct {
	col int
	v   string
}

// xlsSheet reads a sheet's cells, by row (each row's records are built as
// they are read: a sparse sheet stays sparse).
func (b *xlsBook) xlsSheet(off int) *xlsRows {
	cells := map[int][]xlsCell{}
	set := func(row, col int, v string) {
		if col > 255 || importer.TrimBlank(v) == "" {
			return // BIFF8 sheets have 256 columns
		}
		cells[row] = append(cells[row], xlsCell{col, importer.Cut(v, 4096)})
	}
	number := func(xf int, v string) string {
		if xf < len(b.xfDate) && b.xfDate[xf] {
			if d, ok := serialDate(v, b.date1904); ok {
				return d
			}
		}
		return shownNumber(v)
	}
	boolean := func(v bool) string {
		if v {
			return "TRUE"
		}
		return "FALSE"
	}
	float := func(v []byte) string {
		return strconv.FormatFloat(math.Float64frombits(binary.LittleEndian.Uint64(v)), 'g', -1, 64)
	}
	pendRow, pendCol := -1, -1 // a formula's cell whose string result follows
	first := true
	for {
		rec, ok := b.record(off)
		if !ok || (rec.typ == biffEOF && !first) {
			break
		}
		first = false
		off = rec.next
		c := &biffCursor{parts: rec.parts}
		var row, col, xf int
		if rec.typ != biffString && rec.typ != biffBOF {
			row, col, xf = int(c.u16()), int(c.u16()), int(c.u16())
		}
		var v [8]byte
		switch rec.typ {
		case biffLabelSST:
			if i := int(c.u32()); i < len(b.sst) {
				set(row, col, b.sst[i])
			}
		case biffLabel:
			set(row, col, c.str(int(c.u16())))
		case biffRK:
			set(row, col, number(xf, rkNumber(c.u32())))
		case biffMulRK:
			for k := range (len(rec.parts[0]) - 6) / 6 { // rw, colFirst, (ixfe, RK)…, colLast
				if k > 0 {
					xf = int(c.u16())
				}
				set(row, col+k, number(xf, rkNumber(c.u32())))
			}
		case biffNumber, biffFormula:
			for i := range v {
				v[i] = c.u8()
			}
			switch {
			case rec.typ == biffNumber || v[6] != 0xFF || v[7] != 0xFF:
				set(row, col, number(xf, float(v[:])))
			case v[0] == 0: // a string, in the STRING record that follows
				pendRow, pendCol = row, col
			case v[0] == 1:
				set(row, col, boolean(v[2] != 0))
			}
		case biffString:
			if pendRow >= 0 {
				set(pendRow, pendCol, c.str(int(c.u16())))
				pendRow = -1
			}
		case biffBoolErr:
			if b, isErr := c.u8(), c.u8(); isErr == 0 {
				set(row, col, boolean(b != 0))
			}
		}
	}
	rows := make([]int, 0, len(cells))
	for r := range cells {
		rows = append(rows, r)
	}
	slices.Sort(rows)
	return &xlsRows{cells: cells, rows: rows}
}

// xlsRows hands out a sheet's rows as records.
type xlsRows struct {
	cells map[int][]xlsCell
	rows  []int
}

func (s *xlsRows) Read() ([]string, int, error) {
	if len(s.rows) == 0 {
		return nil, 0, io.EOF
	}
	row := s.rows[0]
	s.rows = s.rows[1:]
	cs := s.cells[row]
	delete(s.cells, row)
	rec := make([]string, 0, len(cs))
	for _, c := range cs {
		for len(rec) < c.col {
			rec = append(rec, "")
		}
		if c.col < len(rec) {
			rec[c.col] = c.v // a cell written twice: the last
		} else {
			rec = append(rec, c.v)
		}
	}
	return rec, row + 1, nil
}

// withXLSSheet is withSheet for a BIFF8 workbook.
func withXLSSheet[T any](data []byte, sheet string, read func(records, string, []string) (T, error)) (T, error) {
	var zero T
	b, err := openXLS(data)
	if err != nil {
		return zero, err
	}
	if len(b.names) == 0 {
		return zero, finance.Errorf(finance.ECodeInvalid, "the workbook has no sheet")
	}
	i := 0
	if sheet != "" {
		if i = slices.Index(b.names, sheet); i < 0 {
			return zero, finance.FieldErr("options.sheet", finance.FCodeUnknown, "the workbook has no sheet by that name")
		}
	}
	return read(b.xlsSheet(b.offsets[i]), b.names[i], b.names)
}
