-- +goose Up
-- Only transfers have a destination account: index those alone, so that
-- every other movement written (an import's many thousands) skips this
-- index. A query or foreign-key check on to_account_id = ? or IN (…)
-- implies IS NOT NULL, so it still uses it.
DROP INDEX movements_to_account;
CREATE INDEX movements_to_account ON movements(to_account_id) WHERE to_account_id IS NOT NULL;

-- +goose Down
DROP INDEX movements_to_account;
CREATE INDEX movements_to_account ON movements(to_account_id);
