package main

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/search"
)

type synonymsView struct {
	Synonyms map[string][][]string `json:"synonyms"`
}

type gapsView struct {
	Gaps []struct {
		Query   string `json:"query"`
		Count   int    `json:"count"`
		LastDay string `json:"lastDay"`
	} `json:"gaps"`
}

func (e *testEnv) setSynonyms(space string, spaceID int64, session, language string, groups [][]string) synonymsView {
	e.t.Helper()
	res := e.api(space, session, "admin/mutation/setSearchSynonyms", map[string]any{"spaceId": spaceID, "language": language, "synonyms": groups})
	require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	var v synonymsView
	res.JSON(e.t, &v)
	return v
}

func (e *testEnv) gaps(space string, spaceID int64, session string) gapsView {
	e.t.Helper()
	res := e.api(space, session, "admin/query/searchGaps", map[string]any{"spaceId": spaceID})
	require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	var v gapsView
	res.JSON(e.t, &v)
	return v
}

// TestIntegrationSearchSynonyms proves that a space's synonyms apply to its searches at query
// time, in both directions and as phrases, that another space's do not, and that what the
// read answers is accepted by the write.
func TestIntegrationSearchSynonyms(t *testing.T) {
	e := newEnv(t)
	public := e.createCollection(e.alphaAdmin, "Notfall", "public")
	trauma := e.publishForSearch(e.alpha.ID, public.ID, map[string]searchVersion{
		"de": {title: "Erstversorgung", sections: html("Beim Schädel-Hirn-Trauma die Pupillen kontrollieren.")},
	})
	heart := e.publishForSearch(e.alpha.ID, public.ID, map[string]searchVersion{
		"de": {title: "Herzinsuffizienz", sections: html("Diuretika und Betablocker.")},
	})
	abbreviated := e.publishForSearch(e.alpha.ID, public.ID, map[string]searchVersion{
		"de": {title: "Notfallpfad", sections: html("Bei Kopfverletzung sofort ein CT.")},
	})
	e.waitIndexed()

	empty := e.setSynonyms("alpha", e.alpha.ID, e.alphaAdmin, "de", [][]string{})
	assert.Equal(t, map[string][][]string{"de": {}, "en": {}, "fr": {}, "it": {}}, empty.Synonyms)
	assert.Empty(t, e.found("", "SHT"), "no synonyms yet")

	e.setSynonyms("beta", e.beta.ID, e.betaAdmin, "de", [][]string{{"SHT", "Schädel-Hirn-Trauma"}})
	assert.Empty(t, e.found("", "SHT"), "another space's synonyms do not apply")

	saved := e.setSynonyms("alpha", e.alpha.ID, e.alphaAdmin, "de", [][]string{{" SHT ", "Schädel-Hirn-Trauma"}, {"HI", "Herzinsuffizienz"}})
	assert.Equal(t, [][]string{{"SHT", "Schädel-Hirn-Trauma"}, {"HI", "Herzinsuffizienz"}}, saved.Synonyms["de"], "terms are trimmed")
	assert.Equal(t, []int64{trauma}, e.found("", "SHT"))
	e.setSynonyms("alpha", e.alpha.ID, e.alphaAdmin, "en", [][]string{{"Schädel Hirn Trauma", "Kopfverletzung"}})
	assert.ElementsMatch(t, []int64{trauma, abbreviated}, e.found("", "schädel Hirn Trauma"), "a term of several words typed without quotes")
	e.setSynonyms("alpha", e.alpha.ID, e.alphaAdmin, "en", [][]string{})
	assert.Equal(t, 4, e.count("SELECT count(*) FROM control.audit_log WHERE action = 'space.searchSynonymsChanged' AND space_id = $1", e.alpha.ID),
		"every change is audited")
	assert.Equal(t, 1, e.count("SELECT count(*) FROM control.audit_log WHERE action = 'space.searchSynonymsChanged' AND space_id = $1", e.beta.ID))
	assert.Equal(t, []int64{trauma}, e.found("", "sht pupillen"), "case-insensitive, with other words")
	assert.Equal(t, []int64{heart}, e.found("", "hi"))
	assert.Empty(t, e.found("", "Schädel Trauma Diuretika"), "the expansion does not loosen other words")

	t.Run("the read is accepted by the write", func(t *testing.T) {
		res := e.api("alpha", e.super, "admin/query/searchSynonyms", map[string]any{"spaceId": e.alpha.ID})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var read synonymsView
		res.JSON(t, &read)
		for _, l := range []string{"de", "en", "fr", "it"} {
			again := e.setSynonyms("alpha", e.alpha.ID, e.super, l, read.Synonyms[l])
			assert.Equal(t, read, again, l)
		}
	})
	t.Run("a space admin of another space is refused", func(t *testing.T) {
		res := e.api("alpha", e.betaAdmin, "admin/query/searchSynonyms", map[string]any{"spaceId": e.alpha.ID})
		assert.Contains(t, []int{http.StatusForbidden, http.StatusNotFound}, res.Status)
	})
	t.Run("replacing a language drops its groups", func(t *testing.T) {
		e.setSynonyms("alpha", e.alpha.ID, e.alphaAdmin, "de", [][]string{{"HI", "Herzinsuffizienz"}})
		assert.Empty(t, e.found("", "SHT"))
		assert.Equal(t, []int64{heart}, e.found("", "HI"))
	})
}

// TestIntegrationSearchGaps proves the zero-result report: counts per normalised query, the
// 30-day window, no other space's gaps, no identity stored, and the daily pruning.
func TestIntegrationSearchGaps(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	public := e.createCollection(e.alphaAdmin, "Notfall", "public")
	e.publishForSearch(e.alpha.ID, public.ID, map[string]searchVersion{"de": {title: "Sepsis", sections: html("Antibiotika früh geben.")}})
	e.waitIndexed()

	for _, q := range []string{"Rhabdomyolyse", "  rhabdomyolyse ", "RHABDOMYOLYSE", "Hitze  Schlag"} {
		e.search(e.alphaMember, map[string]any{"query": q})
	}
	e.search("", map[string]any{"query": "hitze schlag"})
	e.search("", map[string]any{"query": "Sepsis"})
	res := e.api("beta", "", "reader/query/search", map[string]any{"query": "Nur in Beta"})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))

	today := time.Now().UTC().Format(time.DateOnly)
	_, err := e.db.Control().Exec(ctx, `INSERT INTO control.search_gaps (space_id, query, day, count) VALUES
		($1, 'hitze schlag', current_date - 29, 5), ($1, 'veraltet', current_date - 30, 9)`, e.alpha.ID)
	require.NoError(t, err)

	got := e.gaps("alpha", e.alpha.ID, e.alphaAdmin)
	require.Len(t, got.Gaps, 2, "%+v", got.Gaps)
	assert.Equal(t, "hitze schlag", got.Gaps[0].Query)
	assert.Equal(t, 7, got.Gaps[0].Count, "five 29 days ago and two today")
	assert.Equal(t, today, got.Gaps[0].LastDay)
	assert.Equal(t, "rhabdomyolyse", got.Gaps[1].Query)
	assert.Equal(t, 3, got.Gaps[1].Count)
	assert.Equal(t, got, e.gaps("alpha", e.alpha.ID, e.super))

	beta := e.gaps("beta", e.beta.ID, e.betaAdmin)
	require.Len(t, beta.Gaps, 1)
	assert.Equal(t, "nur in beta", beta.Gaps[0].Query)

	assert.Equal(t, 4, e.count(`SELECT count(*) FROM information_schema.columns WHERE table_schema = 'control' AND table_name = 'search_gaps'
		AND column_name IN ('space_id', 'query', 'day', 'count')`))
	assert.Equal(t, 4, e.count(`SELECT count(*) FROM information_schema.columns WHERE table_schema = 'control' AND table_name = 'search_gaps'`),
		"no column for a user or a session")

	pruned, err := (&search.Vocabulary{Pool: e.db.Control(), Now: time.Now}).PruneGaps(ctx)
	require.NoError(t, err)
	assert.Equal(t, int64(1), pruned)
	assert.Equal(t, 0, e.count(fmt.Sprintf(`SELECT count(*) FROM control.search_gaps WHERE space_id = %d AND query = 'veraltet'`, e.alpha.ID)))
}
