package ledgerfile

import (
	"os"
	"strings"
	"testing"
)

// The detection of other apps' exports by their first record.
func TestLooksLikeLedgerExports(t *testing.T) {
	first := func(name, sep string) []string {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		line, _, _ := strings.Cut(string(b), "\n")
		return strings.Split(strings.TrimSuffix(line, "\r"), sep)
	}
	firefly, ezCSV, ezTSV, bank := first("testdata/firefly_export.csv", ","), first("testdata/ezbookkeeping_export.csv", ","),
		first("testdata/ezbookkeeping_export.tsv", "\t"), first("../statement/testdata/us_bank.csv", ",")
	oldFirefly := strings.Split("user_id,group_id,journal_id,created_at,updated_at,group_title,type,amount,foreign_amount,currency_code,"+
		"foreign_currency_code,description,date,source_name,source_iban,source_type,destination_name,destination_iban,destination_type,reconciled,category,budget,bill,tags", ",")
	tsvAsOneField := []string{strings.Join(ezTSV, "\t")}
	for _, c := range []struct {
		name            string
		header          []string
		firefly, ezbook bool
	}{
		{"firefly 6.5", firefly, true, false},
		{"firefly 5.2", oldFirefly, true, false},
		{"firefly with a BOM, upper case", append([]string{"\ufeffUSER_ID"}, strings.Split(strings.ToUpper(strings.Join(firefly[1:], ",")), ",")...), true, false},
		{"ezbookkeeping csv", ezCSV, false, true},
		{"ezbookkeeping tsv", ezTSV, false, true},
		{"ezbookkeeping tsv as one field", tsvAsOneField, false, true},
		{"a bank's csv", bank, false, false},
		{"firefly without journal_id", firefly[3:], false, false},
		{"ezbookkeeping without Account2", ezCSV[:8], false, false},
		{"nothing", nil, false, false},
	} {
		if got := looksLikeFirefly(c.header); got != c.firefly {
			t.Errorf("%s: looksLikeFirefly = %v", c.name, got)
		}
		if got := looksLikeEzBookkeeping(c.header); got != c.ezbook {
			t.Errorf("%s: looksLikeEzBookkeeping = %v", c.name, got)
		}
	}
}
