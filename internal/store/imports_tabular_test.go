package store_test

import (
	"fmt"

	"github.com/xuri/excelize/v2"

	"context"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/importer/statement"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// A CSV whose date and amount columns detection cannot find is kept: its
// preview says what is missing, and once the user maps the columns it
// previews and commits. A file of balances only is refused and not kept.
func TestUnreadableCSVIsKeptAndMapped(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "unreadable@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 0)
		// Day numbers and amounts in words' company: nothing reads as a date.
		data := []byte("when|what|how much\nday 3 of March 2024|Bakery|-4.50\nday 5 of March 2024|Salary|1200.00\n")
		req := store.ImportRequest{LedgerID: l, Language: "en", AccountID: acc.ID}
		p, err := db.UploadImport(ctx, req, &store.Upload{FileName: "odd.csv", Format: "csv", Data: data}, store.UploadLimits{})
		if err != nil {
			t.Fatal(err)
		}
		if p.UploadID == 0 || len(p.Missing) != 1 || p.Missing[0] != "date" || p.CSV == nil || p.CSV.Delimiter != '|' || len(p.Sample) != 2 || p.Total != 0 {
			t.Fatalf("preview %+v", p)
		}
		if _, err := db.CommitImport(ctx, req, p.UploadID); err == nil {
			t.Fatal("committed without a date column")
		}
		// Mapped by hand: the date column and its layout.
		opt := *p.CSV
		opt.Date, opt.DateFormat = 0, "day 2 of January 2006"
		req.CSV = &opt
		p, err = db.PreviewImport(ctx, req, p.UploadID)
		if err != nil || p.Valid != 2 || len(p.Missing) != 0 {
			t.Fatalf("mapped preview %+v %v", p, err)
		}
		c, err := db.CommitImport(ctx, req, p.UploadID)
		if err != nil || c.Created != 2 {
			t.Fatalf("commit %+v %v", c, err)
		}
		ms := allMovements(t, db, l, acc.ID)
		if len(ms) != 2 || ms[0].Date != "2024-03-03" || ms[0].Amount != 450 || ms[1].Amount != 120000 {
			t.Fatalf("%+v", ms)
		}

		balances := []byte("Fecha;Saldo\n01/03/2024;1.000,00\n02/03/2024;950,00\n")
		_, err = db.UploadImport(ctx, store.ImportRequest{LedgerID: l, Language: "en", AccountID: acc.ID},
			&store.Upload{FileName: "saldos.csv", Format: string(statement.FormatCSV), Data: balances}, store.UploadLimits{})
		if finance.ErrorCode(err) != finance.ECodeBalancesOnly {
			t.Fatalf("balances only: %v", err)
		}
	})
}

// An Excel workbook uploads, previews with its sheets and commits as a CSV
// would.
func TestXLSXImport(t *testing.T) {
	f := excelize.NewFile()
	for i, row := range [][]any{{"Fecha", "Concepto", "Importe"}, {"02/01/2024", "Panadería", -3.2}, {"03/01/2024", "Nómina", 1500.75}} {
		if err := f.SetSheetRow("Sheet1", fmt.Sprint("A", i+1), &row); err != nil {
			t.Fatal(err)
		}
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "xlsx@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 0)
		req := store.ImportRequest{LedgerID: l, Language: "es", AccountID: acc.ID}
		format := statement.DetectFormat("movimientos.xlsx", data)
		p, err := db.UploadImport(ctx, req, &store.Upload{FileName: "movimientos.xlsx", Format: string(format), Data: data}, store.UploadLimits{})
		if err != nil || format != statement.FormatXLSX || p.Valid != 2 || len(p.Sheets) != 1 || p.CSV == nil || p.CSV.Sheet != "Sheet1" {
			t.Fatalf("preview %+v %v", p, err)
		}
		c, err := db.CommitImport(ctx, req, p.UploadID)
		if err != nil || c.Created != 2 {
			t.Fatalf("commit %+v %v", c, err)
		}
		ms := allMovements(t, db, l, acc.ID)
		if len(ms) != 2 || ms[0].Date != "2024-01-02" || ms[0].Amount != 320 || ms[0].Type != finance.MovementExpense || ms[1].Amount != 150075 {
			t.Fatalf("%+v", ms)
		}
	})
}

// The preview's header and rows follow the user's "skip N lines": the row
// below the one detected as the header becomes the header.
func TestPreviewFollowsSkipLines(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "skiplines@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 0)
		data := []byte("Cuenta;ES00\nFecha;Concepto;Importe\n01/03/2024;Panadería;-4,50\n02/03/2024;Nómina;1.200,00\n")
		req := store.ImportRequest{LedgerID: l, Language: "en", AccountID: acc.ID}
		p, err := db.UploadImport(ctx, req, &store.Upload{FileName: "b.csv", Format: "csv", Data: data}, store.UploadLimits{})
		if err != nil || p.CSV == nil || p.CSV.SkipLines != 1 || len(p.Header) != 3 || p.Header[0] != "Fecha" || len(p.Sample) != 2 {
			t.Fatalf("detected %+v %v", p, err)
		}
		opt := *p.CSV
		opt.SkipLines = 2 // the first movement is read as the header
		req.CSV = &opt
		p, err = db.PreviewImport(ctx, req, p.UploadID)
		if err != nil || len(p.Header) != 3 || p.Header[1] != "Panadería" || len(p.Sample) != 1 || p.Sample[0][1] != "Nómina" || p.Valid != 1 {
			t.Fatalf("skip 2: %+v %+v %v", p.Header, p.Sample, err)
		}
		opt.SkipLines, opt.HasHeader = 0, false
		p, err = db.PreviewImport(ctx, req, p.UploadID)
		if err != nil || len(p.Header) != 0 || len(p.Sample) != 4 || p.Sample[0][0] != "Cuenta" {
			t.Fatalf("skip 0, no header: %+v %+v %v", p.Header, p.Sample, err)
		}
	})
}
