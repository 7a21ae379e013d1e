package search

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/jackc/pgx/v5"
)

// Typo correction: a query word that the index's vocabulary (the words of every language
// of the lexicon, search_lexicon) neither holds nor contains is replaced by the most similar
// word of the lexicon within a small edit distance. Candidates come from the lexicon's trigram
// index; the edit distance decides, and among words as close the more similar one. The
// language of a query is not known, so a word is corrected to the closest word of any language.
const (
	// minCorrected is the shortest word that is corrected, in characters.
	minCorrected = 4
	// maxShort is the longest word that is short: one edit only.
	maxShort = 5
	// correctionCandidates bounds the candidates compared per word.
	correctionCandidates = 16
	// FewHits is the number of guidelines up to which a search also tries the corrected query.
	FewHits = 2
)

// similarity is the trigram similarity a candidate needs, by the length of the word: an edit
// changes up to three trigrams, most of a short word's ("gaut" and "gout" share 2 of 8,
// "ashtma" and "asthma" 3 of 11, "hypoglicemia" and "hypoglycaemia" 9 of 18).
var similarity = []similarityClass{{maxShort, 0.2}, {8, 0.25}, {math.MaxInt, 0.4}}

// similarityClass is the trigram similarity (min) candidates for words of up to upTo
// characters need.
type similarityClass struct {
	upTo int
	min  float64
}

// maxEdits is how many single-character edits (an adjacent transposition counting as one) a
// correction of a word may make: 1 up to 5 characters, 2 beyond.
func maxEdits(word string) int {
	if len([]rune(word)) <= maxShort {
		return 1
	}
	return 2
}

// Correct answers the query with its unknown words replaced by the closest words of the index's
// vocabulary, or "" when no word was replaced. Quoted phrases are kept as typed; a corrected
// word keeps the capital of the typed one.
func (v *Vocabulary) Correct(ctx context.Context, text string) (string, error) {
	items := Parse(text)
	// the words to correct, by their similarity class
	candidates := make([][]string, len(similarity))
	words := 0
	for _, it := range items {
		n := len([]rune(it.Text))
		if !it.Phrase && n >= minCorrected && strings.IndexFunc(it.Text, unicode.IsDigit) < 0 {
			class := slices.IndexFunc(similarity, func(c similarityClass) bool { return n <= c.upTo })
			candidates[class] = append(candidates[class], it.Text)
			words++
		}
	}
	if words == 0 {
		return "", nil
	}
	type candidate struct {
		Word  string
		Norm  string
		Words []string
	}
	var found []candidate
	err := pgx.BeginFunc(ctx, v.Pool, func(tx pgx.Tx) error {
		for i, typed := range candidates {
			if len(typed) == 0 {
				continue
			}
			if _, err := tx.Exec(ctx, fmt.Sprintf("SET LOCAL pg_trgm.similarity_threshold = %g", similarity[i].min)); err != nil {
				return err
			}
			rows, err := tx.Query(ctx, `SELECT w.word, w.norm, ARRAY(SELECT l.word FROM control.search_lexicon l WHERE l.word OPERATOR(public.%) w.norm
					ORDER BY public.similarity(l.word, w.norm) DESC, l.word LIMIT $2)
				FROM (SELECT x AS word, lower(public.unaccent('public.unaccent'::regdictionary, x)) AS norm FROM unnest($1::text[]) x) w
				WHERE NOT EXISTS (SELECT 1 FROM control.search_lexicon k
					WHERE k.word LIKE '%' || replace(replace(replace(w.norm, '\', '\\'), '%', '\%'), '_', '\_') || '%')`,
				typed, correctionCandidates)
			if err != nil {
				return err
			}
			more, err := pgx.CollectRows(rows, pgx.RowToStructByPos[candidate])
			if err != nil {
				return err
			}
			found = append(found, more...)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	replace := map[string]string{}
	for _, c := range found {
		best, distance := "", maxEdits(c.Norm)+1
		for _, w := range c.Words {
			if d := editDistance(c.Norm, w); d < distance {
				best, distance = w, d
			}
		}
		if best != "" {
			if r := []rune(c.Word); unicode.IsUpper(r[0]) {
				b := []rune(best)
				best = string(unicode.ToUpper(b[0])) + string(b[1:])
			}
			replace[c.Word] = best
		}
	}
	if len(replace) == 0 {
		return "", nil
	}
	out := make([]string, len(items))
	for i, it := range items {
		switch {
		case it.Phrase:
			out[i] = `"` + it.Text + `"`
		case replace[it.Text] != "":
			out[i] = replace[it.Text]
		default:
			out[i] = it.Text
		}
	}
	return strings.Join(out, " "), nil
}

// editDistance is the optimal string alignment distance of two words, in characters: the
// Levenshtein distance with the transposition of two adjacent characters as one edit.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	// three rows: two rows back, the previous one and the current one
	back, prev, cur := make([]int, len(y)+1), make([]int, len(y)+1), make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], back[j-2]+1)
			}
		}
		back, prev, cur = prev, cur, back
	}
	return prev[len(y)]
}
