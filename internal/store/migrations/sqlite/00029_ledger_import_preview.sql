-- +goose Up
-- The preview a ledger import's upload answered, kept beside its file: a
-- preview asked again with the same choices is answered from it, without
-- reading the file again (preview_key: the choices it was made with).
ALTER TABLE ledger_imports ADD COLUMN preview_key TEXT NOT NULL DEFAULT '';
ALTER TABLE ledger_imports ADD COLUMN preview TEXT NOT NULL DEFAULT '';

-- A ledger being made by a ledger import that commits in slices (SQLite:
-- one transaction a slice, so that other writers interleave): set while it
-- is staged, when it has no member yet and nobody sees it; a staged ledger
-- left by a crash is deleted by the uploads' sweep.
ALTER TABLE ledgers ADD COLUMN importing_since INTEGER;

-- +goose Down
ALTER TABLE ledgers DROP COLUMN importing_since;
ALTER TABLE ledger_imports DROP COLUMN preview;
ALTER TABLE ledger_imports DROP COLUMN preview_key;
