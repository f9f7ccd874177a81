package ledgerfile_test

import (
	"os"
	"path/filepath"
	"testing"
)

// read returns a fixture: this package's, or a bank statement's (which
// these readers must refuse).
func read(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if os.IsNotExist(err) {
		b, err = os.ReadFile(filepath.Join("..", "statement", "testdata", name))
	}
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// seeds are the bank statements, which the fuzz targets start from too.
func seeds(f *testing.F) {
	for _, n := range []string{"es_bank.csv", "us_bank.csv", "fr_bank.csv", "bad_rows.csv", "splits.csv", "bank.ofx", "bank.qif"} {
		f.Add(read(f, n))
	}
}
