// Package quickwittest is a fake of the parts of Quickwit's REST API the search backend uses,
// for tests: no Quickwit binary can be obtained where this product is built. It is an
// httptest server with the request and response JSON shapes of the real endpoints:
//
//   - POST /api/v1/{index}/ingest (NDJSON documents; ?commit=wait_for makes no difference,
//     documents are searchable at once),
//   - POST /api/v1/{index}/search with query, max_hits, start_offset, sort_by "_score",
//     snippet_fields (fragments with <b> around the matching terms) and terms aggregations,
//   - POST /api/v1/{index}/delete-tasks (applied at once, where Quickwit applies them soon).
//
// The query language covers what the backend writes: field:term, field:prefix*, field:"a
// phrase", field:IN [a b], field:[a TO b] (* open), AND, OR, NOT, parentheses and ^boost.
// Text is matched on lower-case tokens split at white space (the backend stems before
// ingest); array fields match element by element. Scores add term frequencies times boosts.
package quickwittest

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Server is a fake Quickwit holding named indexes in memory.
type Server struct {
	*httptest.Server
	mu      sync.Mutex
	indexes map[string][]map[string]any
	opstamp int
}

// New starts a fake with the given (empty) indexes.
func New(indexes ...string) *Server {
	s := &Server{indexes: map[string][]map[string]any{}}
	for _, name := range indexes {
		s.indexes[name] = nil
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/v1/{index}/ingest", s.ingest)
	mux.HandleFunc("POST /api/v1/{index}/search", s.search)
	mux.HandleFunc("POST /api/v1/{index}/delete-tasks", s.deleteTask)
	mux.HandleFunc("GET /api/v1/indexes/{index}", s.describe)
	s.Server = httptest.NewServer(mux)
	return s
}

// describe answers whether an index exists, as Quickwit's index metadata route does.
func (s *Server) describe(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	_, ok := s.indexes[r.PathValue("index")]
	s.mu.Unlock()
	if !ok {
		fail(w, http.StatusNotFound, "index `%s` not found", r.PathValue("index"))
		return
	}
	_, _ = w.Write([]byte(`{"index_config":{"index_id":"` + r.PathValue("index") + `"}}`))
}

// Count is the number of documents an index holds.
func (s *Server) Count(index string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.indexes[index])
}

func fail(w http.ResponseWriter, status int, format string, args ...any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"message": fmt.Sprintf(format, args...)})
}

func reply(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// docs returns an index's documents, answering 404 when there is none such.
func (s *Server) docs(w http.ResponseWriter, r *http.Request) (string, bool) {
	name := r.PathValue("index")
	if _, ok := s.indexes[name]; !ok {
		fail(w, http.StatusNotFound, "index `%s` not found", name)
		return name, false
	}
	return name, true
}

func (s *Server) ingest(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	name, ok := s.docs(w, r)
	if !ok {
		return
	}
	dec := json.NewDecoder(r.Body)
	dec.UseNumber()
	n := 0
	for {
		var doc map[string]any
		err := dec.Decode(&doc)
		if err == io.EOF {
			break
		}
		if err != nil {
			fail(w, http.StatusBadRequest, "invalid document: %v", err)
			return
		}
		s.indexes[name] = append(s.indexes[name], doc)
		n++
	}
	reply(w, map[string]any{"num_docs_for_processing": n})
}

type searchRequest struct {
	Query         string                     `json:"query"`
	MaxHits       int                        `json:"max_hits"`
	StartOffset   int                        `json:"start_offset"`
	SortBy        string                     `json:"sort_by"`
	SnippetFields []string                   `json:"snippet_fields"`
	Aggs          map[string]json.RawMessage `json:"aggs"`
}

type scored struct {
	doc   map[string]any
	score float64
	order int
}

func (s *Server) search(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	name, ok := s.docs(w, r)
	if !ok {
		return
	}
	var req searchRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		fail(w, http.StatusBadRequest, "invalid search request: %v", err)
		return
	}
	if req.SortBy != "" && req.SortBy != "_score" {
		fail(w, http.StatusBadRequest, "sort by %q is not supported by the fake", req.SortBy)
		return
	}
	q, err := Parse(req.Query)
	if err != nil {
		fail(w, http.StatusBadRequest, "failed to parse query `%s`: %v", req.Query, err)
		return
	}
	var found []scored
	for i, doc := range s.indexes[name] {
		if ok, score := q.eval(doc); ok {
			found = append(found, scored{doc, score, i})
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].score > found[j].score })
	aggs := map[string]any{}
	for aggName, raw := range req.Aggs {
		var agg struct {
			Terms *struct {
				Field string `json:"field"`
				Size  int    `json:"size"`
			} `json:"terms"`
		}
		if err := json.Unmarshal(raw, &agg); err != nil || agg.Terms == nil {
			fail(w, http.StatusBadRequest, "aggregation %s: only terms aggregations are supported by the fake", aggName)
			return
		}
		aggs[aggName] = terms(found, agg.Terms.Field, agg.Terms.Size)
	}
	hits := []map[string]any{}
	var snippets []map[string][]string
	for i := req.StartOffset; i < len(found) && i < req.StartOffset+req.MaxHits; i++ {
		hits = append(hits, found[i].doc)
		if len(req.SnippetFields) > 0 {
			sn := map[string][]string{}
			for _, f := range req.SnippetFields {
				if text, ok := found[i].doc[f].(string); ok {
					if fragment := snippet(text, positive(q, f)); fragment != "" {
						sn[f] = []string{fragment}
					}
				}
			}
			snippets = append(snippets, sn)
		}
	}
	out := map[string]any{"hits": hits, "num_hits": len(found), "elapsed_time_micros": time.Since(start).Microseconds(), "errors": []string{}}
	if len(req.SnippetFields) > 0 {
		out["snippets"] = snippets
	}
	if len(aggs) > 0 {
		out["aggregations"] = aggs
	}
	reply(w, out)
}

func terms(found []scored, field string, size int) map[string]any {
	counts := map[string]int{}
	keys := map[string]any{}
	for _, f := range found {
		for _, v := range values(f.doc[field]) {
			k := fmt.Sprint(v)
			counts[k]++
			keys[k] = v
		}
	}
	order := make([]string, 0, len(counts))
	for k := range counts {
		order = append(order, k)
	}
	sort.Slice(order, func(i, j int) bool {
		if counts[order[i]] != counts[order[j]] {
			return counts[order[i]] > counts[order[j]]
		}
		return order[i] < order[j]
	})
	buckets := []map[string]any{}
	for i, k := range order {
		if size > 0 && i == size {
			break
		}
		buckets = append(buckets, map[string]any{"key": keys[k], "doc_count": counts[k]})
	}
	return map[string]any{"buckets": buckets, "doc_count_error_upper_bound": 0, "sum_other_doc_count": 0}
}

func (s *Server) deleteTask(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	name, ok := s.docs(w, r)
	if !ok {
		return
	}
	var req struct {
		Query string `json:"query"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Query == "" {
		fail(w, http.StatusBadRequest, "invalid delete query")
		return
	}
	q, err := Parse(req.Query)
	if err != nil {
		fail(w, http.StatusBadRequest, "failed to parse query `%s`: %v", req.Query, err)
		return
	}
	keep := s.indexes[name][:0]
	for _, doc := range s.indexes[name] {
		if ok, _ := q.eval(doc); !ok {
			keep = append(keep, doc)
		}
	}
	s.indexes[name] = keep
	s.opstamp++
	reply(w, map[string]any{"create_timestamp": time.Now().Unix(), "opstamp": s.opstamp,
		"delete_query": map[string]any{"index_uid": name + ":0", "query_ast": req.Query}})
}

// values are the values of a field: the elements of an array, else the value itself.
func values(v any) []any {
	switch x := v.(type) {
	case nil:
		return nil
	case []any:
		return x
	default:
		return []any{x}
	}
}

// tokens are the lower-case words of a text field.
func tokens(v any) []string {
	var out []string
	for _, x := range values(v) {
		switch s := x.(type) {
		case string:
			out = append(out, strings.Fields(strings.ToLower(s))...)
		default:
			out = append(out, fmt.Sprint(s))
		}
	}
	return out
}

// snippet marks the tokens of a text that match the given terms.
func snippet(text string, terms map[string]bool) string {
	words := strings.Fields(text)
	found := false
	for i, w := range words {
		if terms[strings.ToLower(w)] {
			words[i] = "<b>" + w + "</b>"
			found = true
		}
	}
	if !found {
		return ""
	}
	return strings.Join(words, " ")
}

// Query is a parsed query.
type Query interface {
	eval(doc map[string]any) (bool, float64)
	// collect gathers the terms a field is searched for outside negations.
	collect(field string, into map[string]bool)
}

// positive is the set of terms a field is searched for outside negations.
func positive(q Query, field string) map[string]bool {
	m := map[string]bool{}
	q.collect(field, m)
	return m
}

type (
	andQuery  []Query
	orQuery   []Query
	notQuery  struct{ q Query }
	termQuery struct {
		field, value string
		prefix       bool
		boost        float64
	}
	phraseQuery struct {
		field string
		words []string
		boost float64
	}
	setQuery struct {
		field  string
		values map[string]bool
	}
	rangeQuery struct {
		field  string
		lo, hi *float64
	}
)

func (q andQuery) eval(doc map[string]any) (bool, float64) {
	total := 0.0
	for _, c := range q {
		ok, s := c.eval(doc)
		if !ok {
			return false, 0
		}
		total += s
	}
	return true, total
}

func (q andQuery) collect(f string, m map[string]bool) {
	for _, c := range q {
		c.collect(f, m)
	}
}

func (q orQuery) eval(doc map[string]any) (bool, float64) {
	matched, total := false, 0.0
	for _, c := range q {
		if ok, s := c.eval(doc); ok {
			matched, total = true, total+s
		}
	}
	return matched, total
}

func (q orQuery) collect(f string, m map[string]bool) {
	for _, c := range q {
		c.collect(f, m)
	}
}

func (q notQuery) eval(doc map[string]any) (bool, float64) {
	ok, _ := q.q.eval(doc)
	return !ok, 0
}

func (notQuery) collect(string, map[string]bool) {}

func (q termQuery) eval(doc map[string]any) (bool, float64) {
	n := 0
	for _, t := range tokens(doc[q.field]) {
		if t == q.value || (q.prefix && strings.HasPrefix(t, q.value)) {
			n++
		}
	}
	if n == 0 {
		return false, 0
	}
	return true, q.boost * (1 + math.Log(float64(n)))
}

func (q termQuery) collect(f string, m map[string]bool) {
	if q.field == f && !q.prefix {
		m[q.value] = true
	}
}

func (q phraseQuery) eval(doc map[string]any) (bool, float64) {
	toks := tokens(doc[q.field])
	n := 0
	for i := 0; i+len(q.words) <= len(toks); i++ {
		match := true
		for j, w := range q.words {
			match = match && toks[i+j] == w
		}
		if match {
			n++
		}
	}
	if n == 0 {
		return false, 0
	}
	return true, q.boost * (1 + math.Log(float64(n)))
}

func (q phraseQuery) collect(f string, m map[string]bool) {
	if q.field == f {
		for _, w := range q.words {
			m[w] = true
		}
	}
}

func (q setQuery) eval(doc map[string]any) (bool, float64) {
	for _, t := range tokens(doc[q.field]) {
		if q.values[t] {
			return true, 0
		}
	}
	return false, 0
}

func (setQuery) collect(string, map[string]bool) {}

func (q rangeQuery) eval(doc map[string]any) (bool, float64) {
	for _, v := range values(doc[q.field]) {
		x, err := strconv.ParseFloat(fmt.Sprint(v), 64)
		if err == nil && (q.lo == nil || x >= *q.lo) && (q.hi == nil || x <= *q.hi) {
			return true, 0
		}
	}
	return false, 0
}

func (rangeQuery) collect(string, map[string]bool) {}

type parser struct {
	src string
	pos int
}

// Parse reads a query of the subset of Quickwit's query language described above.
func Parse(src string) (Query, error) {
	p := &parser{src: src}
	q, err := p.or()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.pos != len(p.src) {
		return nil, fmt.Errorf("unexpected %q at %d", p.src[p.pos:], p.pos)
	}
	return q, nil
}

func (p *parser) space() {
	for p.pos < len(p.src) && p.src[p.pos] == ' ' {
		p.pos++
	}
}

// keyword consumes a keyword followed by a space.
func (p *parser) keyword(k string) bool {
	p.space()
	if strings.HasPrefix(p.src[p.pos:], k+" ") || strings.HasPrefix(p.src[p.pos:], k+"(") {
		p.pos += len(k)
		return true
	}
	return false
}

func (p *parser) or() (Query, error) {
	var parts orQuery
	for {
		q, err := p.and()
		if err != nil {
			return nil, err
		}
		parts = append(parts, q)
		if !p.keyword("OR") {
			break
		}
	}
	if len(parts) == 1 {
		return parts[0], nil
	}
	return parts, nil
}

func (p *parser) and() (Query, error) {
	var parts andQuery
	for {
		q, err := p.unary()
		if err != nil {
			return nil, err
		}
		parts = append(parts, q)
		p.keyword("AND")
		p.space()
		if p.pos == len(p.src) || p.src[p.pos] == ')' || strings.HasPrefix(p.src[p.pos:], "OR ") {
			break
		}
	}
	if len(parts) == 1 {
		return parts[0], nil
	}
	return parts, nil
}

func (p *parser) unary() (Query, error) {
	p.space()
	if p.keyword("NOT") || (p.pos < len(p.src) && p.src[p.pos] == '-' && p.pos+1 < len(p.src) && p.src[p.pos+1] != ' ') {
		if p.src[p.pos] == '-' {
			p.pos++
		}
		q, err := p.unary()
		return notQuery{q}, err
	}
	if p.pos < len(p.src) && p.src[p.pos] == '(' {
		p.pos++
		q, err := p.or()
		if err != nil {
			return nil, err
		}
		p.space()
		if p.pos >= len(p.src) || p.src[p.pos] != ')' {
			return nil, fmt.Errorf("missing ) at %d", p.pos)
		}
		p.pos++
		return q, nil
	}
	colon := strings.IndexByte(p.src[p.pos:], ':')
	if colon <= 0 {
		return nil, fmt.Errorf("expected field:value at %d", p.pos)
	}
	field := p.src[p.pos : p.pos+colon]
	if strings.ContainsAny(field, " ()\"") {
		return nil, fmt.Errorf("expected field:value at %d", p.pos)
	}
	p.pos += colon + 1
	rest := p.src[p.pos:]
	switch {
	case strings.HasPrefix(rest, "IN ["):
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			return nil, fmt.Errorf("missing ] at %d", p.pos)
		}
		set := setQuery{field: field, values: map[string]bool{}}
		for _, v := range strings.Fields(rest[len("IN ["):end]) {
			set.values[strings.ToLower(v)] = true
		}
		p.pos += end + 1
		return set, nil
	case strings.HasPrefix(rest, "["):
		end := strings.IndexByte(rest, ']')
		lo, hi, ok := strings.Cut(rest[1:max(end, 1)], " TO ")
		if end < 0 || !ok {
			return nil, fmt.Errorf("invalid range at %d", p.pos)
		}
		rq := rangeQuery{field: field}
		for _, b := range []struct {
			s    string
			into **float64
		}{{lo, &rq.lo}, {hi, &rq.hi}} {
			if b.s == "*" {
				continue
			}
			x, err := strconv.ParseFloat(b.s, 64)
			if err != nil {
				return nil, fmt.Errorf("invalid range bound %q", b.s)
			}
			*b.into = &x
		}
		p.pos += end + 1
		return rq, nil
	case strings.HasPrefix(rest, `"`):
		end := strings.IndexByte(rest[1:], '"')
		if end < 0 {
			return nil, fmt.Errorf("unterminated phrase at %d", p.pos)
		}
		words := strings.Fields(strings.ToLower(rest[1 : end+1]))
		p.pos += end + 2
		return phraseQuery{field: field, words: words, boost: p.boost()}, nil
	}
	end := strings.IndexAny(rest, " ()^")
	if end < 0 {
		end = len(rest)
	}
	value := strings.ToLower(rest[:end])
	if value == "" {
		return nil, fmt.Errorf("empty value at %d", p.pos)
	}
	p.pos += end
	t := termQuery{field: field, value: strings.TrimSuffix(value, "*"), prefix: strings.HasSuffix(value, "*"), boost: p.boost()}
	return t, nil
}

// boost reads an optional ^n.
func (p *parser) boost() float64 {
	if p.pos >= len(p.src) || p.src[p.pos] != '^' {
		return 1
	}
	end := p.pos + 1
	for end < len(p.src) && (p.src[end] == '.' || (p.src[end] >= '0' && p.src[end] <= '9')) {
		end++
	}
	b, err := strconv.ParseFloat(p.src[p.pos+1:end], 64)
	if err != nil {
		return 1
	}
	p.pos = end
	return b
}

// Matches tells whether a parsed query matches a document.
func Matches(q Query, doc map[string]any) bool {
	ok, _ := q.eval(doc)
	return ok
}
