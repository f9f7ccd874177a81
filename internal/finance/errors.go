// Package finance holds Cash Control's domain types, their validation and the
// error codes shared by every layer. It imports nothing of ours.
package finance

import (
	"errors"
	"fmt"
)

// Error codes are stable: clients translate them.
const (
	ECodeInvalid            = "invalid"
	ECodeNotFound           = "not_found"
	ECodeConflict           = "conflict"
	ECodeUnauthorized       = "unauthorized"
	ECodeForbidden          = "forbidden"
	ECodeRateLimited        = "rate_limited"
	ECodePayloadTooLarge    = "payload_too_large"
	ECodeUnsupportedMedia   = "unsupported_media_type"
	ECodeInternal           = "internal"
	ECodeInvalidCredentials = "invalid_credentials"
	ECodeEmailTaken         = "email_taken"
	ECodeSignupDisabled     = "signup_disabled"
	ECodeInUse              = "in_use"
	// ECodeRatesUnavailable: the download of exchange rates failed or timed
	// out; nothing was changed.
	ECodeRatesUnavailable = "rates_unavailable"
	ECodeCrossOrigin      = "cross_origin"
	// ECodeLimitExceeded: the write would take a balance or a ledger's sums
	// past a bound (see limits.go); nothing was written.
	ECodeLimitExceeded = "limit_exceeded"
	// ECodeAlreadyCommitted: the upload was imported already; a repeated or
	// concurrent commit adds nothing.
	ECodeAlreadyCommitted = "already_committed"
	// ECodeIdempotencyReused: an Idempotency-Key came back with another request.
	ECodeIdempotencyReused = "idempotency_key_reused"
	// ECodeRecentSignInRequired: the action needs a sign-in of the last few
	// minutes (an account without a password cannot confirm with one).
	ECodeRecentSignInRequired = "recent_sign_in_required"
	// ECodeTooManyUploads: the ledger's uploads waiting to be
	// committed are at their cap (count or bytes).
	ECodeTooManyUploads = "too_many_pending_imports"
	// ECodeTooManyFiles: the movement keeps MaxAttachmentsPerMovement files.
	ECodeTooManyFiles = "too_many_files"
	// ECodeCurrencyMismatch: a bank file's statement is in another currency
	// than the account it is imported into; nothing was imported.
	ECodeCurrencyMismatch = "currency_mismatch"
	// ECodeBalancesOnly: a bank file's table has a date and a balance per
	// row but no movement's amount: not a statement of movements.
	ECodeBalancesOnly = "balances_only"
	// ECodeImageTooLarge: decoding the image would take more memory than an
	// image may (files.MaxDecodedBytes), whatever its file's size.
	ECodeImageTooLarge = "image_too_large"
	// ECodeTooManyStreams: the user, or the server, has as many event
	// streams open as it may.
	ECodeTooManyStreams = "too_many_streams"
	// Quotas of a user (store.Quotas): the ledgers they own, the schedules
	// and attachments' bytes of those ledgers, and the occurrences a saved
	// schedule may post at once.
	ECodeTooManyLedgers   = "too_many_ledgers"
	ECodeTooManySchedules = "too_many_schedules"
	ECodeAttachmentQuota  = "attachment_quota_exceeded"
	ECodeCatchUpTooLong   = "catch_up_too_long"
	// ECodeReconciled: the change would alter a reconciled movement's
	// amount, date or account, or delete it, without ?confirm=true.
	ECodeReconciled = "reconciled"
	// ECodeReconcileDifference: the statement balance differs from the
	// account's cleared balance on its date (Error.Difference says by how
	// much); nothing was reconciled.
	ECodeReconcileDifference = "reconcile_difference"
)

// Field error codes.
const (
	FCodeRequired   = "required"
	FCodeTooLong    = "too_long"
	FCodeTooShort   = "too_short"
	FCodeInvalid    = "invalid"
	FCodeWeak       = "weak"
	FCodeUnknown    = "unknown"
	FCodeOutOfRange = "out_of_range"
	FCodeMismatch   = "mismatch"
	FCodeTaken      = "taken"
)

// FieldError names one invalid field of a request.
type FieldError struct {
	Field string `json:"field"`
	Code  string `json:"code"`
}

// Error is the domain error: a stable code, a human message in English (the
// web app shows its own translation of the code) and, for validation, fields.
type Error struct {
	Code    string
	Message string
	Fields  []FieldError
	// Params are values the translated message names (the currencies of a
	// mismatch, say), sent with the problem.
	Params map[string]string
	// Difference: a reconciliation's statement balance minus the cleared
	// balance (minor units), sent with the problem as "difference".
	Difference *int64
}

// With sets a parameter of the message and returns the error.
func (e *Error) With(name, value string) *Error {
	if e.Params == nil {
		e.Params = map[string]string{}
	}
	e.Params[name] = value
	return e
}

func (e *Error) Error() string {
	if len(e.Fields) == 0 {
		return e.Code + ": " + e.Message
	}
	return fmt.Sprintf("%s: %s %v", e.Code, e.Message, e.Fields)
}

// Errorf returns an *Error with the given code.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of err when it is (or wraps) an *Error, and
// ECodeInternal for anything else.
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ECodeInternal
}

// Validation collects field errors; Err returns nil when there are none.
type Validation struct {
	fields []FieldError
}

// Add records that field is wrong with code; the first error of a field wins.
func (v *Validation) Add(field, code string) {
	for _, f := range v.fields {
		if f.Field == field {
			return
		}
	}
	v.fields = append(v.fields, FieldError{Field: field, Code: code})
}

// Err returns an invalid *Error listing the fields, or nil.
func (v *Validation) Err() error {
	if len(v.fields) == 0 {
		return nil
	}
	return &Error{Code: ECodeInvalid, Message: "invalid input", Fields: v.fields}
}

// FieldErr is an invalid-input *Error (ECodeInvalid) that names one field
// with a field code; WithCode gives it another error code.
func FieldErr(field, fieldCode, message string) *Error {
	return &Error{Code: ECodeInvalid, Message: message, Fields: []FieldError{{Field: field, Code: fieldCode}}}
}

// WithCode sets the error's code (a conflict that still names its field, say)
// and returns it.
func (e *Error) WithCode(code string) *Error {
	e.Code = code
	return e
}
