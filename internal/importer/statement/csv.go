package statement

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// CSVOptions say how to read a CSV file; detection proposes them and the
// user may override any. Column indexes are 0-based, -1 when absent: either
// Amount, or Debit and/or Credit.
type CSVOptions struct {
	Delimiter   rune
	HasHeader   bool
	DateFormat  string
	DecimalSep  rune
	Date        int
	Amount      int
	Debit       int
	Credit      int
	Description int
	Notes       int
	Category    int
	Account     int
	// Movement and LineNote: Cash Control's own export, one row a line of
	// a split movement. Consecutive rows with the same movement id are one
	// movement (see splitGroup). Unlike the columns above they count from
	// 1, so that 0, a zero CSVOptions' value, is "none".
	Movement   int
	LineNote   int
	InvertSign bool // some banks export expenses as positive numbers
	// Sheet: a workbook's sheet to read ("": the first).
	Sheet string
	// SkipLines: the lines (a sheet's rows) above the header, or the first
	// row without one, that are not the table: a bank's preamble of account
	// details.
	SkipLines int
	// Sign: the column (counted from 1, 0: none) that says whether the
	// Amount column's unsigned amount is a debit (D, Af, Debit, S, Soll,
	// Cargo, Débit…: money out) or a credit (C, Bij, Credit, H, Haben…).
	Sign int
}

// Check refuses a mapping chosen by hand that cannot be read: a decimal
// separator other than '.' or ',', no date column, no amount column (nor a
// debit or credit one). The fields are named as the API's options.
func (o CSVOptions) Check() error {
	var v finance.Validation
	if o.DecimalSep != '.' && o.DecimalSep != ',' {
		v.Add("options.decimalSeparator", finance.FCodeInvalid)
	}
	if o.SkipLines < 0 || o.SkipLines > importer.MaxRows {
		v.Add("options.skipLines", finance.FCodeOutOfRange)
	}
	if o.Date < 0 {
		v.Add("options.date", finance.FCodeRequired)
	}
	if o.Amount < 0 && o.Debit < 0 && o.Credit < 0 {
		v.Add("options.amount", finance.FCodeRequired)
	}
	return v.Err()
}

// CSVPreview is what detection found, with the first records to show.
type CSVPreview struct {
	Options CSVOptions
	Header  []string
	Sample  [][]string
	// Missing names the columns detection could not find ("date",
	// "amount"): the user must choose them.
	Missing []string
	// Sheets: a workbook's sheets' names, in order (nil for a CSV).
	Sheets []string
}

const sampleRecords = 20

// detectBytes of text are enough to detect a CSV's layout.
const detectBytes = 64 << 10

// DetectCSV guesses the delimiter, the header, the columns (by header names in
// es/en/fr, else by content), the date format and the decimal separator.
func DetectCSV(data []byte) (CSVPreview, error) {
	tr, err := importer.TextReader(data)
	if err != nil {
		return CSVPreview{}, err
	}
	// The first lines of the text are enough (and whole lines only).
	text := make([]byte, detectBytes)
	n, err := io.ReadFull(tr, text)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return CSVPreview{}, finance.Errorf(finance.ECodeInvalid, "this CSV cannot be read: %v", err)
	}
	text = text[:n]
	if n == detectBytes {
		if i := bytes.LastIndexByte(text, '\n'); i > 0 {
			text = text[:i+1]
		}
	}
	p := CSVPreview{Options: CSVOptions{Delimiter: detectDelimiter(text)}}
	return detectTable(importer.NewRecordReader(bytes.NewReader(text), p.Options.Delimiter), p.Options)
}

// records are a table's rows, one at a time, each with the line (a CSV's)
// or row (a sheet's) it starts on: a CSV file's (importer.RecordReader) or a
// spreadsheet's.
type records interface {
	Read() ([]string, int, error)
}

// maxPreamble is how many records above the table detection looks past.
const maxPreamble = 30

// detectTable guesses the table's start (past a preamble), its header, its
// columns, date format and decimal separator; opt has the delimiter.
func detectTable(r records, opt CSVOptions) (CSVPreview, error) {
	p := CSVPreview{Options: CSVOptions{Delimiter: opt.Delimiter, Date: -1, Amount: -1, Debit: -1, Credit: -1, Description: -1, Notes: -1, Category: -1, Account: -1}}
	var recs [][]string
	var lines []int
	for len(recs) <= sampleRecords+maxPreamble {
		rec, line, err := r.Read()
		if err == io.EOF {
			break
		}
		if errors.Is(err, importer.ErrBrokenRecord) {
			continue
		}
		if err != nil {
			return p, finance.Errorf(finance.ECodeInvalid, "this file cannot be read: %v", err)
		}
		recs, lines = append(recs, rec), append(lines, line)
	}
	if len(recs) == 0 {
		return p, finance.Errorf(finance.ECodeInvalid, "the file holds no movements")
	}
	if k := tableStart(recs); k > 0 {
		p.Options.SkipLines = lines[k] - 1
		recs = recs[k:]
	}
	recs = recs[:min(len(recs), sampleRecords+1)]
	first := recs[0]
	p.Options.HasHeader = looksLikeHeader(first)
	body := recs
	if p.Options.HasHeader {
		p.Header, body = first, recs[1:]
		mapByHeader(&p.Options, first)
	}
	p.Sample = body
	if p.Options.Movement > 0 && slices.ContainsFunc(column(body, p.Options.Movement-1), notAnID) {
		// A bank's "Movimiento" is its concept, not Cash Control's id of a
		// split movement: joining its rows would merge movements.
		p.Options.Movement = 0
	}
	balance := balanceColumn(p.Header)
	if p.Options.Date < 0 {
		p.Options.Date = columnWhere(body, balance, func(s string) bool {
			return detectLayout([]string{s}) != "" || strings.Count(s, "-") == 2 || strings.Count(s, "/") == 2
		})
	}
	if p.Options.Amount < 0 && p.Options.Debit < 0 && p.Options.Credit < 0 {
		p.Options.Amount = lastColumnWhere(body, looksLikeAmount, p.Options.Date, balance)
	}
	if p.Options.Amount >= 0 && p.Options.Sign == 0 && !slices.ContainsFunc(column(body, p.Options.Amount), negative) {
		p.Options.Sign = signColumn(p.Header, body, p.Options) + 1
	}
	if p.Options.Description < 0 {
		p.Options.Description = longestTextColumn(body, p.Options)
	}
	if p.Options.Date >= 0 {
		p.Options.DateFormat = detectLayout(column(body, p.Options.Date))
	}
	if p.Options.DateFormat == "" {
		p.Options.DateFormat = DateLayouts[1]
	}
	amounts := append(append(column(body, p.Options.Amount), column(body, p.Options.Debit)...), column(body, p.Options.Credit)...)
	p.Options.DecimalSep = detectDecimal(amounts)
	noAmount := p.Options.Amount < 0 && p.Options.Debit < 0 && p.Options.Credit < 0
	if noAmount && p.Options.Date >= 0 && balance >= 0 {
		return p, finance.Errorf(finance.ECodeBalancesOnly, "the file has a balance per day, not the movements: export the account's movements")
	}
	if p.Options.Date < 0 {
		p.Missing = append(p.Missing, "date")
	}
	if noAmount {
		p.Missing = append(p.Missing, "amount")
	}
	if len(p.Missing) > 0 {
		return p, finance.Errorf(finance.ECodeInvalid, "no date or amount column found: choose them")
	}
	return p, nil
}

// tableStart is the index of the table's first record (its header, or
// its first row): the first record that looks like a header, or holds a
// date and an amount, and is followed by a record of its width holding a
// date and an amount, as most of the next three are. 0 when none is (a table without a preamble).
func tableStart(recs [][]string) int {
	for k := 0; k < len(recs) && k <= maxPreamble; k++ {
		rec := recs[k]
		if len(rec) < 2 || (!looksLikeHeader(rec) && !dateAndAmount(rec)) {
			continue
		}
		rows := recs[k+1 : min(len(recs), k+4)]
		good := 0
		for _, r := range rows {
			if len(r) == len(rec) && dateAndAmount(r) {
				good++
			}
		}
		if len(rows) > 0 && len(rows[0]) == len(rec) && dateAndAmount(rows[0]) && 2*good >= len(rows) {
			return k
		}
	}
	return 0
}

// dateAndAmount says whether a record has a date and (in another cell) an amount.
func dateAndAmount(rec []string) bool {
	date := slices.IndexFunc(rec, func(c string) bool { return detectLayout([]string{c}) != "" })
	return date >= 0 && slices.ContainsFunc(rec[date+1:], looksLikeAmount) || date > 0 && slices.ContainsFunc(rec[:date], looksLikeAmount)
}

func detectDelimiter(text []byte) rune {
	lines := bytes.SplitN(text, []byte("\n"), sampleRecords+1)
	best, bestScore := ',', -1
	for _, d := range []rune{';', ',', '\t', '|'} {
		counts := map[int]int{}
		for _, l := range lines {
			if n := bytes.Count(l, []byte(string(d))); n > 0 {
				counts[n]++
			}
		}
		for n, lines := range counts {
			if score := lines*100 + n; score > bestScore && lines > 0 {
				best, bestScore = d, score
			}
		}
	}
	return best
}

func looksLikeHeader(rec []string) bool {
	for _, c := range rec {
		if detectLayout([]string{c}) != "" || looksLikeAmount(c) {
			return false
		}
	}
	return true
}

// notAnID says whether a cell cannot be the id of a movement (a positive
// integer, as Cash Control's export writes it).
func notAnID(s string) bool {
	_, ok := finance.ParseID(strings.TrimSpace(s))
	return !ok
}

func column(recs [][]string, i int) []string {
	if i < 0 {
		return nil
	}
	out := make([]string, 0, len(recs))
	for _, r := range recs {
		if i < len(r) && strings.TrimSpace(r[i]) != "" {
			out = append(out, r[i])
		}
	}
	return out
}

func columnWhere(recs [][]string, skip int, ok func(string) bool) int {
	if len(recs) == 0 {
		return -1
	}
	for i := range recs[0] {
		vals := column(recs, i)
		if i == skip || len(vals) == 0 {
			continue
		}
		all := true
		for _, v := range vals {
			all = all && ok(v)
		}
		if all {
			return i
		}
	}
	return -1
}

func lastColumnWhere(recs [][]string, ok func(string) bool, skip ...int) int {
	found := -1
	if len(recs) == 0 {
		return -1
	}
	for i := range recs[0] {
		vals := column(recs, i)
		if slices.Contains(skip, i) || len(vals) == 0 {
			continue
		}
		all := true
		for _, v := range vals {
			all = all && ok(v)
		}
		if all {
			found = i
		}
	}
	return found
}

func longestTextColumn(recs [][]string, o CSVOptions) int {
	best, bestLen := -1, 0
	if len(recs) == 0 {
		return -1
	}
	for i := range recs[0] {
		if i == o.Date || i == o.Amount || i == o.Debit || i == o.Credit || i == o.Sign-1 {
			continue
		}
		n := 0
		for _, v := range column(recs, i) {
			if !looksLikeAmount(v) {
				n += len(v)
			}
		}
		if n > bestLen {
			best, bestLen = i, n
		}
	}
	return best
}

func looksLikeAmount(s string) bool {
	if _, err := ParseAmount(s, ',', importer.MaxExponent); err == nil {
		return strings.ContainsAny(s, "0123456789")
	}
	_, err := ParseAmount(s, '.', importer.MaxExponent)
	return err == nil && strings.ContainsAny(s, "0123456789")
}

// detectLayout returns the layout that reads the most values (the first of
// equals), or "" when none reads any: one bad date must not hide the format.
func detectLayout(vals []string) string {
	best, bestN := "", 0
	for _, l := range DateLayouts {
		n := 0
		for _, v := range vals {
			if _, err := parseDate(l, v); err == nil {
				n++
			}
		}
		if n > bestN {
			best, bestN = l, n
		}
	}
	return best
}

// detectDecimal reads the separator before the last one or two digits.
func detectDecimal(vals []string) rune {
	comma, dot := 0, 0
	for _, v := range vals {
		v = strings.TrimRight(strings.TrimSpace(v), " -€$£)")
		i := strings.LastIndexAny(v, ".,")
		if i < 0 || len(v)-i-1 > 2 || len(v)-i-1 == 0 {
			continue
		}
		if v[i] == ',' {
			comma++
		} else {
			dot++
		}
	}
	if dot > comma {
		return '.'
	}
	return ','
}

// ParseCSV reads every record with the given options into drafts in the
// account's currency (exponent decimals), with per-row errors naming the line.
func ParseCSV(data []byte, opt CSVOptions, exponent int) (Result, error) {
	return collect(func(emit Emit) (Result, error) { return ParseCSVEach(data, opt, exponent, emit) })
}

// ParseCSVEach is ParseCSV handing each good row to emit instead of keeping it.
func ParseCSVEach(data []byte, opt CSVOptions, exponent int, emit Emit) (Result, error) {
	if err := importer.CheckExponent(exponent); err != nil {
		return Result{}, err
	}
	text, err := importer.TextReader(data)
	if err != nil {
		return Result{}, err
	}
	if opt.Delimiter == 0 || opt.Delimiter == '"' || opt.Delimiter == '\r' || opt.Delimiter == '\n' || opt.Delimiter == 0xFFFD {
		opt.Delimiter = ','
	}
	return parseTable(importer.NewRecordReader(text, opt.Delimiter), opt, exponent, emit)
}

// parseTable reads a table's records (a CSV's or a sheet's) with opt.
func parseTable(r records, opt CSVOptions, exponent int, emit Emit) (Result, error) {
	if err := importer.CheckExponent(exponent); err != nil {
		return Result{}, err
	}
	if opt.Date < 0 || (opt.Amount < 0 && opt.Debit < 0 && opt.Credit < 0) {
		return Result{}, finance.Errorf(finance.ECodeInvalid, "choose the date and amount columns")
	}
	if opt.DateFormat == "" {
		opt.DateFormat = DateLayouts[1]
	}
	if opt.DecimalSep != '.' && opt.DecimalSep != ',' {
		opt.DecimalSep = ','
	}
	res := Result{DateFormat: opt.DateFormat}
	var group splitGroup
	first := true
	for {
		rec, line, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil && !errors.Is(err, importer.ErrBrokenRecord) {
			return res, finance.Errorf(finance.ECodeInvalid, "this file cannot be read: %v", err)
		}
		if line <= opt.SkipLines {
			continue // the preamble
		}
		if first && opt.HasHeader && err == nil {
			first = false
			continue
		}
		first = false
		res.Total++
		if res.Total > importer.MaxRows {
			return res, importer.TooManyRows()
		}
		if err != nil {
			res.addError(line, "row", finance.FCodeInvalid)
			continue
		}
		if summaryRow(rec, opt) {
			res.skip(SkippedSummary)
			continue
		}
		d, ok := csvDraft(&res, rec, line, opt, exponent)
		switch {
		case !ok && d.Line == 0: // skipped: not a movement
		case opt.Movement > 0:
			group.add(&res, d, ok, cell(rec, opt.Movement-1), importer.Cut(cell(rec, opt.LineNote-1), finance.MaxSplitNote), emit)
		case ok:
			res.add(d, emit)
		}
	}
	group.flush(&res, emit)
	return res.finish()
}

// splitGroup joins consecutive rows with the same movement id into one
// split movement: its date, type, description and notes those of its first
// row, its amount the sum of its rows', a line a row. The rows of a
// movement must share its date and sign, be at most finance.MaxSplits and
// add up to at most finance.MaxAmount: otherwise each of them is an error,
// and none is imported. A row without a movement id, or alone with its id,
// is a whole movement. A group holds at most finance.MaxSplits lines: once
// it fails, its rows are errors as they come.
type splitGroup struct {
	key   string
	d     Draft
	lines []Line
	rows  []int  // the file's lines of its good rows while it has not failed
	code  string // why it failed ("" while it has not)
}

func (g *splitGroup) add(res *Result, d Draft, ok bool, key, note string, emit Emit) {
	if key == "" || key != g.key {
		g.flush(res, emit)
	}
	if key == "" {
		if ok {
			res.add(d, emit)
		}
		return
	}
	g.key = key
	if g.code == "" {
		switch {
		case !ok:
			g.code = finance.FCodeInvalid // its own error is said already
		case len(g.lines) == 0:
		case len(g.lines) == finance.MaxSplits, abs(g.d.Amount+d.Amount) > finance.MaxAmount:
			g.code = finance.FCodeOutOfRange
		case d.Date != g.d.Date || (d.Amount < 0) != (g.d.Amount < 0):
			g.code = finance.FCodeMismatch
		}
	}
	if g.code == "" {
		if len(g.lines) == 0 {
			g.d = d
		} else {
			g.d.Amount += d.Amount
		}
		g.lines = append(g.lines, Line{Amount: d.Amount, Category: d.Category, Note: note})
		g.rows = append(g.rows, d.Line)
		return
	}
	for _, line := range g.rows {
		res.addError(line, "movement", g.code)
	}
	g.rows = g.rows[:0]
	if ok {
		res.addError(d.Line, "movement", g.code)
	}
}

// flush hands on the group read so far, unless it failed, and starts anew.
func (g *splitGroup) flush(res *Result, emit Emit) {
	switch {
	case g.code != "" || len(g.lines) == 0:
	case len(g.lines) == 1:
		res.add(g.d, emit)
	default:
		g.d.Category, g.d.Lines = "", slices.Clone(g.lines)
		res.addRows(g.d, len(g.lines), emit)
	}
	*g = splitGroup{lines: g.lines[:0], rows: g.rows[:0]}
}

func cell(rec []string, i int) string {
	if i < 0 || i >= len(rec) {
		return ""
	}
	return FromSpreadsheetSafe(strings.TrimSpace(rec[i]))
}

// SpreadsheetSafe keeps spreadsheet programs from running a CSV cell as a
// formula: a cell whose first character past any spaces (and apostrophes,
// so that FromSpreadsheetSafe gives back a text that had some) starts a
// formula, or is its full-width form, gets a leading apostrophe.
func SpreadsheetSafe(s string) string {
	if formulaLike(s) {
		return "'" + s
	}
	return s
}

// FromSpreadsheetSafe undoes SpreadsheetSafe: an apostrophe before what
// would start a formula goes (a cell of Cash Control's own export reads back
// as it was).
func FromSpreadsheetSafe(s string) string {
	if rest, ok := strings.CutPrefix(s, "'"); ok && formulaLike(rest) {
		return rest
	}
	return s
}

// formulaLike says whether s, past spaces and apostrophes, starts with a
// character that makes a spreadsheet cell a formula.
func formulaLike(s string) bool {
	t := strings.TrimLeft(s, "' \u00a0\u3000")
	r, _ := utf8.DecodeRuneInString(t)
	return t != "" && strings.ContainsRune("=+-@\t\r\n\uff1d\uff0b\uff0d\uff20", r)
}

// csvDraft reads a row; a row it skips (not a movement) is a zero Draft
// and false.
func csvDraft(res *Result, rec []string, line int, opt CSVOptions, exponent int) (Draft, bool) {
	d := Draft{Line: line}
	raw := cell(rec, opt.Date)
	t, err := parseDate(opt.DateFormat, raw)
	switch {
	case raw == "":
		res.addError(line, "date", finance.FCodeRequired)
		return d, false
	case err != nil || !finance.ValidDate(t.Format(finance.DateLayout)):
		res.addError(line, "date", finance.FCodeInvalid)
		return d, false
	}
	d.Date = t.Format(finance.DateLayout)
	if opt.Amount >= 0 {
		s := cell(rec, opt.Amount)
		if s == "" {
			res.addError(line, "amount", finance.FCodeRequired)
			return d, false
		}
		if d.Amount, err = ParseAmount(s, opt.DecimalSep, exponent); err != nil {
			res.addError(line, "amount", fieldCode(err))
			return d, false
		}
	} else {
		v, code := debitCredit(cell(rec, opt.Debit), cell(rec, opt.Credit), opt.DecimalSep, exponent)
		if code != "" {
			res.addError(line, "amount", code)
			return d, false
		}
		d.Amount = v
	}
	if opt.Sign > 0 && opt.Amount >= 0 {
		switch signs[fold(cell(rec, opt.Sign-1))] {
		case -1:
			d.Amount = -abs(d.Amount)
		case 1:
			d.Amount = abs(d.Amount)
		default:
			if cell(rec, opt.Sign-1) != "" {
				res.addError(line, "sign", finance.FCodeInvalid)
				return d, false
			}
		}
	}
	if opt.InvertSign {
		d.Amount = -d.Amount
	}
	if d.Amount == 0 {
		res.skip(SkippedZero) // a card hold, a notice: not a movement
		return Draft{}, false
	}
	d.Description = importer.Cut(cell(rec, opt.Description), finance.MaxDescription)
	d.Notes = importer.Cut(cell(rec, opt.Notes), finance.MaxNotes)
	d.Category = importer.Cut(cell(rec, opt.Category), finance.MaxCategoryName)
	d.Account = importer.Cut(cell(rec, opt.Account), finance.MaxAccountName)
	return d, true
}

// debitCredit reads a row's debit and credit cells as one signed amount.
// The unused side may be empty, "-" or a zero ("0", "0,00"); both unused is
// a zero amount (skipped by the caller), both used is a row error.
func debitCredit(debit, credit string, sep rune, exponent int) (int64, string) {
	if debit == "" && credit == "" {
		return 0, finance.FCodeRequired
	}
	read := func(s string) (int64, string) {
		if strings.Trim(s, "0.,-+ ") == "" { // "", "-", "0", "0,00", "0.00"
			return 0, ""
		}
		v, err := ParseAmount(s, sep, exponent)
		if err != nil {
			return 0, fieldCode(err)
		}
		return abs(v), ""
	}
	dv, code := read(debit)
	if code != "" {
		return 0, code
	}
	cv, code := read(credit)
	if code != "" {
		return 0, code
	}
	if dv != 0 && cv != 0 {
		return 0, finance.FCodeInvalid
	}
	return cv - dv, ""
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
