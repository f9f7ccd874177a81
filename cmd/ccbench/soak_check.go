package main

import (
	"context"
	"fmt"
	"net/url"
	"strings"
)

// The invariants the soak checks from the API once the load has stopped:
// what the clients were told against what the ledger holds, and every
// balance, total and report against a brute-force sum of all the movements
// listed page by page. `cashcontrol check` does the same from the database.

type apiMovement struct {
	ID          string  `json:"id"`
	Type        string  `json:"type"`
	Date        string  `json:"date"`
	Amount      int64   `json:"amount"`
	AccountID   string  `json:"accountId"`
	CategoryID  *string `json:"categoryId"`
	ToAccountID *string `json:"toAccountId"`
	ToAmount    *int64  `json:"toAmount"`
	State       string  `json:"state"`
	Splits      []struct {
		CategoryID string `json:"categoryId"`
		Amount     int64  `json:"amount"`
	} `json:"splits"`
}

type apiAccount struct {
	ID             string `json:"id"`
	Currency       string `json:"currency"`
	OpeningBalance int64  `json:"openingBalance"`
	Balance        int64  `json:"balance"`
	LastReconciled *struct {
		Date    string `json:"date"`
		Balance int64  `json:"balance"`
	} `json:"lastReconciled"`
}

// flows is the brute-force truth of one ledger.
type flows struct {
	count    int
	balance  map[string]int64               // account id → balance
	currency map[string]int64               // currency → sum of balances
	totals   map[string][2]int64            // currency → earnings, expenses
	cats     map[string]map[string][2]int64 // type|currency → top-level category → total, count
	catSum   map[string][2]int64            // type|currency → total, count
	months   map[string][4]int64            // currency|month → earnings, expenses, in, out
}

func (s *soakRun) checkLedgers(ctx context.Context) {
	// Uploads may meet a rate limit (429), but imports must still happen.
	if tried, ok := s.status["import upload"], 0; len(tried) > 0 {
		for _, l := range s.ledgers {
			ok += l.importsOK
		}
		if ok == 0 {
			s.problem("no import committed", "%d uploads tried (%v) and not one commit answered 200", sum(tried), tried)
		}
	}
	for _, l := range s.ledgers {
		for key, n := range l.deletions {
			if n > 1 {
				id, gen, _ := strings.Cut(key, "#")
				s.problem("a movement deleted more than once", "%s: movement %s (created %s time(s)) was deleted %d times (204 or in a bulk delete's answer)", l.email, id, gen, n)
			}
		}
		for _, base := range s.servers {
			if err := s.checkLedger(ctx, s.newClient(base, l.jar), l); err != nil {
				s.problem("invariants from the API", "%s on %s: %v", l.email, base, err)
			}
		}
	}
}

func (s *soakRun) checkLedger(ctx context.Context, c *client, l *soakLedger) error {
	var accs struct{ Items []apiAccount }
	if err := getJSON(ctx, c, "/api/v1/accounts", &accs); err != nil {
		return err
	}
	var cats struct {
		Items []struct {
			ID       string  `json:"id"`
			ParentID *string `json:"parentId"`
		}
	}
	if err := getJSON(ctx, c, "/api/v1/categories", &cats); err != nil {
		return err
	}
	top := map[string]string{}
	for _, ct := range cats.Items {
		top[ct.ID] = ct.ID
		if ct.ParentID != nil {
			top[ct.ID] = *ct.ParentID
		}
	}
	var movs []apiMovement
	for cursor := ""; ; {
		var page struct {
			Items      []apiMovement
			NextCursor *string
		}
		if err := getJSON(ctx, c, "/api/v1/movements?limit=500&cursor="+url.QueryEscape(cursor), &page); err != nil {
			return err
		}
		movs = append(movs, page.Items...)
		if page.NextCursor == nil || *page.NextCursor == "" {
			break
		}
		cursor = *page.NextCursor
	}
	f := bruteForce(accs.Items, movs, top)
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	if want := l.created - l.deleted; int64(f.count) != want {
		bad("%d movements listed; the clients were told of %d created and %d deleted (%d)", f.count, l.created, l.deleted, want)
	}
	seen := map[string]bool{}
	for _, m := range movs {
		if seen[m.ID] {
			bad("movement %s listed twice", m.ID)
		}
		seen[m.ID] = true
	}
	for _, a := range accs.Items {
		if a.Balance != f.balance[a.ID] {
			bad("account %s: balance %d, opening balance + movements = %d", a.ID, a.Balance, f.balance[a.ID])
		}
	}
	reconciledBalances(accs.Items, movs, bad)
	var totals struct {
		Count      int
		ByCurrency []struct {
			Currency           string
			Earnings, Expenses int64
		}
	}
	if err := getJSON(ctx, c, "/api/v1/movements/totals", &totals); err != nil {
		return err
	}
	if totals.Count != f.count {
		bad("/movements/totals count %d, %d listed", totals.Count, f.count)
	}
	for _, t := range totals.ByCurrency {
		if w := f.totals[t.Currency]; w != [2]int64{t.Earnings, t.Expenses} {
			bad("/movements/totals %s: earnings/expenses %d/%d, movements say %d/%d", t.Currency, t.Earnings, t.Expenses, w[0], w[1])
		}
	}
	for _, typ := range []string{"expense", "earning"} {
		if err := checkCategories(ctx, c, typ, f, bad); err != nil {
			return err
		}
	}
	if err := checkTrend(ctx, c, f, bad); err != nil {
		return err
	}
	var dash struct {
		Balances []struct {
			Currency string
			Balance  int64
		}
	}
	if err := getJSON(ctx, c, "/api/v1/dashboard", &dash); err != nil {
		return err
	}
	for _, b := range dash.Balances {
		if b.Balance != f.currency[b.Currency] {
			bad("/dashboard balance %s: %d, opening balances + movements = %d", b.Currency, b.Balance, f.currency[b.Currency])
		}
	}
	var worth struct {
		Items []struct {
			Currency string
			Points   []struct{ Balance int64 }
		}
	}
	if err := getJSON(ctx, c, "/api/v1/reports/networth", &worth); err != nil {
		return err
	}
	for _, it := range worth.Items {
		if n := len(it.Points); n > 0 && it.Points[n-1].Balance != f.currency[it.Currency] {
			bad("/reports/networth %s this month: %d, opening balances + movements = %d", it.Currency, it.Points[n-1].Balance, f.currency[it.Currency])
		}
	}
	if n := len(errs); n > 0 {
		if n > 12 {
			errs = append(errs[:12], fmt.Sprintf("… and %d more", n-12))
		}
		return fmt.Errorf("%d invariant(s) broken:\n        %s", n, strings.Join(errs, "\n        "))
	}
	return nil
}

func bruteForce(accs []apiAccount, movs []apiMovement, top map[string]string) flows {
	f := flows{count: len(movs), balance: map[string]int64{}, currency: map[string]int64{}, totals: map[string][2]int64{},
		cats: map[string]map[string][2]int64{}, catSum: map[string][2]int64{}, months: map[string][4]int64{}}
	cur := map[string]string{}
	for _, a := range accs {
		f.balance[a.ID] = a.OpeningBalance
		cur[a.ID] = a.Currency
	}
	for _, m := range movs {
		c, month := cur[m.AccountID], m.Date[:7]
		mk := c + "|" + month
		mo := f.months[mk]
		t := f.totals[c]
		switch m.Type {
		case "earning":
			f.balance[m.AccountID] += m.Amount
			t[0] += m.Amount
			mo[0] += m.Amount
		case "expense":
			f.balance[m.AccountID] -= m.Amount
			t[1] += m.Amount
			mo[1] += m.Amount
		case "transfer":
			f.balance[m.AccountID] -= m.Amount
			mo[3] += m.Amount
			if m.ToAccountID != nil {
				in := m.Amount
				if m.ToAmount != nil {
					in = *m.ToAmount
				}
				f.balance[*m.ToAccountID] += in
				ik := cur[*m.ToAccountID] + "|" + month
				if ik == mk {
					mo[2] += in
				} else {
					x := f.months[ik]
					x[2] += in
					f.months[ik] = x
				}
			}
		}
		f.months[mk] = mo
		f.totals[c] = t
		// Reports count a split movement's lines, each in its category.
		type line struct {
			cat    string
			amount int64
		}
		var lines []line
		if m.Type != "transfer" && m.CategoryID != nil {
			lines = append(lines, line{*m.CategoryID, m.Amount})
		}
		for _, s := range m.Splits {
			lines = append(lines, line{s.CategoryID, s.Amount})
		}
		for _, l := range lines {
			k := m.Type + "|" + c
			if f.cats[k] == nil {
				f.cats[k] = map[string][2]int64{}
			}
			v := f.cats[k][top[l.cat]]
			f.cats[k][top[l.cat]] = [2]int64{v[0] + l.amount, v[1] + 1}
			sum := f.catSum[k]
			f.catSum[k] = [2]int64{sum[0] + l.amount, sum[1] + 1}
		}
	}
	for id, b := range f.balance {
		f.currency[cur[id]] += b
	}
	return f
}

func checkCategories(ctx context.Context, c *client, typ string, f flows, bad func(string, ...any)) error {
	var rep struct {
		Items []struct {
			Currency     string
			Total, Count int64
			Categories   []struct {
				CategoryID   string
				Total, Count int64
			}
		}
	}
	if err := getJSON(ctx, c, "/api/v1/reports/categories?type="+typ, &rep); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, it := range rep.Items {
		k := typ + "|" + it.Currency
		seen[k] = true
		if w := f.catSum[k]; w != [2]int64{it.Total, it.Count} {
			bad("/reports/categories %s %s: total/count %d/%d, movements say %d/%d", typ, it.Currency, it.Total, it.Count, w[0], w[1])
		}
		for _, ct := range it.Categories {
			if w := f.cats[k][ct.CategoryID]; w != [2]int64{ct.Total, ct.Count} {
				bad("/reports/categories %s %s category %s: %d/%d, movements say %d/%d", typ, it.Currency, ct.CategoryID, ct.Total, ct.Count, w[0], w[1])
			}
		}
	}
	for k, w := range f.catSum {
		if strings.HasPrefix(k, typ+"|") && !seen[k] && w[1] > 0 {
			bad("/reports/categories %s: no entry for %s, movements say %d/%d", typ, k, w[0], w[1])
		}
	}
	return nil
}

func checkTrend(ctx context.Context, c *client, f flows, bad func(string, ...any)) error {
	var rep struct {
		Items []struct {
			Currency string
			Months   []struct {
				Month                                         string
				Earnings, Expenses, TransfersIn, TransfersOut int64
			}
		}
	}
	if err := getJSON(ctx, c, "/api/v1/reports/trend", &rep); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, it := range rep.Items {
		for _, m := range it.Months {
			k := it.Currency + "|" + m.Month
			seen[k] = true
			if got := [4]int64{m.Earnings, m.Expenses, m.TransfersIn, m.TransfersOut}; got != f.months[k] {
				bad("/reports/trend %s: earnings/expenses/in/out %v, movements say %v", k, got, f.months[k])
			}
		}
	}
	for k, w := range f.months {
		if !seen[k] && w != [4]int64{} {
			bad("/reports/trend: no month %s, movements say %v", k, w)
		}
	}
	return nil
}

func sum(m map[int]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}
