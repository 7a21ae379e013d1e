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

// TestIntegrationCopyGuidelinesToAnotherSpace proves that a copy the super admin starts from
// one space is worked in the background into another space's collection, with its progress.
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

	// the choices and checks of a copy are proven in services/maintenance; here the job runs
	res = e.api("alpha", e.super, "admin/maintenance/mutation/copyGuidelines", map[string]any{"guidelineIds": []int64{g1, g2},
		"space": e.beta.ID, "collection": target.ID, "validator": nil, "author": e.ids["admin@beta.ch"]})
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
