// Command ccbench measures a running Cash Control server from a separate
// process: it signs in, drives the API over HTTP at given concurrencies and
// prints one table of p50, p99 and requests per second. `make bench` starts the
// server, loads the demo ledger and runs it; see docs/PERFORMANCE.md.
// With -soak it is the soak test instead (soak.go; `make soak`).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"cashcontrol/web/screens"
)

type client struct {
	base string
	http *http.Client
}

func (c *client) do(ctx context.Context, method, path string, body any) (int, []byte, error) {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, r)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

// result of one scenario at one concurrency.
type result struct {
	name        string
	concurrency int
	p50, p99    time.Duration
	rps         float64
	failed      int64
	n           int
}

// run sends requests from conc workers for about d (at least min requests)
// and measures each one's latency.
func run(ctx context.Context, name string, conc int, d time.Duration, minReq int, fn func(ctx context.Context, worker, i int) error) result {
	var mu sync.Mutex
	var lat []time.Duration
	var failed atomic.Int64
	var count atomic.Int64
	deadline := time.Now().Add(d)
	start := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			local := make([]time.Duration, 0, 1024)
			for i := 0; ; i++ {
				n := count.Add(1)
				if time.Now().After(deadline) && n > int64(minReq) {
					break
				}
				t0 := time.Now()
				if err := fn(ctx, w, i); err != nil {
					failed.Add(1)
				}
				local = append(local, time.Since(t0))
			}
			mu.Lock()
			lat = append(lat, local...)
			mu.Unlock()
		}(w)
	}
	wg.Wait()
	elapsed := time.Since(start)
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(float64(len(lat))*p))]
	}
	return result{name: name, concurrency: conc, p50: pct(0.50), p99: pct(0.99), rps: float64(len(lat)) / elapsed.Seconds(), failed: failed.Load(), n: len(lat)}
}

func get(c *client, path string) func(ctx context.Context, w, i int) error {
	return func(ctx context.Context, w, i int) error {
		code, _, err := c.do(ctx, "GET", path, nil)
		if err == nil && code != 200 {
			err = fmt.Errorf("%s: %d", path, code)
		}
		return err
	}
}

func median(rs []result) result {
	sort.Slice(rs, func(i, j int) bool { return rs[i].p50 < rs[j].p50 })
	return rs[len(rs)/2]
}

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "server URL")
	email := flag.String("email", "demo@example.com", "user to sign in as")
	password := flag.String("password", "", "password")
	dur := flag.Duration("duration", 3*time.Second, "time per scenario and run")
	runs := flag.Int("runs", 3, "runs per scenario; the median is printed")
	only := flag.String("only", "", "run only the scenarios whose name matches this regular expression (the screens' table is \"screens\"), to compare two builds taking turns")
	importRows := flag.Int("import-rows", 100000, "rows of the import scenario's bank files (0 skips it)")
	importFormats := flag.String("import-formats", strings.Join(bankFormats, ","), "the import scenario's bank file formats, comma-separated (csv first: the others are compared with it)")
	writeBankFile := flag.String("write-bank-file", "", "only write the import scenario's -import-rows file of this format to standard output (for scripts/import-memory.sh) and exit; -currency is its currency")
	currency := flag.String("currency", "EUR", "with -write-bank-file: the statement's currency")
	writeLedgerFile := flag.String("write-ledger-file", "", "only write a ledger file (another app's export, for a ledger import) of this format, of about -ledger-bytes, to standard output (for scripts/import-memory.sh) and exit")
	ledgerBytes := flag.Int("ledger-bytes", 19<<20, "with -write-ledger-file: the file's size")
	word := flag.String("screen-word", "cine", "the word searched in the screens' table (a word of about 5 % of the demo's descriptions)")
	cold := flag.String("coldstart", "", "only measure cold start: path of the server binary (with -data-dir)")
	dataDir := flag.String("data-dir", "", "data dir for -coldstart")
	soak := flag.Bool("soak", false, "run the soak test instead: -clients clients for -duration (default 5s) of mixed work on fresh users, then check the invariants; -url may list several servers of one database, comma-separated")
	clients := flag.Int("clients", 16, "soak: concurrent clients")
	users := flag.Int("users", 3, "soak: users (ledgers); three clients in four share the first")
	streams := flag.Int("streams", 0, "soak: event streams held open on the first ledger while it runs")
	compare := flag.String("compare", "", "only compare a benchmark's output (this file, as scripts/bench.sh keeps it) with the targets and with the figures recorded in -figures for -db and -movements")
	figuresPath := flag.String("figures", "bench/figures.json", "with -compare: the recorded figures")
	figuresDB := flag.String("db", "SQLite", "with -compare: the database the benchmark ran on (SQLite or PostgreSQL)")
	figuresMovements := flag.Int("movements", fullLedger, "with -compare: the ledger's movements")
	record := flag.Bool("record", false, "with -compare: record the output's figures in -figures instead of comparing")
	simplefin := flag.String("simplefin", "", "soak: serve a fake SimpleFIN bridge on this address (the servers' CASHCONTROL_SIMPLEFIN_URL, with CASHCONTROL_SECRET_KEY set): the first ledger connects it, and clients sync it from every server at once")
	seed := flag.Uint64("seed", uint64(time.Now().UnixNano()), "soak: random seed")
	job := flag.Int("job", 0, "only measure the schedules job: make this many occurrences due in -email's ledger, in the database of the server's settings (stopped), and time the round that posts them")
	bankSync := flag.Int("bank-sync", 0, "only measure a bank sync of this many transactions into the first account of -email's ledger, in the database of the server's settings (stopped)")
	accuracy := flag.Bool("suggest-accuracy", false, "only measure the category suggestions' accuracy: a new user on -url lives -suggest-months of a generated person's history (seeds 1 to 3), asking for each movement's suggestion before saving it")
	accuracyMonths := flag.Int("suggest-months", 36, "with -suggest-accuracy: months of history per seed")
	flag.Parse()
	if *writeBankFile != "" {
		_, file, err := bankFile(*writeBankFile, 0, *importRows, *currency)
		writeOut(file, err)
		return
	}
	if *writeLedgerFile != "" {
		writeOut(ledgerFile(*writeLedgerFile, *ledgerBytes))
		return
	}
	if *accuracy {
		for seed := uint64(1); seed <= 3; seed++ {
			r, err := suggestReplay(context.Background(), strings.TrimRight(*base, "/"), http.DefaultTransport, seed, *accuracyMonths)
			if err != nil {
				fmt.Fprintln(os.Stderr, "ccbench: suggestions:", err)
				os.Exit(1)
			}
			fmt.Printf("%-32s %s\n", fmt.Sprintf("suggestion replay, seed %d", seed), r)
		}
		return
	}
	if *bankSync > 0 {
		if err := bankSyncBench(*email, *bankSync); err != nil {
			fmt.Fprintln(os.Stderr, "ccbench: bank sync:", err)
			os.Exit(1)
		}
		return
	}
	if *job > 0 {
		if err := jobBench(*email, *job); err != nil {
			fmt.Fprintln(os.Stderr, "ccbench: schedules job:", err)
			os.Exit(1)
		}
		return
	}
	if *compare != "" {
		if err := compareBench(*compare, *figuresPath, *figuresDB, *figuresMovements, *record, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "ccbench -compare:", err)
			os.Exit(1)
		}
		return
	}
	if *soak {
		d := 5 * time.Second
		flag.Visit(func(f *flag.Flag) {
			if f.Name == "duration" {
				d = *dur
			}
		})
		var servers []string
		for _, u := range strings.Split(*base, ",") {
			servers = append(servers, strings.TrimRight(strings.TrimSpace(u), "/"))
		}
		fmt.Printf("soak: seed %d\n", *seed)
		os.Exit(runSoak(servers, max(1, *clients), *users, *streams, d, *seed, *simplefin))
	}
	if *cold != "" {
		d, err := coldStart(*cold, *dataDir, *runs)
		if err != nil {
			fmt.Fprintln(os.Stderr, "ccbench:", err)
			os.Exit(1)
		}
		fmt.Printf("%-32s %s (median of %d)\n", "cold start to first health", d.Round(100*time.Microsecond), *runs)
		return
	}
	ctx := context.Background()
	jar, _ := cookiejar.New(nil)
	c := &client{base: strings.TrimRight(*base, "/"), http: &http.Client{Jar: jar, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}}
	if code, b, err := c.do(ctx, "POST", "/api/v1/auth/login", map[string]string{"email": *email, "password": *password}); err != nil || code != 200 {
		fmt.Fprintf(os.Stderr, "ccbench: sign-in failed: %d %s %v\n", code, b, err)
		os.Exit(1)
	}
	var cats struct {
		Items []struct {
			ID       string  `json:"id"`
			Type     string  `json:"type"`
			ParentID *string `json:"parentId"`
		} `json:"items"`
	}
	_, b, _ := c.do(ctx, "GET", "/api/v1/categories", nil)
	_ = json.Unmarshal(b, &cats)
	var accs struct {
		Items []struct {
			ID       string `json:"id"`
			Currency string `json:"currency"`
		} `json:"items"`
	}
	_, b, _ = c.do(ctx, "GET", "/api/v1/accounts", nil)
	_ = json.Unmarshal(b, &accs)
	if len(cats.Items) == 0 || len(accs.Items) == 0 {
		fmt.Fprintln(os.Stderr, "ccbench: the user has no categories or accounts; run `cashcontrol demo` first")
		os.Exit(1)
	}
	var expenseCat string
	for _, ct := range cats.Items {
		if ct.Type == "expense" && ct.ParentID == nil && expenseCat == "" {
			expenseCat = ct.ID
		}
	}
	// Budgets to read: the overall one and three categories', with rollover
	// (so a month reads back to the first budget), set a year ago.
	var items []map[string]any
	for _, ct := range cats.Items {
		if ct.Type == "expense" && len(items) < 3 {
			items = append(items, map[string]any{"categoryId": ct.ID, "amount": 50000, "rollover": true})
		}
	}
	items = append(items, map[string]any{"categoryId": "0", "amount": 250000})
	if code, b, err := c.do(ctx, "PUT", "/api/v1/budgets?month="+time.Now().AddDate(-1, 0, 0).Format("2006-01"), map[string]any{"items": items}); err != nil || code != 200 {
		fmt.Fprintf(os.Stderr, "ccbench: budgets: %d %s %v\n", code, b, err)
		os.Exit(1)
	}
	if err := makeSchedules(ctx, c, accs.Items[0].ID, expenseCat); err != nil {
		fmt.Fprintln(os.Stderr, "ccbench: schedules:", err)
		os.Exit(1)
	}
	today := time.Now().Format("2006-01-02")
	yearAgo := time.Now().AddDate(-1, 0, 1).Format("2006-01-02")
	tenYears := time.Now().AddDate(-10, 0, 1).Format("2006-01-02")
	scenarios := []struct {
		name string
		fn   func(ctx context.Context, w, i int) error
	}{
		{"movements first page (50)", get(c, "/api/v1/movements?limit=50")},
		{"movements by one category", get(c, "/api/v1/movements?limit=50&categoryId="+expenseCat)},
		{"report by category, 12 months", get(c, "/api/v1/reports/categories?from="+yearAgo+"&to="+today)},
		{"report by category, all time", get(c, "/api/v1/reports/categories")},
		{"monthly trend, 10 years", get(c, "/api/v1/reports/trend?from="+tenYears+"&to="+today)},
		{"dashboard", get(c, "/api/v1/dashboard")},
		{"net worth, 10 years", get(c, "/api/v1/reports/networth?from="+tenYears+"&to="+today)},
		{"this month against the last", get(c, "/api/v1/reports/compare?type=expense")},
		{"movement totals, all", get(c, "/api/v1/movements/totals")},
		{"budget month", get(c, "/api/v1/budgets?month="+today[:7])},
		{"budget report, 12 months", get(c, "/api/v1/reports/budget")},
		{"forecast, 90 days", get(c, "/api/v1/forecast?days=90")},
		{"forecast with usual spending", get(c, "/api/v1/forecast?days=90&average=3")},
		{"schedule suggestions (a year)", get(c, "/api/v1/schedules/suggestions")},
	}
	var catIDs []string
	for _, ct := range cats.Items {
		catIDs = append(catIDs, ct.ID)
	}
	search, err := searchScenarios(ctx, c, catIDs)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ccbench: search words:", err)
		os.Exit(1)
	}
	scenarios = append(scenarios, search...)
	suggest, err := suggestScenario(ctx, c, accs.Items[0].ID)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ccbench: suggestions:", err)
		os.Exit(1)
	}
	scenarios = append(scenarios, struct {
		name string
		fn   func(ctx context.Context, w, i int) error
	}{"category suggestion", suggest})
	picked, err := regexp.Compile(*only)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ccbench: -only:", err)
		os.Exit(2)
	}
	var results []result
	for _, s := range scenarios {
		if !picked.MatchString(s.name) {
			continue
		}
		for _, conc := range []int{1, 8} {
			var rs []result
			for r := 0; r < *runs; r++ {
				rs = append(rs, run(ctx, s.name, conc, *dur, 20, s.fn))
			}
			results = append(results, median(rs))
		}
	}
	create := func(ctx context.Context, w, i int) error {
		code, body, err := c.do(ctx, "POST", "/api/v1/movements", map[string]any{"type": "expense", "date": today, "amount": 100 + i,
			"accountId": accs.Items[w%len(accs.Items)].ID, "categoryId": expenseCat, "description": "bench"})
		if err == nil && code != 201 {
			err = fmt.Errorf("create: %d %s", code, body)
		}
		return err
	}
	for _, conc := range []int{1, 16} {
		if !picked.MatchString("movement create") {
			break
		}
		var rs []result
		for r := 0; r < *runs; r++ {
			rs = append(rs, run(ctx, "movement create", conc, *dur, 50, create))
		}
		results = append(results, median(rs))
	}
	var failed int64
	printTable := func(title string, results []result) {
		fmt.Printf("%-32s %5s %10s %10s %10s %8s\n", title, "conc", "p50", "p99", "req/s", "failed")
		for _, r := range results {
			failed += r.failed
			fmt.Printf("%-32s %5d %10s %10s %10.0f %8d\n", r.name, r.concurrency, r.p50.Round(10*time.Microsecond), r.p99.Round(10*time.Microsecond), r.rps, r.failed)
		}
	}
	printTable("scenario", results)
	vars := screens.Vars(time.Now())
	vars["category"], vars["word"] = expenseCat, *word
	ids := make([]string, len(accs.Items))
	for i, a := range accs.Items {
		ids[i] = a.ID
	}
	if vars["account"], err = busiestAccount(ctx, c, ids); err != nil {
		fmt.Fprintln(os.Stderr, "ccbench:", err)
		os.Exit(1)
	}
	if picked.MatchString("screens") {
		screenResults, err := benchScreens(ctx, c, vars, *dur, *runs)
		if err != nil {
			fmt.Fprintln(os.Stderr, "ccbench:", err)
			os.Exit(1)
		}
		fmt.Println()
		printTable("screen (its requests on open)", screenResults)
	}
	if *importRows > 0 {
		var csvRate float64
		for _, format := range strings.Split(*importFormats, ",") {
			what := strings.ToUpper(format) + " import"
			rate, err := importFile(ctx, c, accs.Items[0].ID, accs.Items[0].Currency, format, *importRows, *runs)
			switch {
			case err != nil:
				fmt.Printf("%-32s %s\n", what, "failed: "+err.Error())
				failed++
			case format == "csv":
				csvRate = rate
				fmt.Printf("%-32s %d rows, %.0f rows/s (median of %d)\n", what, *importRows, rate, *runs)
			case csvRate > 0:
				fmt.Printf("%-32s %d rows, %.0f rows/s (median of %d), %.2f× the CSV's time\n", what, *importRows, rate, *runs, csvRate/rate)
			default:
				fmt.Printf("%-32s %d rows, %.0f rows/s (median of %d)\n", what, *importRows, rate, *runs)
			}
		}
	}
	if failed > 0 {
		fmt.Fprintf(os.Stderr, "ccbench: %d requests failed\n", failed)
		os.Exit(1)
	}
}

// writeOut writes a file made for a script to standard output, or says why
// it could not be made (and exits 1).
func writeOut(file []byte, err error) {
	if err == nil {
		_, err = os.Stdout.Write(file)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "ccbench:", err)
		os.Exit(1)
	}
}
