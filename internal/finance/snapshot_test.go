package finance

import (
	"strings"
	"testing"
)

func knownForTest(code string) bool {
	return code == "EUR" || code == "USD" || code == "JPY" || code == "BHD"
}

func exponentForTest(code string) int {
	switch code {
	case "JPY":
		return 0
	case "BHD":
		return 3
	}
	return 2
}

func cleanForTest(s *LedgerSnapshot, base string) {
	s.SetBase(base, exponentForTest)
	s.Clean(SnapshotRules{Known: knownForTest, Language: "en"})
}

func skipCodes(s *LedgerSnapshot) string {
	var codes []string
	for _, k := range s.Skipped {
		codes = append(codes, k.Code)
	}
	return strings.Join(codes, ",")
}

// A file that names no currency writes hundredths: the chosen base's
// decimals convert them exactly, and what does not convert is left out.
func TestSnapshotSetBaseConvertsUnknownCurrencies(t *testing.T) {
	file := func() *LedgerSnapshot {
		return &LedgerSnapshot{
			Accounts:   []SnapshotAccount{{ID: 1, Name: "Cash", Type: "cash", OpeningBalance: 1250}, {ID: 2, Name: "US", Type: "bank", Currency: "USD"}},
			Categories: []SnapshotCategory{{ID: 1, Name: "Food", Type: "expense"}},
			Movements: []SnapshotMovement{
				{Draft: MovementDraft{Type: "expense", Date: "2026-01-01", Amount: 4600, AccountID: 1, CategoryID: 1}},
				{Draft: MovementDraft{Type: "expense", Date: "2026-01-02", Amount: 4550, AccountID: 1, CategoryID: 1}},
				{Draft: MovementDraft{Type: "transfer", Date: "2026-01-03", Amount: 700, AccountID: 2, ToAccountID: 1, ToAmount: 100000}},
			},
			Budgets: []SnapshotBudget{{CategoryID: 1, Month: "2026-01", Amount: ptrTo(int64(30000))}},
		}
	}
	s := file()
	cleanForTest(s, "JPY")
	if s.BaseCurrency != "JPY" || s.Accounts[0].Currency != "JPY" || s.Accounts[0].OpeningBalance != 13 {
		t.Fatalf("accounts %+v", s.Accounts)
	}
	if len(s.Movements) != 2 || s.Movements[0].Draft.Amount != 46 || s.Movements[1].Draft.ToAmount != 1000 || s.Movements[1].Draft.Amount != 700 {
		t.Fatalf("movements %+v", s.Movements)
	}
	if *s.Budgets[0].Amount != 300 || skipCodes(s) != "amount,amount" {
		t.Fatalf("budgets %+v, skipped %+v", s.Budgets, s.Skipped)
	}

	s = file()
	cleanForTest(s, "BHD")
	if s.Accounts[0].OpeningBalance != 12500 || s.Movements[1].Draft.Amount != 45500 || len(s.Skipped) != 0 {
		t.Fatalf("BHD: %+v %+v", s.Accounts, s.Skipped)
	}

	// A file that names its base currency wrote its amounts in it: they
	// stay, whatever base the new ledger gets.
	s = file()
	s.BaseCurrency = "EUR"
	cleanForTest(s, "USD")
	if s.BaseCurrency != "USD" || s.Accounts[0].Currency != "EUR" || s.Accounts[0].OpeningBalance != 1250 || s.Movements[0].Draft.Amount != 4600 {
		t.Fatalf("file base: %+v %+v", s.Accounts, s.Movements)
	}
}

func ptrTo[T any](v T) *T { return &v }

// What the store would refuse never reaches it: the preview shows it left out.
func TestSnapshotCleanLeavesOutWhatTheStoreRefuses(t *testing.T) {
	s := &LedgerSnapshot{
		Accounts: []SnapshotAccount{{ID: 1, Name: "Bank", Type: "bank", Currency: "EUR"},
			{ID: 2, Name: "Huge", Type: "bank", Currency: "EUR", OpeningBalance: MaxAmount + 1},
			{ID: 3, Name: "Bank", Type: "weird", Currency: "EUR"}},
		// A repeated id before a parent: the child must still find its own parent.
		Categories: []SnapshotCategory{{ID: 1, Name: "A", Type: "expense"}, {ID: 1, Name: "A again", Type: "expense"},
			{ID: 2, Name: "P", Type: "earning"}, {ID: 4, Name: "D", Type: "expense"}, {ID: 3, Name: "C", Type: "expense", ParentID: 2},
			{ID: 5, Name: "Sub", Type: "expense", ParentID: 4}},
		Movements: []SnapshotMovement{
			{ID: 7, Draft: MovementDraft{Type: "expense", Date: "2026-01-01", Amount: 100, AccountID: 1, CategoryID: 5}},
			{ID: 7, Draft: MovementDraft{Type: "expense", Date: "2026-01-02", Amount: 100, AccountID: 1, CategoryID: 5}},
			{Draft: MovementDraft{Type: "expense", Date: "2026-01-02", Amount: 100, AccountID: 2, CategoryID: 5}},
			{Draft: MovementDraft{Type: "earning", Date: "2026-01-02", Amount: 100, AccountID: 1, CategoryID: 5}},
		},
		Budgets: []SnapshotBudget{{CategoryID: OverallBudget, Month: "2026-01", Amount: ptrTo(int64(5000))},
			{CategoryID: 2, Month: "2026-01", Amount: ptrTo(int64(5000))}, {CategoryID: 4, Month: "2026-01"}},
	}
	cleanForTest(s, "EUR")
	if len(s.Accounts) != 2 || s.Accounts[1].Name != "Bank (2)" || s.Accounts[1].Type != "bank" {
		t.Fatalf("accounts %+v", s.Accounts)
	}
	cats, err := s.CategoriesInOrder()
	if err != nil {
		t.Fatalf("the cleaned categories do not order: %v (%+v)", err, s.Categories)
	}
	parent := map[string]int64{}
	for _, c := range cats {
		parent[c.Name] = c.ParentID
	}
	if parent["C"] != 0 || parent["Sub"] != 4 {
		t.Fatalf("parents %v", parent)
	}
	// The duplicate id and the movement of the refused account are out;
	// the earning went to the fallback earning category.
	if len(s.Movements) != 2 || s.Movements[1].Draft.Type != "earning" || s.Movements[1].Draft.CategoryID == 5 {
		t.Fatalf("movements %+v", s.Movements)
	}
	if len(s.Budgets) != 2 || s.Budgets[0].CategoryID != OverallBudget {
		t.Fatalf("budgets %+v", s.Budgets)
	}
	if got := skipCodes(s); got != "amount,duplicate,duplicate,account,reference" {
		t.Fatalf("skipped %s: %+v", got, s.Skipped)
	}
	if err := s.WithinLimits(); err != nil {
		t.Fatal(err)
	}
	s.Movements = append(s.Movements, SnapshotMovement{Draft: MovementDraft{Type: "earning", Date: "2026-01-03", Amount: MaxAmount, AccountID: 1}},
		SnapshotMovement{Draft: MovementDraft{Type: "earning", Date: "2026-01-03", Amount: MaxAmount, AccountID: 1}})
	if err := s.WithinLimits(); ErrorCode(err) != ECodeLimitExceeded {
		t.Fatalf("two maximal earnings: %v", err)
	}
}
