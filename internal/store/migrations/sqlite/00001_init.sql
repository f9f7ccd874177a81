-- +goose Up
CREATE TABLE users (
    id                  INTEGER PRIMARY KEY,
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

CREATE TABLE user_identities (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    issuer     TEXT    NOT NULL,
    subject    TEXT    NOT NULL,
    email      TEXT    NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    UNIQUE (issuer, subject)
);
CREATE INDEX user_identities_user ON user_identities(user_id);

CREATE TABLE ledgers (
    id            INTEGER PRIMARY KEY,
    owner_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name          TEXT    NOT NULL,
    base_currency TEXT    NOT NULL DEFAULT 'EUR',
    created_at    INTEGER NOT NULL
);
CREATE INDEX ledgers_owner ON ledgers(owner_id);

CREATE TABLE ledger_members (
    ledger_id INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role      TEXT    NOT NULL DEFAULT 'owner',
    PRIMARY KEY (ledger_id, user_id)
);
CREATE INDEX ledger_members_user ON ledger_members(user_id);

CREATE TABLE sessions (
    token_hash   TEXT    PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at   INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    user_agent   TEXT    NOT NULL DEFAULT '',
    ip           TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user ON sessions(user_id);
CREATE INDEX sessions_expires ON sessions(expires_at);

-- +goose Down
DROP TABLE sessions;
DROP TABLE ledger_members;
DROP TABLE ledgers;
DROP TABLE user_identities;
DROP TABLE users;
