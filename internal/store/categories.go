package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"cashcontrol/internal/finance"
)

const categoryColumns = `c.id, c.name, c.type, c.parent_id, c.color, c.icon, c.position, c.archived`

func scanCategory(s RowScanner) (*finance.Category, error) {
	var c finance.Category
	var parent sql.NullInt64
	if err := s.Scan(&c.ID, &c.Name, &c.Type, &parent, &c.Color, &c.Icon, &c.Position, &c.Archived); err != nil {
		return nil, err
	}
	if parent.Valid {
		c.ParentID = &parent.Int64
	}
	return &c, nil
}

// ListCategories returns the ledger's categories: parents before children,
// each level in its order.
func (db *DB) ListCategories(ctx context.Context, ledgerID int64) ([]finance.Category, error) {
	return listCategories(ctx, db, ledgerID)
}

// listCategories is ListCategories through q (inside a write: what it holds).
func listCategories(ctx context.Context, q RowsQuerier, ledgerID int64) ([]finance.Category, error) {
	rows, err := q.Query(ctx, `SELECT `+categoryColumns+` FROM categories c WHERE c.ledger_id = ?
		ORDER BY c.type, c.parent_key, c.position, c.id`, ledgerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []finance.Category{}
	for rows.Next() {
		c, err := scanCategory(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *c)
	}
	return out, rows.Err()
}

// Category returns one category of the ledger; another ledger's is not_found.
func (db *DB) Category(ctx context.Context, ledgerID, id int64) (*finance.Category, error) {
	return categoryIn(ctx, db, ledgerID, id)
}

func categoryIn(ctx context.Context, q Querier, ledgerID, id int64) (*finance.Category, error) {
	c, err := scanCategory(q.QueryRow(ctx, `SELECT `+categoryColumns+` FROM categories c WHERE c.ledger_id = ? AND c.id = ?`, ledgerID, id))
	if err != nil {
		return nil, NotFound(err, "category")
	}
	return c, nil
}

func categoryNameTaken() error {
	return finance.FieldErr("name", finance.FCodeTaken, "a category with this name already exists here").WithCode(finance.ECodeConflict)
}

// checkParent enforces one level of subcategories of the parent's type.
func checkParent(ctx context.Context, q Querier, ledgerID, parentID int64, typ string) (*finance.Category, error) {
	p, err := categoryIn(ctx, q, ledgerID, parentID)
	if finance.ErrorCode(err) == finance.ECodeNotFound {
		return nil, finance.FieldErr("parentId", finance.FCodeUnknown, "no such parent category")
	}
	if err != nil {
		return nil, err
	}
	if p.ParentID != nil {
		return nil, finance.FieldErr("parentId", finance.FCodeInvalid, "a subcategory cannot have subcategories")
	}
	if typ != "" && p.Type != typ {
		return nil, finance.FieldErr("parentId", finance.FCodeMismatch, "a subcategory has its parent's type")
	}
	return p, nil
}

// CreateCategory adds a category (a subcategory when ParentID is set; its
// type defaults to the parent's). in must be validated.
func (db *DB) CreateCategory(ctx context.Context, ledgerID int64, in finance.CategoryInput) (*finance.Category, error) {
	in.Normalize()
	if err := in.Validate(true); err != nil {
		return nil, err
	}
	color, icon := "", ""
	if in.Color != nil {
		color = *in.Color
	}
	if in.Icon != nil {
		icon = *in.Icon
	}
	var id int64
	err := db.writeLedgerLogged(ctx, ledgerID, finance.ActCreated, finance.SubjectCategory, "categories", &id, func(tx *Tx) error {
		typ := ""
		if in.Type != nil {
			typ = *in.Type
		}
		var parent int64
		if in.ParentID != nil && in.ParentID.Set {
			p, err := checkParent(ctx, tx, ledgerID, in.ParentID.ID, typ)
			if err != nil {
				return err
			}
			parent, typ = p.ID, p.Type
		}
		var err error
		id, err = insertCategory(ctx, tx, ledgerID, parent, typ, *in.Name, color, icon, nil)
		return err
	})
	if err != nil {
		return nil, err
	}
	return db.Category(ctx, ledgerID, id)
}

func insertCategory(ctx context.Context, tx *Tx, ledgerID, parent int64, typ, name, color, icon string, starterKey *string) (int64, error) {
	var parentID any
	if parent != 0 {
		parentID = parent
	}
	now := tx.db.NowMillis()
	var id int64
	err := tx.QueryRow(ctx, `INSERT INTO categories (ledger_id, parent_id, parent_key, type, name, name_key, color, icon, position, starter_key, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM categories WHERE ledger_id = ? AND type = ? AND parent_key = ?), ?, ?, ?)
		RETURNING id`, ledgerID, parentID, parent, typ, name, finance.NameKey(name), color, icon, ledgerID, typ, parent, starterKey, now, now).Scan(&id)
	if IsUniqueViolation(err) {
		return 0, categoryNameTaken()
	}
	if err != nil {
		return 0, fmt.Errorf("insert category: %w", err)
	}
	return id, nil
}

func categoryUsage(ctx context.Context, q Querier, ledgerID, id int64) (children, movements int64, err error) {
	err = q.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM categories WHERE ledger_id = ? AND parent_id = ?),
		(SELECT COALESCE(SUM(count), 0) FROM monthly_totals WHERE ledger_id = ? AND kind IN ('expense', 'earning')
			AND category_id IN (SELECT id FROM categories WHERE ledger_id = ? AND (id = ? OR parent_id = ?)))`,
		ledgerID, id, ledgerID, ledgerID, id, id).Scan(&children, &movements)
	return
}

// UpdateCategory applies a validated patch: rename, recolour, move under
// another parent or to the top, archive or restore (a parent's subcategories
// follow it), reorder. The type changes only for an unused category.
func (db *DB) UpdateCategory(ctx context.Context, ledgerID, id int64, in finance.CategoryInput) (*finance.Category, error) {
	in.Normalize()
	if err := in.Validate(false); err != nil {
		return nil, err
	}
	err := db.writeLedgerLogged(ctx, ledgerID, finance.ActUpdated, finance.SubjectCategory, "categories", &id, func(tx *Tx) error {
		cur, err := categoryIn(ctx, tx, ledgerID, id)
		if err != nil {
			return err
		}
		children, used, err := categoryUsage(ctx, tx, ledgerID, id)
		if err != nil {
			return err
		}
		typ := cur.Type
		if in.Type != nil && *in.Type != cur.Type {
			if used > 0 || children > 0 || cur.ParentID != nil {
				return finance.FieldErr("type", finance.FCodeInvalid, "only an unused top-level category without subcategories can change type")
			}
			typ = *in.Type
		}
		parentKey := int64(0)
		if cur.ParentID != nil {
			parentKey = *cur.ParentID
		}
		if in.ParentID != nil {
			parentKey = 0
			if in.ParentID.Set {
				if in.ParentID.ID == id {
					return finance.FieldErr("parentId", finance.FCodeInvalid, "a category cannot be its own parent")
				}
				if children > 0 {
					return finance.FieldErr("parentId", finance.FCodeInvalid, "a category with subcategories cannot become a subcategory")
				}
				if _, err := checkParent(ctx, tx, ledgerID, in.ParentID.ID, typ); err != nil {
					return err
				}
				parentKey = in.ParentID.ID
			}
		}
		sets, args := "updated_at = ?, type = ?", []any{db.NowMillis(), typ}
		set := func(col string, v any) { sets += ", " + col + " = ?"; args = append(args, v) }
		if in.Name != nil {
			set("name", *in.Name)
			set("name_key", finance.NameKey(*in.Name))
		}
		if in.Color != nil {
			set("color", *in.Color)
		}
		if in.Icon != nil {
			set("icon", *in.Icon)
		}
		if in.Position != nil {
			set("position", *in.Position)
		}
		if in.Archived != nil {
			set("archived", *in.Archived)
		}
		if in.ParentID != nil {
			var p any
			if parentKey != 0 {
				p = parentKey
			}
			set("parent_id", p)
			set("parent_key", parentKey)
		}
		_, err = tx.Exec(ctx, `UPDATE categories SET `+sets+` WHERE ledger_id = ? AND id = ?`, append(args, ledgerID, id)...)
		if IsUniqueViolation(err) {
			return categoryNameTaken()
		}
		if err != nil {
			return err
		}
		if in.Archived != nil {
			_, err = tx.Exec(ctx, `UPDATE categories SET archived = ? WHERE ledger_id = ? AND parent_id = ?`, *in.Archived, ledgerID, id)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return db.Category(ctx, ledgerID, id)
}

// DeleteCategory deletes a category and its subcategories. When movements use
// them it is refused (in_use) unless moveTo names another category of the same
// type: then every such movement moves there first, in the same transaction.
func (db *DB) DeleteCategory(ctx context.Context, ledgerID, id int64, moveTo *int64) error {
	return db.writeLedgerLogged(ctx, ledgerID, finance.ActDeleted, finance.SubjectCategory, "categories", &id, func(tx *Tx) error {
		cur, err := categoryIn(ctx, tx, ledgerID, id)
		if err != nil {
			return err
		}
		_, used, err := categoryUsage(ctx, tx, ledgerID, id)
		if err != nil {
			return err
		}
		if used > 0 && moveTo == nil {
			return finance.Errorf(finance.ECodeInUse, "%d movements use this category: archive it, or move them to another category and delete it", used)
		}
		if moveTo != nil {
			target, err := categoryIn(ctx, tx, ledgerID, *moveTo)
			if finance.ErrorCode(err) == finance.ECodeNotFound {
				return finance.FieldErr("moveTo", finance.FCodeUnknown, "no such category to move the movements to")
			}
			if err != nil {
				return err
			}
			if target.Type != cur.Type {
				return finance.FieldErr("moveTo", finance.FCodeMismatch, "movements can only move to a category of the same type")
			}
			if target.ID == id || (target.ParentID != nil && *target.ParentID == id) {
				return finance.FieldErr("moveTo", finance.FCodeInvalid, "movements cannot move to the category being deleted")
			}
		}
		branch := `SELECT id FROM categories WHERE ledger_id = ? AND (id = ? OR parent_id = ?)`
		if moveTo != nil {
			if _, err := tx.Exec(ctx, `UPDATE movements SET category_id = ? WHERE ledger_id = ? AND category_id IN (`+branch+`)`,
				*moveTo, ledgerID, ledgerID, id, id); err != nil {
				return fmt.Errorf("move movements: %w", err)
			}
			if _, err := tx.Exec(ctx, `UPDATE movement_splits SET category_id = ? WHERE ledger_id = ? AND category_id IN (`+branch+`)`,
				*moveTo, ledgerID, ledgerID, id, id); err != nil {
				return fmt.Errorf("move split lines: %w", err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO monthly_totals (ledger_id, account_id, category_id, month, kind, total, count, base_total, unrated)
				SELECT ledger_id, account_id, ?, month, kind, SUM(total), SUM(count), SUM(base_total), SUM(unrated) FROM monthly_totals
				WHERE ledger_id = ? AND category_id IN (`+branch+`) GROUP BY ledger_id, account_id, month, kind
				ON CONFLICT (ledger_id, month, kind, account_id, category_id)
				DO UPDATE SET total = monthly_totals.total + excluded.total, count = monthly_totals.count + excluded.count,
					base_total = monthly_totals.base_total + excluded.base_total, unrated = monthly_totals.unrated + excluded.unrated`,
				*moveTo, ledgerID, ledgerID, id, id); err != nil {
				return fmt.Errorf("move totals: %w", err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO category_features (ledger_id, feature, category_id, period, count)
				SELECT ledger_id, feature, ?, period, SUM(count) FROM category_features WHERE ledger_id = ? AND category_id IN (`+branch+`) GROUP BY ledger_id, feature, period
				ON CONFLICT (ledger_id, feature, category_id, period) DO UPDATE SET count = category_features.count + excluded.count`,
				*moveTo, ledgerID, ledgerID, id, id); err != nil {
				return fmt.Errorf("move suggestion counts: %w", err)
			}
		}
		if _, err := tx.Exec(ctx, `DELETE FROM category_features WHERE ledger_id = ? AND category_id IN (`+branch+`)`, ledgerID, ledgerID, id, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM monthly_totals WHERE ledger_id = ? AND category_id IN (`+branch+`)`, ledgerID, ledgerID, id, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM budgets WHERE ledger_id = ? AND category_id IN (`+branch+`)`, ledgerID, ledgerID, id, id); err != nil {
			return err
		}
		children, err := queryIDs(tx.Query(ctx, `SELECT id FROM categories WHERE ledger_id = ? AND parent_id = ?`, ledgerID, id))
		if err != nil {
			return err
		}
		target := int64(0)
		if moveTo != nil {
			target = *moveTo
		}
		for _, c := range append(children, id) {
			if err := tx.forgetInRules(ctx, 0, c, target); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `DELETE FROM categories WHERE ledger_id = ? AND parent_id = ?`, ledgerID, id); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM categories WHERE ledger_id = ? AND id = ?`, ledgerID, id)
		return err
	})
}

// ReorderCategories sets the order of sibling categories to ids.
func (db *DB) ReorderCategories(ctx context.Context, ledgerID int64, ids []int64) error {
	return db.WriteLedger(ctx, ledgerID, func(tx *Tx) error { return reorder(ctx, tx, "categories", ledgerID, ids) })
}

// CreateStarterCategories creates the localized starter set, skipping any
// category that already exists (by starter key or by name): repeating the
// step creates nothing twice. It returns how many it created.
func (db *DB) CreateStarterCategories(ctx context.Context, ledgerID int64, language string) (int, error) {
	created := 0
	err := db.WriteLedger(ctx, ledgerID, func(tx *Tx) error {
		var err error
		created, err = createStartersTx(ctx, tx, ledgerID, language)
		return err
	})
	return created, err
}

func createStartersTx(ctx context.Context, tx *Tx, ledgerID int64, language string) (int, error) {
	created := 0
	for _, s := range finance.StarterCategories() {
		parent, n, err := insertStarter(ctx, tx, ledgerID, 0, s, language)
		if err != nil {
			return 0, err
		}
		created += n
		for _, c := range s.Children {
			if _, n, err = insertStarter(ctx, tx, ledgerID, parent, c, language); err != nil {
				return 0, err
			}
			created += n
		}
	}
	return created, nil
}

// insertStarter returns the id of the starter category (new or existing) and
// 1 when it created it.
func insertStarter(ctx context.Context, tx *Tx, ledgerID, parent int64, s finance.StarterCategory, language string) (int64, int, error) {
	var id int64
	err := tx.QueryRow(ctx, `SELECT id FROM categories WHERE ledger_id = ? AND (starter_key = ? OR (type = ? AND parent_key = ? AND name_key = ?))`,
		ledgerID, s.Key, s.Type, parent, finance.NameKey(s.Name(language))).Scan(&id)
	if err == nil {
		return id, 0, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, 0, err
	}
	key := s.Key
	id, err = insertCategory(ctx, tx, ledgerID, parent, s.Type, s.Name(language), s.Color, s.Icon, &key)
	if err != nil {
		return 0, 0, err
	}
	return id, 1, nil
}
