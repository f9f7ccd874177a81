package finance

import (
	"cmp"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// SnapshotRules is what cleaning a snapshot needs to know of the instance:
// the currencies it knows and the user's language (for the names of the
// categories that movements without one go to).
type SnapshotRules struct {
	Known    func(code string) bool
	Language string
}

// Clean makes the snapshot one the store can write whole: names are
// trimmed, cut and made unique, unknown account types become bank, and
// every row the store would refuse — an account in an unknown currency and
// its movements, an invalid movement, a budget, schedule, rule or file whose
// references are gone — moves to Skipped with its reason. Expenses and
// earnings without a category go to the fallback category of their type
// (the bank import's), created when needed. The preview's summary is the
// cleaned snapshot's, so the preview shows what the commit writes.
func (s *LedgerSnapshot) Clean(r SnapshotRules) {
	s.Name = Truncate(strings.TrimSpace(s.Name), MaxLedgerName)
	s.BaseCurrency = strings.ToUpper(strings.TrimSpace(s.BaseCurrency))
	if s.BaseCurrency != "" && !r.Known(s.BaseCurrency) {
		s.BaseCurrency = ""
	}
	r.Known = s.cleanCurrencies(r.Known)
	accounts := s.cleanAccounts(r.Known)
	categories := s.cleanCategories()
	c := &cleaner{s: s, accounts: accounts, categories: categories, rules: r}
	c.rates()
	c.movements()
	c.budgets()
	c.schedules()
	c.rulesOf()
	c.attachments()
}

type cleaner struct {
	s           *LedgerSnapshot
	accounts    map[int64]string // id → currency ("" the base)
	categories  map[int64]string // id → type
	movementIDs map[int64]bool
	fallback    map[string]int64
	rules       SnapshotRules
}

// cleanCurrencies keeps the snapshot's valid own currencies and returns
// known with them.
func (s *LedgerSnapshot) cleanCurrencies(known func(string) bool) func(string) bool {
	own := map[string]bool{}
	kept := s.Currencies[:0]
	for _, cur := range s.Currencies {
		if err := cur.Validate(known); err != nil || own[cur.Code] {
			s.Skip(0, SkipCurrency, "currency %q: %s", cur.Code, cmp.Or(describeErr(err), "it repeats"))
			continue
		}
		own[cur.Code] = true
		kept = append(kept, cur)
	}
	s.Currencies = kept
	return func(code string) bool { return own[code] || known(code) }
}

func (c *cleaner) rates() {
	kept := c.s.Rates[:0]
	for _, r := range c.s.Rates {
		switch r.Source {
		case RateTransfer:
			continue // learnt again from its transfer
		case "":
			r.Source = RateManual
		}
		if _, err := r.Validate(c.rules.Known); err != nil || r.Quote == "" {
			c.s.Skip(0, SkipCurrency, "rate %s/%s of %s: %s", r.Currency, r.Quote, r.Date, cmp.Or(describeErr(err), "no quote currency"))
			continue
		}
		kept = append(kept, r)
	}
	c.s.Rates = kept
}

func (s *LedgerSnapshot) cleanAccounts(known func(string) bool) map[int64]string {
	out := map[int64]string{}
	seen := map[string]bool{}
	kept := s.Accounts[:0]
	for i, a := range s.Accounts {
		a.Currency = strings.ToUpper(strings.TrimSpace(a.Currency))
		switch {
		case a.ID <= 0 || hasKey(out, a.ID):
			s.Skip(0, SkipDuplicate, "account %q: its id repeats", a.Name)
			continue
		case a.Currency != "" && !known(a.Currency):
			s.Skip(0, SkipCurrency, "account %q: the currency %s is unknown here; its movements are left out", a.Name, a.Currency)
			continue
		case a.OpeningBalance > MaxAmount || a.OpeningBalance < -MaxAmount:
			s.Skip(0, SkipAmount, "account %q: the opening balance is out of range; its movements are left out", a.Name)
			continue
		}
		if !contains(AccountTypes, a.Type) {
			a.Type = "bank"
		}
		a.Name = uniqueName(seen, "", a.Name, "Account "+strconv.Itoa(i+1), MaxAccountName)
		out[a.ID] = a.Currency
		kept = append(kept, a)
	}
	s.Accounts = kept
	return out
}

func hasKey[K comparable, V any](m map[K]V, k K) bool {
	_, ok := m[k]
	return ok
}

var (
	snapshotColor = regexp.MustCompile(`^#[0-9a-f]{6}$`)
	snapshotIcon  = regexp.MustCompile(`^[a-z0-9-]{1,40}$`)
)

// Category defaults for a snapshot's categories without their own.
const (
	DefaultCategoryColor = "#868e96"
	DefaultCategoryIcon  = "dots"
)

func (s *LedgerSnapshot) cleanCategories() map[int64]string {
	// The first of each id, by value: the loop below rewrites the slice.
	byID := map[int64]SnapshotCategory{}
	for i := range s.Categories {
		c := &s.Categories[i]
		if c.Type != MovementExpense && c.Type != MovementEarning {
			c.Type = MovementExpense
		}
		if _, dup := byID[c.ID]; c.ID > 0 && !dup {
			byID[c.ID] = *c
		}
	}
	out := map[int64]string{}
	seen := map[string]bool{}
	kept := s.Categories[:0]
	for i, c := range s.Categories {
		if c.ID <= 0 || hasKey(out, c.ID) {
			s.Skip(0, SkipDuplicate, "category %q: its id repeats", c.Name)
			continue
		}
		// A parent that is missing, a subcategory or of another type: the
		// category becomes top-level.
		if p, ok := byID[c.ParentID]; c.ParentID != 0 && (!ok || p.ParentID != 0 || p.Type != c.Type || p.ID == c.ID) {
			c.ParentID = 0
		}
		// No colour or icon (or one the app does not know): the app's default.
		c.Color = strings.ToLower(strings.TrimSpace(c.Color))
		if !snapshotColor.MatchString(c.Color) {
			c.Color = ""
		}
		if !snapshotIcon.MatchString(c.Icon) {
			c.Icon = ""
		}
		scope := c.Type + "|" + strconv.FormatInt(c.ParentID, 10) + "|"
		c.Name = uniqueName(seen, scope, c.Name, "Category "+strconv.Itoa(i+1), MaxCategoryName)
		out[c.ID] = c.Type
		kept = append(kept, c)
	}
	s.Categories = kept
	// A parent dropped (its id repeated) leaves its children top-level.
	for i := range s.Categories {
		if c := &s.Categories[i]; c.ParentID != 0 && !hasKey(out, c.ParentID) {
			c.ParentID = 0
		}
	}
	return out
}

// uniqueName returns name, trimmed and cut to max characters (blank when
// empty), made unique within scope among seen (compared as NameKey) with
// " (2)", " (3)"…
func uniqueName(seen map[string]bool, scope, name, blank string, max int) string {
	name = Truncate(strings.TrimSpace(name), max)
	if name == "" {
		name = blank
	}
	try := name
	for n := 2; seen[scope+NameKey(try)]; n++ {
		suffix := " (" + strconv.Itoa(n) + ")"
		try = Truncate(name, max-len([]rune(suffix))) + suffix
	}
	seen[scope+NameKey(try)] = true
	return try
}

func (c *cleaner) currency(account int64) string {
	return c.accounts[account]
}

// categoryFor returns a category of typ for a movement: id when it is one,
// else the fallback category of typ.
func (c *cleaner) categoryFor(id int64, typ string) int64 {
	if t, ok := c.categories[id]; ok && t == typ {
		return id
	}
	if c.fallback == nil {
		c.fallback = map[string]int64{}
	}
	if f, ok := c.fallback[typ]; ok {
		return f
	}
	expense, earning := ImportFallback(c.rules.Language)
	name := expense
	if typ == MovementEarning {
		name = earning
	}
	// An existing top-level category of that name and type, or a new one.
	for _, cat := range c.s.Categories {
		if cat.ParentID == 0 && cat.Type == typ && NameKey(cat.Name) == NameKey(name) {
			c.fallback[typ] = cat.ID
			return cat.ID
		}
	}
	var next int64 = 1
	for _, cat := range c.s.Categories {
		next = max(next, cat.ID+1)
	}
	c.s.Categories = append(c.s.Categories, SnapshotCategory{ID: next, Name: name, Type: typ, Color: DefaultCategoryColor, Icon: DefaultCategoryIcon})
	c.categories[next] = typ
	c.fallback[typ] = next
	return next
}

func (c *cleaner) movements() {
	c.movementIDs = map[int64]bool{}
	kept := c.s.Movements[:0]
	for i, m := range c.s.Movements {
		d := &m.Draft
		code, why := c.movement(d)
		if m.ID != 0 && c.movementIDs[m.ID] {
			code, why = SkipDuplicate, "its id repeats"
		}
		if why != "" {
			c.s.Skip(0, code, "movement %d (%s, %s): %s", i+1, d.Date, d.Description, why)
			continue
		}
		if m.ID != 0 {
			c.movementIDs[m.ID] = true
		}
		kept = append(kept, m)
	}
	c.s.Movements = kept
}

// movement fixes what it can of a movement and says why it cannot be
// written ("" when it can).
func (c *cleaner) movement(d *MovementDraft) (code, why string) {
	d.Description = Truncate(strings.TrimSpace(d.Description), MaxDescription)
	d.Notes = Truncate(strings.TrimSpace(d.Notes), MaxNotes)
	d.Tags = cleanTags(d.Tags)
	d.FITID = ""
	if !hasKey(c.accounts, d.AccountID) {
		return SkipAccount, "its account is not in the file"
	}
	switch d.Type {
	case MovementTransfer:
		d.CategoryID, d.Splits = 0, nil
		if !hasKey(c.accounts, d.ToAccountID) {
			return SkipAccount, "the account it transfers to is not in the file"
		}
		if c.currency(d.AccountID) == c.currency(d.ToAccountID) {
			d.ToAmount = d.Amount
		} else if d.ToAmount == 0 {
			return SkipTransfer, "a transfer between currencies without the amount received"
		}
	case MovementExpense, MovementEarning:
		d.ToAccountID, d.ToAmount = 0, 0
		if len(d.Splits) > 0 {
			for i := range d.Splits {
				d.Splits[i].CategoryID = c.categoryFor(d.Splits[i].CategoryID, d.Type)
				d.Splits[i].Note = Truncate(strings.TrimSpace(d.Splits[i].Note), MaxSplitNote)
			}
		} else {
			d.CategoryID = c.categoryFor(d.CategoryID, d.Type)
		}
	}
	if err := d.Validate(); err != nil {
		return invalidCode(err), describeInvalid(err)
	}
	return "", ""
}

// invalidCode is the skip code of a movement's validation error: its first
// field's.
func invalidCode(err error) string {
	if fe, ok := err.(*Error); ok && len(fe.Fields) > 0 {
		switch fe.Fields[0].Field {
		case "date":
			return SkipDate
		case "amount", "toAmount", "splits.amount":
			return SkipAmount
		case "accountId", "toAccountId":
			return SkipAccount
		case "type":
			return SkipType
		}
	}
	return SkipRow
}

// describeErr is describeInvalid, "" for nil.
func describeErr(err error) string {
	if err == nil {
		return ""
	}
	return describeInvalid(err)
}

// describeInvalid names the fields a validation error lists.
func describeInvalid(err error) string {
	fe, ok := err.(*Error)
	if !ok || len(fe.Fields) == 0 {
		return err.Error()
	}
	parts := make([]string, 0, len(fe.Fields))
	for _, f := range fe.Fields {
		parts = append(parts, f.Field+" "+strings.ReplaceAll(f.Code, "_", " "))
	}
	return strings.Join(parts, ", ")
}

// cleanTags trims, drops empty and repeated tags (as NameKey), removes the
// characters a tag may not hold and keeps at most MaxTags of MaxTagLen.
func cleanTags(tags []string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, t := range tags {
		t = strings.TrimSpace(strings.Map(func(r rune) rune {
			if r == ',' || r == '\n' || r == '\t' || r == '\r' {
				return ' '
			}
			return r
		}, t))
		t = Truncate(t, MaxTagLen)
		if t == "" || seen[NameKey(t)] || len(out) == MaxTags {
			continue
		}
		seen[NameKey(t)] = true
		out = append(out, t)
	}
	return out
}

func (c *cleaner) budgets() {
	kept := c.s.Budgets[:0]
	seen := map[string]bool{}
	for _, b := range c.s.Budgets {
		key := strconv.FormatInt(b.CategoryID, 10) + "|" + b.Month
		_, ok := ParseMonth(b.Month)
		switch {
		case !ok:
			c.s.Skip(0, SkipDate, "budget for %q: the month is not YYYY-MM", b.Month)
		case b.CategoryID != OverallBudget && !hasKey(c.categories, b.CategoryID):
			c.s.Skip(0, SkipReference, "budget of %s: its category is not in the file", b.Month)
		case b.CategoryID != OverallBudget && c.categories[b.CategoryID] != MovementExpense:
			c.s.Skip(0, SkipReference, "budget of %s: only expense categories have budgets", b.Month)
		case b.Amount != nil && (*b.Amount < 0 || *b.Amount > MaxAmount):
			c.s.Skip(0, SkipAmount, "budget of %s: the amount is out of range", b.Month)
		case seen[key]:
		default:
			seen[key] = true
			kept = append(kept, b)
		}
	}
	c.s.Budgets = kept
}

func (c *cleaner) schedules() {
	kept := c.s.Schedules[:0]
	for _, sc := range c.s.Schedules {
		d := sc.Draft(sc.Start)
		_, why := c.movement(&d)
		if why == "" {
			sd := ScheduleDraft{Movement: d, Rule: sc.Rule, AskAmount: sc.AskAmount, AutoPost: sc.AutoPost, Paused: sc.Paused}
			if err := sd.Validate(); err != nil {
				why = describeInvalid(err)
			}
		}
		if why != "" {
			c.s.Skip(0, SkipReference, "schedule %q: %s", sc.Description, why)
			continue
		}
		sc.Entry = entryOf(d, sc.Entry)
		// Where it stands: the next occurrence follows from the rule.
		sc.NextIndex, sc.Done = max(sc.NextIndex, 0), max(sc.Done, 0)
		sc.NextDate = sc.Rule.Next(sc.NextIndex, sc.Done)
		if sc.LastDate != "" && !ValidDate(sc.LastDate) {
			sc.LastDate = ""
		}
		occ := sc.Occurrences[:0]
		for _, o := range sc.Occurrences {
			if !ValidDate(o.Date) || (o.Status != "posted" && o.Status != "skipped") {
				continue
			}
			if !c.movementIDs[o.MovementID] {
				o.MovementID = 0
			}
			occ = append(occ, o)
		}
		sc.Occurrences = occ
		kept = append(kept, sc)
	}
	c.s.Schedules = kept
}

// entryOf is e with the cleaned draft's fields.
func entryOf(d MovementDraft, e Entry) Entry {
	e.Type, e.Amount, e.AccountID, e.Description, e.Notes, e.Tags = d.Type, d.Amount, d.AccountID, d.Description, d.Notes, d.Tags
	e.CategoryID, e.ToAccountID, e.ToAmount = nil, nil, nil
	if d.CategoryID != 0 {
		e.CategoryID = &d.CategoryID
	}
	if d.ToAccountID != 0 {
		e.ToAccountID, e.ToAmount = &d.ToAccountID, &d.ToAmount
	}
	return e
}

func (c *cleaner) rulesOf() {
	kept := c.s.Rules[:0]
	for _, r := range c.s.Rules {
		why := ""
		for _, cond := range r.Conditions {
			if cond.Field == "account" && !hasKey(c.accounts, cond.AccountID) {
				why = "an account it tests is not in the file"
			}
		}
		if id := r.Actions.CategoryID; id != 0 && !hasKey(c.categories, id) {
			why = "the category it sets is not in the file"
		}
		if why == "" {
			if err := r.Validate(); err != nil {
				why = describeInvalid(err)
			}
		}
		if why != "" || len(kept) == MaxRules {
			c.s.Skip(0, SkipReference, "rule %q: %s", r.Name, cmp.Or(why, fmt.Sprintf("a ledger has at most %d rules", MaxRules)))
			continue
		}
		kept = append(kept, r)
	}
	c.s.Rules = kept
}

// MaxSnapshotFileBytes bounds what a ledger import's files add up to
// unpacked (an upload is 20 MB at most; receipts barely compress, so only a
// zip bomb comes near).
const MaxSnapshotFileBytes = 256 << 20

func (c *cleaner) attachments() {
	kept := c.s.Attachments[:0]
	per := map[int64]int{}
	var total int64
	for _, a := range c.s.Attachments {
		switch {
		case total+a.Size > MaxSnapshotFileBytes:
			c.s.Skip(0, SkipReference, "file %q: the files add up to more than %d MB", a.Name, MaxSnapshotFileBytes>>20)
			continue
		case !c.movementIDs[a.MovementID]:
			c.s.Skip(0, SkipReference, "file %q: its movement is not in the file", a.Name)
		case a.Open == nil:
			c.s.Skip(0, SkipReference, "file %q: it is not in the file", a.Name)
		case a.Size > MaxAttachmentBytes:
			c.s.Skip(0, SkipReference, "file %q: it is larger than a file may be", a.Name)
		case per[a.MovementID] == MaxAttachmentsPerMovement:
			c.s.Skip(0, SkipReference, "file %q: a movement keeps at most %d files", a.Name, MaxAttachmentsPerMovement)
		default:
			per[a.MovementID]++
			total += a.Size
			a.Name = Truncate(strings.TrimSpace(a.Name), MaxAttachmentName)
			kept = append(kept, a)
		}
	}
	c.s.Attachments = kept
}
