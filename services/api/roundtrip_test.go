package api

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAcceptsTheReadsShape(t *testing.T) {
	type partIn struct {
		ID    *ID    `json:"id"`
		Title string `json:"title"`
	}
	type part struct {
		ID    int64  `json:"id"`
		Index int    `json:"index"`
		Title string `json:"title"`
	}
	type input struct {
		Title string   `json:"title"`
		Parts []partIn `json:"parts"`
	}
	type read struct {
		ID      int64  `json:"id"`
		Title   string `json:"title"`
		Parts   []part `json:"parts"`
		Created string `json:"created"`
	}
	type request struct {
		Item input `json:"item"`
	}
	ro := accepted{key: "item", read: reflect.TypeFor[read]()}.forRequest(reflect.TypeFor[request]())
	require.NotNil(t, ro)
	for _, tc := range []struct {
		name, body, want string
	}{
		{"the read's fields are dropped, at every depth",
			`{"item":{"id":1,"title":"T","created":"x","parts":[{"id":2,"index":0,"title":"P"}]}}`, `{"item":{"parts":[{"id":2,"title":"P"}],"title":"T"}}`},
		{"fields of neither shape stay, for the decoding to refuse", `{"item":{"madeUp":1,"parts":[{"other":1}]},"x":2}`, `{"item":{"madeUp":1,"parts":[{"other":1}]},"x":2}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.JSONEq(t, tc.want, string(ro.strip([]byte(tc.body))))
		})
	}
	assert.Equal(t, `{"item":`, string(ro.strip([]byte(`{"item":`))), "a body that is no JSON stays as it is")
	var req request
	require.NoError(t, decodeJSON(ro.strip([]byte(`{"item":{"id":1,"title":"T","parts":[{"id":2,"index":0,"title":"P"}]}}`)), &req))
	assert.Equal(t, "P", req.Item.Parts[0].Title)
	assert.ErrorIs(t, decodeJSON(ro.strip([]byte(`{"item":{"title":"T","madeUp":1}}`)), &req), ErrUnknownField)
	assert.Nil(t, accepted{read: reflect.TypeFor[input]()}.forRequest(reflect.TypeFor[input]()), "a write that takes the whole read needs nothing")
}
