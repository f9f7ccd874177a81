package main

import (
	"bytes"
	"fmt"
	"time"
)

// The ledger files of scripts/import-memory.sh: another app's whole
// ledger, of about size bytes, as Firefly III, ezBookkeeping and Actual
// Budget export it — three accounts in two currencies, a dozen categories, expenses,
// earnings and transfers. (A Cash Control export of the same ledger is
// what the server itself writes: the script downloads it after the
// import.)

// ledgerFormats are the formats -write-ledger-file knows.
var ledgerFormats = []string{"firefly", "ezbookkeeping", "actual"}

var ledgerCategories = []string{"Groceries", "Rent", "Transport", "Restaurants", "Health", "Clothes",
	"Gifts", "Travel", "Books", "Utilities", "Phone", "Insurance"}

// ledgerFile writes a file of format of at least size bytes.
func ledgerFile(format string, size int) ([]byte, error) {
	day := time.Date(2015, 1, 1, 0, 0, 0, 0, time.UTC)
	var b bytes.Buffer
	switch format {
	case "firefly":
		b.WriteString("user_id,group_id,journal_id,created_at,updated_at,group_title,type,currency_code,amount,foreign_currency_code,foreign_amount," +
			"primary_currency_code,pc_amount,pc_foreign_amount,description,date,source_name,source_iban,source_type,destination_name," +
			"destination_iban,destination_type,reconciled,category,budget,bill,tags,notes\n")
		for i := 1; b.Len() < size; i++ {
			date := day.AddDate(0, 0, i/40).Format("2006-01-02T15:04:05-07:00")
			cents := (1+i%700)*100 + i%100
			typ, cur, src, srcType, dst, dstType, cat := "Withdrawal", "EUR", "Checking", "Asset account", fmt.Sprintf("Shop %d", i%300), "Expense account", ledgerCategories[i%len(ledgerCategories)]
			switch {
			case i%50 == 0:
				typ, src, srcType, dst, dstType, cat = "Transfer", "Checking", "Asset account", "Savings", "Asset account", ""
			case i%20 == 0:
				typ, src, srcType, dst, dstType, cat = "Deposit", fmt.Sprintf("Employer %d", i%5), "Revenue account", "Checking", "Asset account", "Salary"
			case i%7 == 0:
				cur, src = "USD", "US Card"
			}
			fmt.Fprintf(&b, "1,%d,%d,%s,%s,,%s,%s,%d.%02d,,,EUR,,,Movement number %d of the bench ledger,%s,%s,,%s,%s,,%s,false,%s,,,,\n",
				i, i, date, date, typ, cur, cents/100, cents%100, i, date, src, srcType, dst, dstType, cat)
		}
	case "ezbookkeeping":
		b.WriteString("Time,Timezone,Type,Category,Sub Category,Account,Account Currency,Amount,Account2,Account2 Currency,Account2 Amount,Geographic Location,Tags,Description\n")
		for i := 1; b.Len() < size; i++ {
			when := day.Add(time.Duration(i) * 37 * time.Minute).Format("2006-01-02 15:04:05")
			cents := (1+i%700)*100 + i%100
			typ, cat, sub, acc, cur, acc2, cur2, amt2 := "Expense", "Living", ledgerCategories[i%len(ledgerCategories)], "Bank", "EUR", "", "", ""
			switch {
			case i%50 == 0:
				typ, cat, sub, acc2, cur2, amt2 = "Transfer", "", "", "Savings", "EUR", fmt.Sprintf("%d.%02d", cents/100, cents%100)
			case i%20 == 0:
				typ, cat, sub = "Income", "Work", "Salary"
			case i%7 == 0:
				acc, cur = "US Card", "USD"
			}
			fmt.Fprintf(&b, "%s,+01:00,%s,%s,%s,%s,%s,%d.%02d,%s,%s,%s,,,Movement number %d of the bench ledger\n",
				when, typ, cat, sub, acc, cur, cents/100, cents%100, acc2, cur2, amt2, i)
		}
	case "actual":
		return actualFile(size)
	default:
		return nil, fmt.Errorf("unknown ledger file format %q (one of %v)", format, ledgerFormats)
	}
	return b.Bytes(), nil
}
