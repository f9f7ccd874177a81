package money_test

import (
	"testing"

	"cashcontrol/internal/money"
)

func TestExponents(t *testing.T) {
	tbl := money.NewTable()
	for code, want := range map[string]int{"EUR": 2, "USD": 2, "JPY": 0, "BHD": 3, "KWD": 3, "CLF": 4, "KRW": 0} {
		c, ok := tbl.Lookup(code)
		if !ok || c.Exponent != want {
			t.Errorf("%s: got %+v ok=%v, want exponent %d", code, c, ok, want)
		}
	}
	if tbl.Known("XXX") || tbl.Known("eur") {
		t.Error("unknown or lower-case codes must not be known")
	}
	all := tbl.All()
	if len(all) < 150 {
		t.Fatalf("only %d currencies", len(all))
	}
	for i := 1; i < len(all); i++ {
		if all[i-1].Code >= all[i].Code {
			t.Fatalf("not sorted or duplicated at %s", all[i].Code)
		}
	}
}

func TestFormatDecimal(t *testing.T) {
	for _, c := range []struct {
		v    int64
		exp  int
		want string
	}{{123450, 2, "1234.50"}, {-5, 2, "-0.05"}, {0, 2, "0.00"}, {1234, 0, "1234"}, {-1, 3, "-0.001"}, {1000000000000000, 2, "10000000000000.00"}} {
		if got := money.FormatDecimal(c.v, c.exp); got != c.want {
			t.Errorf("FormatDecimal(%d, %d) = %q, want %q", c.v, c.exp, got, c.want)
		}
	}
}
