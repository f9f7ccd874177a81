-- +goose Up
-- SQLite's tables gain AUTOINCREMENT here so that ids are never reused.
-- PostgreSQL's identity sequences already never hand out a value twice.
-- Both gain an index for amount ranges, so that every filter is index-driven.
CREATE INDEX movements_ledger_amount ON movements(ledger_id, amount);

-- +goose Down
DROP INDEX movements_ledger_amount;
