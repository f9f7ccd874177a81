package screens

import (
	"strings"
	"testing"
	"time"
)

func TestLoadAndExpand(t *testing.T) {
	ss, err := Load()
	if err != nil || len(ss) < 10 {
		t.Fatalf("%d screens, %v", len(ss), err)
	}
	vars := Vars(time.Date(2026, 3, 31, 0, 0, 0, 0, time.UTC))
	if vars["monthStart"] != "2026-03-01" || vars["monthEnd"] != "2026-03-31" || vars["quarterStart"] != "2026-01-01" {
		t.Fatalf("vars %v", vars)
	}
	vars["category"], vars["word"], vars["account"] = "7", "cine", "3"
	for _, s := range ss {
		for _, r := range append([]string{s.Path}, s.Requests...) {
			if e := Expand(r, vars); strings.ContainsAny(e, "{}") {
				t.Errorf("%s: %q keeps a placeholder", s.Name, e)
			}
		}
	}
}
