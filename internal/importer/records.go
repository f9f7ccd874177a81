package importer

import (
	"bufio"
	"errors"
	"io"
	"strings"
)

// Bounds on one CSV record: a quoted field may run over several lines (RFC
// 4180), but not over more than this.
const (
	maxRecordLines = 20
	maxRecordBytes = 64 << 10
)

// ErrBrokenRecord is a record whose quotes do not close where a record can
// end: an unterminated quote, or a quote that closes mid-field after a line
// break. The record's first line is the error's line.
var ErrBrokenRecord = errors.New("broken quotes")

// RecordReader splits CSV text into records, one physical line at a time,
// so that a broken record costs only its own line. On one line quotes are
// read leniently as banks write them (a stray quote inside a field is kept);
// a record that runs over several lines must be well formed, else its first
// line is reported broken and reading resumes on the line after it.
type RecordReader struct {
	br    *bufio.Reader
	delim string
	line  int      // number of the last line handed out
	ahead []string // lines read past a broken record, to be read again
}

func NewRecordReader(r io.Reader, delim rune) *RecordReader {
	return &RecordReader{br: bufio.NewReaderSize(r, 64<<10), delim: string(delim)}
}

// NextLine returns the next physical line without its line break.
func (r *RecordReader) NextLine() (string, error) {
	if len(r.ahead) > 0 {
		l := r.ahead[0]
		r.ahead = r.ahead[1:]
		r.line++
		return l, nil
	}
	l, err := r.br.ReadString('\n')
	if err != nil && (err != io.EOF || l == "") {
		return "", err
	}
	r.line++
	l = strings.TrimSuffix(l, "\n")
	return strings.TrimSuffix(l, "\r"), nil
}

// Line is the number of the last line handed out.
func (r *RecordReader) Line() int { return r.line }

// Read returns the next record and the line it starts on. Blank lines are
// skipped. A broken record is ErrBrokenRecord with its line; io.EOF ends.
func (r *RecordReader) Read() ([]string, int, error) {
	for {
		l, err := r.NextLine()
		if err != nil {
			return nil, 0, err
		}
		start := r.line
		if strings.TrimSpace(l) == "" {
			continue
		}
		rec, state := splitRecord(l, r.delim, true)
		if state == recordDone {
			return rec, start, nil
		}
		joined, extra := l, []string(nil)
		for state == recordOpen && len(extra) < maxRecordLines && len(joined) < maxRecordBytes {
			next, err := r.NextLine()
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, 0, err
			}
			extra = append(extra, next)
			joined += "\n" + next
			if strings.Contains(next, `"`) { // without a quote the field is still open
				rec, state = splitRecord(joined, r.delim, false)
			}
		}
		if state == recordDone {
			return rec, start, nil
		}
		r.ahead = append(extra, r.ahead...)
		r.line -= len(extra)
		return nil, start, ErrBrokenRecord
	}
}

const (
	recordDone = iota
	recordOpen // a quoted field is still open at the end of the text
	recordBad  // a quoted field closes where no field can end
)

// splitRecord splits one record's text into fields. Quoted fields may hold
// the delimiter, line breaks and doubled quotes. lazy keeps a quote that is
// followed by anything but the delimiter as a character of the field, as
// encoding/csv's LazyQuotes does; otherwise that is recordBad.
func splitRecord(s, delim string, lazy bool) ([]string, int) {
	fields := make([]string, 0, 8)
	for {
		if !strings.HasPrefix(s, `"`) {
			i := strings.Index(s, delim)
			if i < 0 {
				return append(fields, s), recordDone
			}
			fields, s = append(fields, s[:i]), s[i+len(delim):]
			continue
		}
		s = s[1:]
		var b []byte // only when the field holds quotes
		for {
			i := strings.IndexByte(s, '"')
			if i < 0 {
				return nil, recordOpen
			}
			part, rest := s[:i], s[i+1:]
			switch {
			case strings.HasPrefix(rest, `"`):
				b = append(append(b, part...), '"')
				s = rest[1:]
				continue
			case rest == "", strings.HasPrefix(rest, delim):
				field := part
				if b != nil {
					field = string(append(b, part...))
				}
				fields = append(fields, field)
				if rest == "" {
					return fields, recordDone
				}
				s = rest[len(delim):]
			case lazy:
				b = append(append(b, part...), '"')
				s = rest
				continue
			default:
				return nil, recordBad
			}
			break
		}
	}
}
