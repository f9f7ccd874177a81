package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"sync"
	"sync/atomic"
)

// ledgerImport uploads another app's export (a small Firefly III CSV) and
// commits it from two or three servers at once: one new ledger, whose
// accounts hold what the preview said. The ledger is then deleted (a user
// owns 50 at most).
func (s *soakRun) ledgerImport(ctx context.Context, c *soakClient) {
	var csv bytes.Buffer
	csv.WriteString("journal_id,type,date,amount,currency_code,description,source_name,source_type,destination_name,destination_type,category,tags\n")
	rows := 2 + c.rng.IntN(6)
	for r := 0; r < rows; r++ {
		amount := fmt.Sprintf("%d.%02d", 1+c.rng.IntN(500), c.rng.IntN(100))
		switch c.rng.IntN(3) {
		case 0:
			fmt.Fprintf(&csv, "%d,Withdrawal,%sT10:00:00+01:00,-%s,EUR,Soak shop %d,Checking,Asset account,Shop,Expense account,Food,soak\n", r+1, c.date(), amount, r)
		case 1:
			fmt.Fprintf(&csv, "%d,Deposit,%sT10:00:00+01:00,%s,EUR,Soak pay %d,Employer,Revenue account,Checking,Asset account,Salary,\n", r+1, c.date(), amount, r)
		default:
			fmt.Fprintf(&csv, "%d,Transfer,%sT10:00:00+01:00,%s,EUR,Soak move %d,Checking,Asset account,Savings,Asset account,,\n", r+1, c.date(), amount, r)
		}
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "firefly.csv")
	_, _ = fw.Write(csv.Bytes())
	_ = mw.Close()
	s.requests.Add(1)
	code, b, err := c.raw(ctx, "POST", "/api/v1/me/ledger-imports", mw.FormDataContentType(), body.Bytes())
	s.count("ledger import upload", code, b, err, []int{201, 429})
	var preview struct {
		ID        string `json:"id"`
		Movements int    `json:"movements"`
		Accounts  []struct {
			Name    string `json:"name"`
			Balance int64  `json:"balance"`
		} `json:"accounts"`
	}
	if code != 201 || json.Unmarshal(b, &preview) != nil {
		return
	}
	if preview.Movements != rows {
		s.problem("ledger import: rows", "a Firefly III file of %d rows previews %d movements: %s", rows, preview.Movements, snippet(b))
	}
	times := 2 + c.rng.IntN(2)
	var wg sync.WaitGroup
	var ok atomic.Int32
	var made atomic.Value
	start := make(chan struct{})
	for k := 0; k < times; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			code, b := s.call(ctx, c.peer(k), "ledger import commit", "POST", "/api/v1/me/ledger-imports/"+preview.ID+"/commit",
				map[string]any{"name": "Soak import", "baseCurrency": "EUR"}, 201, 409)
			var r struct {
				LedgerID string `json:"ledgerId"`
				Code     string `json:"code"`
			}
			_ = json.Unmarshal(b, &r)
			switch {
			case code == 201:
				ok.Add(1)
				made.Store(r.LedgerID)
			case code == 409 && r.Code != "already_committed" && r.Code != "limit_exceeded":
				s.problem("ledger import commit: 409", "409 with code %q: %s", r.Code, snippet(b))
			}
		}()
	}
	close(start)
	wg.Wait()
	if n := ok.Load(); n > 1 {
		s.problem("a ledger import committed more than once", "%s: ledger import %s committed %d times of %d", c.l.email, preview.ID, n, times)
	}
	ledger, _ := made.Load().(string)
	if ledger == "" {
		return
	}
	var accs struct {
		Items []struct {
			Name    string `json:"name"`
			Balance int64  `json:"balance"`
		}
	}
	if err := getJSON(ctx, c.peer(1), "/api/v1/ledgers/"+ledger+"/accounts", &accs); err != nil {
		s.problem("ledger import: accounts", "%v", err)
		return
	}
	got := map[string]int64{}
	for _, a := range accs.Items {
		got[a.Name] = a.Balance
	}
	for _, a := range preview.Accounts {
		if got[a.Name] != a.Balance {
			s.problem("ledger import: balances", "the imported ledger's %q holds %d, its preview said %d", a.Name, got[a.Name], a.Balance)
		}
	}
	s.call(ctx, c.peer(0), "ledger delete", "DELETE", "/api/v1/ledgers/"+ledger, nil, 204)
}
