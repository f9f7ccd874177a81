-- +goose Up
-- Exchange rates: on date, one unit of currency is worth rate units of quote.
-- rate is an exact decimal kept as text (never a float); a rate learnt from
-- a cross-currency transfer names it (movement_id). One rate per pair and day.
CREATE TABLE rates (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    ledger_id   INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    currency    TEXT    NOT NULL,
    quote       TEXT    NOT NULL,
    date        TEXT    NOT NULL,
    rate        TEXT    NOT NULL,
    source      TEXT    NOT NULL,
    movement_id INTEGER,
    created_at  INTEGER NOT NULL,
    UNIQUE (ledger_id, currency, quote, date)
);
CREATE INDEX rates_movement ON rates(movement_id) WHERE movement_id IS NOT NULL;

-- The pairs that have rates, with how many: a conversion looks for a common
-- currency among them without reading every rate.
CREATE TABLE rate_pairs (
    ledger_id INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    currency  TEXT    NOT NULL,
    quote     TEXT    NOT NULL,
    rates     INTEGER NOT NULL,
    PRIMARY KEY (ledger_id, currency, quote)
);

-- Every movement in the ledger's base currency (derived, like the rollup):
-- NULL when its currency has no rate. base_later: 1 when the amount, 2 when a
-- transfer's received amount, used a rate of a later date.
ALTER TABLE movements ADD COLUMN base_amount INTEGER;
ALTER TABLE movements ADD COLUMN to_base_amount INTEGER;
ALTER TABLE movements ADD COLUMN base_later INTEGER NOT NULL DEFAULT 0;
ALTER TABLE monthly_totals ADD COLUMN base_total INTEGER NOT NULL DEFAULT 0;
ALTER TABLE monthly_totals ADD COLUMN unrated INTEGER NOT NULL DEFAULT 0;

-- No rates exist yet: what is in the base currency is itself, the rest has
-- none. (Rates learnt from earlier transfers come from migration 00009.)
UPDATE movements SET base_amount = amount WHERE EXISTS (SELECT 1 FROM accounts a JOIN ledgers l ON l.id = a.ledger_id
    WHERE a.id = movements.account_id AND a.currency = l.base_currency);
UPDATE movements SET to_base_amount = to_amount WHERE to_account_id IS NOT NULL AND EXISTS (SELECT 1 FROM accounts a
    JOIN ledgers l ON l.id = a.ledger_id WHERE a.id = movements.to_account_id AND a.currency = l.base_currency);
UPDATE monthly_totals SET base_total = total WHERE EXISTS (SELECT 1 FROM accounts a JOIN ledgers l ON l.id = a.ledger_id
    WHERE a.id = monthly_totals.account_id AND a.currency = l.base_currency);
UPDATE monthly_totals SET unrated = count WHERE NOT EXISTS (SELECT 1 FROM accounts a JOIN ledgers l ON l.id = a.ledger_id
    WHERE a.id = monthly_totals.account_id AND a.currency = l.base_currency);
-- The turnover bounds the converted sums too.
UPDATE ledgers SET turnover = MIN(turnover + COALESCE((SELECT SUM(base_total) FROM monthly_totals t WHERE t.ledger_id = ledgers.id), 0),
    9000000000000000000);

-- +goose Down
UPDATE ledgers SET turnover = turnover - COALESCE((SELECT SUM(base_total) FROM monthly_totals t WHERE t.ledger_id = ledgers.id), 0);
ALTER TABLE monthly_totals DROP COLUMN unrated;
ALTER TABLE monthly_totals DROP COLUMN base_total;
ALTER TABLE movements DROP COLUMN base_later;
ALTER TABLE movements DROP COLUMN to_base_amount;
ALTER TABLE movements DROP COLUMN base_amount;
DROP TABLE rate_pairs;
DROP TABLE rates;
