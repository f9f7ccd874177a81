// Package banksync connects a ledger to banks through providers (Enable
// Banking, SimpleFIN): one small interface, one file per provider. It
// answers with finance's types and knows nothing of the store or the API:
// the Service (service.go) is handed a Store to keep what it fetches.
package banksync

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/money"
)

// Provider is one way to a bank's data. A provider value carries the
// credentials of one application (Enable Banking's key) or none
// (SimpleFIN); the session is what Finish returned, kept sealed.
type Provider interface {
	// Name is the provider's id (finance.BankEnableBanking…).
	Name() string
	// Institutions lists the banks of a country (ISO 3166 alpha-2).
	Institutions(ctx context.Context, country string) ([]finance.BankInstitution, error)
	// Start begins the bank's authorisation: the address the user's
	// browser goes to; the bank sends it back to req.RedirectURL with a
	// code and req.State.
	Start(ctx context.Context, req StartRequest) (string, error)
	// Finish turns the code (Enable Banking's authorisation code,
	// SimpleFIN's setup token) into a session and its accounts.
	Finish(ctx context.Context, code string) (Session, error)
	// Accounts lists the session's accounts with their booked balances.
	Accounts(ctx context.Context, session string) ([]finance.BankAccount, error)
	// Statements fetches the accounts' booked balances and their
	// transactions (booked and pending) since a day.
	Statements(ctx context.Context, session string, accountIDs []string, since time.Time) ([]finance.BankStatement, error)
	// Revoke ends the session at the provider, where it can.
	Revoke(ctx context.Context, session string) error
}

// StartRequest is what Start asks the bank for.
type StartRequest struct {
	Institution, Country string
	RedirectURL, State   string
	ValidUntil           time.Time
}

// Session is a finished connection: Secret is what later calls need (kept
// sealed), ConsentEnd when the bank's consent ends (zero: not known).
type Session struct {
	Secret      string
	Institution string
	Accounts    []finance.BankAccount
	ConsentEnd  time.Time
}

// Config is what every provider shares.
type Config struct {
	// EnableBankingURL is Enable Banking's API (https://api.enablebanking.com).
	EnableBankingURL string
	// SimpleFINURL is the SimpleFIN servers setup tokens may claim from and
	// access URLs may point to, comma-separated (DefaultSimpleFINURL): a
	// setup token is the user's text, and the server must not be made to
	// call any address it names.
	SimpleFINURL string
	// Timeout bounds one call (default 30 s); MaxBytes one answer (default 8 MiB).
	Timeout  time.Duration
	MaxBytes int64
	// Client makes the calls (default: a client with Timeout).
	Client     *http.Client
	Currencies *money.Table
	Now        func() time.Time
}

// Defaults of Config.
const (
	DefaultEnableBankingURL = "https://api.enablebanking.com"
	// The SimpleFIN Bridge: bridge.simplefin.org makes today's tokens, its
	// beta host the older ones (both still answer).
	DefaultSimpleFINURL = "https://bridge.simplefin.org,https://beta-bridge.simplefin.org"
	DefaultTimeout      = 30 * time.Second
	DefaultMaxBytes     = 8 << 20
)

func (c Config) withDefaults() Config {
	if c.EnableBankingURL == "" {
		c.EnableBankingURL = DefaultEnableBankingURL
	}
	if c.SimpleFINURL == "" {
		c.SimpleFINURL = DefaultSimpleFINURL
	}
	c.EnableBankingURL = strings.TrimRight(c.EnableBankingURL, "/")
	c.SimpleFINURL = strings.TrimRight(c.SimpleFINURL, "/")
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.MaxBytes <= 0 {
		c.MaxBytes = DefaultMaxBytes
	}
	if c.Client == nil {
		c.Client = &http.Client{Timeout: c.Timeout}
	}
	if c.Currencies == nil {
		c.Currencies = money.NewTable()
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// RateLimited is a provider's "not now": when the next call is allowed.
type RateLimited struct {
	Err     *finance.Error
	RetryAt time.Time
	wait    time.Duration
}

func (e *RateLimited) Error() string { return e.Err.Error() }
func (e *RateLimited) Unwrap() error { return e.Err }

// RetryAfterSeconds is how long to wait, for the API's Retry-After.
func (e *RateLimited) RetryAfterSeconds() int { return int((e.wait + time.Second - 1) / time.Second) }

// DefaultRetryAfter is the wait assumed when a provider limits calls
// without saying for how long (both limit calls per account and day).
const DefaultRetryAfter = time.Hour

func rateLimited(provider string, now time.Time, retryAfter string) error {
	wait := DefaultRetryAfter
	if s, err := strconv.Atoi(strings.TrimSpace(retryAfter)); err == nil && s >= 0 {
		wait = time.Duration(s) * time.Second
	} else if t, err := http.ParseTime(retryAfter); err == nil {
		wait = max(0, t.Sub(now))
	}
	at := now.Add(wait).UTC()
	fe := finance.Errorf(finance.ECodeBankRateLimited, "%s allows no more calls until %s", provider, at.Format(time.RFC3339)).
		With("retryAt", at.Format(time.RFC3339))
	return &RateLimited{Err: fe, RetryAt: at, wait: wait}
}

// RetryAt is when a rate-limited provider allows the next call (ok false:
// err is not a rate limit).
func RetryAt(err error) (time.Time, bool) {
	var rl *RateLimited
	if errors.As(err, &rl) {
		return rl.RetryAt, true
	}
	return time.Time{}, false
}

func unavailable(provider, format string, args ...any) error {
	return finance.Errorf(finance.ECodeBankUnavailable, "%s: %s", provider, fmt.Sprintf(format, args...))
}

func consentExpired(provider string) error {
	return finance.Errorf(finance.ECodeBankConsentExpired, "%s refused the connection's credentials: the consent ended or was revoked; connect the bank again", provider)
}

// call sends req and decodes a JSON answer into out (nil: the body is
// returned as text, within the cap). The answer's size is capped: a body
// past MaxBytes is refused as it is read, never held whole.
func (c Config) call(req *http.Request, provider string, out any) (string, error) {
	resp, err := c.Client.Do(req)
	if err != nil {
		if ctxErr := req.Context().Err(); ctxErr != nil && !errors.Is(ctxErr, context.DeadlineExceeded) {
			return "", ctxErr
		}
		var ne interface{ Timeout() bool }
		if errors.As(err, &ne) && ne.Timeout() || errors.Is(err, context.DeadlineExceeded) {
			return "", unavailable(provider, "did not answer within %s", c.Timeout)
		}
		return "", unavailable(provider, "cannot be reached")
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		return "", rateLimited(provider, c.Now(), resp.Header.Get("Retry-After"))
	case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden:
		return "", consentExpired(provider)
	case resp.StatusCode < 200 || resp.StatusCode > 299:
		return "", providerStatus(provider, resp, c.MaxBytes)
	}
	if resp.ContentLength > c.MaxBytes {
		return "", tooLarge(provider, c.MaxBytes)
	}
	body := &capped{r: resp.Body, left: c.MaxBytes}
	if out == nil {
		b, err := io.ReadAll(body)
		if err != nil {
			return "", readErr(provider, err, c)
		}
		return string(b), nil
	}
	dec := json.NewDecoder(body)
	if err := dec.Decode(out); err != nil {
		return "", readErr(provider, err, c)
	}
	return "", nil
}

// providerStatus is an error answer: Enable Banking names expired or
// revoked sessions in its body (a 4xx with a code), others are the
// provider's failure.
func providerStatus(provider string, resp *http.Response, limit int64) error {
	var e struct {
		Code    json.RawMessage `json:"code"`
		Error   string          `json:"error"`
		Message string          `json:"message"`
	}
	_ = json.NewDecoder(io.LimitReader(resp.Body, min(limit, 64<<10))).Decode(&e)
	text := strings.ToUpper(e.Error + " " + e.Message + " " + string(e.Code))
	if resp.StatusCode < 500 && (strings.Contains(text, "EXPIRED") || strings.Contains(text, "REVOKED") || strings.Contains(text, "CLOSED_SESSION") || strings.Contains(text, "SESSION")) {
		return consentExpired(provider)
	}
	return unavailable(provider, "answered %d", resp.StatusCode)
}

func readErr(provider string, err error, c Config) error {
	if errors.Is(err, errTooLarge) {
		return tooLarge(provider, c.MaxBytes)
	}
	var ne interface{ Timeout() bool }
	if errors.As(err, &ne) && ne.Timeout() || errors.Is(err, context.DeadlineExceeded) {
		return unavailable(provider, "did not answer within %s", c.Timeout)
	}
	return unavailable(provider, "answered what is not its API (%v)", err)
}

func tooLarge(provider string, limit int64) error {
	return unavailable(provider, "answered more than %d bytes", limit)
}

var errTooLarge = errors.New("banksync: answer too large")

// capped reads at most left bytes, then fails.
type capped struct {
	r    io.Reader
	left int64
}

func (c *capped) Read(p []byte) (int, error) {
	if c.left <= 0 {
		var one [1]byte
		if n, _ := c.r.Read(one[:]); n > 0 {
			return 0, errTooLarge
		}
		return 0, io.EOF
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}
