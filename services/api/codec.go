package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// ID is an entity id: accepted as a JSON number or a string of digits, always sent as a number.
type ID int64

// UnmarshalJSON accepts 12 and "12"; anything else is an error naming the field.
func (id *ID) UnmarshalJSON(b []byte) error {
	s := string(b)
	if strings.HasPrefix(s, `"`) {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		// An UnmarshalTypeError lets encoding/json add the field path for the 400 message.
		return &json.UnmarshalTypeError{Value: "id " + strconv.Quote(s), Type: reflect.TypeOf(ID(0))}
	}
	*id = ID(n)
	return nil
}

// DefaultBodyLimit caps request bodies of calls that do not set their own limit.
const DefaultBodyLimit = 256 << 10

// readBody reads at most limit bytes of a request body; a longer body is a 400 error.
func readBody(r io.Reader, limit int64) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, ErrMalformedJSON.Wrap(err)
	}
	if int64(len(body)) > limit {
		return nil, ErrBodyTooLarge.With(map[string]any{"limit": limit})
	}
	return body, nil
}

// DecodeRequest reads the JSON body of a stream's request (at most limit bytes) into v with the
// answers of the API calls: too long, unknown fields, wrong types and trailing data are 400
// errors naming what is wrong.
func DecodeRequest(r *http.Request, limit int64, v any) error {
	body, err := readBody(r.Body, limit)
	if err != nil {
		return err
	}
	return decodeJSON(body, v)
}

// decodeJSON decodes a JSON request body into v: unknown fields, trailing data, wrong types
// and invalid UTF-8 are 400 errors that name what is wrong.
func decodeJSON(body []byte, v any) error {
	if len(bytes.TrimSpace(body)) == 0 {
		body = []byte("{}")
	}
	if !utf8.Valid(body) {
		return ErrMalformedJSON
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if dec.More() {
		return ErrMalformedJSON
	}
	return nil
}

func jsonError(err error) error {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		field := typeErr.Field
		if field == "" {
			field = "body"
		}
		return ErrInvalidField.Field(field).Wrap(err)
	}
	if msg := err.Error(); strings.HasPrefix(msg, "json: unknown field ") {
		field, _ := strconv.Unquote(strings.TrimPrefix(msg, "json: unknown field "))
		return ErrUnknownField.Field(field)
	}
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return ErrMalformedJSON.Wrap(err)
}

// WriteJSON writes v as a JSON response.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	a, ok := v.(JSONAppender)
	if !ok {
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(v)
		return
	}
	buf := appendBuffers.Get().(*[]byte)
	body := append(a.AppendJSON((*buf)[:0]), '\n')
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
	if cap(body) <= maxPooledBuffer {
		*buf = body
		appendBuffers.Put(buf)
	}
}

// appendBuffers hold the bodies of JSONAppender answers between requests; a buffer grown
// past maxPooledBuffer by a huge answer is left to the collector.
var appendBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

const maxPooledBuffer = 1 << 20

type errorBody struct {
	Message string         `json:"message"`
	Params  map[string]any `json:"params"`
}

// WriteError answers with the spec's {message, params} body; errors without a public kind are
// logged and answered as a bare 500 that leaks nothing.
func WriteError(ctx context.Context, w http.ResponseWriter, err error) {
	e, ok := AsError(err)
	if !ok {
		Logger(ctx).Error("request failed", "err", err)
		WriteJSON(w, http.StatusInternalServerError, errorBody{Message: "internal error", Params: map[string]any{}})
		return
	}
	if e.cause != nil {
		Logger(ctx).Info("request refused", "status", e.Status(), "message", e.Message, "cause", e.cause)
	}
	params := e.Params
	if params == nil {
		params = map[string]any{}
	}
	WriteJSON(w, e.Status(), errorBody{Message: e.Message, Params: params})
}

// Logger is the request's logger, carrying request id, space and user.
func Logger(ctx context.Context) *slog.Logger {
	if h, ok := ctx.Value(loggerKey{}).(*logHolder); ok {
		return h.log
	}
	return slog.Default()
}

type loggerKey struct{}
