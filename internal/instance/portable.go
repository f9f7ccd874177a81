package instance

import (
	"archive/zip"
	"bufio"
	"cashcontrol/internal/store"
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// The portable format: a whole instance in one zip, the same from SQLite and
// from PostgreSQL, read back into either (export-all / import-all, and the
// backups). Its entries:
//
//   - tables/<table>.ndjson: one JSON array a row, the values in the order of
//     the manifest's columns for that table (integers as numbers, text as
//     strings, booleans as true/false, binary as base64 strings, NULL as null);
//   - files/<key>: the attachments' files;
//   - manifest.json, written last: the format and its version, the schema
//     version (the last migration) it was taken at, each table's columns and
//     row count, the id sequences, the files.
//
// Every table of the schema is either carried (portableTables) or left out
// for a reason (notPortable); a test checks that no table is in neither.
const (
	PortableFormat  = "cashcontrol-instance"
	PortableVersion = 1
)

// portableTable is a table the format carries. later are columns that point
// at rows the import may not have written yet (a circle: users and ledgers,
// a category's parent): it writes them after every table.
type portableTable struct {
	name  string
	later []string
}

// portableTables is every table an instance's data lives in, parents first.
var portableTables = []portableTable{
	{name: "users", later: []string{"default_ledger_id", "current_ledger_id"}},
	{name: "user_identities"},
	{name: "ledgers"},
	{name: "ledger_members"},
	{name: "instance_settings"},
	{name: "user_two_factor"},
	{name: "recovery_codes"},
	{name: "security_events"},
	{name: "api_tokens"},
	{name: "passkey_handles"},
	{name: "passkeys"},
	{name: "accounts"},
	{name: "categories", later: []string{"parent_id"}},
	{name: "movements"},
	{name: "movement_tags"},
	{name: "movement_splits"},
	{name: "reconciliations"},
	{name: "reconcile_drafts"},
	{name: "checkpoints"},
	// Bank connections travel with their credentials sealed by the
	// server's secret key: the instance they move to opens them with the
	// same key, and nothing else can.
	{name: "bank_connections"},
	{name: "bank_accounts"},
	{name: "bank_transactions"},
	{name: "monthly_totals"},
	{name: "imports"},
	{name: "ledger_imports"},
	{name: "rates"},
	{name: "rate_pairs"},
	{name: "ledger_currencies"},
	{name: "budgets"},
	{name: "schedules"},
	{name: "schedule_occurrences"},
	{name: "category_features"},
	{name: "rules"},
	{name: "rule_runs"},
	{name: "attachments"},
	{name: "ledger_invitations"},
	{name: "ledger_activity"},
}

// notPortable are the tables the format leaves out, and why.
var notPortable = map[string]string{
	"sessions":                  "sign-ins end with a move: everyone signs in again",
	"login_challenges":          "a sign-in's second step waits 5 minutes at most",
	"webauthn_ceremonies":       "a passkey ceremony lasts 5 minutes at most",
	"password_resets":           "one-time links: an administrator makes new ones",
	"idempotency_keys":          "replays of the last 24 hours' requests",
	"goose_db_version":          "the migrations' own bookkeeping",
	"movements_search":          "the search index, rebuilt from movements.search_words as they are written",
	"search_totals":             "the totals of each word, summed as the movements are written (by triggers, or by their writer)",
	"movements_search_deferred": "empty outside a write: the ledgers whose new movements an import indexes itself (SQLite)",
	"backup_runs":               "the log of the instance's own scheduled backups",
	"rate_limits":               "the rate limits' buckets, refilled within the hour",
}

// PortableManifest describes a portable file.
type PortableManifest struct {
	Format     string           `json:"format"`
	Version    int              `json:"version"`
	Schema     int64            `json:"schema"`
	Dialect    string           `json:"dialect"`
	ExportedAt time.Time        `json:"exportedAt"`
	Tables     []PortableTable  `json:"tables"`
	Sequences  map[string]int64 `json:"sequences"`
	Files      int              `json:"files"`
	// MissingFiles counts attachments whose file was gone when it was read
	// (deleted while the export ran).
	MissingFiles int `json:"missingFiles"`
}

// PortableTable is one table of a portable file.
type PortableTable struct {
	Name    string   `json:"name"`
	Columns []string `json:"columns"`
	Rows    int64    `json:"rows"`
}

// column is a table's column with how its values are kept.
type column struct {
	name string
	kind string // int, text, bool, blob
}

// ExportAll writes the whole instance to w in the portable format, from one
// consistent snapshot: writes that run meanwhile are either all in it or
// not at all.
func (st *Store) ExportAll(ctx context.Context, w io.Writer) (*PortableManifest, error) {
	tx, err := st.db.BeginSnapshot(ctx)
	if err != nil {
		return nil, fmt.Errorf("export: begin: %w", err)
	}
	defer tx.Rollback()
	version, err := st.db.SchemaVersion(ctx)
	if err != nil {
		return nil, err
	}
	m := &PortableManifest{Format: PortableFormat, Version: PortableVersion, Schema: version, Dialect: string(st.db.Dialect()),
		ExportedAt: st.db.Now().UTC(), Sequences: map[string]int64{}}
	zw := zip.NewWriter(w)
	var fileKeys []string
	for _, t := range portableTables {
		cols, err := st.columns(ctx, tx, t.name)
		if errors.Is(err, errNoTable) {
			continue // a table of a later schema than the database's: an older version's export has none
		}
		if err != nil {
			return nil, err
		}
		n, keys, err := st.exportTable(ctx, tx, zw, t.name, cols, m.ExportedAt)
		if err != nil {
			return nil, fmt.Errorf("export %s: %w", t.name, err)
		}
		fileKeys = append(fileKeys, keys...)
		names := make([]string, len(cols))
		for i, c := range cols {
			names[i] = c.name
		}
		m.Tables = append(m.Tables, PortableTable{Name: t.name, Columns: names, Rows: n})
		if seq, ok, err := st.sequence(ctx, tx, t.name); err != nil {
			return nil, err
		} else if ok {
			m.Sequences[t.name] = seq
		}
	}
	// The files' keys come from the snapshot; the snapshot need not stay
	// open (holding back PostgreSQL's vacuum, SQLite's checkpoints) while
	// the files are copied.
	_ = tx.Rollback()
	if err := st.exportFiles(ctx, zw, fileKeys, m); err != nil {
		return nil, err
	}
	f, err := zw.CreateHeader(&zip.FileHeader{Name: "manifest.json", Method: zip.Deflate, Modified: m.ExportedAt})
	if err != nil {
		return nil, err
	}
	if err := json.NewEncoder(f).Encode(m); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	return m, nil
}

// exportTable writes a table's rows, in id order, one JSON array a line;
// it returns the count and, for attachments, the files' keys.
func (st *Store) exportTable(ctx context.Context, tx *sql.Tx, zw *zip.Writer, table string, cols []column, at time.Time) (int64, []string, error) {
	f, err := zw.CreateHeader(&zip.FileHeader{Name: "tables/" + table + ".ndjson", Method: zip.Deflate, Modified: at})
	if err != nil {
		return 0, nil, err
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = quoteIdent(c.name)
	}
	rows, err := tx.QueryContext(ctx, `SELECT `+strings.Join(names, ", ")+` FROM `+table+` ORDER BY 1`)
	if err != nil {
		return 0, nil, err
	}
	defer rows.Close()
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	keyCols := map[string]bool{"file_key": table == "attachments", "thumb_key": table == "attachments"}
	var n int64
	var keys []string
	line := make([]any, len(cols))
	enc := json.NewEncoder(bw)
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return 0, nil, err
		}
		for i, c := range cols {
			if line[i], err = portableValue(vals[i], c.kind); err != nil {
				return 0, nil, fmt.Errorf("%s of row %d: %w", c.name, n+1, err)
			}
			if keyCols[c.name] {
				if s, ok := line[i].(string); ok && s != "" {
					keys = append(keys, s)
				}
			}
		}
		if err := enc.Encode(line); err != nil {
			return 0, nil, err
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return 0, nil, err
	}
	return n, keys, bw.Flush()
}

// portableValue is a scanned value as the format writes it. A binary
// column's value is base64 whatever SQLite stored in it; text must be
// UTF-8, which JSON carries unchanged.
func portableValue(v any, kind string) (any, error) {
	switch x := v.(type) {
	case nil:
		return nil, nil
	case []byte:
		if kind == "blob" {
			return base64.StdEncoding.EncodeToString(x), nil
		}
		if !utf8.Valid(x) {
			return nil, errors.New("text that is not UTF-8")
		}
		return string(x), nil
	case string:
		if kind == "blob" {
			return base64.StdEncoding.EncodeToString([]byte(x)), nil
		}
		if !utf8.ValidString(x) {
			return nil, errors.New("text that is not UTF-8")
		}
		return x, nil
	case bool:
		return x, nil
	case time.Time:
		return x.UTC().Format(time.RFC3339Nano), nil
	}
	if kind == "bool" {
		if n, ok := v.(int64); ok {
			return n != 0, nil
		}
	}
	return v, nil
}

// exportFiles writes the attachments' files; one gone meanwhile is counted.
func (st *Store) exportFiles(ctx context.Context, zw *zip.Writer, keys []string, m *PortableManifest) error {
	if len(keys) > 0 && st.db.Files() == nil {
		return fmt.Errorf("export: the instance has attachments but no file store was given")
	}
	slices.Sort(keys)
	for _, key := range slices.Compact(keys) {
		r, err := st.db.Files().Open(ctx, key)
		if errors.Is(err, fs.ErrNotExist) {
			m.MissingFiles++ // its attachment was deleted after the snapshot
			continue
		}
		if err != nil {
			return fmt.Errorf("export the file %s: %w", key, err)
		}
		hdr := &zip.FileHeader{Name: "files/" + key, Method: zip.Store, Modified: m.ExportedAt} // images and PDFs are compressed already
		f, err := zw.CreateHeader(hdr)
		if err == nil {
			_, err = io.Copy(f, r)
		}
		r.Close()
		if err != nil {
			return fmt.Errorf("export the file %s: %w", key, err)
		}
		m.Files++
	}
	return nil
}

// columns are a table's columns in their order, with their kinds.
func (st *Store) columns(ctx context.Context, q *sql.Tx, table string) ([]column, error) {
	var rows *sql.Rows
	var err error
	if st.db.Dialect() == store.Postgres {
		rows, err = q.QueryContext(ctx, `SELECT column_name, data_type FROM information_schema.columns
			WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`, table)
	} else {
		rows, err = q.QueryContext(ctx, `SELECT name, type FROM pragma_table_xinfo(?) WHERE hidden = 0 ORDER BY cid`, table)
	}
	if err != nil {
		return nil, fmt.Errorf("the columns of %s: %w", table, err)
	}
	defer rows.Close()
	var out []column
	for rows.Next() {
		var c column
		var typ string
		if err := rows.Scan(&c.name, &typ); err != nil {
			return nil, err
		}
		c.kind = kindOf(typ)
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("the table %s: %w", table, errNoTable)
	}
	return out, nil
}

// errNoTable: the database has no such table (its schema is older).
var errNoTable = errors.New("it does not exist")

// kindOf reads a declared column type (SQLite's or PostgreSQL's).
func kindOf(typ string) string {
	t := strings.ToUpper(typ)
	switch {
	case strings.Contains(t, "BOOL"):
		return "bool"
	case strings.Contains(t, "INT"):
		return "int"
	case strings.Contains(t, "BLOB"), strings.Contains(t, "BYTEA"):
		return "blob"
	}
	return "text"
}

// sequence is the last id a table's AUTOINCREMENT or identity handed out
// (ok false: the table has none, or none was handed out).
func (st *Store) sequence(ctx context.Context, tx *sql.Tx, table string) (int64, bool, error) {
	var seq sql.NullInt64
	var err error
	if st.db.Dialect() == store.Postgres {
		err = tx.QueryRowContext(ctx, `SELECT pg_sequence_last_value(pg_get_serial_sequence($1, 'id'))
			WHERE EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
				AND table_name = $1 AND column_name = 'id' AND is_identity = 'YES')`, table).Scan(&seq)
	} else {
		err = tx.QueryRowContext(ctx, `SELECT seq FROM sqlite_sequence WHERE name = ?`, table).Scan(&seq)
	}
	if err == sql.ErrNoRows {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("the id sequence of %s: %w", table, err)
	}
	return seq.Int64, seq.Valid, nil
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
