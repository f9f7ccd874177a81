package store_test

import (
	"context"
	"sort"
	"strings"
	"testing"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// typeClass is a column type's class, the same for both dialects' spellings.
func typeClass(declared string) string {
	t := strings.ToLower(declared)
	switch {
	case strings.Contains(t, "int"): // INTEGER, BIGINT, bigint, integer, smallint
		return "integer"
	case strings.Contains(t, "char"), strings.Contains(t, "text"), strings.Contains(t, "clob"):
		return "text"
	case strings.HasPrefix(t, "bool"):
		return "bool"
	case t == "blob", t == "bytea":
		return "blob"
	}
	return "other:" + t
}

// schemaOf maps every "table.column" of a migrated store to its type class.
func schemaOf(t *testing.T, db *store.DB) map[string]string {
	t.Helper()
	cols, err := db.ColumnsForTest(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for table, cs := range cols {
		for col, typ := range cs {
			out[table+"."+col] = typeClass(typ)
		}
	}
	return out
}

// TestSchemasMatch: after every migration, SQLite and PostgreSQL have the
// same tables and columns, of the same type class. A migration that adds a
// column (or a table) to one dialect only fails here. SQLite has no boolean
// type: its INTEGER 0/1 columns stand for PostgreSQL's booleans.
func TestSchemasMatch(t *testing.T) {
	lite := schemaOf(t, storetest.OpenSQLite(t))
	pg := schemaOf(t, storetest.OpenPostgres(t))
	if len(lite) < 20 || len(pg) < 20 {
		t.Fatalf("too few columns read: %d on SQLite, %d on PostgreSQL", len(lite), len(pg))
	}
	var names []string
	for c := range lite {
		names = append(names, c)
	}
	for c := range pg {
		if _, ok := lite[c]; !ok {
			names = append(names, c)
		}
	}
	sort.Strings(names)
	for _, c := range names {
		l, inLite := lite[c]
		p, inPG := pg[c]
		switch {
		case !inPG:
			t.Errorf("%s is on SQLite only", c)
		case !inLite:
			t.Errorf("%s is on PostgreSQL only", c)
		case strings.HasPrefix(l, "other:") || strings.HasPrefix(p, "other:"):
			t.Errorf("%s: unknown type class (%s on SQLite, %s on PostgreSQL): teach typeClass", c, l, p)
		case l != p && !(l == "integer" && p == "bool"):
			t.Errorf("%s is %s on SQLite but %s on PostgreSQL", c, l, p)
		}
	}
}
