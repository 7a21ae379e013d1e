// Package search finds published guideline language versions (ARCHITECTURE §6, §8). A
// Backend keeps denormalised documents, one per published language version, and answers
// queries scoped to collections; the Service decides the scope (what the caller may read in
// the current space and through active shares) and validates requests. Two backends exist:
// PostgreSQL full-text search (the embedded default) and Quickwit (for scale).
package search

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// Bounds of a search request.
const (
	MaxQuery       = 200
	MaxSize        = 50
	DefaultSize    = 10
	MaxSuggestions = 8
	// maxDetails bounds the matching sections shown per result.
	maxDetails = 3
	// maxFilter bounds the collections, metadata and options a search filters by.
	maxFilter = 1000
)

// Errors of search.
var (
	ErrUnknownCollection = api.Invalid("search.unknownCollection")
	ErrUnknownMetadata   = api.Invalid("search.unknownMetadata")
)

// Section is a section of a document, its text without markup.
type Section struct {
	ID    int64  `json:"id"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

// MetadataOption is a metadata option a guideline is classified by.
type MetadataOption struct {
	MetadataID int64 `json:"metadataId"`
	OptionID   int64 `json:"optionId"`
}

// Document is a published language version as the index holds it.
type Document struct {
	SpaceID          int64
	CollectionID     int64
	GuidelineID      int64
	Language         string
	Visibility       string
	PublishedVersion int
	Title            string
	Description      string
	Tags             []string
	SearchTags       []guidelines.SearchTag
	Sections         []Section
	Metadata         []MetadataOption
	ValidUntil       *time.Time
}

// Pair names a collection of a space.
type Pair struct {
	SpaceID      int64
	CollectionID int64
}

// Query is a search within a scope of collections.
type Query struct {
	Text string
	// Scope is every collection the caller may read; Filter, when not empty, the ones asked for.
	Scope  []Pair
	Filter []Pair
	// Metadata keeps documents holding, for every metadata id, one of the options.
	Metadata map[int64][]int64
	From     int
	Size     int
	// Now hides documents valid until before it.
	Now time.Time
	// Synonyms are the groups of equivalent terms of the space searched from: a word equal to
	// a term also matches by the group's other terms.
	Synonyms [][]string
	// Language is the reader's: a guideline matching in it is shown in it (else in its best
	// matching language).
	Language string
}

// Detail is a matching section of a hit.
type Detail struct {
	ID        int64  `json:"id"`
	Title     string `json:"title"`
	Highlight string `json:"highlight"`
}

// Hit is a found guideline in its best matching language.
type Hit struct {
	SpaceID        int64
	CollectionID   int64
	GuidelineID    int64
	Language       string
	Languages      []string
	Title          string
	TitleHighlight string
	Highlight      string
	Details        []Detail
	Metadata       []MetadataOption
	Score          float64
}

// CollectionCount is how many hits a collection holds.
type CollectionCount struct {
	Pair
	Count int
}

// MetadataCount is how many hits carry a metadata option.
type MetadataCount struct {
	MetadataID int64 `json:"metadataId"`
	OptionID   int64 `json:"optionId"`
	Count      int   `json:"count"`
}

// Hits is a page of hits with the counts over all of them. Total counts the guidelines found
// in the scope, Filtered those left by the collection and metadata filters; collection counts
// apply the metadata filter only, metadata counts the collection filter only, so that each
// facet shows what choosing another value would give.
type Hits struct {
	Total       int
	Filtered    int
	Hits        []Hit
	Collections []CollectionCount
	Metadata    []MetadataCount
}

// SuggestQuery asks for suggestions within a scope.
type SuggestQuery struct {
	Text  string
	Scope []Pair
	Limit int
	Now   time.Time
}

// Suggestion is a title, tag or search tag of a guideline that begins or contains what was
// typed (kind title, tag, searchTag), or a guideline whose text has a word beginning with it
// (kind section: Text is the guideline's title, with the first such section's id, title and a
// snippet, HTML-escaped with <mark> around the words).
type Suggestion struct {
	Text              string `json:"text"`
	Kind              string `json:"kind"`
	GuidelineID       int64  `json:"guidelineId"`
	Language          string `json:"language"`
	CollectionID      int64  `json:"collectionId"`
	CollectionSpaceID int64  `json:"collectionSpaceId"`
	SpaceID           int64  `json:"spaceId"`
	SectionID         int64  `json:"sectionId"`
	SectionTitle      string `json:"sectionTitle"`
	Snippet           string `json:"snippet"`
}

// Backend stores search documents and answers queries. Highlights it returns are HTML-escaped
// text with <mark> around the hits.
type Backend interface {
	// Index stores the documents of a guideline's published languages and drops its other
	// languages, so the guideline's documents are exactly docs afterwards.
	Index(ctx context.Context, spaceID, guidelineID int64, docs []Document) error
	// Retain drops the documents of a space's guidelines that are not in ids.
	Retain(ctx context.Context, spaceID int64, ids []int64) error
	// DeleteSpace drops every document of a space.
	DeleteSpace(ctx context.Context, spaceID int64) error
	Search(ctx context.Context, q Query) (Hits, error)
	Suggest(ctx context.Context, q SuggestQuery) ([]Suggestion, error)
	// Unseen counts the guidelines of a space that match a query but are not found: expired
	// ones in the scope, valid ones in the space's collections outside it.
	Unseen(ctx context.Context, q Query, spaceID int64) (Unseen, error)
}

// Unseen is why a search found nothing, in counts of guidelines (no titles): they match but
// have expired (in collections the caller may read), or lie in collections of the space the
// caller may not read.
type Unseen struct {
	Expired int `json:"expired"`
	Hidden  int `json:"hidden"`
}

// Readable lists the collections the caller may read in a space (its own and its active shares).
type Readable interface {
	ReadableCollections(ctx context.Context, sp *tenancy.Space) ([]guidelines.ReadableCollection, error)
}

// Service implements the reader's search calls.
type Service struct {
	Backend     Backend
	Collections Readable
	// Options checks metadata option ids.
	Options OptionChecker
	Clock   guidelines.Clock
	// Vocabulary gives the space's synonyms to its searches and records those that found nothing.
	Vocabulary *Vocabulary
}

// OptionChecker tells whether every (metadata, option) pair exists.
type OptionChecker interface {
	OptionsExist(ctx context.Context, pairs []MetadataOption) (bool, error)
}

// Request is a search (spec §7 reader/query/search).
type Request struct {
	Query       string              `json:"query"`
	Collections []string            `json:"collections"`
	Metadata    map[string][]api.ID `json:"metadata"`
	From        int                 `json:"from"`
	Size        int                 `json:"size"`
	// Language is the reader's (de, en, fr, it; optional): guidelines that match in it are
	// shown in it.
	Language string `json:"language"`
}

// Result is a found guideline (spec §3 Search result).
type Result struct {
	GuidelineID          int64            `json:"guidelineId"`
	Title                string           `json:"title"`
	TitleHighlight       string           `json:"titleHighlight"`
	Highlight            string           `json:"highlight"`
	Language             string           `json:"language"`
	Languages            []string         `json:"languages"`
	CollectionID         int64            `json:"collectionId"`
	CollectionTitle      string           `json:"collectionTitle"`
	CollectionSpaceID    int64            `json:"collectionSpaceId"`
	CollectionSpaceTitle string           `json:"collectionSpaceTitle"`
	SpaceID              int64            `json:"spaceId"`
	Metadata             []MetadataOption `json:"metadata"`
	Details              []Detail         `json:"details"`
	Score                float64          `json:"score"`
}

// CollectionFilter is a collection the hits fall into, with their number.
type CollectionFilter struct {
	CollectionID int64  `json:"collectionId"`
	SpaceID      int64  `json:"spaceId"`
	Title        string `json:"title"`
	Count        int    `json:"count"`
}

// Response is a page of results with the totals and facets.
type Response struct {
	TotalHits         int                `json:"totalHits"`
	FilteredHits      int                `json:"filteredHits"`
	Took              int64              `json:"took"`
	Results           []Result           `json:"results"`
	CollectionFilters []CollectionFilter `json:"collectionFilters"`
	MetadataCounts    []MetadataCount    `json:"metadataCounts"`
	// Suggestion is the query with its unknown words corrected ("" when there is none) when
	// it finds more than the query did; Corrected tells that the results are the suggestion's,
	// the query having found nothing.
	Suggestion string `json:"suggestion"`
	Corrected  bool   `json:"corrected"`
	// Unseen explains a search that found nothing; SignIn tells an anonymous reader that
	// signing in may show more (matches lie in collections that are not public).
	Unseen Unseen `json:"unseen"`
	SignIn bool   `json:"signIn"`
}

// SuggestRequest asks for suggestions for what has been typed.
type SuggestRequest struct {
	Query string `json:"query"`
}

func checkQuery(q string) (string, error) {
	if err := users.CheckText("query", q, MaxQuery); err != nil {
		return "", err
	}
	return strings.TrimSpace(q), nil
}

// scope is what the caller may read from the current space, by pair.
func (s *Service) scope(ctx context.Context) (map[Pair]guidelines.ReadableCollection, []Pair, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, nil, err
	}
	list, err := s.Collections.ReadableCollections(ctx, sp)
	if err != nil {
		return nil, nil, err
	}
	byPair := make(map[Pair]guidelines.ReadableCollection, len(list))
	pairs := make([]Pair, 0, len(list))
	for _, c := range list {
		p := Pair{SpaceID: c.SpaceID, CollectionID: c.CollectionID}
		byPair[p] = c
		pairs = append(pairs, p)
	}
	return byPair, pairs, nil
}

// parsePair reads "spaceId:collectionId".
func parsePair(s string) (Pair, bool) {
	a, b, ok := strings.Cut(s, ":")
	if !ok {
		return Pair{}, false
	}
	sp, err1 := strconv.ParseInt(a, 10, 64)
	c, err2 := strconv.ParseInt(b, 10, 64)
	return Pair{SpaceID: sp, CollectionID: c}, err1 == nil && err2 == nil && sp > 0 && c > 0
}

// check validates a request and turns it into a query.
func (s *Service) check(ctx context.Context, req Request, readable map[Pair]guidelines.ReadableCollection) (Query, error) {
	text, err := checkQuery(req.Query)
	if err != nil {
		return Query{}, err
	}
	if req.From < 0 {
		return Query{}, api.ErrInvalidField.Field("from")
	}
	if req.Size < 0 || req.Size > MaxSize {
		return Query{}, api.ErrInvalidField.With(map[string]any{"field": "size", "max": MaxSize})
	}
	if req.Language != "" && !slices.Contains(SynonymLanguages, req.Language) {
		return Query{}, api.ErrInvalidField.Field("language")
	}
	q := Query{Text: text, From: req.From, Size: req.Size, Now: s.Clock.Time(), Metadata: map[int64][]int64{}, Language: req.Language}
	if q.Size == 0 {
		q.Size = DefaultSize
	}
	if len(req.Collections) > maxFilter {
		return Query{}, api.ErrTooLong.With(map[string]any{"field": "collections", "max": maxFilter})
	}
	seen := map[Pair]bool{}
	for _, c := range req.Collections {
		p, ok := parsePair(c)
		if _, readable := readable[p]; !ok || !readable {
			return Query{}, ErrUnknownCollection.With(map[string]any{"field": "collections", "collection": c})
		}
		if !seen[p] {
			seen[p] = true
			q.Filter = append(q.Filter, p)
		}
	}
	if len(req.Metadata) > maxFilter {
		return Query{}, api.ErrTooLong.With(map[string]any{"field": "metadata", "max": maxFilter})
	}
	var pairs []MetadataOption
	for k, options := range req.Metadata {
		id, err := strconv.ParseInt(k, 10, 64)
		if len(options) > maxFilter {
			return Query{}, api.ErrTooLong.With(map[string]any{"field": "metadata", "max": maxFilter})
		}
		if err != nil || id <= 0 || len(options) == 0 {
			return Query{}, ErrUnknownMetadata.With(map[string]any{"field": "metadata", "metadata": k})
		}
		for _, o := range options {
			q.Metadata[id] = append(q.Metadata[id], int64(o))
			pairs = append(pairs, MetadataOption{MetadataID: id, OptionID: int64(o)})
		}
	}
	if len(pairs) > 0 {
		ok, err := s.Options.OptionsExist(ctx, pairs)
		if err != nil {
			return Query{}, err
		}
		if !ok {
			return Query{}, ErrUnknownMetadata.Field("metadata")
		}
	}
	return q, nil
}

// Search finds the guidelines the caller may read that match a query, one result per
// guideline in its best matching language. An empty query finds nothing.
func (s *Service) Search(ctx context.Context, req Request) (Response, error) {
	start := time.Now()
	readable, scope, err := s.scope(ctx)
	if err != nil {
		return Response{}, err
	}
	q, err := s.check(ctx, req, readable)
	if err != nil {
		return Response{}, err
	}
	out := Response{Results: []Result{}, CollectionFilters: []CollectionFilter{}, MetadataCounts: []MetadataCount{}}
	if q.Text == "" {
		out.Took = time.Since(start).Milliseconds()
		return out, nil
	}
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Response{}, err
	}
	q.Scope = scope
	if q.Synonyms, err = s.Vocabulary.spaceSynonyms(ctx, sp.ID); err != nil {
		return Response{}, err
	}
	// a reader who may read nothing here finds nothing, but is still told what signing in or
	// joining would show
	var hits Hits
	if len(scope) > 0 {
		if hits, err = s.Backend.Search(ctx, q); err != nil {
			return Response{}, fmt.Errorf("search: %w", err)
		}
		if hits.Total <= FewHits {
			if hits, err = s.corrected(ctx, q, hits, &out); err != nil {
				return Response{}, err
			}
		}
	}
	if hits.Total == 0 {
		if err := s.Vocabulary.recordGap(ctx, sp.ID, q.Text, q.Now); err != nil {
			return Response{}, err
		}
		if out.Unseen, err = s.Backend.Unseen(ctx, q, sp.ID); err != nil {
			return Response{}, fmt.Errorf("search: %w", err)
		}
		out.SignIn = out.Unseen.Hidden > 0 && policy.PrincipalFrom(ctx).Anonymous()
	}
	out.TotalHits, out.FilteredHits = hits.Total, hits.Filtered
	for _, h := range hits.Hits {
		c := readable[Pair{SpaceID: h.SpaceID, CollectionID: h.CollectionID}]
		out.Results = append(out.Results, Result{GuidelineID: h.GuidelineID, Title: h.Title, TitleHighlight: h.TitleHighlight,
			Highlight: h.Highlight, Language: h.Language, Languages: h.Languages, CollectionID: h.CollectionID, CollectionTitle: c.Title,
			CollectionSpaceID: h.SpaceID, CollectionSpaceTitle: c.SpaceTitle, SpaceID: h.SpaceID, Metadata: orEmpty(h.Metadata),
			Details: orEmpty(h.Details), Score: h.Score})
	}
	for _, c := range hits.Collections {
		out.CollectionFilters = append(out.CollectionFilters, CollectionFilter{CollectionID: c.CollectionID, SpaceID: c.SpaceID,
			Title: readable[c.Pair].Title, Count: c.Count})
	}
	sort.SliceStable(out.CollectionFilters, func(i, j int) bool {
		a, b := out.CollectionFilters[i], out.CollectionFilters[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		return strings.ToLower(a.Title) < strings.ToLower(b.Title)
	})
	out.MetadataCounts = append(out.MetadataCounts, hits.Metadata...)
	out.Took = time.Since(start).Milliseconds()
	return out, nil
}

// corrected searches again with the query's unknown words corrected; a correction that finds
// more becomes the response's suggestion, and its hits replace those of a query that found
// nothing. The suggestion is only offered when it finds something in the caller's scope, so
// it says nothing of what others may read.
func (s *Service) corrected(ctx context.Context, q Query, hits Hits, out *Response) (Hits, error) {
	text, err := s.Vocabulary.Correct(ctx, q.Text)
	if err != nil || text == "" {
		return hits, err
	}
	q.Text = text
	better, err := s.Backend.Search(ctx, q)
	if err != nil {
		return Hits{}, fmt.Errorf("search: %w", err)
	}
	if better.Total <= hits.Total {
		return hits, nil
	}
	out.Suggestion = text
	if hits.Total == 0 {
		out.Corrected = true
		return better, nil
	}
	return hits, nil
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// Suggestions offers titles, tags and search tags of readable guidelines that begin with or
// contain what was typed.
func (s *Service) Suggestions(ctx context.Context, req SuggestRequest) ([]Suggestion, error) {
	text, err := checkQuery(req.Query)
	if err != nil {
		return nil, err
	}
	_, scope, err := s.scope(ctx)
	if err != nil {
		return nil, err
	}
	if len([]rune(text)) < 2 || len(scope) == 0 {
		return []Suggestion{}, nil
	}
	out, err := s.Backend.Suggest(ctx, SuggestQuery{Text: text, Scope: scope, Limit: MaxSuggestions, Now: s.Clock.Time()})
	if err != nil {
		return nil, fmt.Errorf("suggestions: %w", err)
	}
	return orEmpty(out), nil
}

// Register adds the reader's search calls to the router.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "reader", "query", "search", s.Search)
	api.Call(r, "reader", "query", "suggestions", s.Suggestions)
}
