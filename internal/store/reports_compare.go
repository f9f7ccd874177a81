package store

import (
	"context"
	"slices"
	"sort"

	"cashcontrol/internal/finance"
)

func changeBP(cur, prev int64) *int64 {
	if prev == 0 {
		return nil
	}
	d := cur - prev
	bp := (d*10000*2 + sign(d)*abs(prev)) / (2 * abs(prev))
	return &bp
}

func sign(v int64) int64 {
	if v < 0 {
		return -1
	}
	return 1
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// ReportCompare sets this period's category totals against the previous
// period's, per currency.
func (db *DB) ReportCompare(ctx context.Context, ledgerID int64, cur, prev finance.ReportFilter, typ string) ([]finance.CurrencyComparison, error) {
	items, _, err := db.Compare(ctx, ledgerID, cur, prev, typ)
	return items, err
}

// ConvertedCompare is ReportCompare with every currency in the base one.
func (db *DB) ConvertedCompare(ctx context.Context, ledgerID int64, cur, prev finance.ReportFilter, typ string) (finance.CurrencyComparison, error) {
	_, conv, err := db.Compare(ctx, ledgerID, cur, prev, typ)
	return conv, err
}

// Compare is ReportCompare and ConvertedCompare from one read of each period.
func (db *DB) Compare(ctx context.Context, ledgerID int64, cur, prev finance.ReportFilter, typ string) ([]finance.CurrencyComparison, finance.CurrencyComparison, error) {
	now, nowConv, err := db.Categories(ctx, ledgerID, cur, typ)
	if err != nil {
		return nil, finance.CurrencyComparison{}, err
	}
	before, beforeConv, err := db.Categories(ctx, ledgerID, prev, typ)
	if err != nil {
		return nil, finance.CurrencyComparison{}, err
	}
	conv := finance.CurrencyComparison{Currency: nowConv.Currency, Categories: []finance.CategoryChange{}}
	if list := compare([]finance.CurrencyCategories{nowConv}, []finance.CurrencyCategories{beforeConv}); len(list) > 0 {
		conv = list[0]
	}
	conv.Incomplete = slices.Compact(slices.Sorted(slices.Values(append(nowConv.Incomplete, beforeConv.Incomplete...))))
	return compare(now, before), conv, nil
}

// compare sets two periods' category totals against each other, per currency.
func compare(now, before []finance.CurrencyCategories) []finance.CurrencyComparison {
	type key struct {
		currency string
		id       int64
	}
	changes := map[key]*finance.CategoryChange{}
	totals := map[string]*finance.CurrencyComparison{}
	add := func(list []finance.CurrencyCategories, current bool) {
		for _, cc := range list {
			t := totals[cc.Currency]
			if t == nil {
				t = &finance.CurrencyComparison{Currency: cc.Currency, Categories: []finance.CategoryChange{}}
				totals[cc.Currency] = t
			}
			for _, c := range cc.Categories {
				ch := changes[key{cc.Currency, c.CategoryID}]
				if ch == nil {
					ch = &finance.CategoryChange{CategoryID: c.CategoryID, Name: c.Name, Color: c.Color, Icon: c.Icon}
					changes[key{cc.Currency, c.CategoryID}] = ch
				}
				if current {
					ch.Current, t.Current = c.Total, t.Current+c.Total
				} else {
					ch.Previous, t.Previous = c.Total, t.Previous+c.Total
				}
			}
		}
	}
	add(now, true)
	add(before, false)
	for k, ch := range changes {
		ch.Change = ch.Current - ch.Previous
		ch.ChangeBP = changeBP(ch.Current, ch.Previous)
		totals[k.currency].Categories = append(totals[k.currency].Categories, *ch)
	}
	out := []finance.CurrencyComparison{}
	for _, t := range totals {
		t.Change = t.Current - t.Previous
		t.ChangeBP = changeBP(t.Current, t.Previous)
		sort.Slice(t.Categories, func(i, j int) bool {
			if t.Categories[i].Current != t.Categories[j].Current {
				return t.Categories[i].Current > t.Categories[j].Current
			}
			return t.Categories[i].CategoryID < t.Categories[j].CategoryID
		})
		out = append(out, *t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Currency < out[j].Currency })
	return out
}

// FirstMovementDate is the ledger's oldest movement date ("" when none).
func (db *DB) FirstMovementDate(ctx context.Context, ledgerID int64) (string, error) {
	var d *string
	if err := db.QueryRow(ctx, `SELECT MIN(date) FROM movements WHERE ledger_id = ?`, ledgerID).Scan(&d); err != nil {
		return "", err
	}
	if d == nil {
		return "", nil
	}
	return *d, nil
}
