-- +goose Up
-- The lines of split expenses and earnings (finance.Split): a line's part of
-- the movement's amount in a category of its own. A line repeats its
-- movement's ledger, type, date and account, so that reports, totals and the
-- category filter read lines without joining their movement. movements.splits
-- is how many lines a movement has (0: not split; its category_id is then
-- its category, else NULL).
ALTER TABLE movements ADD COLUMN splits BIGINT NOT NULL DEFAULT 0;
CREATE TABLE movement_splits (
    movement_id BIGINT  NOT NULL REFERENCES movements(id) ON DELETE CASCADE,
    position    BIGINT NOT NULL,
    ledger_id   BIGINT NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    type        TEXT    NOT NULL,
    date        TEXT    NOT NULL,
    account_id  BIGINT NOT NULL,
    category_id BIGINT NOT NULL REFERENCES categories(id),
    amount      BIGINT NOT NULL,
    base_amount BIGINT,
    note        TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (movement_id, position)
);
CREATE INDEX movement_splits_date ON movement_splits (ledger_id, date);
CREATE INDEX movement_splits_category ON movement_splits (ledger_id, category_id);

-- +goose Down
DROP TABLE movement_splits;
ALTER TABLE movements DROP COLUMN splits;
