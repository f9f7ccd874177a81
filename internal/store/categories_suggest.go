package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"cashcontrol/internal/finance"
)

// The category suggestion model's counts (finance/suggest.go) live in
// category_features, kept by every movement write like monthly_totals:
// applyMovement and aggregate note what a categorised movement adds or
// removes (Tx.learnFeatures), and the transaction writes the sum once at its
// end. A count is kept by feature, category and the month of the
// movements' own date (finance.SuggestPeriod): the fading the model applies
// is computed when it reads them, so the table is a plain sum that a recount
// from the movements reproduces exactly, whenever it runs. CheckLedger
// recounts it.

type featureKey struct {
	feature  string
	category int64
	period   int64 // finance.SuggestPeriod
}

// featuresOf adds to m what a movement counts for (sign 1) or against
// (sign -1): each of its features in its category. Transfers and movements
// without a category count nothing.
func featuresOf(m map[featureKey]int64, d *finance.MovementDraft, sign int64) {
	if d.Type == finance.MovementTransfer || d.CategoryID <= 0 {
		return
	}
	for _, f := range finance.SuggestFeatures(d.Description, d.AccountID, d.Amount) {
		m[featureKey{f, d.CategoryID, finance.SuggestPeriod(f, d.Date)}] += sign
	}
}

// learnFeatures notes a movement's change of the counts, written at the end
// of the write (flushFeatures, from writeOnce): an edit that keeps the description
// and the category writes nothing.
func (t *Tx) learnFeatures(d *finance.MovementDraft, sign int64) {
	if t.features == nil {
		t.features = map[featureKey]int64{}
	}
	featuresOf(t.features, d, sign)
}

// featureChunk rows go in one upsert.
const featureChunk = 250

// flushFeatures writes the noted changes of the counts, in key order (so
// that two writes would take row locks in one order even without the
// ledger lock), and deletes the counts that reach zero.
func (t *Tx) flushFeatures(ctx context.Context) error {
	counts := t.features
	keys := make([]featureKey, 0, len(counts))
	shrank := false // some counts go down: those at zero are deleted
	for k, n := range counts {
		if n != 0 {
			keys = append(keys, k)
			shrank = shrank || n < 0
		}
	}
	t.features = nil
	slices.SortFunc(keys, func(a, b featureKey) int {
		return cmp.Or(strings.Compare(a.feature, b.feature), cmp.Compare(a.category, b.category), cmp.Compare(a.period, b.period))
	})
	for chunk := range slices.Chunk(keys, featureChunk) {
		args := make([]any, 0, 5*len(chunk))
		for _, k := range chunk {
			args = append(args, t.ledgerID, k.feature, k.category, k.period, counts[k])
		}
		if _, err := t.Exec(ctx, `INSERT INTO category_features (ledger_id, feature, category_id, period, count) VALUES `+
			strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?), ", len(chunk)), ", ")+`
			ON CONFLICT (ledger_id, feature, category_id, period) DO UPDATE SET count = category_features.count + excluded.count`, args...); err != nil {
			return err
		}
		if !shrank {
			continue
		}
		in, features := inList(slices.Compact(slices.Collect(func(yield func(string) bool) {
			for _, k := range chunk {
				if !yield(k.feature) {
					return
				}
			}
		})))
		if _, err := t.Exec(ctx, `DELETE FROM category_features WHERE ledger_id = ? AND feature IN (`+in+`) AND count <= 0`,
			append([]any{t.ledgerID}, features...)...); err != nil {
			return err
		}
	}
	return nil
}

// SuggestCategories ranks the ledger's categories of the movement's type
// (either type when typ is "") for a description, from the counts of its
// features, best first: at most limit, archived categories left out.
func (db *DB) SuggestCategories(ctx context.Context, ledgerID int64, typ, description string, accountID, amount int64, limit int) ([]finance.Suggestion, error) {
	features := finance.SuggestFeatures(description, accountID, amount)
	if len(features) == 0 {
		return []finance.Suggestion{}, nil
	}
	in, args := inList(features)
	q := `SELECT f.feature, f.category_id, f.period, f.count FROM category_features f JOIN categories c ON c.id = f.category_id AND c.ledger_id = f.ledger_id
		WHERE f.ledger_id = ? AND f.feature IN (` + in + `) AND c.archived = ?`
	args = append([]any{ledgerID}, append(args, false)...)
	if typ != "" {
		q += ` AND c.type = ?`
		args = append(args, typ)
	}
	counts, err := queryFeatureCounts(db.Query(ctx, q, args...))
	if err != nil {
		return nil, err
	}
	return finance.RankCategories(features, counts, limit), nil
}

// RuleCategory is what the ledger's enabled rules do to the category of a
// movement being typed (d), by the same matcher that runs on save: the last
// rule that sets it, nil when none does.
func (db *DB) RuleCategory(ctx context.Context, ledgerID int64, d finance.MovementDraft) (*finance.RuleChange, error) {
	set, err := ruleSet(ctx, db, ledgerID)
	if err != nil || set.Empty() {
		return nil, err
	}
	var out *finance.RuleChange
	for _, c := range set.Apply(&d) {
		if c.Field == "categoryId" {
			out = &c
		}
	}
	return out, nil
}

// SuggestionModel loads the ledger's counts whole, for an import that asks
// for each of its rows; archived categories are left out.
func (db *DB) SuggestionModel(ctx context.Context, ledgerID int64) (*finance.SuggestionModel, error) {
	counts, err := queryFeatureCounts(db.Query(ctx, `SELECT f.feature, f.category_id, f.period, f.count FROM category_features f
		JOIN categories c ON c.id = f.category_id AND c.ledger_id = f.ledger_id WHERE f.ledger_id = ? AND c.archived = ?`, ledgerID, false))
	if err != nil {
		return nil, err
	}
	return finance.NewSuggestionModel(counts), nil
}

func queryFeatureCounts(rows *sql.Rows, err error) ([]finance.FeatureCount, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []finance.FeatureCount
	for rows.Next() {
		var c finance.FeatureCount
		if err := rows.Scan(&c.Feature, &c.CategoryID, &c.Period, &c.Count); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// categorised hands fn the ledger's movements with a category that match
// cond (SQL on movements, after the ledger), in order (SQL, "" for none):
// what the suggestion model reads of them (type, date, amount, account,
// category, description).
func categorised(ctx context.Context, q RowsQuerier, ledgerID int64, cond, order string, args []any, fn func(d *finance.MovementDraft)) error {
	rows, err := q.Query(ctx, `SELECT type, date, amount, account_id, category_id, description FROM movements
		WHERE ledger_id = ? AND category_id IS NOT NULL`+cond+order, append([]any{ledgerID}, args...)...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var d finance.MovementDraft
		if err := rows.Scan(&d.Type, &d.Date, &d.Amount, &d.AccountID, &d.CategoryID, &d.Description); err != nil {
			return err
		}
		fn(&d)
	}
	return rows.Err()
}

// forgetFeatures notes the removal of the categorised movements of an
// account about to be deleted with its movements.
func (t *Tx) forgetFeatures(ctx context.Context, accountID int64) error {
	return categorised(ctx, t, t.ledgerID, ` AND account_id = ?`, "", []any{accountID}, func(d *finance.MovementDraft) { t.learnFeatures(d, -1) })
}

// countFeatures counts the suggestion features of the ledger's movements
// from scratch: what category_features must hold.
func countFeatures(ctx context.Context, q RowsQuerier, ledgerID int64) (map[featureKey]int64, error) {
	out := map[featureKey]int64{}
	err := categorised(ctx, q, ledgerID, "", "", nil, func(d *finance.MovementDraft) { featuresOf(out, d, 1) })
	return out, err
}

// countFeaturesOfEarlierMovements was migration 15: the suggestion counts
// of the movements written before there was a model. Migration 32
// (countFeaturesByMonth) counts them again by month, so it does nothing now.
func (db *DB) countFeaturesOfEarlierMovements(context.Context, *sql.Tx) error { return nil }

// countFeaturesByMonth is migration 32: the suggestion counts by month (the
// column period, finance.SuggestPeriod) and with the normalised description
// as a feature, counted again from every ledger's movements.
func (db *DB) countFeaturesByMonth(ctx context.Context, sqlTx *sql.Tx) error {
	bigint := "INTEGER"
	if db.dialect == Postgres {
		bigint = "BIGINT"
	}
	for _, q := range []string{`DROP TABLE category_features`, `CREATE TABLE category_features (
		ledger_id   ` + bigint + ` NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
		feature     TEXT NOT NULL,
		category_id ` + bigint + ` NOT NULL,
		period      ` + bigint + ` NOT NULL,
		count       ` + bigint + ` NOT NULL,
		PRIMARY KEY (ledger_id, feature, category_id, period))`} {
		if _, err := sqlTx.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	ledgers, err := queryIDs(sqlTx.QueryContext(ctx, `SELECT id FROM ledgers ORDER BY id`))
	if err != nil {
		return err
	}
	for _, ledgerID := range ledgers {
		tx := &Tx{db: db, tx: sqlTx, ledgerID: ledgerID}
		if tx.features, err = countFeatures(ctx, tx, ledgerID); err != nil {
			return err
		}
		if err := tx.flushFeatures(ctx); err != nil {
			return err
		}
	}
	if db.dialect == Postgres {
		// A new table has no statistics until autovacuum's first pass: without
		// them the planner reads a ledger's counts category by category
		// instead of by feature.
		_, err = sqlTx.ExecContext(ctx, `ANALYZE category_features`)
	}
	return err
}

// checkFeatures reports suggestion counts that differ from a recount.
func (db *DB) checkFeatures(ctx context.Context, ledgerID int64) error {
	want, err := countFeatures(ctx, db, ledgerID)
	if err != nil {
		return err
	}
	rows, err := db.Query(ctx, `SELECT feature, category_id, period, count FROM category_features WHERE ledger_id = ?`, ledgerID)
	if err != nil {
		return err
	}
	defer rows.Close()
	wrong := 0
	var example string
	for rows.Next() {
		var k featureKey
		var n int64
		if err := rows.Scan(&k.feature, &k.category, &k.period, &n); err != nil {
			return err
		}
		if want[k] != n {
			wrong++
			example = fmt.Sprintf("%q in category %d, month %d: %d, the movements say %d", k.feature, k.category, k.period, n, want[k])
		}
		delete(want, k)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for k, n := range want {
		if n != 0 {
			wrong++
			example = fmt.Sprintf("%q in category %d, month %d: missing, the movements say %d", k.feature, k.category, k.period, n)
		}
	}
	if wrong > 0 {
		return fmt.Errorf("suggestion counts: %d wrong, e.g. %s", wrong, example)
	}
	return nil
}

// CategorisedMovements hands fn the ledger's expenses and earnings with a
// category, oldest first (type, date, amount, account, category and
// description only), for measuring the suggestion model.
func (db *DB) CategorisedMovements(ctx context.Context, ledgerID int64, fn func(d finance.MovementDraft)) error {
	return categorised(ctx, db, ledgerID, "", ` ORDER BY date, id`, nil, func(d *finance.MovementDraft) { fn(*d) })
}
