package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The benchmark's comparison (-compare): scripts/bench.sh keeps what it
// printed and hands it here, which reads each figure out of it, checks the
// targets (docs/PERFORMANCE.md; at the full ledger only) and compares every
// figure with those recorded in bench/figures.json for the same database
// and ledger size, printing the ones that moved by more than a quarter.
// -record writes the run's figures there instead: a deliberate act, in a
// commit of its own, after a run on a quiet machine.

// benchFigure is one figure of the output.
type benchFigure struct {
	Value  float64 `json:"value"`
	Unit   string  `json:"unit"`             // ms, s, MB, rows/s, req/s, %
	Higher bool    `json:"higher,omitempty"` // a higher value is better
}

// benchRecord is bench/figures.json: per "<database> <movements>", the figures.
type benchRecord map[string]benchRun

type benchRun struct {
	Recorded string                 `json:"recorded"` // when, and on what machine
	Figures  map[string]benchFigure `json:"figures"`
}

// benchTarget is a goal of issue 45 for one figure at the full ledger.
type benchTarget struct {
	figure   string
	sqlite   float64 // 0: none on this database
	postgres float64
	optional bool // printed only where a tool is there (Chromium)
}

// goal is the target on the database ("SQLite" or "PostgreSQL"), 0 if none.
func (t benchTarget) goal(db string) float64 {
	if db == "PostgreSQL" {
		return t.postgres
	}
	return t.sqlite
}

// fullLedger is the ledger size the targets are for.
const fullLedger = 1_000_000

var benchTargets = []benchTarget{
	{"movement create, 1 client, p50", 0.5, 1.5, false},
	{"movement create, 16 clients, req/s", 2000, 0, false},
	{"CSV import, rows/s", 60000, 60000, false},
	{"demo load", 15, 0, false},
	{"cold start to first health", 30, 0, false},
	{"search, rare word, 1 client, p50", 10, 10, false},
	{"search, common word, 1 client, p50", 10, 10, false},
	{"search, common prefix, 1 client, p50", 10, 10, false},
	{"search, long word, 1 client, p50", 10, 10, false},
	{"search, long word's totals, 1 client, p50", 10, 10, false},
	{"/movements first rows", 400, 400, true},
}

var (
	benchRow     = regexp.MustCompile(`^(.+?)\s+(\d+)\s+(\S+)\s+(\S+)\s+(\d+)\s+(\d+)$`)
	benchLine    = regexp.MustCompile(`^(.{32}) (.*)$`)
	benchNumUnit = regexp.MustCompile(`^([0-9.]+) ?(µs|ms|s|MB|%)\b`)
)

// parseBench reads the figures out of bench.sh's output.
func parseBench(r io.Reader) map[string]benchFigure {
	out := map[string]benchFigure{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), " ")
		if m := benchRow.FindStringSubmatch(line); m != nil {
			if d, err := time.ParseDuration(m[3]); err == nil {
				name := strings.TrimSpace(m[1])
				clients := "1 client"
				if m[2] != "1" {
					clients = m[2] + " clients"
				}
				out[name+", "+clients+", p50"] = benchFigure{Value: ms(d), Unit: "ms"}
				rps, _ := strconv.ParseFloat(m[5], 64)
				out[name+", "+clients+", req/s"] = benchFigure{Value: rps, Unit: "req/s", Higher: true}
			}
			continue
		}
		m := benchLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		name, rest := strings.TrimSpace(m[1]), strings.TrimSpace(m[2])
		switch {
		case strings.HasPrefix(name, "demo load"):
			name = "demo load"
		case strings.HasSuffix(name, " import") && strings.Contains(rest, "rows/s"):
			if f := strings.Fields(rest); len(f) >= 3 {
				if v, err := strconv.ParseFloat(f[2], 64); err == nil {
					out[name+", rows/s"] = benchFigure{Value: v, Unit: "rows/s", Higher: true}
				}
			}
			continue
		case strings.HasPrefix(name, "suggestion replay"):
			for _, k := range []string{"top-1", "top-3"} {
				if i := strings.Index(rest, k+" "); i >= 0 {
					if v, err := strconv.ParseFloat(strings.Fields(rest[i+len(k)+1:])[0], 64); err == nil {
						out[name+", "+k] = benchFigure{Value: v, Unit: "%", Higher: true}
					}
				}
			}
			continue
		}
		if v, unit, ok := numberWithUnit(rest); ok {
			out[name] = benchFigure{Value: v, Unit: unit}
		}
	}
	return out
}

// numberWithUnit reads "373ms", "2.0 s", "28.9 MB", "1414 ms p50": times
// in ms, except seconds written as "N s".
func numberWithUnit(s string) (float64, string, bool) {
	if d, err := time.ParseDuration(strings.Fields(s)[0]); err == nil {
		return ms(d), "ms", true
	}
	m := benchNumUnit.FindStringSubmatch(s)
	if m == nil {
		return 0, "", false
	}
	v, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return 0, "", false
	}
	switch m[2] {
	case "µs":
		return v / 1000, "ms", true
	case "ms":
		return v, "ms", true
	}
	return v, m[2], true
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// compareBench prints the targets and what moved; it fails only when a
// figure that has a target is missing from the output (the output changed
// and this reader was not told), so that the comparison cannot rot quietly.
func compareBench(outputPath, recordPath, db string, movements int, record bool, w io.Writer) error {
	f, err := os.Open(outputPath)
	if err != nil {
		return err
	}
	figures := parseBench(f)
	f.Close()
	var missing []string
	for _, t := range benchTargets {
		if _, ok := figures[t.figure]; !ok && !t.optional && t.goal(db) != 0 {
			missing = append(missing, t.figure)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("the benchmark's output has no %q: keep cmd/ccbench/compare.go's names in step with what it prints", missing)
	}
	key := fmt.Sprintf("%s %d", db, movements)
	rec := benchRecord{}
	if b, err := os.ReadFile(recordPath); err == nil {
		if err := json.Unmarshal(b, &rec); err != nil {
			return fmt.Errorf("%s: %w", recordPath, err)
		}
	} else if !os.IsNotExist(err) {
		return err
	}
	if record {
		host, _ := os.Hostname()
		rec[key] = benchRun{Recorded: time.Now().UTC().Format(time.DateOnly) + " on " + host, Figures: figures}
		b, _ := json.MarshalIndent(rec, "", "  ")
		if err := os.WriteFile(recordPath, append(b, '\n'), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(w, "recorded %d figures as %q in %s\n", len(figures), key, recordPath)
		return nil
	}
	if movements == fullLedger {
		fmt.Fprintf(w, "\n%-44s %12s %12s\n", "target ("+db+")", "now", "target")
		for _, t := range benchTargets {
			goal := t.goal(db)
			fig, ok := figures[t.figure]
			if goal == 0 || !ok {
				continue
			}
			met := fig.Value <= goal
			if fig.Higher {
				met = fig.Value >= goal
			}
			mark := "✗"
			if met {
				mark = "✓"
			}
			fmt.Fprintf(w, "%-44s %12s %12s %s\n", t.figure, show(fig.Value, fig.Unit), show(goal, fig.Unit), mark)
		}
	}
	before, ok := rec[key]
	if !ok {
		fmt.Fprintf(w, "\nno figures recorded for %q in %s (BENCH_RECORD=1 records this run's)\n", key, recordPath)
		return nil
	}
	fmt.Fprintf(w, "\nagainst the figures recorded %s (%s): moved by more than 25 %%\n", before.Recorded, key)
	moved := 0
	for _, name := range slices.Sorted(maps.Keys(figures)) {
		now, was := figures[name], before.Figures[name]
		if _, ok := before.Figures[name]; !ok || was.Value == 0 {
			continue
		}
		change := now.Value/was.Value - 1
		if math.Abs(change) <= 0.25 {
			continue
		}
		better := change < 0
		if now.Higher {
			better = change > 0
		}
		word := "worse"
		if better {
			word = "better"
		}
		fmt.Fprintf(w, "%-44s %12s, recorded %12s: %+.0f %% (%s)\n", name, show(now.Value, now.Unit), show(was.Value, was.Unit), 100*change, word)
		moved++
	}
	if moved == 0 {
		fmt.Fprintln(w, "nothing")
	}
	return nil
}

func show(v float64, unit string) string {
	switch {
	case unit == "ms" && v < 10:
		return fmt.Sprintf("%.2f ms", v)
	case unit == "%":
		return fmt.Sprintf("%.1f %%", v)
	case unit == "s":
		return fmt.Sprintf("%.1f s", v)
	}
	return fmt.Sprintf("%.0f %s", v, unit)
}
