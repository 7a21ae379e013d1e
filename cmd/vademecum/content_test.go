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
	ID        int64   `json:"id"`
	Language  string  `json:"language"`
	Teaser    string  `json:"teaser"`
	Content   string  `json:"content"`
	StartDate *string `json:"startDate"`
	EndDate   *string `json:"endDate"`
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

// TestIntegrationAnnouncements proves that space admins manage their space's announcements,
// that readers see the current ones in their language or in German, and that bad input and
// other spaces' ids are refused without writing anything.
func TestIntegrationAnnouncements(t *testing.T) {
	e := newEnv(t)
	save := func(session string, spaceID int64, a map[string]any) result {
		return e.api("alpha", session, "admin/spaceadmin/mutation/saveAnnouncement", map[string]any{"spaceId": spaceID, "announcement": a})
	}
	texts := []map[string]any{
		{"language": "de", "teaser": "Neue Richtlinien", "content": `<p>Fünf neue <b>Richtlinien</b><script>alert(1)</script></p><img src=x onerror="alert(2)">`},
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
			{"empty teaser", map[string]any{"spaceId": e.alpha.ID, "announcement": map[string]any{"texts": []map[string]any{{"language": "de", "teaser": "  "}}}}, 400, "validation.required"},
			{"teaser too long", map[string]any{"spaceId": e.alpha.ID, "announcement": map[string]any{"texts": []map[string]any{{"language": "de", "teaser": strings.Repeat("t", 301)}}}}, 400, "validation.tooLong"},
			{"content too long", map[string]any{"spaceId": e.alpha.ID, "announcement": map[string]any{"texts": []map[string]any{{"language": "de", "teaser": "t", "content": strings.Repeat("c", 20001)}}}}, 400, "validation.tooLong"},
			{"unknown language", map[string]any{"spaceId": e.alpha.ID, "announcement": map[string]any{"texts": []map[string]any{{"language": "xx", "teaser": "t"}}}}, 400, "validation.language"},
			{"language twice", map[string]any{"spaceId": e.alpha.ID, "announcement": map[string]any{"texts": []map[string]any{texts[0], texts[0]}}}, 400, "announcement.duplicateLanguage"},
			{"not a date", map[string]any{"spaceId": e.alpha.ID, "announcement": map[string]any{"startDate": "31.12.2026", "texts": texts}}, 400, "validation.date"},
			{"end before start", map[string]any{"spaceId": e.alpha.ID, "announcement": map[string]any{"startDate": day(2), "endDate": day(1), "texts": texts}}, 400, "announcement.endBeforeStart"},
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
		assert.Equal(t, 2, e.count("SELECT count(*) FROM control.announcement_texts"))
		assert.Equal(t, http.StatusBadRequest, e.api("alpha", "", "reader/query/announcements", map[string]any{"lang": "xx"}).Status)
	})

	t.Run("readers see today's announcements in their language or in German", func(t *testing.T) {
		require.Equal(t, http.StatusOK, save(e.alphaAdmin, e.alpha.ID, map[string]any{"startDate": day(1), "texts": texts[:1]}).Status, "from tomorrow")
		require.Equal(t, http.StatusOK, save(e.alphaAdmin, e.alpha.ID, map[string]any{"endDate": day(-1), "texts": texts[:1]}).Status, "until yesterday")
		require.Equal(t, http.StatusOK, save(e.alphaAdmin, e.alpha.ID, map[string]any{"startDate": day(0), "endDate": day(0),
			"texts": []map[string]any{{"language": "de", "teaser": "Nur heute"}}}).Status)
		for _, who := range []string{"", e.outsider, e.alphaMember} {
			fr := e.announcements("alpha", who, "fr")
			require.Len(t, fr, 2)
			assert.Equal(t, "Nur heute", fr[0].Teaser, "newest first; no French text: German")
			assert.Equal(t, "de", fr[0].Language)
			assert.Equal(t, "Nouvelles directives", fr[1].Teaser)
			assert.Equal(t, "fr", fr[1].Language)
		}
		it := e.announcements("alpha", "", "it")
		assert.Equal(t, "Neue Richtlinien", it[1].Teaser, "no Italian text: German")
		assert.Equal(t, "<p>Fünf neue <b>Richtlinien</b></p><img src=\"x\">", it[1].Content, "content is sanitised")
		assert.Equal(t, "Neue Richtlinien", e.announcements("alpha", "", "")[1].Teaser, "German by default")
		res := e.api("alpha", "", "common/query/announcements", map[string]any{"lang": "fr"})
		require.Equal(t, http.StatusOK, res.Status)
		assert.Contains(t, string(res.Body), "Nouvelles directives")
		assert.Empty(t, e.announcements("beta", "", "de"), "announcements stay in their space")
	})

	t.Run("admins list, change and delete them", func(t *testing.T) {
		res := e.api("alpha", e.alphaAdmin, "admin/spaceadmin/query/announcements", map[string]any{"spaceId": e.alpha.ID})
		require.Equal(t, http.StatusOK, res.Status)
		var all []struct {
			ID    int64 `json:"id"`
			Texts []struct {
				Language string `json:"language"`
			} `json:"texts"`
		}
		res.JSON(t, &all)
		assert.Len(t, all, 4, "past and future ones too")
		assert.Equal(t, http.StatusNotFound, e.api("alpha", e.alphaAdmin, "admin/spaceadmin/query/announcements", map[string]any{"spaceId": e.beta.ID}).Status)

		res = save(e.alphaAdmin, e.alpha.ID, map[string]any{"id": current.ID, "texts": []map[string]any{{"language": "de", "teaser": "Geändert"}}})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Equal(t, "Geändert", e.announcements("alpha", "", "fr")[1].Teaser, "the French text went with the change")

		// the admin of beta cannot reach alpha's announcement, through either space
		assert.Equal(t, http.StatusNotFound, e.api("beta", e.betaAdmin, "admin/spaceadmin/mutation/deleteAnnouncement", map[string]any{"spaceId": e.beta.ID, "id": current.ID}).Status)
		assert.Equal(t, http.StatusNotFound, e.api("beta", e.betaAdmin, "admin/spaceadmin/mutation/saveAnnouncement",
			map[string]any{"spaceId": e.beta.ID, "announcement": map[string]any{"id": current.ID, "texts": texts}}).Status)
		assert.Equal(t, http.StatusForbidden, e.api("alpha", e.betaAdmin, "admin/spaceadmin/mutation/deleteAnnouncement", map[string]any{"spaceId": e.alpha.ID, "id": current.ID}).Status)
		assert.Equal(t, http.StatusForbidden, e.api("alpha", e.alphaMember, "admin/spaceadmin/mutation/deleteAnnouncement", map[string]any{"spaceId": e.alpha.ID, "id": current.ID}).Status)
		assert.Len(t, e.announcements("alpha", "", "de"), 2)

		assert.Equal(t, http.StatusOK, e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/deleteAnnouncement", map[string]any{"spaceId": e.alpha.ID, "id": current.ID}).Status)
		assert.Len(t, e.announcements("alpha", "", "de"), 1)
		assert.Equal(t, http.StatusNotFound, e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/deleteAnnouncement", map[string]any{"spaceId": e.alpha.ID, "id": current.ID}).Status)
		assert.Equal(t, 0, e.count("SELECT count(*) FROM control.announcement_texts WHERE announcement_id = $1", current.ID))
	})
}

type docView struct {
	Token    string `json:"token"`
	Language string `json:"language"`
	Title    string `json:"title"`
	Details  []struct {
		Title   string `json:"title"`
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

// TestIntegrationDocs proves that the public documents exist in four languages for anyone,
// fall back to German, and are changed only by the super admin with their HTML sanitised.
func TestIntegrationDocs(t *testing.T) {
	e := newEnv(t)
	for _, token := range []string{"regulatory", "newsletter", "help", "legal", "privacy", "disclaimer"} {
		titles := map[string]bool{}
		for _, lang := range []string{"de", "fr", "it", "en"} {
			d := e.doc("alpha", token, lang)
			assert.Equal(t, lang, d.Language, token)
			assert.NotEmpty(t, d.Details, token)
			titles[d.Details[0].Title] = true
		}
		assert.GreaterOrEqual(t, len(titles), 3, "%s is translated", token)
	}
	assert.Equal(t, "Impressum", e.doc("www", "legal", "de").Title, "the landing site shows them too")
	assert.Equal(t, "Impressum", e.doc("alpha", "legal", "").Title, "German by default")

	for _, tc := range []struct {
		body    any
		status  int
		message string
	}{
		{map[string]any{"token": "secret", "lang": "de"}, 404, "doc.notFound"},
		{map[string]any{"token": "", "lang": "de"}, 404, "doc.notFound"},
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
		valid := map[string]any{"token": "legal", "lang": "it", "title": " Note legali ", "details": []map[string]any{
			{"title": "Contatto", "content": `<p>Ospedale <a href="javascript:alert(1)">X</a></p><script>alert(1)</script>`},
			{"title": "", "content": "  "},
		}}
		assert.Equal(t, http.StatusForbidden, save(e.alphaAdmin, valid).Status)
		assert.Equal(t, http.StatusUnauthorized, save("", valid).Status)
		for _, tc := range []struct {
			body    map[string]any
			message string
		}{
			{map[string]any{"token": "legal", "lang": "it", "title": "  "}, "validation.required"},
			{map[string]any{"token": "legal", "lang": "it", "title": strings.Repeat("t", 201)}, "validation.tooLong"},
			{map[string]any{"token": "legal", "lang": "xx", "title": "t"}, "validation.language"},
			{map[string]any{"token": "legal", "lang": "it", "title": "t", "details": make([]map[string]any, 51)}, "validation.tooLong"},
			{map[string]any{"token": "secret", "lang": "it", "title": "t"}, "doc.notFound"},
		} {
			res := save(e.super, tc.body)
			assert.Contains(t, []int{400, 404}, res.Status)
			assert.Equal(t, tc.message, res.Message())
		}
		assert.Equal(t, "Note legali", e.doc("alpha", "legal", "it").Title, "refused saves change nothing")

		res := save(e.super, valid)
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		d := e.doc("beta", "legal", "it")
		assert.Equal(t, "Note legali", d.Title)
		require.Len(t, d.Details, 1, "empty sections are dropped")
		assert.Equal(t, "<p>Ospedale X</p>", d.Details[0].Content, "HTML is sanitised")

		// a language without text falls back to German
		_, err := e.db.Control().Exec(context.Background(), "DELETE FROM control.docs WHERE slug = 'help' AND language = 'en'")
		require.NoError(t, err)
		d = e.doc("alpha", "help", "en")
		assert.Equal(t, "de", d.Language)
		assert.Equal(t, "Hilfe", d.Title)
	})
}

// TestIntegrationReleaseNotes proves that anyone reads the product's release notes, newest first.
func TestIntegrationReleaseNotes(t *testing.T) {
	e := newEnv(t)
	for _, who := range []string{"", e.outsider} {
		res := e.api("alpha", who, "common/query/releaseNotes", `{}`)
		require.Equal(t, http.StatusOK, res.Status)
		var notes []struct {
			TagName     string    `json:"tagName"`
			Description string    `json:"description"`
			Released    time.Time `json:"released"`
		}
		res.JSON(t, &notes)
		require.GreaterOrEqual(t, len(notes), 2)
		for i, n := range notes {
			assert.NotEmpty(t, n.TagName)
			assert.Contains(t, n.Description, "<li>")
			if i > 0 {
				assert.True(t, n.Released.Before(notes[i-1].Released), "newest first")
			}
		}
	}
}

type entryView struct {
	ID              string   `json:"id"`
	GuidelineID     int64    `json:"guidelineId"`
	Language        string   `json:"language"`
	Languages       []string `json:"languages"`
	Title           string   `json:"title"`
	Comment         string   `json:"comment"`
	CollectionID    int64    `json:"collectionId"`
	CollectionTitle string   `json:"collectionTitle"`
	SpaceID         int64    `json:"spaceId"`
	SpaceTitle      string   `json:"spaceTitle"`
	Shared          bool     `json:"shared"`
}

func ids(list []entryView) []int64 {
	out := []int64{}
	for _, e := range list {
		out = append(out, e.GuidelineID)
	}
	return out
}

// TestIntegrationRecentAndImportantChanges proves that the welcome page's recent guidelines
// and the event inbox list only published languages the caller may read, in the space and
// in collections shared to it by active shares, newest first and paged.
func TestIntegrationRecentAndImportantChanges(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	author := e.ids["collmember@alpha.ch"]
	public := e.createCollection(e.alphaAdmin, "Emergency", "public")
	protected := e.createCollection(e.alphaAdmin, "Intensive care", "protected")
	open := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de", "fr"}, Published: []string{"de", "fr"}})
	draft := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de"}})
	inside := e.buildGuideline(servicetest.Guideline{Collection: protected.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	private := e.buildGuideline(servicetest.Guideline{Collection: e.cardio.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	quiet := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"it"}, Published: []string{"it"}})
	alphaSpace, err := e.app.registry.ByID(ctx, e.alpha.ID)
	require.NoError(t, err)
	exec := func(q string, args ...any) {
		_, err := e.db.Control().Exec(ctx, strings.ReplaceAll(q, "S.", alphaSpace.Schema+"."), args...)
		require.NoError(t, err)
	}
	// publication dates in a known order: quiet newest, then open's French, inside, private, open's German
	for i, gl := range []struct {
		id   int64
		lang string
	}{{quiet, "it"}, {open, "fr"}, {inside, "de"}, {private, "de"}, {open, "de"}} {
		exec("UPDATE S.guideline_languages SET valid_since = now() - make_interval(hours => $3) WHERE guideline_id = $1 AND language = $2", gl.id, gl.lang, i+1)
	}
	exec("UPDATE S.guideline_languages SET change_important = true, change_comment = 'Dosis angepasst' WHERE guideline_id = ANY($1)", []int64{open, inside, private, draft})

	recent := func(space, session string, body any) []entryView {
		t.Helper()
		res := e.api(space, session, "common/query/recentGuidelines", body)
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var list []entryView
		res.JSON(t, &list)
		return list
	}
	changes := func(space, session string, body any) ([]entryView, int) {
		t.Helper()
		res := e.api(space, session, "reader/query/importantChanges", body)
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var page struct {
			Total int         `json:"total"`
			Items []entryView `json:"items"`
		}
		res.JSON(t, &page)
		return page.Items, page.Total
	}

	t.Run("visibility by role", func(t *testing.T) {
		for role, want := range map[string][]int64{
			"anonymous":        {quiet, open},
			"outsider":         {quiet, open},
			"member":           {quiet, open, inside},
			"collectionMember": {quiet, open, inside, private},
			"spaceAdmin":       {quiet, open, inside, private},
		} {
			list := recent("alpha", e.session(role), `{}`)
			assert.Equal(t, want, ids(list), "recent guidelines for %s", role)
			var important []int64
			for _, id := range want {
				if id != quiet {
					important = append(important, id)
				}
			}
			items, total := changes("alpha", e.session(role), `{}`)
			got := ids(items)
			assert.ElementsMatch(t, important, uniq(got), "important changes for %s", role)
			assert.Equal(t, len(items), total)
		}
		list := recent("alpha", "", `{}`)
		assert.Equal(t, "de", list[1].Language, "German by default")
		assert.Equal(t, []string{"de", "fr"}, list[1].Languages)
		assert.Equal(t, "Guideline de", list[1].Title)
		list = recent("alpha", "", map[string]any{"lang": "fr"})
		assert.Equal(t, "Guideline fr", list[1].Title, "the preferred language")
		assert.Equal(t, "it", recent("alpha", "", map[string]any{"lang": "fr"})[0].Language, "neither preferred nor German: the one published")
		assert.Equal(t, "Emergency", list[1].CollectionTitle)
		assert.Equal(t, e.alpha.ID, list[1].SpaceID)
		assert.False(t, list[1].Shared)

		items, _ := changes("alpha", "", `{}`)
		require.Len(t, items, 2, "both published languages of open; never the draft")
		assert.Equal(t, fmt.Sprintf("%d-%d-fr", e.alpha.ID, open), items[0].ID)
		assert.Equal(t, "Dosis angepasst", items[0].Comment)
	})

	t.Run("limits, filters and paging", func(t *testing.T) {
		assert.Equal(t, []int64{quiet}, ids(recent("alpha", e.alphaAdmin, map[string]any{"limit": 1})))
		assert.Equal(t, []int64{inside}, ids(recent("alpha", e.alphaAdmin, map[string]any{"collectionId": protected.ID})))
		assert.Equal(t, []int64{private}, ids(recent("alpha", e.alphaAdmin, map[string]any{"collectionId": fmt.Sprintf("%d:%d", e.alpha.ID, e.cardio.ID)})))
		assert.Equal(t, []int64{inside}, ids(recent("alpha", e.alphaAdmin, map[string]any{"collectionId": fmt.Sprint(protected.ID)})))
		for _, tc := range []struct {
			body    any
			status  int
			message string
		}{
			{map[string]any{"limit": 0}, 400, "request.invalidLimit"},
			{map[string]any{"limit": 51}, 400, "request.invalidLimit"},
			{map[string]any{"limit": "ten"}, 400, ""},
			{map[string]any{"lang": "xx"}, 400, "validation.language"},
			{map[string]any{"collectionId": "abc"}, 400, ""},
			{map[string]any{"collectionId": "1:"}, 400, ""},
			{map[string]any{"collectionId": 999999}, 404, "collection.notFound"},
			{map[string]any{"collectionId": fmt.Sprintf("%d:%d", e.beta.ID, public.ID)}, 404, "collection.notFound"},
		} {
			res := e.api("alpha", e.alphaAdmin, "common/query/recentGuidelines", tc.body)
			assert.Equal(t, tc.status, res.Status, "%v: %s", tc.body, res.Body)
			if tc.message != "" {
				assert.Equal(t, tc.message, res.Message())
			}
		}
		res := e.api("alpha", e.alphaMember, "common/query/recentGuidelines", map[string]any{"collectionId": e.cardio.ID})
		assert.Equal(t, http.StatusNotFound, res.Status, "a collection the caller may not read is not there")

		all, total := changes("alpha", e.alphaAdmin, `{}`)
		require.Equal(t, 4, total)
		page, total := changes("alpha", e.alphaAdmin, map[string]any{"from": 1, "size": 2})
		assert.Equal(t, 4, total)
		assert.Equal(t, []string{all[1].ID, all[2].ID}, []string{page[0].ID, page[1].ID})
		page, _ = changes("alpha", e.alphaAdmin, map[string]any{"from": 10, "size": 2})
		assert.Empty(t, page)
		for _, body := range []string{`{"size":51}`, `{"size":0}`, `{"from":-1}`, `{"from":10001}`, `{"from":"x"}`} {
			assert.Equal(t, http.StatusBadRequest, e.api("alpha", "", "reader/query/importantChanges", body).Status, body)
		}
	})

	t.Run("shared collections", func(t *testing.T) {
		exec("INSERT INTO control.shared_collections (from_space_id, collection_id, to_space_id, active) VALUES ($1, $2, $3, true)", e.alpha.ID, protected.ID, e.beta.ID)
		list := recent("beta", e.betaAdmin, `{}`)
		require.Contains(t, ids(list), inside, "a protected collection shared to beta: its users read it")
		for _, g := range list {
			if g.GuidelineID == inside {
				assert.True(t, g.Shared)
				assert.Equal(t, e.alpha.ID, g.SpaceID)
				assert.Equal(t, "Alpha Hospital", g.SpaceTitle)
			}
		}
		items, _ := changes("beta", e.betaAdmin, `{}`)
		assert.Contains(t, ids(items), inside)
		assert.NotContains(t, ids(items), private, "not shared")
		assert.Equal(t, []int64{inside}, ids(recent("beta", e.betaAdmin, map[string]any{"collectionId": fmt.Sprintf("%d:%d", e.alpha.ID, protected.ID)})))
		assert.NotContains(t, ids(recent("beta", e.outsider, `{}`)), inside, "not a user of beta")

		exec("UPDATE control.shared_collections SET active = false")
		assert.NotContains(t, ids(recent("beta", e.betaAdmin, `{}`)), inside, "a deactivated share disappears at once")
		items, _ = changes("beta", e.betaAdmin, `{}`)
		assert.NotContains(t, ids(items), inside)
	})
}

func uniq(list []int64) []int64 {
	seen := map[int64]bool{}
	out := []int64{}
	for _, id := range list {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
