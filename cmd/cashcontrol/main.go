// Command cashcontrol is the Cash Control server: one binary that serves the
// JSON API and the web app, migrates the database, fills a demo ledger and
// checks the ledgers' sums.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	// Users' time zones say which day is today for their schedules: the
	// binary carries the zone database, whatever the machine has.
	_ "time/tzdata"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "cashcontrol:", err)
		}
		os.Exit(1)
	}
}

const usage = `usage: cashcontrol [command] [flags]

commands:
  serve     run the server (the default)
  migrate   apply pending database migrations and exit
  demo      fill a user's ledger with realistic data: demo --email E [--password P] --movements N [--years Y]
  check     recompute every ledger's balances and monthly totals from its movements; fail on a difference
  recover   a locked-out user's way back in: recover --email E [--admin] [--two-factor-off] enables the
            account (an administrator too with --admin, two-step sign-in off with --two-factor-off) and
            prints a one-time password-reset link
  export-all  write the whole instance (every user, ledger and attachment; not the sessions) to one
            portable file, while the server runs: export-all [--out FILE] (standard output without)
  import-all  read such a file into an empty database (SQLite or PostgreSQL, either way): import-all FILE
  backup    export-all to backups/cashcontrol-<date>.zip in the data folder (or --out FILE)
  restore   import-all a backup into an empty database: restore FILE
  version   print the version and the commit it was built from, and exit
  health    ask the running server (CASHCONTROL_ADDR) whether it and its database answer; exit status 0 if so

Run 'cashcontrol serve -h' for the flags; every flag has an environment variable.`

// run is main without the process: tests call it directly.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cmd := "serve"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return serve(ctx, args, getenv, stdout, stderr)
	case "migrate":
		return migrate(ctx, args, getenv, stdout, stderr)
	case "demo":
		return demoCmd(ctx, args, getenv, stdout, stderr)
	case "check":
		return check(ctx, args, getenv, stdout, stderr)
	case "recover":
		return recoverCmd(ctx, args, getenv, stdout, stderr)
	case "export-all", "backup":
		return exportAllCmd(ctx, cmd, args, getenv, stdout, stderr)
	case "import-all", "restore":
		return importAllCmd(ctx, cmd, args, getenv, stdout, stderr)
	case "version":
		printVersion(stdout)
		return nil
	case "health":
		return health(ctx, args, getenv, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprintln(stdout, usage)
		return nil
	default:
		fmt.Fprintln(stderr, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}
}
