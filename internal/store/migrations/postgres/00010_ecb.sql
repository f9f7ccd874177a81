-- +goose Up
-- The automatic daily download of the European Central Bank's reference
-- rates, per ledger (off by default), and when it last succeeded (ms).
ALTER TABLE ledgers ADD COLUMN ecb_rates BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE ledgers ADD COLUMN ecb_fetched_at BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE ledgers DROP COLUMN ecb_fetched_at;
ALTER TABLE ledgers DROP COLUMN ecb_rates;
