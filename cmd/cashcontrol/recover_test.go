package main

import (
	"bytes"
	"context"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"cashcontrol/internal/auth"
	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
)

// recover gives a locked-out user (disabled, its two-step sign-in's
// authenticator lost, not an administrator) a way back in: a one-time link.
func TestRecoverALockedOutUser(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	env := envOf(map[string]string{"CASHCONTROL_DATA_DIR": dir, "CASHCONTROL_LOG_LEVEL": "error", "CASHCONTROL_BASE_URL": "https://cash.example.com/"})
	var out, errb bytes.Buffer
	if err := run(ctx, []string{"demo", "--email", "first@example.com", "--movements", "1"}, env, &out, &errb); err != nil {
		t.Fatalf("demo: %v %s", err, errb.String())
	}
	if err := run(ctx, []string{"demo", "--email", "locked@example.com", "--movements", "1"}, env, &out, &errb); err != nil {
		t.Fatalf("demo: %v %s", err, errb.String())
	}
	db, err := store.Open(ctx, store.Options{SQLitePath: dir + "/cashcontrol.db"})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u, _, err := identity.New(db).UserByEmail(ctx, "locked@example.com")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	if err := identity.New(db).StartTwoFactor(ctx, u.ID, "JBSWY3DPEHPK3PXP", now); err != nil {
		t.Fatal(err)
	}
	if err := identity.New(db).EnableTwoFactor(ctx, u.ID, "JBSWY3DPEHPK3PXP", 1, []string{"h1"}, now); err != nil {
		t.Fatal(err)
	}
	yes := true
	if _, err := identity.New(db).SetUserAccess(ctx, u.ID, finance.AdminUserPatch{Disabled: &yes}, now); err != nil {
		t.Fatal(err)
	}

	out.Reset()
	if err := run(ctx, []string{"recover", "--email", "LOCKED@example.com", "--admin", "--two-factor-off"}, env, &out, &errb); err != nil {
		t.Fatalf("recover: %v %s", err, errb.String())
	}
	link := regexp.MustCompile(`https://cash\.example\.com/login/reset\?token=\S+`).FindString(out.String())
	if link == "" {
		t.Fatalf("recover printed no link: %q", out.String())
	}
	after, err := identity.New(db).UserByID(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if after.Disabled || after.TwoFactor || after.Rol != finance.RolAdmin {
		t.Fatalf("after recover: disabled %v, two-step %v, rol %s", after.Disabled, after.TwoFactor, after.Rol)
	}
	parsed, _ := url.Parse(link)
	if _, err := identity.New(db).UsePasswordReset(ctx, auth.SecretHash(parsed.Query().Get("token")), "new-hash", now); err != nil {
		t.Fatalf("the printed link: %v", err)
	}
	events, err := identity.New(db).SecurityEvents(ctx, u.ID, 10)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, e := range events {
		kinds = append(kinds, e.Kind+":"+e.Detail)
	}
	for _, want := range []string{"password_reset_link_created:command line", "account_enabled:command line", "two_factor_disabled:command line", "made_administrator:command line"} {
		if !strings.Contains(strings.Join(kinds, " "), want) {
			t.Errorf("activity %v lacks %s", kinds, want)
		}
	}
	if err := run(ctx, []string{"recover", "--email", "nobody@example.com"}, env, &out, &errb); err == nil {
		t.Fatal("recover of an unknown email succeeded")
	}
	if err := run(ctx, []string{"recover"}, env, &out, &errb); err == nil {
		t.Fatal("recover without an email succeeded")
	}
}
