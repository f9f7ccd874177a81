package ledgerfile_test

import (
	"reflect"
	"strings"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer/ledgerfile"
)

// The CSV (1.x header) and the TSV (0.x header: Comment, no Geographic
// Location, times without seconds) hold the same transactions.
func TestReadEzBookkeeping(t *testing.T) {
	for _, name := range []string{"ezbookkeeping_export.csv", "ezbookkeeping_export.tsv"} {
		t.Run(name, func(t *testing.T) {
			s, err := ledgerfile.ReadEzBookkeeping(read(t, name), exponent)
			if err != nil {
				t.Fatal(err)
			}
			checkSnapshot(t, s)
			sum := s.Summary()
			if s.Source != finance.SourceEzBookkeeping || s.BaseCurrency != "EUR" || sum.Movements != 7 || sum.Transfers != 1 ||
				sum.Categories != 4 || sum.Subcategories != 5 || sum.Tags != 4 || sum.From != "2024-01-03" || sum.To != "2024-02-01" {
				t.Fatalf("summary %+v", sum)
			}
			// Wallet: opening 150.00, dinner 23.50, then a balance set to
			// 120.00 (an adjustment of 6.50); the card opens in debt.
			if got, want := balances(s), []string{"Wallet bank EUR 12000", "Bank bank EUR 484475", "Tokyo Card bank JPY 8500"}; !reflect.DeepEqual(got, want) {
				t.Fatalf("accounts %q, want %q", got, want)
			}
			opening := map[string]int64{}
			for _, a := range s.Accounts {
				opening[a.Name] = a.OpeningBalance
			}
			if want := map[string]int64{"Wallet": 15000, "Bank": 200000, "Tokyo Card": -5000}; !reflect.DeepEqual(opening, want) {
				t.Fatalf("opening balances %v, want %v", opening, want)
			}
			if got, want := tree(s), []string{"earning Food", "earning Food/Refund", "earning Salary", "earning Salary/Monthly",
				"expense Food", "expense Food/Groceries", "expense Food/Restaurant", "expense Transport", "expense Transport/Train"}; !reflect.DeepEqual(got, want) {
				t.Fatalf("categories %q, want %q", got, want)
			}
			if len(s.Skipped) != 1 || s.Skipped[0].Line != 4 || !strings.Contains(s.Skipped[0].Reason, "2024-13-45") {
				t.Fatalf("skipped %+v", s.Skipped)
			}
			bank, card, wallet := accountID(t, s, "Bank"), accountID(t, s, "Tokyo Card"), accountID(t, s, "Wallet")
			tr := movement(t, s, "Top up card")
			if tr.Type != finance.MovementTransfer || tr.AccountID != bank || tr.ToAccountID != card || tr.Amount != 10000 ||
				tr.ToAmount != 16000 || tr.CategoryID != 0 || tr.Date != "2024-01-12" {
				t.Fatalf("transfer %+v", tr)
			}
			train := movement(t, s, "Shinkansen")
			if train.Type != finance.MovementExpense || train.AccountID != card || train.Amount != 2500 ||
				categoryName(s, train.CategoryID) != "expense Train" || !reflect.DeepEqual(train.Tags, []string{"japan", "travel"}) {
				t.Fatalf("expense %+v", train)
			}
			dinner := movement(t, s, `Dinner with "friends"`)
			if dinner.AccountID != wallet || dinner.Amount != 2350 || !reflect.DeepEqual(dinner.Tags, []string{"dinner", "friends"}) ||
				categoryName(s, dinner.CategoryID) != "expense Restaurant" {
				t.Fatalf("expense %+v", dinner)
			}
			refund := movement(t, s, "Returned deposit")
			if refund.Type != finance.MovementEarning || categoryName(s, refund.CategoryID) != "earning Refund" || refund.Amount != 500 {
				t.Fatalf("income %+v", refund)
			}
			if m := movement(t, s, ""); m.Amount != 6025 || categoryName(s, m.CategoryID) != "expense Groceries" {
				t.Fatalf("expense without a description %+v", m)
			}
			adj := movement(t, s, "Balance modification")
			if adj.Type != finance.MovementExpense || adj.AccountID != wallet || adj.Amount != 650 || adj.CategoryID != 0 || adj.Date != "2024-02-01" {
				t.Fatalf("adjustment %+v", adj)
			}
		})
	}
}

func TestReadEzBookkeepingRows(t *testing.T) {
	const header = "Time,Timezone,Type,Category,Sub Category,Account,Account Currency,Amount,Account2,Account2 Currency,Account2 Amount,Geographic Location,Tags,Description\n"
	long := strings.Repeat("é", finance.MaxDescription+10)
	data := header +
		"2024-03-03 10:00:00,+01:00,Transfer,,,Cash,EUR,3.00,Card,EUR,,,,Same currency\n" + // line 2
		"2024-03-01 10:00:00,+01:00,Expense,Food,,Cash,EUR,1.999,,,,,,Too precise\n" + // line 3
		"2024-03-01 10:00:00,+01:00,Refund,Food,,Cash,EUR,1.00,,,,,,Unknown type\n" + // line 4
		"2024-03-01 10:00:00,+01:00,Transfer,,,Cash,EUR,1.00,Brokerage,USD,,,,No received amount\n" + // line 5
		"2024-03-01 10:00:00,+01:00,Transfer,,,Cash,EUR,1.00,cash,EUR,1.00,,,Same account\n" + // line 6
		"2024-03-01 10:00:00,+01:00,Expense,Food,,Cash,USD,1.00,,,,,,Other currency\n" + // line 7
		"2024-03-01 10:00:00,+01:00,Expense,Food,,Cash,EUR,0.00,,,,,,Zero\n" + // line 8
		"\n" +
		"2024-03-02 10:00:00,bad,Expense,,Snacks,Cash,EUR,2.00,,,,,a;b;;a," + long + "\n" // line 10
	s, err := ledgerfile.ReadEzBookkeeping([]byte(data), exponent)
	if err != nil {
		t.Fatal(err)
	}
	checkSnapshot(t, s)
	var lines []int
	for _, sk := range s.Skipped {
		lines = append(lines, sk.Line)
	}
	if !reflect.DeepEqual(lines, []int{3, 4, 5, 6, 7, 8}) || len(s.Movements) != 2 {
		t.Fatalf("skipped %+v, movements %+v", s.Skipped, s.Movements)
	}
	// A subcategory without its category is top-level; a long description
	// is cut and kept whole in the notes.
	m := s.Movements[1].Draft
	if categoryName(s, m.CategoryID) != "expense Snacks" || m.Description != long[:2*finance.MaxDescription] || m.Notes != long ||
		!reflect.DeepEqual(m.Tags, []string{"a", "b"}) {
		t.Fatalf("movement %+v", m)
	}
	if m := s.Movements[0].Draft; m.Type != finance.MovementTransfer || m.Amount != 300 || m.ToAmount != 0 {
		t.Fatalf("transfer %+v", m)
	}
}

func TestReadEzBookkeepingNotEzBookkeeping(t *testing.T) {
	for _, data := range [][]byte{read(t, "firefly_export.csv"), read(t, "us_bank.csv"), read(t, "bank.qif"), {}, []byte("\r\n")} {
		s, err := ledgerfile.ReadEzBookkeeping(data, exponent)
		if s != nil {
			t.Fatalf("a snapshot from %.20q", data)
		}
		fileError(t, err)
	}
	for _, name := range []string{"ezbookkeeping_export.csv", "ezbookkeeping_export.tsv"} {
		header := strings.SplitN(string(read(t, name)), "\n", 2)[0]
		s, err := ledgerfile.ReadEzBookkeeping([]byte(header), exponent)
		if err != nil {
			t.Fatal(err)
		}
		if sum := s.Summary(); len(sum.Accounts) != 0 || sum.Movements != 0 || sum.Categories != 0 || sum.SkippedCount != 0 || s.BaseCurrency != "" {
			t.Fatalf("header only: %+v", sum)
		}
	}
}
