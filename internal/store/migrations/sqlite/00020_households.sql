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
-- A ledger's activity (finance.Activity): who did what, when; written in the
-- transaction of the change. user_id has no foreign key: a deleted user's
-- entries stay, without a name.
CREATE TABLE ledger_activity (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    ledger_id  INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    user_id    INTEGER,
    at         INTEGER NOT NULL,
    action     TEXT    NOT NULL,
    subject    TEXT    NOT NULL,
    subject_id INTEGER,
    count      INTEGER NOT NULL DEFAULT 1,
    details    TEXT    NOT NULL DEFAULT '{}'
);
CREATE INDEX ledger_activity_ledger ON ledger_activity(ledger_id, id);
-- Who created a movement and who last changed it: user ids, with no foreign
-- key (a deleted user's movements in a shared ledger keep the id, and no
-- index on movements is needed to delete a user).
ALTER TABLE movements ADD COLUMN created_by INTEGER;
ALTER TABLE movements ADD COLUMN updated_by INTEGER;

-- +goose Down
DROP TABLE ledger_activity;
ALTER TABLE movements DROP COLUMN updated_by;
ALTER TABLE movements DROP COLUMN created_by;
DROP TABLE ledger_invitations;
ALTER TABLE ledger_members DROP COLUMN created_at;
ALTER TABLE users DROP COLUMN current_ledger_id;
ALTER TABLE users DROP COLUMN default_ledger_id;
