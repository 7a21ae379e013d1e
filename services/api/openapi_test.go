package api

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type openAPIBase struct {
	ID      ID        `json:"id"`
	Created time.Time `json:"created"`
}

// URL collides with net/url's URL, so both are named by package.
type URL struct {
	Href string `json:"href"`
}

type openAPIRequest struct {
	openAPIBase
	Name    string            `json:"name"`
	Note    *string           `json:"note"`
	Tags    []string          `json:"tags,omitempty"`
	Counts  map[string]int    `json:"counts"`
	Raw     json.RawMessage   `json:"raw"`
	Link    URL               `json:"link"`
	Other   *url.URL          `json:"other"`
	Inline  struct{ A bool }  `json:"inline"`
	Skipped string            `json:"-"`
	hidden  string            //nolint:unused // proves unexported fields are left out
	Ratio   float64           `json:"ratio,omitzero"`
	Nested  []*openAPIRequest `json:"nested"`
}

type ownJSON struct{}

func (o *ownJSON) UnmarshalJSON([]byte) error { return nil }

type describedJSON struct{}

func (describedJSON) OpenAPISchema() *Schema { return &Schema{Type: Types{"string", "integer"}} }

func (*describedJSON) UnmarshalJSON([]byte) error { return nil }

func TestBuildOpenAPI(t *testing.T) {
	r := NewRouter(nil)
	Call(r, "author", "mutation", "save", func(context.Context, openAPIRequest) (bool, error) { return true, nil }, BodyLimit(1024))
	Call(r, "common", "query", "empty", func(context.Context, struct{}) ([]describedJSON, error) { return nil, nil })
	r.Get("/api/common/get/file/{hash}/{rest...}", "common/get/file", http.NotFoundHandler())

	calls := r.Calls()
	require.Len(t, calls, 2)
	assert.Equal(t, "author/mutation/save", calls[0].Object)
	assert.Equal(t, "/api/common/query/empty", calls[1].Path())

	doc, err := BuildOpenAPI("Test", "1", calls, r.Routes())
	require.NoError(t, err)
	assert.Equal(t, "3.1.0", doc.OpenAPI)

	op := doc.Paths["/api/author/mutation/save"]["post"]
	require.NotNil(t, op)
	assert.Equal(t, "author/mutation/save", op.OperationID)
	assert.Equal(t, int64(1024), op.BodyLimit)
	assert.Equal(t, "Space", op.Parameters[0].Name)
	assert.Equal(t, SchemaRef("OpenAPIRequest"), op.RequestBody.Content["application/json"].Schema.Ref)
	assert.Equal(t, Types{"boolean"}, op.Responses["200"].Content["application/json"].Schema.Type)
	for _, status := range []string{"400", "401", "403", "404", "409", "429", "503"} {
		assert.NotEmpty(t, op.Responses[status].Ref, status)
	}

	req := doc.Components.Schemas["OpenAPIRequest"]
	require.NotNil(t, req)
	props := req.Properties
	assert.Equal(t, Types{"integer"}, props["id"].Type, "embedded fields are flattened")
	assert.Equal(t, "date-time", props["created"].Format)
	assert.Equal(t, Types{"string", "null"}, props["note"].Type)
	assert.Equal(t, Types{"array"}, props["tags"].Type)
	assert.Equal(t, Types{"integer"}, props["counts"].AdditionalProperties.Type)
	assert.Equal(t, &Schema{}, props["raw"], "raw JSON is any value")
	assert.Equal(t, SchemaRef("ApiURL"), props["link"].Ref)
	assert.Equal(t, SchemaRef("UrlURL"), props["other"].OneOf[0].Ref)
	assert.Equal(t, Types{"null"}, props["other"].OneOf[1].Type)
	assert.Equal(t, Types{"boolean"}, props["inline"].Properties["A"].Type)
	assert.Equal(t, SchemaRef("OpenAPIRequest"), props["nested"].Items.OneOf[0].Ref)
	assert.NotContains(t, props, "Skipped")
	assert.NotContains(t, props, "hidden")
	assert.Equal(t, []string{"counts", "created", "id", "inline", "link", "name", "nested", "raw"}, req.Required,
		"omitempty, omitzero and pointers make a field optional")

	empty := doc.Paths["/api/common/query/empty"]["post"]
	assert.Equal(t, Types{"object"}, empty.RequestBody.Content["application/json"].Schema.Type)
	assert.Equal(t, Types{"string", "integer"}, empty.Responses["200"].Content["application/json"].Schema.Items.Type)

	file := doc.Paths["/api/common/get/file/{hash}/{rest}"]["get"]
	require.NotNil(t, file, "plain routes are listed with their path parameters")
	assert.Equal(t, []string{"hash", "rest"}, []string{file.Parameters[0].Name, file.Parameters[1].Name})
	assert.Nil(t, file.RequestBody)
}

func TestBuildOpenAPIRefusesUndescribedJSON(t *testing.T) {
	r := NewRouter(nil)
	Call(r, "common", "query", "own", func(context.Context, struct{ V ownJSON }) (bool, error) { return true, nil })
	_, err := BuildOpenAPI("Test", "1", r.Calls(), nil)
	require.ErrorContains(t, err, "ownJSON has its own JSON form")
}

func TestOpenAPIHandler(t *testing.T) {
	r := NewRouter(nil)
	Call(r, "common", "query", "ping", func(context.Context, struct{}) (string, error) { return "pong", nil })
	h := r.OpenAPIHandler("Test", "1")
	for range 2 {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/openapi.json", nil))
		require.Equal(t, http.StatusOK, rec.Code)
		assert.Equal(t, "application/json", rec.Header().Get("Content-Type"))
		var doc Document
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &doc))
		assert.Contains(t, doc.Paths, "/api/common/query/ping")
	}
}
