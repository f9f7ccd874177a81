package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchSample is what scripts/bench.sh prints, in short: every kind of line
// the comparison reads, and some it must leave alone.
const benchSample = `Cash Control benchmark: 1000000 movements over 10 years in EUR,USD,JPY on SQLite
machine: 2 cores, 24 GiB, AMD EPYC, go1.26.8
demo load (1000000 movements)    52.4 s
schedules job, 10000 due         373ms
resident memory, idle            28.9 MB
suggestion replay, seed 1        top-1 89.9 %, top-3 96.5 %, coverage 99.8 %, confident on 82.2 % (545 rows; ask p50 1.02ms)
search words                     rare "paga" (20 movements), common "online" (1926, 6.6 %), long "supermercado" (3974, 13.7 %)
scenario                          conc        p50        p99      req/s   failed
net worth, 10 years                  1    10.65ms    15.81ms         93        0
search, rare word                    1      930µs     5.41ms        714        0
search, common word                  1      1.6ms     4.83ms        544        0
search, common prefix                1     1.47ms        6ms        560        0
search, long word                    1     1.29ms     3.74ms        677        0
search, long word's totals           1      610µs      1.7ms       1545        0
movement create                      1      1.2ms    10.37ms        667        0
movement create                     16    15.04ms    64.04ms        823        0
screen (its requests on open)     conc        p50        p99      req/s   failed
Movements, a search                  1     8.26ms    14.64ms        117        0
CSV import                       100000 rows, 61153 rows/s (median of 3)
CAMT import                      100000 rows, 6657 rows/s (median of 3), 1.68× the CSV's time
/movements first rows            381 ms p50 (2497, 1064, 595, 1414, 1513)
cold start to first health       40.2ms (median of 3)
/login          152.9 KB      9.8 KB     9
`

func TestParseBench(t *testing.T) {
	got := parseBench(strings.NewReader(benchSample))
	for name, want := range map[string]benchFigure{
		"demo load":                          {Value: 52.4, Unit: "s"},
		"schedules job, 10000 due":           {Value: 373, Unit: "ms"},
		"resident memory, idle":              {Value: 28.9, Unit: "MB"},
		"suggestion replay, seed 1, top-1":   {Value: 89.9, Unit: "%", Higher: true},
		"net worth, 10 years, 1 client, p50": {Value: 10.65, Unit: "ms"},
		"search, rare word, 1 client, p50":   {Value: 0.93, Unit: "ms"},
		"movement create, 16 clients, req/s": {Value: 823, Unit: "req/s", Higher: true},
		"Movements, a search, 1 client, p50": {Value: 8.26, Unit: "ms"},
		"CSV import, rows/s":                 {Value: 61153, Unit: "rows/s", Higher: true},
		"CAMT import, rows/s":                {Value: 6657, Unit: "rows/s", Higher: true},
		"/movements first rows":              {Value: 381, Unit: "ms"},
		"cold start to first health":         {Value: 40.2, Unit: "ms"},
	} {
		if g, ok := got[name]; !ok || g.Unit != want.Unit || g.Higher != want.Higher || g.Value < want.Value*0.9999 || g.Value > want.Value*1.0001 {
			t.Errorf("%s: %+v (found %v), want %+v", name, g, ok, want)
		}
	}
	for name := range got {
		if strings.HasPrefix(name, "machine") || strings.HasPrefix(name, "search words") || strings.HasPrefix(name, "/login") {
			t.Errorf("read a figure out of %q", name)
		}
	}
}

// TestCompareBench: a run recorded, then one where two figures moved by
// more than a quarter (one better, one worse) and one by less: the two are
// named, the third is not; the targets are checked at the full ledger; an
// output without a figure that has a target fails.
func TestCompareBench(t *testing.T) {
	dir := t.TempDir()
	out, rec := filepath.Join(dir, "out.txt"), filepath.Join(dir, "figures.json")
	if err := os.WriteFile(out, []byte(benchSample), 0o644); err != nil {
		t.Fatal(err)
	}
	var w bytes.Buffer
	if err := compareBench(out, rec, "SQLite", fullLedger, true, &w); err != nil {
		t.Fatal(err)
	}
	moved := strings.NewReplacer("52.4 s", "70.0 s", "10.65ms", "5.12ms", "373ms", "400ms").Replace(benchSample)
	if err := os.WriteFile(out, []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	w.Reset()
	if err := compareBench(out, rec, "SQLite", fullLedger, false, &w); err != nil {
		t.Fatal(err)
	}
	report := w.String()
	for _, want := range []string{"demo load", "+34 % (worse)", "net worth, 10 years, 1 client, p50", "-52 % (better)", "CSV import, rows/s", "✓", "movement create, 1 client, p50", "✗"} {
		if !strings.Contains(report, want) {
			t.Errorf("no %q in:\n%s", want, report)
		}
	}
	if strings.Contains(report, "schedules job") {
		t.Errorf("a figure that moved 7 %% is named:\n%s", report)
	}
	w.Reset()
	if err := compareBench(out, rec, "SQLite", 10000, false, &w); err != nil || !strings.Contains(w.String(), "no figures recorded") || strings.Contains(w.String(), "target") {
		t.Errorf("another size: %v\n%s", err, w.String())
	}
	if err := os.WriteFile(out, []byte(strings.ReplaceAll(benchSample, "movement create", "a create")), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := compareBench(out, rec, "SQLite", fullLedger, false, &w); err == nil || !strings.Contains(err.Error(), "movement create") {
		t.Errorf("a renamed figure: %v", err)
	}
}

// TestCompareBenchPostgreSQL: PostgreSQL's run prints no cold start (it is
// measured on SQLite) and may run without Chromium: neither is missing.
func TestCompareBenchPostgreSQL(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	var lines []string
	for _, l := range strings.Split(benchSample, "\n") {
		if !strings.HasPrefix(l, "cold start") && !strings.HasPrefix(l, "/movements first rows") {
			lines = append(lines, l)
		}
	}
	if err := os.WriteFile(out, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	var w bytes.Buffer
	if err := compareBench(out, filepath.Join(dir, "figures.json"), "PostgreSQL", fullLedger, false, &w); err != nil {
		t.Fatal(err)
	}
	if err := compareBench(out, filepath.Join(dir, "figures.json"), "SQLite", fullLedger, false, &w); err == nil {
		t.Fatal("SQLite's run without its cold start passed")
	}
}
