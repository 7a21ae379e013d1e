package api

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
)

// Accepts lets a write call take back what its read call returns (decision 017): in the
// body's object under key ("" for the body itself), the fields that the read's type read has
// and the call's request type lacks are dropped before the strict decoding, at every depth
// (a detail's index, a version's creation date, a collection's counts). They are the
// server's to decide, so the write ignores them; fields that neither type has are still
// refused as unknown.
func Accepts(key string, read any) Option {
	t := reflect.TypeOf(read)
	return func(c *callConfig) { c.accepts = append(c.accepts, accepted{key: key, read: t}) }
}

type accepted struct {
	key  string
	read reflect.Type
}

// readOnly is what a write ignores of a read's object: the fields it drops, and the fields
// both have whose values are objects of different types.
type readOnly struct {
	drop   map[string]bool
	nested map[string]*readOnly
}

// readOnlyFields compares the JSON objects of a write's type and a read's type; nil when
// the write takes everything the read returns.
func readOnlyFields(write, read reflect.Type) *readOnly {
	write, read = element(write), element(read)
	if write == read || write.Kind() != reflect.Struct || read.Kind() != reflect.Struct {
		return nil
	}
	wf, rf := jsonFields(write), jsonFields(read)
	ro := &readOnly{drop: map[string]bool{}, nested: map[string]*readOnly{}}
	for name, rt := range rf {
		wt, ok := wf[name]
		if !ok {
			ro.drop[name] = true
			continue
		}
		if n := readOnlyFields(wt, rt); n != nil {
			ro.nested[name] = n
		}
	}
	if len(ro.drop) == 0 && len(ro.nested) == 0 {
		return nil
	}
	return ro
}

// element is the type of the JSON object a type decodes: through pointers, slices and arrays.
func element(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
		t = t.Elem()
	}
	return t
}

// jsonFields are a struct's JSON names with their types, embedded structs' fields included.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for f := range t.Fields() {
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case tag == "-" || !f.IsExported() && !f.Anonymous:
			continue
		case f.Anonymous && tag == "" && element(f.Type).Kind() == reflect.Struct:
			for name, ft := range jsonFields(element(f.Type)) {
				out[name] = ft
			}
			continue
		case tag == "":
			tag = f.Name
		}
		out[tag] = f.Type
	}
	return out
}

// forRequest is what of the read a request of type req ignores, by the key of the object.
func (a accepted) forRequest(req reflect.Type) *readOnly {
	if a.key == "" {
		return readOnlyFields(req, a.read)
	}
	ft, ok := jsonFields(element(req))[a.key]
	if !ok {
		panic("api.Accepts: the request has no field " + a.key)
	}
	ro := readOnlyFields(ft, a.read)
	if ro == nil {
		return nil
	}
	return &readOnly{nested: map[string]*readOnly{a.key: ro}}
}

// strip drops the read-only fields from a JSON body; a body that is not a JSON object is
// left to the strict decoding to refuse.
func (ro *readOnly) strip(body []byte) []byte {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || dec.More() {
		return body
	}
	ro.apply(v)
	out, err := json.Marshal(v)
	if err != nil {
		return body
	}
	return out
}

func (ro *readOnly) apply(v any) {
	switch v := v.(type) {
	case []any:
		for _, e := range v {
			ro.apply(e)
		}
	case map[string]any:
		for k := range ro.drop {
			delete(v, k)
		}
		for k, n := range ro.nested {
			if e, ok := v[k]; ok {
				n.apply(e)
			}
		}
	}
}
