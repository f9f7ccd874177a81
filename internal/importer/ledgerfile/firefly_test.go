package ledgerfile_test

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer/ledgerfile"
)

// exponent is a currency book for the tests.
func exponent(code string) int {
	switch code {
	case "JPY":
		return 0
	case "BHD":
		return 3
	}
	return 2
}

// checkSnapshot is the invariant of every snapshot reader: local ids that
// resolve, positive amounts in range, valid dates, a category tree the
// store accepts, and text fit to store within the limits.
func checkSnapshot(t *testing.T, s *finance.LedgerSnapshot) {
	t.Helper()
	accounts := map[int64]bool{}
	texts := []string{s.Name, s.BaseCurrency}
	for _, a := range s.Accounts {
		if a.ID <= 0 || accounts[a.ID] || a.Name == "" || utf8.RuneCountInString(a.Name) > finance.MaxAccountName ||
			!contains(finance.AccountTypes, a.Type) || a.OpeningBalance > finance.MaxAmount || a.OpeningBalance < -finance.MaxAmount {
			t.Fatalf("bad account %+v", a)
		}
		accounts[a.ID] = true
		texts = append(texts, a.Name, a.Currency)
	}
	cats, err := s.CategoriesInOrder()
	if err != nil {
		t.Fatal(err)
	}
	categories := map[int64]string{}
	for _, c := range cats {
		if c.Name == "" || utf8.RuneCountInString(c.Name) > finance.MaxCategoryName ||
			(c.Type != finance.MovementExpense && c.Type != finance.MovementEarning) {
			t.Fatalf("bad category %+v", c)
		}
		categories[c.ID] = c.Type
		texts = append(texts, c.Name)
	}
	for _, m := range s.Movements {
		d := m.Draft
		bad := !finance.ValidDate(d.Date) || d.Amount <= 0 || d.Amount > finance.MaxAmount || !accounts[d.AccountID] ||
			d.ToAmount < 0 || d.ToAmount > finance.MaxAmount || len(d.Tags) > finance.MaxTags ||
			utf8.RuneCountInString(d.Description) > finance.MaxDescription || utf8.RuneCountInString(d.Notes) > finance.MaxNotes
		switch d.Type {
		case finance.MovementTransfer:
			bad = bad || !accounts[d.ToAccountID] || d.ToAccountID == d.AccountID || d.CategoryID != 0
		case finance.MovementExpense, finance.MovementEarning:
			bad = bad || d.ToAccountID != 0 || d.ToAmount != 0 || (d.CategoryID != 0 && categories[d.CategoryID] != d.Type)
		default:
			bad = true
		}
		for _, tag := range d.Tags {
			bad = bad || tag == "" || utf8.RuneCountInString(tag) > finance.MaxTagLen || strings.ContainsAny(tag, ",\n\t")
		}
		if bad {
			t.Fatalf("bad movement %+v", d)
		}
		texts = append(append(texts, d.Description, d.Notes), d.Tags...)
	}
	for _, sk := range s.Skipped {
		texts = append(texts, sk.Reason)
	}
	for _, x := range texts {
		if !utf8.ValidString(x) || strings.IndexFunc(x, func(r rune) bool { return r < 0x20 || r == 0x7F }) >= 0 {
			t.Fatalf("text not fit to store: %q", x)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// balances lists each account as "name type currency balance".
func balances(s *finance.LedgerSnapshot) []string {
	var out []string
	for _, a := range s.Summary().Accounts {
		out = append(out, fmt.Sprintf("%s %s %s %d", a.Name, a.Type, a.Currency, a.Balance))
	}
	return out
}

// tree lists the categories as "type parent/child" (or "type name"), sorted.
func tree(s *finance.LedgerSnapshot) []string {
	names := map[int64]string{}
	for _, c := range s.Categories {
		names[c.ID] = c.Name
	}
	var out []string
	for _, c := range s.Categories {
		if c.ParentID == 0 {
			out = append(out, c.Type+" "+c.Name)
		} else {
			out = append(out, c.Type+" "+names[c.ParentID]+"/"+c.Name)
		}
	}
	sort.Strings(out)
	return out
}

// movement finds the movement of that description.
func movement(t *testing.T, s *finance.LedgerSnapshot, description string) finance.MovementDraft {
	t.Helper()
	for _, m := range s.Movements {
		if m.Draft.Description == description {
			return m.Draft
		}
	}
	t.Fatalf("no movement %q", description)
	return finance.MovementDraft{}
}

func accountID(t *testing.T, s *finance.LedgerSnapshot, name string) int64 {
	t.Helper()
	for _, a := range s.Accounts {
		if a.Name == name {
			return a.ID
		}
	}
	t.Fatalf("no account %q", name)
	return 0
}

func categoryName(s *finance.LedgerSnapshot, id int64) string {
	for _, c := range s.Categories {
		if c.ID == id {
			return c.Type + " " + c.Name
		}
	}
	return ""
}

// fileError checks that err is a field error on "file".
func fileError(t *testing.T, err error) {
	t.Helper()
	var fe *finance.Error
	if !errors.As(err, &fe) || len(fe.Fields) != 1 || fe.Fields[0].Field != "file" || fe.Fields[0].Code != finance.FCodeInvalid || fe.Message == "" {
		t.Fatalf("want a field error on file, got %v", err)
	}
}

func TestReadFirefly(t *testing.T) {
	s, err := ledgerfile.ReadFirefly(read(t, "firefly_export.csv"), exponent)
	if err != nil {
		t.Fatal(err)
	}
	checkSnapshot(t, s)
	sum := s.Summary()
	if s.Source != finance.SourceFirefly || s.BaseCurrency != "EUR" || sum.Movements != 10 || sum.Transfers != 2 ||
		sum.Categories != 6 || sum.Subcategories != 0 || sum.Tags != 3 || sum.Splits != 0 ||
		sum.From != "2024-01-05" || sum.To != "2024-02-29" {
		t.Fatalf("summary %+v", sum)
	}
	if got, want := balances(s), []string{"Checking bank EUR 302510", "US Savings bank USD 60975", "Car loan loan EUR -470000"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("accounts %q, want %q", got, want)
	}
	if got, want := tree(s), []string{"earning Groceries", "earning Interest", "earning Salary",
		"expense Groceries", "expense Health", "expense Shopping"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("categories %q, want %q", got, want)
	}
	if len(s.Skipped) != 2 || s.Skipped[0].Line != 14 || !strings.Contains(s.Skipped[0].Reason, `date "yesterday"`) ||
		s.Skipped[1].Line != 17 || !strings.Contains(s.Skipped[1].Reason, "12.3.4") {
		t.Fatalf("skipped %+v", s.Skipped)
	}
	checking, savings, loan := accountID(t, s, "Checking"), accountID(t, s, "US Savings"), accountID(t, s, "Car loan")

	shop := movement(t, s, "Weekly shop")
	if shop.Type != finance.MovementExpense || shop.Amount != 4520 || shop.AccountID != checking || shop.Date != "2024-01-05" ||
		categoryName(s, shop.CategoryID) != "expense Groceries" || !reflect.DeepEqual(shop.Tags, []string{"food", "weekly"}) {
		t.Fatalf("withdrawal %+v", shop)
	}
	bottles := movement(t, s, "Returned bottles")
	if bottles.Type != finance.MovementEarning || bottles.Amount != 500 || categoryName(s, bottles.CategoryID) != "earning Groceries" {
		t.Fatalf("deposit %+v", bottles)
	}
	// No description: the counterparty's name; the amount in the account's currency.
	amazon := movement(t, s, "Amazon US")
	if amazon.Type != finance.MovementExpense || amazon.Amount != 1840 || categoryName(s, amazon.CategoryID) != "expense Shopping" {
		t.Fatalf("foreign withdrawal %+v", amazon)
	}
	tr := movement(t, s, "To savings")
	if tr.Type != finance.MovementTransfer || tr.AccountID != checking || tr.ToAccountID != savings || tr.Amount != 10000 ||
		tr.ToAmount != 10850 || tr.CategoryID != 0 {
		t.Fatalf("transfer %+v", tr)
	}
	// A withdrawal to a liability moves money between two own accounts.
	repay := movement(t, s, "Car loan February")
	if repay.Type != finance.MovementTransfer || repay.AccountID != checking || repay.ToAccountID != loan || repay.Amount != 30000 || repay.ToAmount != 0 {
		t.Fatalf("loan payment %+v", repay)
	}
	rec := movement(t, s, "Reconciliation (2024-02-01 to 2024-02-29)")
	if rec.Type != finance.MovementExpense || rec.Amount != 80 || rec.CategoryID != 0 {
		t.Fatalf("reconciliation %+v", rec)
	}
	// The date as written (not moved to UTC); a multi-line note on one line.
	interest := movement(t, s, "Interest")
	if interest.Date != "2024-02-29" || interest.AccountID != savings || interest.Amount != 125 || interest.Notes != "Paid monthly, first quarter" {
		t.Fatalf("deposit %+v", interest)
	}
	// A split transaction's journals are movements of their own.
	if m := movement(t, s, "Medicine"); m.Amount != 1200 || categoryName(s, m.CategoryID) != "expense Health" {
		t.Fatalf("split journal %+v", m)
	}
	if m := movement(t, s, "Toothpaste"); m.Amount != 350 || categoryName(s, m.CategoryID) != "expense Groceries" {
		t.Fatalf("split journal %+v", m)
	}
}

// Firefly III 5.x wrote amount before currency_code, had no primary
// currency column, and wrote amounts as stored (twelve decimals).
func TestReadFireflyOldHeader(t *testing.T) {
	data := "user_id,group_id,journal_id,created_at,updated_at,group_title,type,amount,foreign_amount,currency_code,foreign_currency_code,description,date,source_name,source_iban,source_type,destination_name,destination_iban,destination_type,reconciled,category,budget,bill,tags\n" +
		"1,1,1,2020-05-01T10:00:00+02:00,2020-05-01T10:00:00+02:00,,Deposit,250.000000000000,,BHD,,Pay,2020-05-01T00:00:00+02:00,Employer,,Revenue account,Main,,Default account,,Salary,,,\n" +
		"1,2,2,2020-05-02T10:00:00+02:00,2020-05-02T10:00:00+02:00,,Withdrawal,-12.345000000000,,BHD,,Lunch,2020-05-02T00:00:00+02:00,Main,,Default account,Cafe,,Expense account,,Food,,,\"a,b\"\n" +
		"1,3,3,2020-05-03T10:00:00+02:00,2020-05-03T10:00:00+02:00,,Withdrawal,-1.2345,,BHD,,Too precise,2020-05-03T00:00:00+02:00,Main,,Default account,Cafe,,Expense account,,Food,,,\n" +
		"1,4,4,2020-05-04T10:00:00+02:00,2020-05-04T10:00:00+02:00,,Invalid,-1.000,,BHD,,Odd,2020-05-04T00:00:00+02:00,Main,,Default account,Cafe,,Expense account,,Food,,,\n"
	s, err := ledgerfile.ReadFirefly([]byte(data), exponent)
	if err != nil {
		t.Fatal(err)
	}
	checkSnapshot(t, s)
	if got, want := balances(s), []string{"Main bank BHD 237655"}; !reflect.DeepEqual(got, want) || s.BaseCurrency != "BHD" {
		t.Fatalf("accounts %q (base %q), want %q", got, s.BaseCurrency, want)
	}
	if m := movement(t, s, "Lunch"); m.Amount != 12345 || !reflect.DeepEqual(m.Tags, []string{"a", "b"}) {
		t.Fatalf("withdrawal %+v", m)
	}
	if len(s.Skipped) != 2 || s.Skipped[0].Line != 4 || s.Skipped[1].Line != 5 || !strings.Contains(s.Skipped[1].Reason, "Invalid") {
		t.Fatalf("skipped %+v", s.Skipped)
	}
}

func TestReadFireflyNotFirefly(t *testing.T) {
	for _, data := range [][]byte{read(t, "ezbookkeeping_export.csv"), read(t, "us_bank.csv"), read(t, "bank.ofx"), {}, []byte("\n\n")} {
		s, err := ledgerfile.ReadFirefly(data, exponent)
		if s != nil {
			t.Fatalf("a snapshot from %.20q", data)
		}
		fileError(t, err)
	}
	header := strings.SplitN(string(read(t, "firefly_export.csv")), "\n", 2)[0]
	s, err := ledgerfile.ReadFirefly([]byte("\ufeff"+header+"\r\n"), exponent)
	if err != nil {
		t.Fatal(err)
	}
	if sum := s.Summary(); len(sum.Accounts) != 0 || sum.Movements != 0 || sum.Categories != 0 || sum.SkippedCount != 0 || s.BaseCurrency != "" {
		t.Fatalf("header only: %+v", sum)
	}
}

// Firefly III's "(cash)" account (of type "Cash account") is the other side
// of money taken out at a cash machine or put in from a wallet: a
// withdrawal to it is an expense with its category, a deposit from it an
// earning, and it is not one of the user's accounts.
func TestReadFireflyCashIsACounterparty(t *testing.T) {
	file := "journal_id,type,date,amount,currency_code,source_name,source_type,destination_name,destination_type,description,category\n" +
		"1,Opening balance,2024-01-01T00:00:00+01:00,100.00,EUR,Initial balance for Checking,Initial balance account,Checking,Asset account,Initial balance,\n" +
		"2,Withdrawal,2024-01-03T12:00:00+01:00,-40.00,EUR,Checking,Asset account,(cash),Cash account,Cash machine,Pocket money\n" +
		"3,Deposit,2024-01-04T12:00:00+01:00,15.00,EUR,(cash),Cash account,Checking,Asset account,,Gifts\n"
	s, err := ledgerfile.ReadFirefly([]byte(file), exponent)
	if err != nil {
		t.Fatal(err)
	}
	checkSnapshot(t, s)
	if got, want := balances(s), []string{"Checking bank EUR 7500"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("accounts %q, want %q", got, want)
	}
	if sum := s.Summary(); sum.Movements != 2 || sum.Transfers != 0 || len(s.Skipped) != 0 {
		t.Fatalf("summary %+v, skipped %+v", sum, s.Skipped)
	}
	checking := accountID(t, s, "Checking")
	atm := movement(t, s, "Cash machine")
	if atm.Type != finance.MovementExpense || atm.AccountID != checking || atm.ToAccountID != 0 || atm.Amount != 4000 ||
		categoryName(s, atm.CategoryID) != "expense Pocket money" {
		t.Fatalf("withdrawal to (cash) %+v", atm)
	}
	gift := movement(t, s, "(cash)")
	if gift.Type != finance.MovementEarning || gift.AccountID != checking || gift.Amount != 1500 ||
		categoryName(s, gift.CategoryID) != "earning Gifts" {
		t.Fatalf("deposit from (cash) %+v", gift)
	}
}
