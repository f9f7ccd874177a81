package store_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer/statement"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// A CAMT.053 and a Norma 43 statement go through the same upload, preview
// and commit as an OFX one: the preview shows the balance the bank states
// (and the pending entries left out), the commit creates the movements,
// (and the account's own on that day once imported agrees), after which the account's balance is the bank's; the same file again is
// all duplicates, by the bank's references.
func TestImportBankStatementFormats(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "formats@example.com")
		cases := []struct {
			file    string
			format  statement.Format
			opening int64
			created int
			balance finance.StatementBalance
			skipped []finance.ImportSkipped
			dups    int
		}{
			{"camt/stmt_v02.xml", statement.FormatCAMT, 152000, 3, finance.StatementBalance{Date: "2025-01-31", Amount: 326951, AccountBalance: 326951, Agrees: true},
				[]finance.ImportSkipped{{Kind: statement.SkippedPending, Count: 1}}, 3},
			{"norma43/plain.n43", statement.FormatNorma43, 125000, 4, finance.StatementBalance{Date: "2025-05-31", Amount: 300410, AccountBalance: 300410, Agrees: true},
				[]finance.ImportSkipped{}, 4},
		}
		for _, c := range cases {
			data, err := os.ReadFile(filepath.Join("..", "importer", "statement", "testdata", c.file))
			if err != nil {
				t.Fatal(err)
			}
			acc := mustAccount(t, db, l, c.file, "EUR", c.opening)
			req := store.ImportRequest{LedgerID: l, Language: "es", AccountID: acc.ID}
			name := filepath.Base(c.file)
			up := func() *store.Upload {
				return &store.Upload{FileName: name, Format: string(statement.DetectFormat(name, data)), Data: data}
			}
			p, err := db.UploadImport(ctx, req, up(), store.UploadLimits{})
			if err != nil {
				t.Fatalf("%s: %v", c.file, err)
			}
			if p.Format != string(c.format) || p.Valid != c.created || p.Invalid != 0 || p.StatementBalance == nil || *p.StatementBalance != c.balance || p.Duplicates != 0 {
				t.Fatalf("%s: preview %+v, balance %+v", c.file, p, p.StatementBalance)
			}
			if len(p.Skipped) != len(c.skipped) || len(p.Skipped) > 0 && p.Skipped[0] != c.skipped[0] {
				t.Errorf("%s: skipped %+v", c.file, p.Skipped)
			}
			res, err := db.CommitImport(ctx, req, p.UploadID)
			if err != nil || res.Created != c.created || res.Duplicates != 0 {
				t.Fatalf("%s: commit %+v %v", c.file, res, err)
			}
			after, err := db.Account(ctx, l, acc.ID)
			if err != nil || after.Balance != c.balance.Amount {
				t.Fatalf("%s: the account's balance after the import %d, the bank's %d (%v)", c.file, after.Balance, c.balance.Amount, err)
			}
			again, err := db.UploadImport(ctx, req, up(), store.UploadLimits{})
			if err != nil || again.Duplicates != c.dups {
				t.Fatalf("%s: the same file again: %d duplicates of %d (%v)", c.file, again.Duplicates, c.dups, err)
			}
		}
	})
}

// A CAMT statement read from the request straight into its compressed form
// (store.CompressedUpload) previews, previews again from the stored upload
// and commits, streamed each time.
func TestCAMTCompressedUpload(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "camtstream@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 0)
		var b strings.Builder
		b.WriteString(`<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Acct><Ccy>EUR</Ccy></Acct>`)
		for i := range 300 {
			fmt.Fprintf(&b, `<Ntry><Amt Ccy="EUR">%d.25</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-03-%02d</Dt></BookgDt><AcctSvcrRef>R%d</AcctSvcrRef><AddtlNtryInf>Shop %d</AddtlNtryInf></Ntry>`, i+1, 1+i%28, i, i)
		}
		b.WriteString(`</Stmt></BkToCstmrStmt></Document>`)
		if _, err := store.CompressedUpload("s.xml", "camt", strings.NewReader(b.String()), 100); finance.ErrorCode(err) != finance.ECodePayloadTooLarge {
			t.Fatalf("past the limit: %v", err)
		}
		up, err := store.CompressedUpload("s.xml", "camt", strings.NewReader(b.String()), 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		req := store.ImportRequest{LedgerID: l, Language: "en", AccountID: acc.ID}
		p, err := db.UploadImport(ctx, req, up, store.UploadLimits{})
		if err != nil || p.Valid != 300 {
			t.Fatalf("upload %+v %v", p, err)
		}
		if p, err = db.PreviewImport(ctx, req, p.UploadID); err != nil || p.Valid != 300 {
			t.Fatalf("preview %+v %v", p, err)
		}
		c, err := db.CommitImport(ctx, req, p.UploadID)
		if err != nil || c.Created != 300 {
			t.Fatalf("commit %+v %v", c, err)
		}
		ms := allMovements(t, db, l, acc.ID)
		sum := int64(0)
		for _, m := range ms {
			sum += m.Amount
		}
		if len(ms) != 300 || sum != 300*301/2*100+300*25 {
			t.Fatalf("%d movements, sum %d", len(ms), sum)
		}
	})
}
