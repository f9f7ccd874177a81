package store

import (
	"context"
	"database/sql"
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
// lines are those ids when the ledger has split movements, whose lines in
// them the filter takes too (nil otherwise).
func (db *DB) filterSQL(ctx context.Context, ledgerID int64, f finance.MovementFilter) (where string, args []any, lines []int64, err error) {
	how := access{sqlite: db.dialect == SQLite}
	if len(f.CategoryIDs) > 0 {
		if f.CategoryIDs, err = db.withSubcategories(ctx, ledgerID, f.CategoryIDs); err != nil {
			return "", nil, nil, err
		}
		if how.splits, err = db.hasSplits(ctx, ledgerID); err != nil {
			return "", nil, nil, err
		}
		if how.splits {
			lines = f.CategoryIDs
		}
	}
	if how.sqlite {
		// SQLite has no statistics: it walks the ledger's date index and
		// tests each movement. When tags or an amount range pick few
		// movements, their own index finds them far cheaper.
		if len(f.Tags) > 0 {
			how.byTags, err = db.fewRows(ctx, `SELECT 1 FROM movement_tags WHERE ledger_id = ? AND tag IN (`+placeholders(len(f.Tags))+`)`,
				append([]any{ledgerID}, stringArgs(f.Tags)...))
		} else if f.MinAmount != nil || f.MaxAmount != nil {
			lo, hi := int64(0), int64(finance.MaxAmount)
			if f.MinAmount != nil {
				lo = *f.MinAmount
			}
			if f.MaxAmount != nil {
				hi = *f.MaxAmount
			}
			how.byAmount, err = db.fewRows(ctx, `SELECT 1 FROM movements WHERE ledger_id = ? AND amount >= ? AND amount <= ?`, []any{ledgerID, lo, hi})
		}
		if err != nil {
			return "", nil, nil, err
		}
	}
	where, args = filterConditions(ledgerID, f, how)
	if tokens := searchTokens(f.Text); len(tokens) > 0 {
		cond, more := db.searchCondition(f, tokens)
		where, args = where+cond, append(args, more...)
	}
	return where, args, lines, nil
}

// access says which index a filtered read of movements should start from on
// SQLite: the ledger's dates (the default), the tags, or the amounts; and
// whether the ledger has split movements, whose lines a category filter
// must look at.
type access struct{ sqlite, byTags, byAmount, splits bool }

// sortRows is the number of matching movements up to which a filtered list
// reads them all through their own index and sorts them, rather than walking
// the ledger newest first and testing each movement (SQLite's tags and
// amounts here, PostgreSQL's search in pgSearchPage).
const sortRows = 5000

// fewRows says whether the query (one indexed read) has fewer than sortRows rows.
func (db *DB) fewRows(ctx context.Context, q string, args []any) (bool, error) {
	var n int
	err := db.QueryRow(ctx, `SELECT COUNT(*) FROM (`+q+` LIMIT ?) t`, append(args, sortRows)...).Scan(&n)
	return n < sortRows, err
}

func stringArgs(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// withSubcategories returns the ledger's categories among ids and their
// subcategories; {0}, which matches no movement, when there are none.
func (db *DB) withSubcategories(ctx context.Context, ledgerID int64, ids []int64) ([]int64, error) {
	in, args := inList(ids)
	out, err := queryIDs(db.Query(ctx, `SELECT id FROM categories WHERE ledger_id = ? AND (id IN (`+in+`) OR parent_id IN (`+in+`))`,
		append(append([]any{ledgerID}, args...), args...)...))
	if err == nil && len(out) == 0 {
		out = []int64{0}
	}
	return out, err
}

// filterConditions writes the filter with f.CategoryIDs taken as they are,
// all but the text: filterSQL adds the search index's condition (movements_search.go).
// On SQLite, "+ 0" and a unary "+" keep the planner off an index: off the
// ledger's when the tagged movements are read by id, off the amounts' unless
// the amount range is the way in.
func filterConditions(ledgerID int64, f finance.MovementFilter, how access) (string, []any) {
	var b strings.Builder
	args := []any{ledgerID}
	amount := "m.amount"
	if how.sqlite && !how.byAmount {
		amount = "+m.amount"
	}
	if how.byTags {
		b.WriteString(` WHERE m.ledger_id + 0 = ?`)
	} else {
		b.WriteString(` WHERE m.ledger_id = ?`)
	}
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
		args = append(args, stringArgs(f.Types)...)
	}
	if len(f.AccountIDs) > 0 {
		in, ids := inList(f.AccountIDs)
		b.WriteString(` AND (m.account_id IN (` + in + `) OR m.to_account_id IN (` + in + `))`)
		args = append(append(args, ids...), ids...)
	}
	if len(f.CategoryIDs) > 0 {
		in, ids := inList(f.CategoryIDs)
		if how.splits {
			// A split movement is in a category one of its lines is in. On
			// PostgreSQL the lines' movement ids come as an array (read
			// once), which the primary key's index can serve next to the
			// category's: a rare category stays an index read.
			lines := `SELECT l.movement_id FROM movement_splits l WHERE l.ledger_id = ? AND l.category_id IN (` + in + `)`
			if how.sqlite {
				b.WriteString(` AND (m.category_id IN (` + in + `) OR m.id IN (` + lines + `))`)
			} else {
				b.WriteString(` AND (m.category_id IN (` + in + `) OR m.id = ANY(ARRAY(` + lines + `)))`)
			}
			args = append(append(append(args, ids...), ledgerID), ids...)
		} else {
			b.WriteString(` AND m.category_id IN (` + in + `)`)
			args = append(args, ids...)
		}
	}
	if len(f.Tags) > 0 {
		b.WriteString(` AND m.id IN (SELECT t.movement_id FROM movement_tags t WHERE t.ledger_id = ? AND t.tag IN (` + placeholders(len(f.Tags)) + `))`)
		args = append(append(args, ledgerID), stringArgs(f.Tags)...)
	}
	if len(f.States) > 0 {
		b.WriteString(` AND m.state IN (` + placeholders(len(f.States)) + `)`)
		args = append(args, stringArgs(f.States)...)
	}
	if f.MinAmount != nil {
		b.WriteString(` AND ` + amount + ` >= ?`)
		args = append(args, *f.MinAmount)
	}
	if f.MaxAmount != nil {
		b.WriteString(` AND ` + amount + ` <= ?`)
		args = append(args, *f.MaxAmount)
	}
	return b.String(), args
}

func placeholders(n int) string { return strings.TrimSuffix(strings.Repeat("?, ", n), ", ") }

// valueRows is n rows of a VALUES list, each row (its placeholders with
// their types, such as "(CAST(? AS BIGINT), CAST(? AS TEXT))").
func valueRows(row string, n int) string {
	return strings.TrimSuffix(strings.Repeat(row+", ", n), ", ")
}

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
	src, err := db.movementSource(ctx, ledgerID, f)
	if err != nil {
		return nil, nil, err
	}
	where, args := src.where, src.args
	if cursor != "" {
		date, id, err := DecodeCursor(cursor)
		if err != nil {
			return nil, nil, err
		}
		cond, more := src.after(date, id, f.Ascending)
		where, args = where+cond, append(args, more...)
	}
	q, args := `SELECT `+movementColumns+src.from+toAccountJoin+where+src.order+` LIMIT ?`, append(args, limit+1)
	var ms []finance.Movement
	var next *string
	if tokens := searchTokens(f.Text); db.dialect == Postgres && len(tokens) > 0 {
		ms, next, err = db.pgSearchPage(ctx, ledgerID, tokens, q, args, limit)
	} else {
		rows, qerr := db.Query(ctx, q, args...)
		ms, next, err = movementPage(rows, qerr, limit)
	}
	if err != nil {
		return nil, nil, err
	}
	return ms, next, db.pageSplits(ctx, ledgerID, ms)
}

// pageSplits fills the lines of a page's split movements.
func (db *DB) pageSplits(ctx context.Context, ledgerID int64, ms []finance.Movement) error {
	ptrs := make([]*finance.Movement, len(ms))
	for i := range ms {
		ptrs[i] = &ms[i]
	}
	return withSplits(ctx, db, ledgerID, ptrs...)
}

// movementPage reads a list query that asked for limit+1 rows and returns
// the page and the cursor of the next one.
func movementPage(rows *sql.Rows, err error, limit int) ([]finance.Movement, *string, error) {
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

// ExportRow is a movement with its names resolved, for CSV export; a split
// movement's lines come with their categories' names (SplitCategoryNames,
// one a line, "Parent / Child" as CategoryName).
type ExportRow struct {
	finance.Movement
	AccountName        string
	CategoryName       string
	ToAccountName      string
	SplitCategoryNames []string
}

// categoryNameSQL is the full name of the category c (under its parent p).
const categoryNameSQL = `COALESCE(CASE WHEN p.id IS NULL THEN c.name ELSE p.name || ' / ' || c.name END, '')`

// ExportMovements streams the filtered movements (in list order) to fn. A
// split movement's lines come joined to it, a row each, in order.
func (db *DB) ExportMovements(ctx context.Context, ledgerID int64, f finance.MovementFilter, fn func(ExportRow) error) error {
	src, err := db.movementSource(ctx, ledgerID, f)
	if err != nil {
		return err
	}
	rows, err := db.Query(ctx, `SELECT `+movementFields+`, a.name, `+categoryNameSQL+`, COALESCE(ta.name, ''),
		s.category_id, s.amount, s.base_amount, s.note`+src.from+toAccountJoin+`
		LEFT JOIN movement_splits s ON s.movement_id = m.id AND m.splits > 0
		LEFT JOIN categories c ON c.id = COALESCE(s.category_id, m.category_id) LEFT JOIN categories p ON p.id = c.parent_id`+
		src.where+src.order+`, s.position`, src.args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	var cur *ExportRow
	emit := func() error {
		if cur == nil {
			return nil
		}
		if len(cur.Splits) > 0 {
			cur.CategoryName = ""
		}
		if err := fn(*cur); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		cur = nil
		return nil
	}
	for rows.Next() {
		var r ExportRow
		var cat, to, toAmount, base, toBase, lineCat, lineAmount, lineBase sql.NullInt64
		var lineNote sql.NullString
		var tags string
		var later int64
		if err := rows.Scan(&r.ID, &r.Type, &r.Date, &r.Amount, &r.Currency, &r.AccountID, &cat, &to, &toAmount, &r.ToCurrency,
			&r.Description, &r.Notes, &tags, &base, &toBase, &later, &r.SplitCount, &r.State, &r.AccountName, &r.CategoryName, &r.ToAccountName,
			&lineCat, &lineAmount, &lineBase, &lineNote); err != nil {
			return err
		}
		if cur == nil || cur.ID != r.ID {
			if err := emit(); err != nil {
				return err
			}
			r.CategoryID, r.ToAccountID, r.ToAmount = nullable(cat), nullable(to), nullable(toAmount)
			r.SetBase(nullable(base), nullable(toBase), later)
			r.Tags = splitTags(tags)
			r.Splits = []finance.Split{}
			cur = &r
		}
		if lineCat.Valid {
			cur.Splits = append(cur.Splits, finance.Split{CategoryID: lineCat.Int64, Amount: lineAmount.Int64, BaseAmount: nullable(lineBase), Note: lineNote.String})
			cur.SplitCategoryNames = append(cur.SplitCategoryNames, r.CategoryName)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	return emit()
}
