-- +goose Up
-- The scheduled backups (CASHCONTROL_BACKUP_DIR): a row for each period's
-- backup, taken by the one server whose insert of the period (slot, its
-- start in Unix ms) went in first, so that several servers on one database
-- take one backup a period. The administration shows the last ones.
CREATE TABLE backup_runs (
    slot        BIGINT NOT NULL PRIMARY KEY,
    started_at  BIGINT NOT NULL,
    finished_at BIGINT NOT NULL DEFAULT 0,
    file        TEXT   NOT NULL DEFAULT '',
    size        BIGINT NOT NULL DEFAULT 0,
    error       TEXT   NOT NULL DEFAULT ''
);

-- The rate limits every server shares (sign-ins, sign-ups, uploads): a
-- token bucket per key kept as its theoretical arrival time (tat, Unix ms;
-- GCRA). allowed says whether the last request the bucket saw went through.
-- Rows whose tat has passed are full buckets, swept with the sessions.
CREATE TABLE rate_limits (
    key     TEXT   NOT NULL PRIMARY KEY,
    tat     BIGINT NOT NULL,
    allowed BIGINT NOT NULL DEFAULT 1
);

-- +goose Down
DROP TABLE rate_limits;
DROP TABLE backup_runs;
