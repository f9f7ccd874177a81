package main

import (
	"context"
	"testing"
)

// The replay of ccbench -suggest-accuracy, smaller (the first of its three
// people), against the real handler on SQLite: the suggestions keep their
// targets, top-1 ≥ 90 % and right on ≥ 97 % of the confident ones.
func TestSuggestionReplayKeepsItsTargets(t *testing.T) {
	url, _ := soakServer(t)
	r, err := suggestReplay(context.Background(), url, httptestTransport(), 1, 36)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(r)
	if r.Rows < 1000 || r.Top1*100 < r.Rows*90 || r.ConfidentRight*100 < r.Confident*97 || r.Confident*100 < r.Rows*70 {
		t.Fatalf("suggestions: %s", r)
	}
}
