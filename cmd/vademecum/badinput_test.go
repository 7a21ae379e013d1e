package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"vademecum/services/api"
)

// TestIntegrationEveryCallRefusesBadInput sends every JSON call and every described route, as
// the super admin and as an anonymous visitor, requests that none accepts: malformed JSON, JSON
// of the wrong kind, an unknown field, each field of the request alone with a value of the
// wrong type (taken from the API's description), and path segments that name nothing. Each
// must be refused with a 4xx and the spec's {message, params} body: never a 5xx, never an
// answer without a message. None of these requests can reach a service, so the sweep changes
// nothing. Then each field alone gets values of its own type that no column takes (integers
// beyond bigint, a NUL character, 60,000 characters): they reach the services, which must
// refuse them or take them harmlessly, not fail in PostgreSQL.
func TestIntegrationEveryCallRefusesBadInput(t *testing.T) {
	e := newEnv(t)
	calls, routes, doc := e.app.router.Calls(), e.app.router.Routes(), e.apiDoc
	spacesBefore := e.count("SELECT count(*) FROM control.spaces")

	type target struct {
		method, path string
		request      *api.Schema // nil: no JSON body
	}
	var targets []target
	for _, c := range calls {
		targets = append(targets, target{http.MethodPost, c.Path(), doc.Paths[c.Path()]["post"].RequestBody.Content["application/json"].Schema})
	}
	param := regexp.MustCompile(`\{[^}]+\}`)
	for _, r := range routes {
		if r.Request != nil {
			op := doc.Paths[r.Path][strings.ToLower(r.Method)]
			targets = append(targets, target{r.Method, r.Path, op.RequestBody.Content["application/json"].Schema})
			continue
		}
		// Path segments naming nothing: unknown, malformed, over-long, escaping the path.
		if param.MatchString(r.Path) {
			for _, v := range []string{"0", "-1", "99999999999999999999", "zz%00", strings.Repeat("a", 2000), "..%2F..%2Fetc%2Fpasswd"} {
				targets = append(targets, target{r.Method, param.ReplaceAllString(r.Path, v), nil})
			}
		}
	}

	sent := 0
	refused := func(what string, res result) {
		t.Helper()
		sent++
		if !assert.True(t, res.Status >= 400 && res.Status < 500, "%s: %d %.300s", what, res.Status, res.Body) {
			return
		}
		var answer struct {
			Message *string         `json:"message"`
			Params  json.RawMessage `json:"params"`
		}
		if assert.NoError(t, json.Unmarshal(res.Body, &answer), "%s: %.300s", what, res.Body) {
			assert.True(t, answer.Message != nil && *answer.Message != "", "%s: no message: %.300s", what, res.Body)
			assert.True(t, len(answer.Params) > 0 && string(answer.Params) != "null", "%s: no params: %.300s", what, res.Body)
		}
	}
	for _, tg := range targets {
		bodies := map[string]string{"no body": ""}
		if tg.request != nil {
			bodies = map[string]string{
				"malformed JSON": `{"`,
				"an array":       `[]`,
				"a string":       `"x"`,
				"a number":       `42`,
				"trailing data":  `{} []`,
				"unknown field":  `{"noSuchField":1}`,
			}
			for name, sc := range properties(doc, tg.request) {
				bodies["field "+name+" of the wrong type"] = fmt.Sprintf(`{%q:%s}`, name, wrongValue(doc, sc))
			}
		}
		for what, body := range bodies {
			for _, who := range []struct{ name, session string }{{"super admin", e.super}, {"anonymous", ""}} {
				refused(fmt.Sprintf("%s %.120s, %s, %s", tg.method, tg.path, who.name, what), e.send(tg.method, "alpha", tg.path, who.session, body))
			}
		}
	}
	t.Logf("%d calls and %d routes, %d bad requests", len(calls), len(routes), sent)

	for _, tg := range targets {
		for name, sc := range properties(doc, tg.request) {
			for _, v := range extremeValues(doc, sc) {
				body := fmt.Sprintf(`{%q:%s}`, name, v)
				what := fmt.Sprintf("%s %s %.80s", tg.method, tg.path, body)
				if res := e.send(tg.method, "alpha", tg.path, e.super, body); res.Status >= 300 {
					refused(what, res)
				}
			}
		}
	}
	assert.Equal(t, spacesBefore, e.count("SELECT count(*) FROM control.spaces"))
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
		return doc.Components.Schemas[strings.TrimPrefix(sc.Ref, api.SchemaRef(""))]
	}
	return sc
}

// wrongValue is a JSON value that a field of the schema does not accept: an array where an
// object is expected, an object where a scalar or an array is expected, and for a field that
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

// extremeValues are values of a field's own type at the edges of what PostgreSQL stores.
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
