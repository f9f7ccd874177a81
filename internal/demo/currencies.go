package demo

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/money"
	"cashcontrol/internal/store"
)

// foreign is a currency of the ledger other than its base: an account kept
// in it, and its daily rate to the base over the whole series.
type foreign struct {
	code     string
	exponent int
	account  int64
	rates    []*big.Rat // one per day from the series' start: 1 code = rate base
}

// eurValue is roughly what one unit was worth in euros ten years ago, as a
// decimal mantissa and its scale (value = mantissa / 10^scale). Any other
// currency starts at 1 euro.
var eurValue = map[string]struct {
	mantissa int64
	scale    int
}{
	"EUR": {1_000_000, 6}, "USD": {900_000, 6}, "GBP": {1_150_000, 6}, "CHF": {950_000, 6},
	"JPY": {7_500_000, 9}, "CAD": {680_000, 6}, "MXN": {48_000_000, 9},
}

// walk is a currency's daily value in euros: a bounded random walk (±0.3 %
// a day, pulled back towards where it started), in integers.
func walk(rng *rand.Rand, code string, days int) []*big.Rat {
	v, ok := eurValue[code]
	if !ok {
		v = eurValue["EUR"]
	}
	start, m := v.mantissa, v.mantissa
	den := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(v.scale)), nil)
	out := make([]*big.Rat, days)
	for d := range days {
		step := m * (rng.Int64N(6001) - 3000) / 1_000_000 // ±0.3 %
		m += step + (start-m)/500
		out[d] = new(big.Rat).SetFrac(big.NewInt(m), den)
	}
	return out
}

// addCurrencies makes codes[0] the ledger's base, opens an account in each
// other code and stores a rate for every day of the series, so that
// everything converts as the movements are written.
func addCurrencies(ctx context.Context, db *store.DB, ledgerID int64, language string, codes []string, start time.Time, days int, seed uint64) ([]*foreign, error) {
	if len(codes) == 0 {
		return nil, nil
	}
	if _, err := db.SetBaseCurrency(ctx, ledgerID, codes[0]); err != nil {
		return nil, err
	}
	accounts, err := db.ListAccounts(ctx, ledgerID)
	if err != nil {
		return nil, err
	}
	table := money.NewTable()
	rng := rand.New(rand.NewPCG(seed, 4217))
	base := walk(rng, codes[0], days)
	var out []*foreign
	var rates []finance.RateInput
	for _, code := range codes[1:] {
		c, ok := table.Lookup(code)
		if !ok {
			return nil, fmt.Errorf("demo: %q is not an ISO 4217 currency", code)
		}
		f := &foreign{code: code, exponent: c.Exponent}
		name := say(language, "Checking") + " " + code
		for _, a := range accounts {
			if a.Name == name {
				f.account = a.ID
			}
		}
		if f.account == 0 {
			typ, opening := "bank", int64(0)
			a, err := db.CreateAccount(ctx, ledgerID, finance.AccountInput{Name: &name, Type: &typ, Currency: &code, OpeningBalance: &opening})
			if err != nil {
				return nil, err
			}
			f.account = a.ID
		}
		// Both walks are in euros; the rate to the base is their ratio.
		inEUR := walk(rng, code, days)
		f.rates = make([]*big.Rat, days)
		for d := range days {
			// Ten decimals, as a rate table would publish it.
			text := strings.TrimRight(strings.TrimRight(new(big.Rat).Quo(inEUR[d], base[d]).FloatString(10), "0"), ".")
			r, ok := finance.ParseRate(text)
			if !ok {
				return nil, fmt.Errorf("demo: no rate for %s on day %d (%s)", code, d, text)
			}
			f.rates[d] = r
			rates = append(rates, finance.RateInput{Currency: code, Quote: codes[0], Date: date(start.AddDate(0, 0, d)), Rate: text})
		}
		out = append(out, f)
	}
	if len(rates) > 0 {
		if _, err := db.PutRates(ctx, ledgerID, rates, "csv"); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// in turns an amount in the base currency into f's currency at day's rate.
func (f *foreign) in(amount int64, baseExp, day int) int64 {
	r := f.rates[min(max(day, 0), len(f.rates)-1)]
	v, ok := finance.Convert(amount, baseExp, f.exponent, new(big.Rat).Inv(r))
	if !ok || v < 1 {
		return 1
	}
	return v
}

// exponent is code's number of decimals (2 for a code the table lacks).
func exponent(code string) int {
	if c, ok := money.NewTable().Lookup(code); ok {
		return c.Exponent
	}
	return 2
}
