// Package habits makes a believable person's categorised bank history for
// measuring the category suggestions (ccbench -suggest-accuracy): what a
// bank writes on a statement (card numbers, dates, reference codes, city
// names, "COMPRA TARJ.", "CB", "UPI/…" around the shop's name), in Spanish,
// English and French, with repeated shops, shops seen once, shops whose
// movements go to several categories, and habits that change: a series
// relabelled ("Personal transfer" becomes "Self transfer"), a shop moved to
// another category. Seeded and deterministic; it imports nothing of ours.
package habits

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// Row is one movement of the history, with the category the person chose.
type Row struct {
	Date        string // YYYY-MM-DD
	Type        string // expense or earning
	Account     string // one of Accounts
	Category    string // one of Categories' names
	Description string
	Amount      int64 // minor units, positive
}

// Category is one of the person's categories.
type Category struct{ Name, Type string }

// Accounts are the person's accounts.
var Accounts = []string{"Cuenta", "Tarjeta", "Carte FR", "Efectivo"}

// Categories are the person's categories (the relabelled ones included).
var Categories = []Category{
	{"Groceries", "expense"}, {"Eating out", "expense"}, {"Fuel", "expense"}, {"Transport", "expense"},
	{"Rent", "expense"}, {"Utilities", "expense"}, {"Phone and internet", "expense"}, {"Shopping", "expense"},
	{"Home", "expense"}, {"Health", "expense"}, {"Sport", "expense"}, {"Leisure", "expense"}, {"Travel", "expense"},
	{"Subscriptions", "expense"}, {"Gifts", "expense"}, {"Personal transfer", "expense"}, {"Self transfer", "expense"},
	{"Bank fees", "expense"}, {"Education", "expense"},
	{"Salary", "earning"}, {"Refunds", "earning"}, {"Interest", "earning"}, {"Other income", "earning"},
}

// style is how a bank writes a payment around the payee's name.
type style int

const (
	cardES     style = iota // COMPRA TARJ. 5234XXXXXXXX1234 MERCADONA VALENCIA
	cardES2                 // PAGO CON TARJETA 12/03 MERCADONA
	cardFR                  // CB MONOPRIX 12/03 CARTE X1234
	cardFR2                 // PAIEMENT PAR CARTE 12/03 MONOPRIX PARIS
	cardEN                  // POS 1234 TESCO STORES LONDON
	cardEN2                 // CARD PAYMENT TO TESCO ON 12/03
	upi                     // UPI/334512987654/SWIGGY/YESB/UPI
	debitES                 // RECIBO IBERDROLA REF 20230312-4411
	debitFR                 // PRLV SEPA FREE MOBILE REF:FM8812344
	debitEN                 // DIRECT DEBIT VODAFONE LTD 88123
	plain                   // as the person or the bank wrote it, no noise
	transferES              // TRANSFERENCIA A JUAN GARCIA REF 9911
)

// payee is a recurring shop, employer or person.
type payee struct {
	name    string
	cities  []string
	cats    []string  // the categories its movements go to
	weights []float64 // their shares (nil: the first only)
	perMon  float64   // movements a month
	lo, hi  int64     // amount range, minor units
	account string
	styles  []style
	typ     string
	from    int // the first month it appears
	until   int // the month it stops (0: never)
	// relabel: from month relabelAt on, every movement goes to relabelTo.
	relabelAt int
	relabelTo string
	memo      []string // free text after the name (Bizum, transfers)
}

var payees = []payee{
	{name: "MERCADONA", cities: []string{"VALENCIA", "ALICANTE", "PATERNA"}, cats: []string{"Groceries"}, perMon: 7, lo: 800, hi: 9000, account: "Tarjeta", styles: []style{cardES, cardES2}},
	{name: "CARREFOUR", cities: []string{"VALENCIA", "CAMPANAR"}, cats: []string{"Groceries", "Home"}, weights: []float64{0.85, 0.15}, perMon: 2, lo: 1500, hi: 12000, account: "Tarjeta", styles: []style{cardES}},
	{name: "LIDL", cities: []string{"VALENCIA"}, cats: []string{"Groceries"}, perMon: 2.5, lo: 500, hi: 5000, account: "Tarjeta", styles: []style{cardES2}},
	{name: "MONOPRIX", cities: []string{"PARIS", "LYON"}, cats: []string{"Groceries"}, perMon: 1.2, lo: 600, hi: 6000, account: "Carte FR", styles: []style{cardFR, cardFR2}},
	{name: "BOULANGERIE PAUL", cities: []string{"PARIS"}, cats: []string{"Eating out"}, perMon: 1.5, lo: 250, hi: 1200, account: "Carte FR", styles: []style{cardFR}},
	{name: "TESCO STORES", cities: []string{"LONDON"}, cats: []string{"Groceries"}, perMon: 0.5, lo: 500, hi: 5000, account: "Tarjeta", styles: []style{cardEN}},
	{name: "BAR PEPE", cities: []string{"VALENCIA"}, cats: []string{"Eating out"}, perMon: 3, lo: 150, hi: 2500, account: "Tarjeta", styles: []style{cardES2}},
	{name: "TELEPIZZA", cities: []string{"VALENCIA"}, cats: []string{"Eating out"}, perMon: 1, lo: 1200, hi: 3500, account: "Tarjeta", styles: []style{cardES}},
	{name: "SWIGGY", cats: []string{"Eating out"}, perMon: 2, lo: 800, hi: 3000, account: "Cuenta", styles: []style{upi}},
	{name: "STARBUCKS COFFEE", cities: []string{"LONDON", "PARIS"}, cats: []string{"Eating out"}, perMon: 1, lo: 300, hi: 900, account: "Tarjeta", styles: []style{cardEN2}},
	{name: "REPSOL", cities: []string{"VALENCIA", "MADRID"}, cats: []string{"Fuel"}, perMon: 2.5, lo: 3000, hi: 7000, account: "Tarjeta", styles: []style{cardES}},
	{name: "TOTAL ENERGIES", cities: []string{"LYON"}, cats: []string{"Fuel"}, perMon: 0.4, lo: 3000, hi: 7000, account: "Carte FR", styles: []style{cardFR2}},
	{name: "METROVALENCIA", cats: []string{"Transport"}, perMon: 2, lo: 150, hi: 2000, account: "Tarjeta", styles: []style{cardES2}},
	{name: "UBER TRIP", cats: []string{"Transport"}, perMon: 1.2, lo: 500, hi: 2500, account: "Tarjeta", styles: []style{cardEN2}},
	{name: "RATP NAVIGO", cats: []string{"Transport"}, perMon: 0.6, lo: 200, hi: 8000, account: "Carte FR", styles: []style{cardFR}},
	{name: "ALQUILER PISO C/ COLON", cats: []string{"Rent"}, perMon: 1, lo: 85000, hi: 85000, account: "Cuenta", styles: []style{transferES}},
	{name: "IBERDROLA CLIENTES", cats: []string{"Utilities"}, perMon: 1, lo: 3000, hi: 9000, account: "Cuenta", styles: []style{debitES}},
	{name: "AGUAS DE VALENCIA", cats: []string{"Utilities"}, perMon: 0.34, lo: 2000, hi: 4000, account: "Cuenta", styles: []style{debitES}},
	{name: "FREE MOBILE", cats: []string{"Phone and internet"}, perMon: 1, lo: 1999, hi: 1999, account: "Carte FR", styles: []style{debitFR}},
	{name: "VODAFONE LTD", cats: []string{"Phone and internet"}, perMon: 1, lo: 3500, hi: 3500, account: "Cuenta", styles: []style{debitEN}},
	{name: "AMAZON MKTPLACE", cats: []string{"Shopping", "Home", "Gifts"}, weights: []float64{0.55, 0.3, 0.15}, perMon: 3, lo: 900, hi: 9000, account: "Tarjeta", styles: []style{cardEN2, cardES}},
	{name: "ZARA", cities: []string{"VALENCIA"}, cats: []string{"Shopping"}, perMon: 0.8, lo: 1999, hi: 8999, account: "Tarjeta", styles: []style{cardES}},
	{name: "IKEA", cities: []string{"ALFAFAR"}, cats: []string{"Home"}, perMon: 0.4, lo: 1500, hi: 30000, account: "Tarjeta", styles: []style{cardES}},
	{name: "LEROY MERLIN", cities: []string{"VALENCIA"}, cats: []string{"Home"}, perMon: 0.3, lo: 1000, hi: 15000, account: "Tarjeta", styles: []style{cardES2}},
	{name: "FARMACIA LOPEZ", cities: []string{"VALENCIA"}, cats: []string{"Health"}, perMon: 1, lo: 300, hi: 4000, account: "Tarjeta", styles: []style{cardES2}},
	{name: "PHARMACIE DU CENTRE", cities: []string{"PARIS"}, cats: []string{"Health"}, perMon: 0.3, lo: 500, hi: 3000, account: "Carte FR", styles: []style{cardFR}},
	{name: "BASIC FIT", cats: []string{"Sport"}, perMon: 1, lo: 2999, hi: 2999, account: "Cuenta", styles: []style{debitES}, relabelAt: 18, relabelTo: "Health"},
	{name: "DECATHLON", cities: []string{"VALENCIA"}, cats: []string{"Sport"}, perMon: 0.4, lo: 1000, hi: 8000, account: "Tarjeta", styles: []style{cardES}},
	{name: "CINES YELMO", cities: []string{"VALENCIA"}, cats: []string{"Leisure"}, perMon: 0.7, lo: 700, hi: 2500, account: "Tarjeta", styles: []style{cardES2}},
	{name: "STEAM PURCHASE", cats: []string{"Leisure"}, perMon: 0.5, lo: 500, hi: 6000, account: "Tarjeta", styles: []style{cardEN2}},
	{name: "NETFLIX.COM", cats: []string{"Subscriptions"}, perMon: 1, lo: 1299, hi: 1299, account: "Tarjeta", styles: []style{cardEN2}},
	{name: "SPOTIFY", cats: []string{"Subscriptions"}, perMon: 1, lo: 1099, hi: 1099, account: "Tarjeta", styles: []style{cardEN}},
	{name: "RENFE VIAJEROS", cats: []string{"Travel", "Transport"}, weights: []float64{0.7, 0.3}, perMon: 0.6, lo: 1500, hi: 9000, account: "Tarjeta", styles: []style{cardES}},
	{name: "RYANAIR", cats: []string{"Travel"}, perMon: 0.3, lo: 3000, hi: 25000, account: "Tarjeta", styles: []style{cardEN2}},
	{name: "BOOKING.COM HOTEL", cats: []string{"Travel"}, perMon: 0.3, lo: 6000, hi: 40000, account: "Tarjeta", styles: []style{cardEN2}},
	{name: "COMISION MANTENIMIENTO", cats: []string{"Bank fees"}, perMon: 0.34, lo: 1500, hi: 1500, account: "Cuenta", styles: []style{plain}},
	{name: "ACADEMIA DE IDIOMAS", cats: []string{"Education"}, perMon: 1, lo: 6000, hi: 6000, account: "Cuenta", styles: []style{debitES}, from: 6, until: 24},
	{name: "JUAN GARCIA", cats: []string{"Personal transfer"}, perMon: 2, lo: 2000, hi: 30000, account: "Cuenta", styles: []style{transferES}, relabelAt: 12, relabelTo: "Self transfer"},
	{name: "SELF", cats: []string{"Personal transfer"}, perMon: 1.5, lo: 5000, hi: 50000, account: "Cuenta", styles: []style{upi}, relabelAt: 12, relabelTo: "Self transfer"},
	{name: "BIZUM A MARTA", cats: []string{"Gifts"}, perMon: 1, lo: 500, hi: 4000, account: "Cuenta", styles: []style{plain}, relabelAt: 15, relabelTo: "Eating out",
		memo: []string{"cena", "regalo", "", "cumple", "pizzas"}},
	{name: "BIZUM A PEDRO", cats: []string{"Eating out", "Gifts", "Leisure"}, weights: []float64{0.6, 0.25, 0.15}, perMon: 0.8, lo: 500, hi: 3000, account: "Cuenta", styles: []style{plain},
		memo: []string{"cena", "regalo", "entradas", "", "comida"}},
	{name: "NOMINA ACME SOLUCIONES SL", cats: []string{"Salary"}, perMon: 1, lo: 240000, hi: 250000, account: "Cuenta", styles: []style{plain}, typ: "earning"},
	{name: "VIR SEPA REMBOURSEMENT MUTUELLE", cats: []string{"Refunds"}, perMon: 0.3, lo: 1000, hi: 8000, account: "Carte FR", styles: []style{plain}, typ: "earning"},
	{name: "DEVOLUCION AMAZON", cats: []string{"Refunds"}, perMon: 0.3, lo: 900, hi: 5000, account: "Tarjeta", styles: []style{cardES}, typ: "earning"},
	{name: "INTERESES CUENTA AHORRO", cats: []string{"Interest"}, perMon: 0.34, lo: 100, hi: 2000, account: "Cuenta", styles: []style{plain}, typ: "earning"},
	{name: "BIZUM DE LAURA", cats: []string{"Other income", "Refunds"}, weights: []float64{0.5, 0.5}, perMon: 0.5, lo: 500, hi: 5000, account: "Cuenta", styles: []style{plain}, typ: "earning",
		memo: []string{"cena", "", "entradas"}},
}

// oneOffs are the words a shop seen once may carry (two in three carry
// one, as most small shops' names on a statement say what they are): the
// category they tell.
var oneOffs = []struct{ word, cat string }{
	{"RESTAURANTE", "Eating out"}, {"BAR", "Eating out"}, {"CAFETERIA", "Eating out"}, {"BRASSERIE", "Eating out"}, {"PIZZERIA", "Eating out"},
	{"HOTEL", "Travel"}, {"HOSTAL", "Travel"}, {"FARMACIA", "Health"}, {"PHARMACIE", "Health"}, {"CLINICA", "Health"},
	{"PARKING", "Transport"}, {"TAXI", "Transport"}, {"GASOLINERA", "Fuel"}, {"SUPERMERCADO", "Groceries"}, {"FRUTERIA", "Groceries"},
	{"LIBRERIA", "Leisure"}, {"MUSEO", "Leisure"}, {"FERRETERIA", "Home"}, {"BOUTIQUE", "Shopping"}, {"FLORISTERIA", "Gifts"},
}

var syllables = []string{"ka", "lo", "mi", "ra", "te", "su", "no", "vi", "ga", "ro", "be", "lu", "da", "fe", "xi", "zo", "pa", "qui"}

// Generate makes months of history from 2023-01-01, oldest first.
func Generate(seed uint64, months int) []Row {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	start := time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)
	var rows []Row
	for m := range months {
		first := start.AddDate(0, m, 0)
		days := first.AddDate(0, 1, -1).Day()
		var month []Row
		for _, p := range payees {
			if m < p.from || (p.until > 0 && m >= p.until) {
				continue
			}
			for range poisson(rng, p.perMon) {
				day := first.AddDate(0, 0, rng.IntN(days))
				if p.perMon == 1 && p.lo == p.hi || strings.HasPrefix(p.name, "NOMINA") || strings.HasPrefix(p.name, "ALQUILER") {
					day = first.AddDate(0, 0, min(days-1, 1+rng.IntN(3))) // a monthly payment, early in the month
				}
				cat := pick(rng, p.cats, p.weights)
				if p.relabelAt > 0 && m >= p.relabelAt {
					cat = p.relabelTo
				}
				name := p.name
				if len(p.memo) > 0 {
					if memo := p.memo[rng.IntN(len(p.memo))]; memo != "" {
						name += " " + memo
					}
				}
				month = append(month, Row{Date: day.Format("2006-01-02"), Type: cmpOr(p.typ, "expense"), Account: p.account, Category: cat,
					Description: dress(rng, p.styles[rng.IntN(len(p.styles))], name, p.cities, day), Amount: between(rng, p.lo, p.hi)})
			}
		}
		// Shops seen once: about six a month.
		for range poisson(rng, 6) {
			day := first.AddDate(0, 0, rng.IntN(days))
			o := oneOffs[rng.IntN(len(oneOffs))]
			name := strings.ToUpper(word(rng) + " " + word(rng))
			cat := o.cat
			if rng.IntN(3) > 0 {
				name = o.word + " " + name
			} else {
				// Nothing in the name tells: any everyday category.
				cat = []string{"Eating out", "Shopping", "Leisure", "Groceries", "Home"}[rng.IntN(5)]
			}
			st := []style{cardES, cardES2, cardFR, cardEN2}[rng.IntN(4)]
			month = append(month, Row{Date: day.Format("2006-01-02"), Type: "expense", Account: "Tarjeta", Category: cat,
				Description: dress(rng, st, name, []string{"VALENCIA", "PARIS", "MADRID", "LONDON"}, day), Amount: between(rng, 300, 9000)})
		}
		slices.SortStableFunc(month, func(a, b Row) int { return strings.Compare(a.Date, b.Date) })
		rows = append(rows, month...)
	}
	return rows
}

// dress writes a payee's name as a bank's statement does.
func dress(rng *rand.Rand, st style, name string, cities []string, day time.Time) string {
	city := ""
	if len(cities) > 0 {
		city = " " + cities[rng.IntN(len(cities))]
	}
	dm := day.Format("02/01")
	card := fmt.Sprintf("%04d", 1000+rng.IntN(9000))
	ref := fmt.Sprintf("%c%c%d%c%d", 'A'+rune(rng.IntN(26)), 'A'+rune(rng.IntN(26)), rng.IntN(1000), 'A'+rune(rng.IntN(26)), rng.IntN(100))
	switch st {
	case cardES:
		return "COMPRA TARJ. 5234XXXXXXXX" + card + " " + name + city
	case cardES2:
		return "PAGO CON TARJETA " + dm + " " + name + city
	case cardFR:
		return "CB " + name + " " + dm + " CARTE X" + card
	case cardFR2:
		return "PAIEMENT PAR CARTE " + dm + " " + name + city
	case cardEN:
		return "POS " + card + " " + name + city
	case cardEN2:
		return "CARD PAYMENT TO " + name + " ON " + dm
	case upi:
		return fmt.Sprintf("UPI/%012d/%s/%s/UPI", rng.Int64N(1e12), name, []string{"YESB", "HDFC", "ICIC"}[rng.IntN(3)])
	case debitES:
		return "RECIBO " + name + " REF " + day.Format("20060102") + "-" + card
	case debitFR:
		return "PRLV SEPA " + name + " REF:" + ref
	case debitEN:
		return "DIRECT DEBIT " + name + " " + card
	case transferES:
		return "TRANSFERENCIA A " + name + " REF " + card
	}
	return name
}

func word(rng *rand.Rand) string {
	var b strings.Builder
	for range 2 + rng.IntN(2) {
		b.WriteString(syllables[rng.IntN(len(syllables))])
	}
	return b.String()
}

func pick(rng *rand.Rand, cats []string, weights []float64) string {
	if weights == nil {
		return cats[0]
	}
	x := rng.Float64()
	for i, w := range weights {
		if x < w {
			return cats[i]
		}
		x -= w
	}
	return cats[len(cats)-1]
}

// poisson draws how many times something happening mean times a month
// happens in one.
func poisson(rng *rand.Rand, mean float64) int {
	n := int(mean)
	if rng.Float64() < mean-float64(n) {
		n++
	}
	if mean >= 2 && n > 0 { // some months more, some less
		n += rng.IntN(3) - 1
	}
	return n
}

func between(rng *rand.Rand, lo, hi int64) int64 {
	if hi <= lo {
		return lo
	}
	return lo + rng.Int64N(hi-lo+1)
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
