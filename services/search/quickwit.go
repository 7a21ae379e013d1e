package search

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"golang.org/x/sync/errgroup"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Quickwit is the backend for scale (ARCHITECTURE §8), written against Quickwit's REST API:
// ingest (POST /api/v1/{index}/ingest), search (POST /api/v1/{index}/search with
// snippet_fields and term aggregations) and delete tasks (POST /api/v1/{index}/delete-tasks).
// One index holds every space, told apart by space_id. No Quickwit binary can be obtained
// where this was built, so the backend is tested against quickwittest, a fake of those
// endpoints; see the README.
//
// Quickwit has no German, French or Italian stemmer: the *_stem fields hold text stemmed in
// Go before ingest, by the PostgreSQL configurations the embedded backend uses, and queries
// are stemmed the same way. Quickwit suits append-mostly data, so documents are versioned:
// reindexing a guideline ingests new documents with a new doc_version, then deletes the older
// ones by a delete task; until that task has run, a page keeps the newest of duplicates.
//
// Differences from the embedded backend: counts are of language versions (Quickwit does not
// collapse the languages of a guideline), and a page shows each guideline once.
//
// The index's doc mapping (created by operations, see the README): space_id, collection_id,
// guideline_id, doc_version, valid_until (u64, fast), language, scope and options ("a_b"
// keys; text, raw tokenizer, fast), suggest (text, lower case), title_stem, boost_stem,
// tags_stem, body_stem (text, whitespace tokenizer, positions recorded), and the stored JSON
// fields title, description, sections, metadata, languages.
type Quickwit struct {
	BaseURL string
	IndexID string
	Stemmer *Stemmer
	Client  *http.Client
}

// noExpiry stands for "valid until" when a document has none.
const noExpiry = uint64(1) << 62

// qwLanguage is a language of a guideline with its validity, stored with each document.
type qwLanguage struct {
	Language   string `json:"language"`
	ValidUntil uint64 `json:"validUntil"`
}

// qwDocument is a document as the index holds it.
type qwDocument struct {
	SpaceID      int64            `json:"space_id"`
	CollectionID int64            `json:"collection_id"`
	GuidelineID  int64            `json:"guideline_id"`
	Language     string           `json:"language"`
	Scope        string           `json:"scope"`
	DocVersion   uint64           `json:"doc_version"`
	ValidUntil   uint64           `json:"valid_until"`
	Options      []string         `json:"options"`
	Suggest      string           `json:"suggest"`
	Title        string           `json:"title"`
	Description  string           `json:"description"`
	Sections     []Section        `json:"sections"`
	Metadata     []MetadataOption `json:"metadata"`
	Languages    []qwLanguage     `json:"languages"`
	TitleStem    string           `json:"title_stem"`
	BoostStem    string           `json:"boost_stem"`
	TagsStem     string           `json:"tags_stem"`
	BodyStem     string           `json:"body_stem"`
}

func scopeKey(p Pair) string { return fmt.Sprintf("%d_%d", p.SpaceID, p.CollectionID) }

func optionKey(metadata, option int64) string { return fmt.Sprintf("%d_%d", metadata, option) }

// splitKey reads a "a_b" key.
func splitKey(key string) (int64, int64) {
	x, y, _ := strings.Cut(key, "_")
	a, _ := strconv.ParseInt(x, 10, 64)
	b, _ := strconv.ParseInt(y, 10, 64)
	return a, b
}

func expiry(t *time.Time) uint64 {
	if t == nil {
		return noExpiry
	}
	return uint64(max(t.Unix(), 0))
}

func (q *Quickwit) client() *http.Client {
	if q.Client != nil {
		return q.Client
	}
	return http.DefaultClient
}

// call posts to an endpoint of the index and decodes the answer into out (when not nil).
func (q *Quickwit) call(ctx context.Context, endpoint, contentType string, body []byte, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, q.BaseURL+"/api/v1/"+q.IndexID+"/"+endpoint, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", contentType)
	res, err := q.client().Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, 64<<20))
	if err != nil {
		return err
	}
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("quickwit %s: %s: %s", endpoint, res.Status, bytes.TrimSpace(data))
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(data, out)
}

// Ready reports whether Quickwit answers and holds the index.
func (q *Quickwit) Ready(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, q.BaseURL+"/api/v1/indexes/"+q.IndexID, nil)
	if err != nil {
		return err
	}
	res, err := q.client().Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 1<<20))
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("quickwit index %s: %s", q.IndexID, res.Status)
	}
	return nil
}

func (q *Quickwit) deleteTask(ctx context.Context, query string) error {
	body, err := json.Marshal(map[string]any{"query": query})
	if err != nil {
		return err
	}
	return q.call(ctx, "delete-tasks", "application/json", body, nil)
}

// stemText writes a text as its lexemes in order (stop words left out).
func stemText(text string, stems map[string]string) string {
	var out []string
	for _, w := range words(text) {
		if l := stems[strings.ToLower(w)]; l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, " ")
}

// Index ingests new versions of a guideline's documents, then deletes the older versions.
func (q *Quickwit) Index(ctx context.Context, spaceID, guidelineID int64, docs []Document) error {
	version := uint64(time.Now().UnixNano())
	var languages []qwLanguage
	for _, d := range docs {
		languages = append(languages, qwLanguage{Language: d.Language, ValidUntil: expiry(d.ValidUntil)})
	}
	var ndjson bytes.Buffer
	for _, d := range docs {
		boosted, plain := splitSearchTags(d)
		fields := []string{d.Title, strings.Join(boosted, " "), strings.Join(append(plain, d.Tags...), " "), bodyText(d)}
		unique := map[string]bool{}
		var list []string
		for _, f := range fields {
			for _, w := range words(f) {
				if w = strings.ToLower(w); !unique[w] {
					unique[w] = true
					list = append(list, w)
				}
			}
		}
		stems, err := q.Stemmer.Stem(ctx, d.Language, list)
		if err != nil {
			return err
		}
		if err := q.Stemmer.Learn(ctx, d.Language, strings.Join(fields, " ")); err != nil {
			return err
		}
		options := make([]string, len(d.Metadata))
		for i, m := range d.Metadata {
			options[i] = optionKey(m.MetadataID, m.OptionID)
		}
		suggest := strings.ToLower(strings.Join(append([]string{d.Title}, append(d.Tags, fields[1], fields[2])...), " "))
		doc := qwDocument{SpaceID: spaceID, CollectionID: d.CollectionID, GuidelineID: guidelineID, Language: d.Language,
			Scope: scopeKey(Pair{spaceID, d.CollectionID}), DocVersion: version, ValidUntil: expiry(d.ValidUntil), Options: options, Suggest: suggest,
			Title: d.Title, Description: d.Description, Sections: orEmpty(d.Sections), Metadata: orEmpty(d.Metadata), Languages: languages,
			TitleStem: stemText(fields[0], stems), BoostStem: stemText(fields[1], stems), TagsStem: stemText(fields[2], stems),
			BodyStem: stemText(fields[0]+" "+fields[1]+" "+fields[2]+" "+fields[3], stems)}
		line, err := json.Marshal(doc)
		if err != nil {
			return err
		}
		ndjson.Write(line)
		ndjson.WriteByte('\n')
	}
	if ndjson.Len() > 0 {
		if err := q.call(ctx, "ingest?commit=wait_for", "application/x-ndjson", ndjson.Bytes(), nil); err != nil {
			return err
		}
	}
	return q.deleteTask(ctx, fmt.Sprintf("space_id:%d AND guideline_id:%d AND NOT doc_version:%d", spaceID, guidelineID, version))
}

// Retain deletes the documents of a space's guidelines that are not in ids.
func (q *Quickwit) Retain(ctx context.Context, spaceID int64, ids []int64) error {
	keep := make([]string, len(ids))
	for i, id := range ids {
		keep[i] = strconv.FormatInt(id, 10)
	}
	return q.deleteTask(ctx, fmt.Sprintf("space_id:%d AND NOT guideline_id:IN [%s]", spaceID, strings.Join(keep, " ")))
}

// DeleteSpace deletes a space's documents.
func (q *Quickwit) DeleteSpace(ctx context.Context, spaceID int64) error {
	return q.deleteTask(ctx, fmt.Sprintf("space_id:%d", spaceID))
}

// Field weights: titles and boosted search tags above search tags and tags, above the text;
// a word found as itself (exact) above the compounds that contain it (part), so that the
// text about "Ernährung" ranks above the title "Ernährungsberatung".
var qwFields = []struct {
	name        string
	exact, part string
}{{"title_stem", "^8", "^1"}, {"boost_stem", "^8", "^1"}, {"tags_stem", "^4", "^0.5"}, {"body_stem", "^2", "^0.2"}}

// lexemeOK keeps lexemes that need no escaping in the query language.
var lexemeOK = regexp.MustCompile(`^[\p{L}\p{N}]+$`)

// textQuery writes analysed items in Quickwit's query language.
func textQuery(items [][]Alternative) string {
	var parts []string
	for _, alternatives := range items {
		var alt []string
		for _, a := range alternatives {
			ok := true
			for _, l := range a.Lexemes {
				ok = ok && lexemeOK.MatchString(l)
			}
			if !ok {
				continue
			}
			term := strings.Join(a.Lexemes, " ")
			if len(a.Lexemes) > 1 {
				term = `"` + term + `"`
			}
			for _, f := range qwFields {
				boost := f.exact
				if a.Part {
					boost = f.part
				}
				alt = append(alt, f.name+":"+term+boost)
			}
		}
		if len(alt) > 0 {
			parts = append(parts, "("+strings.Join(alt, " OR ")+")")
		}
	}
	return strings.Join(parts, " AND ")
}

func pairsQuery(field string, pairs []Pair) string {
	keys := make([]string, len(pairs))
	for i, p := range pairs {
		keys[i] = scopeKey(p)
	}
	return field + ":IN [" + strings.Join(keys, " ") + "]"
}

func metadataQuery(m map[int64][]int64) string {
	var parts []string
	for metadata, options := range m {
		list := make([]string, len(options))
		for i, o := range options {
			list[i] = optionKey(metadata, o)
		}
		parts = append(parts, "options:IN ["+strings.Join(list, " ")+"]")
	}
	return strings.Join(parts, " AND ")
}

func and(parts ...string) string {
	var keep []string
	for _, p := range parts {
		if p != "" {
			keep = append(keep, "("+p+")")
		}
	}
	return strings.Join(keep, " AND ")
}

type qwSearchResponse struct {
	NumHits      int                           `json:"num_hits"`
	Hits         []qwDocument                  `json:"hits"`
	Snippets     []map[string][]string         `json:"snippets"`
	Aggregations map[string]qwTermsAggregation `json:"aggregations"`
}

type qwTermsAggregation struct {
	Buckets []struct {
		Key      json.RawMessage `json:"key"`
		DocCount int             `json:"doc_count"`
	} `json:"buckets"`
}

func (q *Quickwit) search(ctx context.Context, query string, maxHits, offset int, snippets bool, aggField string) (qwSearchResponse, error) {
	req := map[string]any{"query": query, "max_hits": maxHits, "start_offset": offset, "sort_by": "_score"}
	if snippets {
		req["snippet_fields"] = []string{"title_stem", "body_stem"}
	}
	if aggField != "" {
		req["aggs"] = map[string]any{"counts": map[string]any{"terms": map[string]any{"field": aggField, "size": 10000}}}
	}
	body, err := json.Marshal(req)
	if err != nil {
		return qwSearchResponse{}, err
	}
	var out qwSearchResponse
	err = q.call(ctx, "search", "application/json", body, &out)
	return out, err
}

// Search runs the page, the total and the two facets as four searches at once.
func (q *Quickwit) Search(ctx context.Context, query Query) (Hits, error) {
	out := Hits{Hits: []Hit{}, Collections: []CollectionCount{}, Metadata: []MetadataCount{}}
	items, err := q.Stemmer.Analyse(ctx, query.Text, query.Synonyms)
	if err != nil {
		return Hits{}, err
	}
	text := textQuery(items)
	if text == "" {
		return out, nil
	}
	base := and(text, pairsQuery("scope", query.Scope), fmt.Sprintf("valid_until:[%d TO *]", query.Now.Unix()+1))
	collections := ""
	if len(query.Filter) > 0 {
		collections = pairsQuery("scope", query.Filter)
	}
	metadata := metadataQuery(query.Metadata)
	var page, total, byCollection, byOption qwSearchResponse
	g, gctx := errgroup.WithContext(ctx)
	// a guideline's languages may share a page: ask for more and keep one per guideline
	g.Go(func() (err error) {
		page, err = q.search(gctx, and(base, collections, metadata), query.Size*4, query.From, true, "")
		return err
	})
	g.Go(func() (err error) { total, err = q.search(gctx, base, 0, 0, false, ""); return err })
	g.Go(func() (err error) {
		byCollection, err = q.search(gctx, and(base, metadata), 0, 0, false, "scope")
		return err
	})
	g.Go(func() (err error) {
		byOption, err = q.search(gctx, and(base, collections), 0, 0, false, "options")
		return err
	})
	if err := g.Wait(); err != nil {
		return Hits{}, err
	}
	out.Total, out.Filtered = total.NumHits, page.NumHits
	for _, b := range byCollection.Aggregations["counts"].Buckets {
		var key string
		if json.Unmarshal(b.Key, &key) == nil {
			sp, coll := splitKey(key)
			out.Collections = append(out.Collections, CollectionCount{Pair: Pair{sp, coll}, Count: b.DocCount})
		}
	}
	for _, b := range byOption.Aggregations["counts"].Buckets {
		var key string
		if json.Unmarshal(b.Key, &key) == nil {
			metadata, option := splitKey(key)
			out.Metadata = append(out.Metadata, MetadataCount{MetadataID: metadata, OptionID: option, Count: b.DocCount})
		}
	}
	sort.Slice(out.Metadata, func(i, j int) bool {
		a, b := out.Metadata[i], out.Metadata[j]
		return a.MetadataID < b.MetadataID || (a.MetadataID == b.MetadataID && a.OptionID < b.OptionID)
	})
	newest := map[[2]int64]uint64{}
	for _, h := range page.Hits {
		k := [2]int64{h.SpaceID, h.GuidelineID}
		newest[k] = max(newest[k], h.DocVersion)
	}
	// a guideline ranks by its best language and is shown in the reader's when that matched
	shownAs := map[[2]int64]int{}
	for i, h := range page.Hits {
		k := [2]int64{h.SpaceID, h.GuidelineID}
		if j, ok := shownAs[k]; h.DocVersion == newest[k] && (!ok || h.Language == query.Language && page.Hits[j].Language != query.Language) {
			shownAs[k] = i
		}
	}
	shown := map[[2]int64]bool{}
	for first, h := range page.Hits {
		k := [2]int64{h.SpaceID, h.GuidelineID}
		if shown[k] || h.DocVersion != newest[k] || len(out.Hits) == query.Size {
			continue
		}
		shown[k] = true
		i := shownAs[k]
		h = page.Hits[i]
		var snippet map[string][]string
		if i < len(page.Snippets) {
			snippet = page.Snippets[i]
		}
		hit, err := q.hit(ctx, h, snippet, query.Now, len(page.Hits)-first)
		if err != nil {
			return Hits{}, err
		}
		out.Hits = append(out.Hits, hit)
	}
	return out, nil
}

// marked finds the lexemes a snippet marks (<b>…</b>).
var marked = regexp.MustCompile(`<b>([^<]*)</b>`)

// hit builds a result from a document, highlighting in its stored text the words whose
// lexemes the snippets mark. Quickwit's answer carries no scores: a hit's score is its rank.
func (q *Quickwit) hit(ctx context.Context, d qwDocument, snippet map[string][]string, now time.Time, rank int) (Hit, error) {
	h := Hit{SpaceID: d.SpaceID, CollectionID: d.CollectionID, GuidelineID: d.GuidelineID, Language: d.Language, Title: d.Title,
		Metadata: d.Metadata, Score: float64(rank)}
	for _, l := range d.Languages {
		if l.ValidUntil > uint64(now.Unix()) {
			h.Languages = append(h.Languages, l.Language)
		}
	}
	hits := map[string]bool{}
	for _, fragments := range snippet {
		for _, f := range fragments {
			for _, m := range marked.FindAllStringSubmatch(f, -1) {
				hits[m[1]] = true
			}
		}
	}
	unique := map[string]bool{}
	var list []string
	for _, t := range append([]string{d.Title, d.Description}, sectionTexts(d.Sections)...) {
		for _, w := range words(t) {
			if w = strings.ToLower(w); !unique[w] {
				unique[w] = true
				list = append(list, w)
			}
		}
	}
	stems, err := q.Stemmer.Stem(ctx, d.Language, list)
	if err != nil {
		return Hit{}, err
	}
	matches := func(w string) bool { return hits[stems[strings.ToLower(w)]] }
	h.TitleHighlight, _ = markWords(d.Title, matches, false)
	var found bool
	if h.Highlight, found = markWords(d.Description, matches, true); !found {
		h.Highlight = ""
	}
	for _, s := range d.Sections {
		text, found := markWords(s.Text, matches, true)
		if _, inTitle := markWords(s.Title, matches, false); !found && !inTitle {
			continue
		}
		h.Details = append(h.Details, Detail{ID: s.ID, Title: s.Title, Highlight: text})
		if h.Highlight == "" {
			h.Highlight = text
		}
		if len(h.Details) == maxDetails {
			break
		}
	}
	return h, nil
}

// sectionTexts are the sections' titles with their texts.
func sectionTexts(sections []Section) []string {
	out := make([]string, len(sections))
	for i, s := range sections {
		out[i] = s.Title + "\n" + s.Text
	}
	return out
}

// fragmentWords bounds a highlighted fragment around its first hit.
const fragmentWords = 30

// markWords escapes a text and puts <mark> around the words that match; a fragment keeps
// about 30 words around the first hit. It also tells whether any word matched.
func markWords(text string, matches func(string) bool, fragment bool) (string, bool) {
	var b strings.Builder
	type token struct {
		text string
		word bool
	}
	var tokens []token
	start := -1
	for i, r := range text + " " {
		isWord := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case isWord && start < 0:
			if i > 0 && len(tokens) == 0 {
				tokens = append(tokens, token{text: text[:i]})
			}
			start = i
		case !isWord && start >= 0:
			tokens = append(tokens, token{text: text[start:i], word: true})
			start = -1
		}
		if !isWord && i < len(text) {
			tokens = append(tokens, token{text: string(r)})
		}
	}
	first, wordsSeen := -1, 0
	for i, t := range tokens {
		if t.word && matches(t.text) && first < 0 {
			first = i
		}
	}
	from, to := 0, len(tokens)
	if fragment && first >= 0 {
		// from about ten words before the first hit, thirty words in all
		for from = first; from > 0 && wordsSeen < 10; from-- {
			if tokens[from].word {
				wordsSeen++
			}
		}
		wordsSeen = 0
		for to = from; to < len(tokens) && wordsSeen < fragmentWords; to++ {
			if tokens[to].word {
				wordsSeen++
			}
		}
	}
	if from > 0 {
		b.WriteString("… ")
	}
	for _, t := range tokens[from:to] {
		if t.word && matches(t.text) {
			b.WriteString("<mark>" + escape(t.text) + "</mark>")
		} else {
			b.WriteString(escape(t.text))
		}
	}
	if to < len(tokens) {
		b.WriteString(" …")
	}
	return strings.TrimSpace(b.String()), first >= 0
}

func escape(s string) string {
	return highlight(strings.NewReplacer(markStart, "", markStop, "").Replace(s))
}

// Suggest finds titles, tags and search tags beginning with the typed word: the last word
// typed is looked for as a prefix of the stored words.
func (q *Quickwit) Suggest(ctx context.Context, query SuggestQuery) ([]Suggestion, error) {
	typed := words(strings.ToLower(query.Text))
	if len(typed) == 0 {
		return []Suggestion{}, nil
	}
	res, err := q.search(ctx, and(fmt.Sprintf("suggest:%s*", typed[len(typed)-1]), pairsQuery("scope", query.Scope),
		fmt.Sprintf("valid_until:[%d TO *]", query.Now.Unix()+1)), query.Limit, 0, false, "")
	if err != nil {
		return nil, err
	}
	out := []Suggestion{}
	seen := map[[2]int64]bool{}
	for _, d := range res.Hits {
		seen[[2]int64{d.SpaceID, d.GuidelineID}] = true
		out = append(out, Suggestion{Text: d.Title, Kind: "title", GuidelineID: d.GuidelineID, Language: d.Language,
			CollectionID: d.CollectionID, CollectionSpaceID: d.SpaceID, SpaceID: d.SpaceID})
	}
	if len(out) >= query.Limit || len([]rune(query.Text)) < minTextSuggestion {
		return out, nil
	}
	// then the texts: guidelines with words beginning with the typed words, with the first
	// section holding them (a stem is a prefix of its words)
	var prefixes, terms []string
	for _, w := range typed {
		prefixes = append(prefixes, fold(w))
		if !lexemeOK.MatchString(fold(w)) {
			return out, nil
		}
		terms = append(terms, "body_stem:"+fold(w)+"*")
	}
	res, err = q.search(ctx, and(strings.Join(terms, " AND "), pairsQuery("scope", query.Scope),
		fmt.Sprintf("valid_until:[%d TO *]", query.Now.Unix()+1)), query.Limit*4, 0, false, "")
	if err != nil {
		return nil, err
	}
	matches := func(w string) bool {
		w = fold(w)
		for _, p := range prefixes {
			if strings.HasPrefix(w, p) {
				return true
			}
		}
		return false
	}
	for _, d := range res.Hits {
		k := [2]int64{d.SpaceID, d.GuidelineID}
		if seen[k] || len(out) == query.Limit {
			continue
		}
		for _, sec := range d.Sections {
			if snippet, found := markWords(sec.Text, matches, true); found {
				seen[k] = true
				out = append(out, Suggestion{Text: d.Title, Kind: "section", GuidelineID: d.GuidelineID, Language: d.Language,
					CollectionID: d.CollectionID, CollectionSpaceID: d.SpaceID, SpaceID: d.SpaceID,
					SectionID: sec.ID, SectionTitle: sec.Title, Snippet: snippet})
				break
			}
		}
	}
	return out, nil
}

// fold writes a word as the configurations fold it: lower case, without accents.
func fold(w string) string {
	out, _, err := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC), strings.ToLower(w))
	if err != nil {
		return strings.ToLower(w)
	}
	return out
}

// maxUnseen bounds the documents read to count the unseen guidelines of each kind.
const maxUnseen = 100

// Unseen counts the matches of a space that the search did not show (up to 100 documents of
// each kind are read): expired in the scope, valid outside it.
func (q *Quickwit) Unseen(ctx context.Context, query Query, spaceID int64) (Unseen, error) {
	items, err := q.Stemmer.Analyse(ctx, query.Text, query.Synonyms)
	if err != nil {
		return Unseen{}, err
	}
	text := textQuery(items)
	if text == "" {
		return Unseen{}, nil
	}
	now := query.Now.Unix()
	count := func(filter ...string) (int, error) {
		res, err := q.search(ctx, and(append([]string{text, fmt.Sprintf("space_id:%d", spaceID)}, filter...)...), maxUnseen, 0, false, "")
		if err != nil {
			return 0, err
		}
		ids := map[int64]bool{}
		for _, h := range res.Hits {
			ids[h.GuidelineID] = true
		}
		return len(ids), nil
	}
	hidden := fmt.Sprintf("valid_until:[%d TO *]", now+1)
	if len(query.Scope) == 0 {
		// nothing is readable: nothing expired for the reader, every valid match is hidden
		n, err := count(hidden)
		return Unseen{Hidden: n}, err
	}
	var out Unseen
	if out.Expired, err = count(pairsQuery("scope", query.Scope), fmt.Sprintf("valid_until:[0 TO %d]", now)); err != nil {
		return Unseen{}, err
	}
	out.Hidden, err = count("NOT "+pairsQuery("scope", query.Scope), hidden)
	return out, err
}
