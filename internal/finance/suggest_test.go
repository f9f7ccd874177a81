package finance_test

import (
	"slices"
	"testing"

	"cashcontrol/internal/finance"
)

func TestSuggestWords(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"COMPRA TARJ. 5234XXXX MERCADONA 08/11", []string{"compra", "tarj", "mercadona"}},
		{"Café de l'Épée", []string{"cafe", "de", "epee"}},
		{"Pâtisserie À la française", []string{"patisserie", "la", "francaise"}},
		{"Supermarket supermarket SUPERMARKET", []string{"supermarket"}},
		{"Nómina ACME", []string{"nomina", "acme"}},
		{"a 1 22 b", nil},
		{"", nil},
		{"uno dos tres cuatro cinco seis siete ocho nueve diez", []string{"uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho"}},
	} {
		if got := finance.SuggestWords(c.in); !slices.Equal(got, c.want) {
			t.Errorf("SuggestWords(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if f := finance.SuggestFeatures("Fuel", 7, 5000); !slices.Equal(f, []string{"=fuel", "fuel", "#a7", "#m13"}) {
		t.Errorf("features %q", f)
	}
	if f := finance.SuggestFeatures("12/03", 7, 5000); f != nil {
		t.Errorf("hints alone must not count: %q", f)
	}
}

// The model learns from a few movements and explains its choice; a decided
// word outweighs spread ones, hints only break ties, and no known word
// suggests nothing.
func TestSuggestionModel(t *testing.T) {
	const groceries, restaurants, fuel = 1, 2, 3
	m := finance.NewSuggestionModel(nil)
	for range 14 {
		learn(m, "Compra MERCADONA", 10, 4000, groceries, 1)
	}
	learn(m, "Compra Mercadona", 10, 4000, restaurants, 1)
	for range 5 {
		learn(m, "Compra Restaurante Casa Pepe", 10, 3000, restaurants, 1)
		learn(m, "Compra gasolinera Repsol", 11, 6000, fuel, 1)
	}
	got := m.Suggest("COMPRA EN MERCADONA 1234", 10, 4100, nil, 3)
	if len(got) == 0 || got[0].CategoryID != groceries || got[0].Word != "mercadona" || got[0].Count != 14 || got[0].Total != 15 {
		t.Fatalf("mercadona: %+v", got)
	}
	// The description seen before, mostly in one category: confident.
	if got := m.Suggest("COMPRA MERCADONA 08/11", 10, 4100, nil, 3); len(got) == 0 || got[0].CategoryID != groceries ||
		got[0].Word != "compra mercadona" || got[0].Count != 14 || got[0].Total != 15 || !got[0].Confident {
		t.Errorf("a description seen before: %+v", got)
	}
	if got := m.Suggest("Repsol", 0, 0, nil, 3); len(got) != 1 || got[0].CategoryID != fuel || !got[0].Confident {
		t.Errorf("repsol: %+v", got)
	}
	if got := m.Suggest("Repsol", 0, 0, func(id int64) bool { return id != fuel }, 3); len(got) != 0 {
		t.Errorf("a category left out is never suggested: %+v", got)
	}
	if got := m.Suggest("Unknown shop", 10, 4000, nil, 3); len(got) != 0 {
		t.Errorf("no known word, no suggestion: %+v", got)
	}
	// "compra" alone is spread (14 of 25 in Groceries): a weak suggestion.
	if got := m.Suggest("compra", 0, 0, nil, 3); len(got) == 0 || got[0].Confidence >= finance.SuggestConfidence {
		t.Errorf("compra: %+v", got)
	}
	// A new habit wins from its first repeat, in a later month.
	m.Learn(&finance.MovementDraft{Type: "expense", Date: "2026-05-02", Description: "Compra MERCADONA", AccountID: 10, Amount: 4000, CategoryID: restaurants}, 1)
	if got := m.Suggest("Compra MERCADONA", 10, 4000, nil, 3); len(got) == 0 || got[0].CategoryID != restaurants {
		t.Errorf("the latest habit: %+v", got)
	}
	m.Learn(&finance.MovementDraft{Type: "expense", Date: "2026-05-02", Description: "Compra MERCADONA", AccountID: 10, Amount: 4000, CategoryID: restaurants}, -1)
	// Forgetting undoes learning.
	for range 14 {
		learn(m, "Compra MERCADONA", 10, 4000, groceries, -1)
	}
	if got := m.Suggest("mercadona", 0, 0, nil, 3); len(got) != 1 || got[0].CategoryID != restaurants {
		t.Errorf("after forgetting: %+v", got)
	}
}

// learn teaches m a movement of March 2026.
func learn(m *finance.SuggestionModel, desc string, account, amount, category, sign int64) {
	m.Learn(&finance.MovementDraft{Type: "expense", Date: "2026-03-01", Description: desc, AccountID: account, Amount: amount, CategoryID: category}, sign)
}
