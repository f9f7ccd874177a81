package statement

import (
	"html"
	"io"
	"strings"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// An OFX file as banks write it (OFX 1.x SGML and 2.x XML, specification
// sections 2.2 and 2.4 to 2.5): a header (OFX 1: "KEY:VALUE" lines such as
// CHARSET:1252; OFX 2: an XML declaration and <?OFX …?>), then elements. An
// aggregate (<STMTTRN>…</STMTTRN>) holds elements; an element of data
// (<TRNAMT>-23.45) holds text, and its end tag is optional in SGML and
// required in XML. Banks mix the two: OFX 2 headers over SGML bodies, blank
// lines before the header, no header at all, end tags that close an
// aggregate whose data elements were never closed. The reader below is a
// tolerant tokenizer of our own (no library read all of these): an element
// followed by text is data, whatever follows; an end tag closes the nearest
// open aggregate of its name and everything left open inside it.
//
// What is read: every <STMTTRN> (bank, credit card, and the cash lines of an
// investment statement, <INVBANKTRAN>), the statement's currency (<CURDEF>)
// and its ledger balance (<LEDGERBAL>: <BALAMT> on <DTASOF>).

// ParseOFX reads the transactions of the statements of an OFX/QFX file.
// FITIDs are kept for duplicate detection; amounts become minor units.
func ParseOFX(data []byte, exponent int) (Result, error) {
	return collect(func(emit Emit) (Result, error) { return ParseOFXEach(data, exponent, emit) })
}

// ParseOFXEach is ParseOFX handing each good row to emit instead of keeping it.
func ParseOFXEach(data []byte, exponent int, emit Emit) (Result, error) {
	if err := importer.CheckExponent(exponent); err != nil {
		return Result{}, err
	}
	r, err := importer.TextReader(data) // the header's CHARSET: 1252 and 8859-1 are read as Windows-1252
	if err != nil {
		return Result{}, err
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return Result{}, err
	}
	text := string(b)
	if i := indexFold(text, "<OFX>"); i >= 0 {
		text = text[i:] // the header, whichever version, says nothing we use
	}
	p := ofxReader{exponent: exponent, emit: emit}
	p.read(text)
	if p.err != nil {
		return p.res, p.err
	}
	if len(p.currencies) > 1 {
		return p.res, finance.Errorf(finance.ECodeInvalid, "the file holds statements in %s: import each account's file on its own", strings.Join(p.currencies, " and "))
	}
	if len(p.currencies) == 1 {
		p.res.Currency = p.currencies[0]
	}
	if p.balances == 1 {
		p.res.Balance = p.balance
	}
	return p.res.finish()
}

// ofxReader keeps what the tokenizer has seen: the open aggregates, the
// transaction being read and the statements' currencies and balances.
type ofxReader struct {
	exponent   int
	emit       Emit
	res        Result
	err        error
	open       []string          // the open aggregates, outermost first
	trn        map[string]string // the <STMTTRN> being read (nil outside one)
	payee      string            // its <PAYEE><NAME>
	bal        map[string]string // the <LEDGERBAL> being read
	currencies []string          // each statement's <CURDEF>, once each
	balance    *Balance
	balances   int // statements with a ledger balance: the preview shows one only when the file has one
}

// read walks the elements of text.
func (p *ofxReader) read(text string) {
	for i := 0; i < len(text) && p.err == nil; {
		lt := strings.IndexByte(text[i:], '<')
		if lt < 0 {
			return
		}
		i += lt
		switch {
		case strings.HasPrefix(text[i:], "<!--"):
			end := strings.Index(text[i:], "-->")
			if end < 0 {
				return
			}
			i += end + 3
			continue
		case strings.HasPrefix(text[i:], "<?"), strings.HasPrefix(text[i:], "<!"):
			end := strings.IndexByte(text[i:], '>')
			if end < 0 {
				return
			}
			i += end + 1
			continue
		}
		gt := strings.IndexByte(text[i:], '>')
		if gt < 0 {
			return
		}
		tag := strings.ToUpper(strings.TrimSpace(text[i+1 : i+gt]))
		i += gt + 1
		if name, ok := strings.CutPrefix(tag, "/"); ok {
			p.end(name)
			continue
		}
		if j := strings.IndexAny(tag, " \t\r\n/"); j >= 0 {
			tag = tag[:j] // attributes or <TAG/>: none in OFX, but never a reason to fail
		}
		next := strings.IndexByte(text[i:], '<')
		if next < 0 {
			next = len(text) - i
		}
		value := strings.TrimSpace(text[i : i+next])
		if value != "" || strings.HasPrefix(text[i+next:], "</"+tag+">") || p.isData(tag) {
			p.data(tag, ofxText(value))
			i += next
			continue
		}
		p.begin(tag)
	}
}

// isData says whether an empty element is data: an empty <BALAMT> or <MEMO>
// (an SGML element of data with no text) is not an aggregate.
func (p *ofxReader) isData(tag string) bool {
	switch tag {
	case "STMTTRN", "PAYEE", "LEDGERBAL", "BANKTRANLIST", "STMTRS", "CCSTMTRS", "INVSTMTRS", "INVBANKTRAN", "OFX":
		return false
	}
	return p.trn != nil || p.bal != nil
}

func (p *ofxReader) begin(tag string) {
	switch tag {
	case "STMTTRN":
		p.flush() // a transaction left open by a file that never closes them
		p.trn = map[string]string{}
		p.payee = ""
	case "LEDGERBAL":
		p.bal = map[string]string{}
	}
	p.open = append(p.open, tag)
}

// end closes the nearest open aggregate named name and what is open inside
// it; an end tag of data, or of nothing open, closes nothing.
func (p *ofxReader) end(name string) {
	for k := len(p.open) - 1; k >= 0; k-- {
		if p.open[k] != name {
			continue
		}
		for _, closed := range p.open[k:] {
			switch closed {
			case "STMTTRN":
				p.flush()
			case "LEDGERBAL":
				p.ledgerBalance()
			}
		}
		p.open = p.open[:k]
		return
	}
}

func (p *ofxReader) inside(name string) bool {
	for _, o := range p.open {
		if o == name {
			return true
		}
	}
	return false
}

func (p *ofxReader) data(tag, value string) {
	switch {
	case p.trn != nil:
		if tag == "NAME" && p.inside("PAYEE") {
			p.payee = value
		} else if _, seen := p.trn[tag]; !seen {
			p.trn[tag] = value
		}
	case p.bal != nil:
		p.bal[tag] = value
	case tag == "CURDEF":
		code := strings.ToUpper(value)
		for _, c := range p.currencies {
			if c == code {
				return
			}
		}
		p.currencies = append(p.currencies, code)
	}
}

// flush turns the transaction read into a row.
func (p *ofxReader) flush() {
	t := p.trn
	if t == nil {
		return
	}
	p.trn = nil
	p.res.Total++
	line := p.res.Total
	if p.res.Total > importer.MaxRows {
		p.err = importer.TooManyRows()
		return
	}
	date := ofxDate(t["DTPOSTED"])
	if date == "" {
		date = ofxDate(t["DTUSER"])
	}
	if date == "" {
		p.res.addError(line, "date", finance.FCodeInvalid)
		return
	}
	amount, err := ofxAmount(t["TRNAMT"], p.exponent)
	if err != nil {
		p.res.addError(line, "amount", fieldCode(err))
		return
	}
	if amount == 0 {
		p.res.addError(line, "amount", finance.FCodeInvalid)
		return
	}
	desc, notes := t["NAME"], t["MEMO"]
	if desc == "" {
		desc = p.payee
	}
	if desc == "" {
		desc = t["EXTDNAME"]
	}
	if desc == "" {
		desc, notes = notes, "" // the memo is all the bank said
	}
	p.res.add(Draft{Line: line, Date: date, Amount: amount, Description: importer.Cut(desc, finance.MaxDescription),
		Notes: importer.Cut(notes, finance.MaxNotes), FITID: importer.Cut(t["FITID"], 255)}, p.emit)
}

// ledgerBalance keeps the statement's balance when it has an amount and a
// date (an empty <BALAMT> is no balance).
func (p *ofxReader) ledgerBalance() {
	b := p.bal
	p.bal = nil
	date := ofxDate(b["DTASOF"])
	amount, err := ofxAmount(b["BALAMT"], p.exponent)
	if date == "" || err != nil {
		return
	}
	p.balances++
	p.balance = &Balance{Date: date, Amount: amount}
}

// ofxDate is the date of an OFX date-time (YYYYMMDD, then an optional time
// and zone, which do not move the day the bank booked), or "".
func ofxDate(s string) string {
	if len(s) < 8 {
		return ""
	}
	d := s[:4] + "-" + s[4:6] + "-" + s[6:8]
	if !finance.ValidDate(d) {
		return ""
	}
	return d
}

// ofxAmount reads an OFX amount: a sign, digits and a decimal point, which
// some banks write as a comma.
func ofxAmount(s string, exponent int) (int64, error) {
	s = importer.TrimBlank(s)
	neg := false
	switch {
	case strings.HasPrefix(s, "-"):
		neg, s = true, s[1:]
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	}
	sep := byte('.')
	if strings.IndexByte(s, '.') < 0 && strings.IndexByte(s, ',') >= 0 {
		sep = ','
	}
	v, err := importer.ParseDecimal(s, sep, exponent)
	if neg {
		v = -v
	}
	return v, err
}

// ofxText decodes the character references of an element's text. Some banks
// escape twice ("&amp;lt;" for "<"): a text still holding a reference after
// the first decoding is decoded once more.
func ofxText(s string) string {
	if strings.IndexByte(s, '&') < 0 {
		return s
	}
	s = html.UnescapeString(s)
	if strings.Contains(s, "&") && (strings.Contains(s, "&lt;") || strings.Contains(s, "&gt;") || strings.Contains(s, "&amp;") ||
		strings.Contains(s, "&quot;") || strings.Contains(s, "&apos;") || strings.Contains(s, "&#")) {
		s = html.UnescapeString(s)
	}
	return s
}

// indexFold is strings.Index ignoring ASCII case.
func indexFold(s, sub string) int {
	return strings.Index(strings.ToUpper(s), sub)
}
