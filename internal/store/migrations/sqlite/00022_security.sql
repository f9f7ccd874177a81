-- +goose Up
-- Two-step sign-in (finance.TwoFactorStatus): a user's TOTP secret (RFC 6238),
-- pending until a first code confirms it (enabled_at), and the last time step
-- a code was accepted for, so that no code works twice.
CREATE TABLE user_two_factor (
    user_id    INTEGER NOT NULL PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    secret     TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    enabled_at INTEGER,
    last_step  INTEGER NOT NULL DEFAULT 0
);
-- Single-use recovery codes: only their SHA-256 is kept; used_at once used.
CREATE TABLE recovery_codes (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id   INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code_hash TEXT    NOT NULL,
    used_at   INTEGER,
    UNIQUE (user_id, code_hash)
);
-- A password accepted for an account with two-step sign-in: the browser holds
-- the token (a cookie) until a code completes the sign-in; only its SHA-256 is
-- kept, with a deadline and the wrong codes tried.
CREATE TABLE login_challenges (
    token_hash TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX login_challenges_user ON login_challenges(user_id);
-- A user's security activity (finance.SecurityEvent): sign-ins, failed ones,
-- two-step and password changes.
CREATE TABLE security_events (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,
    detail     TEXT    NOT NULL DEFAULT '',
    ip         TEXT    NOT NULL DEFAULT '',
    user_agent TEXT    NOT NULL DEFAULT '',
    at         INTEGER NOT NULL
);
CREATE INDEX security_events_user ON security_events(user_id, id);
CREATE INDEX security_events_at ON security_events(at);
-- Personal API tokens (finance.APIToken): only the SHA-256 of the secret is
-- kept, with its last characters to recognise it; scope 'read' or 'write'.
CREATE TABLE api_tokens (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name         TEXT    NOT NULL,
    scope        TEXT    NOT NULL,
    token_hash   TEXT    NOT NULL UNIQUE,
    hint         TEXT    NOT NULL,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER,
    last_used_at INTEGER
);
CREATE INDEX api_tokens_user ON api_tokens(user_id);

-- Administration: a disabled user cannot sign in (disabled_at); settings
-- of the instance that an administrator changes at run time (key, value:
-- 'signup_enabled' = 'true' or 'false'; absent, the environment's default);
-- one-time password-reset links (only their SHA-256 is kept).
ALTER TABLE users ADD COLUMN disabled_at INTEGER;
CREATE TABLE instance_settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE password_resets (
    token_hash TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at    INTEGER
);
CREATE INDEX password_resets_user ON password_resets(user_id);
-- Passkeys (WebAuthn, finance.Passkey): each user's random handle, the
-- credentials (go-webauthn's record as JSON, found by their base64url id),
-- and the ceremonies begun and not finished (the browser holds the token; only
-- its SHA-256 is kept, with go-webauthn's session data).
CREATE TABLE passkey_handles (
    user_id INTEGER NOT NULL PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    handle  TEXT    NOT NULL UNIQUE
);
CREATE TABLE passkeys (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id       INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name          TEXT    NOT NULL,
    credential_id TEXT    NOT NULL UNIQUE,
    credential    TEXT    NOT NULL,
    created_at    INTEGER NOT NULL,
    last_used_at  INTEGER
);
CREATE INDEX passkeys_user ON passkeys(user_id);
CREATE TABLE webauthn_ceremonies (
    token_hash TEXT    PRIMARY KEY,
    user_id    INTEGER REFERENCES users(id) ON DELETE CASCADE,
    data       TEXT    NOT NULL,
    expires_at INTEGER NOT NULL
);

-- +goose Down
DROP TABLE webauthn_ceremonies;
DROP TABLE passkeys;
DROP TABLE passkey_handles;
DROP TABLE password_resets;
DROP TABLE instance_settings;
ALTER TABLE users DROP COLUMN disabled_at;
DROP TABLE api_tokens;
DROP TABLE security_events;
DROP TABLE login_challenges;
DROP TABLE recovery_codes;
DROP TABLE user_two_factor;
