package main

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"
)

// Schedules in the soak: a schedule whose occurrences are all due posts them
// when it is created (the count of those is its "done"); one that waits for
// a confirmation is confirmed by two clients at once on two servers, naming
// the same occurrence, and must post once. Every occurrence falls before
// today (reports stop at the server's today).

type scheduleAnswer struct {
	ID   string   `json:"id"`
	Done int      `json:"done"`
	Due  []string `json:"due"`
}

func (s *soakRun) scheduleOne(ctx context.Context, c *soakClient) {
	k := 1 + c.rng.IntN(6) // started k days ago
	typ := "expense"
	if c.rng.IntN(3) == 0 {
		typ = "earning"
	}
	start := time.Now().UTC().AddDate(0, 0, -k).Format("2006-01-02")
	body := map[string]any{"type": typ, "amount": 1 + c.rng.IntN(20000), "accountId": c.account().ID, "categoryId": c.category(typ),
		"description": "soak schedule", "frequency": "daily", "startDate": start, "count": 1 + c.rng.IntN(k)}
	code, b := s.call(ctx, c.peer(c.rng.IntN(2)), "schedule", "POST", "/api/v1/schedules", body, 201)
	var r scheduleAnswer
	if code != 201 || json.Unmarshal(b, &r) != nil {
		return
	}
	if r.Done != body["count"] {
		s.problem("schedule: posted on create", "a schedule of %v due occurrences posted %d", body["count"], r.Done)
	}
	c.l.record(int64(r.Done), 0)
}

func (s *soakRun) confirmRace(ctx context.Context, c *soakClient) {
	start := time.Now().UTC().AddDate(0, 0, -1).Format("2006-01-02")
	body := map[string]any{"type": "expense", "amount": 1 + c.rng.IntN(20000), "accountId": c.account().ID, "categoryId": c.category("expense"),
		"description": "soak confirm", "frequency": "weekly", "startDate": start, "autoPost": false}
	code, b := s.call(ctx, c.client, "schedule", "POST", "/api/v1/schedules", body, 201)
	var r scheduleAnswer
	if code != 201 || json.Unmarshal(b, &r) != nil || len(r.Due) != 1 {
		if code == 201 {
			s.problem("schedule: due", "a schedule started yesterday answered due %v", r.Due)
		}
		return
	}
	go1 := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	created, ids := 0, map[string]bool{}
	for k := 0; k < 2; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-go1
			code, b := s.call(ctx, c.peer(k), "confirm", "POST", "/api/v1/schedules/"+r.ID+"/post", map[string]any{"occurrence": r.Due[0]}, 201, 200, 409)
			var m idReply
			if code == 409 || json.Unmarshal(b, &m) != nil { // 409: posted, and deleted since by another client
				return
			}
			mu.Lock()
			defer mu.Unlock()
			ids[m.ID] = true
			if code == 201 {
				created++
				c.l.add(m.ID, "expense")
			}
		}()
	}
	close(go1)
	wg.Wait()
	if created != 1 || len(ids) != 1 {
		s.problem("confirm: posted once", "two confirmations of one occurrence created %d movements (%d ids)", created, len(ids))
	}
	c.l.record(int64(created), 0)
}

// ruleRun makes a rule for one worker's movements ("soak w-"), applies it
// to the existing movements from two servers at once (the second finds
// less or nothing left to change), sometimes undoes the first run, and
// deletes the rule.
func (s *soakRun) ruleRun(ctx context.Context, c *soakClient) {
	body := map[string]any{"name": fmt.Sprintf("soak rule %d-%d", c.w, c.i),
		"conditions": []map[string]any{{"field": "description", "op": "startsWith", "text": fmt.Sprintf("SOAK %d-", c.rng.IntN(8))}},
		"actions":    map[string]any{"categoryId": c.category("expense"), "tags": []string{"ruled"}}}
	code, b := s.call(ctx, c.client, "rule", "POST", "/api/v1/rules", body, 201)
	var rule idReply
	if code != 201 || json.Unmarshal(b, &rule) != nil {
		return
	}
	go1 := make(chan struct{})
	var wg sync.WaitGroup
	runs := make([]string, 2)
	for k := 0; k < 2; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-go1
			code, b := s.call(ctx, c.peer(k), "rule apply", "POST", "/api/v1/rules/"+rule.ID+"/apply?dryRun=false", nil, 200)
			var r struct {
				RunID string `json:"runId"`
			}
			if code == 200 && json.Unmarshal(b, &r) == nil {
				runs[k] = r.RunID
			}
		}()
	}
	close(go1)
	wg.Wait()
	if runs[0] != "" && c.rng.IntN(2) == 0 {
		s.call(ctx, c.client, "rule undo", "POST", "/api/v1/rules/runs/"+runs[0]+"/undo", nil, 200)
	}
	s.call(ctx, c.client, "rule delete", "DELETE", "/api/v1/rules/"+rule.ID, nil, 204)
}
