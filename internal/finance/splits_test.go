package finance

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

func TestSplitBase(t *testing.T) {
	base := func(v int64) *int64 { return &v }
	for _, c := range []struct {
		amounts []int64
		amount  int64
		base    *int64
		want    string
	}{
		{[]int64{333, 333, 334}, 1000, base(900), "[300 300 300]"},
		{[]int64{1, 1, 1}, 3, base(100), "[34 33 33]"},                                                       // the earlier line on a tie
		{[]int64{1, 2}, 3, base(2), "[1 1]"},                                                                 // 0.67 and 1.33: the larger remainder
		{[]int64{50, 50}, 100, base(0), "[0 0]"},                                                             // nothing to share
		{[]int64{MaxAmount - 1, 1}, MaxAmount, base(2 * MaxAmount), fmt.Sprint([]int64{2*MaxAmount - 2, 2})}, // no overflow
		{[]int64{10, 20}, 30, nil, "[none none]"},
	} {
		lines := make([]Split, len(c.amounts))
		for i, a := range c.amounts {
			lines[i].Amount = a
		}
		SplitBase(lines, c.amount, c.base)
		var got []string
		for _, l := range lines {
			if l.BaseAmount == nil {
				got = append(got, "none")
			} else {
				got = append(got, fmt.Sprint(*l.BaseAmount))
			}
		}
		if s := fmt.Sprint(got); s != c.want {
			t.Errorf("%v of %d with base %v: %s, want %s", c.amounts, c.amount, c.base, s, c.want)
		}
	}
	// Random shares always add up exactly and stay within one unit of the
	// exact proportion.
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		n := 2 + rng.IntN(6)
		lines := make([]Split, n)
		var amount int64
		for i := range lines {
			lines[i].Amount = 1 + rng.Int64N(1_000_000)
			amount += lines[i].Amount
		}
		b := rng.Int64N(3_000_000)
		SplitBase(lines, amount, &b)
		var sum int64
		for _, l := range lines {
			sum += *l.BaseAmount
			// |share × amount − base × line| < amount: within one unit of the exact proportion.
			diff := new(big.Int).Sub(new(big.Int).Mul(big.NewInt(*l.BaseAmount), big.NewInt(amount)), new(big.Int).Mul(big.NewInt(b), big.NewInt(l.Amount)))
			if diff.Abs(diff).Cmp(big.NewInt(amount)) >= 0 {
				t.Fatalf("line %d of %d: %d of %d", l.Amount, amount, *l.BaseAmount, b)
			}
		}
		if sum != b {
			t.Fatalf("lines add up to %d of %d", sum, b)
		}
	}
}

func TestValidateSplits(t *testing.T) {
	line := func(cat, amount int64) Split { return Split{CategoryID: cat, Amount: amount} }
	long := make([]Split, MaxSplits+1)
	for i := range long {
		long[i] = line(1, 1)
	}
	for _, c := range []struct {
		name string
		d    MovementDraft
		want string
	}{
		{"adds up", MovementDraft{Type: MovementExpense, Splits: []Split{line(1, 60), line(2, 40)}}, "<nil>"},
		{"short", MovementDraft{Type: MovementExpense, Splits: []Split{line(1, 60), line(2, 30)}}, "splits:mismatch"},
		{"over", MovementDraft{Type: MovementEarning, Splits: []Split{line(1, 60), line(2, 50)}}, "splits:mismatch"},
		{"one line", MovementDraft{Type: MovementExpense, Splits: []Split{line(1, 100)}}, "splits:too_short"},
		{"too many", MovementDraft{Type: MovementExpense, Amount: MaxSplits + 1, Splits: long}, "splits:out_of_range"},
		{"transfer", MovementDraft{Type: MovementTransfer, ToAccountID: 2, Splits: []Split{line(1, 60), line(2, 40)}}, "splits:invalid"},
		{"no category", MovementDraft{Type: MovementExpense, Splits: []Split{line(1, 60), line(0, 40)}}, "splits.categoryId:required"},
		{"negative line", MovementDraft{Type: MovementExpense, Splits: []Split{line(1, 140), line(2, -40)}}, "splits.amount:out_of_range"},
		{"long note", MovementDraft{Type: MovementExpense, Splits: []Split{line(1, 60), {CategoryID: 2, Amount: 40, Note: string(make([]byte, MaxSplitNote+1))}}}, "splits.note:too_long"},
		{"with a category", MovementDraft{Type: MovementExpense, CategoryID: 3, Splits: []Split{line(1, 60), line(2, 40)}}, "categoryId:mismatch"},
	} {
		d := c.d
		d.Date, d.AccountID = "2026-01-01", 1
		if d.Amount == 0 {
			d.Amount = 100
		}
		got := "<nil>"
		if err := d.Validate(); err != nil {
			got = ""
			for _, f := range err.(*Error).Fields {
				got += f.Field + ":" + f.Code
			}
		}
		if got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
