-- +goose Up
-- Budgets: an amount of the ledger's base currency per expense category
-- (category_id 0: the whole ledger) from a month on. A row holds for its
-- month and every month after it until the category's next row; amount NULL
-- means no budget from that month. rollover: what is left (or overspent)
-- at the end of a month governed by the row carries into the next month.
CREATE TABLE budgets (
    ledger_id   BIGINT  NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    category_id BIGINT  NOT NULL,
    month       TEXT    NOT NULL,
    amount      BIGINT,
    rollover    BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (ledger_id, category_id, month)
);

-- +goose Down
DROP TABLE budgets;
