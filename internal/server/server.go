// Package server is the HTTP server: middleware (request ids, logging,
// recovery, security headers, compression, cross-origin protection), the API
// routes and the embedded web app.
package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/klauspost/compress/gzhttp"

	"cashcontrol/internal/api"
	"cashcontrol/internal/auth"
	"cashcontrol/internal/finance"
	"cashcontrol/internal/metrics"
)

// Options configure the handler.
type Options struct {
	API         *api.API
	Web         fs.FS
	Logger      *slog.Logger
	AnalyticsID string
	// TrustedProxies are the reverse proxies whose X-Forwarded-For is
	// believed; empty means the peer's address is the client's.
	TrustedProxies []netip.Prefix
	// HSTS adds Strict-Transport-Security to every response (https base URL).
	HSTS bool
	// Metrics, when set, counts and times every request and is served at
	// GET /metrics.
	Metrics *metrics.Metrics
}

// Handler builds the whole HTTP handler.
func Handler(o Options) http.Handler {
	mux := http.NewServeMux()
	o.API.Register(mux)
	newAPIDocs(o.Web).register(mux)
	mux.Handle("/", newSPA(o.Web, o.API.SessionHint))
	var routed http.Handler = mux
	if o.Metrics != nil {
		mux.Handle("GET /metrics", o.Metrics.Handler())
		routed = o.Metrics.Instrument(mux)
	}

	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		api.WriteError(w, r, o.Logger, finance.Errorf(finance.ECodeCrossOrigin, "cross-origin request refused"))
	}))
	// Cross-origin protection guards cookies: a request with an API token
	// (Authorization, which a page of another site cannot set without a
	// CORS preflight this server never allows) carries its own credential,
	// and the API never reads the cookie of such a request.
	guarded := cop.Handler(routed)
	var h http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, bearer := auth.BearerToken(r); bearer {
			routed.ServeHTTP(w, r)
			return
		}
		guarded.ServeHTTP(w, r)
	})
	// The event stream is not compressed: a compressor holds back small
	// writes, and each event must reach the browser when it is written.
	plain, gz := h, gzhttp.GzipHandler(h)
	h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == api.EventsPath {
			plain.ServeHTTP(w, r)
			return
		}
		gz.ServeHTTP(w, r)
	})
	h = securityHeaders(h, o.AnalyticsID != "", o.HSTS)
	h = recoverer(h, o.Logger)
	h = logRequests(h, o.Logger)
	if len(o.TrustedProxies) > 0 {
		h = realIP(h, o.TrustedProxies)
	}
	return requestID(mendHeaders(h))
}

// mendHeaders replaces what is not UTF-8 in every request header with U+FFFD
// before anything reads it: a header is text from anyone, and PostgreSQL
// refuses invalid UTF-8 (a User-Agent of such bytes made the security
// event's insert fail, and with it sign-ups and sign-ins).
func mendHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, vs := range r.Header {
			for i, v := range vs {
				if !utf8.ValidString(v) {
					vs[i] = strings.ToValidUTF8(v, "\uFFFD")
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

// New returns an http.Server with sane timeouts.
func New(addr string, h http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 5 * time.Minute,
		WriteTimeout: 5 * time.Minute, IdleTimeout: 2 * time.Minute, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
}

// Serve listens on ln until ctx is done, then shuts down gracefully.
func Serve(ctx context.Context, srv *http.Server, ln net.Listener) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

func requestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b := make([]byte, 8)
		_, _ = rand.Read(b)
		id := hex.EncodeToString(b)
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r.WithContext(api.WithRequestID(r.Context(), id)))
	})
}

// realIP replaces RemoteAddr with the client's address when the request
// comes from a trusted proxy: the right-most X-Forwarded-For address that is
// not itself a trusted proxy. Addresses left of it were written by whoever
// sent the request and are never believed. When every listed address is a
// trusted proxy, the right-most one (the hop the peer itself saw) is used.
func realIP(next http.Handler, trusted []netip.Prefix) http.Handler {
	isTrusted := func(a netip.Addr) bool {
		for _, p := range trusted {
			if p.Contains(a) {
				return true
			}
		}
		return false
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		peer, err := netip.ParseAddrPort(r.RemoteAddr)
		if err != nil || !isTrusted(peer.Addr().Unmap()) {
			next.ServeHTTP(w, r)
			return
		}
		var client netip.Addr
		hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
		for i := len(hops) - 1; i >= 0; i-- {
			a, ok := forwardedAddr(hops[i])
			if !ok {
				break
			}
			if !client.IsValid() || !isTrusted(a) {
				client = a
			}
			if !isTrusted(a) {
				break
			}
		}
		if client.IsValid() {
			r.RemoteAddr = netip.AddrPortFrom(client, 0).String()
		}
		next.ServeHTTP(w, r)
	})
}

// forwardedAddr parses one X-Forwarded-For entry: an address, perhaps with a
// port ("203.0.113.9:5000", "[2001:db8::1]:5000").
func forwardedAddr(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	if a, err := netip.ParseAddr(s); err == nil && a.Zone() == "" {
		return a.Unmap(), true
	}
	if ap, err := netip.ParseAddrPort(s); err == nil && ap.Addr().Zone() == "" {
		return ap.Addr().Unmap(), true
	}
	return netip.Addr{}, false
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func logRequests(next http.Handler, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if !strings.HasPrefix(r.URL.Path, "/api/") && !strings.HasPrefix(r.URL.Path, "/auth/") {
			return // static files are not worth a line each
		}
		log.LogAttrs(r.Context(), slog.LevelDebug, "request", slog.String("method", r.Method), slog.String("path", r.URL.Path),
			slog.Int("status", rec.status), slog.Int("bytes", rec.bytes), slog.Duration("took", time.Since(start)),
			slog.String("request_id", api.RequestID(r.Context())))
	})
}

func recoverer(next http.Handler, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.ErrorContext(r.Context(), "panic", "value", v, "stack", string(debug.Stack()), "request_id", api.RequestID(r.Context()))
				api.WriteError(w, r, log, fmt.Errorf("panic: %v", v))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

func securityHeaders(next http.Handler, analytics, hsts bool) http.Handler {
	script, connect := "'self'", "'self'"
	if analytics {
		script += " https://www.googletagmanager.com"
		connect += " https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com"
	}
	csp := "default-src 'self'; script-src " + script + "; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; " +
		"font-src 'self' data:; connect-src " + connect + "; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
		if hsts {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}
