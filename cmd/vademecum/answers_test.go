package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"

	"vademecum/services/api"
)

// answersAsDescribed wraps the server of every integration test: each successful answer of a
// JSON call must match the call's response schema in the API's description, from which the
// web app's types are generated. A list sent as null, a missing required field, a field of
// another type or one the description does not name fails the test that received it.
func answersAsDescribed(t *testing.T, doc *api.Document, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		op := doc.Paths[r.URL.Path]["post"]
		if r.Method != http.MethodPost || op == nil || op.Responses["200"] == nil || op.Responses["200"].Content == nil {
			next.ServeHTTP(w, r)
			return
		}
		rec := &recordingWriter{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.status != 0 && rec.status != http.StatusOK {
			return
		}
		if !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
			t.Errorf("%s answered %q, not JSON", r.URL.Path, rec.Header().Get("Content-Type"))
			return
		}
		dec := json.NewDecoder(bytes.NewReader(rec.body.Bytes()))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Errorf("%s answered invalid JSON: %v", r.URL.Path, err)
			return
		}
		for _, p := range matchSchema(doc, op.Responses["200"].Content["application/json"].Schema, v, "answer") {
			t.Errorf("%s: %s", r.URL.Path, p)
		}
	})
}

// recordingWriter passes an answer on and keeps a copy.
type recordingWriter struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (w *recordingWriter) WriteHeader(status int) {
	w.status = status
	w.ResponseWriter.WriteHeader(status)
}

func (w *recordingWriter) Write(b []byte) (int, error) {
	w.body.Write(b)
	return w.ResponseWriter.Write(b)
}

// Flush passes a flush on, for answers written in parts.
func (w *recordingWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// matchSchema lists where the decoded JSON value v departs from the schema (the subset of
// JSON Schema the description uses).
func matchSchema(doc *api.Document, sc *api.Schema, v any, at string) []string {
	sc = resolve(doc, sc)
	if sc == nil {
		return nil
	}
	if len(sc.OneOf) > 0 {
		for _, alt := range sc.OneOf {
			if len(matchSchema(doc, alt, v, at)) == 0 {
				return nil
			}
		}
		return []string{fmt.Sprintf("%s: %s matches none of its forms", at, short(v))}
	}
	if len(sc.Type) > 0 && !hasKind(sc.Type, v) {
		return []string{fmt.Sprintf("%s: %s is not %s", at, short(v), strings.Join(sc.Type, " or "))}
	}
	var out []string
	switch x := v.(type) {
	case []any:
		for i, item := range x {
			out = append(out, matchSchema(doc, sc.Items, item, fmt.Sprintf("%s[%d]", at, i))...)
		}
	case map[string]any:
		for _, name := range sc.Required {
			if _, ok := x[name]; !ok {
				out = append(out, fmt.Sprintf("%s: required field %s missing", at, name))
			}
		}
		names := make([]string, 0, len(x))
		for name := range x {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			switch prop, ok := sc.Properties[name]; {
			case ok:
				out = append(out, matchSchema(doc, prop, x[name], at+"."+name)...)
			case sc.AdditionalProperties != nil:
				out = append(out, matchSchema(doc, sc.AdditionalProperties, x[name], at+"."+name)...)
			case sc.Properties != nil:
				out = append(out, fmt.Sprintf("%s: field %s is not described", at, name))
			}
		}
	}
	return out
}

// hasKind reports whether v is of one of the JSON types.
func hasKind(types api.Types, v any) bool {
	for _, k := range types {
		switch x := v.(type) {
		case nil:
			if k == "null" {
				return true
			}
		case string:
			if k == "string" {
				return true
			}
		case bool:
			if k == "boolean" {
				return true
			}
		case json.Number:
			_, err := x.Int64()
			if k == "number" || k == "integer" && err == nil {
				return true
			}
		case []any:
			if k == "array" {
				return true
			}
		case map[string]any:
			if k == "object" {
				return true
			}
		}
	}
	return false
}

// short is a value as a failure message shows it.
func short(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 80 {
		return string(b[:80]) + "…"
	}
	return string(b)
}
