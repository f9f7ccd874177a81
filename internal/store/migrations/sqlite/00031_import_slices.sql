-- +goose Up
-- A bank file's import that commits in slices (SQLite: one transaction a
-- slice, so that other writers interleave): set by its first slice while it
-- commits — since when, and the largest movement and category ids before it,
-- so that the movements and categories of its ledger past them are the
-- import's (the ledger takes no other write meanwhile) and can be taken back
-- when the commit fails or the server stops before its end.
ALTER TABLE imports ADD COLUMN committing_since INTEGER;
ALTER TABLE imports ADD COLUMN committing_movements INTEGER;
ALTER TABLE imports ADD COLUMN committing_categories INTEGER;

-- +goose Down
ALTER TABLE imports DROP COLUMN committing_categories;
ALTER TABLE imports DROP COLUMN committing_movements;
ALTER TABLE imports DROP COLUMN committing_since;
