package ratefile

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// MaxRateRows bounds the lines of a file of rates.
const MaxRateRows = 200_000

// RateRow is one good line of a file of rates: on Date one unit of Currency
// is worth Rate units of the quote the caller gives (the base currency for a
// CSV, the euro for the ECB).
type RateRow struct {
	Line     int    `json:"line"`
	Date     string `json:"date"`
	Currency string `json:"currency"`
	Rate     string `json:"rate"`
}

// RatesResult is what a file of rates holds.
type RatesResult struct {
	Rows   []RateRow
	Errors []importer.RowError // at most importer.MaxErrors
	Total  int                 // lines with a rate, good or not
}

func (r *RatesResult) fail(line int, field, code string) {
	if len(r.Errors) < importer.MaxErrors {
		r.Errors = append(r.Errors, importer.RowError{Line: line, Field: field, Code: code})
	}
}

// ParseRatesCSV reads `date,currency,rate` lines (a header line is
// optional; the delimiter may be a comma, a semicolon or a tab; with a
// semicolon or a tab a decimal comma is read as a point). Dates are
// YYYY-MM-DD; known says which currency codes exist. Every bad line is an
// error with its field; the good ones are returned in file order.
func ParseRatesCSV(data []byte, known func(string) bool) (RatesResult, error) {
	var res RatesResult
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		return res, errors.New("the file is not UTF-8 text")
	}
	first, _, _ := bytes.Cut(data, []byte("\n"))
	delim := ','
	switch {
	case bytes.Count(first, []byte(";")) >= 2:
		delim = ';'
	case bytes.Count(first, []byte("\t")) >= 2:
		delim = '\t'
	}
	rr := importer.NewRecordReader(bytes.NewReader(data), delim)
	for {
		rec, line, err := rr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			res.Total++
			res.fail(line, "row", finance.FCodeInvalid)
			continue
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // blank line
		}
		for i := range rec {
			rec[i] = strings.TrimSpace(rec[i])
		}
		if res.Total == 0 && len(res.Errors) == 0 && len(rec) >= 2 && strings.EqualFold(rec[0], "date") {
			continue // the header
		}
		res.Total++
		if res.Total > MaxRateRows {
			return res, errors.New("the file has more than 200,000 rates")
		}
		if len(rec) != 3 {
			res.fail(line, "row", finance.FCodeInvalid)
			continue
		}
		row := RateRow{Line: line, Date: rec[0], Currency: strings.ToUpper(rec[1]), Rate: rec[2]}
		if delim != ',' {
			row.Rate = strings.Replace(row.Rate, ",", ".", 1)
		}
		ok := true
		if !finance.ValidDate(row.Date) {
			res.fail(line, "date", finance.FCodeInvalid)
			ok = false
		}
		if !known(row.Currency) {
			res.fail(line, "currency", finance.FCodeUnknown)
			ok = false
		}
		if r, valid := finance.ParseRate(row.Rate); !valid {
			res.fail(line, "rate", finance.FCodeInvalid)
			ok = false
		} else {
			row.Rate = finance.FormatRate(r)
		}
		if ok {
			res.Rows = append(res.Rows, row)
		}
	}
	if res.Total == 0 {
		return res, errors.New("the file has no rates: one line per rate, date,currency,rate")
	}
	return res, nil
}

// ParseECB reads the European Central Bank's reference rates (its daily,
// 90-day and history XML files: a Cube per day, a Cube per currency with the
// rate of one euro in it). Codes known does not list are skipped; a rate that
// is not a positive decimal is an error of the file.
func ParseECB(r io.Reader, known func(string) bool) ([]RateRow, error) {
	dec := xml.NewDecoder(r)
	var out []RateRow
	day, seen := "", 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "Cube" {
			continue
		}
		var time, currency, rate string
		for _, a := range se.Attr {
			switch a.Name.Local {
			case "time":
				time = a.Value
			case "currency":
				currency = a.Value
			case "rate":
				rate = a.Value
			}
		}
		switch {
		case time != "":
			if !finance.ValidDate(time) {
				return nil, errors.New("ECB file: a day that is not a date: " + time)
			}
			day = time
		case currency != "" && day != "":
			seen++
			if !known(currency) {
				continue
			}
			v, ok := finance.ParseRate(rate)
			if !ok {
				return nil, errors.New("ECB file: a rate that is not a decimal: " + currency + " " + rate)
			}
			out = append(out, RateRow{Date: day, Currency: currency, Rate: finance.FormatRate(v)})
			if len(out) > 2*MaxRateRows {
				return nil, errors.New("ECB file: too many rates")
			}
		}
	}
	if seen == 0 {
		return nil, errors.New("ECB file: no rates in it")
	}
	return out, nil
}
