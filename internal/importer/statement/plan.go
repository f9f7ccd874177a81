package statement

import (
	"cmp"
	"strings"

	"cashcontrol/internal/finance"
)

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
// amount the absolute value; its category is the one Enrich gives, or the
// one the file names, or the fallback of its type. Names are compared by finance.NameKey, as the store
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
	enrich    Enrich
	// byDate and dupByDate sum the signed amounts of the good rows, and of
	// the duplicates among them, by date: what the import adds to the
	// account up to a day (AddedUpTo). A file has a few hundred dates.
	byDate, dupByDate map[string]int64
}

// NewPlanner starts the plan of an import into an account whose ledger has
// the given categories.
func NewPlanner(categories []finance.Category, fallback Fallback, accountID int64) *Planner {
	p := &Planner{fallback: fallback, accountID: accountID, known: make(map[string]bool, len(categories)), used: map[string]bool{},
		byDate: map[string]int64{}, dupByDate: map[string]int64{},
		plan: Plan{Rows: []finance.ImportRow{}, NewCategories: []finance.NewCategory{}, Categories: []finance.NewCategory{}}}
	names := make(map[int64]string, len(categories))
	for _, c := range categories {
		names[c.ID] = c.Name
	}
	for _, c := range categories {
		p.known[categoryKey(c.Type, c.Name)] = true
		if c.ParentID != nil {
			p.known[categoryKey(c.Type, finance.CategoryPath(names[*c.ParentID], c.Name))] = true
		}
	}
	return p
}

func categoryKey(typ, name string) string { return typ + "|" + finance.NameKey(name) }

// Plan returns the plan as far as it goes.
func (p *Planner) Plan() *Plan { return &p.plan }

// Enrich may change a row's movement before it is planned: the ledger's
// rules and its category suggestions. It gets the movement as the file gives
// it (CategoryName is the file's category, "" when it names none; CategoryID
// is 0) and tells what it did for the preview. A row that still has no
// category afterwards goes to the fallback of its type. It must give the
// same answer for the same row on every reading of the file.
type Enrich func(d *finance.ImportDraft) finance.ImportChanges

// SetEnrich makes every reading of the file enrich its rows.
func (p *Planner) SetEnrich(e Enrich) { p.enrich = e }

// draft turns a row into the movement to store: its type is its sign,
// its amount the absolute value, then Enrich, then the fallback category.
func (p *Planner) draft(r Draft) (finance.ImportDraft, finance.ImportChanges) {
	typ, amount := finance.MovementEarning, r.Amount
	if amount < 0 {
		typ, amount = finance.MovementExpense, -amount
	}
	d := finance.ImportDraft{CategoryName: r.Category, MovementDraft: finance.MovementDraft{
		Type: typ, Date: r.Date, Amount: amount, AccountID: p.accountID, Description: r.Description, Notes: r.Notes, FITID: r.FITID}}
	if len(r.Lines) > 0 {
		// A split movement: a line a row, each in its category (or the
		// fallback of the type).
		d.CategoryName = ""
		d.Splits = make([]finance.Split, len(r.Lines))
		d.SplitCategoryNames = make([]string, len(r.Lines))
		for i, l := range r.Lines {
			d.Splits[i] = finance.Split{Amount: abs(l.Amount), Note: l.Note}
			d.SplitCategoryNames[i] = cmp.Or(l.Category, p.fallbackOf(typ))
		}
	}
	var ch finance.ImportChanges
	if p.enrich != nil {
		ch = p.enrich(&d)
	}
	if d.CategoryID == 0 && d.CategoryName == "" && len(d.Splits) == 0 {
		d.CategoryName = p.fallbackOf(typ)
	}
	if d.CategoryID != 0 {
		d.CategoryName = ""
	}
	return d, ch
}

// fallbackOf is the category of the rows of a type whose file names none.
func (p *Planner) fallbackOf(typ string) string {
	if typ == finance.MovementExpense {
		return p.fallback.Expense
	}
	return p.fallback.Earning
}

// Read takes one good row of the first reading.
func (p *Planner) Read(r Draft) {
	pl := &p.plan
	if pl.From == "" || r.Date < pl.From {
		pl.From = r.Date
	}
	pl.To = max(pl.To, r.Date)
	p.byDate[r.Date] += r.Amount
	d, ch := p.draft(r)
	names := d.SplitCategoryNames
	if d.CategoryID == 0 && len(d.Splits) == 0 {
		names = []string{d.CategoryName}
	}
	for _, name := range names {
		k := categoryKey(d.Type, name)
		if !p.used[k] {
			p.used[k] = true
			pl.Categories = append(pl.Categories, finance.NewCategory{Type: d.Type, Name: name})
		}
		if !p.known[k] {
			p.known[k] = true
			pl.NewCategories = append(pl.NewCategories, finance.NewCategory{Type: d.Type, Name: name})
		}
	}
	if len(pl.Rows) < MaxPlanRows {
		category := d.CategoryName
		if ch.Category != "" {
			category = ch.Category
		}
		if len(d.Splits) > 0 {
			category = strings.Join(d.SplitCategoryNames, " + ")
		}
		pl.Rows = append(pl.Rows, finance.ImportRow{Line: r.Line, Date: r.Date, Amount: r.Amount, Description: d.Description,
			Category: category, ImportChanges: ch})
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
		d, _ = p.draft(r)
		if p.duplicate(d.Type, d.Amount, d.Date, d.Description, d.FITID) {
			return
		}
		write(&d)
	}
}

// Recheck returns the Emit of a second reading of the file (the same rows
// in the same order) that marks the duplicates without keeping the rows.
func (p *Planner) Recheck(existing Existing) Emit {
	p.again(existing)
	return func(r Draft) {
		d, _ := p.draft(r)
		p.duplicate(d.Type, d.Amount, d.Date, d.Description, d.FITID)
	}
}

// again starts a second reading (a commit's transaction that runs again
// reads the file again): duplicates are counted afresh.
func (p *Planner) again(existing Existing) {
	p.existing, p.matched, p.plan.Duplicates = existing, 0, 0
	clear(p.dupByDate)
}

// AddedUpTo is what the import adds to the account's balance up to a day
// (YYYY-MM-DD), that day included: the good rows that are not duplicates
// (as far as the last reading marked them).
func (p *Planner) AddedUpTo(day string) int64 {
	var sum int64
	for date, amount := range p.byDate {
		if date <= day {
			sum += amount - p.dupByDate[date]
		}
	}
	return sum
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
		signed := amount
		if typ == finance.MovementExpense {
			signed = -amount
		}
		p.dupByDate[date] += signed
	}
	return dup
}
