package finance_test

import (
	"testing"

	"cashcontrol/internal/finance"
)

func TestParseLanguage(t *testing.T) {
	for in, want := range map[string]string{"es": finance.LangSpanish, "EN": finance.LangEnglish, " fr ": finance.LangFrench,
		"SWITCH_TO_ENGLISH": finance.LangEnglish, "switch_to_french": finance.LangFrench} {
		if got, ok := finance.ParseLanguage(in); !ok || got != want {
			t.Errorf("%q: %q %v, want %q", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "de", "english", "SWITCH_TO_GERMAN"} {
		if got, ok := finance.ParseLanguage(bad); ok {
			t.Errorf("%q accepted as %q", bad, got)
		}
	}
}
