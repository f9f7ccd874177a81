package store_test

import (
	"context"
	"fmt"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// ofxStatement is an OFX 1 (SGML) statement of rows ("YYYYMMDD amount") with
// the closing balance it states (LEDGERBAL).
func ofxStatement(balance, asOf string, rows ...[2]string) []byte {
	s := "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n" +
		"<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>EUR" +
		"<BANKACCTFROM><BANKID>1<ACCTID>2<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>\n"
	for i, r := range rows {
		s += fmt.Sprintf("<STMTTRN><TRNTYPE>OTHER<DTPOSTED>%s<TRNAMT>%s<FITID>%s-%d<NAME>Row %d</STMTTRN>\n", r[0], r[1], r[0], i, i)
	}
	return []byte(s + "</BANKTRANLIST><LEDGERBAL><BALAMT>" + balance + "<DTASOF>" + asOf + "</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n")
}

func TestCheckpointsFromImports(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := newLedger(t, db, "checkpoints@example.com")
		acc := mustAccount(t, db, l, "Bank", "EUR", 292345)
		commit := func(name string, data []byte) {
			t.Helper()
			up, err := db.SaveUpload(ctx, l, name, "ofx", data, store.UploadLimits{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.CommitImport(ctx, store.ImportRequest{LedgerID: l, Language: finance.LangEnglish, AccountID: acc.ID}, up); err != nil {
				t.Fatal(err)
			}
		}
		// January: 2923.45 - 23.45 + 2100.00 = 5000.00, as the bank says.
		commit("jan.ofx", ofxStatement("5000.00", "20260131", [2]string{"20260103", "-23.45"}, [2]string{"20260128", "2100.00"}))
		items, _, err := db.ListMovements(ctx, l, finance.MovementFilter{}, 50, "")
		if err != nil || len(items) != 2 || items[0].State != "cleared" || items[1].State != "cleared" {
			t.Fatalf("imported movements arrive cleared: %v %+v", err, items)
		}
		cps, err := db.Checkpoints(ctx, l, acc.ID)
		if err != nil || len(cps) != 1 || cps[0].Date != "2026-01-31" || cps[0].Balance != 500000 || cps[0].Source != "import" ||
			!cps[0].Agrees || cps[0].AppBalance != 500000 || cps[0].DivergesFrom != nil {
			t.Fatalf("January's checkpoint: %v %+v", err, cps)
		}
		// February: the bank's 4990.00 after a 10.00 fee on the 5th; the
		// app also has a 5.00 expense the bank never saw.
		commit("feb.ofx", ofxStatement("4990.00", "20260228", [2]string{"20260205", "-10.00"}))
		cat := mustCategory(t, db, l, "Snacks", "expense", 0)
		if _, err := db.CreateMovement(ctx, l, finance.MovementDraft{Type: "expense", Date: "2026-02-12", Amount: 500, AccountID: acc.ID, CategoryID: cat.ID}); err != nil {
			t.Fatal(err)
		}
		cps, err = db.Checkpoints(ctx, l, acc.ID)
		if err != nil || len(cps) != 2 || cps[0].Date != "2026-02-28" || cps[0].Agrees || cps[0].AppBalance != 498500 || cps[0].Balance != 499000 ||
			cps[0].DivergesFrom == nil || *cps[0].DivergesFrom != "2026-02-05" || !cps[1].Agrees {
			t.Fatalf("February's checkpoint: %v %+v", err, cps)
		}
	})
}
