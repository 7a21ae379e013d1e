package search

import (
	"context"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Stemmer reduces words to the lexemes of the per-language configurations of PostgreSQL, so
// that both backends stem identically (Quickwit has no German, French or Italian stemmer).
type Stemmer struct {
	Pool *pgxpool.Pool
}

// Alternative is one way an item of a query matches: a lexeme, or lexemes in a row. Part
// marks the lexeme of a compound that contains the word: such matches rank below those of the
// word itself.
type Alternative struct {
	Lexemes []string
	Part    bool
}

// Analyse turns a query text into its items, each with the alternatives it matches by: as
// written or with umlauts spelled out or folded, stemmed in each of the four languages, and
// as a word inside the German compounds of the lexicon that contain it. An item that equals a
// term of a synonym group (case-insensitively) also matches by each term of the group, a
// term of several words as those words in a row; words typed in a row without quotes that
// spell such a term are taken as that term, quoted. Items whose words are all stop words in
// every language drop out.
func (s *Stemmer) Analyse(ctx context.Context, text string, synonyms [][]string) ([][]Alternative, error) {
	items := joinTerms(Parse(text), synonyms)
	var variants []string
	var owner []int32
	// synonym marks the variants that come from a synonym group: they are not looked up as
	// parts of compounds.
	var synonym []bool
	for i, it := range items {
		for _, v := range it.Variants() {
			variants = append(variants, v)
			owner = append(owner, int32(i))
			synonym = append(synonym, false)
		}
		for _, t := range expand(it, synonyms) {
			variants = append(variants, t)
			owner = append(owner, int32(i))
			synonym = append(synonym, true)
		}
	}
	if len(variants) == 0 {
		return nil, nil
	}
	rows, err := s.Pool.Query(ctx, `SELECT x.i, ARRAY(SELECT t.lexeme FROM unnest(to_tsvector(control.search_config(x.cfg), x.v)) t
			ORDER BY t.positions[1])
		FROM (SELECT v, i, cfg FROM unnest($1::text[], $2::int[]) AS t(v, i), unnest(ARRAY['de', 'fr', 'it', 'en']) AS c(cfg)) x`,
		variants, owner)
	if err != nil {
		return nil, err
	}
	type stem struct {
		I       int32
		Lexemes []string
	}
	stems, err := pgx.CollectRows(rows, pgx.RowToStructByPos[stem])
	if err != nil {
		return nil, err
	}
	alternatives := make([][]Alternative, len(items))
	for _, s := range stems {
		// a hyphenated word yields itself before its parts: the parts alone follow each
		// other as in the texts, also when a stop word among them left a gap
		if len(s.Lexemes) > 1 {
			s.Lexemes = slices.DeleteFunc(s.Lexemes, func(l string) bool { return strings.Contains(l, "-") })
		}
		if len(s.Lexemes) > 0 {
			alternatives[s.I] = appendAlternative(alternatives[s.I], Alternative{Lexemes: s.Lexemes})
		}
	}
	var words []string
	var wordOwner []int32
	for i, v := range variants {
		if !items[owner[i]].Phrase && !synonym[i] && len([]rune(v)) >= 4 {
			words = append(words, v)
			wordOwner = append(wordOwner, owner[i])
		}
	}
	if len(words) > 0 {
		rows, err := s.Pool.Query(ctx, `SELECT DISTINCT w.i, l.lexeme FROM unnest($1::text[], $2::int[]) AS w(word, i),
			LATERAL (SELECT x.lexeme FROM control.search_lexicon x
				WHERE x.word LIKE '%' || lower(public.unaccent('public.unaccent'::regdictionary, w.word)) || '%' AND x.lexeme <> ''
				ORDER BY length(x.word), x.word LIMIT 24) l`, words, wordOwner)
		if err != nil {
			return nil, err
		}
		type compound struct {
			I      int32
			Lexeme string
		}
		found, err := pgx.CollectRows(rows, pgx.RowToStructByPos[compound])
		if err != nil {
			return nil, err
		}
		for _, c := range found {
			alternatives[c.I] = appendAlternative(alternatives[c.I], Alternative{Lexemes: []string{c.Lexeme}, Part: true})
		}
	}
	out := alternatives[:0]
	for _, a := range alternatives {
		if len(a) > 0 {
			out = append(out, a)
		}
	}
	return out, nil
}

// joinTerms makes unquoted words in a row that spell a term of several words of a synonym
// group (case-insensitively) one quoted item, the longest such term first, so that the
// group applies to "Schädel Hirn Trauma" as to "Schädel-Hirn-Trauma".
func joinTerms(items []Item, synonyms [][]string) []Item {
	terms, longest := map[string]bool{}, 0
	for _, g := range synonyms {
		for _, t := range g {
			if w := words(t); len(w) > 1 {
				terms[strings.ToLower(strings.Join(w, " "))] = true
				longest = max(longest, len(w))
			}
		}
	}
	if len(terms) == 0 {
		return items
	}
	var out []Item
	for i := 0; i < len(items); {
		joined := 1
		for n := min(longest, len(items)-i); n > 1; n-- {
			parts := make([]string, n)
			plain := true
			for k := range parts {
				parts[k], plain = items[i+k].Text, plain && !items[i+k].Phrase
			}
			if plain && terms[strings.ToLower(strings.Join(parts, " "))] {
				out = append(out, Item{Text: strings.Join(parts, " "), Phrase: true})
				joined = n
				break
			}
		}
		if joined == 1 {
			out = append(out, items[i])
		}
		i += joined
	}
	return out
}

// expand answers the terms of the synonym groups that have a term equal to an item (compared
// word by word, case-insensitively), other than the item itself.
func expand(it Item, synonyms [][]string) []string {
	key := strings.ToLower(it.Text)
	var out []string
	for _, g := range synonyms {
		terms := make([]string, len(g))
		found := false
		for i, t := range g {
			terms[i] = strings.Join(words(t), " ")
			found = found || strings.ToLower(terms[i]) == key
		}
		if !found {
			continue
		}
		for i, t := range terms {
			if strings.ToLower(t) != key && !slices.Contains(out, g[i]) {
				out = append(out, g[i])
			}
		}
	}
	return out
}

func appendAlternative(list []Alternative, a Alternative) []Alternative {
	for _, x := range list {
		if slices.Equal(x.Lexemes, a.Lexemes) {
			return list
		}
	}
	return append(list, a)
}

// Stem returns the lexeme of each word in a language ("" for stop words).
func (s *Stemmer) Stem(ctx context.Context, language string, words []string) (map[string]string, error) {
	rows, err := s.Pool.Query(ctx, `SELECT w, coalesce((SELECT min(t.lexeme) FROM unnest(to_tsvector(control.search_config($1), w)) t), '')
		FROM unnest($2::text[]) w`, language, words)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(words))
	var w, l string
	_, err = pgx.ForEachRow(rows, []any{&w, &l}, func() error {
		out[w] = l
		return nil
	})
	return out, err
}

// Learn adds the words of a text in a language to the index's vocabulary, the lexicon.
func (s *Stemmer) Learn(ctx context.Context, language, text string) error {
	_, err := s.Pool.Exec(ctx, lexiconSQL, text, language)
	return err
}

// lexiconSQL adds the words of 4 to 60 letters of a text ($1) in a language ($2) to the lexicon,
// the vocabulary typo correction draws from; the German words of 8 letters or more carry their
// lexeme, the compounds that a query word is looked for in, the others an empty one. A word
// first seen in another language gets its German lexeme once a German text has it. Words are
// taken and locked in one order, so that concurrent indexing takes the lexicon's keys in one
// order.
const lexiconSQL = `WITH w AS (SELECT w, CASE WHEN $2 = 'de' AND length(w) >= 8
			THEN coalesce((ts_lexize('pg_catalog.german_stem', w))[1], '') ELSE '' END AS l
		FROM unnest(tsvector_to_array(to_tsvector('control.vd_simple', $1))) w WHERE length(w) BETWEEN 4 AND 60),
	u AS (UPDATE control.search_lexicon x SET lexeme = y.l FROM (SELECT k.word, w.l FROM w JOIN control.search_lexicon k ON k.word = w.w
			WHERE w.l <> '' AND k.lexeme = '' ORDER BY k.word FOR UPDATE OF k) y WHERE x.word = y.word)
	INSERT INTO control.search_lexicon (word, lexeme) SELECT w, l FROM w ORDER BY w ON CONFLICT DO NOTHING`
