package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/servicetest"
)

// readerView is the part of reader/query/guideline the tests look at.
type readerView struct {
	ID                int64    `json:"id"`
	Language          string   `json:"language"`
	RequestedLanguage string   `json:"requestedLanguage"`
	Version           int      `json:"version"`
	Title             string   `json:"title"`
	Languages         []string `json:"languages"`
	Details           []struct {
		ID      int64  `json:"id"`
		Title   string `json:"title"`
		Content string `json:"content"`
		Extern  *struct {
			Available      bool   `json:"available"`
			GuidelineTitle string `json:"guidelineTitle"`
			Content        string `json:"content"`
		} `json:"extern"`
	} `json:"details"`
	Metadata []struct {
		Names       struct{ De, En string } `json:"names"`
		OptionNames struct{ De, En string } `json:"optionNames"`
	} `json:"metadata"`
	Validator       string     `json:"validator"`
	ValidationDate  *time.Time `json:"validationDate"`
	ValidUntil      *time.Time `json:"validUntil"`
	CanonicalLink   string     `json:"canonicalLink"`
	ImportantChange bool       `json:"importantChange"`
	ChangeComment   string     `json:"changeComment"`
	Collection      struct {
		ID    int64  `json:"id"`
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

// TestIntegrationReaderConditions reads guidelines as every kind of reader and proves each
// reader condition of spec §4 answers its own message and action.
func TestIntegrationReaderConditions(t *testing.T) {
	e := newEnv(t)
	author := e.ids["collmember@alpha.ch"]
	public := e.createCollection(e.alphaAdmin, "Emergency", "public")
	protected := e.createCollection(e.alphaAdmin, "Intensive care", "protected")
	open := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de", "fr", "it", "en"}, Published: []string{"de", "fr", "it", "en"}})
	e.exec(e.alpha.ID, `INSERT INTO guideline_details (guideline_id, version, position, title, content)
		VALUES ($1, 1, 0, 'Dosierung', '<p>5 mg/kg</p>'), ($1, 1, 1, 'Quellen', '<p>SGAIM</p>')`, open)
	e.exec(e.alpha.ID, `UPDATE validations SET validator_id = $2 WHERE guideline_id = $1`, open, e.ids["validator@alpha.ch"])
	e.exec(e.alpha.ID, `UPDATE guideline_languages SET change_important = true, change_comment = 'Neue Dosis' WHERE guideline_id = $1 AND language = 'de'`, open)
	var metadata, option int64
	require.NoError(t, e.db.Control().QueryRow(t.Context(), `INSERT INTO control.metadata (names, descriptions) VALUES ('{"de":"Fachgebiet","en":"Specialty","fr":"","it":""}', '{}') RETURNING id`).Scan(&metadata))
	require.NoError(t, e.db.Control().QueryRow(t.Context(), `INSERT INTO control.metadata_options (metadata_id, names, descriptions) VALUES ($1, '{"de":"Kardiologie","en":"Cardiology","fr":"","it":""}', '{}') RETURNING id`, metadata).Scan(&option))
	e.exec(e.alpha.ID, "INSERT INTO guideline_metadata (guideline_id, metadata_id, option_id) VALUES ($1, $2, $3)", open, metadata, option)
	draft := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de", "fr"}, Published: []string{"de"}})
	inside := e.buildGuideline(servicetest.Guideline{Collection: protected.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	private := e.buildGuideline(servicetest.Guideline{Collection: e.cardio.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	never := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de"}})

	t.Run("anonymous reads a public guideline with everything around it", func(t *testing.T) {
		res, g := e.read("alpha", "", map[string]any{"id": fmt.Sprint(open), "language": "de"})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Equal(t, "Guideline de", g.Title)
		assert.Equal(t, []string{"de", "fr", "it", "en"}, g.Languages)
		require.Len(t, g.Details, 2)
		assert.Equal(t, "<p>5 mg/kg</p>", g.Details[0].Content)
		require.Len(t, g.Metadata, 1)
		assert.Equal(t, "Kardiologie", g.Metadata[0].OptionNames.De)
		assert.Equal(t, "Cardiology", g.Metadata[0].OptionNames.En, "every language's name comes along")
		assert.Equal(t, "Specialty", g.Metadata[0].Names.En)
		assert.Equal(t, "F validator@alpha.ch", g.Validator)
		assert.NotNil(t, g.ValidationDate)
		assert.NotNil(t, g.ValidUntil)
		assert.Equal(t, fmt.Sprintf("http://alpha.%s:8080/guideline/%d/de", testDomain, open), g.CanonicalLink)
		assert.True(t, g.ImportantChange)
		assert.Equal(t, "Neue Dosis", g.ChangeComment)
		assert.Equal(t, "Emergency", g.Collection.Title)
		assert.Nil(t, g.SourceSpace)
		assert.False(t, g.Abilities.MayComment, "messaging an author needs sign-in")
		assert.False(t, g.Abilities.MayEdit)
	})

	t.Run("signed-in readers and authors", func(t *testing.T) {
		_, g := e.read("alpha", e.outsider, map[string]any{"id": open, "language": "fr"})
		assert.Equal(t, "fr", g.Language)
		assert.True(t, g.Abilities.MayComment)
		assert.False(t, g.Abilities.MayEdit)
		_, g = e.read("alpha", e.collMember, map[string]any{"id": open, "language": "de"})
		assert.True(t, g.Abilities.MayEdit, "the author gets the link to management")
	})

	t.Run("a language the guideline lacks falls back to one readers see", func(t *testing.T) {
		res, g := e.read("alpha", "", map[string]any{"id": draft, "language": "it"})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Equal(t, "de", g.Language)
		assert.Equal(t, "it", g.RequestedLanguage)
		assert.Equal(t, []string{"de"}, g.Languages)
		res, g = e.read("alpha", "", map[string]any{"id": draft})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Equal(t, "de", g.Language, "the language defaults to de")
	})

	expire := func(lang string) {
		e.exec(e.alpha.ID, "UPDATE guideline_languages SET valid_until = '2020-01-01T00:00:00Z' WHERE guideline_id = $1 AND language = $2", open, lang)
	}
	e.exec(e.alpha.ID, "UPDATE guideline_languages SET archived = true WHERE guideline_id = $1 AND language = 'it'", open)
	e.exec(e.alpha.ID, "UPDATE guideline_languages SET online = false WHERE guideline_id = $1 AND language = 'en'", open)
	expire("fr")

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
		{"never published in any language", "", map[string]any{"id": never, "language": "de"}, 404, "reader.notPublished", nil},
		{"archived", "", map[string]any{"id": open, "language": "it"}, 404, "reader.archived", map[string]any{"languages": []any{"de"}}},
		{"temporarily offline", "", map[string]any{"id": open, "language": "en"}, 404, "reader.offline", nil},
		{"expired, with its date", "", map[string]any{"id": open, "language": "fr"}, 404, "reader.expired", map[string]any{"validUntil": "2020-01-01T00:00:00Z"}},
		{"an author sees the conditions too, with the way to fix them", e.collMember, map[string]any{"id": open, "language": "fr"}, 404, "reader.expired", map[string]any{"mayEdit": true}},
		{"protected, anonymous: sign in", "", map[string]any{"id": inside, "language": "de"}, 403, "reader.forbidden", map[string]any{"action": "signIn"}},
		{"protected, not a member: request membership", e.outsider, map[string]any{"id": inside, "language": "de"}, 403, "reader.forbidden", map[string]any{"action": "requestMembership"}},
		{"protected, a member", e.alphaMember, map[string]any{"id": inside, "language": "de"}, 200, "", nil},
		{"private, a member of the space: ask an administrator", e.alphaMember, map[string]any{"id": private, "language": "de"}, 403, "reader.forbidden", map[string]any{"action": "contactAdmin"}},
		{"private, anonymous", "", map[string]any{"id": private, "language": "de"}, 403, "reader.forbidden", map[string]any{"action": "signIn"}},
		{"private, a member of the collection", e.collMember, map[string]any{"id": private, "language": "de"}, 200, "", nil},
		{"private, the space admin", e.alphaAdmin, map[string]any{"id": private, "language": "de"}, 200, "", nil},
		{"an id of another space without a share", e.betaAdmin, map[string]any{"id": open, "language": "de", "space": e.beta.ID}, 404, "guideline.notFound", nil},
		{"a space that does not exist", "", map[string]any{"id": open, "language": "de", "space": 999999}, 404, "guideline.notFound", nil},
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

	t.Run("the other queries follow the same rule", func(t *testing.T) {
		res := e.api("alpha", "", "reader/query/guidelineLanguages", map[string]any{"guidelineId": open})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.JSONEq(t, `[{"language":"de","title":"Guideline de"}]`, string(res.Body))
		res = e.api("alpha", e.outsider, "reader/query/guidelineLanguages", map[string]any{"guidelineId": inside})
		assert.Equal(t, "requestMembership", errorParams(t, res)["action"])
		assert.Equal(t, 404, e.api("alpha", "", "reader/query/guidelineLanguages", map[string]any{"guidelineId": 999999}).Status)

		res = e.api("alpha", "", "reader/query/glMarkdown", map[string]any{"id": open, "lang": "de"})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var md string
		res.JSON(t, &md)
		assert.Equal(t, "# Guideline de\n\n## Dosierung\n\n5 mg/kg\n\n## Quellen\n\nSGAIM\n", md)
		res = e.api("alpha", "", "reader/query/glMarkdown", map[string]any{"id": open, "lang": "fr"})
		assert.Equal(t, "reader.expired", res.Message())
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

// TestIntegrationReaderReferences proves that a section referencing another guideline shows
// the referenced text only to those who may read it.
func TestIntegrationReaderReferences(t *testing.T) {
	e := newEnv(t)
	author := e.ids["collmember@alpha.ch"]
	public := e.createCollection(e.alphaAdmin, "Emergency", "public")
	target := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	hidden := e.buildGuideline(servicetest.Guideline{Collection: e.cardio.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	e.exec(e.alpha.ID, `INSERT INTO guideline_details (guideline_id, version, position, detail_id, title, content)
		VALUES ($1, 1, 0, 9001, 'Sepsis', '<p>Antibiotika</p>'), ($2, 1, 0, 9002, 'Geheim', '<p>intern</p>')`, target, hidden)
	reader := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	e.exec(e.alpha.ID, `INSERT INTO guideline_details (guideline_id, version, position, title, ext_guideline, ext_language, ext_detail)
		VALUES ($1, 1, 0, '', $2, 'de', 9001), ($1, 1, 1, '', $3, 'de', 9002)`, reader, target, hidden)

	res, g := e.read("alpha", "", map[string]any{"id": reader, "language": "de"})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	require.Len(t, g.Details, 2)
	require.NotNil(t, g.Details[0].Extern)
	assert.True(t, g.Details[0].Extern.Available)
	assert.Equal(t, "<p>Antibiotika</p>", g.Details[0].Extern.Content)
	assert.Equal(t, "Guideline de", g.Details[0].Extern.GuidelineTitle)
	assert.False(t, g.Details[1].Extern.Available, "the private collection's text stays hidden")
	assert.Empty(t, g.Details[1].Extern.Content)

	_, g = e.read("alpha", e.collMember, map[string]any{"id": reader, "language": "de"})
	assert.Equal(t, "<p>intern</p>", g.Details[1].Extern.Content)
}

// TestIntegrationReaderShares proves that a guideline of a collection shared to a space reads
// there as if local, with its source space named, and is gone at once when the share is
// deactivated or withdrawn.
func TestIntegrationReaderShares(t *testing.T) {
	e := newEnv(t)
	author := e.ids["collmember@alpha.ch"]
	protected := e.createCollection(e.alphaAdmin, "Intensive care", "protected")
	shared := e.buildGuideline(servicetest.Guideline{Collection: protected.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	body := map[string]any{"id": shared, "language": "de", "space": fmt.Sprint(e.alpha.ID)}
	share := fmt.Sprintf(`{"spaceId":%d,"collectionId":%d}`, e.beta.ID, protected.ID)
	activate := func(active bool) {
		res := e.api("beta", e.betaAdmin, "admin/mutation/activateSharedCollection", fmt.Sprintf(`{"spaceId":%d,"collectionId":%d,"active":%t}`, e.alpha.ID, protected.ID, active))
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	}
	previewSpaces := func() string {
		res := e.api("beta", e.betaAdmin, "reader/query/guidelinePreviewSpaces", map[string]any{"id": shared})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		return string(res.Body)
	}

	res, _ := e.read("beta", e.betaAdmin, body)
	assert.Equal(t, "guideline.notFound", res.Message(), "not shared")
	require.Equal(t, http.StatusOK, e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/createSharedCollection", share).Status)
	res, _ = e.read("beta", e.betaAdmin, body)
	assert.Equal(t, "guideline.notFound", res.Message(), "offered, not yet active")
	assert.Equal(t, "[]", previewSpaces())

	activate(true)
	res, g := e.read("beta", e.betaAdmin, body)
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	require.NotNil(t, g.SourceSpace)
	assert.Equal(t, "Alpha Hospital", g.SourceSpace.Title)
	assert.Equal(t, e.alpha.ID, g.SourceSpace.ID)
	assert.False(t, g.Abilities.MayComment, "comments belong to the guideline's own space")
	assert.Equal(t, fmt.Sprintf("http://alpha.%s:8080/guideline/%d/de", testDomain, shared), g.CanonicalLink)
	res, _ = e.read("beta", "", body)
	assert.Equal(t, "signIn", errorParams(t, res)["action"], "protected stays protected when shared")
	assert.JSONEq(t, fmt.Sprintf(`[{"spaceId":%d,"spaceTitle":"Alpha Hospital","shared":true}]`, e.alpha.ID), previewSpaces())
	res = e.api("beta", e.betaAdmin, "reader/query/guidelinePreview", body)
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Contains(t, string(res.Body), `"sourceSpace":{"id":`)
	res = e.api("beta", e.betaAdmin, "reader/query/guidelineLanguages", map[string]any{"guidelineId": shared, "space": e.alpha.ID})
	assert.JSONEq(t, `[{"language":"de","title":"Guideline de"}]`, string(res.Body))
	assert.Equal(t, "request.invalidField", e.api("beta", e.betaAdmin, "reader/query/guidelinePreview", `{"id":1,"language":"de","space":"x"}`).Message())

	activate(false)
	res, _ = e.read("beta", e.betaAdmin, body)
	assert.Equal(t, "guideline.notFound", res.Message(), "deactivated: gone at once")
	assert.Equal(t, "[]", previewSpaces())
	activate(true)
	res, _ = e.read("beta", e.betaAdmin, body)
	require.Equal(t, http.StatusOK, res.Status)
	require.Equal(t, http.StatusOK, e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/deleteSharedCollection", share).Status)
	res, _ = e.read("beta", e.betaAdmin, body)
	assert.Equal(t, "guideline.notFound", res.Message(), "withdrawn: gone at once")

	assert.JSONEq(t, fmt.Sprintf(`[{"spaceId":%d,"spaceTitle":"Alpha Hospital","shared":false}]`, e.alpha.ID),
		string(e.api("alpha", e.alphaMember, "reader/query/guidelinePreviewSpaces", map[string]any{"id": shared}).Body))
	assert.Equal(t, "[]", string(e.api("alpha", "", "reader/query/guidelinePreviewSpaces", map[string]any{"id": shared}).Body))
}

// TestIntegrationVideoProgress proves that each reader keeps their own position in a video of
// a guideline they may see.
func TestIntegrationVideoProgress(t *testing.T) {
	e := newEnv(t)
	author := e.ids["collmember@alpha.ch"]
	public := e.createCollection(e.alphaAdmin, "Emergency", "public")
	open := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	private := e.buildGuideline(servicetest.Guideline{Collection: e.cardio.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	var video, hidden int64
	ctx := context.Background()
	alpha, err := e.app.registry.ByID(ctx, e.alpha.ID)
	require.NoError(t, err)
	require.NoError(t, e.db.SpaceTx(ctx, alpha, func(tx pgx.Tx) error {
		insert := `INSERT INTO documents (guideline_id, hash, name, mime, length) VALUES ($1, $2, 'film.mp4', 'video/mp4', 10) RETURNING id`
		if err := tx.QueryRow(ctx, insert, open, strings.Repeat("a", 64)).Scan(&video); err != nil {
			return err
		}
		return tx.QueryRow(ctx, insert, private, strings.Repeat("b", 64)).Scan(&hidden)
	}))

	get := func(session string, doc int64) result {
		return e.api("alpha", session, "reader/query/videoProgress", map[string]any{"doc": doc})
	}
	assert.JSONEq(t, fmt.Sprintf(`{"doc":%d,"seconds":0}`, video), string(get(e.outsider, video).Body))
	res := e.api("alpha", e.outsider, "reader/mutation/updateVideoProgress", map[string]any{"doc": fmt.Sprint(video), "seconds": 42.5})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	res = e.api("alpha", e.outsider, "reader/mutation/updateVideoProgress", map[string]any{"doc": video, "seconds": 61})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.JSONEq(t, fmt.Sprintf(`{"doc":%d,"seconds":61}`, video), string(get(e.outsider, video).Body))
	assert.JSONEq(t, fmt.Sprintf(`{"doc":%d,"seconds":0}`, video), string(get(e.alphaMember, video).Body), "per user")

	for _, tc := range []struct {
		name    string
		session string
		body    string
		status  int
		message string
	}{
		{"negative seconds", e.outsider, fmt.Sprintf(`{"doc":%d,"seconds":-1}`, video), 400, "request.invalidField"},
		{"more than a week", e.outsider, fmt.Sprintf(`{"doc":%d,"seconds":1e9}`, video), 400, "request.invalidField"},
		{"seconds of the wrong type", e.outsider, fmt.Sprintf(`{"doc":%d,"seconds":"x"}`, video), 400, "request.invalidField"},
		{"an unknown document", e.outsider, `{"doc":999999,"seconds":1}`, 404, "document.notFound"},
		{"a video of a guideline the caller may not read", e.alphaMember, fmt.Sprintf(`{"doc":%d,"seconds":1}`, hidden), 403, "reader.forbidden"},
		{"anonymous", "", fmt.Sprintf(`{"doc":%d,"seconds":1}`, video), 401, "unauthorized"},
	} {
		res := e.api("alpha", tc.session, "reader/mutation/updateVideoProgress", tc.body)
		assert.Equal(t, tc.status, res.Status, tc.name)
		assert.Equal(t, tc.message, res.Message(), tc.name)
	}
	assert.Equal(t, 1, e.count(fmt.Sprintf("SELECT count(*) FROM %s.video_progress", alpha.Schema)))
}
