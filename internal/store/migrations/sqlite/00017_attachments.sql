-- +goose Up
-- Files kept with a movement (finance.Attachment). The bytes live in the
-- file store (files.Store) under file_key, an image's thumbnail under
-- thumb_key ('' for none); deleting the row's movement deletes the row, and
-- the store deletes the files once the deletion commits.
CREATE TABLE attachments (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    ledger_id    INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    movement_id  INTEGER NOT NULL REFERENCES movements(id) ON DELETE CASCADE,
    name         TEXT    NOT NULL,
    content_type TEXT    NOT NULL,
    size         INTEGER NOT NULL,
    width        INTEGER NOT NULL DEFAULT 0,
    height       INTEGER NOT NULL DEFAULT 0,
    file_key     TEXT    NOT NULL,
    thumb_key    TEXT    NOT NULL DEFAULT '',
    created_at   INTEGER NOT NULL
);
CREATE INDEX attachments_movement ON attachments (movement_id);
CREATE INDEX attachments_ledger ON attachments (ledger_id);

-- +goose Down
DROP TABLE attachments;
