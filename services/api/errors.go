package api

import (
	"errors"
	"fmt"
	"net/http"
)

// Kind says which HTTP status an error maps to.
type Kind int

// The error kinds of spec §8.
const (
	KindInvalid Kind = iota + 1
	KindUnauthorized
	KindForbidden
	KindNotFound
	KindConflict
	KindTooManyRequests
	KindUnsupportedMediaType
	KindUnavailable
)

var statusOf = map[Kind]int{
	KindInvalid:              http.StatusBadRequest,
	KindUnauthorized:         http.StatusUnauthorized,
	KindForbidden:            http.StatusForbidden,
	KindNotFound:             http.StatusNotFound,
	KindConflict:             http.StatusConflict,
	KindTooManyRequests:      http.StatusTooManyRequests,
	KindUnsupportedMediaType: http.StatusUnsupportedMediaType,
	KindUnavailable:          http.StatusServiceUnavailable,
}

// Error is a public error: Message is a stable key (e.g. "space.hasCollections") the UI
// translates, Params fill it in. Anything else worth logging is wrapped, never sent.
type Error struct {
	Kind    Kind
	Message string
	Params  map[string]any
	cause   error
}

func (e *Error) Error() string {
	if e.cause != nil {
		return fmt.Sprintf("%s: %v", e.Message, e.cause)
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.cause }

// Is makes errors.Is match errors of the same kind and message, so sentinels compare
// equal to copies carrying params.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Kind == e.Kind && t.Message == e.Message
}

// Status is the HTTP status of the error.
func (e *Error) Status() int { return statusOf[e.Kind] }

// With returns a copy of e carrying params.
func (e *Error) With(params map[string]any) *Error {
	c := *e
	c.Params = params
	return &c
}

// Field returns a copy of e naming the offending input field.
func (e *Error) Field(name string) *Error { return e.With(map[string]any{"field": name}) }

// Wrap returns a copy of e that also carries cause for the logs.
func (e *Error) Wrap(cause error) *Error {
	c := *e
	c.cause = cause
	return &c
}

// Invalid is a 400 error for malformed or unacceptable input.
func Invalid(message string) *Error { return &Error{Kind: KindInvalid, Message: message} }

// Forbidden is a 403 error.
func Forbidden(message string) *Error { return &Error{Kind: KindForbidden, Message: message} }

// NotFound is a 404 error.
func NotFound(message string) *Error { return &Error{Kind: KindNotFound, Message: message} }

// Conflict is a 409 error for a rule the request would break.
func Conflict(message string) *Error { return &Error{Kind: KindConflict, Message: message} }

// Errors every transport shares.
var (
	ErrUnauthorized    = &Error{Kind: KindUnauthorized, Message: "unauthorized"}
	ErrForbidden       = Forbidden("forbidden")
	ErrNotFound        = NotFound("not found")
	ErrMalformedJSON   = Invalid("request.malformedJSON")
	ErrInvalidField    = Invalid("request.invalidField")
	ErrUnknownField    = Invalid("request.unknownField")
	ErrBodyTooLarge    = Invalid("request.bodyTooLarge")
	ErrRequired        = Invalid("validation.required")
	ErrTooLong         = Invalid("validation.tooLong")
	ErrInvalidID       = Invalid("request.invalidId")
	ErrSpaceMismatch   = Invalid("space.headerMismatch")
	ErrInvalidLanguage = Invalid("validation.language")
	// ErrUnsupportedMediaType refuses API calls whose body is not declared as JSON.
	ErrUnsupportedMediaType = &Error{Kind: KindUnsupportedMediaType, Message: "api.unsupportedMediaType"}
	// ErrControlCharacter refuses a string of the request holding a control character
	// (other than tab, line feed and carriage return); params name the field.
	ErrControlCharacter = Invalid("api.controlCharacter")
	// ErrSpaceSuspended answers every call to a space its operators suspended (503).
	ErrSpaceSuspended = &Error{Kind: KindUnavailable, Message: "space.suspended"}
	// ErrSpaceReadOnly refuses a change to a space while it is being moved (503); the client
	// keeps what it was sending and tries again after retryAfter seconds.
	ErrSpaceReadOnly = (&Error{Kind: KindUnavailable, Message: "space.readOnly"}).With(map[string]any{"retryAfter": 30})
	// ErrCrossOrigin refuses a state-changing request that another site's page sent.
	ErrCrossOrigin = Forbidden("auth.crossOrigin")
)

// AsError finds the public error in err's chain.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}
