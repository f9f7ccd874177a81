package ledgerfile_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer/ledgerfile"
)

// A file of more movements than a ledger import takes is refused, in every
// format, on the field "file" (out_of_range), before its reading holds them
// all; one of exactly MaxMovements is read. A 20 MB zip of Actual's
// database held 680,000 transactions and took the server to 1.6 GB.
func TestLedgerFilesBeyondMaxMovements(t *testing.T) {
	n := ledgerfile.MaxMovements
	firefly := func(rows int) []byte {
		var b bytes.Buffer
		b.WriteString("user_id,group_id,journal_id,created_at,updated_at,group_title,type,currency_code,amount,foreign_currency_code,foreign_amount," +
			"primary_currency_code,pc_amount,pc_foreign_amount,description,date,source_name,source_iban,source_type,destination_name," +
			"destination_iban,destination_type,reconciled,category,budget,bill,tags,notes\n")
		for i := 1; i <= rows; i++ {
			fmt.Fprintf(&b, "1,%d,%d,,,,Withdrawal,EUR,1.00,,,EUR,,,Shop %d,2025-01-02T00:00:00+01:00,Checking,,Asset account,Shop,,Expense account,false,Food,,,,\n", i, i, i)
		}
		return b.Bytes()
	}
	ez := func(rows int) []byte {
		var b bytes.Buffer
		b.WriteString("Time,Timezone,Type,Category,Sub Category,Account,Account Currency,Amount,Account2,Account2 Currency,Account2 Amount,Geographic Location,Tags,Description\n")
		for i := 1; i <= rows; i++ {
			fmt.Fprintf(&b, "2025-01-02 10:00:00,+01:00,Expense,Living,Food,Bank,EUR,1.00,,,,,,Shop %d\n", i)
		}
		return b.Bytes()
	}
	actual := func(rows int) []byte {
		return actualZip(t, fmt.Sprintf(`INSERT INTO transactions (id, acct, category, amount, description, date, sort_order)
			WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < %d)
			SELECT 'many-' || i, 'acc-check', 'cat-food', -100, 'pay-shop', 20250201, 100 + i FROM k;`, rows))
	}
	cashcontrol := func(rows int) []byte {
		var b bytes.Buffer
		b.WriteString(`{"format":"cashcontrol-export/1","data":{"ledgers":[{"id":2,"name":"Home","base_currency":"EUR"}],` +
			`"accounts":[{"id":3,"ledger_id":2,"name":"Bank","type":"bank","currency":"EUR","opening_balance":0,"archived":0}],` +
			`"categories":[{"id":4,"ledger_id":2,"name":"Food","type":"expense","position":1}],"movements":[`)
		for i := 1; i <= rows; i++ {
			if i > 1 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"id":%d,"ledger_id":2,"type":"expense","date":"2025-01-02","amount":100,"account_id":3,"category_id":4,"description":"Shop %d"}`, 100+i, i)
		}
		b.WriteString("]}}")
		return b.Bytes()
	}
	// fits: movements of a file that is read (Actual's fixture holds a
	// dozen of its own).
	for _, tc := range []struct {
		name string
		file func(rows int) []byte
		fits int
	}{{"Firefly III", firefly, n}, {"ezBookkeeping", ez, n}, {"Actual Budget", actual, n - 20}, {"Cash Control export", cashcontrol, n}} {
		t.Run(tc.name, func(t *testing.T) {
			read := func(data []byte) (*finance.LedgerSnapshot, error) {
				f, err := ledgerfile.ReadLedgerFile(data, exponent)
				if err != nil {
					return nil, err
				}
				return f.Snapshot(0)
			}
			_, err := read(tc.file(n + 1))
			var fe *finance.Error
			if !errors.As(err, &fe) || len(fe.Fields) != 1 || fe.Fields[0] != (finance.FieldError{Field: "file", Code: finance.FCodeOutOfRange}) {
				t.Fatalf("%d movements: %v", n+1, err)
			}
			s, err := read(tc.file(tc.fits))
			if err != nil || len(s.Movements) < tc.fits || len(s.Movements) > n {
				t.Fatalf("%d movements: %v", tc.fits, err)
			}
		})
	}
}
