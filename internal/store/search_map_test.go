package store

import (
	"os"
	"strings"
	"testing"
)

// TestSearchWordsInMigration: the PostgreSQL migration indexes the
// expression that searchTokens' rule gives. After a change of the rule, write
// the migration's line with CASHCONTROL_PRINT_SEARCH_INDEX=/path/to/file.
func TestSearchWordsInMigration(t *testing.T) {
	line := "CREATE INDEX movements_search ON movements USING gin (" + pgSearchWords("") + ");"
	if out := os.Getenv("CASHCONTROL_PRINT_SEARCH_INDEX"); out != "" {
		if err := os.WriteFile(out, []byte(line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := migrations.ReadFile("migrations/postgres/00006_search.sql")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), line) {
		t.Fatal("migrations/postgres/00006_search.sql does not index pgSearchWords(\"\"): write its line with " +
			"CASHCONTROL_PRINT_SEARCH_INDEX=/tmp/index.sql go test ./internal/store -run TestSearchWordsInMigration")
	}
}
