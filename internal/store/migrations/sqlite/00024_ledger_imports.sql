-- +goose Up
-- A file that becomes a new ledger (Profile → Import a ledger): the user's
-- own export or another app's, waiting for its preview to be confirmed.
-- Committed at most once (committed_at), with the ledger it made.
CREATE TABLE ledger_imports (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    file_name    TEXT    NOT NULL,
    format       TEXT    NOT NULL,
    data         BLOB    NOT NULL,
    created_at   INTEGER NOT NULL,
    committed_at INTEGER,
    result       TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX ledger_imports_user ON ledger_imports (user_id, created_at);

-- +goose Down
DROP TABLE ledger_imports;
