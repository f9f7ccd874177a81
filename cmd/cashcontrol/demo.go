package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"cashcontrol/internal/auth"
	"cashcontrol/internal/config"
	"cashcontrol/internal/demo"
	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/money"
)

// demoCmd fills a user's ledger with realistic data, creating the user first
// when the email is new.
func demoCmd(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("cashcontrol demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	email := fs.String("email", "", "the user's email (required)")
	password := fs.String("password", "", "password for a new user (default: a random one, printed)")
	movements := fs.Int("movements", 2000, "how many movements to add")
	years := fs.Int("years", 3, "over how many years, ending today")
	seed := fs.Uint64("seed", 1, "random seed (the same seed makes the same data)")
	language := fs.String("language", "es", "language of a new user and of its data: "+finance.LanguageChoices)
	currencyList := fs.String("currencies", "", "the ledger's currencies, comma-separated (EUR,USD,JPY): the first is its base, each other gets an account and daily rates")
	rest, own := splitServerFlags(args)
	if err := fs.Parse(own); err != nil {
		return err
	}
	if *email == "" {
		return errors.New("demo: --email is required")
	}
	if *movements < 1 || *movements > 10_000_000 || *years < 1 || *years > 50 {
		return errors.New("demo: --movements must be 1 to 10000000 and --years 1 to 50")
	}
	lang, ok := finance.ParseLanguage(*language)
	if !ok {
		return fmt.Errorf("demo: --language %q is not one of %s", *language, finance.LanguageChoices)
	}
	*language = lang
	currencies, err := demoCurrencies(*currencyList)
	if err != nil {
		return err
	}
	welcomeCurrency := "EUR"
	if len(currencies) > 0 {
		welcomeCurrency = currencies[0]
	}
	c, err := config.Load("cashcontrol demo", rest, getenv, stderr)
	if err != nil {
		return err
	}
	db, err := openStore(ctx, c, true)
	if err != nil {
		return err
	}
	defer db.Close()
	norm := finance.NormalizeEmail(*email)
	ids := identity.New(db)
	u, _, err := ids.UserByEmail(ctx, norm)
	if finance.ErrorCode(err) == finance.ECodeNotFound {
		pw := *password
		if pw == "" {
			pw = fmt.Sprintf("demo-%d", time.Now().UnixNano()%1_000_000_007)
			fmt.Fprintf(stdout, "password for %s: %s\n", norm, pw)
		}
		hash, herr := auth.HashPassword(pw)
		if herr != nil {
			return herr
		}
		u, err = ids.CreateUser(ctx, identity.NewUser{Email: norm, PasswordHash: hash, Name: "Demo", LanguagePreference: *language})
		if err == nil {
			u, err = ids.CompleteWelcome(ctx, u.ID, identity.Welcome{Language: u.LanguagePreference, Currency: welcomeCurrency})
		}
	}
	if err != nil {
		return err
	}
	start := time.Now()
	err = demo.Fill(ctx, db, u.LedgerID, u.LanguagePreference, demo.Options{Movements: *movements, Years: *years, Seed: *seed, Today: time.Now().UTC(), Currencies: currencies,
		Progress: func(done, total int) { fmt.Fprintf(stderr, "\r%d / %d movements", done, total) }})
	fmt.Fprintln(stderr)
	if err != nil {
		return err
	}
	took := time.Since(start)
	fmt.Fprintf(stdout, "added %d movements to %s in %s (%.0f movements/s)\n", *movements, norm, took.Round(time.Millisecond),
		float64(*movements)/took.Seconds())
	return nil
}

// demoCurrencies reads --currencies: distinct ISO 4217 codes, or none.
func demoCurrencies(list string) ([]string, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	table := money.NewTable()
	var out []string
	seen := map[string]bool{}
	for _, c := range strings.Split(list, ",") {
		c = strings.ToUpper(strings.TrimSpace(c))
		if !table.Known(c) || seen[c] {
			return nil, fmt.Errorf("demo: --currencies %q: %q is not a distinct ISO 4217 code", list, c)
		}
		seen[c] = true
		out = append(out, c)
	}
	return out, nil
}

// splitServerFlags parts a command's arguments into the server's own flags
// (-data-dir, -database-url, -addr, -base-url), which may come anywhere, and
// the command's.
func splitServerFlags(args []string) (server, own []string) {
	server, own = []string{}, []string{}
	for i := 0; i < len(args); i++ {
		switch flagName(args[i]) {
		case "data-dir", "database-url", "addr", "base-url":
			server = append(server, args[i])
			if !hasValue(args[i]) && i+1 < len(args) {
				server = append(server, args[i+1])
				i++
			}
		default:
			own = append(own, args[i])
		}
	}
	return server, own
}

func flagName(arg string) string {
	if len(arg) < 2 || arg[0] != '-' {
		return ""
	}
	name := arg[1:]
	if name[0] == '-' {
		name = name[1:]
	}
	for i := range name {
		if name[i] == '=' {
			return name[:i]
		}
	}
	return name
}

func hasValue(arg string) bool {
	for i := range arg {
		if arg[i] == '=' {
			return true
		}
	}
	return false
}
