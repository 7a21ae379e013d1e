package main

import (
	"net/http"
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

// TestIntegrationTemplates proves the template calls through the whole server: the answers'
// statuses, and that each space, by its host, has its own templates (the rules themselves
// are tested in services/guidelines).
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
		"content": `<p onclick="steal()">Allergien erfragen</p><script>alert(1)</script>`})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Equal(t, "Checkliste Aufnahme", checklist.Title)
	assert.Equal(t, "<p>Allergien erfragen</p>", checklist.Content)
	assert.Equal(t, "F collmember@alpha.ch", checklist.CreatedByName)
	assert.True(t, checklist.MayChange)

	assert.Equal(t, []string{"Checkliste Aufnahme"}, titles(list(e.validator, "alpha", "")))
	assert.Empty(t, list(e.betaAdmin, "beta", ""), "another space has its own")

	t.Run("bad input", func(t *testing.T) {
		for _, tc := range []struct {
			template map[string]any
			status   int
			message  string
		}{
			{map[string]any{"title": " ", "language": "de", "content": ""}, http.StatusBadRequest, "validation.required"},
			{map[string]any{"id": 999999, "title": "x", "language": "de", "content": ""}, http.StatusNotFound, "template.notFound"},
			{map[string]any{"title": 5, "language": "de", "content": ""}, http.StatusBadRequest, "request.invalidField"},
		} {
			res, _ := save(e.collMember, tc.template)
			assert.Equal(t, tc.status, res.Status, "%v", tc.template["title"])
			assert.Equal(t, tc.message, res.Message())
		}
		assert.Equal(t, http.StatusBadRequest, e.api("alpha", e.collMember, "author/query/templates", `{"language":"xx"}`).Status)
	})

	t.Run("who changes and deletes", func(t *testing.T) {
		res, _ := save(e.alphaMember, map[string]any{"id": checklist.ID, "title": "Meine jetzt", "language": "de", "content": ""})
		assert.Equal(t, http.StatusForbidden, res.Status)
		assert.Equal(t, http.StatusForbidden, e.api("alpha", e.alphaMember, "author/mutation/deleteTemplate", map[string]any{"id": checklist.ID}).Status)
		assert.Equal(t, http.StatusNotFound, e.api("beta", e.betaAdmin, "author/mutation/deleteTemplate", map[string]any{"id": checklist.ID}).Status,
			"ids of another space")
		assert.Equal(t, http.StatusOK, e.api("alpha", e.alphaAdmin, "author/mutation/deleteTemplate", map[string]any{"id": checklist.ID}).Status)
		assert.Equal(t, http.StatusNotFound, e.api("alpha", e.alphaAdmin, "author/mutation/deleteTemplate", map[string]any{"id": checklist.ID}).Status)
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
