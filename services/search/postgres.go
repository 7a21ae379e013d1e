package search

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Postgres is the embedded backend: PostgreSQL full-text search over control.search_documents
// (migration 00004), with per-language configurations that fold accents before stemming.
//
// A document has two vectors: body (every word, weighted, and the scope term of its space and
// collection: scopeTerm) decides what matches, head (title, search tags and tags) what ranks. Ranking reads only the small head, so a frequent word costs
// a scan of the matches' keys rather than of their texts; body-only hits rank below every
// title or tag hit. Highlights are computed for the displayed page only.
type Postgres struct {
	Pool *pgxpool.Pool
}

// Index replaces the documents of a guideline in one transaction.
func (p *Postgres) Index(ctx context.Context, spaceID, guidelineID int64, docs []Document) error {
	langs := make([]string, len(docs))
	for i, d := range docs {
		langs[i] = d.Language
	}
	b := &pgx.Batch{}
	// The index is rebuilt from the source of truth and the job that wrote it commits after
	// it (flushing the log up to there), so its own commit need not wait for the disk.
	b.Queue(`SET LOCAL synchronous_commit = off`)
	b.Queue(`DELETE FROM control.search_documents WHERE space_id = $1 AND guideline_id = $2 AND NOT language = ANY($3)`,
		spaceID, guidelineID, langs)
	for _, d := range docs {
		boosted, plain := splitSearchTags(d)
		searchTags, err := json.Marshal(orEmpty(d.SearchTags))
		if err != nil {
			return err
		}
		sections, err := json.Marshal(orEmpty(d.Sections))
		if err != nil {
			return err
		}
		metadata, err := json.Marshal(orEmpty(d.Metadata))
		if err != nil {
			return err
		}
		options := make([]int64, len(d.Metadata))
		for i, m := range d.Metadata {
			options[i] = m.OptionID
		}
		b.Queue(`WITH v AS (SELECT control.search_config($4) AS cfg),
			h AS (SELECT setweight(to_tsvector(cfg, $7), 'A') || setweight(to_tsvector(cfg, $14), 'A')
				|| setweight(to_tsvector(cfg, $15 || ' ' || array_to_string($9::text[], ' ')), 'B') AS head FROM v),
			s AS (SELECT coalesce(array_agg(to_tsvector(cfg, x.t) ORDER BY x.n), '{}') AS vectors
				FROM v, unnest($17::text[]) WITH ORDINALITY AS x(t, n))
			INSERT INTO control.search_documents AS d (space_id, collection_id, guideline_id, language, visibility, published_version,
				title, description, tags, search_tags, sections, options, metadata, valid_until, head, body, section_vectors)
			SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $16, h.head,
				h.head || setweight(to_tsvector(v.cfg, $8) || (SELECT control.tsvector_agg(x ORDER BY n) FROM unnest(s.vectors) WITH ORDINALITY AS u(x, n)), 'C')
					|| array_to_tsvector(ARRAY[$18]),
				s.vectors
			FROM v, h, s
			ON CONFLICT (space_id, guideline_id, language) DO UPDATE SET collection_id = excluded.collection_id,
				visibility = excluded.visibility, published_version = excluded.published_version, title = excluded.title,
				description = excluded.description, tags = excluded.tags, search_tags = excluded.search_tags,
				sections = excluded.sections, options = excluded.options, metadata = excluded.metadata,
				valid_until = excluded.valid_until, head = excluded.head, body = excluded.body,
				section_vectors = excluded.section_vectors, indexed_at = now()`,
			spaceID, d.CollectionID, guidelineID, d.Language, d.Visibility, d.PublishedVersion, d.Title, d.Description,
			orEmpty(d.Tags), searchTags, sections, options, metadata, strings.Join(boosted, " "), strings.Join(plain, " "),
			d.ValidUntil, sectionTexts(d.Sections), scopeTerm(Pair{SpaceID: spaceID, CollectionID: d.CollectionID}))
	}
	b.Queue(`DELETE FROM control.search_suggestions WHERE space_id = $1 AND guideline_id = $2`, spaceID, guidelineID)
	b.Queue(`INSERT INTO control.search_suggestions (space_id, guideline_id, language, collection_id, kind, text, norm, valid_until)
		SELECT DISTINCT ON (d.language, s.kind, lower(s.text)) d.space_id, d.guideline_id, d.language, d.collection_id, s.kind, s.text,
			lower(public.unaccent('public.unaccent'::regdictionary, s.text)), d.valid_until
		FROM control.search_documents d, LATERAL (
			SELECT 'title' AS kind, d.title AS text
			UNION ALL SELECT 'tag', t FROM unnest(d.tags) t
			UNION ALL SELECT 'searchTag', t->>'tag' FROM jsonb_array_elements(d.search_tags) t) s
		WHERE d.space_id = $1 AND d.guideline_id = $2 AND s.text <> ''`, spaceID, guidelineID)
	for _, d := range docs {
		b.Queue(lexiconSQL, d.Title+" "+strings.Join(d.Tags, " ")+" "+bodyText(d), d.Language)
	}
	return pgx.BeginFunc(ctx, p.Pool, func(tx pgx.Tx) error { return tx.SendBatch(ctx, b).Close() })
}

// Retain drops the documents of a space's guidelines that are not in ids.
func (p *Postgres) Retain(ctx context.Context, spaceID int64, ids []int64) error {
	_, err := p.Pool.Exec(ctx, `DELETE FROM control.search_documents WHERE space_id = $1 AND NOT guideline_id = ANY($2)`, spaceID, ids)
	return err
}

// splitSearchTags separates the boosted search tags from the others.
func splitSearchTags(d Document) (boosted, plain []string) {
	for _, t := range d.SearchTags {
		if t.Boost {
			boosted = append(boosted, t.Tag)
		} else {
			plain = append(plain, t.Tag)
		}
	}
	return boosted, plain
}

// bodyText is a document's description and sections as one text.
func bodyText(d Document) string {
	var text strings.Builder
	text.WriteString(d.Description)
	for _, s := range d.Sections {
		text.WriteString("\n")
		text.WriteString(s.Title)
		text.WriteString("\n")
		text.WriteString(s.Text)
	}
	return text.String()
}

// DeleteSpace drops the documents of a space (a deleted space's rows also go with it).
func (p *Postgres) DeleteSpace(ctx context.Context, spaceID int64) error {
	_, err := p.Pool.Exec(ctx, `DELETE FROM control.search_documents WHERE space_id = $1`, spaceID)
	return err
}

// compile turns a query text into tsqueries in the text form: every item must match (AND)
// by one of its alternatives (OR); lexemes in a row must follow each other. The first query
// has every alternative, the second (exact) leaves out the compounds that contain a word.
func (p *Postgres) compile(ctx context.Context, text string, synonyms [][]string) (string, string, error) {
	items, err := (&Stemmer{Pool: p.Pool}).Analyse(ctx, text, synonyms)
	if err != nil {
		return "", "", err
	}
	all, exact := make([]string, len(items)), make([]string, len(items))
	for i, alternatives := range items {
		var alt, own []string
		for _, a := range alternatives {
			quoted := make([]string, len(a.Lexemes))
			for k, l := range a.Lexemes {
				quoted[k] = quoteLexeme(l)
			}
			alt = append(alt, strings.Join(quoted, " <-> "))
			if !a.Part {
				own = append(own, strings.Join(quoted, " <-> "))
			}
		}
		if len(own) == 0 {
			own = alt
		}
		all[i] = "(" + strings.Join(alt, " | ") + ")"
		exact[i] = "(" + strings.Join(own, " | ") + ")"
	}
	return strings.Join(all, " & "), strings.Join(exact, " & "), nil
}

// quoteLexeme writes a lexeme as a tsquery literal.
func quoteLexeme(l string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `''`).Replace(l) + "'"
}

// The marks ts_headline puts around hits; highlight turns them into <mark> after escaping.
const (
	markStart = "\x01"
	markStop  = "\x02"
)

// Search runs a query: the matches in the scope, the best language of each guideline, the
// counts and facets, then the highlights of the displayed page.
func (p *Postgres) Search(ctx context.Context, q Query) (Hits, error) {
	tsq, exact, err := p.compile(ctx, q.Text, q.Synonyms)
	if err != nil {
		return Hits{}, err
	}
	out := Hits{Hits: []Hit{}, Collections: []CollectionCount{}, Metadata: []MetadataCount{}}
	if tsq == "" || len(q.Scope) == 0 {
		return out, nil
	}
	filterSpaces, filterCollections := split(q.Filter)
	filter := q.Metadata
	if filter == nil {
		filter = map[int64][]int64{}
	}
	metadata, err := json.Marshal(filter)
	if err != nil {
		return Hits{}, err
	}
	var collections, options, pageRaw []byte
	// A guideline ranks by its best language: a word found as itself in the title or tags
	// first, then in the text (0.02, from a second question to the body index for the words
	// without their compounds, whose rows are looked up by their ctid), then compounds
	// containing it in the title or tags, then in the text; it is shown in the reader's
	// language when that matched, else in the one that ranks best. The head is ranked only
	// where it matches: ts_rank costs as much on a head without the words, and most matches
	// are in the text only. One sort serves both the best score of a guideline (the window)
	// and the choice of its language (DISTINCT ON). Only the body index answers the match
	// (scoped) without reading the texts: with plain index and sequential scans off, the
	// planner cannot choose to test every text instead.
	err = pgx.BeginFunc(ctx, p.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT set_config('enable_indexscan', 'off', true), set_config('enable_seqscan', 'off', true)"); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `WITH e AS MATERIALIZED (
			SELECT d.ctid AS t FROM control.search_documents d WHERE $10 AND d.body @@ $11::tsquery),
		m AS MATERIALIZED (
			SELECT d.space_id, d.guideline_id, d.language, d.collection_id, d.options, d.metadata,
				CASE WHEN d.head @@ $1::tsquery
					THEN ts_rank('{0.05, 0.2, 0.5, 1.0}', d.head, $9::tsquery) + 0.2 * ts_rank('{0.05, 0.2, 0.5, 1.0}', d.head, $1::tsquery)
					ELSE 0 END
				+ CASE WHEN $10 AND d.ctid NOT IN (SELECT t FROM e) THEN 0.001 ELSE 0.021 END AS score
			FROM control.search_documents d
			WHERE d.body @@ $2::tsquery AND (d.valid_until IS NULL OR d.valid_until > $3)),
		g AS MATERIALIZED (
			SELECT DISTINCT ON (space_id, guideline_id) space_id, guideline_id, language, collection_id, options, metadata, max(score) OVER w AS best,
				(cardinality($4::bigint[]) = 0 OR (space_id, collection_id) IN (SELECT * FROM unnest($4::bigint[], $5::bigint[]))) AS in_collection,
				$6::jsonb = '{}' OR NOT EXISTS (SELECT 1 FROM jsonb_each($6::jsonb) f
					WHERE NOT options && ARRAY(SELECT jsonb_array_elements_text(f.value)::bigint)) AS in_metadata
			FROM m
			WINDOW w AS (PARTITION BY space_id, guideline_id ORDER BY language = $12 DESC, score DESC, language
				ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
			ORDER BY space_id, guideline_id, language = $12 DESC, score DESC, language)
		SELECT (SELECT count(*) FROM g),
			(SELECT count(*) FROM g WHERE in_collection AND in_metadata),
			(SELECT coalesce(jsonb_agg(jsonb_build_array(space_id, collection_id, n)), '[]')
				FROM (SELECT space_id, collection_id, count(*) AS n FROM g WHERE in_metadata GROUP BY 1, 2) c),
			(SELECT coalesce(jsonb_agg(jsonb_build_array(c.m, c.o, c.n) ORDER BY c.m, c.o), '[]')
				FROM (SELECT (x->>'metadataId')::bigint AS m, (x->>'optionId')::bigint AS o, count(*) AS n
					FROM g, jsonb_array_elements(g.metadata) x WHERE in_collection GROUP BY 1, 2) c),
			(SELECT coalesce(jsonb_agg(jsonb_build_array(space_id, guideline_id, language, best) ORDER BY best DESC, space_id, guideline_id), '[]')
				FROM (SELECT * FROM g WHERE in_collection AND in_metadata ORDER BY best DESC, space_id, guideline_id LIMIT $7 OFFSET $8) pg)`,
			tsq, scoped(q.Scope, tsq), q.Now, filterSpaces, filterCollections, metadata, q.Size, q.From,
			exact, exact != tsq, scoped(q.Scope, exact), q.Language).
			Scan(&out.Total, &out.Filtered, &collections, &options, &pageRaw)
	})
	if err != nil {
		return Hits{}, err
	}
	var counts [][3]int64
	if err := json.Unmarshal(collections, &counts); err != nil {
		return Hits{}, err
	}
	for _, c := range counts {
		out.Collections = append(out.Collections, CollectionCount{Pair: Pair{SpaceID: c[0], CollectionID: c[1]}, Count: int(c[2])})
	}
	if err := json.Unmarshal(options, &counts); err != nil {
		return Hits{}, err
	}
	for _, c := range counts {
		out.Metadata = append(out.Metadata, MetadataCount{MetadataID: c[0], OptionID: c[1], Count: int(c[2])})
	}
	type pageRow struct {
		SpaceID, GuidelineID int64
		Language             string
		Score                float64
	}
	var page []pageRow
	var raw [][4]json.RawMessage
	if err := json.Unmarshal(pageRaw, &raw); err != nil {
		return Hits{}, err
	}
	for _, r := range raw {
		var row pageRow
		if err := errors.Join(json.Unmarshal(r[0], &row.SpaceID), json.Unmarshal(r[1], &row.GuidelineID),
			json.Unmarshal(r[2], &row.Language), json.Unmarshal(r[3], &row.Score)); err != nil {
			return Hits{}, err
		}
		page = append(page, row)
	}
	if len(page) == 0 {
		return out, nil
	}
	spaces, ids, langs := make([]int64, len(page)), make([]int64, len(page)), make([]string, len(page))
	for i, r := range page {
		spaces[i], ids[i], langs[i] = r.SpaceID, r.GuidelineID, r.Language
	}
	rows, err := p.Pool.Query(ctx, `SELECT d.space_id, d.collection_id, d.guideline_id, d.language,
			ARRAY(SELECT o.language FROM control.search_documents o WHERE o.space_id = d.space_id AND o.guideline_id = d.guideline_id
				AND (o.valid_until IS NULL OR o.valid_until > $5) ORDER BY o.language),
			d.title, ts_headline(control.search_config(d.language), d.title, $4::tsquery, $6), d.metadata,
			CASE WHEN to_tsvector(control.search_config(d.language), d.description) @@ $4::tsquery
				THEN ts_headline(control.search_config(d.language), d.description, $4::tsquery, $7) END,
			coalesce((SELECT jsonb_agg(jsonb_build_object('id', s.id, 'title', s.title,
					'highlight', ts_headline(control.search_config(d.language), s.text, $4::tsquery, $7)) ORDER BY s.n)
				FROM (SELECT (e.s->>'id')::bigint AS id, e.s->>'title' AS title, e.s->>'text' AS text, e.n
					FROM jsonb_array_elements(d.sections) WITH ORDINALITY AS e(s, n)
					WHERE d.section_vectors[e.n::int] @@ $4::tsquery
					LIMIT $8) s), '[]')
		FROM unnest($1::bigint[], $2::bigint[], $3::text[]) WITH ORDINALITY AS k(space_id, guideline_id, language, n)
		JOIN control.search_documents d USING (space_id, guideline_id, language) ORDER BY k.n`,
		spaces, ids, langs, tsq, q.Now,
		"HighlightAll=true, StartSel="+markStart+", StopSel="+markStop,
		"MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=\" … \", StartSel="+markStart+", StopSel="+markStop, maxDetails)
	if err != nil {
		return Hits{}, err
	}
	defer rows.Close()
	for i := 0; rows.Next(); i++ {
		var h Hit
		var metadata, details []byte
		var description *string
		if err := rows.Scan(&h.SpaceID, &h.CollectionID, &h.GuidelineID, &h.Language, &h.Languages, &h.Title, &h.TitleHighlight,
			&metadata, &description, &details); err != nil {
			return Hits{}, err
		}
		h.Score = page[i].Score
		h.TitleHighlight = highlight(h.TitleHighlight)
		if err := json.Unmarshal(metadata, &h.Metadata); err != nil {
			return Hits{}, err
		}
		if err := json.Unmarshal(details, &h.Details); err != nil {
			return Hits{}, err
		}
		for j := range h.Details {
			h.Details[j].Highlight = highlight(h.Details[j].Highlight)
		}
		switch {
		case description != nil:
			h.Highlight = highlight(*description)
		case len(h.Details) > 0:
			h.Highlight = h.Details[0].Highlight
		}
		out.Hits = append(out.Hits, h)
	}
	return out, rows.Err()
}

// scopeTerm is the term of a document's body naming its space and collection. The text
// parser never produces '§', so no query word matches it.
func scopeTerm(p Pair) string {
	return "§" + strconv.FormatInt(p.SpaceID, 10) + "." + strconv.FormatInt(p.CollectionID, 10)
}

// scoped restricts a compiled query to the documents of the collections of scope.
func scoped(scope []Pair, tsq string) string {
	return scopeQuery(scope) + " & (" + tsq + ")"
}

// scopeQuery matches the documents of the collections of scope.
func scopeQuery(scope []Pair) string {
	terms := make([]string, len(scope))
	for i, p := range scope {
		terms[i] = quoteLexeme(scopeTerm(p))
	}
	return "(" + strings.Join(terms, " | ") + ")"
}

func split(pairs []Pair) ([]int64, []int64) {
	a, b := make([]int64, len(pairs)), make([]int64, len(pairs))
	for i, p := range pairs {
		a[i], b[i] = p.SpaceID, p.CollectionID
	}
	return a, b
}

// minTextSuggestion is the shortest typed text, in characters, for which the texts are
// searched for suggestions.
const minTextSuggestion = 4

// Suggest finds titles, tags and search tags that begin with the typed text first, then those
// containing it, shorter ones first; when they are fewer than the limit, guidelines whose text
// has words beginning with the typed words follow, with the first such section.
func (p *Postgres) Suggest(ctx context.Context, q SuggestQuery) ([]Suggestion, error) {
	out, err := p.suggestNames(ctx, q)
	if err != nil || len(out) >= q.Limit || len([]rune(q.Text)) < minTextSuggestion {
		return out, err
	}
	var words []string
	for _, it := range Parse(q.Text) {
		words = append(words, strings.Fields(it.Text)...)
	}
	if len(words) == 0 {
		return out, nil
	}
	spaces, ids := make([]int64, len(out)), make([]int64, len(out))
	for i, s := range out {
		spaces[i], ids[i] = s.SpaceID, s.GuidelineID
	}
	// the prefixes match the lexemes of every language: they are folded as the configurations
	// fold, and a stem is a prefix of its words
	var prefixes string
	if err := p.Pool.QueryRow(ctx, `SELECT coalesce(string_agg(quote_literal(lower(public.unaccent('public.unaccent'::regdictionary, w))) || ':*', ' & '), '')
		FROM unnest($1::text[]) w`, words).Scan(&prefixes); err != nil {
		return nil, err
	}
	// a guideline's languages may all match: ask for more and keep one per guideline
	rows, err := p.Pool.Query(ctx, `WITH d AS MATERIALIZED (SELECT d.* FROM control.search_documents d
			WHERE d.body @@ $2::tsquery AND (d.valid_until IS NULL OR d.valid_until > $3)
				AND (d.space_id, d.guideline_id) NOT IN (SELECT * FROM unnest($4::bigint[], $5::bigint[]))
			LIMIT $6 * 4)
		SELECT d.title, 'section', d.guideline_id, d.language, d.collection_id, d.space_id, d.space_id, (s.s->>'id')::bigint, s.s->>'title',
			ts_headline(control.search_config(d.language), s.s->>'text', $1::tsquery, $7)
		FROM d, LATERAL (SELECT e.s FROM jsonb_array_elements(d.sections) WITH ORDINALITY AS e(s, n)
			WHERE d.section_vectors[e.n::int] @@ $1::tsquery ORDER BY e.n LIMIT 1) s
		ORDER BY length(d.title), d.title, d.guideline_id`,
		prefixes, scoped(q.Scope, prefixes), q.Now, spaces, ids, q.Limit-len(out),
		"MaxWords=12, MinWords=6, MaxFragments=1, StartSel="+markStart+", StopSel="+markStop)
	if err != nil {
		return nil, err
	}
	more, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Suggestion])
	if err != nil {
		return nil, err
	}
	seen := map[[2]int64]bool{}
	for _, m := range more {
		if k := [2]int64{m.SpaceID, m.GuidelineID}; !seen[k] && len(out) < q.Limit {
			seen[k] = true
			m.Snippet = highlight(m.Snippet)
			out = append(out, m)
		}
	}
	return out, nil
}

// suggestNames finds titles, tags and search tags.
func (p *Postgres) suggestNames(ctx context.Context, q SuggestQuery) ([]Suggestion, error) {
	spaces, collections := split(q.Scope)
	// The candidates of the spaces come from one scan of the trigram index; the collections
	// are checked on them after, rather than by a scan of the index per collection.
	rows, err := p.Pool.Query(ctx, `WITH t AS (SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) AS norm),
		c AS MATERIALIZED (SELECT s.* FROM control.search_suggestions s, t
			WHERE s.space_id = ANY($2) AND s.norm LIKE '%' || replace(replace(replace(t.norm, '\', '\\'), '%', '\%'), '_', '\_') || '%'
				AND (s.valid_until IS NULL OR s.valid_until > $4))
		SELECT c.text, c.kind, c.guideline_id, c.language, c.collection_id, c.space_id, c.space_id, 0::bigint, '', ''
		FROM c, t WHERE (c.space_id, c.collection_id) IN (SELECT * FROM unnest($2::bigint[], $3::bigint[]))
		ORDER BY c.norm LIKE t.norm || '%' DESC, c.kind = 'title' DESC, length(c.text), c.text, c.guideline_id, c.language
		LIMIT $5`, q.Text, spaces, collections, q.Now, q.Limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Suggestion])
}

// Unseen counts the matches of a space that the search did not show: expired in the scope,
// valid outside it. The body index answers (space, words) without reading the texts.
func (p *Postgres) Unseen(ctx context.Context, q Query, spaceID int64) (Unseen, error) {
	_, tsq, err := p.compile(ctx, q.Text, q.Synonyms)
	if err != nil || tsq == "" {
		return Unseen{}, err
	}
	readable := []int64{} // an empty array, not NULL: with nothing readable every match is hidden
	for _, c := range q.Scope {
		if c.SpaceID == spaceID {
			readable = append(readable, c.CollectionID)
		}
	}
	var out Unseen
	err = p.Pool.QueryRow(ctx, `SELECT count(DISTINCT guideline_id) FILTER (WHERE readable AND expired),
			count(DISTINCT guideline_id) FILTER (WHERE NOT readable AND NOT expired)
		FROM (SELECT d.guideline_id, d.collection_id = ANY($3) AS readable, coalesce(d.valid_until <= $4, false) AS expired
			FROM control.search_documents d WHERE d.space_id = $1 AND d.body @@ $2::tsquery) x`,
		spaceID, tsq, readable, q.Now).Scan(&out.Expired, &out.Hidden)
	return out, err
}
