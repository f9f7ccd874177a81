package statement

import (
	"archive/zip"
	"bytes"
	"testing"
)

// handWorkbook is a workbook written by hand as other producers write
// them: prefixed element names, inline and formula strings, booleans, a
// cell without its reference, rich and phonetic text in a shared string,
// a built-in date-time format and a custom one with quoted text.
func handWorkbook(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range []struct{ name, body string }{
		{"[Content_Types].xml", `<Types/>`},
		{"xl/workbook.xml", `<x:workbook xmlns:x="s" xmlns:r="r"><x:workbookPr/><x:sheets><x:sheet name="Data &amp; more" sheetId="1" r:id="rId7"/></x:sheets></x:workbook>`},
		{"xl/_rels/workbook.xml.rels", `<Relationships><Relationship Id="rId7" Type="worksheet" Target="/xl/worksheets/data.xml"/></Relationships>`},
		{"xl/styles.xml", `<styleSheet><numFmts><numFmt numFmtId="170" formatCode="&quot;day&quot; 0.00"/><numFmt numFmtId="171" formatCode="[$-C0A]dd\-mmm\-yy"/></numFmts>` +
			`<cellStyleXfs><xf numFmtId="14"/></cellStyleXfs><cellXfs><xf numFmtId="0"/><xf numFmtId="22"/><xf numFmtId="170"/><xf numFmtId="171"/></cellXfs></styleSheet>`},
		{"xl/sharedStrings.xml", `<sst><si><t>Date</t></si><si><r><t>Pay</t></r><r><t xml:space="preserve">ment &lt;1&gt;</t></r><rPh><t>ペイ</t></rPh></si></sst>`},
		{"xl/worksheets/data.xml", `<x:worksheet><x:sheetData>` +
			`<x:row r="2"><x:c r="A2" t="s"><x:v>0</x:v></x:c><x:c t="inlineStr"><x:is><x:t>Text</x:t></x:is></x:c><x:c r="D2" t="str"><x:f>A1</x:f><x:v>Formula</x:v></x:c></x:row>` +
			`<x:row r="3"/>` +
			`<x:row r="4"><x:c r="A4" s="1"><x:v>45356.5</x:v></x:c><x:c r="B4" t="s"><x:v>1</x:v></x:c><x:c r="C4" s="2"><x:v>-12.300000000000001</x:v></x:c><x:c r="D4" t="b"><x:v>1</x:v></x:c><x:c r="E4" s="3"><x:v>45356</x:v></x:c></x:row>` +
			`</x:sheetData></x:worksheet>`},
	} {
		w, err := zw.Create(p.name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write([]byte(p.body))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestXLSXReader(t *testing.T) {
	data := handWorkbook(t)
	if !isXLSX(data) {
		t.Fatal("not told an XLSX")
	}
	var got [][]string
	var lines []int
	_, err := withSheet(data, "", func(r records, name string, names []string) (struct{}, error) {
		if name != "Data & more" || len(names) != 1 {
			t.Errorf("sheet %q %v", name, names)
		}
		for {
			rec, line, err := r.Read()
			if err != nil {
				return struct{}{}, nil
			}
			got, lines = append(got, rec), append(lines, line)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"Date", "Text", "", "Formula"}, {"2024-03-05 12:00:00", "Payment <1>", "-12.3", "TRUE", "2024-03-05"}}
	if len(got) != 2 || lines[0] != 2 || lines[1] != 4 {
		t.Fatalf("%q %v", got, lines)
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			t.Fatalf("row %d: %q", i, got[i])
		}
		for j := range want[i] {
			if got[i][j] != want[i][j] {
				t.Errorf("row %d col %d: %q, want %q", i, j, got[i][j], want[i][j])
			}
		}
	}
}

func TestXLSXCells(t *testing.T) {
	for code, date := range map[string]bool{"dd/mm/yyyy": true, "General": false, "#,##0.00 €": false, `0.00 "days"`: false,
		"[Red]0.00": false, "[h]:mm": true, `_-* #,##0.00\ [$€-C0A]_-`: false, "yyyy-mm-dd hh:mm": true, "0%": false} {
		if dateFormatCode(code) != date {
			t.Errorf("%q: date %v", code, !date)
		}
	}
	for v, want := range map[string]string{"1": "1900-01-01", "59": "1900-02-28", "61": "1900-03-01", "45356": "2024-03-05", "0.75": "18:00:00", "45356.999999": "2024-03-06"} {
		if got, ok := serialDate(v, false); !ok || got != want {
			t.Errorf("%s: %q %v", v, got, ok)
		}
	}
	if got, ok := serialDate("43894", true); !ok || got != "2024-03-05" {
		t.Errorf("1904: %q", got)
	}
	if _, ok := serialDate("60", false); ok {
		t.Error("29 February 1900")
	}
	for v, want := range map[string]string{"0.30000000000000004": "0.3", "-45.3": "-45.3", "1E-3": "0.001", "1234567.891": "1234567.891", "abc": "abc", "100": "100"} {
		if got := shownNumber(v); got != want {
			t.Errorf("%s: %q", v, got)
		}
	}
	for ref, want := range map[string]int{"A1": 0, "Z9": 25, "AA1": 26, "XFD1": 16383, "1": -1} {
		if got := columnIndex([]byte(ref)); got != want {
			t.Errorf("%s: %d", ref, got)
		}
	}
}
