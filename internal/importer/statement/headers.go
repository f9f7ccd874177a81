package statement

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"cashcontrol/internal/importer"
)

// The words of banks' tables: the names of their columns in es, fr, de,
// nl, it, pt and en, the words of a sign column, and those that start a
// summary line below a table.

// fold lower-cases and strips accents, for header matching.
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(strings.TrimSpace(s))) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// headerNames are the columns' names in the headers of banks of Spain,
// France, Germany, Austria, the Netherlands, Italy, Portugal and English-
// speaking countries (as headerKey writes them), the preferred first: a
// booking or operation date before a value date.
var headerNames = []struct {
	field string
	names []string
}{
	{"date", []string{"fecha operacion", "fecha de operacion", "f. operacion", "fecha contable", "fecha", "transaction date", "booking date",
		"posting date", "posted date", "trans date", "date", "buchungstag", "buchungsdatum", "boekdatum", "datum", "date d'operation",
		"date operation", "date de l'operation", "date comptable", "data contabile", "data operazione", "data movimento", "data do movimento",
		"data lancamento", "data", "fecha valor", "f. valor", "fecha de valor", "value date", "valutadatum", "valuta", "wertstellung",
		"rentedatum", "date de valeur", "date valeur", "data valuta", "data valor"}},
	{"amount", []string{"importe", "amount", "montant", "cantidad", "valor", "value", "monto", "betrag", "bedrag", "importo", "montante",
		"umsatz", "transaction amount", "importe eur", "montant eur"}},
	{"debit", []string{"cargo", "debit", "debe", "withdrawal", "withdrawals", "sortie", "debito", "soll", "uscite", "addebiti", "paid out",
		"money out", "debit amount"}},
	{"credit", []string{"abono", "credit", "haber", "deposit", "deposits", "entree", "credito", "haben", "entrate", "accrediti", "paid in",
		"money in", "credit amount"}},
	{"description", []string{"concepto", "descripcion", "description", "libelle", "libelle operation", "payee", "beneficiario",
		"auftraggeber empfanger", "beguenstigter zahlungspflichtiger", "empfanger", "naam omschrijving", "omschrijving", "descrizione",
		"descricao", "verwendungszweck", "buchungstext", "detalle", "details", "name", "merchant", "comercio", "tegenpartij"}},
	{"notes", []string{"notas", "notes", "memo", "observaciones", "commentaire", "reference", "mededelingen", "verwendungszweck",
		"referencia", "causale"}},
	{"category", []string{"categoria", "category", "categorie", "kategorie"}},
	{"account", []string{"cuenta", "account", "compte", "konto", "rekening", "conto", "conta"}},
}

// signNames name a column that says whether an unsigned amount is a debit
// or a credit.
var signNames = []string{"af bij", "bij af", "debit credit", "credit debit", "d c", "c d", "dc", "cr dr", "dr cr", "soll haben", "s h",
	"sign", "signo", "signe", "debet credit", "cargo abono", "debito credito", "dare avere", "d h"}

// signs are the words of a sign column (folded): -1 a debit, 1 a credit.
var signs = map[string]int{
	"d": -1, "dr": -1, "db": -1, "debit": -1, "debet": -1, "af": -1, "s": -1, "soll": -1, "cargo": -1, "debito": -1, "dare": -1, "-": -1,
	"c": 1, "cr": 1, "credit": 1, "bij": 1, "h": 1, "haben": 1, "abono": 1, "credito": 1, "avere": 1, "+": 1,
}

// signColumn finds a column of debit and credit words: by its header's
// name, else the first (not the date or amount) whose every value is one.
func signColumn(header []string, body [][]string, o CSVOptions) int {
	for i, h := range header {
		if slices.Contains(signNames, headerKey(h)) && i != o.Date && i != o.Amount {
			return i
		}
	}
	if len(body) == 0 {
		return -1
	}
	for i := range body[0] {
		vals := column(body, i)
		if i == o.Date || i == o.Amount || i == o.Debit || i == o.Credit || len(vals) == 0 {
			continue
		}
		debits := 0
		all := true
		for _, v := range vals {
			s, ok := signs[fold(v)]
			all = all && ok && v != "-" && v != "+"
			if s < 0 {
				debits++
			}
		}
		if all && debits > 0 {
			return i
		}
	}
	return -1
}

func negative(s string) bool {
	v, err := ParseAmount(s, ',', importer.MaxExponent)
	if err != nil {
		v, _ = ParseAmount(s, '.', importer.MaxExponent)
	}
	return v < 0
}

// balanceNames name a column of balances: never the amount.
var balanceNames = []string{"saldo", "balance", "kontostand", "solde", "running balance", "saldo contabile", "saldo disponible",
	"saldo disponibile", "nuevo saldo", "saldo contable", "saldo na data", "saldo apos movimento"}

// headerKey is a header's name as headerNames has it: folded, without a
// parenthesised suffix ("Betrag (EUR)"), '_', '-' and '/' as spaces.
func headerKey(h string) string {
	f := fold(h)
	if i := strings.IndexByte(f, '('); i > 0 {
		f = f[:i]
	}
	f = strings.Map(func(r rune) rune {
		switch r {
		case '_', '-', '/':
			return ' '
		case '\u2019':
			return '\''
		}
		return r
	}, f)
	return strings.Join(strings.Fields(f), " ")
}

// balanceColumn is the index of a column of balances, -1 when none.
func balanceColumn(header []string) int {
	for i, h := range header {
		if slices.Contains(balanceNames, headerKey(h)) {
			return i
		}
	}
	return -1
}

// splitHeaderNames name the columns of a split movement's lines.
var splitHeaderNames = map[string][]string{
	"movement": {"movement", "movimiento", "mouvement"},
	"lineNote": {"linenote", "line note", "nota de linea", "note de ligne"},
}

// mapByHeader takes, for each field, the column whose name comes first in
// its list of names (of equals, the first column); a column is one field's.
func mapByHeader(o *CSVOptions, header []string) {
	set := map[string]*int{"date": &o.Date, "amount": &o.Amount, "debit": &o.Debit, "credit": &o.Credit, "description": &o.Description,
		"notes": &o.Notes, "category": &o.Category, "account": &o.Account}
	keys := make([]string, len(header))
	for i, h := range header {
		keys[i] = headerKey(h)
	}
	taken := make([]bool, len(header))
	for _, f := range headerNames {
		best, bestRank := -1, len(f.names)
		for i, k := range keys {
			if r := slices.Index(f.names, k); r >= 0 && r < bestRank && !taken[i] {
				best, bestRank = i, r
			}
		}
		if best >= 0 && *set[f.field] < 0 {
			*set[f.field], taken[best] = best, true
		}
	}
	split := map[string]*int{"movement": &o.Movement, "lineNote": &o.LineNote}
	for i, k := range keys {
		for field, names := range splitHeaderNames {
			if slices.Contains(names, k) && *split[field] == 0 {
				*split[field] = i + 1
			}
		}
	}
}

// summaryWords start a summary line below a table (an opening or closing
// balance, a total), folded.
var summaryWords = []string{"saldo", "balance", "kontostand", "solde", "total", "totale", "totaal", "summe", "endsaldo", "anfangssaldo",
	"schlusssaldo", "opening balance", "closing balance", "ending balance", "beginsaldo", "eindsaldo", "nuevo saldo", "saldo final", "saldo inicial"}

// summaryRow says whether a record is a summary line, not a movement: its
// date cell is no date and one of its first cells starts with a summary word.
func summaryRow(rec []string, opt CSVOptions) bool {
	if _, err := parseDate(opt.DateFormat, cell(rec, opt.Date)); err == nil {
		return false
	}
	for _, c := range rec[:min(len(rec), 3)] {
		f := headerKey(c)
		for _, w := range summaryWords {
			if f == w || strings.HasPrefix(f, w+" ") || strings.HasPrefix(f, w+":") {
				return true
			}
		}
	}
	return false
}
