package main

import (
	"archive/zip"
	"bytes"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"

	"cashcontrol/internal/importer/ledgerfile"

	_ "github.com/mattn/go-sqlite3" // Actual's db.sqlite
)

// actualSchema is the importer's Actual Budget fixture (its schema, a few
// accounts, categories and payees): ccbench runs from the repository's root.
var actualSchema = filepath.Join("internal", "importer", "ledgerfile", "testdata", "actual")

// actualFile is Actual Budget's export (a zip of db.sqlite and
// metadata.json) of at least size bytes, or of as many transactions as a
// ledger import takes (ledgerfile.MaxMovements: a zip of 20 MB would hold
// 680,000): the fixture's database, then expenses and earnings on two
// accounts, 40 a day from 2015.
func actualFile(size int) ([]byte, error) {
	schema, err := os.ReadFile(filepath.Join(actualSchema, "db.sql"))
	if err != nil {
		return nil, fmt.Errorf("the Actual fixture (run ccbench from the repository's root): %w", err)
	}
	meta, err := os.ReadFile(filepath.Join(actualSchema, "metadata.json"))
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "ccbench-actual")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "db.sqlite")
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	if _, err := db.Exec(string(schema)); err != nil {
		return nil, err
	}
	// At most what a ledger import takes (the fixture holds a dozen rows).
	const round = 10_000
	last := ledgerfile.MaxMovements - 20
	for lo := 1; ; lo += round {
		hi := min(lo+round-1, last)
		if _, err := db.Exec(`INSERT INTO transactions (id, acct, category, amount, description, notes, date, sort_order)
			WITH RECURSIVE n(i) AS (SELECT ? UNION ALL SELECT i + 1 FROM n WHERE i < ?)
			SELECT 'bench-' || i, CASE WHEN i % 7 = 0 THEN 'acc-sav' ELSE 'acc-check' END,
				CASE WHEN i % 20 = 0 THEN 'cat-salary' WHEN i % 3 = 0 THEN 'cat-food' WHEN i % 3 = 1 THEN 'cat-rent' ELSE 'cat-fun' END,
				CASE WHEN i % 20 = 0 THEN 1 ELSE -1 END * ((1 + i % 700) * 100 + i % 100),
				CASE WHEN i % 20 = 0 THEN 'pay-acme' WHEN i % 2 = 0 THEN 'pay-shop' ELSE 'pay-landlord' END,
				'Movement number ' || i || ' of the bench ledger',
				CAST(strftime('%Y%m%d', date('2015-01-01', '+' || (i / 40) || ' days')) AS INTEGER), 100 + i
			FROM n`, lo, hi); err != nil {
			return nil, err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		if len(data) < 9*size/2 && hi < last {
			continue // Actual's database zips to about a fifth: no need to try yet
		}
		var b bytes.Buffer
		zw := zip.NewWriter(&b)
		for _, f := range []struct {
			name string
			data []byte
		}{{"db.sqlite", data}, {"metadata.json", meta}} {
			w, err := zw.Create(f.name)
			if err == nil {
				_, err = w.Write(f.data)
			}
			if err != nil {
				return nil, err
			}
		}
		if err := zw.Close(); err != nil {
			return nil, err
		}
		if b.Len() >= size || hi == last {
			return b.Bytes(), nil
		}
	}
}
