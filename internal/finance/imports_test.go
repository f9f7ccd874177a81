package finance_test

import (
	"testing"

	"cashcontrol/internal/finance"
)

// The fallback rule names starter categories that exist, of the right type,
// in every language.
func TestImportFallback(t *testing.T) {
	types := map[string]string{}
	for _, s := range finance.StarterCategories() {
		types[s.Key] = s.Type
	}
	if types[finance.ImportFallbackExpenseKey] != finance.CategoryExpense || types[finance.ImportFallbackEarningKey] != finance.CategoryEarning {
		t.Fatalf("fallback keys %q and %q are not starter categories of type expense and earning: %v",
			finance.ImportFallbackExpenseKey, finance.ImportFallbackEarningKey, types)
	}
	for lang, want := range map[string][2]string{
		finance.LangSpanish: {"Otros gastos", "Otros ingresos"},
		finance.LangEnglish: {"Other expenses", "Other income"},
		finance.LangFrench:  {"Autres dépenses", "Autres revenus"},
		"":                  {"Otros gastos", "Otros ingresos"},
	} {
		if expense, earning := finance.ImportFallback(lang); expense != want[0] || earning != want[1] {
			t.Errorf("ImportFallback(%q) = %q, %q; want %q, %q", lang, expense, earning, want[0], want[1])
		}
	}
}

func TestDuplicateKey(t *testing.T) {
	a := finance.DuplicateKey("2026-01-03", finance.MovementExpense, 2345, "  Supermercado DIA ")
	if b := finance.DuplicateKey("2026-01-03", finance.MovementExpense, 2345, "supermercado dia"); a != b {
		t.Fatalf("case and spaces must not matter: %q != %q", a, b)
	}
	for _, other := range []string{
		finance.DuplicateKey("2026-01-04", finance.MovementExpense, 2345, "supermercado dia"),
		finance.DuplicateKey("2026-01-03", finance.MovementEarning, 2345, "supermercado dia"),
		finance.DuplicateKey("2026-01-03", finance.MovementExpense, 2346, "supermercado dia"),
		finance.DuplicateKey("2026-01-03", finance.MovementExpense, 2345, "supermercado día"),
	} {
		if other == a {
			t.Errorf("%q must differ from %q", other, a)
		}
	}
}
