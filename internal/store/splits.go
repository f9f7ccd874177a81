package store

import (
	"context"
	"database/sql"
	"slices"

	"cashcontrol/internal/finance"
)

// A split movement keeps its lines in movement_splits (one row a line, with
// the movement's ledger, type, date and account repeated) and their count in
// movements.splits; its category_id is NULL. parts (movements_effects.go) makes one
// part a line, so the rollup, budgets and reports count lines; the reads of
// movements themselves that group by category (a partial month's report, the
// category filter, totals) read the lines where movements.splits > 0.

// insertSplits writes the lines of the movement id (none for a whole one).
func insertSplits(ctx context.Context, tx *Tx, ledgerID, id int64, d *finance.MovementDraft) error {
	for i, s := range d.Splits {
		if _, err := tx.Exec(ctx, `INSERT INTO movement_splits (movement_id, position, ledger_id, type, date, account_id, category_id, amount, base_amount, note)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, i, ledgerID, d.Type, d.Date, d.AccountID, s.CategoryID, s.Amount, nullArg(s.BaseAmount), s.Note); err != nil {
			return err
		}
	}
	return nil
}

// insertSplitsOf writes the lines of the split ones among drafts, whose ids
// are ids (in order).
func insertSplitsOf(ctx context.Context, tx *Tx, ledgerID int64, ids []int64, drafts []finance.MovementDraft) error {
	for i := range drafts {
		if err := insertSplits(ctx, tx, ledgerID, ids[i], &drafts[i]); err != nil {
			return err
		}
	}
	return nil
}

// splitsChunk ids go in one read of lines.
const splitsChunk = 500

// splitsOf reads the lines of the ledger's movements ids, by movement id.
func splitsOf(ctx context.Context, q RowsQuerier, ledgerID int64, ids []int64) (map[int64][]finance.Split, error) {
	out := map[int64][]finance.Split{}
	for chunk := range slices.Chunk(ids, splitsChunk) {
		in, args := inList(chunk)
		rows, err := q.Query(ctx, `SELECT movement_id, category_id, amount, base_amount, note FROM movement_splits
			WHERE ledger_id = ? AND movement_id IN (`+in+`) ORDER BY movement_id, position`, append([]any{ledgerID}, args...)...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id int64
			var s finance.Split
			var base sql.NullInt64
			if err := rows.Scan(&id, &s.CategoryID, &s.Amount, &base, &s.Note); err != nil {
				rows.Close()
				return nil, err
			}
			s.BaseAmount = nullable(base)
			out[id] = append(out[id], s)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// linesFor reads the lines of the split ones among n movements: id(i) is
// the i-th's id and whether it is split, set(i, lines) takes its lines.
func linesFor(ctx context.Context, q RowsQuerier, ledgerID int64, n int, id func(int) (int64, bool), set func(int, []finance.Split)) error {
	var ids []int64
	for i := range n {
		if v, split := id(i); split {
			ids = append(ids, v)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	lines, err := splitsOf(ctx, q, ledgerID, ids)
	if err != nil {
		return err
	}
	for i := range n {
		if v, split := id(i); split {
			set(i, lines[v])
		}
	}
	return nil
}

// withSplits fills the lines of the split ones among ms (Splits is [] for
// the others).
func withSplits(ctx context.Context, q RowsQuerier, ledgerID int64, ms ...*finance.Movement) error {
	for _, m := range ms {
		m.Splits = []finance.Split{}
	}
	return linesFor(ctx, q, ledgerID, len(ms), func(i int) (int64, bool) { return ms[i].ID, ms[i].SplitCount > 0 },
		func(i int, l []finance.Split) {
			if l != nil {
				ms[i].Splits = l
			}
		})
}

// draftsWithSplits fills the lines of the drafts whose movements (ids, in
// the same order) count some (counts[i] > 0).
func draftsWithSplits(ctx context.Context, q RowsQuerier, ledgerID int64, ids []int64, counts []int64, drafts []*finance.MovementDraft) error {
	return linesFor(ctx, q, ledgerID, len(ids), func(i int) (int64, bool) { return ids[i], counts[i] > 0 },
		func(i int, l []finance.Split) { drafts[i].Splits = l })
}

// replaceSplits writes the movement's lines anew (after its row changed).
func replaceSplits(ctx context.Context, tx *Tx, ledgerID, id int64, d *finance.MovementDraft) error {
	if _, err := tx.Exec(ctx, `DELETE FROM movement_splits WHERE ledger_id = ? AND movement_id = ?`, ledgerID, id); err != nil {
		return err
	}
	return insertSplits(ctx, tx, ledgerID, id, d)
}

// hasSplits says whether the ledger has any split movement: reads that would
// pay for looking at lines skip them when there are none.
func (db *DB) hasSplits(ctx context.Context, ledgerID int64) (bool, error) {
	var n int
	err := db.QueryRow(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM movement_splits WHERE ledger_id = ? LIMIT 1) t`, ledgerID).Scan(&n)
	return n > 0, err
}
