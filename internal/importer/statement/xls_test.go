package statement_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer/statement"
)

// A BIFF8 workbook written by hand from [MS-XLS] and [MS-CFB] (nothing in
// the app writes .xls): records, then the compound file that holds them.

// biff appends a record.
func biff(b *bytes.Buffer, typ uint16, body ...[]byte) {
	n := 0
	for _, p := range body {
		n += len(p)
	}
	_ = binary.Write(b, binary.LittleEndian, [2]uint16{typ, uint16(n)})
	for _, p := range body {
		b.Write(p)
	}
}

func le16(v ...uint16) []byte {
	b := make([]byte, 2*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint16(b[2*i:], x)
	}
	return b
}

func le32(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }

// xlstr is an XLUnicodeString: 8-bit when it can be, else UTF-16.
func xlstr(s string, short bool) []byte {
	r := []rune(s)
	var b []byte
	if short {
		b = []byte{byte(len(r))}
	} else {
		b = le16(uint16(len(r)))
	}
	wide := strings.IndexFunc(s, func(c rune) bool { return c > 0xFF }) >= 0
	if !wide {
		b = append(b, 0)
		for _, c := range r {
			b = append(b, byte(c))
		}
		return b
	}
	b = append(b, 1)
	for _, c := range r {
		b = append(b, le16(uint16(c))...)
	}
	return b
}

// xlsWorkbook is a Spanish bank's export as an .xls: a preamble, a header,
// dates in a custom dd/mm/yyyy format (RK integers), amounts as RK ×100,
// a NUMBER, a MULRK, a formula with a string result, and a shared string
// split across a CONTINUE record, switching to UTF-16 there.
func xlsWorkbook(t testing.TB, date1904 bool) []byte {
	t.Helper()
	var glob, sheet bytes.Buffer
	bof := func(b *bytes.Buffer, kind uint16) { biff(b, 0x0809, le16(0x0600, kind, 0, 0), le32(0), le32(0)) }
	bof(&glob, 0x0005)
	if date1904 {
		biff(&glob, 0x0022, le16(1))
	}
	biff(&glob, 0x041E, le16(164), xlstr("dd/mm/yyyy", false))
	for _, f := range []uint16{0, 164, 2} { // XF 0 general, 1 the date, 2 0.00
		biff(&glob, 0x00E0, le16(0, f), make([]byte, 16))
	}
	// SST: "Fecha", "Concepto", "Importe", "Cuenta", then "Recibo luz €" split: "Recibo " | flags 1, "luz €" in UTF-16.
	strs := []string{"Fecha", "Concepto", "Importe", "Cuenta"}
	var sst bytes.Buffer
	sst.Write(le32(5))
	sst.Write(le32(5))
	for _, s := range strs {
		sst.Write(xlstr(s, false))
	}
	sst.Write(le16(12))
	sst.WriteByte(0)
	sst.WriteString("Recibo ")
	cont := []byte{1}
	for _, c := range "luz €" {
		cont = append(cont, le16(uint16(c))...)
	}
	biff(&glob, 0x00FC, sst.Bytes())
	biff(&glob, 0x003C, cont)
	boundSheet := func(pos int) []byte {
		return append(append(le32(uint32(pos)), 0, 0), xlstr("Movimientos", true)...)
	}
	biff(&glob, 0x0085, boundSheet(0))
	biff(&glob, 0x000A)
	sheetAt := glob.Len()
	// The BOUNDSHEET8 record's position: rewrite it now that the globals' length is known.
	g := glob.Bytes()
	at := bytes.Index(g, boundSheet(0))
	copy(g[at:], le32(uint32(sheetAt)))

	serial := func(y, m, d int) uint32 {
		days := int64(0)
		for yy := 1900; yy < y; yy++ {
			days += 365
			if yy%4 == 0 && (yy%100 != 0 || yy%400 == 0) {
				days++
			}
		}
		for mm := 1; mm < m; mm++ {
			days += int64([]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[mm-1])
			if mm == 2 && y%4 == 0 {
				days++
			}
		}
		days += int64(d) + 1 // serial 1 = 1900-01-01, plus the 29 February 1900 that never was
		if date1904 {
			days -= 1462
		}
		return uint32(days)
	}
	rk := func(v uint32, x100 bool) []byte {
		r := v<<2 | 2
		if x100 {
			r |= 1
		}
		return le32(r)
	}
	rkInt := func(n int32, x100 bool) []byte { return rk(uint32(n), x100) }
	bof(&sheet, 0x0010)
	biff(&sheet, 0x00FD, le16(0, 0, 0), le32(3))                         // A1 Cuenta
	biff(&sheet, 0x0204, le16(0, 1, 0), xlstr("ES00 Ana García", false)) // B1 LABEL
	for i := range 3 {
		biff(&sheet, 0x00FD, le16(2, uint16(i), 0), le32(uint32(i))) // row 3: the header
	}
	// row 4: 04/03/2024, MERCADONA (formula string), -45.30 (RK ×100)
	biff(&sheet, 0x027E, le16(3, 0, 1), rkInt(int32(serial(2024, 3, 4)), false))
	biff(&sheet, 0x0006, le16(3, 1, 0), []byte{0, 0, 0, 0, 0, 0, 0xFF, 0xFF}, make([]byte, 6))
	biff(&sheet, 0x0207, xlstr("MERCADONA", false))
	biff(&sheet, 0x027E, le16(3, 2, 2), rkInt(-4530, true))
	// row 5: 05/03/2024, NOMINA, 1234.56 as a NUMBER
	biff(&sheet, 0x027E, le16(4, 0, 1), rkInt(int32(serial(2024, 3, 5)), false))
	biff(&sheet, 0x0204, le16(4, 1, 0), xlstr("NOMINA ACME", false))
	biff(&sheet, 0x0203, le16(4, 2, 2), binary.LittleEndian.AppendUint64(nil, math.Float64bits(1234.56)))
	// row 6: a MULRK for the date and (after the label) a NUMBER 0.1+0.2
	biff(&sheet, 0x00BD, le16(5, 0, 1), rkInt(int32(serial(2024, 3, 7)), false), le16(1))
	biff(&sheet, 0x00FD, le16(5, 1, 0), le32(4))
	biff(&sheet, 0x0203, le16(5, 2, 2), binary.LittleEndian.AppendUint64(nil, math.Float64bits(0.1+0.2)))
	biff(&sheet, 0x000A)
	stream := append(g, sheet.Bytes()...)
	for len(stream) < 4096 { // past the mini stream's cutoff: regular sectors
		stream = append(stream, 0)
	}
	return cfb(t, "Workbook", stream)
}

// cfb is a version 3 compound file holding one stream: header, one FAT
// sector, one directory sector, the stream's sectors.
func cfb(t testing.TB, name string, stream []byte) []byte {
	t.Helper()
	const free, end, fatSect, noStream = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD, 0xFFFFFFFF
	sectors := (len(stream) + 511) / 512
	if 2+sectors > 128 {
		t.Fatal("one FAT sector only")
	}
	h := make([]byte, 512)
	copy(h, "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")
	binary.LittleEndian.PutUint16(h[0x18:], 0x3E)
	binary.LittleEndian.PutUint16(h[0x1A:], 3)
	binary.LittleEndian.PutUint16(h[0x1C:], 0xFFFE)
	binary.LittleEndian.PutUint16(h[0x1E:], 9)
	binary.LittleEndian.PutUint16(h[0x20:], 6)
	binary.LittleEndian.PutUint32(h[0x2C:], 1) // FAT sectors
	binary.LittleEndian.PutUint32(h[0x30:], 1) // first directory sector
	binary.LittleEndian.PutUint32(h[0x38:], 4096)
	binary.LittleEndian.PutUint32(h[0x3C:], end) // no mini FAT
	binary.LittleEndian.PutUint32(h[0x44:], end) // no DIFAT sectors
	binary.LittleEndian.PutUint32(h[0x4C:], 0)   // the FAT is sector 0
	for i := 1; i < 109; i++ {
		binary.LittleEndian.PutUint32(h[0x4C+4*i:], free)
	}
	fat := make([]byte, 512)
	for i := range 128 {
		v := uint32(free)
		switch {
		case i == 0:
			v = fatSect
		case i == 1:
			v = end
		case i >= 2 && i < 2+sectors-1:
			v = uint32(i + 1)
		case i == 2+sectors-1:
			v = end
		}
		binary.LittleEndian.PutUint32(fat[4*i:], v)
	}
	dir := make([]byte, 512)
	entry := func(i int, name string, typ byte, child, start uint32, size int) {
		e := dir[128*i:]
		for k, c := range name {
			binary.LittleEndian.PutUint16(e[2*k:], uint16(c))
		}
		if name != "" {
			binary.LittleEndian.PutUint16(e[64:], uint16(2*len(name)+2))
		}
		e[66], e[67] = typ, 1
		binary.LittleEndian.PutUint32(e[68:], noStream)
		binary.LittleEndian.PutUint32(e[72:], noStream)
		binary.LittleEndian.PutUint32(e[76:], child)
		binary.LittleEndian.PutUint32(e[116:], start)
		binary.LittleEndian.PutUint32(e[120:], uint32(size))
	}
	entry(0, "Root Entry", 5, 1, end, 0)
	entry(1, name, 2, noStream, 2, len(stream))
	entry(2, "", 0, noStream, 0, 0)
	entry(3, "", 0, noStream, 0, 0)
	out := append(append(append(h, fat...), dir...), stream...)
	for len(out)%512 != 0 {
		out = append(out, 0)
	}
	return out
}

func TestXLS(t *testing.T) {
	for _, date1904 := range []bool{false, true} {
		data := xlsWorkbook(t, date1904)
		if f := statement.DetectFormat("extracto.bin", data); f != statement.FormatXLS {
			t.Fatalf("format %q", f)
		}
		p, err := statement.DetectTable(statement.FormatXLS, data, "")
		o := p.Options
		if err != nil || o.Sheet != "Movimientos" || len(p.Sheets) != 1 || o.SkipLines != 2 || !o.HasHeader || o.Date != 0 || o.Amount != 2 || o.Description != 1 {
			t.Fatalf("1904 %v: detected %+v %q %v", date1904, o, p.Sample, err)
		}
		var rows []statement.Draft
		res, err := statement.Parse(statement.FormatXLS, data, o, 2, func(d statement.Draft) { rows = append(rows, d) })
		if err != nil || res.Valid != 3 || len(res.Errors) != 0 {
			t.Fatalf("1904 %v: %+v %+v %v", date1904, rows, res, err)
		}
		sum := int64(0)
		for _, d := range rows {
			sum += d.Amount
		}
		if sum != -4530+123456+30 {
			t.Errorf("sum %d", sum)
		}
		if d := rows[0]; d.Date != "2024-03-04" || d.Amount != -4530 || d.Description != "MERCADONA" || d.Line != 4 {
			t.Errorf("1904 %v: %+v", date1904, d)
		}
		if d := rows[2]; d.Date != "2024-03-07" || d.Amount != 30 || d.Description != "Recibo luz €" {
			t.Errorf("1904 %v: %+v", date1904, d)
		}
	}
	if _, err := statement.DetectTable(statement.FormatXLS, xlsWorkbook(t, false), "Nope"); err == nil {
		t.Fatal("an unknown sheet")
	}
	// Refused with their reason: Excel 5/95 (a Book stream, or BIFF5 in a
	// Workbook stream) and a workbook with a password (FILEPASS).
	var old, locked bytes.Buffer
	biff(&old, 0x0809, le16(0x0500, 0x0005, 0, 0))
	biff(&locked, 0x0809, le16(0x0600, 0x0005, 0, 0), le32(0), le32(0))
	biff(&locked, 0x002F, le16(1), make([]byte, 52))
	for _, c := range []struct {
		name   string
		stream []byte
		says   string
	}{{"Book", old.Bytes(), "excel95"}, {"Workbook", old.Bytes(), "excel95"}, {"Workbook", locked.Bytes(), "locked"}} {
		data := cfb(t, c.name, append(c.stream, make([]byte, 4096)...))
		if f := statement.DetectFormat("x.xls", data); f != statement.FormatXLS {
			t.Fatalf("%s: format %q", c.says, f)
		}
		_, err := statement.DetectTable(statement.FormatXLS, data, "")
		var fe *finance.Error
		if !errors.As(err, &fe) || fe.Code != finance.ECodeUnsupportedMedia || fe.Params["kind"] != c.says {
			t.Errorf("%s: %v", c.says, err)
		}
	}
}
