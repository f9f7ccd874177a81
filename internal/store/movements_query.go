package store

import (
	"context"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"

	"cashcontrol/internal/finance"
)

// Page limits for movement lists.
const (
	DefaultPageSize = 50
	MaxPageSize     = 500
)

// filterSQL turns a filter into conditions on movements m (joined to their
// account a) and their arguments. Every condition starts with the ledger.
// Categories are resolved to their ids and their subcategories' first: with
// the ids written in the query, PostgreSQL's planner sees how common each is
// and reads a rare category through its index instead of the whole ledger.
func (db *DB) filterSQL(ctx context.Context, ledgerID int64, f finance.MovementFilter) (string, []any, error) {
	if len(f.CategoryIDs) > 0 {
		ids, err := db.withSubcategories(ctx, ledgerID, f.CategoryIDs)
		if err != nil {
			return "", nil, err
		}
		f.CategoryIDs = ids
	}
	where, args := filterConditions(ledgerID, f)
	return where, args, nil
}

// withSubcategories returns the ledger's categories among ids and their
// subcategories; {0}, which matches no movement, when there are none.
func (db *DB) withSubcategories(ctx context.Context, ledgerID int64, ids []int64) ([]int64, error) {
	in, args := inList(ids)
	out, err := queryIDs(db.query(ctx, `SELECT id FROM categories WHERE ledger_id = ? AND (id IN (`+in+`) OR parent_id IN (`+in+`))`,
		append(append([]any{ledgerID}, args...), args...)...))
	if err == nil && len(out) == 0 {
		out = []int64{0}
	}
	return out, err
}

// filterConditions writes the filter with f.CategoryIDs taken as they are.
func filterConditions(ledgerID int64, f finance.MovementFilter) (string, []any) {
	var b strings.Builder
	args := []any{ledgerID}
	b.WriteString(` WHERE m.ledger_id = ?`)
	if f.From != "" {
		b.WriteString(` AND m.date >= ?`)
		args = append(args, f.From)
	}
	if f.To != "" {
		b.WriteString(` AND m.date <= ?`)
		args = append(args, f.To)
	}
	if len(f.Types) > 0 {
		b.WriteString(` AND m.type IN (` + placeholders(len(f.Types)) + `)`)
		for _, t := range f.Types {
			args = append(args, t)
		}
	}
	if len(f.AccountIDs) > 0 {
		in, ids := inList(f.AccountIDs)
		b.WriteString(` AND (m.account_id IN (` + in + `) OR m.to_account_id IN (` + in + `))`)
		args = append(append(args, ids...), ids...)
	}
	if len(f.CategoryIDs) > 0 {
		in, ids := inList(f.CategoryIDs)
		b.WriteString(` AND m.category_id IN (` + in + `)`)
		args = append(args, ids...)
	}
	if len(f.Tags) > 0 {
		b.WriteString(` AND EXISTS (SELECT 1 FROM movement_tags t WHERE t.movement_id = m.id AND t.tag IN (` + placeholders(len(f.Tags)) + `))`)
		for _, t := range f.Tags {
			args = append(args, t)
		}
	}
	if f.MinAmount != nil {
		b.WriteString(` AND m.amount >= ?`)
		args = append(args, *f.MinAmount)
	}
	if f.MaxAmount != nil {
		b.WriteString(` AND m.amount <= ?`)
		args = append(args, *f.MaxAmount)
	}
	if f.Text != "" {
		pattern := "%" + likeEscaper.Replace(strings.ToLower(f.Text)) + "%"
		b.WriteString(` AND (LOWER(m.description) LIKE ? ESCAPE '\' OR LOWER(m.notes) LIKE ? ESCAPE '\')`)
		args = append(args, pattern, pattern)
	}
	return b.String(), args
}

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

func placeholders(n int) string { return strings.TrimSuffix(strings.Repeat("?, ", n), ", ") }

// EncodeCursor and DecodeCursor carry the keyset position (date, id).
func EncodeCursor(date string, id int64) string {
	return base64.RawURLEncoding.EncodeToString([]byte(date + "|" + strconv.FormatInt(id, 10)))
}

// DecodeCursor reads a cursor made by EncodeCursor.
func DecodeCursor(c string) (string, int64, error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	bad := finance.FieldErr("cursor", finance.FCodeInvalid, "bad cursor")
	if err != nil {
		return "", 0, bad
	}
	date, idStr, ok := strings.Cut(string(b), "|")
	id, err := strconv.ParseInt(idStr, 10, 64)
	if !ok || err != nil || !finance.ValidDate(date) {
		return "", 0, bad
	}
	return date, id, nil
}

// ListMovements returns one page of the filtered movements, newest first
// (oldest first when asked), by keyset on (date, id) — never OFFSET.
func (db *DB) ListMovements(ctx context.Context, ledgerID int64, f finance.MovementFilter, limit int, cursor string) ([]finance.Movement, *string, error) {
	if limit <= 0 {
		limit = DefaultPageSize
	}
	limit = min(limit, MaxPageSize)
	where, args, err := db.filterSQL(ctx, ledgerID, f)
	if err != nil {
		return nil, nil, err
	}
	order := ` ORDER BY m.date DESC, m.id DESC`
	cmp := "<"
	if f.Ascending {
		order, cmp = ` ORDER BY m.date ASC, m.id ASC`, ">"
	}
	if cursor != "" {
		date, id, err := DecodeCursor(cursor)
		if err != nil {
			return nil, nil, err
		}
		where += ` AND (m.date ` + cmp + ` ? OR (m.date = ? AND m.id ` + cmp + ` ?))`
		args = append(args, date, date, id)
	}
	rows, err := db.query(ctx, `SELECT `+movementColumns+movementFrom+where+order+` LIMIT ?`, append(args, limit+1)...)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	out := make([]finance.Movement, 0, limit)
	for rows.Next() {
		m, err := scanMovement(rows)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, *m)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	var next *string
	if len(out) > limit {
		out = out[:limit]
		last := out[limit-1]
		c := EncodeCursor(last.Date, last.ID)
		next = &c
	}
	return out, next, nil
}

// TotalMovements sums the whole filtered set in SQL.
func (db *DB) TotalMovements(ctx context.Context, ledgerID int64, f finance.MovementFilter) (*finance.MovementTotals, error) {
	where, args, err := db.filterSQL(ctx, ledgerID, f)
	if err != nil {
		return nil, err
	}
	rows, err := db.query(ctx, `SELECT a.currency, COUNT(*),
		CAST(COALESCE(SUM(CASE WHEN m.type = 'earning' THEN m.amount ELSE 0 END), 0) AS BIGINT),
		CAST(COALESCE(SUM(CASE WHEN m.type = 'expense' THEN m.amount ELSE 0 END), 0) AS BIGINT)
		FROM movements m JOIN accounts a ON a.id = m.account_id`+where+` GROUP BY a.currency ORDER BY a.currency`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := &finance.MovementTotals{ByCurrency: []finance.CurrencyTotals{}}
	for rows.Next() {
		var t finance.CurrencyTotals
		if err := rows.Scan(&t.Currency, &t.Count, &t.Earnings, &t.Expenses); err != nil {
			return nil, err
		}
		t.Net = t.Earnings - t.Expenses
		out.Count += t.Count
		out.ByCurrency = append(out.ByCurrency, t)
	}
	return out, rows.Err()
}

// ExportRow is a movement with its names resolved, for CSV export.
type ExportRow struct {
	finance.Movement
	AccountName   string
	CategoryName  string
	ToAccountName string
}

// ExportMovements streams the filtered movements (in list order) to fn.
func (db *DB) ExportMovements(ctx context.Context, ledgerID int64, f finance.MovementFilter, fn func(ExportRow) error) error {
	where, args, err := db.filterSQL(ctx, ledgerID, f)
	if err != nil {
		return err
	}
	order := ` ORDER BY m.date DESC, m.id DESC`
	if f.Ascending {
		order = ` ORDER BY m.date ASC, m.id ASC`
	}
	rows, err := db.query(ctx, `SELECT `+movementColumns+`, a.name, COALESCE(CASE WHEN p.id IS NULL THEN c.name ELSE p.name || ' / ' || c.name END, ''),
		COALESCE(ta.name, '')`+movementFrom+` LEFT JOIN categories c ON c.id = m.category_id LEFT JOIN categories p ON p.id = c.parent_id`+
		where+order, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var r ExportRow
		var cat, to, toAmount = new(nullInt), new(nullInt), new(nullInt)
		var tags string
		if err := rows.Scan(&r.ID, &r.Type, &r.Date, &r.Amount, &r.Currency, &r.AccountID, cat, to, toAmount, &r.ToCurrency,
			&r.Description, &r.Notes, &tags, &r.AccountName, &r.CategoryName, &r.ToAccountName); err != nil {
			return err
		}
		r.CategoryID, r.ToAccountID, r.ToAmount = cat.ptr(), to.ptr(), toAmount.ptr()
		r.Tags = splitTags(tags)
		if err := fn(r); err != nil {
			return fmt.Errorf("export: %w", err)
		}
	}
	return rows.Err()
}

type nullInt struct {
	v     int64
	valid bool
}

func (n *nullInt) Scan(src any) error {
	switch x := src.(type) {
	case nil:
		n.valid = false
	case int64:
		n.v, n.valid = x, true
	default:
		return fmt.Errorf("unexpected %T", src)
	}
	return nil
}

func (n *nullInt) ptr() *int64 {
	if !n.valid {
		return nil
	}
	v := n.v
	return &v
}
