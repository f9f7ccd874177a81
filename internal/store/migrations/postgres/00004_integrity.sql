-- +goose Up
-- turnover is the sum of every amount in the ledger: the absolute opening
-- balances plus every movement's amount (and a transfer's received amount).
-- Any balance, total or report of the ledger is at most this in absolute
-- value, so keeping it under a bound keeps every sum far from overflow.
ALTER TABLE ledgers ADD COLUMN turnover BIGINT NOT NULL DEFAULT 0;
UPDATE ledgers SET turnover = LEAST(
      COALESCE((SELECT SUM(ABS(opening_balance)) FROM accounts a WHERE a.ledger_id = ledgers.id), 0)
    + COALESCE((SELECT SUM(total) FROM monthly_totals t WHERE t.ledger_id = ledgers.id), 0),
    9000000000000000000)::BIGINT;

-- A committed upload keeps its row (without the file) so that a repeated
-- commit is told so instead of importing twice.
ALTER TABLE imports ADD COLUMN committed_at BIGINT;
ALTER TABLE imports ADD COLUMN result TEXT NOT NULL DEFAULT '';

-- Requests sent with an Idempotency-Key: a retry with the same key and the
-- same request gets the first result instead of applying again.
CREATE TABLE idempotency_keys (
    ledger_id   BIGINT NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    idem_key    TEXT   NOT NULL,
    fingerprint TEXT   NOT NULL,
    result      TEXT   NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (ledger_id, idem_key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys(ledger_id, created_at);

-- +goose Down
DROP TABLE idempotency_keys;
ALTER TABLE imports DROP COLUMN result;
ALTER TABLE imports DROP COLUMN committed_at;
ALTER TABLE ledgers DROP COLUMN turnover;
