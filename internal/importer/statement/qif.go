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
var qifLayouts = []string{"1/2/2006", "2/1/2006", "1/2/06", "2/1/06", "2006-01-02", "2.1.2006", "2-1-2006"}

type qifRecord struct {
	line                                     int
	date, amount, payee, memo, category, num string
	broken                                   bool // the next record began before this one's "^"
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
	if dateFormat == "" {
		fits := make([]bool, len(qifLayouts))
		for i := range fits {
			fits[i] = true
		}
		seen := false
		err := scanQIF(data, func(r qifRecord) error {
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
	}
	res := Result{DateFormat: dateFormat}
	err := scanQIF(data, func(r qifRecord) error {
		res.Total++
		if res.Total > importer.MaxRows {
			return importer.TooManyRows()
		}
		if d, ok := qifDraft(&res, r, dateFormat, exponent); ok {
			res.add(d, emit)
		}
		return nil
	})
	if err != nil {
		return res, err
	}
	return res.finish()
}

// scanQIF hands each record of the file to fn, in order. A record that a new
// one ("D" date line) interrupts before its "^" is handed over broken.
func scanQIF(data []byte, fn func(qifRecord) error) error {
	text, err := importer.TextReader(data)
	if err != nil {
		return err
	}
	cur := qifRecord{}
	started := false
	sc := bufio.NewScanner(text)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		l := strings.TrimRight(sc.Text(), "\r")
		if l == "" {
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
		case '!':
			started = false
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
	if cur.date != "" || cur.amount != "" {
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
	cat := r.category
	if strings.HasPrefix(cat, "[") { // a transfer to another account
		cat = ""
	}
	if i := strings.LastIndexByte(cat, ':'); i >= 0 {
		cat = cat[i+1:]
	}
	return Draft{Line: r.line, Date: t.Format(finance.DateLayout), Amount: amount,
		Description: importer.Cut(r.payee, finance.MaxDescription), Notes: importer.Cut(r.memo, finance.MaxNotes), Category: importer.Cut(cat, finance.MaxCategoryName)}, true
}
