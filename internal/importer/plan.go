package importer

import "cashcontrol/internal/finance"

// Fallback names the categories of the rows whose file names none: Expense
// for money out, Earning for money in (finance.ImportFallback gives them in
// the user's language).
type Fallback struct{ Expense, Earning string }

// Existing is what an account already holds in the period of a file: how
// many movements share each finance.DuplicateKey (a multiset: two equal
// movements make two equal rows duplicates, not three), and the bank
// transaction ids (OFX FITID) seen. Matching rows uses Keys up.
type Existing struct {
	Keys   map[string]int
	FITIDs map[string]bool
}

// MaxPlanRows rows of a plan are kept for the preview; all are imported.
const MaxPlanRows = 50

// Plan is what importing a file will do.
type Plan struct {
	From, To      string                // period of the good rows (YYYY-MM-DD); "" without rows
	Rows          []finance.ImportRow   // the first MaxPlanRows good rows
	NewCategories []finance.NewCategory // categories the rows name that the ledger lacks, in file order
	Duplicates    int                   // rows the account holds already (after matching)
	Drafts        []finance.ImportDraft // only when kept: the rows to write, duplicates left out by Match
}

// Planner turns the good rows of a file into a Plan without holding the
// rows unless asked to, so that a preview of a large file holds the file
// once and not its rows. A plan takes two steps:
//
//  1. Read is given each good row of a first reading (it is an Emit): it
//     notes the period, the preview rows and the new categories, and with
//     keep the drafts to write.
//  2. The caller loads Existing for the period (Plan().From to Plan().To) and
//     marks the duplicates: of the kept drafts with Match, or of a second
//     reading of the file whose rows go to the Emit that Recheck returns.
//
// A row's type is its sign (expense when negative, earning else) and its
// amount the absolute value; its category is the one the file names or the
// fallback of its type. Names are compared by finance.NameKey, as the store
// does when it creates them. A row is a duplicate when its FITID is among
// the existing ones, or else when an existing movement with its
// finance.DuplicateKey is left over (each existing movement matches one row).
type Planner struct {
	plan      Plan
	fallback  Fallback
	accountID int64
	keep      bool
	known     map[string]bool // type|NameKey of the categories that exist or will
	existing  Existing
	matched   int // rows matched against existing so far, in file order
}

// NewPlanner starts the plan of an import into an account whose ledger has
// the given categories; with keep, the rows are kept as drafts.
func NewPlanner(categories []finance.Category, fallback Fallback, accountID int64, keep bool) *Planner {
	p := &Planner{fallback: fallback, accountID: accountID, keep: keep, known: make(map[string]bool, len(categories)),
		plan: Plan{Rows: []finance.ImportRow{}, NewCategories: []finance.NewCategory{}}}
	for _, c := range categories {
		p.known[categoryKey(c.Type, c.Name)] = true
	}
	return p
}

func categoryKey(typ, name string) string { return typ + "|" + finance.NameKey(name) }

// Plan returns the plan as far as it goes.
func (p *Planner) Plan() *Plan { return &p.plan }

// classify gives a row's movement type, its positive amount and its category.
func (p *Planner) classify(d Draft) (typ string, amount int64, category string) {
	typ, amount, category = finance.MovementEarning, d.Amount, d.Category
	if amount < 0 {
		typ, amount = finance.MovementExpense, -amount
	}
	if category == "" {
		category = p.fallback.Earning
		if typ == finance.MovementExpense {
			category = p.fallback.Expense
		}
	}
	return typ, amount, category
}

// Read takes one good row of the first reading.
func (p *Planner) Read(d Draft) {
	pl := &p.plan
	if pl.From == "" || d.Date < pl.From {
		pl.From = d.Date
	}
	pl.To = max(pl.To, d.Date)
	typ, amount, category := p.classify(d)
	if k := categoryKey(typ, category); !p.known[k] {
		p.known[k] = true
		pl.NewCategories = append(pl.NewCategories, finance.NewCategory{Type: typ, Name: category})
	}
	if len(pl.Rows) < MaxPlanRows {
		pl.Rows = append(pl.Rows, finance.ImportRow{Line: d.Line, Date: d.Date, Amount: d.Amount, Description: d.Description, Category: category})
	}
	if p.keep {
		pl.Drafts = append(pl.Drafts, finance.ImportDraft{CategoryName: category, MovementDraft: finance.MovementDraft{
			Type: typ, Date: d.Date, Amount: amount, AccountID: p.accountID, Description: d.Description, Notes: d.Notes, FITID: d.FITID}})
	}
}

// Match leaves out of the kept drafts those that exist already.
func (p *Planner) Match(existing Existing) {
	p.existing = existing
	kept := p.plan.Drafts[:0]
	for _, d := range p.plan.Drafts {
		if !p.duplicate(d.Type, d.Amount, d.Date, d.Description, d.FITID) {
			kept = append(kept, d)
		}
	}
	p.plan.Drafts = kept
}

// Recheck returns the Emit of a second reading of the file (the same rows
// in the same order) that marks the duplicates without keeping the rows.
func (p *Planner) Recheck(existing Existing) Emit {
	p.existing = existing
	return func(d Draft) {
		typ, amount, _ := p.classify(d)
		p.duplicate(typ, amount, d.Date, d.Description, d.FITID)
	}
}

// duplicate tells whether the next row exists already, and counts and marks it.
func (p *Planner) duplicate(typ string, amount int64, date, description, fitid string) bool {
	dup := fitid != "" && p.existing.FITIDs[fitid]
	if !dup {
		key := finance.DuplicateKey(date, typ, amount, description)
		if p.existing.Keys[key] > 0 {
			p.existing.Keys[key]--
			dup = true
		}
	}
	if p.matched < len(p.plan.Rows) {
		p.plan.Rows[p.matched].Duplicate = dup
	}
	p.matched++
	if dup {
		p.plan.Duplicates++
	}
	return dup
}
