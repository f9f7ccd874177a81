package statement

import (
	"bufio"
	"strconv"
	"strings"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
	"cashcontrol/internal/money"
)

// A Norma 43 file (AEB/CSB Cuaderno 43, the statement Spanish banks give) is
// a run of 80-character records, each named by its first two digits:
//
//	11 an account's header: bank, branch, account, first and last day
//	   (YYMMDD), initial balance (sign key 1 debit, 2 credit; 14 digits,
//	   2 decimals), currency (ISO 4217 numeric: 978 is EUR)
//	22 a movement: operation and value days, common concept (01–17, 99),
//	   own concept, sign key, amount, document number, references 1 and 2
//	23 up to five complementary concepts of the movement (two of 38 each)
//	24 the movement's amount in another currency
//	33 the account's end: how many debits and credits and their totals,
//	   the final balance
//	88 the end of the file: how many records it has
//
// The end record is checked: the movements must add up to its counts and
// totals, and the initial balance with them to its final balance; else the
// file is refused (a file cut short or altered). Text is Latin-1 or
// Windows-1252 (ñ, accents), read by importer.TextReader.

// ParseNorma43 reads the movements of the accounts of a Norma 43 file.
func ParseNorma43(data []byte, exponent int) (Result, error) {
	return collect(func(emit Emit) (Result, error) { return ParseNorma43Each(data, exponent, emit) })
}

// ParseNorma43Each is ParseNorma43 handing each good row to emit instead of
// keeping it. The file is checked whole before a row is handed on: a file
// whose totals do not add up gives none.
func ParseNorma43Each(data []byte, exponent int, emit Emit) (Result, error) {
	if err := importer.CheckExponent(exponent); err != nil {
		return Result{}, err
	}
	if _, err := readNorma43(data, exponent, func(Draft) {}); err != nil {
		return Result{}, err // refused whole: its rows' errors are not the reason
	}
	return readNorma43(data, exponent, emit)
}

// norma43Currencies are the ISO 4217 numeric codes of the currencies Spanish
// banks keep accounts in.
var norma43Currencies = map[string]string{
	"978": "EUR", "840": "USD", "826": "GBP", "756": "CHF", "392": "JPY", "124": "CAD", "036": "AUD", "752": "SEK",
	"578": "NOK", "208": "DKK", "985": "PLN", "203": "CZK", "348": "HUF", "946": "RON", "975": "BGN", "949": "TRY",
	"484": "MXN", "986": "BRL", "032": "ARS", "152": "CLP", "170": "COP", "604": "PEN", "858": "UYU", "156": "CNY",
	"344": "HKD", "702": "SGD", "554": "NZD", "710": "ZAR", "504": "MAD", "356": "INR", "410": "KRW", "784": "AED",
	"682": "SAR", "376": "ILS", "634": "QAR", "414": "KWD", "048": "BHD", "512": "OMR", "788": "TND", "012": "DZD",
}

// norma43Concepts are the common concepts, the description of a movement
// whose bank wrote no text, in the words of the standard.
var norma43Concepts = map[string]string{
	"01": "Talones - reintegros", "02": "Abonarés - entregas - ingresos", "03": "Domiciliados - recibos - letras - pagos por su cuenta",
	"04": "Giros - transferencias - traspasos - cheques", "05": "Amortizaciones préstamos, créditos, etc.", "06": "Remesas efectos",
	"07": "Suscripciones - dividendos pasivos - canjes", "08": "Dividendos - cupones - prima junta - amortizaciones",
	"09": "Operaciones de bolsa y/o compra/venta valores", "10": "Cheques gasolina", "11": "Cajero automático",
	"12": "Tarjetas de crédito - tarjetas de débito", "13": "Operaciones extranjero", "14": "Devoluciones e impagados",
	"15": "Nóminas - seguros sociales", "16": "Timbres - corretaje - póliza", "17": "Intereses - comisiones - custodia - gastos e impuestos",
	"99": "Varios",
}

// n43Movement is the 22 record being read, with its 23 and 24 records.
type n43Movement struct {
	line                int
	date                string
	amount              int64
	err                 string
	concept             string
	doc, ref1, ref2     string
	texts, equivalences []string
}

// n43Account is the account being read (from its 11 record to its 33).
type n43Account struct {
	key                 string
	end                 string // its last day
	initial             int64
	debits, credits     int
	debitSum, creditSum int64
	movements           int64 // their sum
	currency            string
	open                bool
}

type n43Reader struct {
	exponent   int
	emit       Emit
	res        Result
	mov        *n43Movement
	acct       n43Account
	records    int
	ended      bool // the 88 record was read
	currencies []string
	accounts   []string
	balance    *Balance
}

func readNorma43(data []byte, exponent int, emit Emit) (Result, error) {
	r, err := importer.TextReader(data)
	if err != nil {
		return Result{}, err
	}
	p := n43Reader{exponent: exponent, emit: emit}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), importer.MaxFileBytes)
	line := 0
	for sc.Scan() {
		text := strings.TrimRight(sc.Text(), "\r")
		for _, rec := range n43Records(text) {
			line++
			if strings.TrimSpace(rec) == "" {
				continue
			}
			if err := p.record(line, rec); err != nil {
				return p.res, err
			}
		}
	}
	if err := sc.Err(); err != nil {
		return p.res, finance.Errorf(finance.ECodeInvalid, "this Norma 43 file cannot be read: %v", err)
	}
	if p.acct.open {
		return p.res, finance.Errorf(finance.ECodeInvalid, "the file ends before the end record (33) of account %s: it is incomplete", p.acct.key)
	}
	if !p.ended && p.records > 0 {
		return p.res, finance.Errorf(finance.ECodeInvalid, "the file has no end-of-file record (88): it is incomplete")
	}
	if len(p.currencies) > 1 {
		return p.res, finance.Errorf(finance.ECodeInvalid, "the file holds accounts in %s: import each account's file on its own", strings.Join(p.currencies, " and "))
	}
	if len(p.currencies) == 1 {
		p.res.Currency = p.currencies[0]
	}
	if len(p.accounts) == 1 {
		p.res.Balance = p.balance
	}
	return p.res.finish()
}

// n43Records splits a line of the file into its records: one, or several
// 80-character ones when the bank wrote them without line breaks.
func n43Records(s string) []string {
	r := []rune(s)
	if len(r) <= 80 || len(r)%80 != 0 {
		return []string{s}
	}
	out := make([]string, 0, len(r)/80)
	for i := 0; i < len(r); i += 80 {
		out = append(out, string(r[i:i+80]))
	}
	return out
}

// field is the text of positions from to to (1-based, inclusive) of a
// record, padded with spaces: banks cut trailing blanks off.
func field(rec []rune, from, to int) string {
	if from > len(rec) {
		return ""
	}
	return string(rec[from-1 : min(to, len(rec))])
}

func (p *n43Reader) record(line int, s string) error {
	rec := []rune(s)
	kind := field(rec, 1, 2)
	if p.ended {
		return finance.Errorf(finance.ECodeInvalid, "line %d: a record after the end-of-file record (88)", line)
	}
	p.records++
	if kind != "23" && kind != "24" {
		p.flush()
	}
	switch kind {
	case "11":
		return p.header(line, rec)
	case "22":
		if !p.acct.open {
			return finance.Errorf(finance.ECodeInvalid, "line %d: a movement (22) outside an account (11 … 33)", line)
		}
		p.movement(line, rec)
	case "23":
		if p.mov != nil {
			for _, c := range []string{field(rec, 5, 42), field(rec, 43, 80)} {
				if c = strings.TrimSpace(c); c != "" {
					p.mov.texts = append(p.mov.texts, c)
				}
			}
		}
	case "24":
		if p.mov != nil {
			ccy := norma43Currencies[field(rec, 5, 7)]
			if v, err := n43Amount(field(rec, 8, 21), 2); err == nil && ccy != "" {
				p.mov.equivalences = append(p.mov.equivalences, ccy+" "+money.FormatDecimal(v, 2))
			}
		}
	case "33":
		return p.footer(line, rec)
	case "88":
		p.ended = true
		n, err := strconv.Atoi(strings.TrimSpace(field(rec, 21, 26)))
		if err == nil && n != p.records-1 && n != p.records {
			return finance.Errorf(finance.ECodeInvalid, "the end-of-file record says %d records and the file has %d: it is incomplete", n, p.records-1)
		}
	default:
		return finance.Errorf(finance.ECodeInvalid, "line %d: %q is not a record of a Norma 43 file", line, kind)
	}
	return nil
}

func (p *n43Reader) header(line int, rec []rune) error {
	if p.acct.open {
		return finance.Errorf(finance.ECodeInvalid, "line %d: account %s has no end record (33) before the next account", line, p.acct.key)
	}
	code := field(rec, 48, 50)
	ccy, ok := norma43Currencies[code]
	if !ok {
		return finance.Errorf(finance.ECodeInvalid, "line %d: the account's currency code %q is not one this app knows", line, code).With("currencyCode", code)
	}
	initial, err := n43Signed(field(rec, 33, 33), field(rec, 34, 47), p.exponent)
	if err != nil {
		return finance.Errorf(finance.ECodeInvalid, "line %d: the account's initial balance cannot be read", line)
	}
	p.acct = n43Account{key: field(rec, 3, 6) + " " + field(rec, 7, 10) + " " + field(rec, 11, 20), end: n43Date(field(rec, 27, 32)),
		initial: initial, currency: ccy, open: true}
	for _, c := range p.currencies {
		if c == ccy {
			return nil
		}
	}
	p.currencies = append(p.currencies, ccy)
	return nil
}

func (p *n43Reader) movement(line int, rec []rune) {
	m := &n43Movement{line: line, concept: field(rec, 23, 24), doc: n43Ref(field(rec, 43, 52)),
		ref1: n43Ref(field(rec, 53, 64)), ref2: n43Ref(field(rec, 65, 80))}
	p.mov = m
	v, err := n43Signed(field(rec, 28, 28), field(rec, 29, 42), p.exponent)
	if err != nil {
		m.err = "amount"
		return
	}
	m.amount = v
	a := &p.acct
	if v < 0 {
		a.debits++
		a.debitSum -= v
	} else {
		a.credits++
		a.creditSum += v
	}
	a.movements += v
	if m.date = n43Date(field(rec, 11, 16)); m.date == "" {
		m.err = "date"
	}
}

// footer checks an account's end record against what was read.
func (p *n43Reader) footer(line int, rec []rune) error {
	a := &p.acct
	if !a.open {
		return finance.Errorf(finance.ECodeInvalid, "line %d: an account's end record (33) without its header (11)", line)
	}
	a.open = false
	final, err := n43Signed(field(rec, 59, 59), field(rec, 60, 73), p.exponent)
	debits, derr := strconv.Atoi(field(rec, 21, 25))
	credits, cerr := strconv.Atoi(field(rec, 40, 44))
	debitSum, serr := n43Amount(field(rec, 26, 39), p.exponent)
	creditSum, terr := n43Amount(field(rec, 45, 58), p.exponent)
	if err != nil || derr != nil || cerr != nil || serr != nil || terr != nil {
		return finance.Errorf(finance.ECodeInvalid, "line %d: the account's end record (33) cannot be read", line)
	}
	ccy := a.currency
	money := func(v int64) string { return money.FormatDecimal(v, p.exponent) + " " + ccy }
	switch {
	case debits != a.debits || credits != a.credits:
		return finance.Errorf(finance.ECodeInvalid, "account %s: its end record counts %d debits and %d credits, the file has %d and %d: it is incomplete or altered",
			a.key, debits, credits, a.debits, a.credits)
	case debitSum != a.debitSum || creditSum != a.creditSum:
		return finance.Errorf(finance.ECodeInvalid, "account %s: its end record totals %s of debits and %s of credits, the movements add up to %s and %s",
			a.key, money(debitSum), money(creditSum), money(a.debitSum), money(a.creditSum))
	case a.initial+a.movements != final:
		return finance.Errorf(finance.ECodeInvalid, "account %s: its final balance is %s, but the initial balance %s and the movements make %s",
			a.key, money(final), money(a.initial), money(a.initial+a.movements))
	}
	if a.end != "" {
		p.balance = &Balance{Date: a.end, Amount: final}
	}
	for _, k := range p.accounts {
		if k == a.key {
			return nil
		}
	}
	p.accounts = append(p.accounts, a.key)
	return nil
}

// flush turns the movement read, with its complementary records, into a row.
func (p *n43Reader) flush() {
	m := p.mov
	if m == nil {
		return
	}
	p.mov = nil
	p.res.Total++
	switch {
	case m.err != "":
		p.res.addError(m.line, m.err, finance.FCodeInvalid)
		return
	case m.amount == 0:
		p.res.addError(m.line, "amount", finance.FCodeInvalid)
		return
	}
	desc := strings.Join(strings.Fields(strings.Join(m.texts, " ")), " ")
	var notes []string
	if desc == "" {
		desc = norma43Concepts[m.concept]
		if desc == "" {
			desc = norma43Concepts["99"]
		}
		if m.ref2 != "" {
			notes = append(notes, m.ref2)
		}
	}
	notes = append(notes, m.equivalences...)
	fitid := ""
	if m.doc != "" || m.ref1 != "" || m.ref2 != "" {
		fitid = m.date + "/" + m.doc + "/" + m.ref1 + "/" + m.ref2
	}
	p.res.add(Draft{Line: m.line, Date: m.date, Amount: m.amount, Description: importer.Cut(desc, finance.MaxDescription),
		Notes: importer.Cut(strings.Join(notes, " · "), finance.MaxNotes), FITID: importer.Cut(fitid, 255)}, p.emit)
}

// n43Ref is a reference field, "" when blank or all zeros.
func n43Ref(s string) string {
	s = strings.TrimSpace(s)
	if strings.Trim(s, "0") == "" {
		return ""
	}
	return s
}

// n43Date reads YYMMDD (all of them this century).
func n43Date(s string) string {
	if len(s) != 6 {
		return ""
	}
	d := "20" + s[:2] + "-" + s[2:4] + "-" + s[4:6]
	if !finance.ValidDate(d) {
		return ""
	}
	return d
}

// n43Signed reads an amount and its key: 1 debit (negative), 2 credit.
func n43Signed(key, digits string, exponent int) (int64, error) {
	v, err := n43Amount(digits, exponent)
	if err != nil {
		return 0, err
	}
	switch key {
	case "1":
		return -v, nil
	case "2":
		return v, nil
	}
	return 0, importer.ErrInvalidAmount
}

// n43Amount reads 14 digits with 2 decimals into minor units of a currency
// of exponent decimals (a currency of none must have 00 cents).
func n43Amount(digits string, exponent int) (int64, error) {
	if len(digits) != 14 || strings.Trim(digits, "0123456789") != "" {
		return 0, importer.ErrInvalidAmount
	}
	v, err := strconv.ParseInt(digits, 10, 64)
	if err != nil {
		return 0, importer.ErrInvalidAmount
	}
	for e := 2; e < exponent; e++ {
		v *= 10
	}
	for e := 2; e > exponent; e-- {
		if v%10 != 0 {
			return 0, importer.ErrInvalidAmount
		}
		v /= 10
	}
	if v > finance.MaxAmount {
		return 0, importer.ErrAmountOutOfRange
	}
	return v, nil
}
