package ledgerfile

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"sort"
	"strconv"
	"strings"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer"
)

// CashControlFormat is the format field of a user's export (GET /me/export).
const CashControlFormat = "cashcontrol-export/1"

// CashControlExport is a user's export, read: the JSON document alone or
// the zip that also holds the attachments' files. Its rows are the
// database's, by column name, so that an export of an older version, with
// fewer columns, reads too.
//
// The document is kept as it came, with where each row lies in it: a row
// is decoded when a snapshot takes it, so that what the reading holds is
// the document and one small entry a row (decoded whole, the rows of a
// 17 MB export took over 200 MB).
type CashControlExport struct {
	doc   []byte
	data  map[string][]exportRow // table → its rows, in the file's order
	files map[int64]*zip.File    // attachment id → its file in the zip
}

// exportRow is a row of the export: doc[start:end] is its JSON object
// (after the comma or blanks before it), with the columns that choose and
// order rows read ahead.
type exportRow struct {
	start, end           int
	ledger, id, position int64
}

// LedgerChoice is one of the ledgers an export holds.
type LedgerChoice struct {
	ID        int64  `json:"id,string"`
	Name      string `json:"name"`
	Movements int    `json:"movements"`
}

// ReadCashControlExport reads a user's export (JSON or zip).
func ReadCashControlExport(data []byte) (*CashControlExport, error) {
	e := &CashControlExport{files: map[int64]*zip.File{}}
	doc := data
	if isZip(data) {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return nil, badFile("the file cannot be read: the zip is damaged")
		}
		doc = nil
		for _, f := range zr.File {
			switch {
			case f.Name == "cashcontrol-export.json":
				if doc, err = readZipEntry(f, importer.MaxFileBytes); err != nil {
					return nil, err
				}
			case strings.HasPrefix(f.Name, "attachments/"):
				id, _, ok := strings.Cut(strings.TrimPrefix(f.Name, "attachments/"), "-")
				if n, err := strconv.ParseInt(id, 10, 64); ok && err == nil {
					e.files[n] = f
				}
			}
		}
		if doc == nil {
			return nil, badFile("the file cannot be read: the zip holds no cashcontrol-export.json")
		}
	}
	format, tables, err := indexExport(doc)
	if err != nil || format != CashControlFormat {
		return nil, badFile("the file cannot be read: it is not a Cash Control export (%s)", CashControlFormat)
	}
	e.doc, e.data = doc, tables
	return e, nil
}

// indexExport reads an export's document: its format, and where each row
// of each table lies.
func indexExport(doc []byte) (string, map[string][]exportRow, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	data := map[string][]exportRow{}
	var format string
	err := object(dec, func(key string) error {
		switch key {
		case "format":
			return dec.Decode(&format)
		case "data":
			return object(dec, func(table string) error {
				if err := delim(dec, '['); err != nil {
					return err
				}
				for dec.More() {
					start := int(dec.InputOffset())
					var k struct {
						Ledger   any `json:"ledger_id"`
						ID       any `json:"id"`
						Position any `json:"position"`
					}
					if err := dec.Decode(&k); err != nil {
						return err
					}
					key := map[string]any{"ledger_id": k.Ledger, "id": k.ID, "position": k.Position}
					data[table] = append(data[table], exportRow{start: start, end: int(dec.InputOffset()),
						ledger: num(key, "ledger_id"), id: num(key, "id"), position: num(key, "position")})
				}
				return delim(dec, ']')
			})
		default:
			var skip json.RawMessage
			return dec.Decode(&skip)
		}
	})
	return format, data, err
}

// object reads a JSON object, calling each with each key while the decoder
// stands before the key's value (which each must read).
func object(dec *json.Decoder, each func(key string) error) error {
	if err := delim(dec, '{'); err != nil {
		return err
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := t.(string)
		if err := each(key); err != nil {
			return err
		}
	}
	return delim(dec, '}')
}

// delim reads the delimiter want.
func delim(dec *json.Decoder, want json.Delim) error {
	t, err := dec.Token()
	if err == nil && t != want {
		err = fmt.Errorf("%v where %v was expected", t, want)
	}
	return err
}

// row decodes a row of the export (an empty one when it cannot be read,
// which the reading of the document has ruled out).
func (e *CashControlExport) row(r exportRow) map[string]any {
	var out map[string]any
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimLeft(e.doc[r.start:r.end], ", \t\r\n")))
	dec.UseNumber()
	if dec.Decode(&out) != nil {
		return map[string]any{}
	}
	return out
}

func isZip(data []byte) bool { return bytes.HasPrefix(data, []byte("PK\x03\x04")) }

// looksLikeCashControl: a JSON document naming the export's format, or a
// zip holding one.
func looksLikeCashControl(data []byte) bool {
	if isZip(data) {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return false
		}
		for _, f := range zr.File {
			if f.Name == "cashcontrol-export.json" {
				return true
			}
		}
		return false
	}
	head := data[:min(len(data), 512)]
	return bytes.HasPrefix(bytes.TrimSpace(head), []byte("{")) && bytes.Contains(head, []byte(`"`+CashControlFormat+`"`))
}

// readZipEntry reads a zip entry of at most limit bytes (a larger one,
// whatever its header says, is refused: no zip bomb).
func readZipEntry(f *zip.File, limit int64) ([]byte, error) {
	r, err := f.Open()
	if err != nil {
		return nil, badFile("the file cannot be read: the zip is damaged")
	}
	defer r.Close()
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, badFile("the file cannot be read: the zip is damaged")
	}
	if int64(len(b)) > limit {
		return nil, importer.TooLarge()
	}
	return b, nil
}

// Ledgers lists the ledgers of the export, by id.
func (e *CashControlExport) Ledgers() []LedgerChoice {
	count := map[int64]int{}
	for _, m := range e.data["movements"] {
		count[m.ledger]++
	}
	out := []LedgerChoice{}
	for _, l := range e.data["ledgers"] {
		out = append(out, LedgerChoice{ID: l.id, Name: str(e.row(l), "name"), Movements: count[l.id]})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Snapshot is one ledger of the export (0: the first).
func (e *CashControlExport) Snapshot(ledgerID int64) (*finance.LedgerSnapshot, error) {
	ledgers := e.Ledgers()
	if len(ledgers) == 0 {
		return nil, badFile("the file cannot be read: the export holds no ledger")
	}
	if ledgerID == 0 {
		ledgerID = ledgers[0].ID
	}
	s := &finance.LedgerSnapshot{Source: finance.SourceCashControl}
	found := false
	for _, l := range e.data["ledgers"] {
		if l.id == ledgerID {
			r := e.row(l)
			s.Name, s.BaseCurrency, found = str(r, "name"), str(r, "base_currency"), true
		}
	}
	if !found {
		return nil, finance.FieldErr("ledger", finance.FCodeUnknown, "the export holds no such ledger")
	}
	for _, l := range ledgers {
		if l.ID == ledgerID && l.Movements > MaxMovements {
			return nil, tooManyMovements()
		}
	}
	// rows is the table's rows of the ledger, by position, each decoded as
	// it is taken.
	rows := func(table string) iter.Seq[map[string]any] {
		var of []exportRow
		for _, r := range e.data[table] {
			if r.ledger == ledgerID {
				of = append(of, r)
			}
		}
		sort.SliceStable(of, func(i, j int) bool { return of[i].position < of[j].position })
		return func(yield func(map[string]any) bool) {
			for _, r := range of {
				if !yield(e.row(r)) {
					return
				}
			}
		}
	}
	for r := range rows("ledger_currencies") {
		s.Currencies = append(s.Currencies, finance.CustomCurrency{Code: str(r, "code"), Name: str(r, "name"), Symbol: str(r, "symbol"),
			Decimals: int(num(r, "decimals"))})
	}
	for r := range rows("rates") {
		s.Rates = append(s.Rates, finance.SnapshotRate{Source: str(r, "source"),
			RateInput: finance.RateInput{Currency: str(r, "currency"), Quote: str(r, "quote"), Date: str(r, "date"), Rate: str(r, "rate")}})
	}
	for r := range rows("accounts") {
		s.Accounts = append(s.Accounts, finance.SnapshotAccount{ID: num(r, "id"), Name: str(r, "name"), Type: str(r, "type"),
			Currency: str(r, "currency"), OpeningBalance: num(r, "opening_balance"), Archived: boolean(r, "archived")})
	}
	for r := range rows("categories") {
		s.Categories = append(s.Categories, finance.SnapshotCategory{ID: num(r, "id"), ParentID: num(r, "parent_id"), Name: str(r, "name"),
			Type: str(r, "type"), Color: str(r, "color"), Icon: str(r, "icon"), Archived: boolean(r, "archived")})
	}
	e.movements(s, rows)
	e.schedules(s, rows)
	for r := range rows("budgets") {
		b := finance.SnapshotBudget{CategoryID: num(r, "category_id"), Month: str(r, "month"), Rollover: boolean(r, "rollover")}
		if r["amount"] != nil {
			v := num(r, "amount")
			b.Amount = &v
		}
		s.Budgets = append(s.Budgets, b)
	}
	for r := range rows("rules") {
		rule := finance.MovementRule{Name: str(r, "name"), Enabled: boolean(r, "enabled"), Stop: boolean(r, "stop"), Match: finance.RuleMatchAny}
		if boolean(r, "match_all") {
			rule.Match = finance.RuleMatchAll
		}
		if json.Unmarshal([]byte(str(r, "conditions")), &rule.Conditions) != nil || json.Unmarshal([]byte(str(r, "actions")), &rule.Actions) != nil {
			s.Skip(0, finance.SkipReference, "rule %q: its conditions or actions cannot be read", rule.Name)
			continue
		}
		s.Rules = append(s.Rules, rule)
	}
	for r := range rows("attachments") {
		a := finance.SnapshotAttachment{MovementID: num(r, "movement_id"), Name: str(r, "name"), ContentType: str(r, "content_type"),
			Size: num(r, "size"), Width: int(num(r, "width")), Height: int(num(r, "height"))}
		if f := e.files[num(r, "id")]; f != nil {
			// The size the zip says, not the row: Clean refuses a file
			// larger than an attachment may be before anything reads it.
			a.Size = int64(min(f.UncompressedSize64, 1<<62))
			a.Open = func() (io.ReadCloser, error) {
				b, err := readZipEntry(f, finance.MaxAttachmentBytes)
				return io.NopCloser(bytes.NewReader(b)), err
			}
		}
		s.Attachments = append(s.Attachments, a)
	}
	return s, nil
}

func (e *CashControlExport) movements(s *finance.LedgerSnapshot, rows func(string) iter.Seq[map[string]any]) {
	splits := map[int64][]finance.Split{}
	for r := range rows("movement_splits") {
		id := num(r, "movement_id")
		splits[id] = append(splits[id], finance.Split{CategoryID: num(r, "category_id"), Amount: num(r, "amount"), Note: str(r, "note")})
	}
	for r := range rows("movements") {
		id := num(r, "id")
		d := finance.MovementDraft{Type: str(r, "type"), Date: str(r, "date"), Amount: num(r, "amount"), AccountID: num(r, "account_id"),
			CategoryID: num(r, "category_id"), ToAccountID: num(r, "to_account_id"), ToAmount: num(r, "to_amount"),
			Description: str(r, "description"), Notes: str(r, "notes"), Tags: tagList(str(r, "tags")), Splits: splits[id]}
		s.Movements = append(s.Movements, finance.SnapshotMovement{ID: id, Draft: d})
	}
	sort.SliceStable(s.Movements, func(i, j int) bool { return s.Movements[i].ID < s.Movements[j].ID })
}

func (e *CashControlExport) schedules(s *finance.LedgerSnapshot, rows func(string) iter.Seq[map[string]any]) {
	occurrences := map[int64][]finance.SnapshotOccurrence{}
	for r := range rows("schedule_occurrences") {
		id := num(r, "schedule_id")
		occurrences[id] = append(occurrences[id], finance.SnapshotOccurrence{Date: str(r, "date"), Status: str(r, "status"), MovementID: num(r, "movement_id")})
	}
	for r := range rows("schedules") {
		var sc finance.SnapshotSchedule
		sc.Entry = finance.Entry{Type: str(r, "type"), Amount: num(r, "amount"), AccountID: num(r, "account_id"),
			CategoryID: optional(num(r, "category_id")), ToAccountID: optional(num(r, "to_account_id")), ToAmount: optional(num(r, "to_amount")),
			Description: str(r, "description"), Notes: str(r, "notes"), Tags: tagList(str(r, "tags"))}
		sc.Rule = finance.Rule{Frequency: str(r, "frequency"), Interval: int(num(r, "interval_n")), Day: int(num(r, "day")),
			Start: str(r, "start_date"), End: str(r, "end_date"), Count: int(num(r, "count_n"))}
		sc.AskAmount, sc.AutoPost, sc.Paused = boolean(r, "ask_amount"), boolean(r, "auto_post"), boolean(r, "paused")
		sc.NextDate, sc.Done, sc.NextIndex, sc.LastDate = str(r, "next_date"), int(num(r, "done")), int(num(r, "next_index")), str(r, "last_date")
		sc.Occurrences = occurrences[num(r, "id")]
		s.Schedules = append(s.Schedules, sc)
	}
}

func optional(n int64) *int64 {
	if n == 0 {
		return nil
	}
	return &n
}

func tagList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// num reads an integer column (a JSON number, a digit string, a boolean);
// 0 when absent or not an integer (a fraction is never rounded into money).
func num(r map[string]any, col string) int64 {
	switch v := r[col].(type) {
	case json.Number:
		n, _ := v.Int64() // not an integer: 0, which no id or amount may be
		return n
	case string:
		n, _ := strconv.ParseInt(v, 10, 64)
		return n
	case bool:
		if v {
			return 1
		}
	}
	return 0
}

func str(r map[string]any, col string) string {
	switch v := r[col].(type) {
	case string:
		return v
	case json.Number:
		return v.String()
	case nil:
		return ""
	default:
		return fmt.Sprint(v)
	}
}

// boolean reads a boolean column: true/false on PostgreSQL, 1/0 on SQLite.
func boolean(r map[string]any, col string) bool {
	if b, ok := r[col].(bool); ok {
		return b
	}
	return num(r, col) != 0
}
