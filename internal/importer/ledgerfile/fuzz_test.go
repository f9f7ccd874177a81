package ledgerfile_test

import (
	"testing"

	"cashcontrol/internal/importer/ledgerfile"
)

func ledgerSeeds(f *testing.F) {
	seeds(f)
	for _, n := range []string{"firefly_export.csv", "ezbookkeeping_export.csv", "ezbookkeeping_export.tsv"} {
		f.Add(read(f, n))
	}
}

func FuzzReadFirefly(f *testing.F) {
	ledgerSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if s, err := ledgerfile.ReadFirefly(data, exponent); err == nil {
			checkSnapshot(t, s)
		}
	})
}

func FuzzReadEzBookkeeping(f *testing.F) {
	ledgerSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if s, err := ledgerfile.ReadEzBookkeeping(data, exponent); err == nil {
			checkSnapshot(t, s)
		}
	})
}
