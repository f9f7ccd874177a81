-- +goose Up
-- Full-text search over movements' descriptions and notes (the list's q
-- filter): an FTS4 index (compiled into the driver; FTS5 would need a build
-- tag), one partition per ledger (languageid), words lower-cased without
-- diacritics. Its docid is the movement's search key, the date's Julian day
-- number above the id, (CAST(julianday(date) AS INTEGER) << 40) | id, which
-- orders like (date, id): the index returns matches in list order, newest
-- first (order=DESC), and a page stops early. store.searchKeySQL writes the
-- same key. The triggers keep it in step with every write of movements.
CREATE VIRTUAL TABLE movements_search USING fts4(
    description, notes,
    tokenize=unicode61 "remove_diacritics=2",
    languageid="ledger_id",
    order=DESC
);
INSERT INTO movements_search (docid, ledger_id, description, notes)
SELECT (CAST(julianday(date) AS INTEGER) << 40) | id, ledger_id, description, notes FROM movements
ORDER BY ledger_id, date, id; -- in key order per partition: FTS4 writes out its pending terms at every step back

-- +goose StatementBegin
CREATE TRIGGER movements_search_insert AFTER INSERT ON movements BEGIN
    INSERT INTO movements_search (docid, ledger_id, description, notes)
    VALUES ((CAST(julianday(new.date) AS INTEGER) << 40) | new.id, new.ledger_id, new.description, new.notes);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER movements_search_update AFTER UPDATE OF date, description, notes, ledger_id, id ON movements
WHEN old.date IS NOT new.date OR old.description IS NOT new.description OR old.notes IS NOT new.notes
    OR old.ledger_id IS NOT new.ledger_id OR old.id IS NOT new.id BEGIN
    DELETE FROM movements_search WHERE docid = (CAST(julianday(old.date) AS INTEGER) << 40) | old.id;
    INSERT INTO movements_search (docid, ledger_id, description, notes)
    VALUES ((CAST(julianday(new.date) AS INTEGER) << 40) | new.id, new.ledger_id, new.description, new.notes);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER movements_search_delete AFTER DELETE ON movements BEGIN
    DELETE FROM movements_search WHERE docid = (CAST(julianday(old.date) AS INTEGER) << 40) | old.id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER movements_search_delete;
DROP TRIGGER movements_search_update;
DROP TRIGGER movements_search_insert;
DROP TABLE movements_search;
