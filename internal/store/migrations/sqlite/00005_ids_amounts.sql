-- +goose NO TRANSACTION
-- +goose Up
-- Ids that reach users (movements, imports, accounts, categories, ledgers,
-- users, identities) are never handed out twice on SQLite: without
-- AUTOINCREMENT, SQLite gives the next row max(id) + 1, so deleting the newest
-- movement and creating another reused its id, and an undo, a bookmark or an
-- API client holding the old id pointed at a different movement. SQLite cannot
-- add AUTOINCREMENT to a table: each table is rebuilt (SQLite's documented
-- procedure, with foreign keys off while the tables are swapped, checked at
-- the end). The writer has a single connection, so the pragmas hold for every
-- statement here. PostgreSQL's sequences never reuse a value.
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
CREATE TABLE users_new (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    email               TEXT    NOT NULL UNIQUE,
    password_hash       TEXT    NOT NULL DEFAULT '',
    name                TEXT    NOT NULL DEFAULT '',
    last_name           TEXT    NOT NULL DEFAULT '',
    rol                 TEXT    NOT NULL DEFAULT 'Usuario',
    provider_id         TEXT    NOT NULL DEFAULT 'Email',
    photo_url           TEXT    NOT NULL DEFAULT '',
    phone               TEXT    NOT NULL DEFAULT '',
    address             TEXT    NOT NULL DEFAULT '',
    first_time          INTEGER NOT NULL DEFAULT 1,
    language_preference TEXT    NOT NULL DEFAULT 'SWITCH_TO_SPANISH',
    theme_preference    TEXT    NOT NULL DEFAULT 'LIGHT_MODE',
    base_currency       TEXT    NOT NULL DEFAULT 'EUR',
    created_at          INTEGER NOT NULL,
    updated_at          INTEGER NOT NULL
);
INSERT INTO users_new SELECT * FROM users;
DROP TABLE users;
ALTER TABLE users_new RENAME TO users;
CREATE TABLE user_identities_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    issuer     TEXT    NOT NULL,
    subject    TEXT    NOT NULL,
    email      TEXT    NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    UNIQUE (issuer, subject)
);
INSERT INTO user_identities_new SELECT * FROM user_identities;
DROP TABLE user_identities;
ALTER TABLE user_identities_new RENAME TO user_identities;
CREATE INDEX user_identities_user ON user_identities(user_id);
CREATE TABLE ledgers_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name          TEXT    NOT NULL,
    base_currency TEXT    NOT NULL DEFAULT 'EUR',
    created_at    INTEGER NOT NULL,
    turnover      INTEGER NOT NULL DEFAULT 0
);
INSERT INTO ledgers_new SELECT * FROM ledgers;
DROP TABLE ledgers;
ALTER TABLE ledgers_new RENAME TO ledgers;
CREATE INDEX ledgers_owner ON ledgers(owner_id);
CREATE TABLE accounts_new (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
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
INSERT INTO accounts_new SELECT * FROM accounts;
DROP TABLE accounts;
ALTER TABLE accounts_new RENAME TO accounts;
CREATE INDEX accounts_ledger ON accounts(ledger_id, position, id);
CREATE TABLE categories_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
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
INSERT INTO categories_new SELECT * FROM categories;
DROP TABLE categories;
ALTER TABLE categories_new RENAME TO categories;
CREATE INDEX categories_ledger ON categories(ledger_id, type, parent_key, position, id);
CREATE INDEX categories_parent ON categories(parent_id);
CREATE TABLE movements_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
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
INSERT INTO movements_new SELECT * FROM movements;
DROP TABLE movements;
ALTER TABLE movements_new RENAME TO movements;
CREATE INDEX movements_ledger_date ON movements(ledger_id, date DESC, id DESC);
CREATE INDEX movements_account_date ON movements(account_id, date DESC, id DESC);
CREATE INDEX movements_to_account ON movements(to_account_id);
CREATE INDEX movements_category_date ON movements(category_id, date DESC, id DESC);
CREATE INDEX movements_fitid ON movements(account_id, fitid) WHERE fitid <> '';
-- An amount range finds its movements here (issue 16: every filter index-driven).
CREATE INDEX movements_ledger_amount ON movements(ledger_id, amount);
CREATE TABLE imports_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    ledger_id  INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    file_name  TEXT    NOT NULL,
    format     TEXT    NOT NULL,
    data       BLOB    NOT NULL,
    created_at   INTEGER NOT NULL,
    committed_at INTEGER,
    result       TEXT    NOT NULL DEFAULT ''
);
INSERT INTO imports_new SELECT * FROM imports;
DROP TABLE imports;
ALTER TABLE imports_new RENAME TO imports;
CREATE INDEX imports_ledger ON imports(ledger_id, created_at);
COMMIT;
PRAGMA foreign_keys = ON;

-- +goose Down
-- AUTOINCREMENT is kept: it only stops ids from coming back.
SELECT 1;
