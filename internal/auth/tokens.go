package auth

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"strings"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
)

// A token's use is written at most once a minute (last used), and in the
// security activity at most once an hour.
const (
	tokenTouchEvery = time.Minute
	tokenEventEvery = time.Hour
)

// BearerToken is the request's "Authorization: Bearer …" token; ok is
// false without that header. A request that carries one is a token's,
// whatever cookies it has.
func BearerToken(r *http.Request) (token string, ok bool) {
	scheme, token, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	if !strings.EqualFold(scheme, "Bearer") {
		// No header, or one of another kind (Basic from a reverse proxy that
		// asks for a password of its own): not the API's credential. The
		// request is judged by its session cookie and, with it, by the
		// cross-origin check, as if the header were not there.
		return "", false
	}
	return strings.TrimSpace(token), true
}

// CreateToken makes a new token for u; its secret is returned once.
func (s *Service) CreateToken(ctx context.Context, u *finance.User, req finance.NewAPIToken, c Client) (string, *finance.APIToken, error) {
	now := s.now()
	if err := req.Validate(now.UnixMilli()); err != nil {
		return "", nil, err
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", nil, err
	}
	secret := finance.TokenPrefix + base64.RawURLEncoding.EncodeToString(b)
	t, err := s.db.CreateAPIToken(ctx, u.ID, req, hashToken(secret), finance.TokenPrefix+"…"+secret[len(secret)-4:], now)
	if err != nil {
		return "", nil, err
	}
	return secret, t, s.record(ctx, u.ID, finance.EventTokenCreated, t.Name, c)
}

// RevokeToken deletes one of u's tokens.
func (s *Service) RevokeToken(ctx context.Context, u *finance.User, id int64, c Client) error {
	name, err := s.db.DeleteAPIToken(ctx, u.ID, id)
	if err != nil {
		return err
	}
	return s.record(ctx, u.ID, finance.EventTokenRevoked, name, c)
}

// TokenUser is the user a bearer token acts for, and the token; an unknown,
// revoked or expired token is unauthorized.
func (s *Service) TokenUser(ctx context.Context, secret string, c Client) (*finance.User, *identity.StoredToken, error) {
	bad := finance.Errorf(finance.ECodeUnauthorized, "the token is unknown, revoked or expired")
	if !strings.HasPrefix(secret, finance.TokenPrefix) || len(secret) > 100 {
		return nil, nil, bad
	}
	t, err := s.db.APITokenByHash(ctx, hashToken(secret))
	if finance.ErrorCode(err) == finance.ECodeNotFound {
		return nil, nil, bad
	}
	if err != nil {
		return nil, nil, err
	}
	now := s.now()
	if t.ExpiresAt != nil && now.UnixMilli() >= *t.ExpiresAt {
		return nil, nil, bad
	}
	u, err := s.db.UserByID(ctx, t.UserID)
	if finance.ErrorCode(err) == finance.ECodeNotFound || (err == nil && u.Disabled) {
		return nil, nil, bad
	}
	if err != nil {
		return nil, nil, err
	}
	last := time.Time{}
	if t.LastUsedAt != nil {
		last = time.UnixMilli(*t.LastUsedAt)
	}
	if now.Sub(last) >= tokenTouchEvery {
		if err := s.db.TouchAPIToken(ctx, t.ID, now); err != nil {
			return nil, nil, err
		}
		if now.Sub(last) >= tokenEventEvery {
			if err := s.record(ctx, u.ID, finance.EventTokenUsed, t.Name, c); err != nil {
				return nil, nil, err
			}
		}
	}
	return u, t, nil
}
