package auth

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
)

// GoogleIssuer is Google's OpenID Connect issuer.
const GoogleIssuer = "https://accounts.google.com"

// flowCookie carries one sign-in round trip's state, nonce and PKCE verifier.
const flowCookie = "cc_oidc"

// ProviderConfig configures one OpenID Connect issuer.
type ProviderConfig struct {
	ID           string // path segment: /auth/oidc/{ID}/login
	Name         string // button label
	Issuer       string
	ClientID     string
	ClientSecret string
}

// ProviderInfo is what the login page lists.
type ProviderInfo struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	LoginURL string `json:"loginUrl"`
}

// Callback error codes, shown translated on the login page.
const (
	OIDCFailed          = "oidc_failed"
	OIDCEmailUnverified = "email_unverified"
)

type provider struct {
	cfg      ProviderConfig
	mu       sync.Mutex
	oauth    *oauth2.Config
	verifier *oidc.IDTokenVerifier
}

// OIDC signs users in with OpenID Connect providers (authorization code flow
// with state, nonce and PKCE; the ID token is verified).
type OIDC struct {
	db            *identity.Store
	baseURL       string
	signupEnabled bool
	order         []string
	providers     map[string]*provider
	client        *http.Client
}

// NewOIDC prepares the providers; discovery happens at the first sign-in so
// that an unreachable issuer never stops the server from starting.
func NewOIDC(db *identity.Store, baseURL string, signupEnabled bool, cfgs []ProviderConfig) *OIDC {
	o := &OIDC{db: db, baseURL: strings.TrimRight(baseURL, "/"), signupEnabled: signupEnabled,
		providers: map[string]*provider{}, client: &http.Client{Timeout: 15 * time.Second}}
	for _, c := range cfgs {
		o.order = append(o.order, c.ID)
		o.providers[c.ID] = &provider{cfg: c}
	}
	return o
}

// List returns the configured providers in order.
func (o *OIDC) List() []ProviderInfo {
	out := make([]ProviderInfo, 0, len(o.order))
	for _, id := range o.order {
		out = append(out, ProviderInfo{ID: id, Name: o.providers[id].cfg.Name, LoginURL: "/auth/oidc/" + id + "/login"})
	}
	return out
}

func (o *OIDC) setup(ctx context.Context, id string) (*provider, error) {
	p, ok := o.providers[id]
	if !ok {
		return nil, finance.Errorf(finance.ECodeNotFound, "unknown sign-in provider")
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.oauth != nil {
		return p, nil
	}
	op, err := oidc.NewProvider(oidc.ClientContext(ctx, o.client), p.cfg.Issuer)
	if err != nil {
		return nil, fmt.Errorf("discover %s: %w", p.cfg.Issuer, err)
	}
	p.verifier = op.Verifier(&oidc.Config{ClientID: p.cfg.ClientID})
	p.oauth = &oauth2.Config{ClientID: p.cfg.ClientID, ClientSecret: p.cfg.ClientSecret, Endpoint: op.Endpoint(),
		RedirectURL: o.baseURL + "/auth/oidc/" + id + "/callback", Scopes: []string{oidc.ScopeOpenID, "email", "profile"}}
	return p, nil
}

type flow struct {
	Provider string `json:"p"`
	State    string `json:"s"`
	Nonce    string `json:"n"`
	Verifier string `json:"v"`
}

// secure reports whether a cookie must be Secure: always with an https base
// URL, else unless the browser addressed this machine by a loopback name.
func (o *OIDC) secure(r *http.Request) bool {
	return strings.HasPrefix(o.baseURL, "https://") || !IsLocalhost(r)
}

// Begin starts a sign-in: it stores the flow in a short-lived cookie and
// returns the issuer's authorization URL.
func (o *OIDC) Begin(ctx context.Context, w http.ResponseWriter, r *http.Request, id string) (string, error) {
	p, err := o.setup(ctx, id)
	if err != nil {
		return "", err
	}
	f := flow{Provider: id, State: randomString(), Nonce: randomString(), Verifier: oauth2.GenerateVerifier()}
	b, _ := json.Marshal(f)
	http.SetCookie(w, &http.Cookie{Name: flowCookie, Value: base64.RawURLEncoding.EncodeToString(b), Path: "/auth/oidc/",
		MaxAge: 600, HttpOnly: true, Secure: o.secure(r), SameSite: http.SameSiteLaxMode})
	return p.oauth.AuthCodeURL(f.State, oidc.Nonce(f.Nonce), oauth2.S256ChallengeOption(f.Verifier)), nil
}

// Claims are the ID token claims Cash Control uses.
type Claims struct {
	Subject       string `json:"sub"`
	Email         string `json:"email"`
	EmailVerified bool   `json:"email_verified"`
	Name          string `json:"name"`
	GivenName     string `json:"given_name"`
	FamilyName    string `json:"family_name"`
	Username      string `json:"preferred_username"`
	Picture       string `json:"picture"`
	Nonce         string `json:"nonce"`
}

// Finish completes a sign-in from the callback request and returns the user,
// creating or linking the account as needed.
func (o *OIDC) Finish(ctx context.Context, w http.ResponseWriter, r *http.Request, id, language string) (*finance.User, error) {
	c, err := r.Cookie(flowCookie)
	http.SetCookie(w, &http.Cookie{Name: flowCookie, Path: "/auth/oidc/", MaxAge: -1, HttpOnly: true, Secure: o.secure(r), SameSite: http.SameSiteLaxMode})
	if err != nil {
		return nil, errors.New("no sign-in in progress")
	}
	var f flow
	raw, err := base64.RawURLEncoding.DecodeString(c.Value)
	if err != nil || json.Unmarshal(raw, &f) != nil || f.Provider != id {
		return nil, errors.New("bad sign-in cookie")
	}
	q := r.URL.Query()
	if q.Get("error") != "" {
		return nil, fmt.Errorf("provider refused: %s", q.Get("error"))
	}
	if f.State == "" || q.Get("state") != f.State {
		return nil, errors.New("state mismatch")
	}
	p, err := o.setup(ctx, id)
	if err != nil {
		return nil, err
	}
	tok, err := p.oauth.Exchange(oidc.ClientContext(ctx, o.client), q.Get("code"), oauth2.VerifierOption(f.Verifier))
	if err != nil {
		return nil, fmt.Errorf("exchange code: %w", err)
	}
	rawID, ok := tok.Extra("id_token").(string)
	if !ok {
		return nil, errors.New("no id_token in token response")
	}
	idt, err := p.verifier.Verify(ctx, rawID)
	if err != nil {
		return nil, fmt.Errorf("verify id token: %w", err)
	}
	var cl Claims
	if err := idt.Claims(&cl); err != nil {
		return nil, fmt.Errorf("claims: %w", err)
	}
	if cl.Nonce != f.Nonce {
		return nil, errors.New("nonce mismatch")
	}
	cl.Subject = idt.Subject
	return o.resolve(ctx, p.cfg, cl, language)
}

// providerID is the user document's providerId for a provider.
func providerID(cfg ProviderConfig) string {
	if cfg.Issuer == GoogleIssuer {
		return finance.ProviderGoogle
	}
	return cfg.Issuer
}

func (o *OIDC) resolve(ctx context.Context, cfg ProviderConfig, cl Claims, language string) (*finance.User, error) {
	pid := providerID(cfg)
	email := finance.NormalizeEmail(cl.Email)
	u, err := o.db.UserByIdentity(ctx, cfg.Issuer, cl.Subject)
	switch {
	case err == nil:
	case finance.ErrorCode(err) != finance.ECodeNotFound:
		return nil, err
	case email == "" || !cl.EmailVerified:
		// Never link or create on an address the provider has not verified.
		return nil, finance.Errorf(OIDCEmailUnverified, "the provider did not verify this email")
	default:
		existing, _, err := o.db.UserByEmail(ctx, email)
		switch {
		case err == nil:
			if err := o.db.LinkIdentity(ctx, existing.ID, identity.Identity{Issuer: cfg.Issuer, Subject: cl.Subject, Email: email}); err != nil {
				return nil, err
			}
			u = existing
		case finance.ErrorCode(err) != finance.ECodeNotFound:
			return nil, err
		default:
			if open, err := o.db.SignupEnabled(ctx, o.signupEnabled); err != nil || !open {
				return nil, cmp.Or(err, error(finance.Errorf(finance.ECodeSignupDisabled, "new sign-ups are turned off on this server")))
			}
			name := cl.GivenName
			if name == "" {
				name = cl.Name
			}
			if name == "" {
				name = cl.Username
			}
			photo := ""
			if finance.ValidPhotoURL(cl.Picture) {
				photo = cl.Picture
			}
			return o.db.CreateUser(ctx, identity.NewUser{Email: email, Name: finance.Truncate(name, finance.MaxNameLen),
				LastName: finance.Truncate(cl.FamilyName, finance.MaxNameLen), PhotoURL: photo, ProviderID: pid,
				LanguagePreference: language, Identity: &identity.Identity{Issuer: cfg.Issuer, Subject: cl.Subject, Email: email}})
		}
	}
	if u.ProviderID != pid {
		if err := o.db.SetProviderID(ctx, u.ID, pid); err != nil {
			return nil, err
		}
		u.ProviderID = pid
	}
	return u, nil
}

func randomString() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// LanguageFromHeader picks es, en or fr from an Accept-Language header, else Spanish.
func LanguageFromHeader(h string) string {
	for _, part := range strings.Split(h, ",") {
		tag := strings.ToLower(strings.TrimSpace(strings.SplitN(part, ";", 2)[0]))
		switch {
		case strings.HasPrefix(tag, "es"):
			return finance.LangSpanish
		case strings.HasPrefix(tag, "en"):
			return finance.LangEnglish
		case strings.HasPrefix(tag, "fr"):
			return finance.LangFrench
		}
	}
	return finance.LangSpanish
}
