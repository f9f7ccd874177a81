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
	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
)

// recoverCmd is the way back in for a user locked out, the only
// administrator among them, run on the server's machine: the account is
// enabled, made an administrator and its two-step sign-in turned off when
// asked, and a one-time password-reset link is printed.
func recoverCmd(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("cashcontrol recover", flag.ContinueOnError)
	fs.SetOutput(stderr)
	email := fs.String("email", "", "the user's email (required)")
	admin := fs.Bool("admin", false, "make the user an administrator too")
	twoFactorOff := fs.Bool("two-factor-off", false, "turn the user's two-step sign-in off (a lost authenticator and recovery codes)")
	server, own := splitServerFlags(args)
	if err := fs.Parse(own); err != nil {
		return err
	}
	if *email == "" {
		return errors.New("recover: --email is required")
	}
	c, err := config.Load("cashcontrol recover", server, getenv, stderr)
	if err != nil {
		return err
	}
	db, err := openStore(ctx, c, false)
	if err != nil {
		return err
	}
	defer db.Close()
	svc, err := auth.NewService(identity.New(db), nil, nil, c.SignupEnabled)
	if err != nil {
		return err
	}
	var p finance.AdminUserPatch
	if *admin {
		rol := finance.RolAdmin
		p.Rol = &rol
	}
	if *twoFactorOff {
		off := false
		p.TwoFactor = &off
	}
	link, err := svc.RecoverAccount(ctx, *email, p, strings.TrimSuffix(c.BaseURL, "/"))
	if err != nil {
		return fmt.Errorf("recover: %w", err)
	}
	fmt.Fprintf(stdout, "Open this link to choose a new password for %s (it works once, until %s):\n%s\n",
		finance.NormalizeEmail(*email), time.UnixMilli(link.ExpiresAt).UTC().Format("2006-01-02 15:04 UTC"), link.URL)
	return nil
}
