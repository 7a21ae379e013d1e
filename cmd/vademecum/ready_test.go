package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// /readyz names each check's result, is 503 when one fails, and once shutdown has begun.
func TestReadiness(t *testing.T) {
	var searchDown error
	r := newReadiness()
	r.Add("database", func(context.Context) error { return nil })
	r.Add("search", func(context.Context) error { return searchDown })
	get := func() (int, readyAnswer) {
		t.Helper()
		w := httptest.NewRecorder()
		r.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/readyz", nil))
		var a readyAnswer
		require.NoError(t, json.Unmarshal(w.Body.Bytes(), &a))
		return w.Code, a
	}
	for _, tc := range []struct {
		name   string
		search error
		stop   bool
		status int
		want   readyAnswer
	}{
		{"all well", nil, false, http.StatusOK, readyAnswer{Ready: true, Checks: map[string]string{"database": "ok", "search": "ok"}}},
		{"search down", errors.New("connection refused"), false, http.StatusServiceUnavailable,
			readyAnswer{Checks: map[string]string{"database": "ok", "search": "connection refused"}}},
		{"shutting down", nil, true, http.StatusServiceUnavailable,
			readyAnswer{Checks: map[string]string{"database": "ok", "search": "ok", "shutdown": "shutting down"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			searchDown = tc.search
			if tc.stop {
				r.Stop()
			}
			status, a := get()
			assert.Equal(t, tc.status, status)
			assert.Equal(t, tc.want, a)
		})
	}
}
