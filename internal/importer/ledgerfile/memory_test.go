package ledgerfile_test

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"

	"cashcontrol/internal/importer/ledgerfile"
)

// liveBytes is the heap's live size after a collection.
func liveBytes() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// TestLedgerReadersHoldLittle: what a ledger file's reading holds once done
// (the snapshot of its largest ledger) is within three times the file,
// beside the file itself: a movement of the snapshot is about 260 bytes,
// a short row of the file about 100. Before, an export's rows were held
// decoded (almost 5× the file) and the movements held the rows they were
// read from (3.5×).
func TestLedgerReadersHoldLittle(t *testing.T) {
	var ez, cc bytes.Buffer
	ez.WriteString("Time,Timezone,Type,Category,Sub Category,Account,Account Currency,Amount,Account2,Account2 Currency,Account2 Amount,Geographic Location,Tags,Description\n")
	cc.WriteString(`{"format":"cashcontrol-export/1","data":{"ledgers":[{"id":1,"name":"Empty","base_currency":"EUR"},{"id":2,"name":"Home","base_currency":"EUR"}],` +
		`"accounts":[{"id":3,"ledger_id":2,"name":"Bank","type":"bank","currency":"EUR","opening_balance":0,"archived":0}],` +
		`"categories":[{"id":4,"ledger_id":2,"name":"Food","type":"expense","position":1}],"movements":[`)
	for i := 0; i < 40000; i++ {
		fmt.Fprintf(&ez, "2025-%02d-%02d 10:00:00,+01:00,Expense,Living,Food,Bank,EUR,%d.%02d,,,,,,Groceries at the corner shop number %d\n",
			1+i%12, 1+i%28, 1+i%300, i%100, i)
		if i > 0 {
			cc.WriteString(",")
		}
		fmt.Fprintf(&cc, `{"id":%d,"ledger_id":2,"type":"expense","date":"2025-%02d-%02d","amount":%d,"account_id":3,"category_id":4,`+
			`"to_account_id":null,"to_amount":null,"description":"Groceries at the corner shop number %d","notes":"","tags":"","state":"cleared","created_at":1760000000000}`,
			100+i, 1+i%12, 1+i%28, 1+i%30000, i)
	}
	cc.WriteString("]}}")
	for _, tc := range []struct {
		name string
		data []byte
	}{{"ezBookkeeping", ez.Bytes()}, {"Cash Control export", cc.Bytes()}} {
		t.Run(tc.name, func(t *testing.T) {
			before := liveBytes()
			f, err := ledgerfile.ReadLedgerFile(tc.data, exponent)
			if err != nil {
				t.Fatal(err)
			}
			choice := int64(0)
			if len(f.Ledgers) > 0 {
				choice = f.Ledgers[len(f.Ledgers)-1].ID
			}
			s, err := f.Snapshot(choice)
			if err != nil {
				t.Fatal(err)
			}
			held := liveBytes() - before
			if len(s.Movements) != 40000 {
				t.Fatalf("%d movements read", len(s.Movements))
			}
			t.Logf("a %d KB file, %d KB held", len(tc.data)>>10, held>>10)
			if limit := 3 * int64(len(tc.data)); held > limit {
				t.Errorf("the reading of a %d KB file holds %d KB, more than %d KB", len(tc.data)>>10, held>>10, limit>>10)
			}
			runtime.KeepAlive(f)
			runtime.KeepAlive(s)
		})
	}
}
