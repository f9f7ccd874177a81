package statement

import (
	"bufio"
	"strconv"
	"strings"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// An MT940 file (SWIFT customer statement; MT942 is the interim report of
// the same shape without balances) is a run of fields, each a tag on its
// line's start (":61:") and text that may go on over the next lines. Banks
// wrap each message in SWIFT blocks ({1:F01…}{2:…}{4: … -}) or not, end
// lines with CRLF or LF, and put several statements in one file. The fields
// read:
//
//	:20: reference (a new statement), :25: account, :28C: its number
//	:60F:/:60M: opening balance   C250131EUR1234,56
//	:61: statement line           2502030203DR12,50NTRFNONREF//B5C03X1
//	                              supplementary details (next line)
//	:86: information to the owner, free text, German structured subfields
//	     (166?00SEPA-UEBERWEISUNG?20purpose…?32name, the separator is the
//	     character after the 3-digit code) or Dutch keys (/NAME/…/REMI/…/)
//	:62F:/:62M: closing balance → Result.Balance
//	:34F:, :13D:, :90D:/:90C: (MT942) floor limit, date-time, totals
//
// The day of a movement is its entry date (MMDD, in the value date's year
// but for the turn of the year), else its value date.

// ParseMT940 reads the statement lines of the statements of an MT940 or
// MT942 file.
func ParseMT940(data []byte, exponent int) (Result, error) {
	return collect(func(emit Emit) (Result, error) { return ParseMT940Each(data, exponent, emit) })
}

// ParseMT940Each is ParseMT940 handing each good row to emit instead of keeping it.
func ParseMT940Each(data []byte, exponent int, emit Emit) (Result, error) {
	if err := importer.CheckExponent(exponent); err != nil {
		return Result{}, err
	}
	r, err := importer.TextReader(data)
	if err != nil {
		return Result{}, err
	}
	p := mt940Reader{exponent: exponent, emit: emit}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), importer.MaxFileBytes)
	line := 0
	for sc.Scan() && p.err == nil {
		line++
		p.line(line, strings.TrimRight(sc.Text(), "\r \t"))
	}
	if err := sc.Err(); err != nil {
		return p.res, finance.Errorf(finance.ECodeInvalid, "this MT940 file cannot be read: %v", err)
	}
	p.field()
	if p.err != nil {
		return p.res, p.err
	}
	if len(p.currencies) > 1 {
		return p.res, finance.Errorf(finance.ECodeInvalid, "the file holds statements in %s: import each account's file on its own", strings.Join(p.currencies, " and "))
	}
	if len(p.currencies) == 1 {
		p.res.Currency = p.currencies[0]
	}
	if p.balance != nil && len(p.accounts) <= 1 {
		p.res.Balance = p.balance
	}
	return p.res.finish()
}

// mt940Line is a :61: statement line waiting for its :86:.
type mt940Line struct {
	line                int
	date                string
	amount              int64
	err                 string // the field of a line that cannot be read
	code                string
	currency            byte // the third letter of the currency, when the bank writes it
	custRef, bankRef    string
	supplementary, info string
}

type mt940Reader struct {
	exponent   int
	emit       Emit
	res        Result
	err        error
	tag        string   // the field being read
	text       []string // its lines
	at         int      // its first line
	prev       string   // the tag of the field before
	pending    *mt940Line
	currency   string // the statement's
	currencies []string
	accounts   []string
	balance    *Balance
}

// line takes one line of the file: a new field, the SWIFT blocks around a
// message, or the next line of the field being read.
func (p *mt940Reader) line(n int, s string) {
	if strings.HasPrefix(s, "{") {
		p.field() // a message's header: its text starts after {4:
		if i := strings.Index(s, "{4:"); i >= 0 {
			s = s[i+3:]
		} else {
			return
		}
	}
	switch {
	case s == "-" || s == "-}" || strings.HasPrefix(s, "-}") || strings.HasPrefix(s, "{5:"):
		p.field() // the end of a message
		p.tag = ""
		return
	case len(s) > 3 && s[0] == ':':
		if end := strings.IndexByte(s[1:], ':'); end >= 2 && end <= 4 && mt940Tag(s[1:end+1]) {
			p.field()
			p.tag, p.text, p.at = s[1:end+1], []string{s[end+2:]}, n
			return
		}
	}
	if p.tag != "" && s != "" {
		p.text = append(p.text, s)
	}
}

// mt940Tag says whether s is a field tag: two digits and an optional letter.
func mt940Tag(s string) bool {
	if len(s) < 2 || len(s) > 3 || !isDigit(s[0]) || !isDigit(s[1]) {
		return false
	}
	return len(s) == 2 || s[2] >= 'A' && s[2] <= 'Z'
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// field handles the field read.
func (p *mt940Reader) field() {
	tag, text := p.tag, p.text
	if tag == "" {
		return
	}
	p.tag, p.text = "", nil
	defer func() { p.prev = tag }()
	if tag != "86" {
		p.flush()
	}
	switch tag {
	case "20":
		p.currency = ""
	case "25":
		acct := strings.TrimSpace(text[0])
		for _, a := range p.accounts {
			if a == acct {
				return
			}
		}
		p.accounts = append(p.accounts, acct)
	case "60F", "60M", "34F":
		p.statementCurrency(text[0], tag == "34F")
	case "62F", "62M":
		p.statementCurrency(text[0], false)
		if b, ok := mt940Balance(text[0], p.exponent); ok {
			p.balance = &b
		}
	case "61":
		p.pending = p.statementLine(text)
	case "86":
		if p.pending != nil && p.prev == "61" {
			p.pending.info = mt940Info(text)
			p.flush()
		}
	}
}

// statementCurrency notes the currency of a balance (C250131EUR1234,56)
// or of a floor limit (EUR0,00 or EURD0,00).
func (p *mt940Reader) statementCurrency(s string, limit bool) {
	s = strings.TrimSpace(s)
	if !limit {
		if len(s) < 10 {
			return
		}
		s = s[7:]
	}
	if len(s) < 3 {
		return
	}
	c := strings.ToUpper(s[:3])
	for i := 0; i < 3; i++ {
		if c[i] < 'A' || c[i] > 'Z' {
			return
		}
	}
	p.currency = c
	for _, have := range p.currencies {
		if have == c {
			return
		}
	}
	p.currencies = append(p.currencies, c)
}

// mt940Balance reads a balance: D or C, YYMMDD, the currency, the amount.
func mt940Balance(s string, exponent int) (Balance, bool) {
	s = strings.TrimSpace(s)
	if len(s) < 11 || s[0] != 'C' && s[0] != 'D' {
		return Balance{}, false
	}
	date := mt940Date(s[1:7])
	v, err := importer.ParseDecimal(s[10:], ',', exponent)
	if date == "" || err != nil {
		return Balance{}, false
	}
	if s[0] == 'D' {
		v = -v
	}
	return Balance{Date: date, Amount: v}, true
}

// mt940Date reads YYMMDD (years 00–79 are 20xx, as SWIFT dates are read).
func mt940Date(s string) string {
	if len(s) != 6 {
		return ""
	}
	century := "20"
	if s[0] >= '8' {
		century = "19"
	}
	d := century + s[:2] + "-" + s[2:4] + "-" + s[4:6]
	if !finance.ValidDate(d) {
		return ""
	}
	return d
}

// statementLine reads a :61: field: 6!n[4!n]2a[1!a]15d1!a3!c16x[//16x] and
// the supplementary details on its next line.
func (p *mt940Reader) statementLine(text []string) *mt940Line {
	l := &mt940Line{line: p.at}
	s := text[0]
	if len(text) > 1 {
		l.supplementary = strings.TrimSpace(strings.Join(text[1:], " "))
	}
	if len(s) < 6 {
		l.err = "date"
		return l
	}
	value := mt940Date(s[:6])
	if value == "" {
		l.err = "date"
		return l
	}
	s = s[6:]
	l.date = value
	if len(s) >= 4 && isDigit(s[0]) && isDigit(s[1]) && isDigit(s[2]) && isDigit(s[3]) {
		year, _ := strconv.Atoi(value[:4])
		switch {
		case value[5:7] == "12" && s[:2] == "01":
			year++
		case value[5:7] == "01" && s[:2] == "12":
			year--
		}
		if d := strconv.Itoa(year) + "-" + s[:2] + "-" + s[2:4]; finance.ValidDate(d) {
			l.date = d
		}
		s = s[4:]
	}
	sign := int64(0)
	switch {
	case strings.HasPrefix(s, "RD"):
		sign, s = 1, s[2:] // a debit taken back is money in
	case strings.HasPrefix(s, "RC"):
		sign, s = -1, s[2:]
	case strings.HasPrefix(s, "D"):
		sign, s = -1, s[1:]
	case strings.HasPrefix(s, "C"):
		sign, s = 1, s[1:]
	default:
		l.err = "amount"
		return l
	}
	if len(s) > 0 && s[0] >= 'A' && s[0] <= 'Z' {
		l.currency, s = s[0], s[1:]
	}
	end := 0
	for end < len(s) && end < 15 && (isDigit(s[end]) || s[end] == ',') {
		end++
	}
	v, err := importer.ParseDecimal(s[:end], ',', p.exponent)
	if err != nil || end == 0 {
		l.err = "amount"
		return l
	}
	l.amount = sign * v
	s = s[end:]
	if len(s) >= 4 {
		l.code, s = s[:4], s[4:]
	}
	if i := strings.Index(s, "//"); i >= 0 {
		l.custRef, l.bankRef = strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+2:])
	} else {
		l.custRef = strings.TrimSpace(s)
	}
	if strings.EqualFold(l.custRef, "NONREF") {
		l.custRef = ""
	}
	if strings.EqualFold(l.bankRef, "NONREF") {
		l.bankRef = ""
	}
	return l
}

// flush turns the statement line read, with its information, into a row.
func (p *mt940Reader) flush() {
	l := p.pending
	if l == nil {
		return
	}
	p.pending = nil
	p.res.Total++
	if p.res.Total > importer.MaxRows {
		p.err = importer.TooManyRows()
		return
	}
	switch {
	case l.err != "":
		p.res.addError(l.line, l.err, finance.FCodeInvalid)
		return
	case l.amount == 0:
		p.res.addError(l.line, "amount", finance.FCodeInvalid)
		return
	case l.amount > finance.MaxAmount || l.amount < -finance.MaxAmount:
		p.res.addError(l.line, "amount", finance.FCodeOutOfRange)
		return
	case l.currency != 0 && p.currency != "" && l.currency != p.currency[2]:
		p.res.addError(l.line, "amount", finance.FCodeInvalid) // another currency's amount
		return
	}
	info := parseMT940Info(l.info)
	desc, notes := info.name, info.purpose
	if desc == "" {
		desc, notes = info.purpose, ""
	}
	if desc == "" {
		desc = info.booking
	}
	for _, alt := range []string{l.supplementary, l.custRef, l.code} {
		if desc == "" {
			desc = alt
		}
	}
	if info.booking != "" && info.booking != desc {
		notes = strings.TrimSpace(info.booking + " · " + notes)
		notes = strings.TrimSuffix(notes, " ·")
	}
	p.res.add(Draft{Line: l.line, Date: l.date, Amount: l.amount, Description: importer.Cut(desc, finance.MaxDescription),
		Notes: importer.Cut(notes, finance.MaxNotes), FITID: importer.Cut(l.bankRef, 255)}, p.emit)
}

// mt940Info joins the lines of an :86: field: the lines of structured
// information run on (a subfield may go over a line's end); free text is
// words.
func mt940Info(text []string) string {
	first := text[0]
	if len(first) > 4 && isDigit(first[0]) && isDigit(first[1]) && isDigit(first[2]) || strings.HasPrefix(first, "/") {
		return strings.Join(text, "")
	}
	return strings.Join(text, " ")
}

// mt940Details is what an :86: field says.
type mt940Details struct{ booking, name, purpose string }

// parseMT940Info reads the three shapes of an :86: field.
func parseMT940Info(s string) mt940Details {
	s = strings.TrimSpace(s)
	switch {
	case len(s) > 4 && isDigit(s[0]) && isDigit(s[1]) && isDigit(s[2]) && !isDigit(s[3]) && s[3] != ' ' &&
		len(s) > 6 && isDigit(s[4]) && isDigit(s[5]):
		return mt940German(s[4:], s[3])
	case strings.HasPrefix(s, "/") && len(s) > 1:
		if d, ok := mt940Dutch(s); ok {
			return d
		}
	}
	return mt940Details{purpose: s}
}

// mt940German reads the subfields of the German banks' :86: (DFÜ-Abkommen,
// Anlage 3): ?00 booking text, ?20–?29 and ?60–?63 purpose, ?32–?33 the
// other party's name; ?30/?31 its bank and account are left out.
func mt940German(s string, sep byte) mt940Details {
	var d mt940Details
	var purpose, name []string
	for _, part := range strings.Split(s, string(sep)) {
		if len(part) < 2 || !isDigit(part[0]) || !isDigit(part[1]) {
			continue
		}
		code, v := part[:2], part[2:]
		switch {
		case code == "00":
			d.booking = strings.TrimSpace(v)
		case code >= "20" && code <= "29", code >= "60" && code <= "63":
			purpose = append(purpose, v)
		case code == "32" || code == "33":
			name = append(name, v)
		}
	}
	d.name, d.purpose = joinSegments(name), joinSegments(purpose)
	if i := strings.Index(d.purpose, "SVWZ+"); i >= 0 {
		d.purpose = strings.TrimSpace(d.purpose[i+5:]) // the SEPA purpose, after the references (EREF+, KREF+, MREF+…)
	}
	return d
}

// joinSegments joins the 27-character segments of a German subfield: a
// full segment runs on into the next one, a shorter one ends a phrase.
func joinSegments(parts []string) string {
	var b strings.Builder
	for i, p := range parts {
		if i > 0 && len([]rune(parts[i-1])) < 27 {
			b.WriteByte(' ')
		}
		b.WriteString(p)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// mt940Keys are the keys of the Dutch banks' :86: (/KEY/value/KEY/…).
var mt940Keys = map[string]bool{"TRTP": true, "IBAN": true, "BIC": true, "NAME": true, "REMI": true, "EREF": true, "MARF": true,
	"CSID": true, "ORDP": true, "BENM": true, "ADDR": true, "CNTP": true, "ULTC": true, "ULTD": true, "PURP": true, "RTRN": true,
	"PREF": true, "ISDT": true, "FX": true, "SVCL": true, "ID": true}

// mt940Key says whether part starts a new key after n parts of the value
// of key: the counterparty (CNTP) has four parts, and a remittance text
// (REMI) may hold words such as ID or FX.
func mt940Key(key, part string, n int) bool {
	switch {
	case !mt940Keys[part]:
		return false
	case key == "CNTP":
		return n >= 4
	case key == "REMI":
		return part != "ID" && part != "FX" && part != "ADDR" && part != "PURP"
	}
	return true
}

// mt940Dutch reads /TRTP/SEPA OVERBOEKING/IBAN/…/NAME/…/REMI/…/: the name
// (or the counterparty's, /CNTP/iban/bic/name/city/) and the remittance
// text.
func mt940Dutch(s string) (mt940Details, bool) {
	var d mt940Details
	fields := map[string]string{}
	key := ""
	var val []string
	found := false
	for _, part := range strings.Split(s[1:], "/") {
		if mt940Key(key, part, len(val)) {
			if key != "" {
				fields[key] = strings.Join(val, "/")
			}
			key, val, found = part, nil, true
			continue
		}
		val = append(val, part)
	}
	if key != "" {
		fields[key] = strings.Join(val, "/")
	}
	if !found {
		return d, false
	}
	d.booking = strings.TrimSpace(fields["TRTP"])
	d.name = strings.TrimSpace(fields["NAME"])
	if d.name == "" {
		if c := strings.Split(fields["CNTP"], "/"); len(c) >= 3 {
			d.name = strings.TrimSpace(c[2])
		}
	}
	remi := strings.Trim(fields["REMI"], "/ ")
	remi = strings.TrimPrefix(strings.TrimPrefix(remi, "USTD//"), "USTD/")
	if strings.HasPrefix(remi, "STRD/") {
		parts := strings.Split(remi, "/")
		remi = parts[len(parts)-1]
	}
	d.purpose = strings.TrimSpace(remi)
	return d, true
}
