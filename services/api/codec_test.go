package api

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecodeIDs(t *testing.T) {
	type req struct {
		ID    ID   `json:"id"`
		Other *ID  `json:"other"`
		List  []ID `json:"list"`
	}
	var r req
	require.NoError(t, decodeJSON([]byte(`{"id":"12","other":7,"list":["1",2]}`), &r))
	assert.Equal(t, ID(12), r.ID)
	assert.Equal(t, ID(7), *r.Other)
	assert.Equal(t, []ID{1, 2}, r.List)

	for body, field := range map[string]string{
		`{"id":"abc"}`: "id", `{"id":1.5}`: "id", `{"id":"-1"}`: "id", `{"id":true}`: "id",
		`{"list":["x"]}`: "list", `{"id":"99999999999999999999"}`: "id",
	} {
		err := decodeJSON([]byte(body), &r)
		var e *Error
		require.True(t, errors.As(err, &e), body)
		assert.Equal(t, "request.invalidField", e.Message, body)
		assert.Equal(t, field, e.Params["field"], body)
	}
}

func TestDecodeRefusals(t *testing.T) {
	var v struct {
		Name string `json:"name"`
	}
	cases := map[string]string{
		`{"name":`:              "request.malformedJSON",
		`[1]`:                   "request.invalidField",
		`{"name":"a"} x`:        "request.malformedJSON",
		`{"nme":"a"}`:           "request.unknownField",
		"{\"name\":\"\xff\"}":   "request.malformedJSON",
		`{"name":{"nested":1}}`: "request.invalidField",
	}
	for body, msg := range cases {
		err := decodeJSON([]byte(body), &v)
		e, ok := AsError(err)
		require.True(t, ok, body)
		assert.Equal(t, msg, e.Message, body)
	}
	require.NoError(t, decodeJSON(nil, &v), "an empty body is an empty object")

	_, err := readBody(strings.NewReader(strings.Repeat("x", 11)), 10)
	e, ok := AsError(err)
	require.True(t, ok)
	assert.Equal(t, "request.bodyTooLarge", e.Message)
}

func TestErrorsCompareBySentinel(t *testing.T) {
	err := ErrNotFound.With(map[string]any{"id": 3})
	assert.ErrorIs(t, err, ErrNotFound)
	assert.NotErrorIs(t, err, ErrForbidden)
	assert.Equal(t, 404, err.Status())
}
