package auth

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
)

// Passkeys (WebAuthn, through go-webauthn): registered from Profile, they
// sign in alone from the login page (discoverable credentials, the user
// verified by the device), without the password's second step. The
// ceremonies are kept in the database between their two requests, so any
// of several servers finishes what another began.

// ceremonyTTL bounds a ceremony between its options and its answer.
const ceremonyTTL = 5 * time.Minute

// CeremonyCookieName holds the token of a WebAuthn ceremony begun.
const CeremonyCookieName = "cc_webauthn"

// EnablePasskeys sets the relying party from the server's public address:
// its host name is the RP ID and its origin the only one accepted. An IP
// address cannot carry passkeys (WebAuthn needs a host name): they stay off.
func (s *Service) EnablePasskeys(baseURL string) error {
	u, err := url.Parse(baseURL)
	if err != nil || u.Hostname() == "" || net.ParseIP(u.Hostname()) != nil {
		s.webauthn = nil
		return nil
	}
	w, err := webauthn.New(&webauthn.Config{RPID: u.Hostname(), RPDisplayName: totpIssuer, RPOrigins: []string{u.Scheme + "://" + u.Host}})
	if err != nil {
		return err
	}
	s.webauthn = w
	return nil
}

// PasskeysAvailable reports whether this server's address carries passkeys.
func (s *Service) PasskeysAvailable() bool { return s.webauthn != nil }

func (s *Service) passkeysOn() error {
	if s.webauthn == nil {
		return finance.Errorf(finance.ECodePasskeysOff, "passkeys need the server's address (CASHCONTROL_BASE_URL) to be a host name, not an IP address")
	}
	return nil
}

func passkeyFailed() error {
	return finance.Errorf(finance.ECodePasskeyFailed, "the passkey was not accepted: try again")
}

// passkeyUser is a user as go-webauthn sees it.
type passkeyUser struct {
	u      *finance.User
	handle []byte
	stored []identity.StoredPasskey
	creds  []webauthn.Credential
}

func (p *passkeyUser) WebAuthnID() []byte   { return p.handle }
func (p *passkeyUser) WebAuthnName() string { return p.u.Email }
func (p *passkeyUser) WebAuthnDisplayName() string {
	if p.u.Name != "" {
		return p.u.Name
	}
	return p.u.Email
}
func (p *passkeyUser) WebAuthnCredentials() []webauthn.Credential { return p.creds }

// loadPasskeyUser is u with its handle (made on first use) and credentials.
func (s *Service) loadPasskeyUser(ctx context.Context, u *finance.User, handle string) (*passkeyUser, error) {
	if handle == "" {
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			return nil, err
		}
		var err error
		if handle, err = s.db.EnsurePasskeyHandle(ctx, u.ID, base64.RawURLEncoding.EncodeToString(b)); err != nil {
			return nil, err
		}
	}
	raw, err := base64.RawURLEncoding.DecodeString(handle)
	if err != nil {
		return nil, err
	}
	stored, err := s.db.Passkeys(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	pu := &passkeyUser{u: u, handle: raw, stored: stored}
	for _, p := range stored {
		var c webauthn.Credential
		if err := json.Unmarshal([]byte(p.Credential), &c); err != nil {
			return nil, err
		}
		pu.creds = append(pu.creds, c)
	}
	return pu, nil
}

// saveCeremony keeps go-webauthn's session data of a ceremony begun (by
// userID, 0 signed out) and returns the token for the browser's cookie.
func (s *Service) saveCeremony(ctx context.Context, userID int64, data *webauthn.SessionData) (string, error) {
	b, err := json.Marshal(data)
	if err != nil {
		return "", err
	}
	token, hash, err := NewSecret()
	if err != nil {
		return "", err
	}
	return token, s.db.SaveCeremony(ctx, hash, userID, string(b), s.now().Add(ceremonyTTL))
}

func (s *Service) takeCeremony(ctx context.Context, token string, userID int64) (*webauthn.SessionData, error) {
	if token == "" {
		return nil, passkeyFailed()
	}
	data, ok, err := s.db.TakeCeremony(ctx, SecretHash(token), userID, s.now())
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, passkeyFailed()
	}
	var sd webauthn.SessionData
	if err := json.Unmarshal([]byte(data), &sd); err != nil {
		return nil, err
	}
	return &sd, nil
}

// PasskeyCreationOptions begins registering a passkey for u: the options
// for the browser's navigator.credentials.create, and the ceremony's token.
func (s *Service) PasskeyCreationOptions(ctx context.Context, u *finance.User) (*protocol.CredentialCreation, string, error) {
	if err := s.passkeysOn(); err != nil {
		return nil, "", err
	}
	handle, err := s.db.PasskeyHandle(ctx, u.ID)
	if err != nil {
		return nil, "", err
	}
	pu, err := s.loadPasskeyUser(ctx, u, handle)
	if err != nil {
		return nil, "", err
	}
	creation, sd, err := s.webauthn.BeginRegistration(pu,
		webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementRequired),
		webauthn.WithExclusions(webauthn.Credentials(pu.creds).CredentialDescriptors()))
	if err != nil {
		return nil, "", err
	}
	token, err := s.saveCeremony(ctx, u.ID, sd)
	return creation, token, err
}

// AddPasskeyRequest is the body of POST /me/passkeys: a name and the
// browser's answer to the creation options (PublicKeyCredential as JSON).
type AddPasskeyRequest struct {
	Name       string          `json:"name"`
	Credential json.RawMessage `json:"credential"`
}

// AddPasskey finishes registering: the browser's answer to the ceremony.
func (s *Service) AddPasskey(ctx context.Context, u *finance.User, token string, req AddPasskeyRequest, c Client) (*finance.Passkey, error) {
	if err := s.passkeysOn(); err != nil {
		return nil, err
	}
	name, err := finance.CheckPasskeyName(req.Name)
	if err != nil {
		return nil, err
	}
	sd, err := s.takeCeremony(ctx, token, u.ID)
	if err != nil {
		return nil, err
	}
	parsed, err := protocol.ParseCredentialCreationResponseBytes(req.Credential)
	if err != nil {
		return nil, passkeyFailed()
	}
	handle, err := s.db.PasskeyHandle(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	pu, err := s.loadPasskeyUser(ctx, u, handle)
	if err != nil {
		return nil, err
	}
	cred, err := s.webauthn.CreateCredential(pu, *sd, parsed)
	if err != nil {
		return nil, passkeyFailed()
	}
	record, err := json.Marshal(cred)
	if err != nil {
		return nil, err
	}
	p, err := s.db.AddPasskey(ctx, u.ID, name, base64.RawURLEncoding.EncodeToString(cred.ID), string(record), s.now())
	if err != nil {
		return nil, err
	}
	return p, s.record(ctx, u.ID, finance.EventPasskeyAdded, name, c)
}

// RemovePasskey deletes one of u's passkeys.
func (s *Service) RemovePasskey(ctx context.Context, u *finance.User, id int64, c Client) error {
	name, err := s.db.DeletePasskey(ctx, u.ID, id)
	if err != nil {
		return err
	}
	return s.record(ctx, u.ID, finance.EventPasskeyGone, name, c)
}

// PasskeySignInOptions begins a sign-in with a passkey, for whoever the
// device's passkey says (no email asked).
func (s *Service) PasskeySignInOptions(ctx context.Context, c Client) (*protocol.CredentialAssertion, string, error) {
	if err := s.passkeysOn(); err != nil {
		return nil, "", err
	}
	if ok, wait := s.perClient.Allow(c.IP); !ok {
		return nil, "", &RateLimitedError{RetryAfter: wait}
	}
	assertion, sd, err := s.webauthn.BeginDiscoverableLogin(webauthn.WithUserVerification(protocol.VerificationRequired))
	if err != nil {
		return nil, "", err
	}
	token, err := s.saveCeremony(ctx, 0, sd)
	return assertion, token, err
}

// PasskeySignInRequest is the body of POST /auth/passkey: the browser's
// answer to the sign-in options.
type PasskeySignInRequest struct {
	Credential json.RawMessage `json:"credential"`
}

// PasskeySignIn finishes a sign-in with a passkey: the user whose passkey
// signed the ceremony's challenge.
func (s *Service) PasskeySignIn(ctx context.Context, token string, req PasskeySignInRequest, c Client) (*finance.User, error) {
	if err := s.passkeysOn(); err != nil {
		return nil, err
	}
	if ok, wait := s.perClient.Allow(c.IP); !ok {
		return nil, &RateLimitedError{RetryAfter: wait}
	}
	sd, err := s.takeCeremony(ctx, token, 0)
	if err != nil {
		return nil, err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(req.Credential)
	if err != nil {
		return nil, passkeyFailed()
	}
	var found *passkeyUser
	handler := func(rawID, userHandle []byte) (webauthn.User, error) {
		u, err := s.db.UserByPasskeyHandle(ctx, base64.RawURLEncoding.EncodeToString(userHandle))
		if err != nil {
			return nil, err
		}
		found, err = s.loadPasskeyUser(ctx, u, base64.RawURLEncoding.EncodeToString(userHandle))
		return found, err
	}
	_, cred, err := s.webauthn.ValidatePasskeyLogin(handler, *sd, parsed)
	if err != nil || found == nil || cred.Authenticator.CloneWarning {
		return nil, passkeyFailed()
	}
	if found.u.Disabled {
		return nil, accountDisabled()
	}
	for i, p := range found.stored {
		if bytes.Equal(found.creds[i].ID, cred.ID) {
			record, err := json.Marshal(cred)
			if err != nil {
				return nil, err
			}
			if err := s.db.PasskeyUsed(ctx, p.ID, string(record), s.now()); err != nil {
				return nil, err
			}
		}
	}
	return found.u, nil
}

// SetCeremony gives the browser the token of a WebAuthn ceremony begun.
func (s *Sessions) SetCeremony(w http.ResponseWriter, r *http.Request, token string) {
	http.SetCookie(w, s.shortCookie(r, CeremonyCookieName, "/api/v1", token, int(ceremonyTTL/time.Second)))
}

// Ceremony is the request's WebAuthn ceremony token ("" without one).
func (s *Sessions) Ceremony(r *http.Request) string {
	if c, err := r.Cookie(CeremonyCookieName); err == nil {
		return c.Value
	}
	return ""
}

// ClearCeremony removes the ceremony cookie.
func (s *Sessions) ClearCeremony(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, s.shortCookie(r, CeremonyCookieName, "/api/v1", "", -1))
}
