package habits_test

import (
	"reflect"
	"strings"
	"testing"

	"cashcontrol/internal/demo/habits"
)

// One seed gives one history, oldest first, as a bank writes it: noise
// around the names, a relabelled series, shops seen once, three languages.
func TestGenerate(t *testing.T) {
	rows := habits.Generate(1, 36)
	if !reflect.DeepEqual(rows, habits.Generate(1, 36)) || reflect.DeepEqual(rows, habits.Generate(2, 36)) {
		t.Fatal("a seed must give one history, and another seed another")
	}
	if len(rows) < 1800 || len(rows) > 2600 {
		t.Fatalf("%d rows in three years", len(rows))
	}
	categories := map[string]bool{}
	for _, c := range habits.Categories {
		categories[c.Name] = true
	}
	seen := map[string]int{}
	for i, r := range rows {
		if i > 0 && r.Date < rows[i-1].Date {
			t.Fatalf("row %d (%s) before row %d (%s)", i, r.Date, i-1, rows[i-1].Date)
		}
		if !categories[r.Category] || r.Amount <= 0 || r.Description == "" {
			t.Fatalf("row %d: %+v", i, r)
		}
		for _, mark := range []string{"COMPRA TARJ. 5234", "CB ", "UPI/", "PRLV SEPA", "CARD PAYMENT TO"} {
			if strings.HasPrefix(r.Description, mark) {
				seen[mark]++
			}
		}
		if strings.Contains(r.Description, "JUAN GARCIA") {
			seen[r.Category]++
		}
	}
	for _, k := range []string{"COMPRA TARJ. 5234", "CB ", "UPI/", "PRLV SEPA", "CARD PAYMENT TO", "Personal transfer", "Self transfer"} {
		if seen[k] < 10 {
			t.Errorf("%q: %d rows", k, seen[k])
		}
	}
}
