-- +goose Up
-- A movement's state against the bank: uncleared (typed in), cleared (the
-- bank shows it) or reconciled (part of a statement the user reconciled; its
-- amount, date and account change only when confirmed).
ALTER TABLE movements ADD COLUMN state TEXT NOT NULL DEFAULT 'uncleared';

-- A reconciliation: the statement balance of an account on a date that the
-- movements reconciled up to that date add up to (with the opening balance).
CREATE TABLE reconciliations (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    ledger_id    INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    account_id   INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    date         TEXT    NOT NULL,
    balance      INTEGER NOT NULL,
    reconciled   INTEGER NOT NULL DEFAULT 0,
    adjustment_id INTEGER,
    created_by   INTEGER,
    created_at   INTEGER NOT NULL
);
CREATE INDEX reconciliations_account ON reconciliations (account_id, date, id);

-- A balance a bank file states for an account on a date (an import's
-- statement balance), checked against the app's balance on that date.
CREATE TABLE checkpoints (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    ledger_id  INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    date       TEXT    NOT NULL,
    balance    INTEGER NOT NULL,
    source     TEXT    NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX checkpoints_account ON checkpoints (account_id, date, id);

-- +goose Down
DROP TABLE checkpoints;
DROP TABLE reconciliations;
ALTER TABLE movements DROP COLUMN state;
