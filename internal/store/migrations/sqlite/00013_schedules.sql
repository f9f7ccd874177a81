-- +goose Up
-- Scheduled movements: the movement a schedule makes, its rule, and where it
-- stands: next_index and next_date are the next occurrence not yet posted or
-- skipped (next_date '' once the schedule has ended), done counts those
-- handled and last_date is the latest of them ('' before the first).
CREATE TABLE schedules (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    ledger_id     INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    type          TEXT    NOT NULL,
    amount        INTEGER NOT NULL,
    account_id    INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    category_id   INTEGER REFERENCES categories(id) ON DELETE CASCADE,
    to_account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
    to_amount     INTEGER,
    description   TEXT    NOT NULL DEFAULT '',
    notes         TEXT    NOT NULL DEFAULT '',
    tags          TEXT    NOT NULL DEFAULT '',
    frequency     TEXT    NOT NULL,
    interval_n    INTEGER NOT NULL,
    day           INTEGER NOT NULL DEFAULT 0,
    start_date    TEXT    NOT NULL,
    end_date      TEXT    NOT NULL DEFAULT '',
    count_n       INTEGER NOT NULL DEFAULT 0,
    ask_amount    INTEGER NOT NULL DEFAULT 0,
    auto_post     INTEGER NOT NULL DEFAULT 1,
    paused        INTEGER NOT NULL DEFAULT 0,
    next_index    INTEGER NOT NULL DEFAULT 0,
    next_date     TEXT    NOT NULL DEFAULT '',
    done          INTEGER NOT NULL DEFAULT 0,
    last_date     TEXT    NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
);
CREATE INDEX schedules_ledger ON schedules(ledger_id, next_date);
-- What the server job looks for: schedules that post by themselves.
CREATE INDEX schedules_due ON schedules(next_date) WHERE auto_post = 1 AND ask_amount = 0 AND paused = 0 AND next_date <> '';
CREATE INDEX schedules_account ON schedules(account_id);
CREATE INDEX schedules_to_account ON schedules(to_account_id);
CREATE INDEX schedules_category ON schedules(category_id);

-- Each occurrence handled, once: the key (schedule, date) is what makes two
-- servers, a retry or a double click post it at most once. status is posted
-- (movement_id the movement it made, which may have been deleted since) or
-- skipped.
CREATE TABLE schedule_occurrences (
    schedule_id INTEGER NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
    ledger_id   INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    date        TEXT    NOT NULL,
    status      TEXT    NOT NULL,
    movement_id INTEGER,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (schedule_id, date)
);
CREATE INDEX schedule_occurrences_ledger_date ON schedule_occurrences(ledger_id, date);

-- The user's time zone (IANA name; '' is UTC): what "today" is for schedules.
ALTER TABLE users ADD COLUMN timezone TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE users DROP COLUMN timezone;
DROP TABLE schedule_occurrences;
DROP TABLE schedules;
