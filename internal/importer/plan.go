package importer

import "cashcontrol/internal/finance"

// Fallback names the categories of the rows whose file names none: Expense
// for money out, Earning for money in (finance.ImportFallback gives them in
// the user's language).
type Fallback struct{ Expense, Earning string }

// Existing is what an account already holds in the period of a file
// (finance.ImportExisting). Matching rows uses Keys up.
type Existing = finance.ImportExisting

// MaxPlanRows rows of a plan are kept for the preview; all are imported.
const MaxPlanRows = 50

// Plan is what importing a file will do.
type Plan struct {
	From, To      string                // period of the good rows (YYYY-MM-DD); "" without rows
	Rows          []finance.ImportRow   // the first MaxPlanRows good rows
	NewCategories []finance.NewCategory // categories the rows name that the ledger lacks, in file order
	Categories    []finance.NewCategory // every category the rows name (by type and name), in file order
	Duplicates    int                   // rows the account holds already (after matching)
}

// Planner turns the good rows of a file into a Plan without holding the
// rows, so that a preview or a commit of a large file holds the file once
// and not its rows. A plan takes two readings of the file:
//
//  1. Read is given each good row of the first reading (it is an Emit): it
//     notes the period, the preview rows and the categories.
//  2. The caller loads Existing for the period (Plan().From to Plan().To) and
//     reads the file again through the Emit that Recheck (a preview: marks
//     the duplicates) or Write (a commit: also hands each row to write that
//     is not a duplicate) returns.
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
	known     map[string]bool // type|NameKey of the categories that exist or will
	used      map[string]bool // type|NameKey of the categories the rows name
	existing  Existing
	matched   int // rows matched against existing so far, in file order
}

// NewPlanner starts the plan of an import into an account whose ledger has
// the given categories.
func NewPlanner(categories []finance.Category, fallback Fallback, accountID int64) *Planner {
	p := &Planner{fallback: fallback, accountID: accountID, known: make(map[string]bool, len(categories)), used: map[string]bool{},
		plan: Plan{Rows: []finance.ImportRow{}, NewCategories: []finance.NewCategory{}, Categories: []finance.NewCategory{}}}
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
	typ, _, category := p.classify(d)
	k := categoryKey(typ, category)
	if !p.used[k] {
		p.used[k] = true
		pl.Categories = append(pl.Categories, finance.NewCategory{Type: typ, Name: category})
	}
	if !p.known[k] {
		p.known[k] = true
		pl.NewCategories = append(pl.NewCategories, finance.NewCategory{Type: typ, Name: category})
	}
	if len(pl.Rows) < MaxPlanRows {
		pl.Rows = append(pl.Rows, finance.ImportRow{Line: d.Line, Date: d.Date, Amount: d.Amount, Description: d.Description, Category: category})
	}
}

// Write returns the Emit of a second reading of the file (the same rows in
// the same order) that marks the duplicates, like Recheck, and hands every
// other row to write as the movement to store. The draft is reused for the
// next row: write copies what it keeps.
func (p *Planner) Write(existing Existing, write func(*finance.ImportDraft)) Emit {
	p.again(existing)
	var d finance.ImportDraft
	return func(r Draft) {
		typ, amount, category := p.classify(r)
		if p.duplicate(typ, amount, r.Date, r.Description, r.FITID) {
			return
		}
		d = finance.ImportDraft{CategoryName: category, MovementDraft: finance.MovementDraft{
			Type: typ, Date: r.Date, Amount: amount, AccountID: p.accountID, Description: r.Description, Notes: r.Notes, FITID: r.FITID}}
		write(&d)
	}
}

// Recheck returns the Emit of a second reading of the file (the same rows
// in the same order) that marks the duplicates without keeping the rows.
func (p *Planner) Recheck(existing Existing) Emit {
	p.again(existing)
	return func(d Draft) {
		typ, amount, _ := p.classify(d)
		p.duplicate(typ, amount, d.Date, d.Description, d.FITID)
	}
}

// again starts a second reading (a commit's transaction that runs again
// reads the file again): duplicates are counted afresh.
func (p *Planner) again(existing Existing) {
	p.existing, p.matched, p.plan.Duplicates = existing, 0, 0
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
