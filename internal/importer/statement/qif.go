package statement

import (
	"bufio"
	"strings"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// qifLayouts are the date forms QIF files use (an apostrophe before a
// two-digit year is read as a slash); Go's one-digit forms accept two digits.
var qifLayouts = []string{"1/2/2006", "2/1/2006", "1/2/06", "2/1/06", "2006-1-2", "2.1.2006", "2-1-2006"}

// QIFDateLayout says whether layout is one of the date forms a QIF file may
// be read with (the user's choice when its dates read both ways).
func QIFDateLayout(layout string) bool {
	for _, l := range qifLayouts {
		if l == layout {
			return true
		}
	}
	return false
}

type qifRecord struct {
	line                                     int
	date, amount, payee, memo, category, num string
	splits                                   []qifSplit
	broken                                   bool // the next record began before this one's "^"
}

// qifSplit is one split line of a record: S category, E memo, $ amount.
type qifSplit struct{ category, memo, amount string }

// QIF sections (the "!Type:" line before their records; Quicken's QIF
// specification). Only the transactions of bank, cash, credit-card and
// other asset and liability accounts are movements; the rest is left out
// and counted, by kind, in Result.Skipped.
const (
	qifTransactions    = ""
	SkippedAccounts    = "accounts"    // !Account: the list of accounts, or the account the next records belong to
	SkippedInvestments = "investments" // !Type:Invst: trades of securities; never movements of cash
	SkippedCategories  = "categories"  // !Type:Cat, !Type:Class: lists of names
	SkippedMemorized   = "memorized"   // !Type:Memorized: templates of transactions
	SkippedOther       = "other"       // prices, securities and any other section
)

// qifSection is the kind of the records that follow a "!" line; ok is
// false for a line that starts no section (!Option:AutoSwitch and the like).
func qifSection(header string) (section string, ok bool) {
	h := strings.ToUpper(strings.TrimSpace(header))
	switch {
	case h == "ACCOUNT":
		return SkippedAccounts, true
	case strings.HasPrefix(h, "OPTION:"), strings.HasPrefix(h, "CLEAR:"):
		return "", false
	}
	t, isType := strings.CutPrefix(h, "TYPE:")
	if !isType {
		return SkippedOther, true
	}
	switch strings.Join(strings.Fields(t), " ") {
	case "BANK", "CASH", "CCARD", "OTH A", "OTH L":
		return qifTransactions, true
	case "INVST":
		return SkippedInvestments, true
	case "CAT", "CLASS":
		return SkippedCategories, true
	case "MEMORIZED":
		return SkippedMemorized, true
	}
	return SkippedOther, true
}

// ParseQIF reads a QIF bank, cash or credit-card file. dateFormat is a Go
// layout; "" detects it from every date of the file.
func ParseQIF(data []byte, exponent int, dateFormat string) (Result, error) {
	return collect(func(emit Emit) (Result, error) { return ParseQIFEach(data, exponent, dateFormat, emit) })
}

// ParseQIFEach is ParseQIF handing each good row to emit instead of keeping
// it. Detecting the date format reads the file twice rather than keep it.
func ParseQIFEach(data []byte, exponent int, dateFormat string, emit Emit) (Result, error) {
	if err := importer.CheckExponent(exponent); err != nil {
		return Result{}, err
	}
	var choices []string
	if dateFormat == "" {
		fits := make([]bool, len(qifLayouts))
		for i := range fits {
			fits[i] = true
		}
		seen := false
		err := scanQIF(data, nil, func(r qifRecord) error {
			if r.broken || r.date == "" {
				return nil
			}
			seen = true
			for i, l := range qifLayouts {
				if fits[i] {
					_, err := time.Parse(l, r.date)
					fits[i] = err == nil
				}
			}
			return nil
		})
		if err != nil {
			return Result{}, err
		}
		dateFormat = qifLayouts[0]
		for i, ok := range fits {
			if ok && seen {
				dateFormat = qifLayouts[i]
				break
			}
		}
		// Every date reads both as month/day and as day/month: the file
		// cannot tell, and the reader does not guess unsaid.
		for _, pair := range [][2]int{{0, 1}, {2, 3}} {
			if seen && fits[pair[0]] && fits[pair[1]] {
				choices = []string{qifLayouts[pair[0]], qifLayouts[pair[1]]}
			}
		}
	}
	res := Result{DateFormat: dateFormat, DateChoices: choices}
	err := scanQIF(data, &res, func(r qifRecord) error {
		res.Total++
		if res.Total > importer.MaxRows {
			return importer.TooManyRows()
		}
		if d, ok := qifDraft(&res, r, dateFormat, exponent); ok {
			if n := len(d.Lines); n > 0 {
				res.Total += n - 1 // a split movement counts its lines, as a CSV's rows
				res.addRows(d, n, emit)
			} else {
				res.add(d, emit)
			}
		}
		return nil
	})
	if err != nil {
		return res, err
	}
	return res.finish()
}

// scanQIF hands each transaction of the file to fn, in order, and counts in
// res (when given) the records of the sections that are not transactions. A
// record that a new one ("D" date line) interrupts before its "^" is handed
// over broken.
func scanQIF(data []byte, res *Result, fn func(qifRecord) error) error {
	text, err := importer.TextReader(data)
	if err != nil {
		return err
	}
	cur := qifRecord{}
	started := false
	section := qifTransactions // a file without a "!Type:" line holds transactions
	skip := func() {
		if res == nil {
			return
		}
		if res.Skipped == nil {
			res.Skipped = map[string]int{}
		}
		res.Skipped[section]++
	}
	sc := bufio.NewScanner(text)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		l := strings.TrimRight(sc.Text(), "\r")
		if l == "" {
			continue
		}
		if l[0] == '!' {
			if s, ok := qifSection(l[1:]); ok {
				section = s
			}
			cur, started = qifRecord{}, false
			continue
		}
		if section != qifTransactions {
			if l[0] == '^' {
				skip()
			}
			continue
		}
		if l[0] == 'D' && cur.date != "" {
			cur.broken = true
			if err := fn(cur); err != nil {
				return err
			}
			cur, started = qifRecord{}, false
		}
		if !started {
			cur.line, started = line, true
		}
		v := strings.TrimSpace(l[1:])
		switch l[0] {
		case 'D':
			cur.date = strings.ReplaceAll(v, "'", "/")
		case 'T', 'U':
			if cur.amount == "" || l[0] == 'T' {
				cur.amount = v
			}
		case 'P':
			cur.payee = v
		case 'M':
			cur.memo = v
		case 'L':
			cur.category = v
		case 'N':
			cur.num = v
		case 'S':
			cur.splits = append(cur.splits, qifSplit{category: v})
		case 'E':
			if n := len(cur.splits); n > 0 {
				cur.splits[n-1].memo = v
			}
		case '$':
			if n := len(cur.splits); n > 0 {
				cur.splits[n-1].amount = v
			}
		case '^':
			if cur.date != "" || cur.amount != "" || cur.payee != "" {
				if err := fn(cur); err != nil {
					return err
				}
			}
			cur, started = qifRecord{}, false
		}
	}
	if err := sc.Err(); err != nil {
		return finance.Errorf(finance.ECodeInvalid, "this QIF file cannot be read: %v", err)
	}
	if section == qifTransactions && (cur.date != "" || cur.amount != "") {
		return fn(cur)
	}
	return nil
}

// qifDraft turns one record into a draft, or records why it cannot.
func qifDraft(res *Result, r qifRecord, dateFormat string, exponent int) (Draft, bool) {
	if r.broken {
		res.addError(r.line, "row", finance.FCodeInvalid)
		return Draft{}, false
	}
	t, err := time.Parse(dateFormat, r.date)
	if r.date == "" {
		res.addError(r.line, "date", finance.FCodeRequired)
		return Draft{}, false
	}
	if err != nil || !finance.ValidDate(t.Format(finance.DateLayout)) {
		res.addError(r.line, "date", finance.FCodeInvalid)
		return Draft{}, false
	}
	amount, err := ParseAmount(r.amount, '.', exponent)
	if err != nil {
		amount, err = ParseAmount(r.amount, ',', exponent)
	}
	if r.amount == "" {
		res.addError(r.line, "amount", finance.FCodeRequired)
		return Draft{}, false
	}
	if err != nil || amount == 0 {
		res.addError(r.line, "amount", fieldCode(err))
		return Draft{}, false
	}
	d := Draft{Line: r.line, Date: t.Format(finance.DateLayout), Amount: amount,
		Description: importer.Cut(r.payee, finance.MaxDescription), Notes: importer.Cut(r.memo, finance.MaxNotes), Category: qifCategory(r.category)}
	if len(r.splits) > 1 {
		lines, ok := qifLines(r.splits, amount, exponent)
		if !ok {
			res.addError(r.line, "movement", finance.FCodeInvalid)
			return Draft{}, false
		}
		d.Category, d.Lines = "", lines
	} else if len(r.splits) == 1 && d.Category == "" {
		d.Category = qifCategory(r.splits[0].category)
	}
	return d, true
}

// qifCategory is a QIF category's last level ("Leisure:Subscriptions" is
// Subscriptions); a transfer to another account ("[Savings]") and a class
// ("Food/Work": the part after the slash) are not categories.
func qifCategory(c string) string {
	if i := strings.IndexByte(c, '/'); i >= 0 {
		c = c[:i]
	}
	if strings.HasPrefix(c, "[") {
		return ""
	}
	if i := strings.LastIndexByte(c, ':'); i >= 0 {
		c = c[i+1:]
	}
	return importer.Cut(strings.TrimSpace(c), finance.MaxCategoryName)
}

// qifLines reads a record's split lines: each of the total's sign, adding up
// to it exactly; a split that does not is not imported.
func qifLines(splits []qifSplit, total int64, exponent int) ([]Line, bool) {
	if len(splits) > finance.MaxSplits {
		return nil, false
	}
	lines := make([]Line, 0, len(splits))
	var sum int64
	for _, sp := range splits {
		a, err := ParseAmount(sp.amount, '.', exponent)
		if err != nil {
			a, err = ParseAmount(sp.amount, ',', exponent)
		}
		if err != nil || a == 0 || (a < 0) != (total < 0) {
			return nil, false
		}
		sum += a
		lines = append(lines, Line{Amount: a, Category: qifCategory(sp.category), Note: importer.Cut(sp.memo, finance.MaxNotes)})
	}
	return lines, sum == total
}
