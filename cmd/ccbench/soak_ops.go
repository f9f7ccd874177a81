package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The operations of the soak and their weights (out of 100). Each one names
// the statuses it may answer; s.call counts and checks them.
var soakOps = []struct {
	weight int
	fn     func(s *soakRun, ctx context.Context, c *soakClient)
}{
	{18, (*soakRun).createOne},
	{10, (*soakRun).createTransfer},
	{12, (*soakRun).patchOne},
	{6, (*soakRun).deleteOne},
	{4, (*soakRun).raceOne},
	{4, (*soakRun).bulkCreate},
	{3, (*soakRun).bulkDelete},
	{3, (*soakRun).bulkRecategorize},
	{3, (*soakRun).importFile},
	{3, (*soakRun).putRate},
	{1, (*soakRun).deleteRate},
	{1, (*soakRun).setBase},
	{2, (*soakRun).scheduleOne},
	{1, (*soakRun).confirmRace},
	{2, (*soakRun).ruleRun},
	{3, (*soakRun).createSplit},
	{2, (*soakRun).splitOne},
	{1, (*soakRun).ledgerImport},
	{2, (*soakRun).reconcile},
	{2, (*soakRun).editReconciled},
	{2, (*soakRun).bankSync},
	{15, (*soakRun).read},
}

func (s *soakRun) step(ctx context.Context, c *soakClient) {
	n := c.rng.IntN(100)
	for _, op := range soakOps {
		if n < op.weight {
			op.fn(s, ctx, c)
			return
		}
		n -= op.weight
	}
}

// date is a day of the last 400, never today (the server's today may be
// in another zone; reports stop at it).
func (c *soakClient) date() string {
	return time.Now().UTC().AddDate(0, 0, -1-c.rng.IntN(400)).Format("2006-01-02")
}

func (c *soakClient) account() soakAccount { return c.l.accounts[c.rng.IntN(len(c.l.accounts))] }

func (c *soakClient) category(typ string) string {
	if typ == "earning" {
		return c.l.earningCats[c.rng.IntN(len(c.l.earningCats))]
	}
	return c.l.expenseCats[c.rng.IntN(len(c.l.expenseCats))]
}

// movement is the body of an expense or earning (transfer false) or a
// transfer between the first two accounts in either direction, or to the one
// in another currency.
func (c *soakClient) movement(transfer bool) (map[string]any, string) {
	m := map[string]any{"date": c.date(), "amount": 1 + c.rng.IntN(50000), "description": fmt.Sprintf("soak %d-%d", c.w, c.i)}
	if !transfer {
		typ := "expense"
		if c.rng.IntN(3) == 0 {
			typ = "earning"
		}
		m["type"], m["accountId"], m["categoryId"] = typ, c.account().ID, c.category(typ)
		return m, typ
	}
	from, to := c.l.accounts[0], c.l.accounts[1]
	if c.rng.IntN(2) == 0 {
		from, to = to, from
	}
	if c.rng.IntN(4) == 0 {
		to = c.l.accounts[len(c.l.accounts)-1]
	}
	m["type"], m["accountId"], m["toAccountId"] = "transfer", from.ID, to.ID
	if to.Currency != from.Currency {
		m["toAmount"] = 1 + c.rng.IntN(60000)
	}
	return m, "transfer"
}

type idReply struct {
	ID string `json:"id"`
}

func (s *soakRun) create(ctx context.Context, c *soakClient, op string, transfer bool) {
	body, typ := c.movement(transfer)
	code, b := s.call(ctx, c.client, op, "POST", "/api/v1/movements", body, 201)
	var r idReply
	if code == 201 && json.Unmarshal(b, &r) == nil {
		c.l.record(1, 0)
		c.l.add(r.ID, typ)
	}
}

func (s *soakRun) createOne(ctx context.Context, c *soakClient) { s.create(ctx, c, "create", false) }

func (s *soakRun) createTransfer(ctx context.Context, c *soakClient) {
	s.create(ctx, c, "create transfer", true)
}

// patchBody changes one of amount, date, account or category.
func (c *soakClient) patchBody(typ string) map[string]any {
	switch k := c.rng.IntN(4); {
	case k == 1:
		return map[string]any{"date": c.date()}
	case k == 2 && typ != "transfer":
		return map[string]any{"accountId": c.account().ID}
	case k == 3 && typ != "transfer":
		return map[string]any{"categoryId": c.category(typ)}
	case typ != "transfer":
		// With its category: a split movement's lines would not add up
		// to a new amount alone.
		return map[string]any{"amount": 1 + c.rng.IntN(50000), "categoryId": c.category(typ)}
	default:
		return map[string]any{"amount": 1 + c.rng.IntN(50000)}
	}
}

// splitBody splits an expense or earning in 2–3 lines of its type's
// categories, with the amount they add up to.
func (c *soakClient) splitBody(typ string) map[string]any {
	var lines []map[string]any
	total := 0
	for i := range 2 + c.rng.IntN(2) {
		amount := 1 + c.rng.IntN(20000)
		total += amount
		lines = append(lines, map[string]any{"categoryId": c.category(typ), "amount": amount, "note": fmt.Sprint("line ", i)})
	}
	return map[string]any{"amount": total, "splits": lines, "categoryId": nil}
}

// createSplit creates a split expense or earning.
func (s *soakRun) createSplit(ctx context.Context, c *soakClient) {
	body, typ := c.movement(false)
	for k, v := range c.splitBody(typ) {
		body[k] = v
	}
	code, b := s.call(ctx, c.client, "create split", "POST", "/api/v1/movements", body, 201)
	var r idReply
	if code == 201 && json.Unmarshal(b, &r) == nil {
		c.l.record(1, 0)
		c.l.add(r.ID, typ)
	}
}

// splitOne splits (again) an expense or earning, maybe split already.
func (s *soakRun) splitOne(ctx context.Context, c *soakClient) {
	typ := "expense"
	if c.rng.IntN(3) == 0 {
		typ = "earning"
	}
	for _, e := range c.l.pick(c.rng, 1, typ) {
		s.call(ctx, c.client, "split", "PATCH", "/api/v1/movements/"+e.id, c.splitBody(typ), 200, 404, 409)
	}
}

func (s *soakRun) patch(ctx context.Context, c *soakClient, e poolEntry) {
	s.call(ctx, c.client, "patch", "PATCH", "/api/v1/movements/"+e.id, c.patchBody(e.typ), 200, 404, 409)
}

func (s *soakRun) delete(ctx context.Context, c *soakClient, via *client, e poolEntry) {
	code, _ := s.call(ctx, via, "delete", "DELETE", "/api/v1/movements/"+e.id, nil, 204, 404, 409) // 409: reconciled
	if code == 204 {
		c.l.record(0, 1, e.id)
	}
	if code == 204 || code == 404 {
		c.l.forget(e.id)
	}
}

func (s *soakRun) patchOne(ctx context.Context, c *soakClient) {
	for _, e := range c.l.pick(c.rng, 1, "") {
		s.patch(ctx, c, e)
	}
}

func (s *soakRun) deleteOne(ctx context.Context, c *soakClient) {
	for _, e := range c.l.pick(c.rng, 1, "") {
		s.delete(ctx, c, c.client, e)
	}
}

// raceOne sends two deletes and two patches of the same movement at once,
// spread over the servers.
func (s *soakRun) raceOne(ctx context.Context, c *soakClient) {
	es := c.l.pick(c.rng, 1, "")
	if len(es) == 0 {
		return
	}
	e := es[0]
	bodies := []map[string]any{c.patchBody(e.typ), c.patchBody(e.typ)}
	go1 := make(chan struct{})
	var wg sync.WaitGroup
	for k := 0; k < 4; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-go1
			if k < 2 {
				s.delete(ctx, c, c.peer(k), e)
			} else {
				s.call(ctx, c.peer(k), "patch", "PATCH", "/api/v1/movements/"+e.id, bodies[k-2], 200, 404, 409)
			}
		}()
	}
	close(go1)
	wg.Wait()
}

type bulkAnswer struct {
	Affected int       `json:"affected"`
	IDs      []string  `json:"ids"`
	Deleted  []idReply `json:"deleted"`
}

func (s *soakRun) bulkCreate(ctx context.Context, c *soakClient) {
	n := 2 + c.rng.IntN(9)
	ms := make([]map[string]any, n)
	types := make([]string, n)
	for i := range ms {
		ms[i], types[i] = c.movement(c.rng.IntN(4) == 0)
	}
	code, b := s.call(ctx, c.client, "bulk create", "POST", "/api/v1/movements/bulk", map[string]any{"action": "create", "movements": ms}, 200)
	var r bulkAnswer
	if code != 200 || json.Unmarshal(b, &r) != nil {
		return
	}
	if r.Affected != n || len(r.IDs) != n {
		s.problem("bulk create: wrong count", "bulk create of %d movements answered affected %d and %d ids", n, r.Affected, len(r.IDs))
	}
	c.l.record(int64(r.Affected), 0)
	for i, id := range r.IDs {
		c.l.add(id, types[min(i, n-1)])
	}
}

func ids(es []poolEntry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.id
	}
	return out
}

func (s *soakRun) bulkDelete(ctx context.Context, c *soakClient) {
	es := c.l.pick(c.rng, 2+c.rng.IntN(4), "")
	if len(es) == 0 {
		return
	}
	code, b := s.call(ctx, c.client, "bulk delete", "POST", "/api/v1/movements/bulk", map[string]any{"action": "delete", "ids": ids(es)}, 200, 404, 409)
	var r bulkAnswer
	if code != 200 || json.Unmarshal(b, &r) != nil {
		return
	}
	if r.Affected != len(es) || len(r.Deleted) != len(es) {
		s.problem("bulk delete: wrong count", "bulk delete of %d ids answered affected %d and %d movements", len(es), r.Affected, len(r.Deleted))
	}
	deleted := make([]string, len(r.Deleted))
	for i, d := range r.Deleted {
		deleted[i] = d.ID
	}
	c.l.record(0, int64(r.Affected), deleted...)
	for _, e := range es {
		c.l.forget(e.id)
	}
}

func (s *soakRun) bulkRecategorize(ctx context.Context, c *soakClient) {
	es := c.l.pick(c.rng, 1+c.rng.IntN(5), "expense")
	if len(es) == 0 {
		return
	}
	s.call(ctx, c.client, "bulk recategorize", "POST", "/api/v1/movements/bulk",
		map[string]any{"action": "recategorize", "ids": ids(es), "categoryId": c.category("expense")}, 200, 404)
}

// importFile uploads a small CSV and commits it once, or two or three times
// at once (spread over the servers): one commit may answer 200, the others
// 409 already_committed. One in twenty is large (soakLargeImport rows): on
// SQLite it commits in slices, beside the other clients' writes.
func (s *soakRun) importFile(ctx context.Context, c *soakClient) {
	var csv bytes.Buffer // ISO dates: a day-first date could be read month-first, in the future
	csv.WriteString("date;description;amount;category\n")
	rows := 3 + c.rng.IntN(8)
	if c.rng.IntN(20) == 0 {
		rows = soakLargeImport
	}
	for r := 0; r < rows; r++ {
		amount, cat := -(1 + c.rng.IntN(40000)), []string{"Soak groceries", "Soak rent", "Soak fun"}[c.rng.IntN(3)]
		if c.rng.IntN(4) == 0 {
			amount, cat = -amount, "Soak salary"
		}
		sign := ""
		if amount < 0 {
			sign, amount = "-", -amount
		}
		fmt.Fprintf(&csv, "%s;Soak import %d-%d-%d;%s%d,%02d;%s\n", c.date(), c.w, c.i, r, sign, amount/100, amount%100, cat)
	}
	acc := c.account()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("accountId", acc.ID)
	fw, _ := mw.CreateFormFile("file", "soak.csv")
	_, _ = fw.Write(csv.Bytes())
	_ = mw.Close()
	s.requests.Add(1)
	code, b, err := c.raw(ctx, "POST", "/api/v1/imports", mw.FormDataContentType(), body.Bytes())
	s.count("import upload", code, b, err, []int{200, 429})
	var preview struct {
		ID      string          `json:"id"`
		Options json.RawMessage `json:"options"`
		Valid   int             `json:"valid"`
	}
	if code != 200 || json.Unmarshal(b, &preview) != nil {
		return
	}
	if preview.Valid != rows {
		s.problem("import upload: invalid rows", "import upload of %d rows: the preview has %d valid: %s", rows, preview.Valid, snippet(b))
	}
	c.l.mu.Lock()
	c.l.uploads++
	c.l.mu.Unlock()
	times := 1
	if c.rng.IntN(3) > 0 {
		times = 2 + c.rng.IntN(2)
	}
	var wg sync.WaitGroup
	var ok atomic.Int32
	go1 := make(chan struct{})
	for k := 0; k < times; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-go1
			if s.commit(ctx, c, c.peer(k), preview.ID, acc.ID, preview.Options) {
				ok.Add(1)
			}
		}()
	}
	close(go1)
	wg.Wait()
	// Upload ids may be reused once an upload is gone: count per upload, not per id.
	if n := ok.Load(); n > 1 {
		s.problem("an upload committed more than once", "%s: upload %s (%d rows) committed %d times of %d (200)", c.l.email, preview.ID, rows, n, times)
	}
}

func (s *soakRun) commit(ctx context.Context, c *soakClient, via *client, upload, account string, options json.RawMessage) bool {
	code, b := s.call(ctx, via, "import commit", "POST", "/api/v1/imports/"+upload+"/commit",
		map[string]any{"accountId": account, "options": options}, 200, 409)
	var r struct {
		Created int    `json:"created"`
		Code    string `json:"code"`
	}
	_ = json.Unmarshal(b, &r)
	switch code {
	case 409:
		if r.Code != "already_committed" {
			s.problem("import commit: 409 without already_committed", "import commit: 409 with code %q, not already_committed: %s", r.Code, snippet(b))
		}
	case 200:
		c.l.mu.Lock()
		c.l.importsOK++
		c.l.created += int64(r.Created)
		c.l.mu.Unlock()
	}
	return code == 200
}

// soakLargeImport rows make a large import of the soak: more than a batch
// (the store's streamBatchRows, 4,096), so that SQLite commits it in slices.
const soakLargeImport = 5000

// raw sends a body of any content type.
func (c *client) raw(ctx context.Context, method, path, contentType string, body []byte) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", contentType)
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	var out bytes.Buffer
	_, err = out.ReadFrom(resp.Body)
	return resp.StatusCode, out.Bytes(), err
}

// putRate enters a rate of the dollar against the euro (or the other way
// round) on a day of the soak's: every movement it affects converts again.
func (s *soakRun) putRate(ctx context.Context, c *soakClient) {
	body := map[string]any{"currency": "USD", "quote": "EUR", "date": c.date(), "rate": fmt.Sprintf("0.%04d", 8000+c.rng.IntN(2000))}
	if c.rng.IntN(3) == 0 {
		body["currency"], body["quote"], body["rate"] = "EUR", "USD", fmt.Sprintf("1.%04d", c.rng.IntN(3000))
	}
	s.call(ctx, c.client, "put rate", "POST", "/api/v1/rates", body, 201)
}

// deleteRate deletes one of the ledger's rates; another client may have
// deleted it first.
func (s *soakRun) deleteRate(ctx context.Context, c *soakClient) {
	code, b := s.call(ctx, c.client, "list rates", "GET", "/api/v1/rates?currency=USD", nil, 200)
	var list struct{ Items []idReply }
	if code != 200 || json.Unmarshal(b, &list) != nil || len(list.Items) == 0 {
		return
	}
	id := list.Items[c.rng.IntN(len(list.Items))].ID
	s.call(ctx, c.client, "delete rate", "DELETE", "/api/v1/rates/"+id, nil, 204, 404)
}

// setBase switches the ledger's base currency: everything converts again.
func (s *soakRun) setBase(ctx context.Context, c *soakClient) {
	base := "EUR"
	if c.rng.IntN(2) == 0 {
		base = "USD"
	}
	if c.client.http.Jar != c.l.jar {
		// The partner is an editor: the ledger's settings are the owner's.
		s.call(ctx, c.client, "set base (editor)", "PUT", "/api/v1/ledger", map[string]any{"baseCurrency": base}, 403)
		return
	}
	s.call(ctx, c.client, "set base", "PUT", "/api/v1/ledger", map[string]any{"baseCurrency": base}, 200)
}

// read is one of the screens' reads.
func (s *soakRun) read(ctx context.Context, c *soakClient) {
	paths := []string{
		"/api/v1/movements?limit=50",
		"/api/v1/movements?limit=50&accountId=" + c.account().ID,
		"/api/v1/movements?limit=50&categoryId=" + c.category("expense"),
		"/api/v1/movements/totals",
		"/api/v1/reports/categories",
		"/api/v1/reports/categories?type=earning",
		"/api/v1/reports/trend",
		"/api/v1/reports/cashflow",
		"/api/v1/reports/networth",
		"/api/v1/reports/compare",
		"/api/v1/dashboard",
		"/api/v1/accounts",
		"/api/v1/rates",
	}
	p := paths[c.rng.IntN(len(paths))]
	op := "GET " + p
	if path, _, _ := strings.Cut(p, "?"); path == "/api/v1/movements" {
		op = "GET /api/v1/movements"
	}
	s.call(ctx, c.client, op, "GET", p, nil, 200)
}
