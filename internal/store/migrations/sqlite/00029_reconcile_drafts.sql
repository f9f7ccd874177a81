-- +goose Up
-- A reconciliation begun and not finished: the statement's date and balance
-- the user typed, kept so that the reconcile screen opens on them again (on
-- any device) until the account is reconciled.
CREATE TABLE reconcile_drafts (
    account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    ledger_id  INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    date       TEXT    NOT NULL,
    balance    INTEGER NOT NULL,
    updated_by INTEGER,
    updated_at INTEGER NOT NULL
);

-- +goose Down
DROP TABLE reconcile_drafts;
