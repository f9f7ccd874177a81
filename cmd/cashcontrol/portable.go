package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"cashcontrol/internal/config"
	"cashcontrol/internal/instance"
	"cashcontrol/internal/jobs"
)

// exportAllCmd writes the whole instance in the portable format (a zip of
// NDJSON tables and the attachments' files), from one consistent snapshot,
// while the server runs: `cashcontrol export-all --out FILE` (stdout
// without --out). backup is the same with a dated file name by default.
func exportAllCmd(ctx context.Context, name string, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("cashcontrol "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	usage := "the file to write (default: standard output)"
	if name == "backup" {
		usage = "the file to write (default: cashcontrol-<date>.zip in CASHCONTROL_BACKUP_DIR, else in backups/ of the data folder)"
	}
	out := fs.String("out", "", usage)
	server, own := splitServerFlags(args)
	if err := fs.Parse(own); err != nil {
		return err
	}
	c, err := config.Load("cashcontrol "+name, server, getenv, stderr)
	if err != nil {
		return err
	}
	db, err := openStore(ctx, c, false)
	if err != nil {
		return err
	}
	defer db.Close()
	path := *out
	if path == "" && name == "backup" {
		dir := c.BackupDir
		if dir == "" {
			dir = filepath.Join(c.DataDir, "backups")
		}
		path = filepath.Join(dir, jobs.BackupName(time.Now()))
	}
	if path == "" {
		m, err := instance.New(db).ExportAll(ctx, stdout)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		report(stderr, "exported", m, "")
		return nil
	}
	m, size, err := jobs.WriteBackup(ctx, instance.New(db), path)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	report(stderr, "exported", m, fmt.Sprintf(" to %s (%d bytes)", path, size))
	return nil
}

// importAllCmd reads a portable file into an empty database (restore is
// the same): `cashcontrol import-all FILE`. All of it or, on any error,
// nothing.
func importAllCmd(ctx context.Context, name string, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("cashcontrol "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	server, own := splitServerFlags(args)
	if err := fs.Parse(own); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("%s: name the file: cashcontrol %s FILE", name, name)
	}
	c, err := config.Load("cashcontrol "+name, server, getenv, stderr)
	if err != nil {
		return err
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	m, _, err := instance.ReadPortable(f, st.Size())
	if err != nil {
		return fmt.Errorf("%s: nothing was imported: %w", name, err)
	}
	db, err := openStore(ctx, c, false)
	if err != nil {
		return err
	}
	defer db.Close()
	// The database goes up to the export's schema version, takes it, then
	// up to this binary's: an export of an older version imports too.
	if cur, err := db.SchemaVersion(ctx); err == nil && cur > m.Schema {
		return fmt.Errorf("%s: this database is at schema version %d, newer than the export's %d: import it into a new database", name, cur, m.Schema)
	}
	if err := db.MigrateTo(ctx, m.Schema); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	start := time.Now()
	m, err = instance.New(db).ImportAll(ctx, f, st.Size())
	if errors.Is(err, instance.ErrNotEmpty) {
		return fmt.Errorf("%s: %w; point it at a new database (DATABASE_URL, or another CASHCONTROL_DATA_DIR)", name, err)
	}
	if err != nil {
		return fmt.Errorf("%s: nothing was imported: %w", name, err)
	}
	if _, err := db.Migrate(ctx); err != nil {
		return fmt.Errorf("%s: imported, but the migrations after it failed: %w", name, err)
	}
	report(stdout, "imported", m, fmt.Sprintf(" in %s", time.Since(start).Round(time.Millisecond)))
	return nil
}

// report says what an export or import carried.
func report(w io.Writer, verb string, m *instance.PortableManifest, where string) {
	rows := map[string]int64{}
	for _, t := range m.Tables {
		rows[t.Name] = t.Rows
	}
	fmt.Fprintf(w, "%s %d users, %d ledgers, %d accounts, %d movements and %d files%s\n", verb,
		rows["users"], rows["ledgers"], rows["accounts"], rows["movements"], m.Files, where)
	if m.MissingFiles > 0 {
		fmt.Fprintf(w, "%d attachments' files were deleted while the export ran and are not in it\n", m.MissingFiles)
	}
}
