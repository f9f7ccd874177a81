package ledgerfile

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// actualReader reads the tables of an Actual budget into a snapshot.
type actualReader struct {
	ctx      context.Context
	db       *sql.DB
	exponent func(string) int
	snap     *finance.LedgerSnapshot
	columns  map[string]map[string]bool // table → its columns
	baseExp  int
	accounts map[string]*actualAccount // live accounts by Actual id
	catIDs   map[string]int64          // live categories by Actual id
	catMap   map[string]string         // category_mapping: merged → kept
	payees   map[string]actualPayee
	payeeMap map[string]string // payee_mapping: merged → kept
	done     map[string]bool   // transactions already in a movement
}

type actualAccount struct {
	id   int64
	idx  int // in snap.Accounts
	name string
	exp  int
}

type actualPayee struct{ name, transferAcct string }

// actualTx is a live transaction.
type actualTx struct {
	row                       int
	id, acct, cat, payee      string
	notes, parent, transferID string
	amount, date              int64
	isParent, isChild, start  bool
	children                  []*actualTx
}

func (r *actualReader) read() error {
	if err := r.loadColumns(); err != nil {
		return err
	}
	for _, t := range []string{"accounts", "category_groups", "categories", "payees", "transactions"} {
		if r.columns[t] == nil {
			return badFile("The db.sqlite in the zip has no %s table, so it is not an Actual budget.", t)
		}
	}
	if err := r.loadCurrency(); err != nil {
		return err
	}
	for _, step := range []func() error{r.loadAccounts, r.loadCategories, r.loadPayees, r.loadTransactions, r.loadBudgets} {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

// loadColumns lists the tables (only real tables: a view of the same name
// is not read) and their columns.
func (r *actualReader) loadColumns() error {
	rows, err := r.db.QueryContext(r.ctx, `SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table'`)
	if err != nil {
		return err
	}
	defer rows.Close()
	r.columns = map[string]map[string]bool{}
	for rows.Next() {
		var table, col string
		if err := rows.Scan(&table, &col); err != nil {
			return err
		}
		if r.columns[table] == nil {
			r.columns[table] = map[string]bool{}
		}
		r.columns[table][col] = true
	}
	return rows.Err()
}

// col is a column of the table as an expression, or def when the file's
// version has no such column.
func (r *actualReader) col(table, name, def string) string {
	if !r.columns[table][name] {
		return def
	}
	if def == "''" {
		return fmt.Sprintf("COALESCE(CAST(%s AS TEXT), '')", name)
	}
	return fmt.Sprintf("CAST(COALESCE(%s, %s) AS INTEGER)", name, def)
}

// order sorts a table's rows as Actual shows them.
func (r *actualReader) order(table string) string {
	if r.columns[table]["sort_order"] {
		return "COALESCE(sort_order, 0)"
	}
	return "0"
}

// pref is a value of the preferences table ("" without it).
func (r *actualReader) pref(id string) (string, error) {
	if !r.columns["preferences"]["value"] {
		return "", nil
	}
	var v sql.NullString
	err := r.db.QueryRowContext(r.ctx, `SELECT CAST(value AS TEXT) FROM preferences WHERE id = ?`, id).Scan(&v)
	if err == sql.ErrNoRows {
		return "", nil
	}
	return strings.TrimSpace(v.String), err
}

// currencyExp is a currency's decimals (2 for "": Actual's own hundredths).
func (r *actualReader) currencyExp(code string) (int, error) {
	if code == "" || r.exponent == nil {
		return 2, nil
	}
	e := r.exponent(code)
	return e, importer.CheckExponent(e)
}

func (r *actualReader) loadCurrency() error {
	code, err := r.pref("defaultCurrencyCode")
	if err != nil {
		return err
	}
	r.snap.BaseCurrency = currencyCode(code)
	r.baseExp, err = r.currencyExp(r.snap.BaseCurrency)
	return err
}

func (r *actualReader) loadAccounts() error {
	q := fmt.Sprintf(`SELECT CAST(id AS TEXT), %s, %s, %s, %s FROM accounts WHERE %s = 0 AND id IS NOT NULL ORDER BY %s, rowid`,
		r.col("accounts", "name", "''"), r.col("accounts", "offbudget", "0"), r.col("accounts", "closed", "0"),
		r.col("accounts", "currency_code", "''"), r.col("accounts", "tombstone", "0"), r.order("accounts"))
	rows, err := r.db.QueryContext(r.ctx, q)
	if err != nil {
		return err
	}
	defer rows.Close()
	r.accounts = map[string]*actualAccount{}
	for rows.Next() {
		var id, name, currency string
		var offBudget, closed int64
		if err := rows.Scan(&id, &name, &offBudget, &closed, &currency); err != nil {
			return err
		}
		a := finance.SnapshotAccount{ID: int64(len(r.snap.Accounts) + 1), Name: importer.Cut(name, finance.MaxAccountName),
			Type: "bank", Archived: closed != 0}
		if offBudget != 0 {
			a.Type = "savings"
		}
		if a.Name == "" {
			a.Name = fmt.Sprintf("Account %d", a.ID)
		}
		if c := currencyCode(currency); c != r.snap.BaseCurrency {
			a.Currency = c
		}
		exp := r.baseExp
		if a.Currency != "" {
			if exp, err = r.currencyExp(a.Currency); err != nil {
				return err
			}
		}
		r.accounts[id] = &actualAccount{id: a.ID, idx: len(r.snap.Accounts), name: a.Name, exp: exp}
		r.snap.Accounts = append(r.snap.Accounts, a)
	}
	return rows.Err()
}

// loadCategories makes the groups parents and their categories children;
// a category whose group is gone is top-level.
func (r *actualReader) loadCategories() error {
	type group struct {
		id   int64
		typ  string
		hide bool
	}
	groups := map[string]group{}
	kind := func(income int64) string {
		if income != 0 {
			return finance.MovementEarning
		}
		return finance.MovementExpense
	}
	add := func(table string, each func(id, name, parent string, income, hidden int64)) error {
		q := fmt.Sprintf(`SELECT CAST(id AS TEXT), %s, %s, %s, %s FROM %s WHERE %s = 0 AND id IS NOT NULL ORDER BY %s, rowid`,
			r.col(table, "name", "''"), r.col(table, "cat_group", "''"), r.col(table, "is_income", "0"), r.col(table, "hidden", "0"),
			table, r.col(table, "tombstone", "0"), r.order(table))
		rows, err := r.db.QueryContext(r.ctx, q)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id, name, parent string
			var income, hidden int64
			if err := rows.Scan(&id, &name, &parent, &income, &hidden); err != nil {
				return err
			}
			each(id, name, parent, income, hidden)
		}
		return rows.Err()
	}
	next := func() int64 { return int64(len(r.snap.Categories) + 1) }
	name := func(s string, id int64) string {
		if s = importer.Cut(s, finance.MaxCategoryName); s == "" {
			s = fmt.Sprintf("Category %d", id)
		}
		return s
	}
	err := add("category_groups", func(id, n, _ string, income, hidden int64) {
		g := group{id: next(), typ: kind(income), hide: hidden != 0}
		groups[id] = g
		r.snap.Categories = append(r.snap.Categories, finance.SnapshotCategory{ID: g.id, Name: name(n, g.id), Type: g.typ, Archived: g.hide})
	})
	if err != nil {
		return err
	}
	r.catIDs = map[string]int64{}
	err = add("categories", func(id, n, parent string, income, hidden int64) {
		c := finance.SnapshotCategory{ID: next(), Type: kind(income), Archived: hidden != 0}
		if g, ok := groups[parent]; ok {
			c.ParentID, c.Type, c.Archived = g.id, g.typ, c.Archived || g.hide
		}
		c.Name = name(n, c.ID)
		r.catIDs[id] = c.ID
		r.snap.Categories = append(r.snap.Categories, c)
	})
	if err != nil {
		return err
	}
	// each group's categories together, after the groups
	children := r.snap.Categories[len(groups):]
	sort.SliceStable(children, func(i, j int) bool { return children[i].ParentID < children[j].ParentID })
	r.catMap, err = r.mapping("category_mapping", "transferId")
	return err
}

// mapping reads category_mapping or payee_mapping: what a merged row became.
func (r *actualReader) mapping(table, target string) (map[string]string, error) {
	m := map[string]string{}
	if !r.columns[table][target] {
		return m, nil
	}
	rows, err := r.db.QueryContext(r.ctx, fmt.Sprintf(`SELECT CAST(id AS TEXT), CAST(%s AS TEXT) FROM %s WHERE id IS NOT NULL AND %[1]s IS NOT NULL`, target, table))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id, to string
		if err := rows.Scan(&id, &to); err != nil {
			return nil, err
		}
		m[id] = to
	}
	return m, rows.Err()
}

// category is the local id of a transaction's or budget's category, through
// category_mapping (0: none, or a deleted one).
func (r *actualReader) category(id string) int64 {
	if to, ok := r.catMap[id]; ok {
		id = to
	}
	return r.catIDs[id]
}

func (r *actualReader) loadPayees() error {
	q := fmt.Sprintf(`SELECT CAST(id AS TEXT), %s, %s FROM payees WHERE %s = 0 AND id IS NOT NULL`,
		r.col("payees", "name", "''"), r.col("payees", "transfer_acct", "''"), r.col("payees", "tombstone", "0"))
	rows, err := r.db.QueryContext(r.ctx, q)
	if err != nil {
		return err
	}
	defer rows.Close()
	r.payees = map[string]actualPayee{}
	for rows.Next() {
		var id string
		var p actualPayee
		if err := rows.Scan(&id, &p.name, &p.transferAcct); err != nil {
			return err
		}
		r.payees[id] = p
	}
	if err := rows.Err(); err != nil {
		return err
	}
	r.payeeMap, err = r.mapping("payee_mapping", "targetId")
	return err
}

// payeeName is the name of a transaction's payee (a transfer payee's is
// its account's, as Actual shows it).
func (r *actualReader) payeeName(id string) string {
	if to, ok := r.payeeMap[id]; ok {
		id = to
	}
	p := r.payees[id]
	if a := r.accounts[p.transferAcct]; p.transferAcct != "" && a != nil {
		return a.name
	}
	return importer.Cut(p.name, finance.MaxDescription)
}

func (r *actualReader) loadBudgets() error {
	kind, err := r.pref("budgetType")
	if err != nil {
		return err
	}
	table := "zero_budgets" // envelope budgeting ("rollover" before 1745425408000)
	if kind == "tracking" || kind == "report" {
		table = "reflect_budgets"
	}
	if !r.columns[table]["month"] || !r.columns[table]["category"] || !r.columns[table]["amount"] {
		return nil
	}
	q := fmt.Sprintf(`SELECT rowid, CAST(COALESCE(month, 0) AS INTEGER), COALESCE(CAST(category AS TEXT), ''), CAST(COALESCE(amount, 0) AS INTEGER), %s
		FROM %s ORDER BY month, rowid`, r.col(table, "carryover", "0"), table)
	rows, err := r.db.QueryContext(r.ctx, q)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var row int
		var month, amount, carryover int64
		var cat string
		if err := rows.Scan(&row, &month, &cat, &amount, &carryover); err != nil {
			return err
		}
		id := r.category(cat)
		v, ok := hundredths(amount, r.baseExp)
		switch {
		case v == 0 && ok || id == 0:
			continue // nothing budgeted, or the category was deleted
		case month/100 < 1900 || month/100 >= 2200 || month%100 < 1 || month%100 > 12:
			r.snap.Skip(row, finance.SkipDate, "The budget of %s has an invalid month (%d).", table, month)
		case !ok || v < 0:
			r.snap.Skip(row, finance.SkipAmount, "The budget of %d-%02d is negative or too large.", month/100, month%100)
		default:
			r.snap.Budgets = append(r.snap.Budgets, finance.SnapshotBudget{CategoryID: id,
				Month: fmt.Sprintf("%04d-%02d", month/100, month%100), Amount: &v, Rollover: carryover != 0})
		}
	}
	return rows.Err()
}
