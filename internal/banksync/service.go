package banksync

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/secretbox"
)

// Store keeps what the Service fetches (internal/store implements it).
type Store interface {
	CreateBankConnection(ctx context.Context, ledgerID int64, d finance.BankConnectionDraft) (int64, error)
	SetBankAuthorisation(ctx context.Context, ledgerID, id int64, state, institution, country string) error
	FinishBankConnection(ctx context.Context, ledgerID, id int64, d finance.BankConnectionDraft) error
	BankCredentials(ctx context.Context, ledgerID, id int64) (finance.BankCredentials, error)
	BankConnectionByState(ctx context.Context, userID int64, state string) (finance.BankCredentials, error)
	BankConnection(ctx context.Context, ledgerID, id int64) (*finance.BankConnection, error)
	BankSyncSince(ctx context.Context, ledgerID, id int64) (string, []string, error)
	SyncBank(ctx context.Context, ledgerID, connID int64, in finance.BankSyncInput) (finance.BankSyncResult, error)
	RecordBankFailure(ctx context.Context, ledgerID, id int64, e finance.BankSyncError, nextAt int64, expired bool) error
	DeleteBankConnection(ctx context.Context, ledgerID, id int64) error
}

// Service connects banks and syncs them: it calls the providers, seals
// their credentials with the server's secret key and hands the rest to
// the Store.
type Service struct {
	store Store
	cfg   Config
	box   *secretbox.Box // nil: the server has no secret key
}

// NewService returns the service; secretKey is CASHCONTROL_SECRET_KEY
// ("": bank credentials are refused, never kept plain).
func NewService(st Store, cfg Config, secretKey string) (*Service, error) {
	box, err := secretbox.New(secretKey, "bank")
	if err != nil {
		return nil, err
	}
	return &Service{store: st, cfg: cfg.withDefaults(), box: box}, nil
}

// Sealing reports whether the server can keep bank credentials.
func (s *Service) Sealing() bool { return s.box != nil }

// secret is what a connection keeps sealed.
type secret struct {
	ApplicationID string `json:"applicationId,omitempty"`
	PrivateKey    string `json:"privateKey,omitempty"`
	Session       string `json:"session,omitempty"` // Enable Banking's session, SimpleFIN's access URL
}

func (s *Service) needKey() error {
	if s.box == nil {
		return finance.Errorf(finance.ECodeSecretKeyRequired,
			"bank credentials are kept only encrypted, and this server has no secret key (CASHCONTROL_SECRET_KEY); ask the administrator to set one")
	}
	return nil
}

func (s *Service) seal(sec secret) (string, error) {
	if err := s.needKey(); err != nil {
		return "", err
	}
	b, err := json.Marshal(sec)
	if err != nil {
		return "", err
	}
	return s.box.Seal(string(b)), nil
}

func (s *Service) open(sealed string) (secret, error) {
	plain, err := s.box.Open(sealed)
	if errors.Is(err, secretbox.ErrNoKey) || errors.Is(err, secretbox.ErrWrongKey) {
		return secret{}, finance.Errorf(finance.ECodeSecretKeyUnavailable,
			"this server cannot read the bank's credentials: its secret key (CASHCONTROL_SECRET_KEY) is missing or not the one they were sealed with; ask the administrator")
	}
	if err != nil {
		return secret{}, err
	}
	var sec secret
	if err := json.Unmarshal([]byte(plain), &sec); err != nil {
		return secret{}, err
	}
	return sec, nil
}

// provider is the provider of a stored connection.
func (s *Service) provider(name string, sec secret) (Provider, error) {
	switch name {
	case finance.BankSimpleFIN:
		return NewSimpleFIN(s.cfg), nil
	case finance.BankEnableBanking:
		return NewEnableBanking(s.cfg, sec.ApplicationID, sec.PrivateKey)
	}
	return nil, finance.Errorf(finance.ECodeInvalid, "unknown bank provider %q", name)
}

func (s *Service) stored(ctx context.Context, ledgerID, id int64) (finance.BankCredentials, Provider, secret, error) {
	c, err := s.store.BankCredentials(ctx, ledgerID, id)
	if err != nil {
		return c, nil, secret{}, err
	}
	sec, err := s.open(c.Secret)
	if err != nil {
		return c, nil, secret{}, err
	}
	p, err := s.provider(c.Provider, sec)
	return c, p, sec, err
}

// Connect connects a bank: SimpleFIN's setup token is claimed at once (the
// connection is active, with the bank's accounts); Enable Banking's
// application is kept for its authorisation (pending: Start, then the
// bank's redirect to the callback). Without a secret key nothing is
// claimed or kept.
func (s *Service) Connect(ctx context.Context, ledgerID int64, in finance.BankConnectInput) (*finance.BankConnection, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	if err := s.needKey(); err != nil {
		return nil, err
	}
	d := finance.BankConnectionDraft{Provider: in.Provider}
	switch in.Provider {
	case finance.BankSimpleFIN:
		sess, err := NewSimpleFIN(s.cfg).Finish(ctx, in.SetupToken)
		if err != nil {
			return nil, err
		}
		if d.Secret, err = s.seal(secret{Session: sess.Secret}); err != nil {
			return nil, err
		}
		d.Status, d.Institution, d.Accounts = finance.BankActive, sess.Institution, sess.Accounts
	case finance.BankEnableBanking:
		if _, err := NewEnableBanking(s.cfg, in.ApplicationID, in.PrivateKey); err != nil {
			return nil, err
		}
		var err error
		if d.Secret, err = s.seal(secret{ApplicationID: strings.TrimSpace(in.ApplicationID), PrivateKey: in.PrivateKey}); err != nil {
			return nil, err
		}
		d.Status = finance.BankPending
	}
	id, err := s.store.CreateBankConnection(ctx, ledgerID, d)
	if err != nil {
		return nil, err
	}
	return s.store.BankConnection(ctx, ledgerID, id)
}

// Institutions lists the banks of a country a connection's provider offers.
func (s *Service) Institutions(ctx context.Context, ledgerID, id int64, country string) ([]finance.BankInstitution, error) {
	_, p, _, err := s.stored(ctx, ledgerID, id)
	if err != nil {
		return nil, err
	}
	return p.Institutions(ctx, country)
}

// Start asks the bank for the user's authorisation: the address the
// browser goes to; the bank sends it back to callbackURL.
func (s *Service) Start(ctx context.Context, ledgerID, id int64, in finance.BankStartInput, callbackURL string) (finance.BankStarted, error) {
	if err := in.Validate(); err != nil {
		return finance.BankStarted{}, err
	}
	_, p, _, err := s.stored(ctx, ledgerID, id)
	if err != nil {
		return finance.BankStarted{}, err
	}
	state := randomState()
	if err := s.store.SetBankAuthorisation(ctx, ledgerID, id, state, in.Institution, strings.ToUpper(in.Country)); err != nil {
		return finance.BankStarted{}, err
	}
	days := in.ConsentDays
	if days == 0 {
		days = finance.BankConsentDays
	}
	u, err := p.Start(ctx, StartRequest{Institution: in.Institution, Country: in.Country, RedirectURL: callbackURL, State: state,
		ValidUntil: s.cfg.Now().Add(time.Duration(days) * 24 * time.Hour)})
	return finance.BankStarted{URL: u}, err
}

func randomState() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Finish ends the bank's authorisation that the callback brings back
// (state, code), for a user who may edit the connection's ledger; it
// returns the connection's ledger and id.
func (s *Service) Finish(ctx context.Context, userID int64, state, code string) (int64, int64, error) {
	if state == "" || len(state) > 200 {
		return 0, 0, finance.FieldErr("state", finance.FCodeInvalid, "the bank's answer names no authorisation")
	}
	c, err := s.store.BankConnectionByState(ctx, userID, state)
	if err != nil {
		return 0, 0, err
	}
	sec, err := s.open(c.Secret)
	if err != nil {
		return 0, 0, err
	}
	p, err := s.provider(c.Provider, sec)
	if err != nil {
		return 0, 0, err
	}
	sess, err := p.Finish(ctx, code)
	if err != nil {
		return 0, 0, err
	}
	sec.Session = sess.Secret
	sealed, err := s.seal(sec)
	if err != nil {
		return 0, 0, err
	}
	d := finance.BankConnectionDraft{Secret: sealed, Institution: sess.Institution, Accounts: sess.Accounts}
	if !sess.ConsentEnd.IsZero() {
		ms := sess.ConsentEnd.UnixMilli()
		d.ConsentEnd = &ms
	}
	return c.LedgerID, c.ID, s.store.FinishBankConnection(ctx, c.LedgerID, c.ID, d)
}

// Sync fetches the linked accounts' transactions since the last booked
// day (minus a few) and stores them (Store.SyncBank). A failure is kept
// on the connection (when the provider allows the next call, for a rate
// limit; expired, for a consent that ended) and returned.
func (s *Service) Sync(ctx context.Context, ledgerID, id int64, language string) (finance.BankSyncResult, error) {
	c, p, sec, err := s.stored(ctx, ledgerID, id)
	if err != nil {
		return finance.BankSyncResult{}, err
	}
	if c.Status == finance.BankPending || sec.Session == "" {
		return finance.BankSyncResult{}, finance.Errorf(finance.ECodeConflict, "the bank's authorisation is not finished: connect the bank first")
	}
	since, ids, err := s.store.BankSyncSince(ctx, ledgerID, id)
	if err != nil {
		return finance.BankSyncResult{}, err
	}
	if len(ids) == 0 {
		return finance.BankSyncResult{}, finance.Errorf(finance.ECodeConflict, "no bank account of this connection is linked to an account: link one first")
	}
	from, err := time.Parse(time.DateOnly, since)
	if err != nil {
		return finance.BankSyncResult{}, err
	}
	sts, err := p.Statements(ctx, sec.Session, ids, from)
	if err != nil {
		return finance.BankSyncResult{}, s.failed(ctx, c, err)
	}
	for i := range sts {
		for j := range sts[i].Transactions {
			t := &sts[i].Transactions[j]
			t.Description, t.Notes = Describe(c.Institution, *t)
		}
	}
	in := finance.BankSyncInput{Language: language, Statements: sts}
	if c.SyncEveryHours > 0 {
		in.NextSyncAt = s.cfg.Now().Add(time.Duration(c.SyncEveryHours) * time.Hour).UnixMilli()
	}
	res, err := s.store.SyncBank(ctx, ledgerID, id, in)
	if err != nil {
		return res, s.failed(ctx, c, err)
	}
	return res, nil
}

// Backoff is how long a scheduled sync waits after its failures (15
// minutes, doubled each time, at most a day; and never past the
// connection's own interval).
func Backoff(failures int) time.Duration {
	d := 15 * time.Minute
	for range min(failures, 10) {
		d *= 2
	}
	return min(d, 24*time.Hour)
}

// failed records a sync's failure on the connection and returns it.
func (s *Service) failed(ctx context.Context, c finance.BankCredentials, err error) error {
	var fe *finance.Error
	if !errors.As(err, &fe) {
		fe = finance.Errorf(finance.ECodeInternal, "the sync failed")
	}
	e := finance.BankSyncError{Code: fe.Code, Message: fe.Message}
	var next int64
	if at, ok := RetryAt(err); ok {
		s := at.UTC().Format(time.RFC3339)
		e.RetryAt, next = &s, at.UnixMilli()
	} else if c.SyncEveryHours > 0 {
		next = s.cfg.Now().Add(min(Backoff(c.Failures), time.Duration(c.SyncEveryHours)*time.Hour)).UnixMilli()
	}
	expired := fe.Code == finance.ECodeBankConsentExpired
	// The failure is kept even if the request that met it has ended.
	if rerr := s.store.RecordBankFailure(context.WithoutCancel(ctx), c.LedgerID, c.ID, e, next, expired); rerr != nil {
		return errors.Join(err, rerr)
	}
	return err
}

// Disconnect ends the connection at the provider, where it can, and
// forgets it; its movements stay.
func (s *Service) Disconnect(ctx context.Context, ledgerID, id int64) error {
	if c, p, sec, err := s.stored(ctx, ledgerID, id); err == nil && sec.Session != "" && c.Status != finance.BankPending {
		_ = p.Revoke(ctx, sec.Session) // the bank may have ended it already
	} else if finance.ErrorCode(err) == finance.ECodeNotFound {
		return err
	}
	return s.store.DeleteBankConnection(ctx, ledgerID, id)
}
