// Package config reads Cash Control's settings from flags and environment
// variables. A bad value is an error that names the setting.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/mail"
	"net/netip"
	"net/url"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Provider is one OpenID Connect issuer.
type Provider struct {
	ID, Name, Issuer, ClientID, ClientSecret string
}

// Config is every setting of the server.
type Config struct {
	Addr          string
	DataDir       string
	DatabaseURL   string
	BaseURL       string
	SupportEmail  string
	AnalyticsID   string
	SignupEnabled bool
	SessionIdle   time.Duration
	SessionMax    time.Duration
	LogLevel      slog.Level
	LogFormat     string
	TrustProxy    bool
	// TrustedProxies are the reverse proxies whose X-Forwarded-For is
	// believed: CASHCONTROL_TRUSTED_PROXIES, or DefaultTrustedProxies when
	// only CASHCONTROL_TRUST_PROXY=true is set; empty means none.
	TrustedProxies []netip.Prefix
	Providers      []Provider
	// SignupRate and UploadRate bound sign-ups and bank-file uploads per
	// client address (CASHCONTROL_SIGNUP_RATE, CASHCONTROL_UPLOAD_RATE).
	SignupRate Rate
	UploadRate Rate
	// PendingImports and PendingImportBytes cap a ledger's uploads waiting to
	// be committed (CASHCONTROL_PENDING_IMPORTS, CASHCONTROL_PENDING_IMPORT_MB).
	PendingImports     int
	PendingImportBytes int64
	// StreamsPerUser and Streams bound the open event streams of a user and
	// of the server (CASHCONTROL_EVENT_STREAMS_PER_USER, CASHCONTROL_EVENT_STREAMS).
	StreamsPerUser, Streams int
	// Quota bounds what one user keeps (CASHCONTROL_QUOTA_LEDGERS,
	// CASHCONTROL_QUOTA_SCHEDULES, CASHCONTROL_QUOTA_ATTACHMENTS_MB) and
	// what a saved schedule posts at once (CASHCONTROL_SCHEDULE_CATCH_UP).
	QuotaLedgers, QuotaSchedules, ScheduleCatchUp int
	QuotaAttachmentBytes                          int64
	// ECBURL and ECBHistoryURL are the European Central Bank's rate files
	// (CASHCONTROL_ECB_URL, CASHCONTROL_ECB_HISTORY_URL): the last 90 days, and
	// the whole history for a ledger's first download.
	ECBURL, ECBHistoryURL string
	// EnableBankingURL and SimpleFINURL are the bank providers' APIs
	// (CASHCONTROL_ENABLEBANKING_URL, CASHCONTROL_SIMPLEFIN_URL): other
	// addresses for tests and proxies. A SimpleFIN setup token may only
	// name one of SimpleFINURL's hosts (comma-separated).
	EnableBankingURL, SimpleFINURL string
	// BankSyncTimeout bounds one call to a bank provider
	// (CASHCONTROL_BANK_TIMEOUT).
	BankSyncTimeout time.Duration
	// SMTPURL is the SMTP server that emails invitations
	// (CASHCONTROL_SMTP_URL: smtp://[user:password@]host[:port][?from=address]);
	// empty: none are emailed, their links are only shown.
	SMTPURL string
	// BackupDir, when set, is where the server writes a backup every
	// BackupEvery and keeps the last BackupKeep (CASHCONTROL_BACKUP_DIR,
	// CASHCONTROL_BACKUP_EVERY, CASHCONTROL_BACKUP_KEEP).
	BackupDir   string
	BackupEvery time.Duration
	BackupKeep  int
	// Metrics serves Prometheus metrics at /metrics (CASHCONTROL_METRICS).
	Metrics bool
	// SecretKey seals the secrets the database keeps (two-step secrets,
	// bank credentials)
	// (CASHCONTROL_SECRET_KEY, at least 32 characters); empty: kept plain.
	SecretKey string
}

// Rate is Events at once, refilled evenly over Per: "10/1h" allows 10 at
// once and one more every 6 minutes.
type Rate struct {
	Events int
	Per    time.Duration
}

// Every is the time that gives back one event.
func (r Rate) Every() time.Duration { return r.Per / time.Duration(r.Events) }

func parseRate(s, setting string, bad func(string, string, ...any)) Rate {
	n, per, ok := strings.Cut(s, "/")
	events, err := strconv.Atoi(strings.TrimSpace(n))
	d, derr := time.ParseDuration(strings.TrimSpace(per))
	if !ok || err != nil || derr != nil || events < 1 || d <= 0 || d/time.Duration(events) <= 0 {
		bad(setting, "%q is not a rate such as 10/1h (events per duration)", s)
		return Rate{Events: 1, Per: time.Hour}
	}
	return Rate{Events: events, Per: d}
}

// DefaultTrustedProxies is what CASHCONTROL_TRUST_PROXY=true trusts when
// CASHCONTROL_TRUSTED_PROXIES is empty: loopback and private networks, where a
// reverse proxy of a self-hosted server lives.
var DefaultTrustedProxies = []string{"127.0.0.0/8", "::1/128", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"}

// HTTPS reports whether the public URL is https: cookies are then always
// Secure and responses carry Strict-Transport-Security.
func (c Config) HTTPS() bool { return strings.HasPrefix(c.BaseURL, "https://") }

// SQLitePath is the embedded database file.
func (c Config) SQLitePath() string { return filepath.Join(c.DataDir, "cashcontrol.db") }

var providerIDPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,31}$`)

// Load parses args (flags) over the environment given by getenv.
func Load(name string, args []string, getenv func(string) string, out io.Writer) (Config, error) {
	env := func(k, def string) string {
		if v := strings.TrimSpace(getenv(k)); v != "" {
			return v
		}
		return def
	}
	c := Config{}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(out)
	fs.StringVar(&c.Addr, "addr", env("CASHCONTROL_ADDR", "127.0.0.1:8080"), "listen address (CASHCONTROL_ADDR)")
	fs.StringVar(&c.DataDir, "data-dir", env("CASHCONTROL_DATA_DIR", "./data"), "data directory for SQLite (CASHCONTROL_DATA_DIR)")
	fs.StringVar(&c.DatabaseURL, "database-url", env("DATABASE_URL", ""), "PostgreSQL URL; SQLite when empty (DATABASE_URL)")
	fs.StringVar(&c.BaseURL, "base-url", env("CASHCONTROL_BASE_URL", ""), "public URL, for sign-in redirects and invitation links (CASHCONTROL_BASE_URL)")
	fs.StringVar(&c.SMTPURL, "smtp-url", env("CASHCONTROL_SMTP_URL", ""), "SMTP server for invitation emails: smtp://[user:password@]host[:port][?from=address] (CASHCONTROL_SMTP_URL)")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	var errs []error
	bad := func(setting, format string, a ...any) {
		errs = append(errs, fmt.Errorf("%s: %s", setting, fmt.Sprintf(format, a...)))
	}
	if _, port, err := net.SplitHostPort(c.Addr); err != nil {
		bad("CASHCONTROL_ADDR", "%q is not host:port", c.Addr)
	} else if p, err := strconv.Atoi(port); err != nil || p < 0 || p > 65535 {
		bad("CASHCONTROL_ADDR", "%q has a bad port", c.Addr)
	}
	if c.DataDir == "" {
		bad("CASHCONTROL_DATA_DIR", "must not be empty")
	}
	if c.DatabaseURL != "" {
		if u, err := url.Parse(c.DatabaseURL); err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
			bad("DATABASE_URL", "must be a postgres:// URL")
		}
	}
	if c.BaseURL == "" {
		c.BaseURL = "http://" + c.Addr
	} else if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		bad("CASHCONTROL_BASE_URL", "%q is not an http(s) URL", c.BaseURL)
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	c.SupportEmail = env("CASHCONTROL_SUPPORT_EMAIL", "")
	if c.SupportEmail != "" {
		if a, err := mail.ParseAddress(c.SupportEmail); err != nil || a.Address != c.SupportEmail {
			bad("CASHCONTROL_SUPPORT_EMAIL", "%q is not an email address", c.SupportEmail)
		}
	}
	c.AnalyticsID = env("CASHCONTROL_ANALYTICS_ID", "")
	if c.AnalyticsID != "" && !regexp.MustCompile(`^[A-Za-z0-9-]{4,40}$`).MatchString(c.AnalyticsID) {
		bad("CASHCONTROL_ANALYTICS_ID", "%q is not a measurement id", c.AnalyticsID)
	}
	var err error
	if c.SignupEnabled, err = strconv.ParseBool(env("CASHCONTROL_SIGNUP_ENABLED", "true")); err != nil {
		bad("CASHCONTROL_SIGNUP_ENABLED", "must be true or false")
	}
	if c.TrustProxy, err = strconv.ParseBool(env("CASHCONTROL_TRUST_PROXY", "false")); err != nil {
		bad("CASHCONTROL_TRUST_PROXY", "must be true or false")
	}
	if list := env("CASHCONTROL_TRUSTED_PROXIES", ""); list != "" {
		c.TrustProxy = true
		c.TrustedProxies = prefixes(strings.Split(list, ","), "CASHCONTROL_TRUSTED_PROXIES", bad)
	} else if c.TrustProxy {
		c.TrustedProxies = prefixes(DefaultTrustedProxies, "CASHCONTROL_TRUSTED_PROXIES", bad)
	}
	c.SessionIdle = duration(env("CASHCONTROL_SESSION_IDLE", "168h"), "CASHCONTROL_SESSION_IDLE", bad)
	c.SessionMax = duration(env("CASHCONTROL_SESSION_MAX", "720h"), "CASHCONTROL_SESSION_MAX", bad)
	if err := c.LogLevel.UnmarshalText([]byte(env("CASHCONTROL_LOG_LEVEL", "info"))); err != nil {
		bad("CASHCONTROL_LOG_LEVEL", "must be debug, info, warn or error")
	}
	c.LogFormat = env("CASHCONTROL_LOG_FORMAT", "text")
	if c.LogFormat != "text" && c.LogFormat != "json" {
		bad("CASHCONTROL_LOG_FORMAT", "must be text or json")
	}
	c.Providers = providers(env, bad)
	c.SignupRate = parseRate(env("CASHCONTROL_SIGNUP_RATE", "20/1h"), "CASHCONTROL_SIGNUP_RATE", bad)
	c.UploadRate = parseRate(env("CASHCONTROL_UPLOAD_RATE", "60/1h"), "CASHCONTROL_UPLOAD_RATE", bad)
	if c.PendingImports, err = strconv.Atoi(env("CASHCONTROL_PENDING_IMPORTS", "10")); err != nil || c.PendingImports < 1 {
		bad("CASHCONTROL_PENDING_IMPORTS", "must be a whole number of at least 1")
	}
	mb, err := strconv.Atoi(env("CASHCONTROL_PENDING_IMPORT_MB", "50"))
	if err != nil || mb < 20 || mb > 1<<20 {
		bad("CASHCONTROL_PENDING_IMPORT_MB", "must be a whole number of megabytes, at least 20 (one file of the largest size)")
	}
	c.PendingImportBytes = int64(mb) << 20
	count := func(name, def string, min int) int {
		n, err := strconv.Atoi(env(name, def))
		if err != nil || n < min {
			bad(name, "must be a whole number of at least %d", min)
		}
		return n
	}
	c.StreamsPerUser = count("CASHCONTROL_EVENT_STREAMS_PER_USER", "10", 1)
	c.Streams = count("CASHCONTROL_EVENT_STREAMS", "1000", 1)
	c.QuotaLedgers = count("CASHCONTROL_QUOTA_LEDGERS", "50", 1)
	c.QuotaSchedules = count("CASHCONTROL_QUOTA_SCHEDULES", "500", 1)
	c.QuotaAttachmentBytes = int64(count("CASHCONTROL_QUOTA_ATTACHMENTS_MB", "2048", 1)) << 20
	c.ScheduleCatchUp = count("CASHCONTROL_SCHEDULE_CATCH_UP", "400", 1)
	if c.Metrics, err = strconv.ParseBool(env("CASHCONTROL_METRICS", "false")); err != nil {
		bad("CASHCONTROL_METRICS", "must be true or false")
	}
	c.SecretKey = env("CASHCONTROL_SECRET_KEY", "")
	if c.SecretKey != "" && len(c.SecretKey) < 32 {
		bad("CASHCONTROL_SECRET_KEY", "must have at least 32 characters (e.g. openssl rand -base64 32)")
	}
	c.BackupDir = env("CASHCONTROL_BACKUP_DIR", "")
	c.BackupEvery = duration(env("CASHCONTROL_BACKUP_EVERY", "24h"), "CASHCONTROL_BACKUP_EVERY", bad)
	if c.BackupKeep, err = strconv.Atoi(env("CASHCONTROL_BACKUP_KEEP", "14")); err != nil || c.BackupKeep < 1 {
		bad("CASHCONTROL_BACKUP_KEEP", "must be a whole number of at least 1")
	}
	c.ECBURL = env("CASHCONTROL_ECB_URL", "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml")
	c.ECBHistoryURL = env("CASHCONTROL_ECB_HISTORY_URL", "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.xml")
	c.EnableBankingURL = env("CASHCONTROL_ENABLEBANKING_URL", "https://api.enablebanking.com")
	c.SimpleFINURL = env("CASHCONTROL_SIMPLEFIN_URL", "https://bridge.simplefin.org,https://beta-bridge.simplefin.org")
	if c.BankSyncTimeout, err = time.ParseDuration(env("CASHCONTROL_BANK_TIMEOUT", "30s")); err != nil || c.BankSyncTimeout < time.Second || c.BankSyncTimeout > 10*time.Minute {
		bad("CASHCONTROL_BANK_TIMEOUT", "must be a duration from 1s to 10m (e.g. 30s)")
	}
	urls := []struct{ name, url string }{{"CASHCONTROL_ECB_URL", c.ECBURL}, {"CASHCONTROL_ECB_HISTORY_URL", c.ECBHistoryURL},
		{"CASHCONTROL_ENABLEBANKING_URL", c.EnableBankingURL}}
	for one := range strings.SplitSeq(c.SimpleFINURL, ",") {
		urls = append(urls, struct{ name, url string }{"CASHCONTROL_SIMPLEFIN_URL", strings.TrimSpace(one)})
	}
	for _, u := range urls {
		if !strings.HasPrefix(u.url, "https://") && !strings.HasPrefix(u.url, "http://") {
			bad(u.name, "must be an http(s) address")
		}
	}
	return c, errors.Join(errs...)
}

// prefixes parses CIDRs and single addresses (a /32 or /128).
func prefixes(list []string, setting string, bad func(string, string, ...any)) []netip.Prefix {
	var out []netip.Prefix
	for _, s := range list {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if p, err := netip.ParsePrefix(s); err == nil {
			out = append(out, p.Masked())
		} else if a, err := netip.ParseAddr(s); err == nil && a.Zone() == "" {
			a = a.Unmap()
			out = append(out, netip.PrefixFrom(a, a.BitLen()))
		} else {
			bad(setting, "%q is not an IP address or CIDR (e.g. 10.0.0.0/8, 192.168.1.5)", s)
		}
	}
	if len(out) == 0 {
		bad(setting, "lists no address")
	}
	return out
}

func duration(s, setting string, bad func(string, string, ...any)) time.Duration {
	d, err := time.ParseDuration(s)
	if err != nil || d < time.Minute {
		bad(setting, "%q is not a duration of at least 1m (e.g. 168h)", s)
	}
	return d
}

func providers(env func(string, string) string, bad func(string, string, ...any)) []Provider {
	var out []Provider
	if id := env("CASHCONTROL_GOOGLE_CLIENT_ID", ""); id != "" {
		secret := env("CASHCONTROL_GOOGLE_CLIENT_SECRET", "")
		if secret == "" {
			bad("CASHCONTROL_GOOGLE_CLIENT_SECRET", "is required with CASHCONTROL_GOOGLE_CLIENT_ID")
		}
		out = append(out, Provider{ID: "google", Name: "Google", Issuer: "https://accounts.google.com", ClientID: id, ClientSecret: secret})
	}
	list := env("CASHCONTROL_OIDC_PROVIDERS", "")
	if list == "" {
		return out
	}
	for _, id := range strings.Split(list, ",") {
		id = strings.ToLower(strings.TrimSpace(id))
		if id == "" {
			continue
		}
		if !providerIDPattern.MatchString(id) || id == "google" && len(out) > 0 && out[0].ID == "google" {
			bad("CASHCONTROL_OIDC_PROVIDERS", "%q is not a usable provider id (a-z, 0-9, - and _)", id)
			continue
		}
		key := "CASHCONTROL_OIDC_" + strings.ToUpper(strings.ReplaceAll(id, "-", "_")) + "_"
		p := Provider{ID: id, Name: env(key+"NAME", id), Issuer: env(key+"ISSUER", ""),
			ClientID: env(key+"CLIENT_ID", ""), ClientSecret: env(key+"CLIENT_SECRET", "")}
		if u, err := url.Parse(p.Issuer); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			bad(key+"ISSUER", "%q is not an issuer URL", p.Issuer)
		}
		if p.ClientID == "" {
			bad(key+"CLIENT_ID", "is required")
		}
		out = append(out, p)
	}
	return out
}
