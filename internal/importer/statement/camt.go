package statement

import (
	"bytes"
	"encoding/xml"
	"io"
	"strconv"
	"strings"

	"github.com/orisano/gosax"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// A CAMT file (ISO 20022 cash management: camt.052 account report,
// camt.053 statement, camt.054 debit/credit notification; any version of
// the urn:iso:std:iso:20022:tech:xsd:camt.05x namespace: elements are
// matched by their local names) holds one or more statements (<Stmt>,
// <Rpt>, <Ntfctn>), each with its account, balances (<Bal>) and entries
// (<Ntry>). An entry has an amount (<Amt Ccy="EUR">), a direction
// (<CdtDbtInd> CRDT or DBIT), a status (<Sts>BOOK</Sts>, or
// <Sts><Cd>BOOK</Cd></Sts> from version 8), booking and value dates, the
// bank's references and its details (<NtryDtls><TxDtls>: one per
// transaction of a batch, each with its parties and remittance text).
//
// The file is read token by token (encoding/xml's Decoder), keeping only the
// entry being read: a file of 100,000 entries is never a tree in memory.
// Only booked entries are movements: pending (PDNG) and information (INFO)
// ones are counted in Result.Skipped.

// SkippedPending counts the entries of a bank file that are not booked yet
// (CAMT PDNG and INFO): they may still change or vanish.
const SkippedPending = "pending"

// ParseCAMT reads the booked entries of the statements of a CAMT file.
func ParseCAMT(data []byte, exponent int) (Result, error) {
	return collect(func(emit Emit) (Result, error) { return ParseCAMTEach(data, exponent, emit) })
}

// ParseCAMTEach is ParseCAMT handing each good row to emit instead of keeping it.
func ParseCAMTEach(data []byte, exponent int, emit Emit) (Result, error) {
	if err := importer.CheckExponent(exponent); err != nil {
		return Result{}, err
	}
	if len(data) > importer.MaxFileBytes {
		return Result{}, importer.TooLarge()
	}
	return ParseCAMTReader(bytes.NewReader(data), exponent, emit)
}

// ParseCAMTReader is ParseCAMTEach streaming the file from r (a stored
// upload through its decompressor): the file is never whole in memory.
func ParseCAMTReader(r io.Reader, exponent int, emit Emit) (Result, error) {
	if err := importer.CheckExponent(exponent); err != nil {
		return Result{}, err
	}
	// gosax: a streaming tokenizer five times as fast as encoding/xml's
	// Decoder on statements (its tokens are encoding/xml's types). Declared
	// charsets are read as they come (UTF-8 in practice).
	lr := &io.LimitedReader{R: r, N: importer.MaxFileBytes + 1}
	d := gosax.NewReaderSize(lr, 64<<10)
	d.EmitSelfClosingTag = true // <Sts/> opens and closes
	p := camtReader{exponent: exponent, emit: emit}
	err := p.read(d)
	if lr.N <= 0 {
		return Result{}, importer.TooLarge()
	}
	if err != nil {
		return p.res, err
	}
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
		p.res.Balance = p.balance // several accounts' balances are no one account's
	}
	return p.res.finish()
}

// camtTx is what an entry or one of its transactions (<TxDtls>) says.
type camtTx struct {
	amount, currency, direction string
	endToEnd, svcrRef           string
	debtor, creditor            string
	ustrd                       []string
	ref, addtl                  string
}

// camtEntry is the <Ntry> being read.
type camtEntry struct {
	camtTx
	status, booked, value, ntryRef string
	txs                            []camtTx
}

// camtBal is the <Bal> being read.
type camtBal struct{ kind, amount, currency, direction, date string }

type camtReader struct {
	exponent   int
	emit       Emit
	res        Result
	err        error
	path       []string // the open elements' local names, outermost first
	text       strings.Builder
	stmtCcy    string // the statement's currency: its account's <Ccy>, else its first entry's or balance's
	stmtAcct   string
	entry      *camtEntry
	entryAt    int // len(path) at the entry's <Ntry>
	tx         *camtTx
	txAt       int
	bal        *camtBal
	balAt      int
	currencies []string
	accounts   []string
	balance    *Balance
}

func (p *camtReader) read(d *gosax.Reader) error {
	for p.err == nil {
		e, err := d.Event()
		if err == nil && e.Type() == gosax.EventEOF {
			return nil
		}
		var text xml.CharData
		if err == nil {
			switch e.Type() {
			case gosax.EventStart:
				var t xml.StartElement
				if t, err = gosax.StartElement(e.Bytes); err == nil {
					p.start(t) // names are matched by their local part
				}
			case gosax.EventEnd:
				p.end()
			case gosax.EventText:
				text, err = gosax.CharData(e.Bytes)
			case gosax.EventCData:
				text = bytes.TrimSuffix(bytes.TrimPrefix(e.Bytes, []byte("<![CDATA[")), []byte("]]>"))
			}
		}
		if err != nil {
			if p.res.Total > 0 {
				return nil // a file cut short: what was read before is kept, as OFX does
			}
			return finance.Errorf(finance.ECodeInvalid, "this CAMT file is not well-formed XML: %v", err)
		}
		if len(text) > 0 && p.text.Len() < 4096 {
			p.text.Write(text)
		}
	}
	return nil
}

func (p *camtReader) start(t xml.StartElement) {
	name := t.Name.Local
	p.path = append(p.path, name)
	p.text.Reset()
	switch {
	case name == "Stmt" || name == "Rpt" || name == "Ntfctn":
		if len(p.path) <= 4 {
			p.stmtCcy, p.stmtAcct = "", ""
		}
	case name == "Ntry" && p.entry == nil:
		p.entry, p.entryAt = &camtEntry{}, len(p.path)
	case name == "TxDtls" && p.entry != nil && p.tx == nil:
		p.tx, p.txAt = &camtTx{}, len(p.path)
	case name == "Bal" && p.entry == nil:
		p.bal, p.balAt = &camtBal{}, len(p.path)
	case name == "Amt":
		for _, a := range t.Attr {
			if a.Name.Local == "Ccy" {
				p.setCcy(strings.ToUpper(strings.TrimSpace(a.Value)))
			}
		}
	}
}

// setCcy keeps the currency of an amount where it belongs.
func (p *camtReader) setCcy(ccy string) {
	switch {
	case p.tx != nil:
		if p.under(p.txAt, "Amt") || p.under(p.txAt, "AmtDtls", "TxAmt", "Amt") {
			p.tx.currency = ccy
		}
	case p.entry != nil:
		if p.under(p.entryAt, "Amt") {
			p.entry.currency = ccy
		}
	case p.bal != nil:
		if p.under(p.balAt, "Amt") {
			p.bal.currency = ccy
		}
	}
}

// under says whether the open elements below the one opened at depth are rel.
func (p *camtReader) under(depth int, rel ...string) bool {
	if len(p.path)-depth != len(rel) {
		return false
	}
	for i, r := range rel {
		if p.path[depth+i] != r {
			return false
		}
	}
	return true
}

// below says whether the open elements below depth end with rel.
func (p *camtReader) below(depth int, rel ...string) bool {
	return len(p.path)-depth >= len(rel) && p.under(len(p.path)-len(rel), rel...)
}

func (p *camtReader) end() {
	if len(p.path) == 0 {
		return
	}
	v := strings.TrimSpace(p.text.String())
	p.text.Reset()
	depth := len(p.path)
	switch {
	case p.tx != nil:
		if depth == p.txAt {
			p.entry.txs = append(p.entry.txs, *p.tx)
			p.tx = nil
		} else {
			p.txField(p.tx, p.txAt, v)
		}
	case p.entry != nil:
		if depth == p.entryAt {
			p.flush()
			p.entry = nil
		} else {
			p.entryField(v)
		}
	case p.bal != nil:
		if depth == p.balAt {
			p.closing()
			p.bal = nil
		} else {
			p.balField(v)
		}
	case depth >= 3 && p.path[depth-1] == "Ccy" && p.path[depth-2] == "Acct" && isStmt(p.path[depth-3]):
		p.stmtCcy = strings.ToUpper(v)
		p.noteCurrency(p.stmtCcy)
	case p.below(0, "Acct", "Id", "IBAN"), p.below(0, "Acct", "Id", "Othr", "Id"):
		if p.stmtAcct == "" {
			p.stmtAcct = v
			p.noteAccount(v)
		}
	}
	p.path = p.path[:depth-1]
}

func isStmt(name string) bool { return name == "Stmt" || name == "Rpt" || name == "Ntfctn" }

// txField keeps a field of a transaction (or of the entry, which has the
// same amount, direction and additional information elements).
func (p *camtReader) txField(t *camtTx, at int, v string) {
	switch {
	case p.under(at, "Amt"), p.under(at, "AmtDtls", "TxAmt", "Amt"):
		t.amount = v
	case p.under(at, "CdtDbtInd"):
		t.direction = v
	case p.under(at, "Refs", "EndToEndId"):
		if !strings.EqualFold(v, "NOTPROVIDED") {
			t.endToEnd = v
		}
	case p.under(at, "Refs", "AcctSvcrRef"):
		t.svcrRef = v
	case p.under(at, "RltdPties", "Dbtr", "Nm"), p.under(at, "RltdPties", "Dbtr", "Pty", "Nm"):
		t.debtor = v
	case p.under(at, "RltdPties", "Cdtr", "Nm"), p.under(at, "RltdPties", "Cdtr", "Pty", "Nm"):
		t.creditor = v
	case p.under(at, "RmtInf", "Ustrd"):
		if v != "" && len(t.ustrd) < 20 {
			t.ustrd = append(t.ustrd, v)
		}
	case p.under(at, "RmtInf", "Strd", "CdtrRefInf", "Ref"):
		if t.ref == "" {
			t.ref = v
		}
	case p.under(at, "AddtlTxInf"), p.under(at, "AddtlNtryInf"):
		t.addtl = v
	}
}

func (p *camtReader) entryField(v string) {
	e, at := p.entry, p.entryAt
	switch {
	case p.under(at, "Sts"), p.under(at, "Sts", "Cd"):
		if v != "" {
			e.status = strings.ToUpper(v)
		}
	case p.under(at, "BookgDt", "Dt"), p.under(at, "BookgDt", "DtTm"):
		e.booked = camtDate(v)
	case p.under(at, "ValDt", "Dt"), p.under(at, "ValDt", "DtTm"):
		e.value = camtDate(v)
	case p.under(at, "AcctSvcrRef"):
		e.svcrRef = v
	case p.under(at, "NtryRef"):
		e.ntryRef = v
	case p.below(at, "AmtDtls", "TxAmt", "Amt"):
		// the entry's own <Amt> is what the account moved
	default:
		p.txField(&e.camtTx, at, v)
	}
}

func (p *camtReader) balField(v string) {
	b, at := p.bal, p.balAt
	switch {
	case p.under(at, "Tp", "CdOrPrtry", "Cd"), p.under(at, "Tp", "Cd"):
		b.kind = strings.ToUpper(v)
	case p.under(at, "Amt"):
		b.amount = v
	case p.under(at, "CdtDbtInd"):
		b.direction = v
	case p.under(at, "Dt", "Dt"), p.under(at, "Dt", "DtTm"):
		b.date = camtDate(v)
	}
}

// closing keeps a statement's closing booked balance (CLBD).
func (p *camtReader) closing() {
	b := p.bal
	if b.kind != "CLBD" || b.date == "" {
		return
	}
	amount, err := camtAmount(b.amount, b.direction, p.exponent)
	if err != nil {
		return
	}
	if p.stmtCcy == "" && b.currency != "" {
		p.stmtCcy = b.currency
		p.noteCurrency(b.currency)
	}
	p.balance = &Balance{Date: b.date, Amount: amount}
}

func (p *camtReader) noteCurrency(c string) {
	for _, have := range p.currencies {
		if have == c {
			return
		}
	}
	p.currencies = append(p.currencies, c)
}

func (p *camtReader) noteAccount(a string) {
	for _, have := range p.accounts {
		if have == a {
			return
		}
	}
	p.accounts = append(p.accounts, a)
}

// flush turns the entry read into one movement, or one per transaction of a
// batch whose transactions each have an amount adding up to the entry's.
func (p *camtReader) flush() {
	e := p.entry
	if e.status != "" && e.status != "BOOK" {
		if p.res.Skipped == nil {
			p.res.Skipped = map[string]int{}
		}
		p.res.Skipped[SkippedPending]++
		return
	}
	date := e.booked
	if date == "" {
		date = e.value
	}
	key := e.svcrRef
	if key == "" {
		key = e.ntryRef
	}
	if len(e.txs) > 1 && p.batch(e) {
		for i, t := range e.txs {
			fitid := t.svcrRef
			if fitid == "" && key != "" {
				fitid = key + "-" + strconv.Itoa(i+1)
			}
			if fitid == "" {
				fitid = t.endToEnd
			}
			if t.direction == "" {
				t.direction = e.direction
			}
			p.row(date, t, fitid)
		}
		return
	}
	t := e.camtTx
	if len(e.txs) == 1 {
		x := e.txs[0]
		t.debtor, t.creditor, t.ustrd, t.ref, t.endToEnd = x.debtor, x.creditor, x.ustrd, x.ref, x.endToEnd
		if x.addtl != "" && t.addtl == "" {
			t.addtl = x.addtl
		}
	}
	if key == "" {
		key = t.endToEnd
	}
	p.row(date, t, key)
}

// batch says whether each transaction of the entry has its own amount in
// the entry's currency, adding up to the entry's amount.
func (p *camtReader) batch(e *camtEntry) bool {
	total, err := camtAmount(e.amount, e.direction, p.exponent)
	if err != nil {
		return false
	}
	var sum int64
	for _, t := range e.txs {
		dir := t.direction
		if dir == "" {
			dir = e.direction
		}
		v, err := camtAmount(t.amount, dir, p.exponent)
		if err != nil || v == 0 || t.currency != "" && e.currency != "" && t.currency != e.currency {
			return false
		}
		sum += v
	}
	return sum == total
}

// row checks and hands on one movement.
func (p *camtReader) row(date string, t camtTx, fitid string) {
	p.res.Total++
	line := p.res.Total
	if p.res.Total > importer.MaxRows {
		p.err = importer.TooManyRows()
		return
	}
	if date == "" {
		p.res.addError(line, "date", finance.FCodeInvalid)
		return
	}
	if t.currency != "" {
		if p.stmtCcy == "" {
			p.stmtCcy = t.currency
			p.noteCurrency(t.currency)
		} else if t.currency != p.stmtCcy {
			p.res.addError(line, "amount", finance.FCodeInvalid) // another currency's amount is not the account's money
			return
		}
	}
	amount, err := camtAmount(t.amount, t.direction, p.exponent)
	if err != nil {
		p.res.addError(line, "amount", fieldCode(err))
		return
	}
	if amount == 0 {
		p.res.addError(line, "amount", finance.FCodeInvalid)
		return
	}
	party := t.debtor
	if amount < 0 {
		party = t.creditor
	}
	remit := strings.Join(t.ustrd, " ")
	if remit == "" {
		remit = t.ref
	}
	var desc string
	var notes []string
	switch {
	case party != "" && remit != "":
		desc = party + " · " + remit
	case party != "":
		desc = party
	case remit != "":
		desc = remit
	default:
		desc = t.addtl
	}
	if desc != t.addtl && t.addtl != "" {
		notes = append(notes, t.addtl)
	}
	if t.ref != "" && t.ref != remit {
		notes = append(notes, "Ref "+t.ref)
	}
	if t.endToEnd != "" {
		notes = append(notes, "EndToEndId "+t.endToEnd)
	}
	p.res.add(Draft{Line: line, Date: date, Amount: amount, Description: importer.Cut(desc, finance.MaxDescription),
		Notes: importer.Cut(strings.Join(notes, " · "), finance.MaxNotes), FITID: importer.Cut(fitid, 255)}, p.emit)
}

// camtAmount reads an ISO 20022 amount (a decimal point, no sign) signed by
// its direction: DBIT is money out.
func camtAmount(s, direction string, exponent int) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		return 0, importer.ErrInvalidAmount
	}
	v, err := importer.ParseDecimal(s, '.', exponent)
	if err != nil {
		return 0, err
	}
	switch strings.ToUpper(strings.TrimSpace(direction)) {
	case "DBIT":
		return -v, nil
	case "CRDT":
		return v, nil
	}
	return 0, importer.ErrInvalidAmount
}

// camtDate is the day of an ISO date or date-time, or "".
func camtDate(s string) string {
	if len(s) < 10 || !finance.ValidDate(s[:10]) {
		return ""
	}
	return s[:10]
}
