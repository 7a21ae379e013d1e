package main

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

// TestIntegrationSearchSynonyms proves the synonyms through the whole server (their rules are
// proven in services/search): a space's admin sets them through its host and its searches use
// them at once, another host's space's do not apply, the super admin's read is accepted back by
// the write, and another space's admin is refused by the router.
func TestIntegrationSearchSynonyms(t *testing.T) {
	e := newEnv(t)
	public := e.createCollection(e.alphaAdmin, "Notfall", "public")
	trauma := e.publishForSearch(e.alpha.ID, public.ID, map[string]searchVersion{
		"de": {title: "Erstversorgung", sections: html("Beim Schädel-Hirn-Trauma die Pupillen kontrollieren.")},
	})
	e.waitIndexed()

	empty := e.setSynonyms("alpha", e.alpha.ID, e.alphaAdmin, "de", [][]string{})
	assert.Equal(t, map[string][][]string{"de": {}, "en": {}, "fr": {}, "it": {}}, empty.Synonyms)
	e.setSynonyms("beta", e.beta.ID, e.betaAdmin, "de", [][]string{{"SHT", "Schädel-Hirn-Trauma"}})
	assert.Empty(t, e.found("", "SHT"), "another space's synonyms do not apply")
	e.setSynonyms("alpha", e.alpha.ID, e.alphaAdmin, "de", [][]string{{"SHT", "Schädel-Hirn-Trauma"}})
	assert.Equal(t, []int64{trauma}, e.found("", "SHT"))

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
}

// TestIntegrationSearchGaps proves the zero-result report through the whole server (its rules
// are proven in services/search): searches through a host are counted in the host's space, for
// readers signed in or not, and read by the space's admin and the super admin.
func TestIntegrationSearchGaps(t *testing.T) {
	e := newEnv(t)
	public := e.createCollection(e.alphaAdmin, "Notfall", "public")
	e.publishForSearch(e.alpha.ID, public.ID, map[string]searchVersion{"de": {title: "Sepsis", sections: html("Antibiotika früh geben.")}})
	e.waitIndexed()

	e.search(e.alphaMember, map[string]any{"query": "Rhabdomyolyse"})
	e.search("", map[string]any{"query": "rhabdomyolyse"})
	e.search("", map[string]any{"query": "Sepsis"})
	res := e.api("beta", "", "reader/query/search", map[string]any{"query": "Nur in Beta"})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))

	today := time.Now().UTC().Format(time.DateOnly)
	got := e.gaps("alpha", e.alpha.ID, e.alphaAdmin)
	require.Len(t, got.Gaps, 1, "%+v", got.Gaps)
	assert.Equal(t, "rhabdomyolyse", got.Gaps[0].Query)
	assert.Equal(t, 2, got.Gaps[0].Count)
	assert.Equal(t, today, got.Gaps[0].LastDay)
	assert.Equal(t, got, e.gaps("alpha", e.alpha.ID, e.super))

	beta := e.gaps("beta", e.beta.ID, e.betaAdmin)
	require.Len(t, beta.Gaps, 1)
	assert.Equal(t, "nur in beta", beta.Gaps[0].Query)
}
