package finance

import (
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Bank sync: a ledger's connections to a bank through a provider
// (Enable Banking, SimpleFIN), the bank's accounts and the movements they
// bring. The providers live in internal/banksync; these are the types they
// answer with and the API speaks.

// Bank providers.
const (
	BankEnableBanking = "enablebanking"
	BankSimpleFIN     = "simplefin"
)

// Error codes of bank sync.
const (
	// ECodeSecretKeyRequired: bank credentials are kept only sealed, and the
	// server has no secret key (CASHCONTROL_SECRET_KEY) to seal them with.
	ECodeSecretKeyRequired = "secret_key_required"
	// ECodeBankUnavailable: the provider failed, answered what is not its
	// API (garbage, a page too large) or not in time; nothing was changed.
	ECodeBankUnavailable = "bank_unavailable"
	// ECodeBankRateLimited: the provider allows no more calls for now
	// (Error.Params["retryAt"] says when, and Retry-After how long).
	ECodeBankRateLimited = "bank_rate_limited"
	// ECodeBankConsentExpired: the bank's consent ended or was revoked, or
	// the credentials no longer work: connect again.
	ECodeBankConsentExpired = "bank_consent_expired"
)

// BankInstitution is a bank a provider connects to.
type BankInstitution struct {
	Name    string `json:"name"`
	Country string `json:"country"`
	Logo    string `json:"logo"`
	// MaxConsentDays is the longest consent the bank gives (0: unknown).
	MaxConsentDays int `json:"maxConsentDays"`
}

// BankAccount is one of the bank's accounts in a connection.
type BankAccount struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Currency string `json:"currency"`
	// Balance is the bank's booked balance (minor units) on BalanceDate.
	Balance     int64  `json:"balance"`
	BalanceDate string `json:"balanceDate"`
	// AccountID is the Cash Control account it is linked to (nil: none).
	AccountID *int64 `json:"accountId,string"`
	// AppBalance is that account's balance, beside the bank's (nil when
	// not linked).
	AppBalance *int64 `json:"appBalance"`
}

// BankTransaction is a transaction as a provider reports it.
type BankTransaction struct {
	// ID is the provider's id of it, stable between calls (the duplicate key).
	ID     string
	Date   string // YYYY-MM-DD: the booking date (the transaction's date while pending)
	Amount int64  // signed minor units of the account's currency: negative is money out
	// Description is what the bank says it is (counterparty or remittance
	// text), before the per-bank clean-up; Counterparty the other side's name.
	Description  string
	Counterparty string
	// Notes: what the movement's notes keep (the raw text, once the
	// description is cleaned up).
	Notes   string
	Pending bool
}

// BankStatement is what a provider reports of one account since a date.
type BankStatement struct {
	AccountID    string
	Balance      *BankBalance
	Transactions []BankTransaction
}

// BankBalance is the bank's booked balance of an account on a day.
type BankBalance struct {
	Date   string
	Amount int64
}

// BankConnection is a ledger's connection to a bank, without its secrets.
type BankConnection struct {
	ID          int64  `json:"id,string"`
	Provider    string `json:"provider" enum:"enablebanking,simplefin"`
	Institution string `json:"institution"`
	// Country is the bank's country (ISO 3166 alpha-2; "" when the provider
	// has none), to authorise the same bank again.
	Country  string        `json:"country"`
	Status   string        `json:"status" enum:"pending,active,expired"`
	Accounts []BankAccount `json:"accounts"`
	// ConsentEnd is when the bank's consent ends (RFC 3339; nil: no end
	// known); ConsentDaysLeft how many days are left.
	ConsentEnd      *string         `json:"consentEnd"`
	ConsentDaysLeft *int            `json:"consentDaysLeft"`
	LastSyncAt      *int64          `json:"lastSyncAt"` // Unix milliseconds
	LastSync        *BankSyncResult `json:"lastSync"`
	// LastError is the last sync's failure (its code and message), nil
	// when it succeeded.
	LastError *BankSyncError `json:"lastError"`
	// SyncEveryHours is how often the scheduled sync runs (0: manual only).
	SyncEveryHours int   `json:"syncEveryHours"`
	CreatedAt      int64 `json:"createdAt"`
}

// Connection statuses.
const (
	BankPending = "pending" // the bank's authorisation is not finished
	BankActive  = "active"
	BankExpired = "expired" // the consent ended or was revoked
)

// BankSyncResult is what a sync did.
type BankSyncResult struct {
	Created int `json:"created"`
	Matched int `json:"matched"`
	Updated int `json:"updated"`
}

// BankSyncError is a failed sync, as the connection shows it.
type BankSyncError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// RetryAt: when the provider allows the next call (RFC 3339), if it said.
	RetryAt *string `json:"retryAt"`
}

// BankMatch is a bank transaction that a sync matched with a movement the
// ledger had (typed or imported from a file) instead of adding it.
type BankMatch struct {
	ID         int64 `json:"id,string"`
	MovementID int64 `json:"movementId,string"`
	AccountID  int64 `json:"accountId,string"`
	// Amount is signed: negative is money out.
	Amount              int64  `json:"amount"`
	BankDate            string `json:"bankDate"`
	BankDescription     string `json:"bankDescription"`
	MovementDate        string `json:"movementDate"`
	MovementDescription string `json:"movementDescription"`
}

// BankConnectionDraft is what the store keeps of a connection being made
// or finished: Secret is sealed already.
type BankConnectionDraft struct {
	Provider    string
	Institution string
	Country     string
	Status      string
	Secret      string
	// State is a pending authorisation's random value ("": none).
	State      string
	ConsentEnd *int64 // Unix milliseconds
	Accounts   []BankAccount
}

// BankCredentials is a stored connection as a sync needs it: its sealed
// secret and where it stands.
type BankCredentials struct {
	LedgerID    int64
	ID          int64
	Provider    string
	Institution string
	Status      string
	Secret      string
	// SyncEveryHours: the scheduled sync's interval (0: by hand only).
	SyncEveryHours int
	// Failures: the syncs that failed since the last that worked.
	Failures int
}

// BankConnectInput connects a bank: SimpleFIN with a setup token, Enable
// Banking with the user's own application (its id and private key in PEM).
type BankConnectInput struct {
	Provider      string `json:"provider" enum:"simplefin,enablebanking"`
	SetupToken    string `json:"setupToken"`
	ApplicationID string `json:"applicationId"`
	PrivateKey    string `json:"privateKey"`
}

// MaxBankSecret bounds a setup token or a private key (a 4096-bit RSA key
// in PEM is about 3.3 KB).
const MaxBankSecret = 16 << 10

// Validate checks the fields the provider needs.
func (in *BankConnectInput) Validate() error {
	var v Validation
	switch in.Provider {
	case BankSimpleFIN:
		if in.SetupToken == "" {
			v.Add("setupToken", FCodeRequired)
		} else if len(in.SetupToken) > MaxBankSecret {
			v.Add("setupToken", FCodeTooLong)
		}
	case BankEnableBanking:
		if in.ApplicationID == "" {
			v.Add("applicationId", FCodeRequired)
		} else if len(in.ApplicationID) > 100 {
			v.Add("applicationId", FCodeTooLong)
		}
		if in.PrivateKey == "" {
			v.Add("privateKey", FCodeRequired)
		} else if len(in.PrivateKey) > MaxBankSecret {
			v.Add("privateKey", FCodeTooLong)
		}
	case "":
		v.Add("provider", FCodeRequired)
	default:
		v.Add("provider", FCodeInvalid)
	}
	return v.Err()
}

// BankStartInput asks a pending Enable Banking connection's bank for the
// user's authorisation.
type BankStartInput struct {
	Institution string `json:"institution"`
	Country     string `json:"country"`
	// ConsentDays: how long the consent is asked for (default
	// BankConsentDays; the bank may give less).
	ConsentDays int `json:"consentDays"`
}

// Validate checks the bank and the consent's length.
func (in *BankStartInput) Validate() error {
	var v Validation
	if in.Institution == "" {
		v.Add("institution", FCodeRequired)
	} else if len(in.Institution) > 200 {
		v.Add("institution", FCodeTooLong)
	}
	if len(in.Country) != 2 {
		v.Add("country", FCodeInvalid)
	}
	if in.ConsentDays < 0 || in.ConsentDays > 730 {
		v.Add("consentDays", FCodeOutOfRange)
	}
	return v.Err()
}

// BankLinkInput links a bank account to an account of the ledger (null or
// "": unlinks it).
type BankLinkInput struct {
	AccountID IDInput `json:"accountId"`
}

// MaxBankSyncEveryHours is the longest interval of a scheduled sync (a week).
const MaxBankSyncEveryHours = 168

// BankConnectionPatch changes a connection's settings.
type BankConnectionPatch struct {
	// SyncEveryHours: how often it syncs by itself (0: by hand only).
	SyncEveryHours *int `json:"syncEveryHours"`
}

// BankStarted is where the user's browser goes to authorise the bank.
type BankStarted struct {
	URL string `json:"url"`
}

// BankSyncInput is what a sync brings to store: the statements of the
// linked accounts, their descriptions cleaned up.
type BankSyncInput struct {
	Language   string // the fallback categories' language
	Statements []BankStatement
	// SyncEvery: the next scheduled sync comes this long after this one.
	NextSyncAt int64 // Unix milliseconds; 0: none
}

// BankUndone is an undone match: the movement the bank transaction became.
type BankUndone struct {
	MovementID int64 `json:"movementId,string"`
}

// BankConsentDays is how long a consent is asked for when the bank does
// not say (the banks give 90 to 180 days).
const BankConsentDays = 90

// DaysLeft is how many whole days are left until end (0 when past).
func DaysLeft(now, end time.Time) int {
	if !end.After(now) {
		return 0
	}
	return int(end.Sub(now).Hours() / 24)
}

// MatchDays is how far apart a bank transaction and a movement may be
// dated to be the same.
const MatchDays = 3

// MatchScore tells whether a bank transaction is the movement the ledger
// has already (same account, type and amount are the caller's): dated at
// most MatchDays apart, and their descriptions alike — they share a word of
// three letters or more, or one of them says nothing, or they are of the
// same day. The higher the score, the better the match; 0: no match.
func MatchScore(bankDate, bankText, date, text string) int {
	days := daysApart(bankDate, date)
	if days < 0 || days > MatchDays {
		return 0
	}
	shared := sharedWords(bankText, text)
	if shared == 0 && days != 0 && strings.TrimSpace(text) != "" && strings.TrimSpace(bankText) != "" {
		return 0
	}
	return 1 + shared*10 + (MatchDays - days)
}

func daysApart(a, b string) int {
	ta, err1 := time.Parse(time.DateOnly, a)
	tb, err2 := time.Parse(time.DateOnly, b)
	if err1 != nil || err2 != nil {
		return -1
	}
	d := int(ta.Sub(tb).Hours() / 24)
	if d < 0 {
		d = -d
	}
	return d
}

// matchWords are a text's words as matching compares them: lower case,
// letters and digits, three or more, not all digits.
func matchWords(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len([]rune(w)) < 3 {
			continue
		}
		if _, err := strconv.ParseInt(w, 10, 64); err == nil {
			continue
		}
		out[w] = true
	}
	return out
}

func sharedWords(a, b string) int {
	wa, wb := matchWords(a), matchWords(b)
	n := 0
	for w := range wa {
		if wb[w] {
			n++
		}
	}
	return n
}

// A sync fetches from the last booked day minus BankLateDays (banks book
// late); the first one BankFirstSyncDays back.
const (
	BankLateDays      = 5
	BankFirstSyncDays = 90
)
