package api

import (
	"crypto/tls"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecodeRefusesControlCharacters(t *testing.T) {
	type detail struct {
		Title   string `json:"title"`
		Content string `json:"content"`
	}
	type req struct {
		Name    string            `json:"name"`
		Details []detail          `json:"details"`
		Vars    map[string]string `json:"vars"`
		Tags    []string          `json:"tags"`
		Inner   *req              `json:"inner"`
	}
	refused := map[string]string{
		`{"name":"a\u0000b"}`:        "name",
		`{"name":"\u0001"}`:          "name",
		`{"name":"bell\u0007"}`:      "name",
		`{"name":"form feed\f"}`:     "name",
		`{"name":"backspace\b"}`:     "name",
		`{"name":"\u001F"}`:          "name",
		`{"name":"\u001b[31mred"}`:   "name",
		`{"name":"del\u007f"}`:       "name",
		`{"name":"del\u007F"}`:       "name",
		"{\"name\":\"raw del\x7f\"}": "name",
		`{"tags":["ok","a\u0000"]}`:  "tags[1]",
		`{"details":[{"title":"x"},{"title":"y","content":"\u0002"}]}`: "details[1].content",
		`{"vars":{"ok":"1","k":"v\u0000"}}`:                            "vars.k",
		`{"vars":{"k\u0000":"v"}}`:                                     "vars",
		`{"inner":{"inner":{"name":"\u0000"}}}`:                        "inner.inner.name",
		`{"details":[],"inner":{"tags":[],"name":"\u0000"}}`:           "inner.name",
	}
	for body, field := range refused {
		var v req
		err := decodeJSON([]byte(body), &v)
		e, ok := AsError(err)
		require.True(t, ok, body)
		assert.Equal(t, "api.controlCharacter", e.Message, body)
		assert.Equal(t, http.StatusBadRequest, e.Status(), body)
		assert.Equal(t, field, e.Params["field"], body)
	}
	var top map[string]string
	e, ok := AsError(decodeJSON([]byte(`{"a\u0000":"b"}`), &top))
	require.True(t, ok)
	assert.Equal(t, "body", e.Params["field"], "a key at the top names the body")

	accepted := []string{
		`{"name":"tab\tline\nreturn\r"}`,
		`{"name":"tab\u0009line\u000Areturn\u000d"}`,
		`{"name":"\\u0000 is how JSON writes NUL"}`,
		`{"name":"space\u0020and é\u00e9 and \u2028"}`,
		`{"name":"Übelkeit, 10 µg/kg"}`,
		`{"tags":[],"details":[{"title":"\\\\u0001"}]}`,
	}
	for _, body := range accepted {
		var v req
		assert.NoError(t, decodeJSON([]byte(body), &v), body)
	}
	assert.False(t, mayHoldControl([]byte(`{"name":"plain","n":1}`)), "the quick look skips bodies without escapes")
}

func TestRequireJSON(t *testing.T) {
	for ct, ok := range map[string]bool{
		"application/json":                  true,
		"application/json; charset=utf-8":   true,
		"Application/JSON; charset=UTF-8":   true,
		"application/json;charset=utf-8":    true,
		"":                                  false,
		"text/plain":                        false,
		"text/plain; charset=utf-8":         false,
		"application/x-www-form-urlencoded": false,
		"multipart/form-data; boundary=x":   false,
		"application/json-patch+json":       false,
		"application/jsonx":                 false,
		"application/json; charset=latin1":  false,
		"application/json; boundary=x":      false,
		"application/json; charset=":        false,
		"application/json, text/plain":      false,
	} {
		r := httptest.NewRequest(http.MethodPost, "/api/common/query/profile", strings.NewReader("{}"))
		if ct != "" {
			r.Header.Set("Content-Type", ct)
		}
		err := requireJSON(r)
		if ok {
			assert.NoError(t, err, ct)
			continue
		}
		e, isAPI := AsError(err)
		require.True(t, isAPI, ct)
		assert.Equal(t, http.StatusUnsupportedMediaType, e.Status(), ct)
		assert.Equal(t, "api.unsupportedMediaType", e.Message, ct)
	}
}

func TestSecurityHeaders(t *testing.T) {
	h := SecurityHeaders(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("ok")) }))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "http://alpha.vademecum.localhost/", nil))
	csp := w.Header().Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'self'", "script-src 'self';", "object-src 'none'", "base-uri 'self'",
		"form-action 'self'", "frame-ancestors 'none'", "img-src 'self' data: blob:"} {
		assert.Contains(t, csp, want)
	}
	script := csp[strings.Index(csp, "script-src"):]
	assert.NotContains(t, script[:strings.Index(script, ";")], "unsafe", "scripts are never inline or eval'd")
	assert.Equal(t, "nosniff", w.Header().Get("X-Content-Type-Options"))
	assert.Equal(t, "strict-origin-when-cross-origin", w.Header().Get("Referrer-Policy"))
	assert.Empty(t, w.Header().Get("Strict-Transport-Security"), "not over plain HTTP")

	r := httptest.NewRequest(http.MethodGet, "https://alpha.vademecum.localhost/", nil)
	r.TLS = &tls.ConnectionState{}
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	assert.Contains(t, w.Header().Get("Strict-Transport-Security"), "max-age=")
}

func TestCrossOriginProtection(t *testing.T) {
	served := 0
	h := CrossOriginProtection(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { served++ }))
	for _, tc := range []struct {
		name, method, origin, fetchSite string
		ok                              bool
	}{
		{"same origin by Sec-Fetch-Site", http.MethodPost, "http://alpha.vademecum.localhost", "same-origin", true},
		{"typed by the user", http.MethodPost, "", "none", true},
		{"no browser headers", http.MethodPost, "", "", true},
		{"same host by Origin", http.MethodPost, "http://alpha.vademecum.localhost", "", true},
		{"other site", http.MethodPost, "http://evil.example", "cross-site", false},
		{"sibling space", http.MethodPost, "http://beta.vademecum.localhost", "same-site", false},
		{"other site by Origin only", http.MethodPost, "http://evil.example", "", false},
		{"sibling space by Origin only", http.MethodPut, "http://beta.vademecum.localhost", "", false},
		{"opaque origin", http.MethodDelete, "null", "", false},
		{"reading is safe", http.MethodGet, "http://evil.example", "cross-site", true},
		{"HEAD is safe", http.MethodHead, "http://evil.example", "cross-site", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := served
			r := httptest.NewRequest(tc.method, "http://alpha.vademecum.localhost/api/reader/mutation/commentGuideline", nil)
			if tc.origin != "" {
				r.Header.Set("Origin", tc.origin)
			}
			if tc.fetchSite != "" {
				r.Header.Set("Sec-Fetch-Site", tc.fetchSite)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if tc.ok {
				assert.Equal(t, before+1, served)
				return
			}
			assert.Equal(t, before, served, "not served")
			assert.Equal(t, http.StatusForbidden, w.Code)
			var body errorBody
			require.NoError(t, json.Unmarshal(w.Body.Bytes(), &body))
			assert.Equal(t, "auth.crossOrigin", body.Message)
			assert.NotNil(t, body.Params)
		})
	}
}

func TestUnservedAPIPathsAnswerJSON404(t *testing.T) {
	r := NewRouter(nil)
	for _, method := range []string{http.MethodGet, http.MethodPost, http.MethodDelete} {
		w := httptest.NewRecorder()
		r.ServeHTTP(w, httptest.NewRequest(method, "/api/no/such/call", nil))
		assert.Equal(t, http.StatusNotFound, w.Code, method)
		assert.JSONEq(t, `{"message":"not found","params":{}}`, w.Body.String(), method)
	}
}
