package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"slices"
	"strconv"
	"time"

	"cashcontrol/internal/demo/habits"
	"cashcontrol/internal/finance"
)

// replay is how the category suggestions did on a history replayed as a
// person lives it (suggestReplay).
type replay struct {
	Rows      int // rows asked after the warm-up
	Top1      int // whose best suggestion was the chosen category
	Top3      int // with the chosen category among the three suggestions
	Covered   int // with a suggestion
	Confident int // whose best suggestion was confident
	// ConfidentRight: confident and right.
	ConfidentRight int
	Asks           []time.Duration // each suggestion's round trip
}

func pct(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }

func (r replay) String() string {
	slices.Sort(r.Asks)
	p50 := time.Duration(0)
	if len(r.Asks) > 0 {
		p50 = r.Asks[len(r.Asks)/2]
	}
	return fmt.Sprintf("top-1 %.1f %%, top-3 %.1f %%, coverage %.1f %%, confident on %.1f %% and right on %.1f %% of those (%d rows after 3 months; ask p50 %s)",
		pct(r.Top1, r.Rows), pct(r.Top3, r.Rows), pct(r.Covered, r.Rows), pct(r.Confident, r.Rows), pct(r.ConfidentRight, r.Confident), r.Rows,
		p50.Round(10*time.Microsecond))
}

// suggestReplay signs up a new user on the server at base and lives months
// of a generated person's history (habits.Generate with seed) through the
// API, in date order: for each movement it asks for the suggestion as the
// form does while the description is typed, then saves the movement with
// the category the person chose. Rows of the first three months only teach.
func suggestReplay(ctx context.Context, base string, tr http.RoundTripper, seed uint64, months int) (replay, error) {
	var r replay
	jar, _ := cookiejar.New(nil)
	c := &client{base: base, http: &http.Client{Jar: jar, Transport: tr}}
	email := fmt.Sprintf("replay-%d-%d@example.com", seed, time.Now().UnixNano())
	if code, b, err := c.do(ctx, "POST", "/api/v1/auth/signup", map[string]string{"email": email, "password": "replay-password-not-secret", "name": "Replay"}); err != nil || code != 201 {
		return r, fmt.Errorf("sign-up: %d %s %v", code, b, err)
	}
	accounts := map[string]string{}
	for _, name := range habits.Accounts {
		var a struct{ ID string }
		if err := post(ctx, c, "/api/v1/accounts", map[string]any{"name": name, "type": "bank", "currency": "EUR", "openingBalance": 0}, &a); err != nil {
			return r, err
		}
		accounts[name] = a.ID
	}
	categories := map[string]string{}
	for _, ct := range habits.Categories {
		var got struct{ ID string }
		if err := post(ctx, c, "/api/v1/categories", map[string]any{"name": ct.Name, "type": ct.Type}, &got); err != nil {
			return r, err
		}
		categories[ct.Name] = got.ID
	}
	rows := habits.Generate(seed, months)
	if len(rows) == 0 {
		return r, fmt.Errorf("no rows")
	}
	warm, _ := time.Parse(finance.DateLayout, rows[0].Date)
	warmUntil := warm.AddDate(0, 3, 0).Format(finance.DateLayout)
	for _, row := range rows {
		want := categories[row.Category]
		if row.Date >= warmUntil {
			q := url.Values{"type": {row.Type}, "description": {row.Description}, "accountId": {accounts[row.Account]}, "amount": {strconv.FormatInt(row.Amount, 10)}}
			start := time.Now()
			code, b, err := c.do(ctx, "GET", "/api/v1/categories/suggest?"+q.Encode(), nil)
			r.Asks = append(r.Asks, time.Since(start))
			if err != nil || code != 200 {
				return r, fmt.Errorf("suggest: %d %s %v", code, b, err)
			}
			var got struct {
				Items []struct {
					CategoryID string `json:"categoryId"`
					Confident  bool   `json:"confident"`
				} `json:"items"`
			}
			if err := json.Unmarshal(b, &got); err != nil {
				return r, err
			}
			r.Rows++
			if len(got.Items) > 0 {
				r.Covered++
				right := got.Items[0].CategoryID == want
				if right {
					r.Top1++
				}
				if got.Items[0].Confident {
					r.Confident++
					if right {
						r.ConfidentRight++
					}
				}
			}
			if slices.ContainsFunc(got.Items, func(s struct {
				CategoryID string `json:"categoryId"`
				Confident  bool   `json:"confident"`
			}) bool {
				return s.CategoryID == want
			}) {
				r.Top3++
			}
		}
		if err := post(ctx, c, "/api/v1/movements", map[string]any{"type": row.Type, "date": row.Date, "amount": row.Amount,
			"accountId": accounts[row.Account], "categoryId": want, "description": row.Description}, nil); err != nil {
			return r, err
		}
	}
	return r, nil
}

func post(ctx context.Context, c *client, path string, body, into any) error {
	code, b, err := c.do(ctx, "POST", path, body)
	if err != nil || code != 201 {
		return fmt.Errorf("POST %s: %d %s %v", path, code, b, err)
	}
	if into != nil {
		return json.Unmarshal(b, into)
	}
	return nil
}

// suggestScenario asks for the category of the newest expense's
// description, as the form does while it is typed.
func suggestScenario(ctx context.Context, c *client, accountID string) (func(ctx context.Context, w, i int) error, error) {
	code, b, err := c.do(ctx, "GET", "/api/v1/movements?limit=20&type=expense", nil)
	if err != nil || code != 200 {
		return nil, fmt.Errorf("movements: %d %v", code, err)
	}
	var list struct {
		Items []struct {
			Description string `json:"description"`
		} `json:"items"`
	}
	_ = json.Unmarshal(b, &list)
	desc := "supermarket"
	for _, m := range list.Items {
		if len(finance.SuggestWords(m.Description)) > 0 {
			desc = m.Description
			break
		}
	}
	return get(c, "/api/v1/categories/suggest?type=expense&amount=4520&accountId="+accountID+"&description="+url.QueryEscape(desc)), nil
}
