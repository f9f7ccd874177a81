package banksync

import (
	"context"
	"encoding/base64"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"cashcontrol/internal/finance"
)

// SimpleFIN (https://www.simplefin.org/protocol.html): the user's setup
// token is the base64 of a claim URL; one POST to it answers the access
// URL (with basic-auth credentials in it), the connection's secret. The
// accounts and their transactions are GET {access}/accounts with start-date
// and end-date in epoch seconds; the answer's errors are the bridge's
// messages for the user.
type SimpleFIN struct{ c Config }

// NewSimpleFIN returns the SimpleFIN provider.
func NewSimpleFIN(c Config) *SimpleFIN { return &SimpleFIN{c: c.withDefaults()} }

const simplefinName = "SimpleFIN"

// Name implements Provider.
func (s *SimpleFIN) Name() string { return finance.BankSimpleFIN }

// Institutions implements Provider: SimpleFIN's banks are chosen in the
// bridge, not here.
func (s *SimpleFIN) Institutions(context.Context, string) ([]finance.BankInstitution, error) {
	return []finance.BankInstitution{}, nil
}

// Start implements Provider: SimpleFIN connects with a setup token.
func (s *SimpleFIN) Start(context.Context, StartRequest) (string, error) {
	return "", finance.FieldErr("provider", finance.FCodeInvalid, "SimpleFIN connects with a setup token, not a redirect")
}

// allowed: u points at one of the configured SimpleFIN servers.
func (s *SimpleFIN) allowed(u *url.URL) bool {
	for one := range strings.SplitSeq(s.c.SimpleFINURL, ",") {
		base, err := url.Parse(strings.TrimSpace(one))
		if err == nil && u.Scheme == base.Scheme && strings.EqualFold(u.Host, base.Host) {
			return true
		}
	}
	return false
}

// Finish implements Provider: claims the setup token (once: a token claimed
// twice is refused by the bridge) and lists the accounts.
func (s *SimpleFIN) Finish(ctx context.Context, setupToken string) (Session, error) {
	bad := finance.FieldErr("setupToken", finance.FCodeInvalid, "not a SimpleFIN setup token (the base64 of a claim URL from the SimpleFIN Bridge)")
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(setupToken))
	if err != nil {
		if raw, err = base64.RawURLEncoding.DecodeString(strings.TrimSpace(setupToken)); err != nil {
			return Session{}, bad
		}
	}
	claim, err := url.Parse(strings.TrimSpace(string(raw)))
	if err != nil || claim.User != nil || !s.allowed(claim) {
		return Session{}, bad
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, claim.String(), nil)
	if err != nil {
		return Session{}, bad
	}
	req.ContentLength = 0
	access, err := s.c.call(req, simplefinName, nil)
	if finance.ErrorCode(err) == finance.ECodeBankConsentExpired {
		return Session{}, finance.FieldErr("setupToken", finance.FCodeInvalid, "SimpleFIN refused the setup token: it was claimed already or is wrong; make a new one")
	}
	if err != nil {
		return Session{}, err
	}
	access = strings.TrimSpace(access)
	u, err := url.Parse(access)
	if err != nil || u.User == nil || !s.allowed(u) {
		return Session{}, unavailable(simplefinName, "claiming the token answered no access URL")
	}
	accounts, err := s.Accounts(ctx, access)
	if err != nil {
		return Session{}, err
	}
	return Session{Secret: access, Institution: "SimpleFIN Bridge", Accounts: accounts}, nil
}

// sfAnswer is GET /accounts's answer (protocol's Account Set).
type sfAnswer struct {
	Errors   []string    `json:"errors"`
	Accounts []sfAccount `json:"accounts"`
}

type sfAccount struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Currency    string `json:"currency"`
	Balance     string `json:"balance"`
	BalanceDate int64  `json:"balance-date"`
	Org         struct {
		Name   string `json:"name"`
		Domain string `json:"domain"`
	} `json:"org"`
	Transactions []sfTransaction `json:"transactions"`
}

type sfTransaction struct {
	ID          string `json:"id"`
	Posted      int64  `json:"posted"`
	Amount      string `json:"amount"`
	Description string `json:"description"`
	Payee       string `json:"payee"`
	Memo        string `json:"memo"`
	Pending     bool   `json:"pending"`
	Transacted  int64  `json:"transacted_at"`
}

// fetch GETs {access}/accounts with the query; the bridge's errors come
// back as the error of a call that brought no accounts.
func (s *SimpleFIN) fetch(ctx context.Context, access string, q url.Values) (*sfAnswer, error) {
	u, err := url.Parse(access)
	if err != nil || u.User == nil || !s.allowed(u) {
		return nil, consentExpired(simplefinName)
	}
	user := u.User
	u.User = nil
	u.Path = strings.TrimRight(u.Path, "/") + "/accounts"
	u.RawQuery = q.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, consentExpired(simplefinName)
	}
	pass, _ := user.Password()
	req.SetBasicAuth(user.Username(), pass)
	var ans sfAnswer
	if _, err := s.c.call(req, simplefinName, &ans); err != nil {
		return nil, err
	}
	if len(ans.Errors) > 0 && len(ans.Accounts) == 0 {
		return nil, unavailable(simplefinName, "%s", strings.Join(ans.Errors, "; "))
	}
	return &ans, nil
}

// Accounts implements Provider.
func (s *SimpleFIN) Accounts(ctx context.Context, access string) ([]finance.BankAccount, error) {
	ans, err := s.fetch(ctx, access, url.Values{"balances-only": {"1"}})
	if err != nil {
		return nil, err
	}
	out := make([]finance.BankAccount, 0, len(ans.Accounts))
	for _, a := range ans.Accounts {
		acc, err := s.account(a)
		if err != nil {
			return nil, err
		}
		out = append(out, acc)
	}
	return out, nil
}

func (s *SimpleFIN) account(a sfAccount) (finance.BankAccount, error) {
	cur := strings.ToUpper(strings.TrimSpace(a.Currency))
	exp, ok := s.c.exponentOf(cur)
	if !ok || a.ID == "" {
		return finance.BankAccount{}, unavailable(simplefinName, "account %q has no ISO 4217 currency (%q)", a.ID, a.Currency)
	}
	bal, err := ParseAmount(a.Balance, exp)
	if err != nil {
		return finance.BankAccount{}, unavailable(simplefinName, "account %q's balance %q is not an amount in %s", a.ID, a.Balance, cur)
	}
	name := strings.TrimSpace(a.Name)
	if a.Org.Name != "" && !strings.Contains(name, a.Org.Name) {
		name = strings.TrimSpace(a.Org.Name + " " + name)
	}
	return finance.BankAccount{ID: a.ID, Name: finance.Truncate(name, finance.MaxAccountName), Currency: cur, Balance: bal, BalanceDate: day(a.BalanceDate)}, nil
}

func day(epoch int64) string {
	if epoch <= 0 {
		return ""
	}
	return time.Unix(epoch, 0).UTC().Format(time.DateOnly)
}

// Statements implements Provider: one call for all the accounts (the
// bridge counts calls per day).
func (s *SimpleFIN) Statements(ctx context.Context, access string, accountIDs []string, since time.Time) ([]finance.BankStatement, error) {
	q := url.Values{"start-date": {strconv.FormatInt(since.Unix(), 10)}, "end-date": {strconv.FormatInt(s.c.Now().Add(24*time.Hour).Unix(), 10)}, "pending": {"1"}}
	ans, err := s.fetch(ctx, access, q)
	if err != nil {
		return nil, err
	}
	out := []finance.BankStatement{}
	for _, a := range ans.Accounts {
		if !slices.Contains(accountIDs, a.ID) {
			continue
		}
		acc, err := s.account(a)
		if err != nil {
			return nil, err
		}
		exp, _ := s.c.exponentOf(acc.Currency)
		st := finance.BankStatement{AccountID: a.ID, Transactions: make([]finance.BankTransaction, 0, len(a.Transactions))}
		if acc.BalanceDate != "" {
			st.Balance = &finance.BankBalance{Date: acc.BalanceDate, Amount: acc.Balance}
		}
		for _, t := range a.Transactions {
			amount, err := ParseAmount(t.Amount, exp)
			if err != nil || t.ID == "" {
				return nil, unavailable(simplefinName, "transaction %q of account %q: %q is not an amount in %s", t.ID, a.ID, t.Amount, acc.Currency)
			}
			when := t.Posted
			if when == 0 || t.Pending {
				when = max(t.Transacted, t.Posted)
			}
			if when == 0 || amount == 0 {
				continue // not dated or of nothing: not a movement
			}
			st.Transactions = append(st.Transactions, finance.BankTransaction{ID: t.ID, Date: day(when), Amount: amount,
				Description: strings.TrimSpace(t.Description), Counterparty: strings.TrimSpace(t.Payee), Pending: t.Pending || t.Posted == 0})
		}
		out = append(out, st)
	}
	return out, nil
}

// Revoke implements Provider: SimpleFIN's access is revoked in the bridge.
func (s *SimpleFIN) Revoke(context.Context, string) error { return nil }
