-- +goose Up
-- A reconciliation begun and not finished: the statement's date and balance
-- the user typed, kept so that the reconcile screen opens on them again (on
-- any device) until the account is reconciled.
CREATE TABLE reconcile_drafts (
    account_id BIGINT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    ledger_id  BIGINT NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    date       TEXT   NOT NULL,
    balance    BIGINT NOT NULL,
    updated_by BIGINT,
    updated_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE reconcile_drafts;
