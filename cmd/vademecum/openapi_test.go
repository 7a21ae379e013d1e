package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestIntegrationOpenAPI(t *testing.T) {
	e := newEnv(t)
	res, err := http.Get(e.srv.URL + "/api/openapi.json")
	require.NoError(t, err)
	defer res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "application/json", res.Header.Get("Content-Type"))
	var doc map[string]any
	require.NoError(t, json.NewDecoder(res.Body).Decode(&doc))
	assert.Equal(t, "3.1.0", doc["openapi"])

	paths := doc["paths"].(map[string]any)
	calls := e.app.router.Calls()
	require.NotEmpty(t, calls)
	for _, c := range calls {
		item, ok := paths["/api/"+c.Group+"/"+c.Kind+"/"+c.Name].(map[string]any)
		if assert.True(t, ok, "no path for %s", c.Object) {
			op := item["post"].(map[string]any)
			assert.Equal(t, c.Object, op["operationId"])
		}
	}
	for _, r := range e.app.router.Routes() {
		assert.Contains(t, paths, strings.ReplaceAll(r.Path, "...}", "}"), "route %s %s", r.Method, r.Path)
	}

	var refs int
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if ref, ok := v["$ref"].(string); ok {
				refs++
				assert.NotNil(t, resolvePointer(doc, ref), "unresolved $ref %s", ref)
			}
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(doc)
	assert.Greater(t, refs, len(calls))
}

// resolvePointer follows a local JSON pointer reference (#/a/b) in doc; nil if it leads nowhere.
func resolvePointer(doc map[string]any, ref string) any {
	var cur any = doc
	for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")]
	}
	return cur
}
