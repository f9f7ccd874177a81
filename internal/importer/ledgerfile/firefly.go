package ledgerfile

import (
	"errors"
	"io"
	"sort"
	"strings"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// Firefly III's transactions export ("Export data", a CSV file with one row
// per journal: a split transaction's journals share its group_id). Fields
// are read by their header name, as versions 5.2 to 6.5 name them:
//
//	type, date, amount, currency_code, foreign_amount, foreign_currency_code,
//	source_name, source_type, destination_name, destination_type,
//	description, category, tags (comma-separated), notes,
//	primary_currency_code (native_currency_code in 6.3 to 6.4.16)
//
// Amounts are decimals with a point; withdrawals are negative since 6.3
// (older versions wrote the journal's amount as stored), so the type and
// the accounts' types decide the direction, never the sign. Dates are ISO
// 8601 with a time and a zone; the date as written is the movement's.

// Firefly's account types that are the user's own accounts (the others,
// expense, revenue, initial balance and reconciliation accounts, are
// counterparties), and the account type each becomes. The "Cash account"
// type is Firefly's one "(cash)" account, a counterparty too: a withdrawal
// to it is cash spent, an expense (a wallet is an asset account there).
var fireflyAccountTypes = map[string]string{
	"asset account":   "bank",
	"default account": "bank",
	"credit card":     "card",
	"loan":            "loan",
	"debt":            "loan",
	"mortgage":        "loan",
}

// The columns a Firefly III transactions export always has.
var fireflyColumns = []string{"type", "date", "amount", "currency_code", "source_name", "source_type",
	"destination_name", "destination_type"}

// looksLikeFirefly tells a Firefly III transactions export by its header
// (the file's first record).
func looksLikeFirefly(header []string) bool {
	c := headerColumns(header)
	return c.has(fireflyColumns...) && c.has("journal_id")
}

// fireflyRow is one journal of the file, its text cleaned.
type fireflyRow struct {
	line                         int
	typ, date                    string
	amount, currency             string
	foreignAmount, foreignCurr   string
	src, srcType, dst, dstType   string // account names (cut) and their Firefly types (lower case)
	description, category, notes string
	tags                         []string
	srcCurrency, dstCurrency     string // the currencies each side's amount is written in
	srcAccount, dstAccount       string // the account type of each side; "" : a counterparty
}

// ReadFirefly reads Firefly III's transactions export into a snapshot:
// asset, credit card and liability accounts become accounts with
// their currency; withdrawals expenses, deposits earnings, transfers (and
// any journal between two own accounts) transfers; opening balances the
// accounts' opening balances; reconciliations expenses or earnings without
// a category. Each journal is a movement of its own (a split transaction
// gives several). Rows that cannot be read are skipped with their line.
//
// The file is read twice rather than held as rows: first for the accounts
// and the currency each is written in (the one most of its rows have),
// then for the movements, so that what stays in memory is the snapshot.
func ReadFirefly(data []byte, exponent func(code string) int) (*finance.LedgerSnapshot, error) {
	b := newLedgerBuilder(finance.SourceFirefly, exponent)
	votes := map[string]map[string]int{} // account key → currency → rows
	// The first reading's skips are the second's: they go to a scratch snapshot.
	scratch := &finance.LedgerSnapshot{}
	err := readFireflyRows(data, b, scratch, func(row *fireflyRow) {
		for _, side := range [][3]string{{row.srcAccount, row.src, row.srcCurrency}, {row.dstAccount, row.dst, row.dstCurrency}} {
			if side[0] != "" {
				key := finance.NameKey(side[1])
				if votes[key] == nil {
					votes[key] = map[string]int{}
					b.account(strings.Clone(side[1]), side[0], "")
				}
				votes[key][side[2]]++
			}
		}
	})
	if err != nil {
		return nil, err
	}
	// Each account's currency: the one most of its rows are written in.
	for i := range b.snap.Accounts {
		a := &b.snap.Accounts[i]
		for c, v := range votes[finance.NameKey(a.Name)] {
			if best := votes[finance.NameKey(a.Name)][a.Currency]; a.Currency == "" || v > best || v == best && c < a.Currency {
				a.Currency = c
			}
		}
	}
	b.expectRows(data)
	if err := readFireflyRows(data, b, b.snap, func(row *fireflyRow) { addFireflyRow(b, row) }); err != nil {
		return nil, err
	}
	sort.SliceStable(b.snap.Skipped, func(i, j int) bool { return b.snap.Skipped[i].Line < b.snap.Skipped[j].Line })
	return b.finish(), nil
}

// readFireflyRows reads the file's rows that can be movements, one by one,
// recording in snap those that cannot; the first row sets the snapshot's
// base currency when it has none.
func readFireflyRows(data []byte, b *ledgerBuilder, snap *finance.LedgerSnapshot, each func(*fireflyRow)) error {
	r, err := importer.TextReader(data)
	if err != nil {
		return err
	}
	rr := importer.NewRecordReader(r, ',')
	header, _, err := rr.Read()
	switch {
	case err == io.EOF:
		return badFile("The file is empty.")
	case err != nil && !errors.Is(err, importer.ErrBrokenRecord):
		return badFile("The file cannot be read as text.")
	case err != nil || !looksLikeFirefly(header):
		return badFile("This is not a Firefly III transactions export: its first line lacks the columns %s, journal_id.",
			strings.Join(fireflyColumns, ", "))
	}
	cols := headerColumns(header)
	for n := 0; ; n++ {
		rec, line, err := rr.Read()
		if err == io.EOF {
			return nil
		}
		if n >= MaxMovements {
			return tooManyMovements()
		}
		if errors.Is(err, importer.ErrBrokenRecord) {
			snap.Skip(line, finance.SkipRow, "the row's quotes do not close")
			continue
		}
		if err != nil {
			return badFile("The file cannot be read as text.")
		}
		if b.snap.BaseCurrency == "" {
			b.snap.BaseCurrency = strings.Clone(currencyCode(cols.get(rec, "primary_currency_code", "native_currency_code")))
		}
		if row, ok := readFireflyRow(snap, cols, rec, line); ok {
			each(&row)
		}
	}
}

// readFireflyRow reads a record's fields and which sides are own accounts;
// false (with the row skipped) when it cannot be a movement.
func readFireflyRow(snap *finance.LedgerSnapshot, cols columns, rec []string, line int) (fireflyRow, bool) {
	get := func(name string) string { return importer.Clean(strings.TrimSpace(cols.get(rec, name))) }
	row := fireflyRow{line: line, typ: strings.ToLower(get("type")), date: get("date"),
		amount: get("amount"), currency: currencyCode(get("currency_code")),
		foreignAmount: get("foreign_amount"), foreignCurr: currencyCode(get("foreign_currency_code")),
		src: importer.Cut(get("source_name"), finance.MaxAccountName), srcType: strings.ToLower(get("source_type")),
		dst: importer.Cut(get("destination_name"), finance.MaxAccountName), dstType: strings.ToLower(get("destination_type")),
		description: get("description"), category: get("category"), notes: cols.get(rec, "notes")}
	row.srcAccount, row.dstAccount = fireflyAccountTypes[row.srcType], fireflyAccountTypes[row.dstType]
	if row.src == "" {
		row.srcAccount = ""
	}
	if row.dst == "" || finance.NameKey(row.dst) == finance.NameKey(row.src) {
		row.dstAccount = ""
	}
	switch row.typ {
	case "withdrawal", "deposit", "transfer", "reconciliation", "opening balance", "liability credit":
	default:
		snap.Skip(line, finance.SkipType, "the type %q is not one Firefly III exports", importer.Cut(get("type"), 40))
		return row, false
	}
	if len(row.date) < 10 || !finance.ValidDate(row.date[:10]) {
		snap.Skip(line, finance.SkipDate, "the date %q is not a date", importer.Cut(row.date, 40))
		return row, false
	}
	row.date = row.date[:10]
	if row.currency == "" {
		snap.Skip(line, finance.SkipCurrency, "the row has no currency")
		return row, false
	}
	if row.srcAccount == "" && row.dstAccount == "" {
		snap.Skip(line, finance.SkipAccount, "neither %q nor %q is an asset account or a liability", row.src, row.dst)
		return row, false
	}
	if tags := get("tags"); tags != "" {
		row.tags = snapshotTags(strings.Split(tags, ","))
	}
	// The source's amount is in the journal's currency; the destination's
	// too, but in a transfer with a foreign amount, which is what the
	// destination receives.
	row.srcCurrency, row.dstCurrency = row.currency, row.currency
	if row.srcAccount != "" && row.dstAccount != "" && row.foreignCurr != "" && row.foreignAmount != "" {
		row.dstCurrency = row.foreignCurr
	}
	return row, true
}

// sideAmount is a row's amount in an account's currency (positive): the
// amount, or the foreign amount when that is the account's currency.
func (b *ledgerBuilder) sideAmount(row *fireflyRow, a *finance.SnapshotAccount) (int64, bool) {
	s, code := row.amount, row.currency
	if a.Currency != row.currency {
		if a.Currency != row.foreignCurr || row.foreignAmount == "" {
			b.snap.Skip(row.line, finance.SkipCurrency, "the amount is in %s but the account %q is in %s", row.currency, a.Name, a.Currency)
			return 0, false
		}
		s, code = row.foreignAmount, row.foreignCurr
	}
	v, err := b.amount(s, code)
	if err != nil {
		b.snap.Skip(row.line, finance.SkipAmount, "%s", amountReason(s, code, err))
		return 0, false
	}
	return max(v, -v), true
}

// addFireflyRow turns a read row into a movement or an opening balance.
func addFireflyRow(b *ledgerBuilder, row *fireflyRow) {
	var src, dst *finance.SnapshotAccount
	if row.srcAccount != "" {
		src = b.findAccount(row.src)
	}
	if row.dstAccount != "" {
		dst = b.findAccount(row.dst)
	}
	var amount, toAmount int64
	var ok bool
	if src != nil {
		if amount, ok = b.sideAmount(row, src); !ok {
			return
		}
	}
	if dst != nil {
		if toAmount, ok = b.sideAmount(row, dst); !ok {
			return
		}
	}
	if row.typ == "opening balance" || row.typ == "liability credit" {
		if src != nil {
			src.OpeningBalance -= amount
		}
		if dst != nil {
			dst.OpeningBalance += toAmount
		}
		return
	}
	d := finance.MovementDraft{Date: row.date, Amount: amount, Tags: row.tags,
		Description: importer.Cut(row.description, finance.MaxDescription), Notes: importer.Cut(row.notes, finance.MaxNotes)}
	counterparty := ""
	categoryType := ""
	switch {
	case src != nil && dst != nil:
		d.Type, d.AccountID, d.ToAccountID = finance.MovementTransfer, src.ID, dst.ID
		if dst.Currency != src.Currency || toAmount != amount {
			d.ToAmount = toAmount
		}
	case src != nil:
		d.Type, d.AccountID, counterparty, categoryType = finance.MovementExpense, src.ID, row.dst, finance.MovementExpense
	default:
		d.Type, d.AccountID, d.Amount, counterparty, categoryType = finance.MovementEarning, dst.ID, toAmount, row.src, finance.MovementEarning
	}
	if d.Amount == 0 {
		b.snap.Skip(row.line, finance.SkipAmount, "the amount is zero")
		return
	}
	if d.Description == "" {
		d.Description = importer.Cut(counterparty, finance.MaxDescription)
	}
	if categoryType != "" && row.typ != "reconciliation" {
		d.CategoryID = b.category("", row.category, categoryType)
	}
	b.add(d)
}
