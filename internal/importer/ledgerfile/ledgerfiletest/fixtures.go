// Package ledgerfiletest gives tests the importer's fixture files, wherever
// the test runs: the peers' exports and the Actual Budget zip built from
// its SQL.
package ledgerfiletest

import (
	"archive/zip"
	"bytes"
	"database/sql"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	_ "github.com/mattn/go-sqlite3" // Actual's db.sqlite is built with it
)

// Testdata is the path of a file under internal/importer/ledgerfile/testdata.
func Testdata(parts ...string) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(append([]string{filepath.Dir(file), "..", "testdata"}, parts...)...)
}

// Read returns a fixture file's bytes.
func Read(t testing.TB, parts ...string) []byte {
	t.Helper()
	b, err := os.ReadFile(Testdata(parts...))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// ActualZip builds Actual Budget's export from testdata/actual: db.sqlite
// made by db.sql (then extra SQL), zipped with metadata.json.
func ActualZip(t testing.TB, extra string) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "db.sqlite")
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(string(Read(t, "actual", "db.sql")) + extra); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return Zip(t, map[string][]byte{"db.sqlite": data, "metadata.json": Read(t, "actual", "metadata.json")})
}

// Zip makes a zip of the files, in the order of their names.
func Zip(t testing.TB, files map[string][]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range slices.Sorted(maps.Keys(files)) {
		data := files[name]
		w, err := zw.Create(name)
		if err == nil {
			_, err = w.Write(data)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
