-- +goose Up
-- A ledger's own currencies (a cryptocurrency, loyalty points): a code that
-- is not ISO 4217, a name, a symbol and 0–8 decimals, usable like the others.
CREATE TABLE ledger_currencies (
    ledger_id  INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    code       TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    symbol     TEXT    NOT NULL,
    decimals   INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (ledger_id, code)
);

-- +goose Down
DROP TABLE ledger_currencies;
