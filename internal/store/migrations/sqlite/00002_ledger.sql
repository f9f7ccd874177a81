-- +goose Up
CREATE TABLE accounts (
    id              INTEGER PRIMARY KEY,
    ledger_id       INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    name            TEXT    NOT NULL,
    name_key        TEXT    NOT NULL,
    type            TEXT    NOT NULL,
    currency        TEXT    NOT NULL,
    opening_balance INTEGER NOT NULL DEFAULT 0,
    balance         INTEGER NOT NULL DEFAULT 0,
    position        INTEGER NOT NULL DEFAULT 0,
    archived        INTEGER NOT NULL DEFAULT 0,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    UNIQUE (ledger_id, name_key)
);
CREATE INDEX accounts_ledger ON accounts(ledger_id, position, id);

CREATE TABLE categories (
    id          INTEGER PRIMARY KEY,
    ledger_id   INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    parent_id   INTEGER REFERENCES categories(id) ON DELETE CASCADE,
    parent_key  INTEGER NOT NULL DEFAULT 0,
    type        TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    name_key    TEXT    NOT NULL,
    color       TEXT    NOT NULL DEFAULT '',
    icon        TEXT    NOT NULL DEFAULT '',
    position    INTEGER NOT NULL DEFAULT 0,
    archived    INTEGER NOT NULL DEFAULT 0,
    starter_key TEXT,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    UNIQUE (ledger_id, type, parent_key, name_key),
    UNIQUE (ledger_id, starter_key)
);
CREATE INDEX categories_ledger ON categories(ledger_id, type, parent_key, position, id);
CREATE INDEX categories_parent ON categories(parent_id);

-- A movement is an expense, an earning or a transfer between two accounts.
-- amount is positive, in the account's minor units; to_amount is what the
-- destination account receives (it differs when the currencies differ).
CREATE TABLE movements (
    id            INTEGER PRIMARY KEY,
    ledger_id     INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    type          TEXT    NOT NULL,
    date          TEXT    NOT NULL,
    amount        INTEGER NOT NULL,
    account_id    INTEGER NOT NULL REFERENCES accounts(id),
    category_id   INTEGER REFERENCES categories(id),
    to_account_id INTEGER REFERENCES accounts(id),
    to_amount     INTEGER,
    description   TEXT    NOT NULL DEFAULT '',
    notes         TEXT    NOT NULL DEFAULT '',
    tags          TEXT    NOT NULL DEFAULT '',
    fitid         TEXT    NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    CHECK (amount > 0),
    CHECK (type IN ('expense', 'earning', 'transfer'))
);
CREATE INDEX movements_ledger_date ON movements(ledger_id, date DESC, id DESC);
CREATE INDEX movements_account_date ON movements(account_id, date DESC, id DESC);
CREATE INDEX movements_to_account ON movements(to_account_id);
CREATE INDEX movements_category_date ON movements(category_id, date DESC, id DESC);

CREATE TABLE movement_tags (
    movement_id INTEGER NOT NULL REFERENCES movements(id) ON DELETE CASCADE,
    ledger_id   INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    tag         TEXT    NOT NULL,
    PRIMARY KEY (movement_id, tag)
);
CREATE INDEX movement_tags_tag ON movement_tags(ledger_id, tag, movement_id);

-- Monthly totals per ledger, account, category (0: none), month and kind,
-- kept in the same transaction as every movement write. kind is expense,
-- earning, transfer_out (on the source account) or transfer_in (on the
-- destination, with the received amount).
CREATE TABLE monthly_totals (
    ledger_id   INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    account_id  INTEGER NOT NULL,
    category_id INTEGER NOT NULL,
    month       TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    total       INTEGER NOT NULL,
    count       INTEGER NOT NULL,
    PRIMARY KEY (ledger_id, month, kind, account_id, category_id)
);

-- +goose Down
DROP TABLE monthly_totals;
DROP TABLE movement_tags;
DROP TABLE movements;
DROP TABLE categories;
DROP TABLE accounts;
