package api_test

import (
	"encoding/json"
	"testing"

	"github.com/xuri/excelize/v2"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// An Excel workbook through the API: the preview names its sheets, and the
// options it answers come back as the web app sends them (a sheet has no
// delimiter: it used to be a NUL, refused) for a preview of the other sheet
// and the commit.
func TestImportXLSXOverHTTP(t *testing.T) {
	f := excelize.NewFile()
	rows := [][]any{{"Date", "Description", "Amount"}, {"2024-01-02", "Bakery", -3.2}, {"2024-01-03", "Salary", 1500.75}}
	for i := range rows {
		if err := f.SetSheetRow("Sheet1", "A"+string(rune('1'+i)), &rows[i]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.NewSheet("Other"); err != nil {
		t.Fatal(err)
	}
	_ = f.SetSheetRow("Other", "A1", &[]any{"Date", "Amount"})
	_ = f.SetSheetRow("Other", "A2", &[]any{"2024-02-01", -9.99})
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c, acc := importClient(t, ledgerServer(t, db), "xlsx@example.com")
		var p struct {
			preview
			Sheets []string `json:"sheets"`
		}
		if code := c.upload("bank.xlsx", buf.Bytes(), acc.ID, &p); code != 200 || p.Format != "xlsx" || p.Valid != 2 || len(p.Sheets) != 2 {
			t.Fatalf("upload: %d %+v", code, p)
		}
		var opts map[string]any
		if err := json.Unmarshal(p.Options, &opts); err != nil || opts["sheet"] != "Sheet1" {
			t.Fatalf("options %s", p.Options)
		}
		// Another sheet, its columns not chosen: detected on that sheet.
		opts["sheet"], opts["date"], opts["amount"], opts["debit"], opts["credit"] = "Other", -1, -1, -1, -1
		var q preview
		if code := c.do("POST", "/api/v1/imports/"+p.ID+"/preview", map[string]any{"accountId": acc.ID, "options": opts}, &q); code != 200 || q.Valid != 1 {
			t.Fatalf("the other sheet: %d %+v", code, q)
		}
		opts["sheet"], opts["date"], opts["amount"] = "Sheet1", 0, 2
		var res struct {
			Created int `json:"created"`
		}
		if code := c.do("POST", "/api/v1/imports/"+p.ID+"/commit", map[string]any{"accountId": acc.ID, "options": opts}, &res); code != 200 || res.Created != 2 {
			t.Fatalf("commit: %d %+v", code, res)
		}
	})
}
