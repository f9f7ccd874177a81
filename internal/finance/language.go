package finance

import "strings"

// languageCodes are the short codes people type for each language preference.
var languageCodes = map[string]string{"es": LangSpanish, "en": LangEnglish, "fr": LangFrench}

// ParseLanguage reads a language as a short code (es, en, fr) or as a
// preference value (SWITCH_TO_SPANISH, …), in any case; ok is false for
// anything else.
func ParseLanguage(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if l, ok := languageCodes[strings.ToLower(s)]; ok {
		return l, true
	}
	if u := strings.ToUpper(s); ValidLanguage(u) {
		return u, true
	}
	return "", false
}

// LanguageChoices lists what ParseLanguage accepts, for messages.
const LanguageChoices = "es, en, fr (or SWITCH_TO_SPANISH, SWITCH_TO_ENGLISH, SWITCH_TO_FRENCH)"
