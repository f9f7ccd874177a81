-- +goose Up
-- Rules (finance/rules.go): run in position order on every movement created
-- or imported. conditions and actions are JSON (finance.RuleCondition list,
-- finance.RuleActions); the store keeps their account and category ids the
-- ledger's when accounts and categories are deleted.
CREATE TABLE rules (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    ledger_id   INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    name        TEXT    NOT NULL,
    position    INTEGER NOT NULL,
    enabled     INTEGER NOT NULL DEFAULT 1,
    match_all   INTEGER NOT NULL DEFAULT 1,
    stop        INTEGER NOT NULL DEFAULT 0,
    conditions  TEXT    NOT NULL,
    actions     TEXT    NOT NULL,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);
CREATE INDEX rules_ledger ON rules (ledger_id, position);

-- A rule applied to the existing movements, kept for its undo: items is
-- JSON, each changed movement's id with its fields before and after.
CREATE TABLE rule_runs (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    ledger_id   INTEGER NOT NULL REFERENCES ledgers(id) ON DELETE CASCADE,
    rule_id     INTEGER NOT NULL,
    items       TEXT    NOT NULL,
    created_at  INTEGER NOT NULL
);
CREATE INDEX rule_runs_ledger ON rule_runs (ledger_id, id);

-- +goose Down
DROP TABLE rule_runs;
DROP TABLE rules;
