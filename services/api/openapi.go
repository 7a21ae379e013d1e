package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"path"
	"reflect"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// Document is an OpenAPI 3.1 description of the calls a router serves (decision 018).
type Document struct {
	OpenAPI    string              `json:"openapi"`
	Info       DocumentInfo        `json:"info"`
	Paths      map[string]PathItem `json:"paths"`
	Components Components          `json:"components"`
}

// DocumentInfo names the described API.
type DocumentInfo struct {
	Title   string `json:"title"`
	Version string `json:"version"`
}

// PathItem holds a path's operations by lower-case method ("post" for every call).
type PathItem map[string]*Operation

// Operation describes one call or route: its JSON request body and its answers.
type Operation struct {
	OperationID string               `json:"operationId"`
	Tags        []string             `json:"tags,omitempty"`
	Parameters  []Parameter          `json:"parameters"`
	RequestBody *RequestBody         `json:"requestBody,omitempty"`
	Responses   map[string]*Response `json:"responses"`
	BodyLimit   int64                `json:"x-body-limit,omitempty"`
}

// Parameter is a request header or path segment an operation reads.
type Parameter struct {
	Name        string  `json:"name"`
	In          string  `json:"in"`
	Required    bool    `json:"required"`
	Description string  `json:"description"`
	Schema      *Schema `json:"schema"`
}

// RequestBody is a call's JSON body.
type RequestBody struct {
	Required bool                 `json:"required"`
	Content  map[string]MediaType `json:"content"`
}

// MediaType holds the schema of a JSON body.
type MediaType struct {
	Schema *Schema `json:"schema"`
}

// Response is an answer of a call, or a reference to a shared one.
type Response struct {
	Ref         string               `json:"$ref,omitempty"`
	Description string               `json:"description,omitempty"`
	Content     map[string]MediaType `json:"content,omitempty"`
}

// Components holds the named schemas and the shared error answers.
type Components struct {
	Schemas   map[string]*Schema   `json:"schemas"`
	Responses map[string]*Response `json:"responses"`
}

// Schema is the part of JSON Schema (2020-12, as OpenAPI 3.1 uses it) the Go types need.
type Schema struct {
	Ref                  string             `json:"$ref,omitempty"`
	Type                 Types              `json:"type,omitempty"`
	Format               string             `json:"format,omitempty"`
	Items                *Schema            `json:"items,omitempty"`
	Properties           map[string]*Schema `json:"properties,omitempty"`
	Required             []string           `json:"required,omitempty"`
	AdditionalProperties *Schema            `json:"additionalProperties,omitempty"`
	OneOf                []*Schema          `json:"oneOf,omitempty"`
	Description          string             `json:"description,omitempty"`
}

// Types is a schema's type: one name, or several (e.g. "string" and "null").
type Types []string

// MarshalJSON writes a single type as a string, several as an array.
func (t Types) MarshalJSON() ([]byte, error) {
	if len(t) == 1 {
		return json.Marshal(t[0])
	}
	return json.Marshal([]string(t))
}

// UnmarshalJSON reads a type given as a string or as an array.
func (t *Types) UnmarshalJSON(b []byte) error {
	var one string
	if json.Unmarshal(b, &one) == nil {
		*t = Types{one}
		return nil
	}
	return json.Unmarshal(b, (*[]string)(t))
}

// SchemaDescriber is implemented by types whose JSON form is their own (a custom
// UnmarshalJSON or MarshalJSON), so that reflection on their fields would be wrong.
type SchemaDescriber interface {
	OpenAPISchema() *Schema
}

// SchemaRef is the reference to a named schema of the document.
func SchemaRef(name string) string { return "#/components/schemas/" + name }

// ErrorSchema names the schema of the spec's error body {message, params}.
const ErrorSchema = "Error"

// errorAnswers are the error statuses every call may answer, by name of the shared response.
var errorAnswers = []struct {
	status, name, description string
}{
	{"400", "BadRequest", "The request is invalid; message and params name what is wrong."},
	{"401", "Unauthorized", "Signing in is required."},
	{"403", "Forbidden", "The signed-in user may not make this call."},
	{"404", "NotFound", "The space or an entity the request names does not exist."},
	{"409", "Conflict", "The request conflicts with the current state."},
	{"415", "UnsupportedMediaType", "The body is not declared as application/json."},
	{"429", "TooManyRequests", "Too many requests; try again later."},
	{"503", "Unavailable", "The space or a service it needs is unavailable."},
}

// BuildOpenAPI describes calls and routes as an OpenAPI 3.1 document: one POST path per
// call, its request and response schemas derived from the Go types by the encoding/json
// rules; routes with their method, path parameters and the JSON types they describe.
func BuildOpenAPI(title, version string, calls []Registration, routes []Route) (*Document, error) {
	s := newSchemas()
	for _, c := range calls {
		s.collect(c.Request)
		s.collect(c.Response)
	}
	for _, r := range routes {
		for _, t := range []reflect.Type{r.Request, r.Response} {
			if t != nil {
				s.collect(t)
			}
		}
	}
	if err := s.assignNames(); err != nil {
		return nil, err
	}
	doc := &Document{
		OpenAPI:    "3.1.0",
		Info:       DocumentInfo{Title: title, Version: version},
		Paths:      map[string]PathItem{},
		Components: Components{Schemas: s.components, Responses: map[string]*Response{}},
	}
	for _, a := range errorAnswers {
		doc.Components.Responses[a.name] = &Response{Description: a.description, Content: jsonBody(&Schema{Ref: SchemaRef(ErrorSchema)})}
	}
	errorResponses := func() map[string]*Response {
		out := map[string]*Response{}
		for _, a := range errorAnswers {
			out[a.status] = &Response{Ref: "#/components/responses/" + a.name}
		}
		return out
	}
	space := Parameter{Name: "Space", In: "header", Schema: &Schema{Type: Types{"string"}},
		Description: "The subdomain of the space the call is made in; without it, the space of the host."}
	for _, c := range calls {
		responses := errorResponses()
		responses["200"] = &Response{Description: "The answer.", Content: jsonBody(s.schema(c.Response))}
		doc.Paths[c.Path()] = PathItem{"post": {
			OperationID: c.Object,
			Tags:        []string{c.Group},
			Parameters:  []Parameter{space},
			RequestBody: &RequestBody{Required: true, Content: jsonBody(s.schema(c.Request))},
			Responses:   responses,
			BodyLimit:   c.BodyLimit,
		}}
	}
	for _, r := range routes {
		p, params := openAPIPath(r.Path)
		op := &Operation{OperationID: strings.ToLower(r.Method) + p, Parameters: append(params, space), Responses: errorResponses()}
		op.Responses["200"] = &Response{Description: "The answer."}
		if r.Request != nil {
			op.RequestBody = &RequestBody{Required: true, Content: jsonBody(s.schema(r.Request))}
		}
		if r.Response != nil {
			op.Responses["200"].Content = jsonBody(s.schema(r.Response))
		}
		if doc.Paths[p] == nil {
			doc.Paths[p] = PathItem{}
		}
		doc.Paths[p][strings.ToLower(r.Method)] = op
	}
	if len(s.errs) > 0 {
		return nil, fmt.Errorf("openapi: %s", strings.Join(s.errs, "; "))
	}
	return doc, nil
}

func jsonBody(sc *Schema) map[string]MediaType {
	return map[string]MediaType{"application/json": {Schema: sc}}
}

// openAPIPath turns a ServeMux pattern's path into OpenAPI's form and its path parameters.
func openAPIPath(pattern string) (string, []Parameter) {
	segments := strings.Split(pattern, "/")
	var params []Parameter
	for i, seg := range segments {
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			name := strings.TrimSuffix(strings.Trim(seg, "{}"), "...")
			segments[i] = "{" + name + "}"
			params = append(params, Parameter{Name: name, In: "path", Required: true, Schema: &Schema{Type: Types{"string"}}})
		}
	}
	return strings.Join(segments, "/"), params
}

// OpenAPIHandler serves the router's OpenAPI document, built at the first request (when every
// call is registered) and kept.
func (r *Router) OpenAPIHandler(title, version string) http.Handler {
	var (
		once sync.Once
		body []byte
		err  error
	)
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		once.Do(func() {
			var doc *Document
			if doc, err = BuildOpenAPI(title, version, r.Calls(), r.Routes()); err == nil {
				body, err = json.Marshal(doc)
			}
		})
		if err != nil {
			WriteError(req.Context(), w, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "public, max-age=300")
		_, _ = w.Write(body)
	})
}

var (
	idType      = reflect.TypeFor[ID]()
	timeType    = reflect.TypeFor[time.Time]()
	rawType     = reflect.TypeFor[json.RawMessage]()
	describer   = reflect.TypeFor[SchemaDescriber]()
	marshaler   = reflect.TypeFor[json.Marshaler]()
	unmarshaler = reflect.TypeFor[json.Unmarshaler]()
)

// schemas turns Go types into schemas; named struct types become components.
type schemas struct {
	seen       map[reflect.Type]bool
	names      map[reflect.Type]string
	components map[string]*Schema
	errs       []string
}

func newSchemas() *schemas {
	return &schemas{
		seen:  map[reflect.Type]bool{},
		names: map[reflect.Type]string{},
		components: map[string]*Schema{ErrorSchema: {
			Type:       Types{"object"},
			Properties: map[string]*Schema{"message": {Type: Types{"string"}}, "params": {Type: Types{"object"}, AdditionalProperties: &Schema{}}},
			Required:   []string{"message"},
		}},
	}
}

// builtin is the schema of the types encoding/json or this package give their own form.
func builtin(t reflect.Type) *Schema {
	switch t {
	case idType:
		return &Schema{Type: Types{"integer"}, Format: "int64", Description: "An id; requests may also send it as a string of digits."}
	case timeType:
		return &Schema{Type: Types{"string"}, Format: "date-time"}
	case rawType:
		return &Schema{}
	}
	if t.Kind() != reflect.Pointer && t.Implements(describer) {
		return reflect.Zero(t).Interface().(SchemaDescriber).OpenAPISchema()
	}
	return nil
}

// custom reports a type that reads or writes its JSON itself without describing it.
func custom(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return t.Implements(marshaler) || t.Implements(unmarshaler) || p.Implements(marshaler) || p.Implements(unmarshaler)
}

// collect walks t and records the named struct types it reaches.
func (s *schemas) collect(t reflect.Type) {
	if s.seen[t] {
		return
	}
	s.seen[t] = true
	if builtin(t) != nil {
		return
	}
	if t.Name() != "" && custom(t) {
		s.errs = append(s.errs, fmt.Sprintf("%s has its own JSON form: implement api.SchemaDescriber", t))
		return
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		s.collect(t.Elem())
	case reflect.Struct:
		if t.Name() != "" {
			s.names[t] = ""
		}
		for _, f := range fields(t) {
			s.collect(f.typ)
		}
	}
}

// assignNames names each struct type after the Go type; names that several types share are
// qualified by package (spaces.DeleteRequest → SpacesDeleteRequest), again until no two
// types share a name, so the names do not depend on the order of registration.
func (s *schemas) assignNames() error {
	qualified := map[reflect.Type]bool{}
	name := func(t reflect.Type) string {
		if qualified[t] {
			return upperFirst(path.Base(t.PkgPath())) + upperFirst(t.Name())
		}
		return upperFirst(t.Name())
	}
	for changed := true; changed; {
		changed = false
		byName := map[string][]reflect.Type{ErrorSchema: {nil}}
		for t := range s.names {
			byName[name(t)] = append(byName[name(t)], t)
		}
		for n, types := range byName {
			if len(types) < 2 {
				continue
			}
			grew := false
			for _, t := range types {
				if t != nil && !qualified[t] {
					qualified[t], grew = true, true
				}
			}
			changed = changed || grew
			if !grew {
				return fmt.Errorf("openapi: %v are all named %s", types, n)
			}
		}
	}
	for t := range s.names {
		s.names[t] = name(t)
	}
	for t, n := range s.names {
		s.components[n] = s.object(t)
	}
	return nil
}

func upperFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

// schema is the schema of t, a reference for named struct types.
func (s *schemas) schema(t reflect.Type) *Schema {
	if b := builtin(t); b != nil {
		return b
	}
	if n, ok := s.names[t]; ok {
		return &Schema{Ref: SchemaRef(n)}
	}
	switch t.Kind() {
	case reflect.Pointer:
		return nullable(s.schema(t.Elem()))
	case reflect.Interface:
		return &Schema{}
	case reflect.String:
		return &Schema{Type: Types{"string"}}
	case reflect.Bool:
		return &Schema{Type: Types{"boolean"}}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return &Schema{Type: Types{"integer"}}
	case reflect.Float32, reflect.Float64:
		return &Schema{Type: Types{"number"}}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return &Schema{Type: Types{"string"}, Format: "byte"}
		}
		return &Schema{Type: Types{"array"}, Items: s.schema(t.Elem())}
	case reflect.Map:
		return &Schema{Type: Types{"object"}, AdditionalProperties: s.schema(t.Elem())}
	case reflect.Struct:
		return s.object(t)
	}
	s.errs = append(s.errs, fmt.Sprintf("no JSON schema for %s", t))
	return &Schema{}
}

// nullable lets a schema also be null.
func nullable(sc *Schema) *Schema {
	switch {
	case sc.Ref != "" || len(sc.OneOf) > 0:
		return &Schema{OneOf: []*Schema{sc, {Type: Types{"null"}}}}
	case len(sc.Type) == 0:
		return sc // any value, null included
	}
	out := *sc
	out.Type = append(append(Types(nil), sc.Type...), "null")
	return &out
}

// object is the schema of a struct's JSON object.
func (s *schemas) object(t reflect.Type) *Schema {
	sc := &Schema{Type: Types{"object"}, Properties: map[string]*Schema{}}
	for _, f := range fields(t) {
		sc.Properties[f.name] = s.schema(f.typ)
		if !f.optional {
			sc.Required = append(sc.Required, f.name)
		}
	}
	sort.Strings(sc.Required)
	if len(sc.Properties) == 0 {
		sc.Properties = nil
	}
	return sc
}

type field struct {
	name     string
	typ      reflect.Type
	optional bool
	depth    int
}

// fields are the JSON fields of a struct as encoding/json sees them: tags name them,
// embedded structs are flattened (the shallower field wins), omitempty and pointers make
// them optional.
func fields(t reflect.Type) []field {
	byName := map[string]field{}
	var walk func(t reflect.Type, depth int)
	walk = func(t reflect.Type, depth int) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			tag, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			ft := f.Type
			if f.Anonymous && tag == "" {
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if ft.Kind() == reflect.Struct {
					walk(ft, depth+1)
					continue
				}
			}
			if tag == "-" || !f.IsExported() {
				continue
			}
			if tag == "" {
				tag = f.Name
			}
			omit := strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")
			if prev, ok := byName[tag]; ok && prev.depth <= depth {
				continue
			}
			byName[tag] = field{name: tag, typ: f.Type, optional: omit || f.Type.Kind() == reflect.Pointer, depth: depth}
		}
	}
	walk(t, 0)
	out := make([]field, 0, len(byName))
	for _, f := range byName {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}
