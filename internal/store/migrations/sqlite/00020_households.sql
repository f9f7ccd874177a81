-- +goose Up
-- Shared ledgers (finance.Member): a user may belong to several ledgers, as
-- owner, editor or viewer. default_ledger_id is the ledger made at sign-up
-- (it cannot be deleted, nor left); current_ledger_id the one the user last
-- chose, remembered on every device (NULL or no longer a member: the default).
-- ledgers.owner_id is one of the ledger's owners: deleting that user's account
-- deletes the ledger only when nobody else belongs to it.
ALTER TABLE users ADD COLUMN default_ledger_id INTEGER REFERENCES ledgers(id) ON DELETE SET NULL;
ALTER TABLE users ADD COLUMN current_ledger_id INTEGER REFERENCES ledgers(id) ON DELETE SET NULL;
UPDATE users SET default_ledger_id = (SELECT MIN(l.id) FROM ledgers l WHERE l.owner_id = users.id);
UPDATE ledgers SET name = 'Personal' WHERE name = 'personal';
ALTER TABLE ledger_members ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0;
UPDATE ledger_members SET created_at = COALESCE((SELECT l.created_at FROM ledgers l WHERE l.id = ledger_members.ledger_id), 0);
-- An invitation's link carries a random token; only its SHA-256 is kept. It
-- works once (accepted_at), until expires_at, unless revoked.
CREATE TABLE ledger_invitations (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    ledger_id   INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    email       TEXT    NOT NULL,
    role        TEXT    NOT NULL,
    token_hash  TEXT    NOT NULL UNIQUE,
    invited_by  INTEGER REFERENCES users(id) ON DELETE SET NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    accepted_at INTEGER,
    accepted_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
    revoked_at  INTEGER
);
CREATE INDEX ledger_invitations_ledger ON ledger_invitations(ledger_id, created_at);

-- +goose Down
DROP TABLE ledger_invitations;
ALTER TABLE ledger_members DROP COLUMN created_at;
ALTER TABLE users DROP COLUMN current_ledger_id;
ALTER TABLE users DROP COLUMN default_ledger_id;
