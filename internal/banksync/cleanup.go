package banksync

import (
	"regexp"
	"strings"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// Per-bank clean-up: some banks send a transaction's text as structured
// fields ("mandatereference:…,creditorid:…,remittanceinformation:…"). The
// movement's description is then the counterparty's name or the remittance
// text without those prefixes; the raw text goes to the notes.

// cleanRule is one bank's rule: institution matches the connection's bank
// (lower case, a part of its name; "" for every bank), country its country
// ("" any); text turns the bank's text into the remittance text ("": none).
type cleanRule struct {
	institution string
	text        func(raw string) string
	// preferText: the remittance text describes the movement better than
	// the counterparty (the bank puts its own name there).
	preferText bool
}

// cleanRules are tried in order; the first whose institution matches is used.
var cleanRules = []cleanRule{
	// ING Germany: "mandatereference:,creditorid:,remittanceinformation:Miete".
	{institution: "ing", text: fieldAfter("remittanceinformation:", "mandatereference:", "creditorid:"), preferText: true},
	// Every bank: German SEPA's "EREF+… MREF+… SVWZ+text", and the same
	// key:value form from any bank.
	{institution: "", text: sepaText},
}

// fieldAfter takes the text after key; without key, the raw text with the
// other keys (and their empty values) removed.
func fieldAfter(key string, others ...string) func(string) string {
	return func(raw string) string {
		low := strings.ToLower(raw)
		if i := strings.Index(low, key); i >= 0 {
			return strings.Trim(raw[i+len(key):], " ,;")
		}
		s := raw
		for _, k := range append([]string{key}, others...) {
			for {
				j := strings.Index(strings.ToLower(s), k)
				if j < 0 {
					break
				}
				end := strings.IndexByte(s[j:], ',')
				if end < 0 {
					s = s[:j]
				} else {
					s = s[:j] + s[j+end+1:]
				}
			}
		}
		return strings.Trim(s, " ,;")
	}
}

var sepaTag = regexp.MustCompile(`\b(EREF|MREF|CRED|SVWZ|ABWA|ABWE|KREF|BREF|RREF|IBAN|BIC|DEBT|COAM|OAMT|SQTP|PURP)\+`)

// sepaText is the SVWZ+ part of a German SEPA text, or the text without
// its other tags; a text without tags is kept.
func sepaText(raw string) string {
	if strings.Contains(strings.ToLower(raw), "remittanceinformation:") {
		return fieldAfter("remittanceinformation:", "mandatereference:", "creditorid:")(raw)
	}
	locs := sepaTag.FindAllStringSubmatchIndex(raw, -1)
	if len(locs) == 0 {
		return strings.TrimSpace(raw)
	}
	for i, l := range locs {
		if raw[l[2]:l[3]] == "SVWZ" {
			end := len(raw)
			if i+1 < len(locs) {
				end = locs[i+1][0]
			}
			return strings.TrimSpace(raw[l[1]:end])
		}
	}
	return strings.TrimSpace(raw[:locs[0][0]])
}

// Describe is a bank transaction's movement description and notes, by the
// rules of its bank: the description the remittance text or the
// counterparty, the notes the raw text when the description is not it.
func Describe(institution string, t finance.BankTransaction) (description, notes string) {
	inst := strings.ToLower(institution)
	raw := strings.TrimSpace(t.Description)
	who := strings.TrimSpace(t.Counterparty)
	for _, r := range cleanRules {
		if r.institution != "" && !hasWord(inst, r.institution) {
			continue
		}
		text := r.text(raw)
		switch {
		case r.preferText && text != "":
			description = text
		case who != "":
			description = who
		default:
			description = text
		}
		break
	}
	if description == "" {
		description = who
	}
	if raw != "" && raw != description {
		notes = raw
		if who != "" && who != description {
			notes = who + " — " + raw
		}
	}
	return importer.Cut(description, finance.MaxDescription), importer.Cut(notes, finance.MaxNotes)
}

// hasWord: word is one of s's words (ING, not "Banking").
func hasWord(s, word string) bool {
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '-' || r == '_' || r == '.' || r == ',' }) {
		if w == word {
			return true
		}
	}
	return false
}
