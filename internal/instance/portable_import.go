package instance

import (
	"archive/zip"
	"bufio"
	"bytes"
	"cashcontrol/internal/store"
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// maxPortableFile bounds an attachment's file read from a portable file.
const maxPortableFile = 64 << 20

// ErrNotEmpty refuses an import into a database that holds an instance.
var ErrNotEmpty = errors.New("the database is not empty: import-all and restore need one with no users")

// ImportAll reads a portable file (ExportAll's) into this database, which
// must be empty: every table in one transaction, so that a file that is
// corrupt, truncated or from another schema version imports nothing. The
// attachments' files go to the file store; the id sequences continue where
// the exported instance's were.
//
// An export taken at an older schema version imports into a database
// migrated up to that version, no further (ReadPortable says which; the
// import-all command does that, then migrates the rest of the way).
func (st *Store) ImportAll(ctx context.Context, r io.ReaderAt, size int64) (*PortableManifest, error) {
	m, entries, err := ReadPortable(r, size)
	if err != nil {
		return nil, err
	}
	version, err := st.db.SchemaVersion(ctx)
	if err != nil {
		return nil, err
	}
	if m.Schema != version {
		return nil, fmt.Errorf("the export was taken at schema version %d and this database is at %d: import it into a new database", m.Schema, version)
	}
	var written []string
	err = st.importTx(ctx, func(tx *sql.Tx, conn *sql.Conn) error {
		if err := st.mustBeEmpty(ctx, tx, m); err != nil {
			return err
		}
		for _, t := range portableTables {
			if manifestTable(m, t.name) == nil {
				continue // a table newer than the export
			}
			if err := st.importTable(ctx, tx, conn, t, m, entries); err != nil {
				return fmt.Errorf("import %s: %w", t.name, err)
			}
		}
		if err := st.importLater(ctx, tx, m, entries); err != nil {
			return err
		}
		if err := st.db.SearchTotalsOfImport(ctx, tx); err != nil {
			return err
		}
		if err := st.setSequences(ctx, tx, m); err != nil {
			return err
		}
		var err error
		written, err = st.importFiles(ctx, entries)
		return err
	})
	if err != nil {
		for _, key := range written {
			_ = st.db.Files().Delete(ctx, key)
		}
		return nil, err
	}
	if st.db.Dialect() == store.Postgres {
		// A million rows are planned as if none until autovacuum comes.
		_ = st.db.RefreshStatistics(ctx)
	}
	return m, nil
}

// ReadPortable opens a portable file: its manifest and entries. The
// manifest's Schema is the version the importing database must be at.
func ReadPortable(r io.ReaderAt, size int64) (*PortableManifest, map[string]*zip.File, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, nil, fmt.Errorf("not a Cash Control export (or a truncated one): %w", err)
	}
	entries := map[string]*zip.File{}
	for _, f := range zr.File {
		entries[f.Name] = f
	}
	m, err := readManifest(entries["manifest.json"])
	return m, entries, err
}

// mustBeEmpty refuses a database that holds any row of the tables an
// import writes, naming the first.
func (st *Store) mustBeEmpty(ctx context.Context, tx *sql.Tx, m *PortableManifest) error {
	for _, t := range portableTables {
		if manifestTable(m, t.name) == nil {
			continue
		}
		var any int
		err := tx.QueryRowContext(ctx, `SELECT 1 FROM `+t.name+` LIMIT 1`).Scan(&any)
		if err == nil {
			return fmt.Errorf("%w (the table %s has rows)", ErrNotEmpty, t.name)
		}
		if err != sql.ErrNoRows {
			return err
		}
	}
	return nil
}

func manifestTable(m *PortableManifest, name string) *PortableTable {
	for i := range m.Tables {
		if m.Tables[i].Name == name {
			return &m.Tables[i]
		}
	}
	return nil
}

func readManifest(f *zip.File) (*PortableManifest, error) {
	if f == nil {
		return nil, errors.New("not a Cash Control export: it has no manifest.json (a truncated file?)")
	}
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("the manifest: %w", err)
	}
	defer rc.Close()
	var m PortableManifest
	if err := json.NewDecoder(io.LimitReader(rc, 1<<20)).Decode(&m); err != nil {
		return nil, fmt.Errorf("the manifest does not read: %w", err)
	}
	if m.Format != PortableFormat {
		return nil, fmt.Errorf("not a Cash Control export (format %q)", m.Format)
	}
	if m.Version != PortableVersion {
		return nil, fmt.Errorf("the export's format version %d is not one this Cash Control reads (%d)", m.Version, PortableVersion)
	}
	return &m, nil
}

// importTx runs fn in one transaction on one connection; on SQLite the
// foreign keys are checked at its commit.
func (st *Store) importTx(ctx context.Context, fn func(*sql.Tx, *sql.Conn) error) error {
	conn, err := st.db.WriteConn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if st.db.Dialect() == store.SQLite {
		if _, err := tx.ExecContext(ctx, `PRAGMA defer_foreign_keys = ON`); err != nil {
			_ = tx.Rollback()
			return err
		}
	}
	if err := fn(tx, conn); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("import: commit: %w", err)
	}
	return nil
}

// importTable writes one table's rows, the later columns as NULL.
func (st *Store) importTable(ctx context.Context, tx *sql.Tx, conn *sql.Conn, t portableTable, m *PortableManifest, entries map[string]*zip.File) error {
	pt, cols, err := st.matchColumns(ctx, tx, t.name, m)
	if err != nil {
		return err
	}
	f := entries["tables/"+t.name+".ndjson"]
	if f == nil {
		return errors.New("its rows are missing from the file")
	}
	rc, err := f.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	later := map[int]bool{}
	for i, c := range cols {
		for _, l := range t.later {
			if c.name == l {
				later[i] = true
			}
		}
	}
	rows := newRowReader(rc, cols, later)
	var n int64
	if st.db.Dialect() == store.Postgres {
		n, err = copyRows(ctx, conn, t.name, cols, rows)
	} else {
		n, err = insertRows(ctx, tx, t.name, cols, rows)
	}
	if err != nil {
		return err
	}
	if n != pt.Rows {
		return fmt.Errorf("the file has %d rows where its manifest says %d", n, pt.Rows)
	}
	return nil
}

// matchColumns is the manifest's entry for a table, and the target's
// columns in the manifest's order: the same set, or the import stops.
func (st *Store) matchColumns(ctx context.Context, tx *sql.Tx, table string, m *PortableManifest) (PortableTable, []column, error) {
	pt := manifestTable(m, table)
	if pt == nil {
		return PortableTable{}, nil, errors.New("the manifest does not list it")
	}
	have, err := st.columns(ctx, tx, table)
	if err != nil {
		return PortableTable{}, nil, err
	}
	byName := map[string]column{}
	for _, c := range have {
		byName[c.name] = c
	}
	if len(pt.Columns) != len(have) {
		names := make([]string, len(have))
		for i, c := range have {
			names[i] = c.name
		}
		return PortableTable{}, nil, fmt.Errorf("the file has the columns %v, this database %v", pt.Columns, names)
	}
	cols := make([]column, len(pt.Columns))
	for i, name := range pt.Columns {
		c, ok := byName[name]
		if !ok {
			return PortableTable{}, nil, fmt.Errorf("the file has a column %q this database does not", name)
		}
		cols[i] = c
	}
	return *pt, cols, nil
}

// rowReader decodes a table's lines into values of the target's kinds.
type rowReader struct {
	dec   *json.Decoder
	cols  []column
	later map[int]bool
	line  int64
	// words are the columns description, notes and search_words of a
	// table that has them (movements), else nil: the words are made again
	// from the text, never taken from the file (searchText). A file's own
	// could hold what the search's triggers cannot read.
	words []int
}

func newRowReader(r io.Reader, cols []column, later map[int]bool) *rowReader {
	dec := json.NewDecoder(bufio.NewReaderSize(r, 1<<16))
	dec.UseNumber()
	rr := &rowReader{dec: dec, cols: cols, later: later}
	for _, name := range []string{"description", "notes", "search_words"} {
		if i := slices.IndexFunc(cols, func(c column) bool { return c.name == name }); i >= 0 && !later[i] {
			rr.words = append(rr.words, i)
		}
	}
	if len(rr.words) < 3 {
		rr.words = nil
	}
	return rr
}

// next is the next row's values (nil, nil at the end).
func (rr *rowReader) next() ([]any, error) {
	var raw []any
	if err := rr.dec.Decode(&raw); err == io.EOF {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("row %d: %w", rr.line+1, err)
	}
	rr.line++
	if len(raw) != len(rr.cols) {
		return nil, fmt.Errorf("row %d has %d values for %d columns", rr.line, len(raw), len(rr.cols))
	}
	for i, v := range raw {
		if rr.later[i] {
			raw[i] = nil
			continue
		}
		x, err := fromPortable(v, rr.cols[i].kind)
		if err != nil {
			return nil, fmt.Errorf("row %d, %s: %w", rr.line, rr.cols[i].name, err)
		}
		raw[i] = x
	}
	if w := rr.words; w != nil {
		description, _ := raw[w[0]].(string)
		notes, _ := raw[w[1]].(string)
		raw[w[2]] = store.SearchText(description, notes)
	}
	return raw, nil
}

// fromPortable is a value of the format as the target column takes it.
func fromPortable(v any, kind string) (any, error) {
	if v == nil {
		return nil, nil
	}
	switch kind {
	case "int":
		switch x := v.(type) {
		case json.Number:
			return strconv.ParseInt(string(x), 10, 64)
		case bool:
			if x {
				return int64(1), nil
			}
			return int64(0), nil
		}
	case "bool":
		switch x := v.(type) {
		case bool:
			return x, nil
		case json.Number:
			return x != "0", nil
		}
	case "blob":
		if s, ok := v.(string); ok {
			return base64.StdEncoding.DecodeString(s)
		}
	case "text":
		switch x := v.(type) {
		case string:
			return x, nil
		case json.Number:
			return string(x), nil
		}
	}
	return nil, fmt.Errorf("%v is not of the column's kind (%s)", v, kind)
}

// insertRows writes rows with prepared INSERTs of many rows each (SQLite).
func insertRows(ctx context.Context, tx *sql.Tx, table string, cols []column, rows *rowReader) (int64, error) {
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = quoteIdent(c.name)
	}
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	batch := max(1, min(256, 32000/len(cols)))
	stmts := map[int]*sql.Stmt{}
	defer func() {
		for _, st := range stmts {
			st.Close()
		}
	}()
	flush := func(args []any) error {
		k := len(args) / len(cols)
		st := stmts[k]
		if st == nil {
			var err error
			st, err = tx.PrepareContext(ctx, `INSERT INTO `+table+` (`+strings.Join(names, ", ")+`) VALUES `+
				strings.TrimSuffix(strings.Repeat(one+", ", k), ", "))
			if err != nil {
				return err
			}
			stmts[k] = st
		}
		_, err := st.ExecContext(ctx, args...)
		return err
	}
	var n int64
	args := make([]any, 0, batch*len(cols))
	for {
		row, err := rows.next()
		if err != nil {
			return n, err
		}
		if row != nil {
			args = append(args, row...)
			n++
		}
		if len(args) > 0 && (row == nil || len(args) == batch*len(cols)) {
			if err := flush(args); err != nil {
				return n, fmt.Errorf("rows up to %d: %w", n, err)
			}
			args = args[:0]
		}
		if row == nil {
			return n, nil
		}
	}
}

// copyRows writes rows with COPY on the transaction's connection (PostgreSQL).
func copyRows(ctx context.Context, conn *sql.Conn, table string, cols []column, rows *rowReader) (int64, error) {
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.name
	}
	var n int64
	err := conn.Raw(func(driverConn any) error {
		sc, ok := driverConn.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("copy %s: the driver connection is a %T", table, driverConn)
		}
		var readErr error
		var err error
		n, err = sc.Conn().CopyFrom(ctx, pgx.Identifier{table}, names, pgx.CopyFromFunc(func() ([]any, error) {
			row, err := rows.next()
			if err != nil {
				readErr = err
			}
			return row, err
		}))
		if readErr != nil {
			return readErr
		}
		return err
	})
	return n, err
}

// importLater writes the columns importTable left NULL, now that every row
// they may point at is there.
func (st *Store) importLater(ctx context.Context, tx *sql.Tx, m *PortableManifest, entries map[string]*zip.File) error {
	for _, t := range portableTables {
		if len(t.later) == 0 || manifestTable(m, t.name) == nil {
			continue
		}
		_, cols, err := st.matchColumns(ctx, tx, t.name, m)
		if err != nil {
			return err
		}
		idAt, at := -1, map[int]bool{}
		var sets []string
		for i, c := range cols {
			if c.name == "id" {
				idAt = i
			}
			for _, l := range t.later {
				if c.name == l {
					at[i] = true
					sets = append(sets, quoteIdent(c.name)+" = ?")
				}
			}
		}
		if idAt < 0 || len(at) != len(t.later) {
			return fmt.Errorf("import %s: the columns %v or its id are missing", t.name, t.later)
		}
		stmt, err := tx.PrepareContext(ctx, st.db.Rebind(`UPDATE `+t.name+` SET `+strings.Join(sets, ", ")+` WHERE id = ?`))
		if err != nil {
			return err
		}
		rc, err := entries["tables/"+t.name+".ndjson"].Open()
		if err != nil {
			stmt.Close()
			return err
		}
		rows := newRowReader(rc, cols, nil)
		for {
			row, err := rows.next()
			if err == nil && row == nil {
				break
			}
			var args []any
			if err == nil {
				for i := range cols {
					if at[i] {
						args = append(args, row[i])
					}
				}
				if !allNil(args) {
					_, err = stmt.ExecContext(ctx, append(args, row[idAt])...)
				}
			}
			if err != nil {
				rc.Close()
				stmt.Close()
				return fmt.Errorf("import %s: %w", t.name, err)
			}
		}
		rc.Close()
		stmt.Close()
	}
	return nil
}

func allNil(vs []any) bool {
	for _, v := range vs {
		if v != nil {
			return false
		}
	}
	return true
}

// setSequences makes the ids go on from the exported instance's, or from the
// largest id imported when that is larger.
func (st *Store) setSequences(ctx context.Context, tx *sql.Tx, m *PortableManifest) error {
	for _, t := range portableTables {
		if manifestTable(m, t.name) == nil {
			continue
		}
		cols, err := st.columns(ctx, tx, t.name)
		if err != nil {
			return err
		}
		if !slices.ContainsFunc(cols, func(c column) bool { return c.name == "id" }) {
			continue
		}
		seq := m.Sequences[t.name]
		var maxID sql.NullInt64
		if err := tx.QueryRowContext(ctx, `SELECT MAX(id) FROM `+t.name).Scan(&maxID); err != nil {
			return err
		}
		next := max(seq, maxID.Int64)
		if next == 0 {
			continue
		}
		if st.db.Dialect() == store.Postgres {
			_, err = tx.ExecContext(ctx, `SELECT setval(pg_get_serial_sequence($1, 'id'), $2)
				WHERE pg_get_serial_sequence($1, 'id') IS NOT NULL`, t.name, next)
		} else {
			var auto int
			if e := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE name = ? AND sql LIKE '%AUTOINCREMENT%'`, t.name).Scan(&auto); e != nil || auto == 0 {
				continue
			}
			if _, err = tx.ExecContext(ctx, `DELETE FROM sqlite_sequence WHERE name = ?`, t.name); err == nil {
				_, err = tx.ExecContext(ctx, `INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)`, t.name, next)
			}
		}
		if err != nil {
			return fmt.Errorf("import %s: its id sequence: %w", t.name, err)
		}
	}
	return nil
}

// importFiles puts the attachments' files into the file store; it returns
// the keys written, for the caller to remove when the import fails.
func (st *Store) importFiles(ctx context.Context, entries map[string]*zip.File) ([]string, error) {
	var written []string
	for name, f := range entries {
		key, ok := strings.CutPrefix(name, "files/")
		if !ok {
			continue
		}
		if st.db.Files() == nil {
			return written, errors.New("the export has attachments but no file store was given")
		}
		rc, err := f.Open()
		if err != nil {
			return written, err
		}
		var buf bytes.Buffer
		_, err = io.Copy(&buf, io.LimitReader(rc, maxPortableFile+1))
		rc.Close()
		if err == nil && buf.Len() > maxPortableFile {
			err = fmt.Errorf("larger than %d MB", maxPortableFile>>20)
		}
		if err == nil {
			err = st.db.Files().Put(ctx, key, buf.Bytes())
		}
		if err != nil {
			return written, fmt.Errorf("import the file %s: %w", key, err)
		}
		written = append(written, key)
	}
	return written, nil
}
