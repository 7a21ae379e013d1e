package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/servicetest"
)

type announcementView struct {
	ID       int64  `json:"id"`
	Language string `json:"language"`
	Teaser   string `json:"teaser"`
}

func (e *testEnv) announcements(space, session, lang string) []announcementView {
	e.t.Helper()
	res := e.api(space, session, "reader/query/announcements", map[string]any{"lang": lang})
	require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	var list []announcementView
	res.JSON(e.t, &list)
	return list
}

func day(offset int) string { return time.Now().UTC().AddDate(0, 0, offset).Format("2006-01-02") }

// TestIntegrationAnnouncements proves the announcement calls through the whole server: the
// request decoding and the statuses of refusals, the readers' routes of each space's host,
// and who may manage them through which host. The rules of input, dates, languages and the
// bound are proven in services/content.
func TestIntegrationAnnouncements(t *testing.T) {
	e := newEnv(t)
	save := func(session string, spaceID int64, a map[string]any) result {
		return e.api("alpha", session, "admin/spaceadmin/mutation/saveAnnouncement", map[string]any{"spaceId": spaceID, "announcement": a})
	}
	texts := []map[string]any{
		{"language": "de", "teaser": "Neue Richtlinien", "content": "<p>Fünf neue Richtlinien</p>"},
		{"language": "fr", "teaser": "Nouvelles directives", "content": "<p>Cinq nouvelles directives</p>"},
	}
	res := save(e.alphaAdmin, e.alpha.ID, map[string]any{"texts": texts})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	var current struct {
		ID int64 `json:"id"`
	}
	res.JSON(t, &current)

	t.Run("bad input", func(t *testing.T) {
		for _, tc := range []struct {
			name    string
			body    any
			status  int
			message string
		}{
			{"no German text", map[string]any{"spaceId": e.alpha.ID, "announcement": map[string]any{"texts": texts[1:]}}, 400, "announcement.germanRequired"},
			{"unknown announcement", map[string]any{"spaceId": e.alpha.ID, "announcement": map[string]any{"id": 999999, "texts": texts}}, 404, "announcement.notFound"},
			{"another space", map[string]any{"spaceId": e.beta.ID, "announcement": map[string]any{"texts": texts}}, 404, "not found"},
			{"wrong type", map[string]any{"spaceId": e.alpha.ID, "announcement": map[string]any{"texts": "de"}}, 400, ""},
			{"malformed JSON", `{"spaceId":`, 400, "request.malformedJSON"},
		} {
			res := e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/saveAnnouncement", tc.body)
			assert.Equal(t, tc.status, res.Status, "%s: %s", tc.name, res.Body)
			if tc.message != "" {
				assert.Equal(t, tc.message, res.Message(), tc.name)
			}
		}
		assert.Equal(t, 1, e.count("SELECT count(*) FROM control.announcements"), "refused saves write nothing")
		assert.Equal(t, http.StatusBadRequest, e.api("alpha", "", "reader/query/announcements", map[string]any{"lang": "xx"}).Status)
	})

	t.Run("readers see them on their space's host", func(t *testing.T) {
		for _, who := range []string{"", e.outsider, e.alphaMember} {
			fr := e.announcements("alpha", who, "fr")
			require.Len(t, fr, 1)
			assert.Equal(t, "Nouvelles directives", fr[0].Teaser)
		}
		res := e.api("alpha", "", "common/query/announcements", map[string]any{"lang": "fr"})
		require.Equal(t, http.StatusOK, res.Status)
		assert.Contains(t, string(res.Body), "Nouvelles directives")
		assert.Empty(t, e.announcements("beta", "", "de"), "announcements stay in their space")
	})

	t.Run("admins list, change and delete them", func(t *testing.T) {
		res := e.api("alpha", e.alphaAdmin, "admin/spaceadmin/query/announcements", map[string]any{"spaceId": e.alpha.ID})
		require.Equal(t, http.StatusOK, res.Status)
		var all []struct {
			ID int64 `json:"id"`
		}
		res.JSON(t, &all)
		assert.Len(t, all, 1)
		assert.Equal(t, http.StatusNotFound, e.api("alpha", e.alphaAdmin, "admin/spaceadmin/query/announcements", map[string]any{"spaceId": e.beta.ID}).Status)

		res = save(e.alphaAdmin, e.alpha.ID, map[string]any{"id": current.ID, "texts": []map[string]any{{"language": "de", "teaser": "Geändert"}}})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Equal(t, "Geändert", e.announcements("alpha", "", "fr")[0].Teaser)

		// the admin of beta cannot reach alpha's announcement, through either space
		assert.Equal(t, http.StatusNotFound, e.api("beta", e.betaAdmin, "admin/spaceadmin/mutation/deleteAnnouncement", map[string]any{"spaceId": e.beta.ID, "id": current.ID}).Status)
		assert.Equal(t, http.StatusNotFound, e.api("beta", e.betaAdmin, "admin/spaceadmin/mutation/saveAnnouncement",
			map[string]any{"spaceId": e.beta.ID, "announcement": map[string]any{"id": current.ID, "texts": texts}}).Status)
		assert.Equal(t, http.StatusForbidden, e.api("alpha", e.betaAdmin, "admin/spaceadmin/mutation/deleteAnnouncement", map[string]any{"spaceId": e.alpha.ID, "id": current.ID}).Status)
		assert.Equal(t, http.StatusForbidden, e.api("alpha", e.alphaMember, "admin/spaceadmin/mutation/deleteAnnouncement", map[string]any{"spaceId": e.alpha.ID, "id": current.ID}).Status)
		assert.Len(t, e.announcements("alpha", "", "de"), 1)

		assert.Equal(t, http.StatusOK, e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/deleteAnnouncement", map[string]any{"spaceId": e.alpha.ID, "id": current.ID}).Status)
		assert.Empty(t, e.announcements("alpha", "", "de"))
		assert.Equal(t, http.StatusNotFound, e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/deleteAnnouncement", map[string]any{"spaceId": e.alpha.ID, "id": current.ID}).Status)
	})
}

type docView struct {
	Language string `json:"language"`
	Title    string `json:"title"`
	Details  []struct {
		Content string `json:"content"`
	} `json:"details"`
}

func (e *testEnv) doc(space, token, lang string) docView {
	e.t.Helper()
	res := e.api(space, "", "reader/query/doc", map[string]any{"token": token, "lang": lang})
	require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	var d docView
	res.JSON(e.t, &d)
	return d
}

// TestIntegrationDocs proves the public documents' calls through the whole server: anyone
// reads them on any host, bad requests have their statuses, and only the super admin
// changes them. Their languages, fallback, limits and sanitising are proven in
// services/content.
func TestIntegrationDocs(t *testing.T) {
	e := newEnv(t)
	assert.Equal(t, "Impressum", e.doc("alpha", "legal", "de").Title)
	assert.Equal(t, "Impressum", e.doc("www", "legal", "de").Title, "the landing site shows them too")

	for _, tc := range []struct {
		body    any
		status  int
		message string
	}{
		{map[string]any{"token": "secret", "lang": "de"}, 404, "doc.notFound"},
		{map[string]any{"token": "legal", "lang": "xx"}, 400, "validation.language"},
		{map[string]any{"token": 1, "lang": "de"}, 400, ""},
		{`{"token":`, 400, "request.malformedJSON"},
	} {
		res := e.api("alpha", "", "reader/query/doc", tc.body)
		assert.Equal(t, tc.status, res.Status, "%v", tc.body)
		if tc.message != "" {
			assert.Equal(t, tc.message, res.Message(), "%v", tc.body)
		}
	}

	t.Run("the super admin edits them", func(t *testing.T) {
		save := func(session string, body map[string]any) result {
			return e.api("alpha", session, "admin/mutation/saveDoc", body)
		}
		valid := map[string]any{"token": "legal", "lang": "it", "title": "Note legali nuove", "details": []map[string]any{
			{"title": "Contatto", "content": `<p>Ospedale <a href="javascript:alert(1)">X</a></p><script>alert(1)</script>`},
		}}
		assert.Equal(t, http.StatusForbidden, save(e.alphaAdmin, valid).Status)
		assert.Equal(t, http.StatusUnauthorized, save("", valid).Status)
		res := save(e.super, map[string]any{"token": "legal", "lang": "it", "title": "  "})
		assert.Equal(t, http.StatusBadRequest, res.Status)
		assert.Equal(t, "validation.required", res.Message())
		assert.Equal(t, http.StatusNotFound, save(e.super, map[string]any{"token": "secret", "lang": "it", "title": "t"}).Status)
		assert.Equal(t, "Note legali", e.doc("alpha", "legal", "it").Title, "refused saves change nothing")

		res = save(e.super, valid)
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		d := e.doc("beta", "legal", "it")
		assert.Equal(t, "Note legali nuove", d.Title)
		require.Len(t, d.Details, 1)
		assert.Equal(t, "<p>Ospedale X</p>", d.Details[0].Content)
	})
}

// TestIntegrationReleaseNotes proves that anyone reads the product's release notes.
func TestIntegrationReleaseNotes(t *testing.T) {
	e := newEnv(t)
	for _, who := range []string{"", e.outsider} {
		res := e.api("alpha", who, "common/query/releaseNotes", `{}`)
		require.Equal(t, http.StatusOK, res.Status)
		var notes []struct {
			TagName string `json:"tagName"`
		}
		res.JSON(t, &notes)
		assert.NotEmpty(t, notes)
	}
}

type entryView struct {
	ID          string `json:"id"`
	GuidelineID int64  `json:"guidelineId"`
	SpaceID     int64  `json:"spaceId"`
	Shared      bool   `json:"shared"`
}

func ids(list []entryView) []int64 {
	out := []int64{}
	for _, e := range list {
		out = append(out, e.GuidelineID)
	}
	return out
}

// TestIntegrationRecentAndImportantChanges proves the welcome page's recent guidelines and
// the event inbox through the whole server: what a session may read, the statuses of bad
// requests, and collections shared to another space's host. Their order, languages, limits
// and paging are proven in services/content.
func TestIntegrationRecentAndImportantChanges(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	author := e.ids["collmember@alpha.ch"]
	public := e.createCollection(e.alphaAdmin, "Emergency", "public")
	protected := e.createCollection(e.alphaAdmin, "Intensive care", "protected")
	open := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	inside := e.buildGuideline(servicetest.Guideline{Collection: protected.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	private := e.buildGuideline(servicetest.Guideline{Collection: e.cardio.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	alphaSpace, err := e.app.registry.ByID(ctx, e.alpha.ID)
	require.NoError(t, err)
	exec := func(q string, args ...any) {
		_, err := e.db.Control().Exec(ctx, strings.ReplaceAll(q, "S.", alphaSpace.Schema+"."), args...)
		require.NoError(t, err)
	}
	// publication dates in a known order: private newest, then inside, then open
	for i, id := range []int64{private, inside, open} {
		exec("UPDATE S.guideline_languages SET valid_since = now() - make_interval(hours => $2) WHERE guideline_id = $1", id, i+1)
	}
	exec("UPDATE S.guideline_languages SET change_important = true, change_comment = 'Dosis angepasst'")

	recent := func(space, session string, body any) []entryView {
		t.Helper()
		res := e.api(space, session, "common/query/recentGuidelines", body)
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var list []entryView
		res.JSON(t, &list)
		return list
	}
	changes := func(space, session string, body any) []entryView {
		t.Helper()
		res := e.api(space, session, "reader/query/importantChanges", body)
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var page struct {
			Items []entryView `json:"items"`
		}
		res.JSON(t, &page)
		return page.Items
	}

	t.Run("what a session may read", func(t *testing.T) {
		for role, want := range map[string][]int64{
			"anonymous":        {open},
			"member":           {inside, open},
			"collectionMember": {private, inside, open},
		} {
			assert.Equal(t, want, ids(recent("alpha", e.session(role), `{}`)), "recent guidelines for %s", role)
			assert.Equal(t, want, ids(changes("alpha", e.session(role), `{}`)), "important changes for %s", role)
		}
	})

	t.Run("bad requests", func(t *testing.T) {
		for _, tc := range []struct {
			body    any
			status  int
			message string
		}{
			{map[string]any{"limit": 0}, 400, "request.invalidLimit"},
			{map[string]any{"limit": "ten"}, 400, ""},
			{map[string]any{"collectionId": "abc"}, 400, ""},
			{map[string]any{"collectionId": "1:"}, 400, ""},
			{map[string]any{"collectionId": 999999}, 404, "collection.notFound"},
		} {
			res := e.api("alpha", e.alphaAdmin, "common/query/recentGuidelines", tc.body)
			assert.Equal(t, tc.status, res.Status, "%v: %s", tc.body, res.Body)
			if tc.message != "" {
				assert.Equal(t, tc.message, res.Message())
			}
		}
		assert.Equal(t, []int64{inside}, ids(recent("alpha", e.alphaAdmin, map[string]any{"collectionId": fmt.Sprint(protected.ID)})))
		assert.Equal(t, []int64{private}, ids(recent("alpha", e.alphaAdmin, map[string]any{"collectionId": fmt.Sprintf("%d:%d", e.alpha.ID, e.cardio.ID)})))
		for _, body := range []string{`{"size":51}`, `{"from":-1}`, `{"from":"x"}`} {
			assert.Equal(t, http.StatusBadRequest, e.api("alpha", "", "reader/query/importantChanges", body).Status, body)
		}
	})

	t.Run("shared collections", func(t *testing.T) {
		exec("INSERT INTO control.shared_collections (from_space_id, collection_id, to_space_id, active) VALUES ($1, $2, $3, true)", e.alpha.ID, protected.ID, e.beta.ID)
		list := recent("beta", e.betaAdmin, `{}`)
		require.Equal(t, []int64{inside}, ids(list), "a protected collection shared to beta: its users read it")
		assert.True(t, list[0].Shared)
		assert.Equal(t, e.alpha.ID, list[0].SpaceID)
		assert.Equal(t, []int64{inside}, ids(changes("beta", e.betaAdmin, `{}`)))
		assert.Empty(t, recent("beta", e.outsider, `{}`), "not a user of beta")

		exec("UPDATE control.shared_collections SET active = false")
		assert.Empty(t, recent("beta", e.betaAdmin, `{}`), "a deactivated share disappears at once")
	})
}
