package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net"
	"net/http"
	"time"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
)

// CookieName is the session cookie.
const CookieName = "cc_session"

// HintCookieName is a cookie the web app can read (not HttpOnly) that says
// "this browser has a session": it holds no secret, only "1", and lives and
// dies with the session cookie. Without it, the app knows it is signed out
// and does not ask GET /api/v1/me for a 401 that the browser would log as an
// error on every signed-out visit.
const HintCookieName = "cc_signed_in"

// touchEvery limits last-seen writes to one a minute per session.
const touchEvery = time.Minute

// Sessions keeps server-side sessions in the store, so several app servers
// can share one PostgreSQL. Only a hash of the cookie's token is stored.
type Sessions struct {
	db        *identity.Store
	idle      time.Duration
	absolute  time.Duration
	now       func() time.Time
	httpsOnly bool
}

// NewSessions returns a session manager with idle and absolute lifetimes.
func NewSessions(db *identity.Store, idle, absolute time.Duration, now func() time.Time) *Sessions {
	if now == nil {
		now = time.Now
	}
	return &Sessions{db: db, idle: idle, absolute: absolute, now: now}
}

// HTTPSOnly marks every cookie Secure whatever the request's Host, as an
// https base URL requires (a reverse proxy often sends a loopback Host).
func (s *Sessions) HTTPSOnly(on bool) *Sessions {
	s.httpsOnly = on
	return s
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Start signs userID in on this browser with a brand-new session id (any
// session the request carried is ended first), sets the cookie, and writes
// the sign-in (kind and detail of a security event) in the user's activity.
func (s *Sessions) Start(ctx context.Context, w http.ResponseWriter, r *http.Request, userID int64, kind, detail string) error {
	if c, err := r.Cookie(CookieName); err == nil && c.Value != "" {
		_ = s.db.DeleteSession(ctx, hashToken(c.Value))
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return err
	}
	token := base64.RawURLEncoding.EncodeToString(b)
	now := s.now()
	err := s.db.CreateSession(ctx, identity.Session{TokenHash: hashToken(token), UserID: userID, CreatedAt: now,
		LastSeenAt: now, ExpiresAt: now.Add(s.absolute)}, r.UserAgent(), ClientIP(r))
	if err != nil {
		return err
	}
	http.SetCookie(w, s.cookie(r, token, int(s.absolute/time.Second)))
	http.SetCookie(w, s.hint(r, int(s.absolute/time.Second)))
	return s.db.AddSecurityEvent(ctx, userID, event(kind, detail, ClientOf(r), now))
}

// Current returns the request's session (its user, token hash and sign-in
// time); an absent, unknown, idle or expired session is unauthorized.
func (s *Sessions) Current(ctx context.Context, r *http.Request) (*identity.Session, error) {
	return s.current(ctx, r, true)
}

// Check is Current for a request that is no sign of the user's activity
// (the event stream, while it is open): it does not keep the session from
// ending after the idle time.
func (s *Sessions) Check(ctx context.Context, r *http.Request) error {
	_, err := s.current(ctx, r, false)
	return err
}

func (s *Sessions) current(ctx context.Context, r *http.Request, touch bool) (*identity.Session, error) {
	c, err := r.Cookie(CookieName)
	if err != nil || c.Value == "" {
		return nil, finance.Errorf(finance.ECodeUnauthorized, "not signed in")
	}
	h := hashToken(c.Value)
	sess, err := s.db.SessionByHash(ctx, h)
	if finance.ErrorCode(err) == finance.ECodeNotFound {
		return nil, finance.Errorf(finance.ECodeUnauthorized, "session ended")
	}
	if err != nil {
		return nil, err
	}
	now := s.now()
	if !now.Before(sess.ExpiresAt) || now.Sub(sess.LastSeenAt) >= s.idle {
		_ = s.db.DeleteSession(ctx, h)
		return nil, finance.Errorf(finance.ECodeUnauthorized, "session expired")
	}
	if touch && now.Sub(sess.LastSeenAt) >= touchEvery {
		if err := s.db.TouchSession(ctx, h, now); err != nil {
			return nil, err
		}
	}
	return sess, nil
}

// RecentSignIn is how fresh a sign-in must be to stand in for a password
// (deleting an account that has none).
const RecentSignIn = 10 * time.Minute

// SignedInRecently reports whether sess began less than RecentSignIn ago.
func (s *Sessions) SignedInRecently(sess *identity.Session) bool {
	return sess != nil && s.now().Sub(sess.CreatedAt) < RecentSignIn
}

// End deletes the request's session and clears the cookie.
func (s *Sessions) End(ctx context.Context, w http.ResponseWriter, r *http.Request) error {
	if c, err := r.Cookie(CookieName); err == nil && c.Value != "" {
		if err := s.db.DeleteSession(ctx, hashToken(c.Value)); err != nil {
			return err
		}
	}
	s.Clear(w, r)
	return nil
}

// Clear removes the cookie (and its hint) from the browser.
func (s *Sessions) Clear(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, s.cookie(r, "", -1))
	http.SetCookie(w, s.hint(r, -1))
}

// Hint gives a browser that carries a session cookie but no hint (signed in
// before the hint existed) its hint, so that the web app asks who it is. It
// checks nothing: a stale session still gets its 401, which clears both.
func (s *Sessions) Hint(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(CookieName); err != nil || c.Value == "" {
		return
	}
	if _, err := r.Cookie(HintCookieName); err == nil {
		return
	}
	http.SetCookie(w, s.hint(r, int(s.absolute/time.Second)))
}

// EndAll signs the user out everywhere (r asked it).
func (s *Sessions) EndAll(ctx context.Context, r *http.Request, userID int64) error {
	if _, err := s.db.DeleteUserSessions(ctx, userID); err != nil {
		return err
	}
	return s.db.AddSecurityEvent(ctx, userID, event(finance.EventSignedOutEverywhere, "", ClientOf(r), s.now()))
}

// SecurityEventsKept is how long security events are kept.
const SecurityEventsKept = 365 * 24 * time.Hour

// Sweep deletes expired and idle sessions, sign-ins that waited too long
// for their code, and security events older than SecurityEventsKept.
func (s *Sessions) Sweep(ctx context.Context) (int64, error) {
	now := s.now()
	n, err := s.db.DeleteExpiredSessions(ctx, now, now.Add(-s.idle))
	if err != nil {
		return n, err
	}
	k, err := s.db.DeleteOldSecurityState(ctx, now, now.Add(-SecurityEventsKept))
	return n + k, err
}

func (s *Sessions) cookie(r *http.Request, value string, maxAge int) *http.Cookie {
	return &http.Cookie{Name: CookieName, Value: value, Path: "/", MaxAge: maxAge, HttpOnly: true,
		Secure: s.httpsOnly || !IsLocalhost(r), SameSite: http.SameSiteLaxMode}
}

// hint is the session cookie's readable companion: same path, lifetime and
// flags, but not HttpOnly, and its value is only "1".
func (s *Sessions) hint(r *http.Request, maxAge int) *http.Cookie {
	value := "1"
	if maxAge < 0 {
		value = ""
	}
	return &http.Cookie{Name: HintCookieName, Value: value, Path: "/", MaxAge: maxAge,
		Secure: s.httpsOnly || !IsLocalhost(r), SameSite: http.SameSiteLaxMode}
}

// IsLocalhost reports whether the request was addressed to this machine by a
// loopback name, where browsers accept cookies without TLS.
func IsLocalhost(r *http.Request) bool {
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// ClientIP is the remote address without the port. Behind a reverse proxy,
// the server's middleware has already replaced RemoteAddr when trusted.
func ClientIP(r *http.Request) string {
	if h, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return h
	}
	return r.RemoteAddr
}

// Valid reports whether a session loaded without Current (the event
// streams', read together) still holds: not past its end, nor idle too long.
func (s *Sessions) Valid(sess *identity.Session) bool {
	now := s.now()
	return now.Before(sess.ExpiresAt) && now.Sub(sess.LastSeenAt) < s.idle
}
