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

// FuzzReadCashControlExport: any document reads, or is refused, without a
// panic; one that reads lists its ledgers, and each gives a snapshot or an
// error.
func FuzzReadCashControlExport(f *testing.F) {
	f.Add([]byte(`{"format":"cashcontrol-export/1","data":{"ledgers":[{"id":1,"name":"Home","base_currency":"EUR"}],` +
		`"accounts":[{"id":2,"ledger_id":1,"name":"Bank","type":"bank","currency":"EUR","opening_balance":100}],` +
		`"categories":[{"id":3,"ledger_id":1,"name":"Food","type":"expense","position":1}],` +
		`"movements":[{"id":4,"ledger_id":1,"type":"expense","date":"2026-01-02","amount":250,"account_id":2,"category_id":3,"tags":"a,b"}],` +
		`"movement_splits":[{"movement_id":4,"ledger_id":1,"category_id":3,"amount":250,"position":0}]}}`))
	f.Add([]byte(`{"data":{"ledgers":[{"id":"1"}],"movements":[null,{"ledger_id":true}]},"format":"cashcontrol-export/1","x":[1,{}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := ledgerfile.ReadCashControlExport(data)
		if err != nil {
			return
		}
		for _, l := range e.Ledgers() {
			if s, err := e.Snapshot(l.ID); err == nil && len(s.Movements) > l.Movements {
				t.Fatalf("ledger %d: %d movements, listed with %d", l.ID, len(s.Movements), l.Movements)
			}
		}
	})
}
