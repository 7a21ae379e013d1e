package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
)

// TestIntegrationEveryCallRefusesBadInput sends every JSON call, as the super admin and as
// an anonymous visitor, bodies that no call accepts: malformed JSON, JSON of the wrong kind,
// an unknown field and each field of the call's request alone with a value of the wrong
// type (taken from the API's description). Each must be refused with a 4xx and the spec's
// {message, params} body: never a 5xx, never an answer without a message. None of these
// bodies can reach a service, so the sweep changes nothing.
func TestIntegrationEveryCallRefusesBadInput(t *testing.T) {
	e := newEnv(t)
	calls := e.app.router.Calls()
	doc, err := api.BuildOpenAPI("Vademecum", "test", calls, e.app.router.Routes())
	require.NoError(t, err)
	spacesBefore := e.count("SELECT count(*) FROM control.spaces")
	sent := 0
	for _, c := range calls {
		op := doc.Paths[c.Path()]["post"]
		require.NotNil(t, op, c.Path())
		bodies := map[string]string{
			"malformed JSON": `{"`,
			"an array":       `[]`,
			"a string":       `"x"`,
			"a number":       `42`,
			"trailing data":  `{} []`,
			"unknown field":  `{"noSuchField":1}`,
		}
		props := properties(doc, op.RequestBody.Content["application/json"].Schema)
		for name, sc := range props {
			bodies["field "+name+" of the wrong type"] = fmt.Sprintf(`{%q:%s}`, name, wrongValue(doc, sc))
		}
		for what, body := range bodies {
			for _, who := range []struct{ name, session string }{{"super admin", e.super}, {"anonymous", ""}} {
				res := e.api("alpha", who.session, c.Object, body)
				sent++
				ok := res.Status >= 400 && res.Status < 500
				if !assert.True(t, ok, "%s, %s, %s: %d %s", c.Object, who.name, what, res.Status, res.Body) {
					continue
				}
				var answer struct {
					Message *string         `json:"message"`
					Params  json.RawMessage `json:"params"`
				}
				if assert.NoError(t, json.Unmarshal(res.Body, &answer), "%s, %s, %s: %s", c.Object, who.name, what, res.Body) {
					assert.True(t, answer.Message != nil && *answer.Message != "", "%s, %s, %s: no message: %s", c.Object, who.name, what, res.Body)
					assert.True(t, len(answer.Params) > 0 && string(answer.Params) != "null", "%s, %s, %s: no params: %s", c.Object, who.name, what, res.Body)
				}
			}
		}
	}
	t.Logf("%d calls, %d bad requests", len(calls), sent)

	// Values of the right type that no column takes: they reach the services, which must
	// refuse them (or accept them harmlessly), not pass them on to PostgreSQL to fail there.
	for _, c := range calls {
		op := doc.Paths[c.Path()]["post"]
		for name, sc := range properties(doc, op.RequestBody.Content["application/json"].Schema) {
			for _, v := range extremeValues(doc, sc) {
				body := fmt.Sprintf(`{%q:%s}`, name, v)
				res := e.api("alpha", e.super, c.Object, body)
				if !assert.Less(t, res.Status, 500, "%s %.80s: %s", c.Object, body, res.Body) || res.Status < 400 {
					continue
				}
				var answer struct {
					Message string `json:"message"`
				}
				if assert.NoError(t, json.Unmarshal(res.Body, &answer), "%s %.80s: %s", c.Object, body, res.Body) {
					assert.NotEmpty(t, answer.Message, "%s %.80s: %s", c.Object, body, res.Body)
				}
			}
		}
	}
	assert.Equal(t, spacesBefore, e.count("SELECT count(*) FROM control.spaces"))
}

// extremeValues are values of a field's own type at the edges: integers beyond PostgreSQL's
// integer and bigint, a string holding a NUL character (PostgreSQL's text cannot) or 60,000
// characters.
func extremeValues(doc *api.Document, sc *api.Schema) []string {
	sc = resolve(doc, sc)
	if sc == nil || len(sc.Type) == 0 {
		return nil
	}
	switch sc.Type[0] {
	case "integer", "number":
		return []string{`2147483648`, `-2147483649`, `9223372036854775807`, `-9223372036854775808`, `1e300`}
	case "string":
		return []string{`"a\u0000b"`, `"` + strings.Repeat("a", 60000) + `"`}
	}
	return nil
}

// properties are the top-level fields of a request schema, following a reference.
func properties(doc *api.Document, sc *api.Schema) map[string]*api.Schema {
	sc = resolve(doc, sc)
	if sc == nil {
		return nil
	}
	return sc.Properties
}

// resolve follows a schema's reference into the document's components.
func resolve(doc *api.Document, sc *api.Schema) *api.Schema {
	if sc != nil && sc.Ref != "" {
		return doc.Components.Schemas[strings.TrimPrefix(sc.Ref, "#/components/schemas/")]
	}
	return sc
}

// wrongValue is a JSON value that a field of the schema does not accept: an object where a
// scalar or an array is expected, an array where an object is expected, and for a field that
// takes several kinds (ids written as strings or numbers) an array of booleans.
func wrongValue(doc *api.Document, sc *api.Schema) string {
	sc = resolve(doc, sc)
	if sc == nil || len(sc.OneOf) > 0 || len(sc.Type) != 1 {
		return `[true]`
	}
	switch sc.Type[0] {
	case "object":
		return `[1]`
	case "array":
		return `{"a":1}`
	default:
		return `{"a":[1]}`
	}
}
