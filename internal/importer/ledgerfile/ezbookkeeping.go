package ledgerfile

import (
	"io"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// ezBookkeeping's export, CSV or TSV: one line per transaction, fields
// separated by a comma or a tab and never quoted (ezBookkeeping writes a
// separator or line break inside a field as a space). Fields are read by
// their header name, as versions 0.1 to 1.6 name them (English, not
// translated):
//
//	Time, Timezone, Type, Category, Sub Category, Account, Account Currency,
//	Amount, Account2, Account2 Currency, Account2 Amount, Tags (separated by
//	";"), Description (Comment before 0.5)
//
// Time is "YYYY-MM-DD HH:MM:SS" (without seconds before 0.5) in the
// transaction's Timezone ("+08:00"). Amounts are decimals with a point and
// two decimals. Type is "Income", "Expense", "Transfer" or "Balance
// Modification", whose Amount is the account's balance after it (the
// account's first transaction: ezBookkeeping allows none before it). A
// transfer's Account is where the money leaves, Account2 where it arrives,
// Account2 Amount what it receives in Account2 Currency.

// The columns an ezBookkeeping export always has.
var ezColumns = []string{"time", "type", "category", "sub category", "account", "amount", "account2"}

// looksLikeEzBookkeeping tells an ezBookkeeping export by its header (the
// file's first record; a TSV header read as one field is split at its tabs).
func looksLikeEzBookkeeping(header []string) bool {
	if len(header) == 1 && strings.Contains(header[0], "\t") {
		header = strings.Split(header[0], "\t")
	}
	return headerColumns(header).has(ezColumns...)
}

// ezBalance is a Balance Modification: the account's balance at a time.
type ezBalance struct {
	line    int
	at      int64
	date    string
	account int64
	balance int64
}

// ezReader holds what ReadEzBookkeeping gathers.
type ezReader struct {
	*ledgerBuilder
	cols     columns
	at       []int64 // each movement's time (Unix seconds), by index in Movements
	balances []ezBalance
}

// ReadEzBookkeeping reads ezBookkeeping's CSV or TSV export into a
// snapshot: its accounts (bank accounts in their currency), its categories
// as a two-level tree (Category the parent, Sub Category the child, of the
// transaction's type; transfers' categories are left out), its income,
// expenses and transfers. A Balance Modification sets the account's
// opening balance when it is the account's first transaction (as
// ezBookkeeping requires); a later one becomes an expense or earning,
// without a category, of the difference from the balance before it. Rows
// that cannot be read are skipped with their line.
func ReadEzBookkeeping(data []byte, exponent func(code string) int) (*finance.LedgerSnapshot, error) {
	r, err := importer.TextReader(data)
	if err != nil {
		return nil, err
	}
	lines := importer.NewRecordReader(r, ',')
	first, err := lines.NextLine()
	for err == nil && strings.TrimSpace(first) == "" {
		first, err = lines.NextLine()
	}
	switch {
	case err == io.EOF:
		return nil, badFile("The file is empty.")
	case err != nil:
		return nil, badFile("The file cannot be read as text.")
	}
	sep := ","
	if strings.Contains(first, "\t") {
		sep = "\t"
	}
	header := strings.Split(first, sep)
	if !looksLikeEzBookkeeping(header) {
		return nil, badFile("This is not an ezBookkeeping export: its first line lacks the columns " +
			"Time, Type, Category, Sub Category, Account, Amount, Account2.")
	}
	ez := &ezReader{ledgerBuilder: newLedgerBuilder(finance.SourceEzBookkeeping, exponent), cols: headerColumns(header)}
	ez.expectRows(data)
	for n := 0; ; {
		l, err := lines.NextLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, badFile("The file cannot be read as text.")
		}
		if strings.TrimSpace(l) == "" {
			continue
		}
		if n++; n > MaxMovements {
			return nil, tooManyMovements()
		}
		ez.row(strings.Split(l, sep), lines.Line())
	}
	ez.applyBalances()
	return ez.finish(), nil
}

// field is a record's field by column name, cleaned and trimmed.
func (ez *ezReader) field(rec []string, names ...string) string {
	return strings.TrimSpace(importer.Clean(ez.cols.get(rec, names...)))
}

// side is an account named by a row, with its currency and amount.
type ezSide struct {
	name, currency string
	amount         int64
}

// readSide reads a row's account, its currency and amount (signed); false
// (with the row skipped) when one is wrong. An amount "" is 0 when
// optional.
func (ez *ezReader) readSide(rec []string, line int, name, currency, amount string, optional bool) (ezSide, bool) {
	s := ezSide{name: importer.Cut(ez.field(rec, name), finance.MaxAccountName)}
	raw := ez.field(rec, currency)
	s.currency = currencyCode(raw)
	text := ez.field(rec, amount)
	var err error
	switch {
	case s.name == "":
		ez.snap.Skip(line, finance.SkipRow, "the row has no %s", name)
	case raw != "" && s.currency == "":
		ez.snap.Skip(line, finance.SkipCurrency, "the currency %q is not a currency code", importer.Cut(raw, 20))
	case text == "" && optional:
	default:
		if s.amount, err = ez.amount(text, s.currency); err != nil {
			ez.snap.Skip(line, finance.SkipAmount, "%s", amountReason(text, s.currency, err))
		}
	}
	if s.name == "" || raw != "" && s.currency == "" || err != nil {
		return s, false
	}
	if a := ez.findAccount(s.name); a != nil && a.Currency != s.currency {
		ez.snap.Skip(line, finance.SkipCurrency, "the account %q is in %s, not %s", a.Name, a.Currency, s.currency)
		return s, false
	}
	return s, true
}

// row reads one transaction.
func (ez *ezReader) row(rec []string, line int) {
	typ := strings.ToLower(ez.field(rec, "type"))
	when := ez.field(rec, "time")
	at, ok := ezTime(when, ez.field(rec, "timezone"))
	switch {
	case !ok:
		ez.snap.Skip(line, finance.SkipDate, "the time %q is not a date and time", importer.Cut(when, 40))
		return
	case typ != "income" && typ != "expense" && typ != "transfer" && typ != "balance modification":
		ez.snap.Skip(line, finance.SkipType, "the type %q is not one ezBookkeeping exports", importer.Cut(typ, 40))
		return
	}
	from, ok := ez.readSide(rec, line, "account", "account currency", "amount", false)
	if !ok {
		return
	}
	date := when[:10]
	if typ == "balance modification" {
		a := ez.account(from.name, "bank", from.currency)
		ez.balances = append(ez.balances, ezBalance{line: line, at: at, date: date, account: a.ID, balance: from.amount})
		return
	}
	amount := max(from.amount, -from.amount)
	if amount == 0 {
		ez.snap.Skip(line, finance.SkipAmount, "the amount is zero")
		return
	}
	raw := ez.field(rec, "description", "comment")
	d := finance.MovementDraft{Date: date, Amount: amount, Description: importer.Cut(raw, finance.MaxDescription),
		Tags: snapshotTags(strings.Split(ez.field(rec, "tags"), ";"))}
	if utf8.RuneCountInString(raw) > finance.MaxDescription {
		d.Notes = importer.Cut(raw, finance.MaxNotes)
	}
	if typ == "transfer" {
		to, ok := ez.readSide(rec, line, "account2", "account2 currency", "account2 amount", true)
		switch {
		case !ok:
			return
		case finance.NameKey(to.name) == finance.NameKey(from.name):
			ez.snap.Skip(line, finance.SkipAccount, "the transfer's two accounts are the same")
			return
		case to.amount == 0 && to.currency != from.currency:
			ez.snap.Skip(line, finance.SkipTransfer, "the transfer between currencies has no Account2 Amount")
			return
		}
		d.Type, d.AccountID = finance.MovementTransfer, ez.account(from.name, "bank", from.currency).ID
		d.ToAccountID = ez.account(to.name, "bank", to.currency).ID
		if to.amount = max(to.amount, -to.amount); to.amount != amount && to.amount != 0 {
			d.ToAmount = to.amount
		}
	} else {
		d.Type = finance.MovementExpense
		if typ == "income" {
			d.Type = finance.MovementEarning
		}
		d.AccountID = ez.account(from.name, "bank", from.currency).ID
		d.CategoryID = ez.category(ez.field(rec, "category"), ez.field(rec, "sub category"), d.Type)
	}
	ez.add(d)
	ez.at = append(ez.at, at)
}

// ezTime reads a Time in its Timezone as Unix seconds; a Timezone that is
// missing or wrong is read as UTC (it only orders the rows).
func ezTime(when, zone string) (int64, bool) {
	offset := 0
	if z, err := time.Parse("-07:00", zone); err == nil {
		_, offset = z.Zone()
	}
	loc := time.FixedZone("", offset)
	for _, layout := range []string{"2006-01-02 15:04:05", "2006-01-02 15:04", finance.DateLayout} {
		if t, err := time.ParseInLocation(layout, when, loc); err == nil {
			return t.Unix(), finance.ValidDate(when[:10])
		}
	}
	return 0, false
}

// applyBalances turns the Balance Modifications into opening balances or,
// after other movements of their account, adjustments: it replays the
// movements in time order (a modification before a movement of the same
// second, as ezBookkeeping orders them).
func (ez *ezReader) applyBalances() {
	if len(ez.balances) == 0 {
		return
	}
	type event struct {
		at  int64
		mod int // index in balances, -1 for a movement
		mov int
	}
	events := make([]event, 0, len(ez.at)+len(ez.balances))
	for i, b := range ez.balances {
		events = append(events, event{at: b.at, mod: i, mov: -1})
	}
	for i, at := range ez.at {
		events = append(events, event{at: at, mod: -1, mov: i})
	}
	sort.SliceStable(events, func(i, j int) bool {
		if events[i].at != events[j].at {
			return events[i].at < events[j].at
		}
		return events[i].mod >= 0 && events[j].mod < 0
	})
	running, seen := map[int64]int64{}, map[int64]bool{}
	for _, e := range events {
		if e.mod < 0 {
			d := ez.snap.Movements[e.mov].Draft
			switch d.Type {
			case finance.MovementExpense:
				running[d.AccountID] -= d.Amount
			case finance.MovementEarning:
				running[d.AccountID] += d.Amount
			case finance.MovementTransfer:
				running[d.AccountID] -= d.Amount
				received := d.ToAmount
				if received == 0 {
					received = d.Amount
				}
				running[d.ToAccountID] += received
			}
			seen[d.AccountID], seen[d.ToAccountID] = true, true
			continue
		}
		b := ez.balances[e.mod]
		delta := b.balance - running[b.account]
		switch {
		case delta > finance.MaxAmount || delta < -finance.MaxAmount:
			ez.snap.Skip(b.line, finance.SkipAmount, "the balance modification is out of range")
			continue
		case !seen[b.account]:
			ez.snap.Accounts[b.account-1].OpeningBalance += delta
		case delta != 0:
			d := finance.MovementDraft{Type: finance.MovementEarning, Date: b.date, Amount: delta, AccountID: b.account,
				Description: "Balance modification"}
			if delta < 0 {
				d.Type, d.Amount = finance.MovementExpense, -delta
			}
			ez.add(d)
		}
		running[b.account], seen[b.account] = b.balance, true
	}
}
