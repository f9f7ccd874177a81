package finance

import (
	"math/big"
	"slices"
	"strings"
	"unicode/utf8"
)

// Limits on split movements.
const (
	MaxSplits    = 50
	MaxSplitNote = 200
)

// Split is one line of a split expense or earning: a part of its amount in a
// category of its own. A split movement's lines add up to its amount, and
// reports, budgets, totals and the category filter count the lines, not the
// movement. BaseAmount is the line's part of the movement's amount in the
// base currency (nil without a rate): see SplitBase.
type Split struct {
	CategoryID int64  `json:"categoryId,string"`
	Amount     int64  `json:"amount"`
	Note       string `json:"note"`
	BaseAmount *int64 `json:"baseAmount"`
}

// SplitInput is a line as a request sends it.
type SplitInput struct {
	CategoryID IDInput `json:"categoryId"`
	Amount     int64   `json:"amount"`
	Note       string  `json:"note"`
}

// splitsFrom turns a request's lines into a draft's (nil: not split).
func splitsFrom(in []SplitInput) []Split {
	if len(in) == 0 {
		return nil
	}
	out := make([]Split, len(in))
	for i, s := range in {
		out[i] = Split{CategoryID: idOrInvalid(s.CategoryID), Amount: s.Amount, Note: strings.TrimSpace(s.Note)}
	}
	return out
}

// validateSplits checks a draft's lines: only expenses and earnings split,
// in two lines or more, each a positive amount in a category, adding up to
// the movement's amount; the movement itself then has no category.
func (d MovementDraft) validateSplits(v *Validation) {
	if len(d.Splits) == 0 {
		return
	}
	if d.Type != MovementExpense && d.Type != MovementEarning {
		v.Add("splits", FCodeInvalid)
		return
	}
	if d.CategoryID != 0 {
		v.Add("categoryId", FCodeMismatch)
	}
	switch {
	case len(d.Splits) < 2:
		v.Add("splits", FCodeTooShort)
		return
	case len(d.Splits) > MaxSplits:
		v.Add("splits", FCodeOutOfRange)
		return
	}
	var sum int64
	for _, s := range d.Splits {
		switch {
		case s.CategoryID == 0:
			v.Add("splits.categoryId", FCodeRequired)
		case s.CategoryID < 0:
			v.Add("splits.categoryId", FCodeInvalid)
		}
		if s.Amount <= 0 || s.Amount > MaxAmount {
			v.Add("splits.amount", FCodeOutOfRange)
		} else {
			sum += s.Amount // at most MaxSplits × MaxAmount: no overflow
		}
		if utf8.RuneCountInString(s.Note) > MaxSplitNote {
			v.Add("splits.note", FCodeTooLong)
		}
	}
	if v.Err() == nil && sum != d.Amount {
		v.Add("splits", FCodeMismatch)
	}
}

// SplitBase sets each line's amount in the base currency from the movement's
// (nil without a rate): in proportion to the line's amount, rounded down,
// with the units left over going one each to the lines with the largest
// remainders (the earlier line on a tie), so that the lines' base amounts add
// up to the movement's exactly.
func SplitBase(lines []Split, amount int64, base *int64) {
	if base == nil || amount <= 0 {
		for i := range lines {
			lines[i].BaseAmount = nil
		}
		return
	}
	total, whole := big.NewInt(amount), big.NewInt(*base)
	type rest struct {
		i int
		r *big.Int
	}
	rests := make([]rest, len(lines))
	left := *base
	for i := range lines {
		q, r := new(big.Int).QuoRem(new(big.Int).Mul(whole, big.NewInt(lines[i].Amount)), total, new(big.Int))
		v := q.Int64()
		lines[i].BaseAmount = &v
		left -= v
		rests[i] = rest{i, r}
	}
	slices.SortStableFunc(rests, func(a, b rest) int { return b.r.Cmp(a.r) })
	for k := 0; left > 0 && k < len(rests); k++ {
		*lines[rests[k].i].BaseAmount++
		left--
	}
}

// SplitCategories are the categories a movement's amount goes to: its own,
// or its lines'.
func (d *MovementDraft) SplitCategories() []int64 {
	if len(d.Splits) == 0 {
		return []int64{d.CategoryID}
	}
	out := make([]int64, len(d.Splits))
	for i, s := range d.Splits {
		out[i] = s.CategoryID
	}
	return out
}
