-- +goose Up
-- The category suggestion model (finance/suggest.go): how many of the
-- ledger's categorised expenses and earnings with a feature (a word of the
-- description, the account, the amount's magnitude) are in each category.
-- Every movement write keeps it, like monthly_totals; migration 15 fills it
-- from the movements written before.
CREATE TABLE category_features (
    ledger_id   INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    feature     TEXT    NOT NULL,
    category_id INTEGER NOT NULL,
    count       INTEGER NOT NULL,
    PRIMARY KEY (ledger_id, feature, category_id)
);

-- +goose Down
DROP TABLE category_features;
