package finance_test

import (
	"slices"
	"testing"

	"cashcontrol/internal/finance"
)

func textRule(field, op, text string) finance.MovementRule {
	return finance.MovementRule{ID: 1, Name: "r", Enabled: true, Match: finance.RuleMatchAll,
		Conditions: []finance.RuleCondition{{Field: field, Op: op, Text: text}}, Actions: finance.RuleActions{CategoryID: 7}}
}

// Text conditions ignore case, accents and runs of spaces, in Spanish,
// English and French.
func TestRuleTextMatching(t *testing.T) {
	types := func(int64) string { return finance.MovementExpense }
	for _, c := range []struct {
		op, pattern, description string
		want                     bool
	}{
		{finance.RuleOpContains, "mercadona", "COMPRA TARJ. MERCADONA 0042", true},
		{finance.RuleOpContains, "cafetería", "Cafeteria La Plaza", true},
		{finance.RuleOpContains, "CAFETERIA", "cafetería la plaza", true},
		{finance.RuleOpContains, "niño", "Regalo NINO", true},
		{finance.RuleOpContains, "ahorro", "Ahorros", true},
		{finance.RuleOpContains, "ahorros", "Ahorro", false},
		{finance.RuleOpStartsWith, "recibo", "RECIBO Iberdrola", true},
		{finance.RuleOpStartsWith, "iberdrola", "RECIBO Iberdrola", false},
		{finance.RuleOpEquals, "luz y agua", "  Luz   y  AGUA ", true},
		{finance.RuleOpEquals, "luz", "Luz y agua", false},
		{finance.RuleOpContains, "grocery store", "Whole Foods GROCERY  STORE #12", true},
		{finance.RuleOpStartsWith, "amazon", "AMAZON.COM*2K4", true},
		{finance.RuleOpEquals, "Rent", "rent", true},
		{finance.RuleOpContains, "épicerie", "EPICERIE DU COIN", true},
		{finance.RuleOpContains, "electricite", "Électricité de France", true},
		{finance.RuleOpStartsWith, "prélèvement", "PRELEVEMENT EDF", true},
		{finance.RuleOpEquals, "boulangerie", "Boulangerie Paul", false},
	} {
		set := finance.NewRuleSet([]finance.MovementRule{textRule(finance.RuleFieldDescription, c.op, c.pattern)}, types)
		d := finance.MovementDraft{Type: finance.MovementExpense, Amount: 100, AccountID: 1, Description: c.description}
		got := len(set.Apply(&d)) > 0
		if got != c.want {
			t.Errorf("%s %q on %q: %v, want %v", c.op, c.pattern, c.description, got, c.want)
		}
		if got && d.CategoryID != 7 {
			t.Errorf("%q: category %d", c.description, d.CategoryID)
		}
	}
}

// Amount, account and type conditions; all or any; rules run in order on
// what the rules before left, and stop ends the run.
func TestRuleSetOrderAndStop(t *testing.T) {
	types := map[int64]string{10: finance.MovementExpense, 11: finance.MovementExpense, 20: finance.MovementEarning}
	typeOf := func(id int64) string { return types[id] }
	desc := "Supermercado"
	rules := []finance.MovementRule{
		{ID: 1, Name: "Big shop", Enabled: true, Match: finance.RuleMatchAll, Conditions: []finance.RuleCondition{
			{Field: finance.RuleFieldAmount, Op: finance.RuleOpBetween, Amount: 10000, AmountTo: 50000},
			{Field: finance.RuleFieldAccount, Op: finance.RuleOpEquals, AccountID: 3}},
			Actions: finance.RuleActions{Tags: []string{"Big"}}},
		{ID: 2, Name: "Rename", Enabled: true, Match: finance.RuleMatchAny, Conditions: []finance.RuleCondition{
			{Field: finance.RuleFieldDescription, Op: finance.RuleOpContains, Text: "mercadona"},
			{Field: finance.RuleFieldNotes, Op: finance.RuleOpContains, Text: "ticket"}},
			Actions: finance.RuleActions{Description: &desc, CategoryID: 10}, Stop: true},
		{ID: 3, Name: "Never after stop", Enabled: true, Match: finance.RuleMatchAll, Conditions: []finance.RuleCondition{
			{Field: finance.RuleFieldType, Op: finance.RuleOpEquals, Type: finance.MovementExpense}},
			Actions: finance.RuleActions{CategoryID: 11}},
		{ID: 4, Name: "Disabled", Enabled: false, Match: finance.RuleMatchAll, Conditions: []finance.RuleCondition{
			{Field: finance.RuleFieldAmount, Op: finance.RuleOpEquals, Amount: 12000}},
			Actions: finance.RuleActions{Tags: []string{"never"}}},
		{ID: 5, Name: "Earning category on an expense", Enabled: true, Match: finance.RuleMatchAll, Conditions: []finance.RuleCondition{
			{Field: finance.RuleFieldAmount, Op: finance.RuleOpEquals, Amount: 12000}},
			Actions: finance.RuleActions{CategoryID: 20}},
	}
	set := finance.NewRuleSet(rules, typeOf)

	d := finance.MovementDraft{Type: finance.MovementExpense, Amount: 12000, AccountID: 3, CategoryID: 11, Description: "MERCADONA 12", Tags: []string{"food"}}
	changes := set.Apply(&d)
	var fields []string
	for _, c := range changes {
		fields = append(fields, c.RuleName+":"+c.Field)
	}
	if !slices.Equal(fields, []string{"Big shop:tags", "Rename:categoryId", "Rename:description"}) {
		t.Fatalf("changes %q", fields)
	}
	if d.Description != "Supermercado" || d.CategoryID != 10 || !slices.Equal(d.Tags, []string{"big", "food"}) {
		t.Fatalf("movement %+v", d)
	}
	if changes[1].From != "11" || changes[1].To != "10" {
		t.Fatalf("the change says from and to: %+v", changes[1])
	}

	// Another account: not a big shop; no text: rule 3 sets its category,
	// and rule 5's earning category does not apply to an expense.
	d = finance.MovementDraft{Type: finance.MovementExpense, Amount: 12000, AccountID: 4, CategoryID: 10, Description: "Gasolina"}
	set.Apply(&d)
	if d.CategoryID != 11 || len(d.Tags) != 0 {
		t.Fatalf("movement %+v", d)
	}
	// A transfer never gets a category.
	d = finance.MovementDraft{Type: finance.MovementTransfer, Amount: 12000, AccountID: 1, ToAccountID: 3, Description: "mercadona"}
	set.Apply(&d)
	if d.CategoryID != 0 || d.Description != "Supermercado" {
		t.Fatalf("transfer %+v", d)
	}
}

func TestRuleValidation(t *testing.T) {
	name := "x"
	match := "some"
	bad := finance.RuleFrom(finance.MovementRule{}, finance.RuleInput{Name: &name, Match: &match, Conditions: &[]finance.RuleConditionInput{
		{Field: "description", Op: "between", Text: ""},
		{Field: "amount", Op: "between", Amount: 500, AmountTo: 100},
		{Field: "colour", Op: "equals"},
		{Field: "type", Op: "equals", Type: "gift"},
	}})
	err := bad.Validate()
	fe, _ := err.(*finance.Error)
	if fe == nil {
		t.Fatal("no error")
	}
	var fields []string
	for _, f := range fe.Fields {
		fields = append(fields, f.Field+" "+f.Code)
	}
	want := []string{"match unknown", "conditions[0].op unknown", "conditions[0].text required", "conditions[1].amountTo out_of_range",
		"conditions[2].field unknown", "conditions[3].type unknown", "actions required"}
	if !slices.Equal(fields, want) {
		t.Fatalf("fields %q, want %q", fields, want)
	}
}
