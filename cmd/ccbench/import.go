package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"sort"
	"time"
)

// importCSV uploads and commits an n-row CSV through the API and returns the
// median rows per second of runs runs (upload, parse, preview and commit).
func importCSV(ctx context.Context, c *client, accountID string, n, runs int) (float64, error) {
	var rates []float64
	for r := 0; r < runs; r++ {
		var csv bytes.Buffer
		csv.WriteString("date;description;amount;category\n")
		day := time.Date(2001+r, 1, 1, 0, 0, 0, 0, time.UTC)
		for i := 0; i < n; i++ {
			fmt.Fprintf(&csv, "%s;Bench import %d-%d;-%d,%02d;Bench\n", day.AddDate(0, 0, i%365).Format("02/01/2006"), r, i, 1+i%500, i%100)
		}
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		_ = mw.WriteField("accountId", accountID)
		fw, _ := mw.CreateFormFile("file", "bench.csv")
		_, _ = fw.Write(csv.Bytes())
		_ = mw.Close()
		start := time.Now()
		req, _ := http.NewRequestWithContext(ctx, "POST", c.base+"/api/v1/imports", &body)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		resp, err := c.http.Do(req)
		if err != nil {
			return 0, err
		}
		var preview struct {
			ID      string          `json:"id"`
			Options json.RawMessage `json:"options"`
		}
		err = json.NewDecoder(resp.Body).Decode(&preview)
		resp.Body.Close()
		if err != nil || resp.StatusCode != 200 {
			return 0, fmt.Errorf("upload: %d %v", resp.StatusCode, err)
		}
		code, b, err := c.do(ctx, "POST", "/api/v1/imports/"+preview.ID+"/commit", map[string]any{"accountId": accountID, "options": preview.Options})
		if err != nil || code != 200 {
			return 0, fmt.Errorf("commit: %d %s %v", code, b, err)
		}
		rates = append(rates, float64(n)/time.Since(start).Seconds())
	}
	sort.Float64s(rates)
	return rates[len(rates)/2], nil
}
