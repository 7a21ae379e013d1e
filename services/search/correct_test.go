package search

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testCorrection: typos are corrected from the vocabulary of every language the backend
// indexed, short words by one edit, longer ones by two, and nonsense is left alone; only
// German words are looked up as parts of compounds.
func testCorrection(t *testing.T, b Backend, pool *pgxpool.Pool, space int64) {
	ctx := context.Background()
	later := time.Now().AddDate(1, 0, 0)
	doc := func(lang, title, text string) Document {
		return Document{SpaceID: space, CollectionID: 10, GuidelineID: 40, Language: lang, Visibility: "public", PublishedVersion: 1,
			Title: title, ValidUntil: &later, Sections: []Section{{ID: 40, Title: "Abschnitt", Text: text}}}
	}
	require.NoError(t, b.Index(ctx, space, 40, []Document{
		doc("de", "Herzinsuffizienz", "Diuretika bei Sepsis vermeiden. Sondenernährung."),
		doc("fr", "Insuffisance cardiaque", "Diurétiques, sepsis, pneumothorax."),
		doc("it", "Polmonite", "Antibiotici e asma."),
		doc("en", "Acute asthma", "Sepsis and gout. Heartburn relief."),
	}))
	v := &Vocabulary{Pool: pool}
	for query, want := range map[string]string{
		// German, as before
		"Herzinsufizienz": "Herzinsuffizienz",
		// French, Italian and English words
		"insufisance cardiaque": "insuffisance cardiaque",
		"pneumotorax":           "pneumothorax",
		"polmonita":             "polmonite",
		"Polmonita":             "Polmonite",
		// short words: one edit, also a transposition
		"sepis":  "sepsis",
		"astma":  "asthma",
		"gaut":   "gout",
		"ashtma": "asthma",
		// left alone: known words, phrases, nonsense, two edits in a short word, numbers
		"sepsis":          "",
		`"sepis purpura"`: "",
		"xqzt":            "",
		"sapis":           "",
		"Xylophonbau":     "",
		"gaut2":           "",
	} {
		got, err := v.Correct(ctx, query)
		require.NoError(t, err)
		assert.Equal(t, want, got, query)
	}
	s := &Stemmer{Pool: pool}
	for word, compounds := range map[string]bool{"ernährung": true, "heart": false} {
		alternatives, err := s.Analyse(ctx, word, nil)
		require.NoError(t, err)
		require.Len(t, alternatives, 1)
		part := false
		for _, a := range alternatives[0] {
			part = part || a.Part
		}
		assert.Equal(t, compounds, part, "only German words are parts of compounds: %s", word)
	}
	require.NoError(t, b.DeleteSpace(ctx, space))
}
