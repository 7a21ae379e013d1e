package main

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/servicetest"
)

func TestIntegrationCopyGuidelinesToAnotherSpace(t *testing.T) {
	e := newEnv(t)
	author := e.ids["collmember@alpha.ch"]
	g1 := e.buildGuideline(servicetest.Guideline{Collection: e.cardio.ID, Author: author, Languages: []string{"de", "fr"}, Published: []string{"de"}})
	g2 := e.buildGuideline(servicetest.Guideline{Collection: e.cardio.ID, Author: author, Languages: []string{"it"}})
	res := e.api("beta", e.betaAdmin, "admin/mutation/createCollection", map[string]any{"spaceId": e.beta.ID,
		"collection": map[string]any{"title": "Übernommen", "visibility": "protected", "admins": []int64{e.ids["admin@beta.ch"]}}})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	var target struct{ ID int64 }
	res.JSON(t, &target)

	type option struct {
		Label string `json:"label"`
		Value int64  `json:"value"`
	}
	var spaces []option
	e.api("alpha", e.super, "admin/maintenance/query/copyGuidelineSpaces", `{}`).JSON(t, &spaces)
	assert.Contains(t, spaces, option{"Beta Clinic", e.beta.ID})
	var collections []option
	e.api("alpha", e.super, "admin/maintenance/query/copyGuidelineCollections", fmt.Sprintf(`{"space":%d}`, e.beta.ID)).JSON(t, &collections)
	assert.Equal(t, []option{{"Übernommen", target.ID}}, collections)
	var data struct {
		Validators []option `json:"validators"`
		Authors    []option `json:"authors"`
	}
	e.api("alpha", e.super, "admin/maintenance/query/copyGuidelineData", fmt.Sprintf(`{"space":%d,"collection":%d}`, e.beta.ID, target.ID)).JSON(t, &data)
	assert.Empty(t, data.Validators)
	require.Len(t, data.Authors, 1)
	var checked struct {
		IDs    []int64        `json:"ids"`
		Params map[string]any `json:"params"`
	}
	e.api("alpha", e.super, "admin/maintenance/query/validatedGuidelines", fmt.Sprintf(`{"ids":[%d,%d,999999]}`, g1, g2)).JSON(t, &checked)
	assert.Equal(t, []int64{g1, g2}, checked.IDs)
	assert.Equal(t, []any{float64(999999)}, checked.Params["missing"])

	copyBody := func(author int64, ids ...int64) map[string]any {
		return map[string]any{"guidelineIds": ids, "space": e.beta.ID, "collection": target.ID, "validator": nil, "author": author}
	}
	res = e.api("alpha", e.super, "admin/maintenance/mutation/copyGuidelines", copyBody(author, g1))
	assert.Equal(t, http.StatusBadRequest, res.Status, "the author must write in the target collection")
	assert.Equal(t, "maintenance.invalidAuthor", res.Message())
	res = e.api("alpha", e.super, "admin/maintenance/mutation/copyGuidelines", copyBody(e.ids["admin@beta.ch"], g1, 999999))
	assert.Equal(t, http.StatusBadRequest, res.Status)
	assert.Equal(t, "maintenance.noGuidelines", res.Message())

	res = e.api("alpha", e.super, "admin/maintenance/mutation/copyGuidelines", copyBody(e.ids["admin@beta.ch"], g1, g2))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	var task struct {
		ID       int64 `json:"id"`
		Progress int   `json:"progress"`
		Failed   bool  `json:"failed"`
	}
	res.JSON(t, &task)
	require.Eventually(t, func() bool {
		var tasks []struct {
			ID       int64 `json:"id"`
			Progress int   `json:"progress"`
			Failed   bool  `json:"failed"`
		}
		e.api("www", e.super, "admin/maintenance/query/maintenanceTasks", `{}`).JSON(t, &tasks)
		return len(tasks) == 1 && tasks[0].ID == task.ID && (tasks[0].Progress == 100 || tasks[0].Failed)
	}, 15*time.Second, 50*time.Millisecond)

	var copied []struct {
		ID        int64 `json:"id"`
		Author    struct{ Username string }
		Languages []struct {
			Language string   `json:"language"`
			Title    string   `json:"title"`
			States   []string `json:"states"`
		} `json:"languages"`
	}
	e.api("beta", e.betaAdmin, "admin/query/collectionGuidelines", fmt.Sprintf(`{"collection":%d}`, target.ID)).JSON(t, &copied)
	require.Len(t, copied, 2)
	assert.Equal(t, "admin@beta.ch", copied[0].Author.Username)
	require.Len(t, copied[0].Languages, 2)
	assert.Equal(t, "Guideline de", copied[0].Languages[0].Title)
	assert.Equal(t, []string{"created", "neverPublished", "notVisible"}, copied[0].Languages[0].States, "copies start unpublished")
	assert.Equal(t, "it", copied[1].Languages[0].Language)
}
