package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"cashcontrol/internal/finance"
)

// MaxBodyBytes bounds every JSON request body.
const MaxBodyBytes = 1 << 20

type ctxKey int

const (
	requestIDKey ctxKey = 1
	sessionKey   ctxKey = 2
)

// WithRequestID stores the request id that errors are logged with.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey, id)
}

// RequestID returns the request's id, or "".
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// statusOf is the one table from domain error codes to HTTP statuses.
var statusOf = map[string]int{
	finance.ECodeInvalid:              http.StatusBadRequest,
	finance.ECodeNotFound:             http.StatusNotFound,
	finance.ECodeConflict:             http.StatusConflict,
	finance.ECodeInUse:                http.StatusConflict,
	finance.ECodeRatesUnavailable:     http.StatusBadGateway,
	finance.ECodeEmailTaken:           http.StatusConflict,
	finance.ECodeUnauthorized:         http.StatusUnauthorized,
	finance.ECodeInvalidCredentials:   http.StatusUnauthorized,
	finance.ECodeForbidden:            http.StatusForbidden,
	finance.ECodeCrossOrigin:          http.StatusForbidden,
	finance.ECodeLimitExceeded:        http.StatusBadRequest,
	finance.ECodeAlreadyCommitted:     http.StatusConflict,
	finance.ECodeIdempotencyReused:    http.StatusUnprocessableEntity,
	finance.ECodeSignupDisabled:       http.StatusForbidden,
	finance.ECodeRateLimited:          http.StatusTooManyRequests,
	finance.ECodePayloadTooLarge:      http.StatusRequestEntityTooLarge,
	finance.ECodeUnsupportedMedia:     http.StatusUnsupportedMediaType,
	finance.ECodeImageTooLarge:        http.StatusRequestEntityTooLarge,
	finance.ECodeRecentSignInRequired: http.StatusForbidden,
	finance.ECodeTooManyUploads:       http.StatusConflict,
	finance.ECodeTooManyFiles:         http.StatusConflict,
	finance.ECodeCurrencyMismatch:     http.StatusUnprocessableEntity,
	finance.ECodeBalancesOnly:         http.StatusUnprocessableEntity,
	finance.ECodeTooManyStreams:       http.StatusTooManyRequests,
	finance.ECodeTooManyLedgers:       http.StatusConflict,
	finance.ECodeTooManySchedules:     http.StatusConflict,
	finance.ECodeAttachmentQuota:      http.StatusConflict,
	finance.ECodeCatchUpTooLong:       http.StatusUnprocessableEntity,
	finance.ECodeLastOwner:            http.StatusConflict,
	finance.ECodeDefaultLedger:        http.StatusConflict,
	finance.ECodeAlreadyMember:        http.StatusConflict,
	finance.ECodeInvitationEmail:      http.StatusForbidden,
	finance.ECodeTwoFactorEnabled:     http.StatusConflict,
	finance.ECodeTwoFactorDisabled:    http.StatusConflict,
	finance.ECodeTwoFactorNotStarted:  http.StatusConflict,
	finance.ECodeTwoFactorExpired:     http.StatusUnauthorized,
	finance.ECodeTwoFactorAttempts:    http.StatusUnauthorized,
	finance.ECodeSecretKeyUnavailable: http.StatusServiceUnavailable,
	finance.ECodePasswordRequired:     http.StatusUnprocessableEntity,
	finance.ECodeTokenScope:           http.StatusForbidden,
	finance.ECodeTokenNotAllowed:      http.StatusForbidden,
	finance.ECodeLastAdmin:            http.StatusConflict,
	finance.ECodeAccountDisabled:      http.StatusForbidden,
	finance.ECodeResetLinkInvalid:     http.StatusNotFound,
	finance.ECodeResetByEmailOff:      http.StatusConflict,
	finance.ECodePasskeyFailed:        http.StatusUnauthorized,
	finance.ECodePasskeysOff:          http.StatusConflict,
	finance.ECodeBackupsOff:           http.StatusConflict,
	finance.ECodeBackupFailed:         http.StatusInternalServerError,
	finance.ECodeReconciled:           http.StatusConflict,
	finance.ECodeReconcileDifference:  http.StatusConflict,
	finance.ECodeSecretKeyRequired:    http.StatusConflict,
	finance.ECodeBankUnavailable:      http.StatusBadGateway,
	finance.ECodeBankRateLimited:      http.StatusTooManyRequests,
	finance.ECodeBankConsentExpired:   http.StatusConflict,
}

// Problem is an RFC 9457 problem document with Cash Control's code.
type Problem struct {
	Type   string               `json:"type"`
	Title  string               `json:"title"`
	Status int                  `json:"status"`
	Code   string               `json:"code"`
	Detail string               `json:"detail"`
	Errors []finance.FieldError `json:"errors,omitempty"`
	// Params are the values the code's translated message names.
	Params map[string]string `json:"params,omitempty"`
	// Difference: with reconcile_difference, the statement balance minus
	// the account's cleared balance on its date (minor units).
	Difference *int64 `json:"difference,omitempty"`
}

// WriteError turns any error into a problem reply. Unknown errors say only
// 'internal error' and are logged with the request id.
func WriteError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	p := Problem{Type: "about:blank", Code: finance.ECodeInternal, Detail: "internal error", Status: http.StatusInternalServerError}
	var fe *finance.Error
	if errors.As(err, &fe) {
		p.Code, p.Detail, p.Errors, p.Params, p.Difference = fe.Code, fe.Message, fe.Fields, fe.Params, fe.Difference
		if s, ok := statusOf[fe.Code]; ok {
			p.Status = s
		} else {
			p.Status = http.StatusBadRequest
		}
	} else {
		log.ErrorContext(r.Context(), "internal error", "err", err, "request_id", RequestID(r.Context()),
			"method", r.Method, "path", r.URL.Path)
	}
	var ra interface{ RetryAfterSeconds() int }
	if errors.As(err, &ra) {
		w.Header().Set("Retry-After", strconv.Itoa(max(1, ra.RetryAfterSeconds())))
	}
	p.Title = http.StatusText(p.Status)
	writeProblem(w, p)
}

func writeProblem(w http.ResponseWriter, p Problem) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(p.Status)
	_ = json.NewEncoder(w).Encode(p)
}

// NotFound answers an unknown API path.
func NotFound(w http.ResponseWriter, r *http.Request) {
	writeProblem(w, Problem{Type: "about:blank", Title: "Not Found", Status: http.StatusNotFound, Code: finance.ECodeNotFound,
		Detail: "no such endpoint: " + r.Method + " " + r.URL.Path})
}

func jsonEncode(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// decode reads a JSON body into v: size-limited, one object, no unknown fields.
func decode(w http.ResponseWriter, r *http.Request, v any) error {
	_, err := decodeRaw(w, r, v)
	return err
}

// decodeRaw is decode that also returns the body as it came.
func decodeRaw(w http.ResponseWriter, r *http.Request, v any) ([]byte, error) {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
			return nil, finance.Errorf(finance.ECodeUnsupportedMedia, "send application/json")
		}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBodyBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, finance.Errorf(finance.ECodePayloadTooLarge, "the request body is larger than %d bytes", MaxBodyBytes)
		}
		return nil, finance.Errorf(finance.ECodeInvalid, "the request body could not be read")
	}
	if hasNULEscape(body) {
		// PostgreSQL's text refuses NUL, and no field of ours has a use for it.
		return nil, finance.Errorf(finance.ECodeInvalid, "text must not contain NUL characters (\\u0000)")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var typeErr *json.UnmarshalTypeError
		switch {
		case errors.As(err, &typeErr) && typeErr.Field != "":
			return nil, finance.FieldErr(typeErr.Field, finance.FCodeInvalid, "wrong type for "+typeErr.Field)
		case errors.Is(err, io.EOF):
			return nil, finance.Errorf(finance.ECodeInvalid, "the request body is empty")
		default:
			return nil, finance.Errorf(finance.ECodeInvalid, "malformed JSON: %s", err.Error())
		}
	}
	if dec.More() {
		return nil, finance.Errorf(finance.ECodeInvalid, "the body must hold one JSON object")
	}
	return body, nil
}

// hasNULEscape reports whether a JSON text holds a NUL character: JSON can
// only carry one as the escape \u0000 (a raw control byte is malformed), and
// in valid JSON a backslash only ever starts an escape.
func hasNULEscape(b []byte) bool {
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' {
			continue
		}
		if i+5 < len(b) && b[i+1] == 'u' && string(b[i+2:i+6]) == "0000" {
			return true
		}
		i++ // skip the escaped character
	}
	return false
}
