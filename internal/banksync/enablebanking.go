package banksync

import (
	"bytes"
	"context"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"cashcontrol/internal/finance"
)

// EnableBanking (https://enablebanking.com/docs/api/reference/): the
// user's own application (its id and RSA private key), every call signed
// by a short-lived RS256 JWT (kid: the application id; iss
// "enablebanking.com", aud "api.enablebanking.com"). The bank's
// authorisation is POST /auth (the user goes to its url), then POST
// /sessions with the code the bank sends back; the session's accounts give
// their balances and pages of transactions (continuation_key).
type EnableBanking struct {
	c     Config
	appID string
	key   *rsa.PrivateKey
}

const ebName = "Enable Banking"

// JWT claims Enable Banking requires.
const (
	EnableBankingIssuer   = "enablebanking.com"
	EnableBankingAudience = "api.enablebanking.com"
	// ebTokenLife: a token lives this long (the API takes at most a day).
	ebTokenLife = time.Hour
	// ebMaxPages bounds the pages of one account's transactions.
	ebMaxPages = 1000
)

// NewEnableBanking returns the provider of one application; a key that is
// not an RSA private key in PEM is refused as the field privateKey.
func NewEnableBanking(c Config, applicationID, privateKeyPEM string) (*EnableBanking, error) {
	applicationID = strings.TrimSpace(applicationID)
	if applicationID == "" || len(applicationID) > 100 {
		return nil, finance.FieldErr("applicationId", finance.FCodeRequired, "the Enable Banking application's id is required")
	}
	key, err := jwt.ParseRSAPrivateKeyFromPEM([]byte(privateKeyPEM))
	if err != nil {
		return nil, finance.FieldErr("privateKey", finance.FCodeInvalid, "not an RSA private key in PEM (the .pem file Enable Banking gave for the application)")
	}
	return &EnableBanking{c: c.withDefaults(), appID: applicationID, key: key}, nil
}

// Name implements Provider.
func (e *EnableBanking) Name() string { return finance.BankEnableBanking }

// Token is the JWT that signs the calls made now.
func (e *EnableBanking) Token() (string, error) {
	now := e.c.Now()
	t := jwt.NewWithClaims(jwt.SigningMethodRS256, jwt.MapClaims{
		"iss": EnableBankingIssuer, "aud": EnableBankingAudience,
		"iat": now.Unix(), "exp": now.Add(ebTokenLife).Unix(),
	})
	t.Header["kid"] = e.appID
	return t.SignedString(e.key)
}

func (e *EnableBanking) do(ctx context.Context, method, path string, query url.Values, body, out any) error {
	u := e.c.EnableBankingURL + path
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	var rd *bytes.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	var req *http.Request
	var err error
	if rd != nil {
		req, err = http.NewRequestWithContext(ctx, method, u, rd)
	} else {
		req, err = http.NewRequestWithContext(ctx, method, u, nil)
	}
	if err != nil {
		return unavailable(ebName, "bad address %q", e.c.EnableBankingURL)
	}
	tok, err := e.Token()
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Accept", "application/json")
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if out == nil {
		_, err = e.c.call(req, ebName, nil)
		return err
	}
	_, err = e.c.call(req, ebName, out)
	return err
}

// Institutions implements Provider (GET /aspsps?country=).
func (e *EnableBanking) Institutions(ctx context.Context, country string) ([]finance.BankInstitution, error) {
	country = strings.ToUpper(strings.TrimSpace(country))
	if len(country) != 2 {
		return nil, finance.FieldErr("country", finance.FCodeInvalid, "a country is two letters (ISO 3166)")
	}
	var ans struct {
		ASPSPs []struct {
			Name     string `json:"name"`
			Country  string `json:"country"`
			Logo     string `json:"logo"`
			MaxValid int64  `json:"maximum_consent_validity"` // seconds
		} `json:"aspsps"`
	}
	if err := e.do(ctx, http.MethodGet, "/aspsps", url.Values{"country": {country}}, nil, &ans); err != nil {
		return nil, err
	}
	out := make([]finance.BankInstitution, 0, len(ans.ASPSPs))
	for _, a := range ans.ASPSPs {
		out = append(out, finance.BankInstitution{Name: a.Name, Country: a.Country, Logo: a.Logo, MaxConsentDays: int(a.MaxValid / 86400)})
	}
	return out, nil
}

// Start implements Provider (POST /auth).
func (e *EnableBanking) Start(ctx context.Context, r StartRequest) (string, error) {
	body := map[string]any{
		"access":       map[string]any{"valid_until": r.ValidUntil.UTC().Format(time.RFC3339)},
		"aspsp":        map[string]string{"name": r.Institution, "country": strings.ToUpper(r.Country)},
		"state":        r.State,
		"redirect_url": r.RedirectURL,
		"psu_type":     "personal",
	}
	var ans struct {
		URL string `json:"url"`
	}
	if err := e.do(ctx, http.MethodPost, "/auth", nil, body, &ans); err != nil {
		return "", err
	}
	u, err := url.Parse(ans.URL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return "", unavailable(ebName, "the authorisation answered no address to send the user to")
	}
	return ans.URL, nil
}

type ebAccount struct {
	UID       string `json:"uid"`
	Name      string `json:"name"`
	Product   string `json:"product"`
	Currency  string `json:"currency"`
	AccountID struct {
		IBAN string `json:"iban"`
	} `json:"account_id"`
}

// Finish implements Provider (POST /sessions with the code).
func (e *EnableBanking) Finish(ctx context.Context, code string) (Session, error) {
	if strings.TrimSpace(code) == "" {
		return Session{}, finance.FieldErr("code", finance.FCodeRequired, "the bank sent no authorisation code")
	}
	var ans struct {
		SessionID string      `json:"session_id"`
		Accounts  []ebAccount `json:"accounts"`
		ASPSP     struct {
			Name string `json:"name"`
		} `json:"aspsp"`
		Access struct {
			ValidUntil string `json:"valid_until"`
		} `json:"access"`
	}
	if err := e.do(ctx, http.MethodPost, "/sessions", nil, map[string]string{"code": code}, &ans); err != nil {
		return Session{}, err
	}
	if ans.SessionID == "" {
		return Session{}, unavailable(ebName, "the session answered no id")
	}
	s := Session{Secret: ans.SessionID, Institution: ans.ASPSP.Name}
	if t, err := time.Parse(time.RFC3339, ans.Access.ValidUntil); err == nil {
		s.ConsentEnd = t
	}
	for _, a := range ans.Accounts {
		acc, err := e.account(ctx, a)
		if err != nil {
			return Session{}, err
		}
		s.Accounts = append(s.Accounts, acc)
	}
	return s, nil
}

func (e *EnableBanking) account(ctx context.Context, a ebAccount) (finance.BankAccount, error) {
	cur := strings.ToUpper(a.Currency)
	if _, ok := e.c.exponentOf(cur); !ok || a.UID == "" {
		return finance.BankAccount{}, unavailable(ebName, "account %q has no ISO 4217 currency (%q)", a.UID, a.Currency)
	}
	name := strings.TrimSpace(a.Name)
	if name == "" {
		name = strings.TrimSpace(a.Product)
	}
	if iban := a.AccountID.IBAN; iban != "" && len(iban) > 4 {
		name = strings.TrimSpace(name + " …" + iban[len(iban)-4:])
	}
	acc := finance.BankAccount{ID: a.UID, Name: finance.Truncate(name, finance.MaxAccountName), Currency: cur}
	bal, err := e.balance(ctx, a.UID, cur)
	if err != nil {
		return finance.BankAccount{}, err
	}
	if bal != nil {
		acc.Balance, acc.BalanceDate = bal.Amount, bal.Date
	}
	return acc, nil
}

// ebAmount is an amount as Enable Banking writes it.
type ebAmount struct {
	Currency string `json:"currency"`
	Amount   string `json:"amount"`
}

// bookedTypes are the balance types of a booked balance, best first
// (ISO 20022: closing booked, interim booked, opening booked).
var bookedTypes = []string{"CLBD", "ITBD", "OPBD", "XPCD", "ITAV", "CLAV"}

// balance is the account's booked balance (GET /accounts/{id}/balances);
// nil when the bank gives none in its currency.
func (e *EnableBanking) balance(ctx context.Context, uid, currency string) (*finance.BankBalance, error) {
	var ans struct {
		Balances []struct {
			Amount ebAmount `json:"balance_amount"`
			Type   string   `json:"balance_type"`
			Date   string   `json:"reference_date"`
		} `json:"balances"`
	}
	if err := e.do(ctx, http.MethodGet, "/accounts/"+url.PathEscape(uid)+"/balances", nil, nil, &ans); err != nil {
		return nil, err
	}
	exp, _ := e.c.exponentOf(currency)
	for _, typ := range bookedTypes {
		for _, b := range ans.Balances {
			if b.Type != typ || !strings.EqualFold(b.Amount.Currency, currency) {
				continue
			}
			v, err := ParseAmount(b.Amount.Amount, exp)
			if err != nil {
				return nil, unavailable(ebName, "balance %q of account %q is not an amount in %s", b.Amount.Amount, uid, currency)
			}
			d := b.Date
			if !finance.ValidDate(d) {
				d = e.c.Now().UTC().Format(time.DateOnly)
			}
			return &finance.BankBalance{Date: d, Amount: v}, nil
		}
	}
	return nil, nil
}

// Accounts implements Provider (GET /sessions/{id}, then each account's
// details and balances).
func (e *EnableBanking) Accounts(ctx context.Context, session string) ([]finance.BankAccount, error) {
	var ans struct {
		Accounts []string `json:"accounts"`
	}
	if err := e.do(ctx, http.MethodGet, "/sessions/"+url.PathEscape(session), nil, nil, &ans); err != nil {
		return nil, err
	}
	out := []finance.BankAccount{}
	for _, uid := range ans.Accounts {
		var a ebAccount
		if err := e.do(ctx, http.MethodGet, "/accounts/"+url.PathEscape(uid)+"/details", nil, nil, &a); err != nil {
			return nil, err
		}
		a.UID = uid
		acc, err := e.account(ctx, a)
		if err != nil {
			return nil, err
		}
		out = append(out, acc)
	}
	return out, nil
}

type ebTransaction struct {
	EntryReference string   `json:"entry_reference"`
	TransactionID  string   `json:"transaction_id"`
	Amount         ebAmount `json:"transaction_amount"`
	Indicator      string   `json:"credit_debit_indicator"`
	Status         string   `json:"status"`
	BookingDate    string   `json:"booking_date"`
	ValueDate      string   `json:"value_date"`
	TxDate         string   `json:"transaction_date"`
	Creditor       *struct {
		Name string `json:"name"`
	} `json:"creditor"`
	Debtor *struct {
		Name string `json:"name"`
	} `json:"debtor"`
	Remittance []string `json:"remittance_information"`
}

// Statements implements Provider: each account's balance, then its
// transactions since the day, page by page.
func (e *EnableBanking) Statements(ctx context.Context, session string, accountIDs []string, since time.Time) ([]finance.BankStatement, error) {
	out := make([]finance.BankStatement, 0, len(accountIDs))
	for _, uid := range accountIDs {
		st, err := e.statement(ctx, uid, since)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}

func (e *EnableBanking) statement(ctx context.Context, uid string, since time.Time) (finance.BankStatement, error) {
	st := finance.BankStatement{AccountID: uid, Transactions: []finance.BankTransaction{}}
	seen := map[string]int{}
	key := ""
	currency := ""
	for page := 0; ; page++ {
		if page == ebMaxPages {
			return st, unavailable(ebName, "account %q has more than %d pages of transactions", uid, ebMaxPages)
		}
		q := url.Values{"date_from": {since.UTC().Format(time.DateOnly)}}
		if key != "" {
			q.Set("continuation_key", key)
		}
		var ans struct {
			Transactions []ebTransaction `json:"transactions"`
			Continuation string          `json:"continuation_key"`
		}
		if err := e.do(ctx, http.MethodGet, "/accounts/"+url.PathEscape(uid)+"/transactions", q, nil, &ans); err != nil {
			return st, err
		}
		for _, t := range ans.Transactions {
			if currency == "" {
				currency = strings.ToUpper(t.Amount.Currency)
			}
			bt, ok, err := e.transaction(t, seen)
			if err != nil {
				return st, err
			}
			if ok {
				st.Transactions = append(st.Transactions, bt)
			}
		}
		if ans.Continuation == "" || ans.Continuation == key {
			break
		}
		key = ans.Continuation
	}
	if currency != "" {
		bal, err := e.balance(ctx, uid, currency)
		if err != nil {
			return st, err
		}
		st.Balance = bal
	}
	return st, nil
}

// transaction reads one transaction; ok false for one that is no movement
// (no date, zero). A transaction without the bank's reference (pending
// ones often) gets an id made of what it says, numbered when it repeats.
func (e *EnableBanking) transaction(t ebTransaction, seen map[string]int) (finance.BankTransaction, bool, error) {
	cur := strings.ToUpper(t.Amount.Currency)
	exp, ok := e.c.exponentOf(cur)
	if !ok {
		return finance.BankTransaction{}, false, unavailable(ebName, "a transaction has no ISO 4217 currency (%q)", t.Amount.Currency)
	}
	v, err := ParseAmount(strings.TrimPrefix(t.Amount.Amount, "-"), exp)
	if err != nil {
		return finance.BankTransaction{}, false, unavailable(ebName, "%q is not an amount in %s", t.Amount.Amount, cur)
	}
	switch {
	case t.Indicator == "DBIT":
		v = -v
	case t.Indicator == "" && strings.HasPrefix(t.Amount.Amount, "-"):
		v = -v
	}
	pending := t.Status == "PDNG"
	date := t.BookingDate
	if pending || !finance.ValidDate(date) {
		date = firstDate(t.TxDate, t.ValueDate, t.BookingDate)
	}
	if date == "" || v == 0 {
		return finance.BankTransaction{}, false, nil
	}
	bt := finance.BankTransaction{Date: date, Amount: v, Pending: pending, Description: strings.Join(t.Remittance, " ")}
	switch {
	case v < 0 && t.Creditor != nil:
		bt.Counterparty = t.Creditor.Name
	case v > 0 && t.Debtor != nil:
		bt.Counterparty = t.Debtor.Name
	}
	bt.ID = t.EntryReference
	if bt.ID == "" {
		bt.ID = t.TransactionID
	}
	if bt.ID == "" {
		h := sha256.Sum256([]byte(t.Status + "|" + date + "|" + strconv.FormatInt(v, 10) + "|" + bt.Counterparty + "|" + bt.Description))
		base := "h:" + hex.EncodeToString(h[:12])
		seen[base]++
		bt.ID = base + ":" + strconv.Itoa(seen[base])
	}
	return bt, true, nil
}

func firstDate(ds ...string) string {
	for _, d := range ds {
		if finance.ValidDate(d) {
			return d
		}
	}
	return ""
}

// Revoke implements Provider (DELETE /sessions/{id}).
func (e *EnableBanking) Revoke(ctx context.Context, session string) error {
	return e.do(ctx, http.MethodDelete, "/sessions/"+url.PathEscape(session), nil, nil, nil)
}
