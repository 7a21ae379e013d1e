package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type templateView struct {
	ID            int64  `json:"id"`
	Title         string `json:"title"`
	Language      string `json:"language"`
	Content       string `json:"content"`
	CreatedByName string `json:"createdByName"`
	MayChange     bool   `json:"mayChange"`
}

func TestIntegrationTemplates(t *testing.T) {
	e := newEnv(t)
	save := func(session string, template map[string]any) (result, templateView) {
		res := e.api("alpha", session, "author/mutation/saveTemplate", map[string]any{"template": template})
		var v templateView
		if res.Status == http.StatusOK {
			res.JSON(t, &v)
		}
		return res, v
	}
	list := func(session, space, lang string) []templateView {
		res := e.api(space, session, "author/query/templates", map[string]any{"language": lang})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var out []templateView
		res.JSON(t, &out)
		return out
	}

	res, checklist := save(e.collMember, map[string]any{"title": " Checkliste Aufnahme ", "language": "de",
		"content": `<p onclick="steal()">Allergien erfragen</p><script>alert(1)</script><ul><li>Gewicht</li></ul>`})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Equal(t, "Checkliste Aufnahme", checklist.Title)
	assert.Equal(t, "<p>Allergien erfragen</p><ul><li>Gewicht</li></ul>", checklist.Content, "sanitised like a guideline")
	assert.True(t, checklist.MayChange)
	_, avis := save(e.alphaMember, map[string]any{"title": "avis de non-responsabilité", "language": "fr", "content": "<p>Texte</p>"})

	assert.Equal(t, []string{"avis de non-responsabilité", "Checkliste Aufnahme"}, titles(list(e.validator, "alpha", "")), "by title, any case")
	german := list(e.alphaMember, "alpha", "de")
	require.Len(t, german, 1)
	assert.False(t, german[0].MayChange, "another member's template")
	assert.True(t, list(e.alphaAdmin, "alpha", "de")[0].MayChange, "space admins tidy up")
	assert.Empty(t, list(e.betaAdmin, "beta", ""), "another space has its own")

	t.Run("bad input", func(t *testing.T) {
		for _, tc := range []struct {
			template map[string]any
			status   int
			message  string
		}{
			{map[string]any{"title": " ", "language": "de", "content": ""}, http.StatusBadRequest, "validation.required"},
			{map[string]any{"title": strings.Repeat("t", 301), "language": "de", "content": ""}, http.StatusBadRequest, "validation.tooLong"},
			{map[string]any{"title": "x", "language": "xx", "content": ""}, http.StatusBadRequest, "validation.language"},
			{map[string]any{"title": "x", "language": "de", "content": strings.Repeat("a", 256<<10+1)}, http.StatusBadRequest, "validation.tooLong"},
			{map[string]any{"id": 999999, "title": "x", "language": "de", "content": ""}, http.StatusNotFound, "template.notFound"},
		} {
			res, _ := save(e.collMember, tc.template)
			assert.Equal(t, tc.status, res.Status, "%v", tc.template["title"])
			assert.Equal(t, tc.message, res.Message())
		}
		assert.Equal(t, http.StatusBadRequest, e.api("alpha", e.collMember, "author/query/templates", `{"language":"xx"}`).Status)
		assert.Len(t, list(e.collMember, "alpha", ""), 2, "nothing written")
	})

	t.Run("who changes and deletes", func(t *testing.T) {
		res, _ := save(e.alphaMember, map[string]any{"id": checklist.ID, "title": "Meine jetzt", "language": "de", "content": ""})
		assert.Equal(t, http.StatusForbidden, res.Status)
		assert.Equal(t, http.StatusForbidden, e.api("alpha", e.alphaMember, "author/mutation/deleteTemplate", map[string]any{"id": checklist.ID}).Status)
		assert.Equal(t, http.StatusNotFound, e.api("beta", e.betaAdmin, "author/mutation/deleteTemplate", map[string]any{"id": checklist.ID}).Status,
			"ids of another space")
		res, renamed := save(e.collMember, map[string]any{"id": checklist.ID, "title": "Checkliste Eintritt", "language": "de", "content": "<p>Neu</p>"})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Equal(t, checklist.ID, renamed.ID)
		assert.Equal(t, "<p>Neu</p>", renamed.Content)
		// a template whose writer's account is gone stays with the space admins
		alpha, err := e.app.registry.ByID(t.Context(), e.alpha.ID)
		require.NoError(t, err)
		_, err = e.db.Control().Exec(t.Context(), "UPDATE "+alpha.Schema+".templates SET created_by = NULL WHERE id = $1", avis.ID)
		require.NoError(t, err)
		assert.Equal(t, http.StatusForbidden, e.api("alpha", e.alphaMember, "author/mutation/deleteTemplate", map[string]any{"id": avis.ID}).Status)
		res, _ = save(e.alphaAdmin, map[string]any{"id": avis.ID, "title": "Avis", "language": "fr", "content": "<p>Texte</p>"})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))

		assert.Equal(t, http.StatusOK, e.api("alpha", e.collMember, "author/mutation/deleteTemplate", map[string]any{"id": checklist.ID}).Status)
		assert.Equal(t, http.StatusOK, e.api("alpha", e.alphaAdmin, "author/mutation/deleteTemplate", map[string]any{"id": avis.ID}).Status)
		assert.Equal(t, http.StatusNotFound, e.api("alpha", e.alphaAdmin, "author/mutation/deleteTemplate", map[string]any{"id": avis.ID}).Status)
		assert.Empty(t, list(e.collMember, "alpha", ""))
	})
}

func titles(list []templateView) []string {
	out := make([]string, len(list))
	for i, t := range list {
		out[i] = t.Title
	}
	return out
}
