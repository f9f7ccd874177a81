package main

import (
	"cashcontrol/internal/identity"
	"cashcontrol/internal/instance"
	"cashcontrol/internal/mail"
	"cashcontrol/internal/metrics"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"time"

	"cashcontrol/internal/api"
	"cashcontrol/internal/auth"
	"cashcontrol/internal/banksync"
	"cashcontrol/internal/config"
	"cashcontrol/internal/files"
	"cashcontrol/internal/jobs"
	"cashcontrol/internal/money"
	"cashcontrol/internal/rates"
	"cashcontrol/internal/server"
	"cashcontrol/internal/store"
	"cashcontrol/web"
)

func newLogger(c config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: c.LogLevel}
	if c.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

func openStore(ctx context.Context, c config.Config, migrate bool) (*store.DB, error) {
	return openStoreAt(ctx, c, migrate, nil)
}

// openStoreAt opens the store with a clock (nil: time.Now).
func openStoreAt(ctx context.Context, c config.Config, migrate bool, now func() time.Time) (*store.DB, error) {
	// Attachments live under the data folder (with PostgreSQL and several
	// servers, a folder they share).
	fs, err := files.NewLocal(filepath.Join(c.DataDir, "attachments"))
	if err != nil {
		return nil, err
	}
	opts := store.Options{DatabaseURL: c.DatabaseURL, SQLitePath: c.SQLitePath(), Now: now, Files: fs}
	if migrate {
		return store.Open(ctx, opts)
	}
	return store.OpenNoMigrate(ctx, opts)
}

// wired is the server's parts, as serve starts them.
type wired struct {
	db       *store.DB
	sessions *auth.Sessions
	opts     server.Options
	backups  *jobs.Backups // nil: CASHCONTROL_BACKUP_DIR unset
	banks    *banksync.Service
}

func wire(ctx context.Context, c config.Config, log *slog.Logger, clock *serverClock) (wired, error) {
	db, err := openStoreAt(ctx, c, true, clock.now())
	if err != nil {
		return wired{}, err
	}
	if mode, open := store.ReadableByOthers(c.DataDir); open {
		log.Warn("the data folder is readable by other users of this machine: make it the owner's alone (chmod 700)",
			"dir", c.DataDir, "mode", mode.Perm().String())
	}
	db.SetQuotas(store.Quotas{Ledgers: c.QuotaLedgers, Schedules: c.QuotaSchedules, AttachmentBytes: c.QuotaAttachmentBytes, CatchUp: c.ScheduleCatchUp})
	ids := identity.New(db)
	sessions := auth.NewSessions(ids, c.SessionIdle, c.SessionMax, nil).HTTPSOnly(c.HTTPS())
	// The rate limits: on PostgreSQL in the database, shared by every server
	// of the instance; SQLite's one server keeps them in memory.
	limiter := func(name string, every time.Duration, burst int) *auth.Limiter {
		l := auth.NewLimiter(every, burst, nil)
		if db.Dialect() == store.Postgres {
			l.Shared(ids, name, log)
		}
		return l
	}
	svc, err := auth.NewService(ids, limiter("account", 20*time.Second, 10), limiter("client", 2*time.Second, 30), c.SignupEnabled)
	if err == nil {
		err = svc.EnablePasskeys(c.BaseURL)
	}
	if err == nil {
		_, err = svc.WithSecretKey(c.SecretKey)
	}
	if err == nil {
		err = sealSecrets(ctx, svc, log)
	}
	if err != nil {
		db.Close()
		return wired{}, err
	}
	var providers []auth.ProviderConfig
	for _, p := range c.Providers {
		providers = append(providers, auth.ProviderConfig{ID: p.ID, Name: p.Name, Issuer: p.Issuer, ClientID: p.ClientID, ClientSecret: p.ClientSecret})
	}
	var mailer api.Mailer
	if c.SMTPURL != "" {
		m, err := mail.Parse(c.SMTPURL)
		if err != nil {
			db.Close()
			return wired{}, fmt.Errorf("CASHCONTROL_SMTP_URL: %w", err)
		}
		mailer = m
	}
	banks, err := banksync.NewService(db, banksync.Config{EnableBankingURL: c.EnableBankingURL, SimpleFINURL: c.SimpleFINURL,
		Timeout: c.BankSyncTimeout, Currencies: money.NewTable()}, c.SecretKey)
	if err != nil {
		db.Close()
		return wired{}, fmt.Errorf("bank sync: %w", err)
	}
	var backups *jobs.Backups
	if c.BackupDir != "" {
		backups = &jobs.Backups{Instance: instance.New(db), Log: log, Dir: c.BackupDir, Every: c.BackupEvery, Keep: c.BackupKeep}
	}
	a := api.New(api.Deps{DB: db, Backups: backups, Auth: svc, BaseURL: c.BaseURL, Mailer: mailer, Sessions: sessions, OIDC: auth.NewOIDC(ids, c.BaseURL, c.SignupEnabled, providers),
		Currencies: money.NewTable(), Logger: log,
		Meta: api.Meta{Version: version, Build: buildInfo(), SupportEmail: c.SupportEmail, AnalyticsID: c.AnalyticsID, SignupEnabled: c.SignupEnabled},
		Limits: api.Limits{Signups: limiter("signup", c.SignupRate.Every(), c.SignupRate.Events),
			Uploads: limiter("upload", c.UploadRate.Every(), c.UploadRate.Events),
			Pending: store.UploadLimits{Files: c.PendingImports, Bytes: c.PendingImportBytes},
			Streams: api.StreamLimits{PerUser: c.StreamsPerUser, PerServer: c.Streams}},
		ECB: ecbFor(c, db, log), Banks: banks})
	var m *metrics.Metrics
	if c.Metrics {
		m = metrics.New(db.Pools())
	}
	if backups != nil {
		backups.Ran = m.JobRun
	}
	return wired{db: db, sessions: sessions, backups: backups, banks: banks, opts: server.Options{API: a, Web: web.Dist(), Logger: log,
		AnalyticsID: c.AnalyticsID, TrustedProxies: c.TrustedProxies, HSTS: c.HTTPS(), Metrics: m}}, nil
}

func serve(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	c, err := config.Load("cashcontrol serve", args, getenv, stderr)
	if err != nil {
		return err
	}
	log := newLogger(c, stderr)
	start := time.Now()
	clock := newServerClock()
	w, err := wire(ctx, c, log, clock)
	if err != nil {
		return err
	}
	db, sessions, opts := w.db, w.sessions, w.opts
	defer db.Close()
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return fmt.Errorf("CASHCONTROL_ADDR: %w", err)
	}
	go sweep(ctx, sessions, db, log)
	go ecbFor(c, db, log).Run(ctx)
	go (&jobs.Schedules{DB: db, Log: log, Every: time.Minute, Wake: clock.wake(), Ran: opts.Metrics.JobRun}).Run(ctx)
	if w.backups != nil {
		go w.backups.Run(ctx)
	}
	go (&jobs.BankSyncs{DB: db, Banks: w.banks, Log: log, Every: 5 * time.Minute, Ran: opts.Metrics.JobRun}).Run(ctx)
	log.Info("cashcontrol listening", "addr", ln.Addr().String(), "database", string(db.Dialect()), "version", version,
		"providers", len(c.Providers), "startup", time.Since(start).Round(time.Millisecond))
	err = server.Serve(ctx, server.New(c.Addr, clock.wrap(server.Handler(opts)), log), ln)
	log.Info("cashcontrol stopped")
	return err
}

// sweep deletes expired sessions and uploads, and files no attachment
// names, at start and every hour.
func sweep(ctx context.Context, s *auth.Sessions, db *store.DB, log *slog.Logger) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if n, err := s.Sweep(ctx); err != nil && ctx.Err() == nil {
			log.Warn("session sweep", "err", err)
		} else if n > 0 {
			log.Debug("session sweep", "deleted", n)
		}
		if err := identity.New(db).SweepRates(ctx); err != nil && ctx.Err() == nil {
			log.Warn("rate limit sweep", "err", err)
		}
		if n, err := db.SweepUploads(ctx); err != nil && ctx.Err() == nil {
			log.Warn("upload sweep", "err", err)
		} else if n > 0 {
			log.Debug("upload sweep", "deleted", n)
		}
		// Files a crash left without their rows, written over an hour ago.
		if n, err := db.SweepFiles(ctx, time.Now().Add(-time.Hour)); err != nil && ctx.Err() == nil {
			log.Warn("file sweep", "err", err)
		} else if n > 0 {
			log.Info("file sweep: files no attachment names removed", "removed", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// openFromSettings reads a command's settings and opens the store without
// migrating it (migrate and check, which report on the store as it is).
func openFromSettings(ctx context.Context, name string, args []string, getenv func(string) string, stderr io.Writer) (*store.DB, error) {
	c, err := config.Load(name, args, getenv, stderr)
	if err != nil {
		return nil, err
	}
	return openStore(ctx, c, false)
}

func migrate(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	db, err := openFromSettings(ctx, "cashcontrol migrate", args, getenv, stderr)
	if err != nil {
		return err
	}
	defer db.Close()
	n, err := db.Migrate(ctx)
	if err != nil {
		return err
	}
	v, err := db.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "applied %d migration(s); schema version %d (%s)\n", n, v, db.Dialect())
	return nil
}

// ecbFor is the download of the ECB's rates with the server's settings.
func ecbFor(c config.Config, db *store.DB, log *slog.Logger) *rates.ECB {
	return &rates.ECB{DB: db, URL: c.ECBURL, HistoryURL: c.ECBHistoryURL, Client: &http.Client{Timeout: 30 * time.Second}, Log: log}
}

// sealSecrets seals the two-step secrets kept plain when the server has a
// secret key (CASHCONTROL_SECRET_KEY), and says at start when it has none.
func sealSecrets(ctx context.Context, svc *auth.Service, log *slog.Logger) error {
	if !svc.Sealing() {
		log.Warn("CASHCONTROL_SECRET_KEY is not set: two-step secrets are kept in the database unencrypted and no bank can be connected (set a key of at least 32 characters)")
		return nil
	}
	n, err := svc.SealTwoFactorSecrets(ctx)
	if err != nil {
		return fmt.Errorf("seal the two-step secrets: %w", err)
	}
	if n > 0 {
		log.Info("two-step secrets sealed with CASHCONTROL_SECRET_KEY", "sealed", n)
	}
	return nil
}
