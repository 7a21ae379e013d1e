package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
)

// tsTypesFile holds the TypeScript types of the API, rendered from the OpenAPI document the
// server describes its calls with, so that the two cannot drift: every named schema, and the
// Endpoints map from each call's name to its request and response. Regenerate with
// UPDATE_TS_TYPES=1 go test.
const tsTypesFile = "../../frontend/src/lib/api-types.gen.ts"

func TestTypeScriptTypesUpToDate(t *testing.T) {
	e := newEnv(t)
	got := generateTS(t, fetchOpenAPI(t, e))
	if os.Getenv("UPDATE_TS_TYPES") == "1" {
		require.NoError(t, os.WriteFile(tsTypesFile, []byte(got), 0o644))
	}
	want, err := os.ReadFile(tsTypesFile)
	require.NoError(t, err, "generate it with UPDATE_TS_TYPES=1 go test ./cmd/vademecum -run TypeScript")
	assert.Equal(t, string(want), got, "the TypeScript API types are stale: run UPDATE_TS_TYPES=1 go test ./cmd/vademecum -run TypeScript")
}

// fetchOpenAPI reads the document the server serves.
func fetchOpenAPI(t *testing.T, e *testEnv) *api.Document {
	t.Helper()
	res, err := http.Get(e.srv.URL + "/api/openapi.json")
	require.NoError(t, err)
	defer res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	var doc api.Document
	require.NoError(t, json.NewDecoder(res.Body).Decode(&doc))
	return &doc
}

func generateTS(t *testing.T, doc *api.Document) string {
	names := make([]string, 0, len(doc.Components.Schemas))
	for n := range doc.Components.Schemas {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("// Code generated from the OpenAPI document (GET /api/openapi.json) by cmd/vademecum/tstypes_test.go. DO NOT EDIT.\n")
	for _, n := range names {
		sc := doc.Components.Schemas[n]
		if len(sc.Properties) > 0 {
			fmt.Fprintf(&b, "\nexport interface %s {\n%s}\n", n, tsFields(t, sc, "  "))
			continue
		}
		fmt.Fprintf(&b, "\nexport type %s = %s;\n", n, tsType(t, sc))
	}
	paths := make([]string, 0, len(doc.Paths))
	for p := range doc.Paths {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	b.WriteString("\n/** The JSON calls by name (group/kind/name) with their request and response. */\nexport interface Endpoints {\n")
	for _, p := range paths {
		op := doc.Paths[p]["post"]
		if op == nil || op.OperationID != strings.TrimPrefix(p, "/api/") {
			continue // a plain route, not a call
		}
		fmt.Fprintf(&b, "  '%s': { request: %s; response: %s };\n", op.OperationID,
			tsType(t, op.RequestBody.Content["application/json"].Schema), tsType(t, op.Responses["200"].Content["application/json"].Schema))
	}
	b.WriteString("}\n")
	return b.String()
}

// tsFields writes an object's properties; those it does not require are optional.
func tsFields(t *testing.T, sc *api.Schema, indent string) string {
	required := map[string]bool{}
	for _, r := range sc.Required {
		required[r] = true
	}
	props := make([]string, 0, len(sc.Properties))
	for p := range sc.Properties {
		props = append(props, p)
	}
	sort.Strings(props)
	var b strings.Builder
	for _, p := range props {
		optional := "?"
		if required[p] {
			optional = ""
		}
		fmt.Fprintf(&b, "%s%s%s: %s;\n", indent, p, optional, tsType(t, sc.Properties[p]))
	}
	return b.String()
}

func tsType(t *testing.T, sc *api.Schema) string {
	if sc.Ref != "" {
		return strings.TrimPrefix(sc.Ref, api.SchemaRef(""))
	}
	var alts []string
	for _, o := range sc.OneOf {
		alts = append(alts, tsType(t, o))
	}
	for _, typ := range sc.Type {
		switch typ {
		case "null", "string", "boolean":
			alts = append(alts, typ)
		case "integer", "number":
			alts = append(alts, "number")
		case "array":
			item := tsType(t, sc.Items)
			if strings.Contains(item, " | ") {
				item = "(" + item + ")"
			}
			alts = append(alts, item+"[]")
		case "object":
			switch {
			case len(sc.Properties) > 0:
				alts = append(alts, "{\n"+tsFields(t, sc, "    ")+"  }")
			case sc.AdditionalProperties != nil:
				alts = append(alts, "Record<string, "+tsType(t, sc.AdditionalProperties)+">")
			default:
				alts = append(alts, "Record<string, never>")
			}
		default:
			t.Fatalf("no TypeScript type for the schema type %q", typ)
		}
	}
	if len(alts) == 0 {
		return "unknown"
	}
	return strings.Join(alts, " | ")
}
