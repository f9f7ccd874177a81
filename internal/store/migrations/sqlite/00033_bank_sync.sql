-- +goose Up
-- A ledger's connection to a bank through a provider (enablebanking,
-- simplefin). secret holds the credentials (Enable Banking's application
-- id and private key and its session; SimpleFIN's access URL) sealed with
-- the server's secret key (secretbox "bank"), never plain. state is the
-- random value of a pending authorisation (the bank's redirect brings it
-- back). consent_end, last_sync_at, next_sync_at: Unix milliseconds.
CREATE TABLE bank_connections (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    ledger_id        INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    provider         TEXT    NOT NULL,
    institution      TEXT    NOT NULL DEFAULT '',
    country          TEXT    NOT NULL DEFAULT '',
    status           TEXT    NOT NULL,
    secret           TEXT    NOT NULL,
    state            TEXT,
    consent_end      INTEGER,
    sync_every_hours INTEGER NOT NULL DEFAULT 6,
    last_sync_at     INTEGER,
    last_result      TEXT,
    last_error       TEXT,
    next_sync_at     INTEGER,
    failures         INTEGER NOT NULL DEFAULT 0,
    created_by       INTEGER,
    created_at       INTEGER NOT NULL
);
CREATE INDEX bank_connections_ledger ON bank_connections (ledger_id, id);
CREATE UNIQUE INDEX bank_connections_state ON bank_connections (state);
CREATE INDEX bank_connections_due ON bank_connections (next_sync_at);

-- The bank's accounts of a connection, the Cash Control account each one
-- is linked to (NULL: not synced), and the bank's booked balance on its
-- date as the last sync read it.
CREATE TABLE bank_accounts (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    ledger_id     INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    connection_id INTEGER NOT NULL REFERENCES bank_connections(id) ON DELETE CASCADE,
    bank_id       TEXT    NOT NULL,
    name          TEXT    NOT NULL,
    currency      TEXT    NOT NULL,
    balance       INTEGER NOT NULL DEFAULT 0,
    balance_date  TEXT    NOT NULL DEFAULT '',
    account_id    INTEGER REFERENCES accounts(id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX bank_accounts_bank ON bank_accounts (connection_id, bank_id);
CREATE INDEX bank_accounts_account ON bank_accounts (account_id);

-- Each provider transaction a sync took, by the provider's id: the unique
-- index makes taking one twice impossible, whichever server syncs. It
-- points at the movement it became (created) or was matched with
-- (matched = 1: the ledger had it, typed or from a file); pending until
-- the bank books it. date, amount, description: the bank's, to show a
-- match and to undo it.
CREATE TABLE bank_transactions (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    ledger_id       INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    bank_account_id INTEGER NOT NULL REFERENCES bank_accounts(id) ON DELETE CASCADE,
    provider_id     TEXT    NOT NULL,
    movement_id     INTEGER,
    matched         INTEGER NOT NULL DEFAULT 0,
    pending         INTEGER NOT NULL DEFAULT 0,
    date            TEXT    NOT NULL,
    amount          INTEGER NOT NULL,
    description     TEXT    NOT NULL DEFAULT '',
    notes           TEXT    NOT NULL DEFAULT '',
    created_at      INTEGER NOT NULL
);
CREATE UNIQUE INDEX bank_transactions_provider ON bank_transactions (bank_account_id, provider_id);
CREATE INDEX bank_transactions_movement ON bank_transactions (movement_id);
CREATE INDEX bank_transactions_date ON bank_transactions (bank_account_id, pending, date);

-- +goose Down
DROP TABLE bank_transactions;
DROP TABLE bank_accounts;
DROP TABLE bank_connections;
