package ratefile

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func knownCodes(c string) bool { return c == "USD" || c == "JPY" || c == "GBP" || c == "EUR" }

func TestParseRatesCSV(t *testing.T) {
	file := "\ufeffdate,currency,rate\n2026-03-01,usd,1.0800\n\n2026-03-02,JPY,160\n2026-02-30,USD,1.1\n2026-03-03,XYZ,1\n2026-03-04,USD,-1\n2026-03-05,USD\n"
	res, err := ParseRatesCSV([]byte(file), knownCodes)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(res.Rows) != "[{2 2026-03-01 USD 1.08} {4 2026-03-02 JPY 160}]" {
		t.Errorf("rows %v", res.Rows)
	}
	if fmt.Sprint(res.Errors) != "[{5 date invalid} {6 currency unknown} {7 rate invalid} {8 row invalid}]" || res.Total != 6 {
		t.Errorf("errors %v, total %d", res.Errors, res.Total)
	}
	// Semicolons and a decimal comma, no header.
	res, err = ParseRatesCSV([]byte("2026-03-01;USD;1,0842\r\n"), knownCodes)
	if err != nil || fmt.Sprint(res.Rows) != "[{1 2026-03-01 USD 1.0842}]" || len(res.Errors) != 0 {
		t.Errorf("semicolons: %v %v %v", res.Rows, res.Errors, err)
	}
	if _, err := ParseRatesCSV([]byte("2026-03-01,USD,1\xff\n"), knownCodes); err == nil {
		t.Error("a file that is not UTF-8 was read")
	}
}

func TestParseECB(t *testing.T) {
	f, err := os.Open("testdata/ecb.xml")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := ParseECB(f, func(c string) bool { return c == "USD" || c == "JPY" })
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(rows) != "[{0 2026-03-04 USD 1.085} {0 2026-03-04 JPY 161.2} {0 2026-03-03 USD 1.08} {0 2026-03-03 JPY 160}]" {
		t.Errorf("%v", rows)
	}
	for _, bad := range []string{"", "<html>not found</html>", `<Cube><Cube time="2026-13-01"><Cube currency="USD" rate="1"/></Cube></Cube>`,
		`<Cube><Cube time="2026-03-01"><Cube currency="USD" rate="-1"/></Cube></Cube>`, "<Cube><Cube"} {
		if _, err := ParseECB(strings.NewReader(bad), knownCodes); err == nil {
			t.Errorf("%q read as rates", bad)
		}
	}
}
