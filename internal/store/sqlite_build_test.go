package store_test

import (
	"database/sql"
	"os"
	"testing"
)

// The Makefile compiles SQLite with its query planner stability guarantee
// (SQLITE_ENABLE_QPSG): without it, a kept statement whose plan looked at a
// bound value is prepared again every time it runs, which cost a create a
// quarter of its CPU. A build by hand without the flag is slower, not wrong,
// so this is required only where the Makefile builds (CI).
func TestSQLiteHasStablePlans(t *testing.T) {
	db, err := sql.Open("sqlite3", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var on bool
	if err := db.QueryRow(`SELECT sqlite_compileoption_used('ENABLE_QPSG')`).Scan(&on); err != nil {
		t.Fatal(err)
	}
	if !on {
		if os.Getenv("CI") != "" {
			t.Fatal("SQLite was built without SQLITE_ENABLE_QPSG: build through the Makefile (CGO_CFLAGS)")
		}
		t.Skip("SQLite built without SQLITE_ENABLE_QPSG (CGO_CFLAGS is set by the Makefile)")
	}
}
