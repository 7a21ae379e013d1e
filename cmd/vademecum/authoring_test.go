package main

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/servicetest"
)

type versionView struct {
	ID       int64  `json:"id"`
	Version  int    `json:"version"`
	Language string `json:"language"`
	Title    string `json:"title"`
	Tags     []string
	Details  []struct {
		ID      int64  `json:"id"`
		Index   int    `json:"index"`
		Title   string `json:"title"`
		Content string `json:"content"`
		Extern  *struct {
			Guideline int64  `json:"guideline"`
			Language  string `json:"language"`
			Detail    int64  `json:"detail"`
		} `json:"extern"`
	} `json:"details"`
	AuthorID        int64  `json:"authorId"`
	MainValidatorID *int64 `json:"mainValidatorId"`
	Languages       []struct {
		Language string   `json:"language"`
		States   []string `json:"states"`
	} `json:"languages"`
}

func (e *testEnv) createGuideline(session string, collection int64, validator any) int64 {
	e.t.Helper()
	res := e.api("alpha", session, "author/mutation/createGuideline", map[string]any{"collection": collection, "validator": validator})
	require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	var id int64
	res.JSON(e.t, &id)
	return id
}

// TestIntegrationAuthoring proves the authoring calls through the whole server: the policy's
// and decoder's answers, hosts of another space, and who reads drafts (the rules themselves
// are tested in services/guidelines).
func TestIntegrationAuthoring(t *testing.T) {
	e := newEnv(t)
	c := e.cardio.ID
	validator := e.ids["validator@alpha.ch"]

	t.Run("createGuidelineData offers the collections one may write in", func(t *testing.T) {
		var list []struct {
			CollectionID int64 `json:"collectionId"`
		}
		e.api("alpha", e.collMember, "author/query/createGuidelineData", `{}`).JSON(t, &list)
		require.Len(t, list, 1)
		assert.Equal(t, c, list[0].CollectionID)
	})

	id := e.createGuideline(e.collMember, c, validator)

	t.Run("createGuideline refusals", func(t *testing.T) {
		for _, tc := range []struct {
			name, session, space, body string
			status                     int
			message                    string
		}{
			{"not a validator", e.collMember, "alpha", fmt.Sprintf(`{"collection":%d,"validator":%d}`, c, e.ids["member@alpha.ch"]), 400, "guideline.invalidValidator"},
			{"no role in the collection", e.alphaMember, "alpha", fmt.Sprintf(`{"collection":%d,"validator":null}`, c), 403, "forbidden"},
			{"collection of another space", e.betaAdmin, "beta", fmt.Sprintf(`{"collection":%d,"validator":null}`, c), 404, "not found"},
			{"malformed id", e.collMember, "alpha", `{"collection":"abc"}`, 400, "request.invalidField"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res := e.api(tc.space, tc.session, "author/mutation/createGuideline", tc.body)
				assert.Equal(t, tc.status, res.Status, string(res.Body))
				assert.Equal(t, tc.message, res.Message())
			})
		}
	})

	t.Run("a version is saved and read back", func(t *testing.T) {
		body := map[string]any{"glv": map[string]any{"guidelineId": id, "language": "de", "title": " Sepsis ",
			"details": []map[string]any{{"title": "Definition", "content": `<p onclick="x()">Sepsis</p>`, "rawContent": "{}"}}}}
		res := e.api("alpha", e.collMember, "author/mutation/addGuidelineVersion", body)
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Equal(t, "1", string(res.Body))
		var first versionView
		e.api("alpha", e.collMember, "author/query/latestGuideline", fmt.Sprintf(`{"id":%d,"language":"de"}`, id)).JSON(t, &first)
		assert.Equal(t, "Sepsis", first.Title)
		require.Len(t, first.Details, 1)
		assert.Equal(t, `<p>Sepsis</p>`, first.Details[0].Content)
		assert.Equal(t, http.StatusNotFound, e.api("alpha", e.collMember, "author/query/guideline", fmt.Sprintf(`{"id":%d,"version":9}`, id)).Status)
	})

	t.Run("bad versions are refused", func(t *testing.T) {
		for _, tc := range []struct {
			name    string
			session string
			body    any
			status  int
			message string
		}{
			{"no title", e.collMember, map[string]any{"glv": map[string]any{"guidelineId": id, "language": "de", "title": " "}}, 400, "validation.required"},
			{"wrong type", e.collMember, `{"glv":{"guidelineId":1,"language":"de","title":5}}`, 400, "request.invalidField"},
			{"unknown field", e.collMember, `{"glv":{"guidelineId":1,"language":"de","title":"t","script":1}}`, 400, "request.unknownField"},
			{"unknown guideline", e.collMember, map[string]any{"glv": map[string]any{"guidelineId": 999999, "language": "de", "title": "T"}}, 404, "guideline.notFound"},
			{"not an author", e.validator, map[string]any{"glv": map[string]any{"guidelineId": id, "language": "de", "title": "T"}}, 403, "forbidden"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res := e.api("alpha", tc.session, "author/mutation/addGuidelineVersion", tc.body)
				assert.Equal(t, tc.status, res.Status, string(res.Body))
				assert.Equal(t, tc.message, res.Message())
			})
		}
	})

	t.Run("who reads drafts", func(t *testing.T) {
		for _, tc := range []struct {
			session string
			status  int
		}{{e.collMember, 200}, {e.validator, 200}, {e.collAdmin, 200}, {e.alphaAdmin, 200}, {e.alphaMember, 403}, {e.outsider, 403}, {"", 401}} {
			res := e.api("alpha", tc.session, "author/query/latestGuideline", fmt.Sprintf(`{"id":%d,"language":"de"}`, id))
			assert.Equal(t, tc.status, res.Status, string(res.Body))
		}
		res := e.api("beta", e.betaAdmin, "author/query/latestGuideline", fmt.Sprintf(`{"id":%d,"language":"de"}`, id))
		assert.Equal(t, http.StatusNotFound, res.Status, "ids of another space are not found")
	})
}

func alphaSchema(e *testEnv) string {
	sp, err := e.app.registry.ByID(e.t.Context(), e.alpha.ID)
	require.NoError(e.t, err)
	return sp.Schema
}

func TestIntegrationGuidelineLifecycle(t *testing.T) {
	e := newEnv(t)
	c := e.cardio.ID
	author, member := e.ids["collmember@alpha.ch"], e.ids["member@alpha.ch"]
	id := e.buildGuideline(servicetest.Guideline{Collection: c, Author: author, Languages: []string{"de", "fr"}, Published: []string{"de"}})

	type row struct {
		ID        int64    `json:"id"`
		Language  string   `json:"language"`
		Role      string   `json:"role"`
		Online    bool     `json:"online"`
		States    []string `json:"states"`
		Languages []string `json:"languages"`
	}
	var rows []row
	e.api("alpha", e.collMember, "author/query/myGuidelines", `{}`).JSON(t, &rows)
	require.Len(t, rows, 2)
	assert.Equal(t, row{id, "de", "author", true, []string{"accepted", "online"}, []string{"de", "fr"}}, rows[0])
	assert.Equal(t, "fr", rows[1].Language)

	t.Run("co-authors", func(t *testing.T) {
		for _, tc := range []struct {
			name, session string
			ids           []int64
			status        int
			message       string
		}{
			{"not a member of the space", e.collMember, []int64{e.ids["outsider@test.ch"]}, 400, "guideline.notSpaceMember"},
			{"a validator may not", e.validator, []int64{member}, 403, "forbidden"},
		} {
			res := e.api("alpha", tc.session, "author/mutation/addGuidelineCoAuthors", map[string]any{"guideline": id, "id": tc.ids})
			assert.Equal(t, tc.status, res.Status, tc.name)
			assert.Equal(t, tc.message, res.Message(), tc.name)
		}
		res := e.api("alpha", e.collAdmin, "author/mutation/addGuidelineCoAuthors", map[string]any{"guideline": id, "id": []int64{member, member}})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Equal(t, fmt.Sprintf("[%d]", member), string(res.Body))
		res = e.api("alpha", e.collMember, "author/mutation/removeGuidelineCoAuthors", map[string]any{"guideline": id, "id": []int64{member}})
		require.Equal(t, http.StatusOK, res.Status)
		assert.Equal(t, "[]", string(res.Body))
	})

	t.Run("online, offline and archive", func(t *testing.T) {
		res := e.api("alpha", e.collMember, "author/mutation/setGuidelineLanguageOnlineStatus", map[string]any{"guidelineId": id, "language": "fr", "online": true})
		assert.Equal(t, http.StatusConflict, res.Status)
		assert.Equal(t, "guideline.notPublished", res.Message())
		res = e.api("alpha", e.collMember, "author/mutation/setGuidelineLanguageOnlineStatus", map[string]any{"guidelineId": id, "language": "de", "online": false})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Equal(t, []string{"accepted", "notVisible", "offline"}, e.states(e.collMember, id, "de"))
		var active []any
		e.api("alpha", e.collMember, "common/query/collectionsWithActiveGuidelines", `{}`).JSON(t, &active)
		assert.Empty(t, active, "an offline language is not read")

		res = e.api("alpha", e.collMember, "author/mutation/archiveGuidelineLanguage", map[string]any{"guidelineId": id, "language": "de"})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Equal(t, []string{"archived", "notVisible", "offline"}, e.states(e.collMember, id, "de"))
		res = e.api("alpha", e.collMember, "author/mutation/addGuidelineVersion", map[string]any{"glv": map[string]any{"guidelineId": id, "language": "de", "title": "x"}})
		assert.Equal(t, http.StatusConflict, res.Status)
		assert.Equal(t, "guideline.archived", res.Message())

		// restore: back to the authors, offline until one of them takes it online again
		restore := map[string]any{"guidelineId": id, "language": "de"}
		assert.Equal(t, http.StatusForbidden, e.api("alpha", e.validator, "author/mutation/restoreGuidelineLanguage", restore).Status)
		res = e.api("alpha", e.collMember, "author/mutation/restoreGuidelineLanguage", restore)
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Equal(t, []string{"accepted", "notVisible", "offline"}, e.states(e.collMember, id, "de"))
		res = e.api("alpha", e.collMember, "author/mutation/restoreGuidelineLanguage", restore)
		assert.Equal(t, http.StatusConflict, res.Status)
		assert.Equal(t, "guideline.notArchived", res.Message())
		res = e.api("alpha", e.collMember, "author/mutation/setGuidelineLanguageOnlineStatus", map[string]any{"guidelineId": id, "language": "de", "online": true})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Contains(t, e.states(e.collMember, id, "de"), "online")
	})

	t.Run("authorship passes to another member", func(t *testing.T) {
		res := e.api("alpha", e.validator, "author/mutation/setGuidelineAuthor", map[string]any{"guideline": id, "author": member})
		assert.Equal(t, http.StatusForbidden, res.Status)
		res = e.api("alpha", e.collAdmin, "author/mutation/setGuidelineAuthor", map[string]any{"guideline": id, "author": e.ids["outsider@test.ch"]})
		assert.Equal(t, http.StatusBadRequest, res.Status)
		res = e.api("alpha", e.collAdmin, "author/mutation/setGuidelineAuthor", map[string]any{"guideline": id, "author": member})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	})
}

func TestIntegrationOrganiseGuidelines(t *testing.T) {
	e := newEnv(t)
	c := e.cardio.ID
	author := e.ids["collmember@alpha.ch"]
	id := e.buildGuideline(servicetest.Guideline{Collection: c, Author: author, Languages: []string{"de", "fr"}, Published: []string{"de"}})

	t.Run("metadata", func(t *testing.T) {
		type meta struct {
			ID      int64 `json:"id"`
			Options []struct {
				ID int64 `json:"id"`
			} `json:"options"`
		}
		var evidence, audience meta
		e.api("www", e.super, "admin/mutation/saveMetadata", `{"metadata":{"names":{"de":"Evidenz","en":"Evidence"},"options":[{"names":{"de":"A"}},{"names":{"de":"B","fr":"B (fr)"}}]}}`).JSON(t, &evidence)
		e.api("www", e.super, "admin/mutation/saveMetadata", `{"metadata":{"names":{"de":"Zielgruppe"},"options":[{"names":{"de":"Pflege"}}]}}`).JSON(t, &audience)
		res := e.api("alpha", e.alphaAdmin, "admin/mutation/setSpaceMetadata", fmt.Sprintf(`{"spaceId":%d,"metadataIds":[%d]}`, e.alpha.ID, evidence.ID))
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))

		set := func(session string, choices ...[2]int64) result {
			list := []map[string]any{}
			for _, ch := range choices {
				list = append(list, map[string]any{"metadataId": ch[0], "optionId": ch[1]})
			}
			return e.api("alpha", session, "admin/mutation/setMetadata", map[string]any{"guidelineId": id, "metadata": list})
		}
		res = set(e.collMember, [2]int64{evidence.ID, evidence.Options[1].ID})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.JSONEq(t, fmt.Sprintf(`[{"metadataId":%d,"names":{"de":"Evidenz","en":"Evidence","fr":"","it":""},"optionId":%d,"optionNames":{"de":"B","en":"","fr":"B (fr)","it":""}}]`, evidence.ID, evidence.Options[1].ID), string(res.Body))
		for _, tc := range []struct {
			name    string
			res     result
			status  int
			message string
		}{
			{"option of another definition", set(e.collMember, [2]int64{evidence.ID, audience.Options[0].ID}), 400, "guideline.invalidMetadata"},
			{"neither author nor admin", set(e.validator, [2]int64{evidence.ID, evidence.Options[0].ID}), 403, "forbidden"},
		} {
			assert.Equal(t, tc.status, tc.res.Status, tc.name)
			assert.Equal(t, tc.message, tc.res.Message(), tc.name)
		}
		var got []struct {
			OptionNames struct{ De string } `json:"optionNames"`
		}
		e.api("alpha", e.collAdmin, "common/query/guidelineMetadata", fmt.Sprintf(`{"id":%d}`, id)).JSON(t, &got)
		require.Len(t, got, 1)
		assert.Equal(t, "B", got[0].OptionNames.De, "refused changes changed nothing")
	})

	t.Run("copy", func(t *testing.T) {
		res := e.api("alpha", e.collMember, "author/mutation/copyGuideline", map[string]any{"guideline": id, "collection": c, "validator": nil})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var copyID int64
		res.JSON(t, &copyID)
		assert.NotZero(t, copyID)
		res = e.api("alpha", e.alphaMember, "author/mutation/copyGuideline", map[string]any{"guideline": id, "collection": c, "validator": nil})
		assert.Equal(t, http.StatusForbidden, res.Status)
	})

	t.Run("move", func(t *testing.T) {
		neuro := e.createCollection(e.alphaAdmin, "Neurology", "protected", e.ids["admin@alpha.ch"])
		res := e.api("alpha", e.collAdmin, "admin/mutation/moveGuideline", map[string]any{"guideline": id, "collection": neuro.ID, "validator": nil})
		assert.Equal(t, http.StatusForbidden, res.Status, "the collection admin does not administer the target")
		res = e.api("alpha", e.alphaAdmin, "admin/mutation/moveGuideline", map[string]any{"guideline": id, "collection": neuro.ID, "validator": e.ids["validator@alpha.ch"]})
		assert.Equal(t, http.StatusBadRequest, res.Status)
		assert.Equal(t, "guideline.invalidValidator", res.Message())
		res = e.api("alpha", e.alphaAdmin, "admin/mutation/moveGuideline", map[string]any{"guideline": id, "collection": neuro.ID, "validator": nil})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var list []struct{ ID int64 }
		e.api("alpha", e.alphaAdmin, "admin/query/collectionGuidelines", fmt.Sprintf(`{"collection":%d}`, neuro.ID)).JSON(t, &list)
		require.Len(t, list, 1)
		assert.Equal(t, id, list[0].ID)
	})

	t.Run("references between sections", func(t *testing.T) {
		var src versionView
		e.api("alpha", e.collMember, "author/query/latestGuideline", fmt.Sprintf(`{"id":%d,"language":"de"}`, id)).JSON(t, &src)
		if len(src.Details) == 0 {
			e.addVersion(e.collMember, id, "de", "Text")
			e.api("alpha", e.collMember, "author/query/latestGuideline", fmt.Sprintf(`{"id":%d,"language":"de"}`, id)).JSON(t, &src)
		}
		other := e.createGuideline(e.collMember, c, nil)
		res := e.api("alpha", e.collMember, "author/mutation/addGuidelineVersion", map[string]any{"glv": map[string]any{"guidelineId": other,
			"language": "de", "title": "Verweis", "details": []map[string]any{{"title": "Siehe", "extern": map[string]any{"guideline": id, "language": "de", "detail": src.Details[0].ID}}}}})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var refs []struct {
			GuidelineID int64  `json:"guidelineId"`
			Language    string `json:"language"`
			Title       string `json:"title"`
		}
		e.api("alpha", e.alphaMember, "common/query/detailRefs", fmt.Sprintf(`{"detailId":%d}`, src.Details[0].ID)).JSON(t, &refs)
		require.Len(t, refs, 1)
		assert.Equal(t, other, refs[0].GuidelineID)
		assert.Equal(t, "Verweis", refs[0].Title)
	})
}

func TestIntegrationMyGuidelinesExport(t *testing.T) {
	e := newEnv(t)
	e.buildGuideline(servicetest.Guideline{Collection: e.cardio.ID, Author: e.ids["collmember@alpha.ch"], Languages: []string{"de", "fr"}, Published: []string{"de"}})
	res := e.do(http.MethodPost, "alpha."+testDomain, "/api/author/stream/myGuidelinesExport", e.collMember,
		map[string]string{"Space": "alpha", "Content-Type": "application/json"}, `{"language":"de"}`)
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", res.Header.Get("Content-Type"))
	assert.Contains(t, res.Header.Get("Content-Disposition"), `attachment; filename="Meine-Richtlinien-`)
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	require.NoError(t, err)
	var sheet string
	for _, f := range zr.File {
		if f.Name == "xl/worksheets/sheet1.xml" {
			rc, err := f.Open()
			require.NoError(t, err)
			b, _ := io.ReadAll(rc)
			sheet = string(b)
		}
	}
	for _, want := range []string{">Titel<", ">Guideline de<", ">validiert, online<", ">in Arbeit, nie veröffentlicht, nicht sichtbar<", ">Autor/in<", ">DE, FR<"} {
		assert.Contains(t, sheet, want)
	}
	res = e.do(http.MethodPost, "alpha."+testDomain, "/api/author/stream/myGuidelinesExport", e.collMember,
		map[string]string{"Space": "alpha", "Content-Type": "application/json"}, `{"language":"xx"}`)
	assert.Equal(t, http.StatusBadRequest, res.StatusCode)
}
