package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"strings"
	"unicode"
)

// searchWords picks, from the ledger itself (so that any demo language
// works), a rare word, a common one and a long one: the first words of
// descriptions seen on recent pages and on each category's first page,
// weighed with the totals' count; common is the one nearest 7.5 % of all
// movements, rare the least frequent, long the longest of those in 1 % or
// more of the movements (longer than the search index's own prefixes, it
// is the case that once took 100 times as long).
func searchWords(ctx context.Context, c *client, categoryIDs []string) (rare, common, long string, err error) {
	type page struct {
		Items []struct {
			Description string `json:"description"`
		} `json:"items"`
	}
	candidates := map[string]bool{}
	collect := func(path string) {
		var p page
		if _, b, err := c.do(ctx, "GET", path, nil); err == nil && json.Unmarshal(b, &p) == nil {
			for _, it := range p.Items {
				if w := strings.FieldsFunc(it.Description, func(r rune) bool { return !unicode.IsLetter(r) }); len(w) > 0 && len([]rune(w[0])) >= 4 {
					candidates[strings.ToLower(w[0])] = true
				}
			}
		}
	}
	collect("/api/v1/movements?limit=500")
	for _, id := range categoryIDs {
		collect("/api/v1/movements?limit=20&categoryId=" + id)
	}
	count := func(q string) (int64, error) {
		var t struct {
			Count int64 `json:"count"`
		}
		code, b, err := c.do(ctx, "GET", "/api/v1/movements/totals?"+url.Values{"q": {q}}.Encode(), nil)
		if err == nil && code != 200 {
			err = fmt.Errorf("totals: %d", code)
		}
		if err == nil {
			err = json.Unmarshal(b, &t)
		}
		return t.Count, err
	}
	all, err := count("")
	if err != nil || all == 0 {
		return "", "", "", fmt.Errorf("no movements: %v", err)
	}
	var rareN, commonN, longN int64 = math.MaxInt64, 0, 0
	best := math.Inf(1)
	for w := range candidates {
		n, err := count(w)
		if err != nil {
			return "", "", "", err
		}
		if k, l := len([]rune(w)), len([]rune(long)); n*100 >= all && (k > l || k == l && n > longN) {
			long, longN = w, n
		}
		if n > 0 && n < rareN {
			rare, rareN = w, n
		}
		if d := math.Abs(float64(n)/float64(all) - 0.075); d < best {
			common, commonN, best = w, n, d
		}
	}
	if rare == "" || common == "" {
		return "", "", "", fmt.Errorf("no words found in the descriptions")
	}
	if long == "" {
		long = common
	}
	fmt.Printf("%-32s rare %q (%d movements), common %q (%d, %.1f %%), long %q (%d, %.1f %%)\n", "search words", rare, rareN, common, commonN,
		100*float64(commonN)/float64(all), long, longN, 100*float64(longN)/float64(all))
	return rare, common, long, nil
}

// searchScenarios are the search box's requests: the first page of a rare
// word, of a common one (and a prefix of it, as typed) and of a long one,
// newest first, and the long word's totals.
func searchScenarios(ctx context.Context, c *client, categoryIDs []string) ([]struct {
	name string
	fn   func(ctx context.Context, w, i int) error
}, error) {
	rare, common, long, err := searchWords(ctx, c, categoryIDs)
	if err != nil {
		return nil, err
	}
	prefix := string([]rune(common)[:max(3, len([]rune(common))-2)])
	return []struct {
		name string
		fn   func(ctx context.Context, w, i int) error
	}{
		{"search, rare word", get(c, "/api/v1/movements?limit=50&"+url.Values{"q": {rare}}.Encode())},
		{"search, common word", get(c, "/api/v1/movements?limit=50&"+url.Values{"q": {common}}.Encode())},
		{"search, common prefix", get(c, "/api/v1/movements?limit=50&"+url.Values{"q": {prefix}}.Encode())},
		{"search, long word", get(c, "/api/v1/movements?limit=50&"+url.Values{"q": {long}}.Encode())},
		{"search, long word's totals", get(c, "/api/v1/movements/totals?"+url.Values{"q": {long}}.Encode())},
	}, nil
}
