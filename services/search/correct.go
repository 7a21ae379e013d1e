package search

import (
	"context"
	"strings"
	"unicode"

	"github.com/jackc/pgx/v5"
)

// Typo correction: a query word that the index's vocabulary (the German words of the lexicon,
// search_lexicon) neither holds nor contains is replaced by the most similar word of the
// lexicon within a small edit distance. Candidates come from the lexicon's trigram index;
// the edit distance decides.
const (
	// minCorrected is the shortest word that is corrected, in characters.
	minCorrected = 5
	// correctionCandidates bounds the candidates compared per word.
	correctionCandidates = 8
	// FewHits is the number of guidelines up to which a search also tries the corrected query.
	FewHits = 2
)

// maxEdits is how many single-character edits a correction of a word may make: 1 up to 7
// characters, 2 beyond.
func maxEdits(word string) int {
	if len([]rune(word)) < 8 {
		return 1
	}
	return 2
}

// Correct answers the query with its unknown words replaced by the closest words of the index's
// vocabulary, or "" when no word was replaced. Quoted phrases are kept as typed; a corrected
// word keeps the capital of the typed one.
func (v *Vocabulary) Correct(ctx context.Context, text string) (string, error) {
	items := Parse(text)
	var candidates []string
	for _, it := range items {
		if !it.Phrase && len([]rune(it.Text)) >= minCorrected && strings.IndexFunc(it.Text, unicode.IsDigit) < 0 {
			candidates = append(candidates, it.Text)
		}
	}
	if len(candidates) == 0 {
		return "", nil
	}
	type candidate struct {
		Word  string
		Norm  string
		Words []string
	}
	var found []candidate
	err := pgx.BeginFunc(ctx, v.Pool, func(tx pgx.Tx) error {
		// the trigram similarity a candidate needs
		if _, err := tx.Exec(ctx, "SET LOCAL pg_trgm.similarity_threshold = 0.4"); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT w.word, w.norm, ARRAY(SELECT l.word FROM control.search_lexicon l WHERE l.word OPERATOR(public.%) w.norm
				ORDER BY public.similarity(l.word, w.norm) DESC, l.word LIMIT $2)
			FROM (SELECT x AS word, lower(public.unaccent('public.unaccent'::regdictionary, x)) AS norm FROM unnest($1::text[]) x) w
			WHERE NOT EXISTS (SELECT 1 FROM control.search_lexicon k
				WHERE k.word LIKE '%' || replace(replace(replace(w.norm, '\', '\\'), '%', '\%'), '_', '\_') || '%')`,
			candidates, correctionCandidates)
		if err != nil {
			return err
		}
		found, err = pgx.CollectRows(rows, pgx.RowToStructByPos[candidate])
		return err
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

// editDistance is the Levenshtein distance of two words, in characters.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	prev, cur := make([]int, len(y)+1), make([]int, len(y)+1)
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
		}
		prev, cur = cur, prev
	}
	return prev[len(y)]
}
