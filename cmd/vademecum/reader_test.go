package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/servicetest"
)

// readerView is the part of reader/query/guideline the tests look at.
type readerView struct {
	Title     string   `json:"title"`
	Languages []string `json:"languages"`
	Details   []struct {
		Content string `json:"content"`
	} `json:"details"`
	Metadata []struct {
		OptionNames struct{ De, En string } `json:"optionNames"`
	} `json:"metadata"`
	CanonicalLink string `json:"canonicalLink"`
	Collection    struct {
		Title string `json:"title"`
	} `json:"collection"`
	SourceSpace *struct {
		ID    int64  `json:"id"`
		Title string `json:"title"`
	} `json:"sourceSpace"`
	Abilities struct {
		MayComment bool `json:"mayComment"`
		MayEdit    bool `json:"mayEdit"`
	} `json:"abilities"`
}

// errorParams decodes the params of an error answer.
func errorParams(t *testing.T, r result) map[string]any {
	t.Helper()
	var b struct {
		Params map[string]any `json:"params"`
	}
	require.NoError(t, json.Unmarshal(r.Body, &b), string(r.Body))
	return b.Params
}

// exec runs statements in a space's schema.
func (e *testEnv) exec(spaceID int64, q string, args ...any) {
	e.t.Helper()
	ctx := context.Background()
	sp, err := e.app.registry.ByID(ctx, spaceID)
	require.NoError(e.t, err)
	require.NoError(e.t, e.db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, q, args...)
		return err
	}))
}

func (e *testEnv) read(space, session string, body any) (result, readerView) {
	e.t.Helper()
	res := e.api(space, session, "reader/query/guideline", body)
	var v readerView
	if res.Status == http.StatusOK {
		res.JSON(e.t, &v)
	}
	return res, v
}

// TestIntegrationReaderConditions reads guidelines through the whole server and proves that
// the reader's answers reach readers with their status, message and params, and that the
// reader's queries are served by the router; which condition applies to whom is proven in
// services/reader.
func TestIntegrationReaderConditions(t *testing.T) {
	e := newEnv(t)
	author := e.ids["collmember@alpha.ch"]
	public := e.createCollection(e.alphaAdmin, "Emergency", "public")
	protected := e.createCollection(e.alphaAdmin, "Intensive care", "protected")
	open := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de", "fr"}, Published: []string{"de", "fr"}})
	e.exec(e.alpha.ID, `INSERT INTO guideline_details (guideline_id, version, position, title, content)
		VALUES ($1, 1, 0, 'Dosierung', '<p>5 mg/kg</p>'), ($1, 1, 1, 'Quellen', '<p>SGAIM</p>')`, open)
	var metadata, option int64
	require.NoError(t, e.db.Control().QueryRow(t.Context(), `INSERT INTO control.metadata (names, descriptions) VALUES ('{"de":"Fachgebiet","en":"Specialty","fr":"","it":""}', '{}') RETURNING id`).Scan(&metadata))
	require.NoError(t, e.db.Control().QueryRow(t.Context(), `INSERT INTO control.metadata_options (metadata_id, names, descriptions) VALUES ($1, '{"de":"Kardiologie","en":"Cardiology","fr":"","it":""}', '{}') RETURNING id`, metadata).Scan(&option))
	e.exec(e.alpha.ID, "INSERT INTO guideline_metadata (guideline_id, metadata_id, option_id) VALUES ($1, $2, $3)", open, metadata, option)
	draft := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de", "fr"}, Published: []string{"de"}})
	inside := e.buildGuideline(servicetest.Guideline{Collection: protected.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	private := e.buildGuideline(servicetest.Guideline{Collection: e.cardio.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	never := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de"}})

	t.Run("anonymous reads a public guideline on the space's host", func(t *testing.T) {
		res, g := e.read("alpha", "", map[string]any{"id": fmt.Sprint(open), "language": "de"})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Equal(t, "Guideline de", g.Title)
		assert.Equal(t, []string{"de", "fr"}, g.Languages)
		require.Len(t, g.Details, 2)
		assert.Equal(t, "<p>5 mg/kg</p>", g.Details[0].Content)
		require.Len(t, g.Metadata, 1)
		assert.Equal(t, "Cardiology", g.Metadata[0].OptionNames.En)
		assert.Equal(t, fmt.Sprintf("http://alpha.%s:8080/guideline/%d/de", testDomain, open), g.CanonicalLink)
		assert.Equal(t, "Emergency", g.Collection.Title)
		assert.False(t, g.Abilities.MayComment, "messaging an author needs sign-in")
		_, g = e.read("alpha", e.collMember, map[string]any{"id": open, "language": "fr"})
		assert.True(t, g.Abilities.MayComment)
		assert.True(t, g.Abilities.MayEdit, "the author's session reaches the reader")
	})

	e.exec(e.alpha.ID, "UPDATE guideline_languages SET valid_until = '2020-01-01T00:00:00Z' WHERE guideline_id = $1 AND language = 'fr'", open)

	for _, tc := range []struct {
		name    string
		session string
		body    any
		status  int
		message string
		params  map[string]any
	}{
		{"does not exist", "", map[string]any{"id": 999999, "language": "de"}, 404, "guideline.notFound", nil},
		{"not yet published", "", map[string]any{"id": draft, "language": "fr"}, 404, "reader.notPublished", map[string]any{"languages": []any{"de"}}},
		{"expired, with its date", "", map[string]any{"id": open, "language": "fr"}, 404, "reader.expired", map[string]any{"validUntil": "2020-01-01T00:00:00Z"}},
		{"an author sees the conditions too, with the way to fix them", e.collMember, map[string]any{"id": open, "language": "fr"}, 404, "reader.expired", map[string]any{"mayEdit": true}},
		{"protected, anonymous: sign in", "", map[string]any{"id": inside, "language": "de"}, 403, "reader.forbidden", map[string]any{"action": "signIn"}},
		{"protected, not a member: request membership", e.outsider, map[string]any{"id": inside, "language": "de"}, 403, "reader.forbidden", map[string]any{"action": "requestMembership"}},
		{"private, a member of the space: ask an administrator", e.alphaMember, map[string]any{"id": private, "language": "de"}, 403, "reader.forbidden", map[string]any{"action": "contactAdmin"}},
		{"private, a member of the collection", e.collMember, map[string]any{"id": private, "language": "de"}, 200, "", nil},
		{"an id of another space without a share", e.betaAdmin, map[string]any{"id": open, "language": "de", "space": e.beta.ID}, 404, "guideline.notFound", nil},
		{"an unknown language", "", map[string]any{"id": open, "language": "xx"}, 400, "validation.language", nil},
		{"an id of the wrong type", "", `{"id":"abc","language":"de"}`, 400, "request.invalidField", nil},
		{"a language of the wrong type", "", `{"id":1,"language":3}`, 400, "request.invalidField", nil},
		{"malformed JSON", "", `{"id":`, 400, "request.malformedJSON", nil},
		{"an unknown field", "", `{"id":1,"language":"de","x":1}`, 400, "request.unknownField", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, _ := e.read("alpha", tc.session, tc.body)
			require.Equal(t, tc.status, res.Status, string(res.Body))
			if tc.message != "" {
				assert.Equal(t, tc.message, res.Message())
			}
			params := errorParams(t, res)
			for k, v := range tc.params {
				assert.Equal(t, v, params[k], k)
			}
		})
	}

	t.Run("the other queries are served", func(t *testing.T) {
		res := e.api("alpha", "", "reader/query/guidelineLanguages", map[string]any{"guidelineId": open})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.JSONEq(t, `[{"language":"de","title":"Guideline de"}]`, string(res.Body))
		res = e.api("alpha", e.outsider, "reader/query/guidelineLanguages", map[string]any{"guidelineId": inside})
		assert.Equal(t, http.StatusForbidden, res.Status)
		assert.Equal(t, "requestMembership", errorParams(t, res)["action"])

		res = e.api("alpha", "", "reader/query/glMarkdown", map[string]any{"id": open, "lang": "de"})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var md string
		res.JSON(t, &md)
		assert.Equal(t, "# Guideline de\n\n## Dosierung\n\n5 mg/kg\n\n## Quellen\n\nSGAIM\n", md)
		assert.Equal(t, 403, e.api("alpha", "", "reader/query/glMarkdown", map[string]any{"id": private, "lang": "de"}).Status)
	})

	t.Run("guideline metadata is for whoever may read the guideline", func(t *testing.T) {
		for _, tc := range []struct {
			session   string
			guideline int64
			status    int
		}{
			{"", open, 200},
			{e.outsider, open, 200},
			{"", private, 403},
			{e.alphaMember, private, 403},
			{e.collMember, private, 200},
			{e.validator, private, 200},
			{"", never, 404},
			{e.collMember, never, 200},
			{"", 999999, 404},
		} {
			res := e.api("alpha", tc.session, "common/query/guidelineMetadata", map[string]any{"id": tc.guideline})
			assert.Equal(t, tc.status, res.Status, "%d %s", tc.guideline, res.Body)
		}
		res := e.api("alpha", "", "common/query/guidelineMetadata", map[string]any{"id": open})
		assert.Contains(t, string(res.Body), `"optionNames":{"de":"Kardiologie","en":"Cardiology","fr":"","it":""}`)
	})
}

// TestIntegrationReaderShares proves, through the hosts of both spaces, that a guideline of a
// collection shared by the space admins reads in the other space with its source space named,
// is offered as a preview there, and is gone once the share is withdrawn; the rules of
// shared reading are proven in services/reader.
func TestIntegrationReaderShares(t *testing.T) {
	e := newEnv(t)
	author := e.ids["collmember@alpha.ch"]
	protected := e.createCollection(e.alphaAdmin, "Intensive care", "protected")
	shared := e.buildGuideline(servicetest.Guideline{Collection: protected.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	body := map[string]any{"id": shared, "language": "de", "space": fmt.Sprint(e.alpha.ID)}
	share := fmt.Sprintf(`{"spaceId":%d,"collectionId":%d}`, e.beta.ID, protected.ID)

	require.Equal(t, http.StatusOK, e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/createSharedCollection", share).Status)
	res := e.api("beta", e.betaAdmin, "admin/mutation/activateSharedCollection", fmt.Sprintf(`{"spaceId":%d,"collectionId":%d,"active":true}`, e.alpha.ID, protected.ID))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	res, g := e.read("beta", e.betaAdmin, body)
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	require.NotNil(t, g.SourceSpace)
	assert.Equal(t, "Alpha Hospital", g.SourceSpace.Title)
	assert.Equal(t, e.alpha.ID, g.SourceSpace.ID)
	assert.Equal(t, fmt.Sprintf("http://alpha.%s:8080/guideline/%d/de", testDomain, shared), g.CanonicalLink)
	res = e.api("beta", e.betaAdmin, "reader/query/guidelinePreviewSpaces", map[string]any{"id": shared})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.JSONEq(t, fmt.Sprintf(`[{"spaceId":%d,"spaceTitle":"Alpha Hospital","shared":true}]`, e.alpha.ID), string(res.Body))
	res = e.api("beta", e.betaAdmin, "reader/query/guidelinePreview", body)
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Contains(t, string(res.Body), `"sourceSpace":{"id":`)
	res = e.api("beta", e.betaAdmin, "reader/query/guidelineLanguages", map[string]any{"guidelineId": shared, "space": e.alpha.ID})
	assert.JSONEq(t, `[{"language":"de","title":"Guideline de"}]`, string(res.Body))
	assert.Equal(t, "request.invalidField", e.api("beta", e.betaAdmin, "reader/query/guidelinePreview", `{"id":1,"language":"de","space":"x"}`).Message())

	require.Equal(t, http.StatusOK, e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/deleteSharedCollection", share).Status)
	res, _ = e.read("beta", e.betaAdmin, body)
	assert.Equal(t, http.StatusNotFound, res.Status)
	assert.Equal(t, "guideline.notFound", res.Message(), "withdrawn: gone at once")
}

// TestIntegrationVideoProgress proves that the video calls are served to signed-in readers
// with ids as strings or numbers; each reader's position and its bounds are proven in
// services/reader.
func TestIntegrationVideoProgress(t *testing.T) {
	e := newEnv(t)
	author := e.ids["collmember@alpha.ch"]
	public := e.createCollection(e.alphaAdmin, "Emergency", "public")
	open := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	var video int64
	ctx := context.Background()
	alpha, err := e.app.registry.ByID(ctx, e.alpha.ID)
	require.NoError(t, err)
	require.NoError(t, e.db.SpaceTx(ctx, alpha, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO documents (guideline_id, hash, name, mime, length) VALUES ($1, $2, 'film.mp4', 'video/mp4', 10) RETURNING id`,
			open, strings.Repeat("a", 64)).Scan(&video)
	}))

	res := e.api("alpha", e.outsider, "reader/mutation/updateVideoProgress", map[string]any{"doc": fmt.Sprint(video), "seconds": 42.5})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	res = e.api("alpha", e.outsider, "reader/query/videoProgress", map[string]any{"doc": video})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.JSONEq(t, fmt.Sprintf(`{"doc":%d,"seconds":42.5}`, video), string(res.Body))

	for _, tc := range []struct {
		name    string
		session string
		body    string
		status  int
		message string
	}{
		{"more than a week", e.outsider, fmt.Sprintf(`{"doc":%d,"seconds":1e9}`, video), 400, "request.invalidField"},
		{"seconds of the wrong type", e.outsider, fmt.Sprintf(`{"doc":%d,"seconds":"x"}`, video), 400, "request.invalidField"},
		{"an unknown document", e.outsider, `{"doc":999999,"seconds":1}`, 404, "document.notFound"},
		{"anonymous", "", fmt.Sprintf(`{"doc":%d,"seconds":1}`, video), 401, "unauthorized"},
	} {
		res := e.api("alpha", tc.session, "reader/mutation/updateVideoProgress", tc.body)
		assert.Equal(t, tc.status, res.Status, tc.name)
		assert.Equal(t, tc.message, res.Message(), tc.name)
	}
	assert.Equal(t, 1, e.count(fmt.Sprintf("SELECT count(*) FROM %s.video_progress", alpha.Schema)), "an anonymous position is never stored")
}
