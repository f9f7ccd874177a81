package ledgerfile

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strings"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// What the readers of other apps' exports (firefly.go, ezbookkeeping.go)
// share: a builder that names accounts and categories once and gives them
// local ids, exact amounts in a currency's minor units, tags fit to store,
// and columns found by their header name.

// ledgerBuilder builds a LedgerSnapshot row by row.
type ledgerBuilder struct {
	snap       *finance.LedgerSnapshot
	exponent   func(code string) int
	accounts   map[string]int // name key → index in snap.Accounts
	categories map[string]int64
	dates      map[string]string // each date once (a movement's is not a piece of its row)
}

func newLedgerBuilder(source string, exponent func(code string) int) *ledgerBuilder {
	return &ledgerBuilder{snap: &finance.LedgerSnapshot{Source: source}, exponent: exponent,
		accounts: map[string]int{}, categories: map[string]int64{}, dates: map[string]string{}}
}

// account returns the account of that name (case aside), created with the
// type and currency on first use; name is already cut.
func (b *ledgerBuilder) account(name, typ, currency string) *finance.SnapshotAccount {
	key := finance.NameKey(name)
	if i, ok := b.accounts[key]; ok {
		return &b.snap.Accounts[i]
	}
	b.accounts[key] = len(b.snap.Accounts)
	b.snap.Accounts = append(b.snap.Accounts, finance.SnapshotAccount{
		ID: int64(len(b.snap.Accounts) + 1), Name: strings.Clone(name), Type: typ, Currency: strings.Clone(currency)})
	return &b.snap.Accounts[len(b.snap.Accounts)-1]
}

// findAccount returns the account of that name, or nil.
func (b *ledgerBuilder) findAccount(name string) *finance.SnapshotAccount {
	if i, ok := b.accounts[finance.NameKey(name)]; ok {
		return &b.snap.Accounts[i]
	}
	return nil
}

// category returns the id of the category name of type typ (expense or
// earning) under parent ("" : top-level), creating both on first use; 0
// when name and parent are empty. A child without its parent's name is
// top-level.
func (b *ledgerBuilder) category(parent, name, typ string) int64 {
	parent, name = importer.Cut(parent, finance.MaxCategoryName), importer.Cut(name, finance.MaxCategoryName)
	if name == "" {
		name, parent = parent, ""
	}
	if name == "" {
		return 0
	}
	parentID := int64(0)
	if parent != "" {
		parentID = b.category("", parent, typ)
	}
	key := typ + "\x00" + finance.NameKey(parent) + "\x00" + finance.NameKey(name)
	if id, ok := b.categories[key]; ok {
		return id
	}
	id := int64(len(b.snap.Categories) + 1)
	b.categories[key] = id
	b.snap.Categories = append(b.snap.Categories, finance.SnapshotCategory{ID: id, ParentID: parentID, Name: strings.Clone(name), Type: typ})
	return id
}

// expectRows makes room for a movement per line of data (a line holds at
// most one): the movements' array is made once, not grown by copies, each
// of which held the old array and the new one at once.
func (b *ledgerBuilder) expectRows(data []byte) {
	n := min(bytes.Count(data, []byte{'\n'})+1, MaxMovements)
	b.snap.Movements = make([]finance.SnapshotMovement, 0, n)
}

// add appends a movement with the next local id. Its text is copied out
// of the row it was read from, so that the file's rows are not kept
// alive by the snapshot (a date is kept once for all its movements).
func (b *ledgerBuilder) add(d finance.MovementDraft) {
	date, ok := b.dates[d.Date]
	if !ok {
		date = strings.Clone(d.Date)
		b.dates[date] = date
	}
	d.Date, d.Description, d.Notes, d.FITID = date, strings.Clone(d.Description), strings.Clone(d.Notes), strings.Clone(d.FITID)
	for i, t := range d.Tags {
		d.Tags[i] = strings.Clone(t)
	}
	b.snap.Movements = append(b.snap.Movements, finance.SnapshotMovement{ID: int64(len(b.snap.Movements) + 1), Draft: d})
}

// finish sets the base currency, when the file gave none, to the most used
// currency of the accounts that are not loans (by their movements, then by
// how many accounts have it, then by code), and returns the snapshot.
func (b *ledgerBuilder) finish() *finance.LedgerSnapshot {
	s := b.snap
	if s.BaseCurrency != "" {
		return s
	}
	asset := map[int64]string{}
	accounts, uses := map[string]int{}, map[string]int{}
	for _, a := range s.Accounts {
		if a.Type != "loan" && a.Currency != "" {
			asset[a.ID] = a.Currency
			accounts[a.Currency]++
		}
	}
	for _, m := range s.Movements {
		for _, id := range []int64{m.Draft.AccountID, m.Draft.ToAccountID} {
			if c, ok := asset[id]; ok {
				uses[c]++
			}
		}
	}
	codes := make([]string, 0, len(accounts))
	for c := range accounts {
		codes = append(codes, c)
	}
	sort.Slice(codes, func(i, j int) bool {
		a, c := codes[i], codes[j]
		if uses[a] != uses[c] {
			return uses[a] > uses[c]
		}
		if accounts[a] != accounts[c] {
			return accounts[a] > accounts[c]
		}
		return a < c
	})
	if len(codes) > 0 {
		s.BaseCurrency = codes[0]
	}
	return s
}

var errUnknownCurrency = errors.New("importer: unknown currency")

// amount reads a decimal amount as the apps write it ("-12.50", "1000.00")
// in minor units of currency, exactly: signed, with at most the currency's
// decimals (more are refused unless they are zeros).
func (b *ledgerBuilder) amount(s, currency string) (int64, error) {
	e := b.exponent(currency)
	if e < 0 || e > finance.MaxCustomDecimals {
		return 0, errUnknownCurrency
	}
	s = strings.TrimSpace(s)
	neg := strings.HasPrefix(s, "-")
	if neg || strings.HasPrefix(s, "+") {
		s = s[1:]
	}
	v, err := importer.ParseDecimal(s, '.', e)
	if neg {
		v = -v
	}
	return v, err
}

// amountReason is why an amount was refused, for a skipped row.
func amountReason(s, currency string, err error) string {
	switch {
	case errors.Is(err, errUnknownCurrency):
		return "the currency " + currency + " is unknown"
	case errors.Is(err, importer.ErrAmountOutOfRange):
		return "the amount " + importer.Cut(s, 40) + " is out of range"
	}
	return "the amount " + importer.Cut(s, 40) + " is not an amount in " + currency
}

// currencyCode is a currency code as the apps write it, upper case; "" when
// it is not one (2 to 10 letters or digits, as custom currencies may be).
func currencyCode(s string) string {
	s = strings.ToUpper(strings.TrimSpace(s))
	if len(s) < 2 || len(s) > 10 {
		return ""
	}
	for i := 0; i < len(s); i++ {
		if (s[i] < 'A' || s[i] > 'Z') && (s[i] < '0' || s[i] > '9') {
			return ""
		}
	}
	return s
}

// snapshotTags makes a file's tags fit to store: trimmed, cut to
// finance.MaxTagLen, without the characters a tag may not hold, lower case
// and without repeats (finance.NormalizeTags), at most finance.MaxTags.
func snapshotTags(raw []string) []string {
	tags := make([]string, 0, len(raw))
	for _, t := range raw {
		t = strings.Map(func(r rune) rune {
			if r == ',' {
				return ' '
			}
			return r
		}, t)
		tags = append(tags, importer.Cut(t, finance.MaxTagLen))
	}
	tags = finance.NormalizeTags(tags)
	if len(tags) > finance.MaxTags {
		tags = tags[:finance.MaxTags]
	}
	if len(tags) == 0 {
		return nil
	}
	return tags
}

// columns finds a file's fields by their header name (case and spaces aside).
type columns map[string]int

func headerColumns(header []string) columns {
	c := columns{}
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		if _, dup := c[h]; !dup {
			c[h] = i
		}
	}
	return c
}

// has reports whether every name is a column.
func (c columns) has(names ...string) bool {
	for _, n := range names {
		if _, ok := c[n]; !ok {
			return false
		}
	}
	return true
}

// get returns the record's field of the first of names that is a column
// ("" when none is, or the record is short).
func (c columns) get(rec []string, names ...string) string {
	for _, n := range names {
		if i, ok := c[n]; ok {
			if i < len(rec) {
				return rec[i]
			}
			return ""
		}
	}
	return ""
}

// badFile is the error of a file that is not the export expected, or is
// damaged: on the field "file".
func badFile(format string, args ...any) error {
	return finance.FieldErr("file", finance.FCodeInvalid, fmt.Sprintf(format, args...))
}
