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

-- An account's cleared balance on a date (the reconcile screen's, a
-- reconciliation's) sums its cleared and reconciled movements up to it: read
-- from these indexes alone, never from an account's uncleared rows.
CREATE INDEX movements_account_cleared ON movements (account_id, date, type, amount, state) WHERE state <> 'uncleared';
CREATE INDEX movements_to_account_cleared ON movements (to_account_id, date, to_amount, state) WHERE state <> 'uncleared' AND to_account_id IS NOT NULL;

-- +goose Down
DROP INDEX movements_to_account_cleared;
DROP INDEX movements_account_cleared;
DROP TABLE reconcile_drafts;
