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

// importFile uploads and commits an n-row bank file of a format (bankFile)
// through the API and returns the median rows per second of runs runs
// (upload, parse, preview and commit).
func importFile(ctx context.Context, c *client, accountID, currency, format string, n, runs int) (float64, error) {
	var rates []float64
	for r := 0; r < runs; r++ {
		name, file, err := bankFile(format, r, n, currency)
		if err != nil {
			return 0, err
		}
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		_ = mw.WriteField("accountId", accountID)
		fw, _ := mw.CreateFormFile("file", name)
		_, _ = fw.Write(file)
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
		var done struct{ Created int }
		if err := json.Unmarshal(b, &done); err != nil || done.Created != n {
			return 0, fmt.Errorf("commit: %d of %d rows created: %s", done.Created, n, b)
		}
		rates = append(rates, float64(n)/time.Since(start).Seconds())
	}
	sort.Float64s(rates)
	return rates[len(rates)/2], nil
}
