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
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgconn"

	"vademecum/tenancy"
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

// requireJSON refuses a body not declared as JSON (415). Pages of other sites can send forms
// and text/plain without the browser asking first, never application/json; refusing the rest
// also keeps the calls' one codec honest.
func requireJSON(r *http.Request) error {
	media, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || media != "application/json" {
		return ErrUnsupportedMediaType
	}
	for name, value := range params {
		if name != "charset" || !strings.EqualFold(value, "utf-8") {
			return ErrUnsupportedMediaType
		}
	}
	return nil
}

// DecodeRequest reads the JSON body of a stream's request (at most limit bytes) into v with the
// answers of the API calls: a body not declared as JSON is a 415 error; too long, unknown
// fields, wrong types, trailing data and control characters are 400 errors naming what is wrong.
func DecodeRequest(r *http.Request, limit int64, v any) error {
	if err := requireJSON(r); err != nil {
		return err
	}
	body, err := readBody(r.Body, limit)
	if err != nil {
		return err
	}
	return decodeJSON(body, v)
}

// decodeJSON decodes a JSON request body into v: unknown fields, trailing data, wrong types,
// invalid UTF-8 and strings holding control characters are 400 errors that name what is wrong.
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
	if field, ok := controlCharacterField(body); ok {
		return ErrControlCharacter.Field(field)
	}
	return nil
}

// isControl tells the characters no text of ours holds: C0 controls but tab, line feed and
// carriage return, and DEL. PostgreSQL refuses NUL in text, and the others only hide or
// garble what a reader sees.
func isControl(r rune) bool {
	return (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || r == 0x7f
}

// mayHoldControl is a quick look for what a control character in valid JSON must look like:
// an escape \b, \f or \u00XX below \u0020 or of DEL, or a raw DEL (raw C0 characters are
// not JSON). It may say yes wrongly (\u0009 is a tab), never no.
func mayHoldControl(body []byte) bool {
	if bytes.IndexByte(body, 0x7f) >= 0 {
		return true
	}
	for rest := body; ; {
		i := bytes.IndexByte(rest, '\\')
		if i < 0 || i+1 >= len(rest) {
			return false
		}
		switch rest[i+1] {
		case 'b', 'f':
			return true
		case 'u':
			if i+5 < len(rest) && rest[i+2] == '0' && rest[i+3] == '0' {
				hi, lo := rest[i+4], rest[i+5]
				if hi == '0' || hi == '1' || (hi == '7' && (lo == 'f' || lo == 'F')) {
					return true
				}
			}
		}
		rest = rest[i+2:]
	}
}

// controlCharacterField finds the first string (value or object key) of a valid JSON body
// holding a control character and names it by its path: "name", "glv.details[2].content";
// a key is named by the object holding it, "body" at the top.
func controlCharacterField(body []byte) (string, bool) {
	if !mayHoldControl(body) {
		return "", false
	}
	// one level per open object or array, with the key or index of the value read in it
	type level struct {
		array   bool
		index   int
		key     string
		wantKey bool
	}
	var stack []*level
	path := func(levels []*level) string {
		var b strings.Builder
		for _, l := range levels {
			if l.array {
				b.WriteString("[" + strconv.Itoa(l.index) + "]")
				continue
			}
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(l.key)
		}
		if b.Len() == 0 {
			return "body"
		}
		return b.String()
	}
	done := func() { // a value of the innermost object or array is complete
		if len(stack) == 0 {
			return
		}
		if top := stack[len(stack)-1]; top.array {
			top.index++
		} else {
			top.wantKey = true
		}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			done()
			continue
		}
		if n := len(stack); n > 0 && !stack[n-1].array && stack[n-1].wantKey {
			key, _ := tok.(string)
			if strings.ContainsFunc(key, isControl) {
				return path(stack[:n-1]), true
			}
			stack[n-1].key, stack[n-1].wantKey = key, false
			continue
		}
		switch t := tok.(type) {
		case json.Delim:
			stack = append(stack, &level{array: t == '[', wantKey: t == '{'})
			continue
		case string:
			if strings.ContainsFunc(t, isControl) {
				return path(stack), true
			}
		}
		done()
	}
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
	if !ok && movingSpaceRefused(ctx, err) {
		e, ok = ErrSpaceReadOnly, true
	}
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

// movingSpaceRefused tells whether err is a write the database refused because the request's
// space is being moved (its role has no write privileges until the switch).
func movingSpaceRefused(ctx context.Context, err error) bool {
	if errors.Is(err, tenancy.ErrWritesPaused) {
		return true
	}
	sp, ok := tenancy.SpaceFrom(ctx)
	var pe *pgconn.PgError
	return ok && sp.Status == tenancy.StatusMoving && errors.As(err, &pe) && pe.Code == "42501"
}

// Logger is the request's logger, carrying request id, space and user.
func Logger(ctx context.Context) *slog.Logger {
	if h, ok := ctx.Value(loggerKey{}).(*logHolder); ok {
		return h.log
	}
	return slog.Default()
}

type loggerKey struct{}
