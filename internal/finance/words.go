package finance

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// The word rule that search, rules and category suggestions share: a word is
// a run of letters and digits (Unicode classes L, N and Co); everything else
// separates words. Words are lower-cased and lose their diacritics ("Café" is
// "cafe"). The store's search indexes make the same words (store/movements_search.go).

// Words splits text into words: case-folded, without
// diacritics. It returns nil when text has no letter or digit. It follows
// SQLite's unicode61 tokenizer (remove_diacritics=2), character by character.
func Words(text string) []string {
	var out []string
	var b strings.Builder
	for _, r := range text {
		switch {
		case IsDiacritic(r):
			// A combining diacritic: part of the word, dropped.
		case isWordRune(r):
			b.WriteRune(foldRune(r))
		case b.Len() > 0:
			out = append(out, b.String())
			b.Reset()
		}
	}
	if b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}

// isWordRune reports whether r belongs to a word: a letter, a digit or a
// private-use character (unicode61's token characters).
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.Co, r)
}

// IsDiacritic reports whether r is one of the combining marks that unicode61
// takes as part of a word and removes; other marks separate words.
func IsDiacritic(r rune) bool {
	switch {
	case r >= 0x300 && r <= 0x304, r >= 0x306 && r <= 0x30c, r == 0x30f, r == 0x311, r == 0x31b,
		r >= 0x323 && r <= 0x328, r == 0x32d, r == 0x32e, r == 0x330, r == 0x331:
		return true
	}
	return false
}

// foldRune case-folds r ("µ" and "Μ" are "μ") and strips the diacritics of a
// letter whose base is an ASCII letter ("É" is "e"; "Ǣ" stays "ǣ").
func foldRune(r rune) rune {
	if u := unicode.ToUpper(r); r != 'ı' && (u != r || unicode.ToLower(r) != r) { // ı has no case folding
		r = unicode.ToLower(u)
	}
	if r < 0x80 || r == 'ǡ' { // ǡ: unicode61 keeps it
		return r
	}
	d := []rune(norm.NFD.String(string(r)))
	if len(d) < 2 || d[0] >= 0x80 {
		return r
	}
	for _, m := range d[1:] {
		if !IsDiacritic(m) {
			return r
		}
	}
	return d[0]
}
