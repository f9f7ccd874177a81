package finance

import (
	"math/big"
	"testing"
)

func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic(s)
	}
	return r
}

func TestParseRate(t *testing.T) {
	for s, ok := range map[string]bool{
		"1.0842": true, "155": true, "0.0062": true, "000000000001.000000000001": true,
		"0": false, "0.000": false, "-1.2": false, "1e3": false, "1,5": false, " 1": false, "": false,
		"1.": false, ".5": false, "1234567890123": false, "1.0000000000001": false, "NaN": false, "+1": false,
	} {
		if _, got := ParseRate(s); got != ok {
			t.Errorf("ParseRate(%q) ok = %v, want %v", s, got, ok)
		}
	}
}

func TestFormatRate(t *testing.T) {
	for in, want := range map[string]string{
		"1.0842":      "1.0842",
		"155":         "155",
		"10/3":        "3.33333333333333",        // 15 significant digits
		"1/3000000":   "0.000000333333333333333", // 15 significant digits
		"12345678/7":  "1763668.285714285714",    // 12 decimals
		"1/8":         "0.125",
		"5/100000000": "0.00000005",
	} {
		if got := FormatRate(rat(in)); got != want {
			t.Errorf("FormatRate(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestConvertRoundsHalfEven(t *testing.T) {
	cases := []struct {
		amount         int64
		fromExp, toExp int
		rate           string
		want           int64
		ok             bool
	}{
		{10000, 2, 2, "1.0842", 10842, true},
		{5, 2, 2, "0.5", 2, true},         // 2.5 → 2
		{15, 2, 2, "0.5", 8, true},        // 7.5 → 8
		{-5, 2, 2, "0.5", -2, true},       // -2.5 → -2
		{-15, 2, 2, "0.5", -8, true},      // -7.5 → -8
		{1000, 0, 2, "0.0062", 620, true}, // 1000 JPY → 6.20 EUR
		{150, 2, 0, "1", 2, true},         // 1.50 → 2 (even)
		{250, 2, 0, "1", 2, true},         // 2.50 → 2 (even)
		{1, 0, 8, "1", 100000000, true},
		{MaxAmount, 2, 2, "2", 0, false},
	}
	for _, c := range cases {
		got, ok := Convert(c.amount, c.fromExp, c.toExp, rat(c.rate))
		if got != c.want || ok != c.ok {
			t.Errorf("Convert(%d, %d, %d, %s) = %d, %v; want %d, %v", c.amount, c.fromExp, c.toExp, c.rate, got, ok, c.want, c.ok)
		}
	}
}

func TestLearntRate(t *testing.T) {
	// 100.00 EUR arrived as 108.42 USD; 1,000 JPY left as 6.20 EUR.
	if got := FormatRate(LearntRate(10000, 2, 10842, 2)); got != "1.0842" {
		t.Errorf("EUR→USD %s", got)
	}
	if got := FormatRate(LearntRate(1000, 0, 620, 2)); got != "0.0062" {
		t.Errorf("JPY→EUR %s", got)
	}
}

func TestCrossRate(t *testing.T) {
	at := func(d, r string) *RateAt { return &RateAt{Date: d, Rate: rat(r)} }
	book := map[[2]string]PairRates{
		{"USD", "EUR"}: {DirectBefore: at("2026-01-01", "0.9")},
		{"EUR", "USD"}: {InverseBefore: at("2026-01-01", "0.9")},
		// The ECB's way: EUR in JPY.
		{"JPY", "EUR"}: {InverseBefore: at("2026-01-02", "160")},
		{"EUR", "JPY"}: {DirectBefore: at("2026-01-02", "160")},
		{"GBP", "EUR"}: {DirectAfter: at("2026-02-01", "1.2")},
		{"EUR", "GBP"}: {InverseAfter: at("2026-02-01", "1.2")},
	}
	look := func(a, b string) (PairRates, error) { return book[[2]string{a, b}], nil }
	pivots := []string{"EUR", "USD", "JPY", "GBP"}
	cases := []struct {
		from, to  string
		want      string
		later, ok bool
	}{
		{"USD", "USD", "1", false, true},
		{"USD", "EUR", "9/10", false, true},
		{"EUR", "USD", "10/9", false, true},
		{"JPY", "EUR", "1/160", false, true},
		{"JPY", "USD", "1/144", false, true}, // (1/160) / 0.9 through EUR
		{"GBP", "EUR", "6/5", true, true},    // only a later rate: flagged
		{"GBP", "USD", "4/3", true, true},
		{"CHF", "EUR", "", false, false}, // no rate is never 1
	}
	for _, c := range cases {
		r, later, ok, err := CrossRate(c.from, c.to, pivots, look)
		if err != nil || ok != c.ok || later != c.later || (ok && r.Cmp(rat(c.want)) != 0) {
			t.Errorf("%s→%s = %v, later %v, ok %v; want %s, %v, %v", c.from, c.to, r, later, ok, c.want, c.later, c.ok)
		}
	}
}

func TestRateInputValidate(t *testing.T) {
	known := func(c string) bool { return c == "EUR" || c == "USD" }
	in := RateInput{Currency: " usd", Quote: "EUR", Date: "2026-01-01", Rate: "0.9200"}
	if _, err := in.Validate(known); err != nil || in.Rate != "0.92" || in.Currency != "USD" {
		t.Fatalf("%v %+v", err, in)
	}
	for _, bad := range []RateInput{
		{Currency: "XXX", Quote: "EUR", Date: "2026-01-01", Rate: "1"},
		{Currency: "USD", Quote: "USD", Date: "2026-01-01", Rate: "1"},
		{Currency: "USD", Quote: "EUR", Date: "1800-01-01", Rate: "1"},
		{Currency: "USD", Quote: "EUR", Date: "2026-01-01", Rate: "0"},
		{Currency: "USD", Quote: "EUR", Date: "2026-01-01", Rate: "-1"},
		{Currency: "USD", Quote: "EUR", Date: "2026-01-01"},
	} {
		if _, err := bad.Validate(known); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}
