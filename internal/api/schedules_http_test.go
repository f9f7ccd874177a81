package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

type scheduleReply struct {
	ID        string   `json:"id"`
	NextDate  string   `json:"nextDate"`
	Done      int      `json:"done"`
	Due       []string `json:"due"`
	AutoPost  bool     `json:"autoPost"`
	Day       int      `json:"day"`
	Frequency string   `json:"frequency"`
}

// postOnce sends POST with an Idempotency-Key and returns the status, the
// replay header and the id of the reply.
func (c *client) postOnce(path, key string, body any) (int, bool, string) {
	c.t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", c.base+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	var id idReply
	_ = json.NewDecoder(resp.Body).Decode(&id)
	return resp.StatusCode, resp.Header.Get("Idempotent-Replayed") == "true", id.ID
}

// Schedules over HTTP: bad input is a 400 naming the field and changes
// nothing; a create or a post sent twice applies once; confirmation, skip,
// the next days, the forecast and the suggestions answer what the ledger says.
func TestSchedulesHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c := newClient(t, srv)
		c.signUp("schedules@example.com")
		today := time.Now().UTC()
		day := func(n int) string { return today.AddDate(0, 0, n).Format("2006-01-02") }
		var bank, savings, rent, pay idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR", "openingBalance": 100000}, &bank)
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Savings", "type": "savings", "currency": "EUR"}, &savings)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Rent", "type": "expense"}, &rent)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Pay", "type": "earning"}, &pay)
		rentBody := func(edit map[string]any) map[string]any {
			b := map[string]any{"type": "expense", "amount": 50000, "accountId": bank.ID, "categoryId": rent.ID, "description": "Rent",
				"frequency": "monthly", "day": 1, "startDate": day(10)}
			for k, v := range edit {
				b[k] = v
			}
			return b
		}
		for _, bad := range []struct {
			edit  map[string]any
			field string
		}{
			{map[string]any{"day": 0}, "day"},
			{map[string]any{"endDate": day(-1)}, "endDate"},
			{map[string]any{"amount": -5}, "amount"},
			{map[string]any{"categoryId": pay.ID}, "categoryId"},
			{map[string]any{"categoryId": "999999"}, "categoryId"},
			{map[string]any{"frequency": "hourly"}, "frequency"},
			{map[string]any{"interval": 0}, "interval"},
		} {
			var p problem
			if code := c.do("POST", "/api/v1/schedules", rentBody(bad.edit), &p); code != 400 || len(p.Errors) == 0 || p.Errors[0].Field != bad.field {
				t.Errorf("%v: %d %+v, want 400 on %s", bad.edit, code, p, bad.field)
			}
		}
		var list struct {
			Today string          `json:"today"`
			Items []scheduleReply `json:"items"`
		}
		c.do("GET", "/api/v1/schedules", nil, &list)
		if len(list.Items) != 0 || list.Today != day(0) {
			t.Fatalf("after refusals: %+v", list)
		}
		// A double-clicked create makes one schedule.
		code1, _, id1 := c.postOnce("/api/v1/schedules", "k-rent", rentBody(nil))
		code2, replayed, id2 := c.postOnce("/api/v1/schedules", "k-rent", rentBody(nil))
		if code1 != 201 || code2 != 201 || !replayed || id1 != id2 {
			t.Fatalf("create twice: %d %d %v %s %s", code1, code2, replayed, id1, id2)
		}
		// A salary that waits for confirmation, due three days ago.
		var salary scheduleReply
		if code := c.do("POST", "/api/v1/schedules", map[string]any{"type": "earning", "amount": 200000, "accountId": bank.ID,
			"categoryId": pay.ID, "description": "Salary", "frequency": "weekly", "startDate": day(-3), "autoPost": false}, &salary); code != 201 {
			t.Fatalf("salary: %d", code)
		}
		if salary.Done != 0 || len(salary.Due) != 1 || salary.Due[0] != day(-3) {
			t.Fatalf("salary waits: %+v", salary)
		}
		var up struct {
			Items []struct {
				ScheduleID, Date, Status string
			} `json:"items"`
		}
		c.do("GET", "/api/v1/schedules/upcoming?days=7", nil, &up)
		if len(up.Items) != 2 || up.Items[0].Status != "waiting" || up.Items[0].Date != day(-3) || up.Items[1].Date != day(4) || up.Items[1].Status != "upcoming" {
			t.Fatalf("upcoming: %+v", up.Items)
		}
		// Confirm it twice (a double click): one movement.
		body := map[string]any{"occurrence": day(-3)}
		codeA, _, movA := c.postOnce("/api/v1/schedules/"+salary.ID+"/post", "p1", body)
		codeB, replayedB, movB := c.postOnce("/api/v1/schedules/"+salary.ID+"/post", "p2", body)
		if codeA != 201 || codeB != 200 || !replayedB || movA != movB {
			t.Fatalf("post twice: %d %d %v %s %s", codeA, codeB, replayedB, movA, movB)
		}
		var acc struct{ Balance int64 }
		c.do("GET", "/api/v1/accounts/"+bank.ID, nil, &acc)
		if acc.Balance != 300000 {
			t.Fatalf("balance after the salary: %d", acc.Balance)
		}
		// Skip the next one; an unknown occurrence is refused.
		var p problem
		if code := c.do("POST", "/api/v1/schedules/"+salary.ID+"/skip", map[string]any{"occurrence": "2026-02-30"}, &p); code != 400 {
			t.Fatalf("skip a bad date: %d", code)
		}
		var skipped scheduleReply
		if code := c.do("POST", "/api/v1/schedules/"+salary.ID+"/skip", nil, &skipped); code != 200 || skipped.NextDate != day(11) || skipped.Done != 2 {
			t.Fatalf("skip: %d %+v", code, skipped)
		}
		// Forecast: rent leaves on day 10 (the 1st of a month on or after it).
		var f struct {
			Today  string `json:"today"`
			Ledger struct {
				Currency string
				Points   []struct {
					Date    string
					Balance int64
				}
				Lowest struct {
					Date    string
					Balance int64
				}
			}
			Accounts []struct {
				AccountID string
				Points    []struct {
					Date    string
					Balance int64
				}
			}
		}
		if code := c.do("GET", "/api/v1/forecast?days=60", nil, &f); code != 200 || len(f.Ledger.Points) != 61 || len(f.Accounts) != 2 {
			t.Fatalf("forecast: %d %+v", code, f)
		}
		var want int64 = 300000
		for i, pt := range f.Ledger.Points {
			d := today.AddDate(0, 0, i)
			if i > 0 && d.Format("2006-01-02") >= day(10) && d.Day() == 1 {
				want -= 50000
			}
			if i > 0 && (i-11)%7 == 0 && i >= 11 {
				want += 200000
			}
			if pt.Balance != want {
				t.Fatalf("forecast day %d (%s): %d, want %d", i, pt.Date, pt.Balance, want)
			}
		}
		if code := c.do("GET", "/api/v1/forecast?days=0", nil, &p); code != 400 || p.Errors[0].Field != "days" {
			t.Fatalf("days=0: %d %+v", code, p)
		}
		// Three monthly movements of the same amount: a suggestion; after
		// making it a schedule, none.
		for _, n := range []int{-70, -40, -10} {
			d := today.AddDate(0, 0, n)
			date := time.Date(d.Year(), d.Month(), 12, 0, 0, 0, 0, time.UTC).Format("2006-01-02")
			c.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": date, "amount": 1299, "accountId": bank.ID,
				"categoryId": rent.ID, "description": "Streaming"}, nil)
		}
		var sug struct {
			Items []map[string]any `json:"items"`
		}
		c.do("GET", "/api/v1/schedules/suggestions", nil, &sug)
		if len(sug.Items) != 1 || sug.Items[0]["description"] != "Streaming" || sug.Items[0]["frequency"] != "monthly" || sug.Items[0]["amount"] != float64(1299) {
			t.Fatalf("suggestions: %+v", sug.Items)
		}
		delete(sug.Items[0], "occurrences")
		delete(sug.Items[0], "lastDate")
		delete(sug.Items[0], "currency")
		if code := c.do("POST", "/api/v1/schedules", sug.Items[0], nil); code != 201 {
			t.Fatalf("make the suggestion a schedule: %d", code)
		}
		c.do("GET", "/api/v1/schedules/suggestions", nil, &sug)
		if len(sug.Items) != 0 {
			t.Fatalf("suggested again: %+v", sug.Items)
		}
		// The time zone is a setting: an unknown one is refused.
		if code := c.do("PATCH", "/api/v1/me", map[string]any{"timeZone": "Mars/Olympus"}, &p); code != 400 || p.Errors[0].Field != "timeZone" {
			t.Fatalf("bad zone: %d %+v", code, p)
		}
		var me struct{ TimeZone string }
		if code := c.do("PATCH", "/api/v1/me", map[string]any{"timeZone": "Europe/Madrid"}, &me); code != 200 || me.TimeZone != "Europe/Madrid" {
			t.Fatalf("zone: %d %+v", code, me)
		}
		// Sign-up keeps the browser's zone; one the server does not know is
		// left out (UTC), never a refused sign-up; the welcome sets it when
		// there is none yet.
		for _, tc := range []struct{ email, sent, kept, welcome, after string }{
			{"ny@example.com", "America/New_York", "America/New_York", "Europe/Paris", "America/New_York"},
			{"mars@example.com", "Mars/Olympus", "", "Europe/Paris", "Europe/Paris"},
		} {
			u := newClient(t, srv)
			var got struct{ TimeZone string }
			if code := u.do("POST", "/api/v1/auth/signup", map[string]string{"email": tc.email, "password": "mango-river-42", "timeZone": tc.sent}, &got); code != 201 || got.TimeZone != tc.kept {
				t.Fatalf("sign-up with %q: %d %+v", tc.sent, code, got)
			}
			if code := u.do("POST", "/api/v1/me/welcome", map[string]any{"languagePreference": "SWITCH_TO_ENGLISH", "baseCurrency": "EUR",
				"timeZone": tc.welcome}, &got); code != 200 || got.TimeZone != tc.after {
				t.Fatalf("welcome with %q: %d %+v", tc.welcome, code, got)
			}
		}
		if err := storetest.CheckLedger(t.Context(), db, 1); err != nil {
			t.Fatal(err)
		}
	})
}
