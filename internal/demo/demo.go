// Package demo fills a ledger with realistic made-up movements: a monthly
// salary, rent, bills, groceries several times a week, restaurants, fuel,
// occasional large purchases and transfers to savings, spread over years.
// People trying the app use it, and so does the benchmark.
package demo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/store"
)

// Options say how much to make.
type Options struct {
	Movements int
	Years     int
	Seed      uint64
	Today     time.Time
	// Currencies, when set, are the ledger's currencies: the first becomes
	// its base (and the currency of its main accounts); each other gets an
	// account, a share of the everyday spending and a rate for every day.
	Currencies []string
	// Progress, when set, is called after each stored batch.
	Progress func(done, total int)
}

// batchSize movements are written per transaction.
const batchSize = 20_000

type ledger struct {
	checking, cash, card, savings int64
	cat                           map[string]int64 // starter key → id
}

// Fill adds the accounts it needs (when missing), the starter categories and
// opts.Movements movements to the ledger.
func Fill(ctx context.Context, db *store.DB, ledgerID int64, language string, opts Options) error {
	if opts.Movements <= 0 || opts.Years <= 0 {
		return fmt.Errorf("movements and years must be positive")
	}
	mainCurrency := "EUR"
	if len(opts.Currencies) > 0 {
		mainCurrency = opts.Currencies[0]
	}
	l, err := prepare(ctx, db, ledgerID, language, mainCurrency)
	if err != nil {
		return err
	}
	end := opts.Today
	start := time.Date(end.Year()-opts.Years, end.Month(), 1, 0, 0, 0, 0, time.UTC)
	days := int(end.Sub(start).Hours()/24) + 1
	months := opts.Years*12 + 1
	foreign, err := addCurrencies(ctx, db, ledgerID, language, opts.Currencies, start, days, opts.Seed)
	if err != nil {
		return err
	}
	// The monthly life (salary, rent, bills, savings, ~10 movements) fills
	// what it can; day-to-day spending makes up the rest of the count.
	g := &generator{rng: rand.New(rand.NewPCG(opts.Seed, 2026)), l: l, lang: language, card: map[string]int64{}, cash: map[string]int64{},
		foreign: foreign, start: start, baseExp: exponent(mainCurrency)}
	var monthly []finance.MovementDraft
	for m := start; !m.After(end) && len(monthly) < min(opts.Movements, months*(10+2*len(foreign))); m = m.AddDate(0, 1, 0) {
		monthly = append(monthly, g.month(m, end)...)
	}
	monthly = monthly[:min(len(monthly), opts.Movements)]
	daily := opts.Movements - len(monthly)
	// However many movements a month holds, its everyday spending stays
	// within a household's budget, so that balances stay believable.
	// Money stays integer: amounts are scaled by the ratio budget / spend.
	g.scaleNum, g.scaleDen = 1, 1
	if spend := int64(daily/months) * everydayMean(); spend > everydayBudget {
		g.scaleNum, g.scaleDen = everydayBudget, spend
	}
	batch := make([]finance.MovementDraft, 0, batchSize)
	done := 0
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		if _, err := db.CreateMovements(ctx, ledgerID, batch); err != nil {
			return err
		}
		done += len(batch)
		batch = batch[:0]
		if opts.Progress != nil {
			opts.Progress(done, opts.Movements)
		}
		return nil
	}
	emit := func(d finance.MovementDraft) error {
		g.track(d)
		batch = append(batch, d)
		if len(batch) == batchSize {
			return flush()
		}
		return nil
	}
	for _, d := range monthly {
		if err := emit(d); err != nil {
			return err
		}
	}
	// Everyday spending, evenly spread; on the first days of each month the
	// card bill and a cash withdrawal settle what the month before spent.
	var pending []finance.MovementDraft
	month := ""
	for i := 0; i < daily; i++ {
		day := start.AddDate(0, 0, i*days/daily)
		if m := day.Format("2006-01"); m != month {
			month = m
			pending = append(pending, g.settle(day)...)
		}
		d := finance.MovementDraft{}
		if len(pending) > 0 {
			d, pending = pending[0], pending[1:]
		} else {
			d = g.everyday(day)
		}
		if err := emit(d); err != nil {
			return err
		}
	}
	if err := flush(); err != nil {
		return err
	}
	return db.RefreshStatistics(ctx)
}

func prepare(ctx context.Context, db *store.DB, ledgerID int64, language, currency string) (*ledger, error) {
	if _, err := db.CreateStarterCategories(ctx, ledgerID, language); err != nil {
		return nil, err
	}
	cats, err := db.ListCategories(ctx, ledgerID)
	if err != nil {
		return nil, err
	}
	l := &ledger{cat: map[string]int64{}}
	names := map[string]string{}
	for _, s := range finance.StarterCategories() {
		names[s.Name(language)+"|0"] = s.Key
		for _, c := range s.Children {
			names[c.Name(language)+"|1"] = c.Key
		}
	}
	for _, c := range cats {
		level := "0"
		if c.ParentID != nil {
			level = "1"
		}
		if k, ok := names[c.Name+"|"+level]; ok {
			l.cat[k] = c.ID
		}
	}
	accounts, err := db.ListAccounts(ctx, ledgerID)
	if err != nil {
		return nil, err
	}
	want := []struct {
		name, typ string
		opening   int64
		id        *int64
	}{
		{"Checking", "bank", 250000, &l.checking}, {finance.CashAccountName(language), "cash", 8000, &l.cash},
		{"Credit card", "card", 0, &l.card}, {"Savings", "savings", 1000000, &l.savings},
	}
	for _, w := range want {
		for _, a := range accounts {
			if a.Name == say(language, w.name) {
				*w.id = a.ID
			}
		}
		if *w.id == 0 {
			cur, name := currency, say(language, w.name)
			a, err := db.CreateAccount(ctx, ledgerID, finance.AccountInput{Name: &name, Type: &w.typ, Currency: &cur, OpeningBalance: &w.opening})
			if err != nil {
				return nil, err
			}
			*w.id = a.ID
		}
	}
	return l, nil
}

type generator struct {
	rng  *rand.Rand
	l    *ledger
	lang string
	// Everyday amounts are multiplied by scaleNum/scaleDen (1 unless the
	// ledger is very dense).
	scaleNum, scaleDen int64
	// What the card and the wallet spent per month, and what has been
	// settled so far, for the monthly card bill and cash withdrawals.
	card, cash           map[string]int64
	cardPaid, cashWithdr int64
	// The ledger's other currencies (none unless asked), from start on;
	// amounts above are in minor units of a currency with baseExp decimals.
	foreign []*foreign
	start   time.Time
	baseExp int
}

// day is the index of t in the series, for the foreign currencies' rates.
func (g *generator) day(t time.Time) int { return int(t.Sub(g.start).Hours() / 24) }

// everydayBudget is what a household spends day to day in a month (minor units).
const everydayBudget = 120000

// everydayMean is the mean amount of an everyday movement, before scaling.
func everydayMean() int64 {
	var sum, weights int64
	for _, k := range everydayKinds {
		sum += int64(k.weight) * (k.lo + (k.hi-k.lo)/4) // between's mean
		weights += int64(k.weight)
	}
	return sum / weights
}

// track counts what the card and the wallet spend.
func (g *generator) track(d finance.MovementDraft) {
	if d.Type != finance.MovementExpense {
		return
	}
	switch d.AccountID {
	case g.l.card:
		g.card[d.Date[:7]] += d.Amount
	case g.l.cash:
		g.cash[d.Date[:7]] += d.Amount
	}
}

// settle returns, on day (the first of a month in the series), the card bill
// for what was spent before that month, and a cash withdrawal.
func (g *generator) settle(day time.Time) []finance.MovementDraft {
	month := day.Format("2006-01")
	var card, cash int64
	for m, v := range g.card {
		if m < month {
			card += v
		}
	}
	for m, v := range g.cash {
		if m < month {
			cash += v
		}
	}
	var out []finance.MovementDraft
	if owed := card - g.cardPaid; owed > 0 {
		g.cardPaid += owed
		out = append(out, finance.MovementDraft{Type: finance.MovementTransfer, Date: date(day), Amount: owed, AccountID: g.l.checking,
			ToAccountID: g.l.card, ToAmount: owed, Description: g.say("Card bill")})
	}
	// The withdrawal also stocks the wallet for the month ahead (as much as
	// the month before spent), so that it is not empty before the next one.
	if need := cash - g.cashWithdr + g.cash[day.AddDate(0, -1, 0).Format("2006-01")]; need > 0 {
		need = (need + 999) / 1000 * 1000 // whole tens at the ATM
		g.cashWithdr += need
		out = append(out, finance.MovementDraft{Type: finance.MovementTransfer, Date: date(day), Amount: need, AccountID: g.l.checking,
			ToAccountID: g.l.cash, ToAmount: need, Description: g.say("ATM")})
	}
	return out
}

// between is a skewed integer amount from lo to hi minor units: most are
// small, a few large (the product of two uniforms).
func (g *generator) between(lo, hi int64) int64 {
	span := hi - lo
	a, b := g.rng.Int64N(1000), g.rng.Int64N(1000)
	return lo + span*a*b/(1000*1000)
}

func (g *generator) say(s string) string { return say(g.lang, s) }

func date(t time.Time) string { return t.Format(finance.DateLayout) }

func (g *generator) expense(day time.Time, account int64, cat string, amount int64, desc string) finance.MovementDraft {
	return finance.MovementDraft{Type: finance.MovementExpense, Date: date(day), Amount: max(1, amount), AccountID: account,
		CategoryID: g.l.cat[cat], Description: desc}
}

func (g *generator) month(m, end time.Time) []finance.MovementDraft {
	day := func(d int) time.Time {
		t := time.Date(m.Year(), m.Month(), min(d, 28), 0, 0, 0, 0, time.UTC)
		if t.After(end) {
			return end
		}
		return t
	}
	out := []finance.MovementDraft{
		{Type: finance.MovementEarning, Date: date(day(28)), Amount: 240000 + g.rng.Int64N(80000), AccountID: g.l.checking,
			CategoryID: g.l.cat["salary"], Description: g.say("ACME Payroll")},
		g.expense(day(1), g.l.checking, "housing.rent", 95000, g.say("Rent")),
		g.expense(day(5), g.l.checking, "bills.utilities", 4000+g.rng.Int64N(9000), g.say("Power & water")),
		g.expense(day(8), g.l.checking, "bills.phone", 3999, g.say("Phone & fibre")),
		g.expense(day(12), g.l.card, "leisure.subscriptions", 1299, g.say("Streaming")),
		{Type: finance.MovementTransfer, Date: date(day(2)), Amount: 30000, AccountID: g.l.checking, ToAccountID: g.l.savings,
			ToAmount: 30000, Description: g.say("Monthly saving")},
		g.expense(day(20), g.l.card, "transport.fuel", g.between(3000, 9000), g.say("Fuel")),
		g.expense(day(25), g.l.checking, "health", g.between(1000, 12000), g.say("Pharmacy")),
	}
	// The month's big shop, one ticket split in food, household goods and
	// cleaning (amounts from the month, so the generator's random sequence
	// and every other movement stay as they were).
	n := int64(m.Year()*12 + int(m.Month()))
	lines := []finance.Split{{CategoryID: g.l.cat["food.groceries"], Amount: 6000 + n*731%5000},
		{CategoryID: g.l.cat["shopping"], Amount: 1000 + n*389%3000}, {CategoryID: g.l.cat["housing.maintenance"], Amount: 500 + n*211%1500}}
	ticket := finance.MovementDraft{Type: finance.MovementExpense, Date: date(day(16)), AccountID: g.l.card, Description: g.say("Hypermarket"), Splits: lines}
	for _, l := range lines {
		ticket.Amount += l.Amount
	}
	out = append(out, ticket)
	if g.rng.IntN(4) == 0 {
		big := []string{"shopping", "shopping.clothes", "leisure.travel", "housing.maintenance", "education"}[g.rng.IntN(5)]
		out = append(out, g.expense(day(1+g.rng.IntN(28)), g.l.card, big, g.between(30000, 250000), g.say("Large purchase")))
	}
	// Each other currency's account earns what its share of the everyday
	// spending needs, and every third month gets a transfer from checking.
	share := everydayBudget / int64(1+len(g.foreign))
	for _, f := range g.foreign {
		d := day(15)
		out = append(out, finance.MovementDraft{Type: finance.MovementEarning, Date: date(d), Amount: f.in(share+share/10, g.baseExp, g.day(d)),
			AccountID: f.account, CategoryID: g.l.cat["other-income"], Description: g.say("Freelance") + " " + f.code})
		if m.Month()%3 == 0 {
			d = day(3)
			out = append(out, finance.MovementDraft{Type: finance.MovementTransfer, Date: date(d), Amount: 20000, AccountID: g.l.checking,
				ToAccountID: f.account, ToAmount: f.in(20000, g.baseExp, g.day(d)), Description: g.say("Transfer") + " " + f.code})
		}
	}
	if m.Month() == 12 || m.Month() == 6 {
		out = append(out, finance.MovementDraft{Type: finance.MovementEarning, Date: date(day(20)), Amount: 150000, AccountID: g.l.checking,
			CategoryID: g.l.cat["salary.bonus"], Description: g.say("Extra pay")})
	}
	return out
}

var everydayKinds = []struct {
	cat, desc string
	lo, hi    int64
	weight    int
}{
	{"food.groceries", "Supermarket", 1500, 15000, 10},
	{"food.restaurants", "Restaurant", 1200, 9000, 4},
	{"transport.public", "Metro", 240, 1500, 3},
	{"leisure", "Cinema", 900, 4000, 1},
	{"shopping", "Online shop", 1500, 20000, 2},
	{"other-expense", "Various", 300, 5000, 1},
}

func (g *generator) everyday(day time.Time) finance.MovementDraft {
	total := 0
	for _, k := range everydayKinds {
		total += k.weight
	}
	pick := g.rng.IntN(total)
	for _, k := range everydayKinds {
		if pick < k.weight {
			amount := g.between(k.lo, k.hi) * g.scaleNum / g.scaleDen
			if n := len(g.foreign); n > 0 {
				if i := g.rng.IntN(n + 1); i > 0 {
					f := g.foreign[i-1]
					return g.expense(day, f.account, k.cat, f.in(amount, g.baseExp, g.day(day)), g.say(k.desc))
				}
			}
			account := g.l.card
			if g.rng.IntN(3) == 0 {
				account = g.l.cash
			}
			return g.expense(day, account, k.cat, amount, g.say(k.desc))
		}
		pick -= k.weight
	}
	panic("unreachable")
}
