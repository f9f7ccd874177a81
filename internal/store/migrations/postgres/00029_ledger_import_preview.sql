-- +goose Up
-- The preview a ledger import's upload answered, kept beside its file: a
-- preview asked again with the same choices is answered from it, without
-- reading the file again (preview_key: the choices it was made with).
ALTER TABLE ledger_imports ADD COLUMN preview_key TEXT NOT NULL DEFAULT '';
ALTER TABLE ledger_imports ADD COLUMN preview TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE ledger_imports DROP COLUMN preview;
ALTER TABLE ledger_imports DROP COLUMN preview_key;
