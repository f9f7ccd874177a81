package importer

import (
	"bufio"
	"bytes"
	"strings"
	"time"

	"cashcontrol/internal/finance"
)

// qifLayouts are the date forms QIF files use (an apostrophe before a
// two-digit year is read as a slash); Go's one-digit forms accept two digits.
var qifLayouts = []string{"1/2/2006", "2/1/2006", "1/2/06", "2/1/06", "2006-01-02", "2.1.2006", "2-1-2006"}

type qifRecord struct {
	line                                     int
	date, amount, payee, memo, category, num string
}

// ParseQIF reads a QIF bank, cash or credit-card file. dateFormat is a Go
// layout; "" detects it from every date of the file.
func ParseQIF(data []byte, exponent int, dateFormat string) (Result, error) {
	if err := checkExponent(exponent); err != nil {
		return Result{}, err
	}
	text, err := toUTF8(data)
	if err != nil {
		return Result{}, err
	}
	var recs []qifRecord
	cur := qifRecord{}
	started := false
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		l := strings.TrimRight(sc.Text(), "\r")
		if l == "" {
			continue
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
				recs = append(recs, cur)
			}
			cur, started = qifRecord{}, false
		}
	}
	if err := sc.Err(); err != nil {
		return Result{}, finance.Errorf(finance.ECodeInvalid, "this QIF file cannot be read: %v", err)
	}
	if cur.date != "" || cur.amount != "" {
		recs = append(recs, cur)
	}
	if dateFormat == "" {
		dates := make([]string, 0, len(recs))
		for _, r := range recs {
			if r.date != "" {
				dates = append(dates, r.date)
			}
		}
		dateFormat = detectQIFLayout(dates)
	}
	res := Result{DateFormat: dateFormat}
	for _, r := range recs {
		res.Total++
		if res.Total > MaxRows {
			return res, errTooManyRows()
		}
		t, err := time.Parse(dateFormat, r.date)
		if r.date == "" {
			res.addError(r.line, "date", finance.FCodeRequired)
			continue
		}
		if err != nil || !finance.ValidDate(t.Format(finance.DateLayout)) {
			res.addError(r.line, "date", finance.FCodeInvalid)
			continue
		}
		amount, err := ParseAmount(r.amount, '.', exponent)
		if err != nil {
			amount, err = ParseAmount(r.amount, ',', exponent)
		}
		if r.amount == "" {
			res.addError(r.line, "amount", finance.FCodeRequired)
			continue
		}
		if err != nil || amount == 0 {
			res.addError(r.line, "amount", fieldCode(err))
			continue
		}
		cat := r.category
		if strings.HasPrefix(cat, "[") { // a transfer to another account
			cat = ""
		}
		if i := strings.LastIndexByte(cat, ':'); i >= 0 {
			cat = cat[i+1:]
		}
		res.Rows = append(res.Rows, Draft{Line: r.line, Date: t.Format(finance.DateLayout), Amount: amount,
			Description: cut(r.payee, finance.MaxDescription), Notes: cut(r.memo, finance.MaxNotes), Category: cut(cat, finance.MaxCategoryName)})
	}
	return res.finish()
}

func detectQIFLayout(dates []string) string {
	for _, l := range qifLayouts {
		all := len(dates) > 0
		for _, d := range dates {
			if _, err := time.Parse(l, d); err != nil {
				all = false
				break
			}
		}
		if all {
			return l
		}
	}
	return qifLayouts[0]
}
