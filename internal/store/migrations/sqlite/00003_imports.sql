-- +goose Up
-- An uploaded bank file waiting for the user to check the preview and
-- commit it. Kept in the database so that any app server can finish it.
CREATE TABLE imports (
    id         INTEGER PRIMARY KEY,
    ledger_id  INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    file_name  TEXT    NOT NULL,
    format     TEXT    NOT NULL,
    data       BLOB    NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX imports_ledger ON imports(ledger_id, created_at);
CREATE INDEX movements_fitid ON movements(account_id, fitid) WHERE fitid <> '';

-- +goose Down
DROP INDEX movements_fitid;
DROP TABLE imports;
