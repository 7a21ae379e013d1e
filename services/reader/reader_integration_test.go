package reader_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/acknowledgements"
	"vademecum/services/api"
	"vademecum/services/reader"
	"vademecum/services/servicetest"
	"vademecum/services/sharing"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// links is the address of a space's site as the server gives it.
func links(subdomain string) string { return "http://" + subdomain + ".vademecum.localhost:8080/" }

// readerFixture is a space with a public, a protected and a private collection, a second
// space, and the people whose rights differ: the author and the validator work in the private
// cardiology collection, which the collection admin administers.
type readerFixture struct {
	*servicetest.Env
	svc                              *reader.Service
	alpha, beta                      *tenancy.Space
	admin, member, author, collAdmin int64
	validator, outsider, betaAdmin   int64
	public, protected, cardio        int64
}

func newReaderFixture(t *testing.T) *readerFixture {
	t.Helper()
	e := servicetest.New(t)
	// what readers open is recorded by the acknowledgements' context, built as the server builds it
	reads := &acknowledgements.Service{DB: e.DB, Clock: e.Clock, People: e.Users, Acting: e.Users.Acting,
		Guidelines: e.Guidelines, Jobs: e.Jobs, Memberships: e.Spaces}
	f := &readerFixture{Env: e, svc: &reader.Service{DB: e.DB, Registry: e.Registry, Guidelines: e.Guidelines, Authz: e.Policy,
		Clock: e.Clock, Links: links, Texts: reader.NewTexts(64 << 20), Users: e.Users, Reads: reads}}
	f.admin, f.member, f.author = e.User(t, "admin@alpha.ch"), e.User(t, "member@alpha.ch"), e.User(t, "author@alpha.ch")
	f.collAdmin, f.validator, f.outsider = e.User(t, "colladmin@alpha.ch"), e.User(t, "validator@alpha.ch"), e.User(t, "outsider@test.ch")
	f.betaAdmin = e.User(t, "admin@beta.ch")
	f.alpha = e.Space(t, "alpha", f.admin, f.member, f.author, f.collAdmin, f.validator)
	f.beta = e.Space(t, "beta", f.betaAdmin)
	f.public = e.Collection(t, f.alpha, "Emergency", "public", nil)
	f.protected = e.Collection(t, f.alpha, "Intensive care", "protected", nil)
	f.cardio = e.Collection(t, f.alpha, "Cardiology", "private",
		map[int64]string{f.author: "member", f.collAdmin: "admin", f.validator: "validator"})
	return f
}

// guideline writes a guideline of alpha by the author in collection with the given languages
// published.
func (f *readerFixture) guideline(t *testing.T, collection int64, languages, published []string) int64 {
	t.Helper()
	return f.Guideline(t, f.alpha, servicetest.Guideline{Collection: collection, Author: f.author, Languages: languages, Published: published})
}

// read is the reader's view of a language of a guideline of alpha.
func (f *readerFixture) read(user, guideline int64, lang string) (reader.Guideline, error) {
	return f.svc.Guideline(f.As(f.alpha, user), reader.GuidelineRequest{ID: api.ID(guideline), Language: lang})
}

// TestIntegrationReaderView proves what a reader gets with the text: sections, metadata in
// every language, the validator, validity, the change note, the canonical link and what the
// caller may do; that a language the guideline lacks falls back to one readers see; and that
// each signed-in read is recorded for the next one.
func TestIntegrationReaderView(t *testing.T) {
	f := newReaderFixture(t)
	open := f.guideline(t, f.public, []string{"de", "fr", "it", "en"}, []string{"de", "fr", "it", "en"})
	f.Exec(t, f.alpha, `INSERT INTO guideline_details (guideline_id, version, position, title, content)
		VALUES ($1, 1, 0, 'Dosierung', '<p>5 mg/kg</p>'), ($1, 1, 1, 'Quellen', '<p>SGAIM</p>')`, open)
	f.Exec(t, f.alpha, `UPDATE validations SET validator_id = $2 WHERE guideline_id = $1`, open, f.validator)
	f.Exec(t, f.alpha, `UPDATE guideline_languages SET change_important = true, change_comment = 'Neue Dosis'
		WHERE guideline_id = $1 AND language = 'de'`, open)
	var metadata, option int64
	require.NoError(t, f.DB.Control().QueryRow(t.Context(), `INSERT INTO control.metadata (names, descriptions)
		VALUES ('{"de":"Fachgebiet","en":"Specialty","fr":"","it":""}', '{}') RETURNING id`).Scan(&metadata))
	require.NoError(t, f.DB.Control().QueryRow(t.Context(), `INSERT INTO control.metadata_options (metadata_id, names, descriptions)
		VALUES ($1, '{"de":"Kardiologie","en":"Cardiology","fr":"","it":""}', '{}') RETURNING id`, metadata).Scan(&option))
	f.Exec(t, f.alpha, "INSERT INTO guideline_metadata (guideline_id, metadata_id, option_id) VALUES ($1, $2, $3)", open, metadata, option)
	draft := f.guideline(t, f.public, []string{"de", "fr"}, []string{"de"})

	t.Run("anonymous reads a public guideline with everything around it", func(t *testing.T) {
		g, err := f.read(0, open, "de")
		require.NoError(t, err)
		assert.Equal(t, open, g.ID)
		assert.Equal(t, "de", g.Language)
		assert.Equal(t, 1, g.Version)
		assert.Equal(t, "Guideline de", g.Title)
		assert.Equal(t, []string{"de", "fr", "it", "en"}, g.Languages)
		require.Len(t, g.Details, 2)
		assert.Equal(t, "Dosierung", g.Details[0].Title)
		assert.Equal(t, "<p>5 mg/kg</p>", g.Details[0].Content)
		assert.Equal(t, "<p>SGAIM</p>", g.Details[1].Content)
		require.Len(t, g.Metadata, 1)
		assert.Equal(t, "Kardiologie", g.Metadata[0].OptionNames.De)
		assert.Equal(t, "Cardiology", g.Metadata[0].OptionNames.En, "every language's name comes along")
		assert.Equal(t, "Specialty", g.Metadata[0].Names.En)
		assert.Equal(t, "F validator@alpha.ch", g.Validator)
		assert.NotNil(t, g.ValidationDate)
		assert.NotNil(t, g.ValidFrom)
		assert.NotNil(t, g.ValidUntil)
		assert.NotNil(t, g.FirstPublishedDate)
		assert.Equal(t, fmt.Sprintf("http://alpha.vademecum.localhost:8080/guideline/%d/de", open), g.CanonicalLink)
		assert.True(t, g.ImportantChange)
		assert.Equal(t, "Neue Dosis", g.ChangeComment)
		assert.Equal(t, reader.Ref{ID: f.public, Title: "Emergency"}, g.Collection)
		assert.Nil(t, g.SourceSpace)
		assert.Equal(t, reader.Abilities{}, g.Abilities, "messaging an author and history need sign-in")
		assert.Nil(t, g.SinceRead, "nothing is recorded of anonymous readers")
	})

	t.Run("what signed-in readers may do", func(t *testing.T) {
		for _, tc := range []struct {
			name string
			user int64
			want reader.Abilities
		}{
			{"someone from outside the space", f.outsider, reader.Abilities{MayComment: true}},
			{"a member of the space", f.member, reader.Abilities{MayComment: true}},
			{"the author gets the link to management", f.author, reader.Abilities{MayComment: true, MayEdit: true}},
			{"the space admin edits and reads the history", f.admin, reader.Abilities{MayComment: true, MayEdit: true, MayReadHistory: true}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				g, err := f.read(tc.user, open, "fr")
				require.NoError(t, err)
				assert.Equal(t, "fr", g.Language)
				assert.Equal(t, tc.want, g.Abilities)
			})
		}
	})

	t.Run("a signed-in read is recorded for the next one", func(t *testing.T) {
		g, err := f.read(f.member, open, "it")
		require.NoError(t, err)
		require.NotNil(t, g.SinceRead)
		assert.Nil(t, g.SinceRead.ReadVersion, "never read before")
		read := g.Version
		g, err = f.read(f.member, open, "it")
		require.NoError(t, err)
		require.NotNil(t, g.SinceRead)
		require.NotNil(t, g.SinceRead.ReadVersion)
		assert.Equal(t, read, *g.SinceRead.ReadVersion)
	})

	t.Run("a language the guideline lacks falls back to one readers see", func(t *testing.T) {
		g, err := f.read(0, draft, "it")
		require.NoError(t, err)
		assert.Equal(t, "de", g.Language)
		assert.Equal(t, "it", g.RequestedLanguage)
		assert.Equal(t, []string{"de"}, g.Languages, "the draft language is not offered")
		g, err = f.read(0, draft, "")
		require.NoError(t, err)
		assert.Equal(t, "de", g.Language, "the language defaults to de")
	})

	t.Run("languages and Markdown follow the same text", func(t *testing.T) {
		langs, err := f.svc.GuidelineLanguages(f.As(f.alpha, 0), reader.LanguagesRequest{GuidelineID: api.ID(draft)})
		require.NoError(t, err)
		assert.Equal(t, []reader.LanguageInfo{{Language: "de", Title: "Guideline de"}}, langs)
		md, err := f.svc.GLMarkdown(f.As(f.alpha, 0), reader.MarkdownRequest{ID: api.ID(open), Lang: "de"})
		require.NoError(t, err)
		assert.Equal(t, "# Guideline de\n\n## Dosierung\n\n5 mg/kg\n\n## Quellen\n\nSGAIM\n", md)
	})
}

// TestIntegrationReaderConditions proves that each reader condition of spec §4 answers its
// own message with the languages the caller could read instead, whether they could fix it,
// and for a collection they may not read the action that could open it.
func TestIntegrationReaderConditions(t *testing.T) {
	f := newReaderFixture(t)
	open := f.guideline(t, f.public, []string{"de", "fr", "it", "en"}, []string{"de", "fr", "it", "en"})
	draft := f.guideline(t, f.public, []string{"de", "fr"}, []string{"de"})
	never := f.guideline(t, f.public, []string{"de"}, nil)
	inside := f.guideline(t, f.protected, []string{"de"}, []string{"de"})
	private := f.guideline(t, f.cardio, []string{"de"}, []string{"de"})
	f.Exec(t, f.alpha, "UPDATE guideline_languages SET archived = true WHERE guideline_id = $1 AND language = 'it'", open)
	f.Exec(t, f.alpha, "UPDATE guideline_languages SET online = false WHERE guideline_id = $1 AND language = 'en'", open)
	f.Exec(t, f.alpha, "UPDATE guideline_languages SET valid_until = '2020-01-01T00:00:00Z' WHERE guideline_id = $1 AND language = 'fr'", open)
	alphaID := api.ID(f.alpha.ID)
	unknownSpace := api.ID(999999)

	for _, tc := range []struct {
		name      string
		space     *tenancy.Space
		user      int64
		guideline int64
		lang      string
		from      *api.ID
		message   string
		params    map[string]any
	}{
		{"does not exist", f.alpha, 0, 999999, "de", nil, "guideline.notFound", nil},
		{"not yet published", f.alpha, 0, draft, "fr", nil, "reader.notPublished",
			map[string]any{"language": "fr", "languages": []string{"de"}, "mayEdit": false}},
		{"never published in any language", f.alpha, 0, never, "de", nil, "reader.notPublished",
			map[string]any{"language": "de", "languages": []string{}}},
		{"archived", f.alpha, 0, open, "it", nil, "reader.archived", map[string]any{"language": "it", "languages": []string{"de"}}},
		{"temporarily offline", f.alpha, 0, open, "en", nil, "reader.offline", map[string]any{"language": "en"}},
		{"expired, with its date", f.alpha, 0, open, "fr", nil, "reader.expired", map[string]any{"validUntil": "2020-01-01T00:00:00Z", "mayEdit": false}},
		{"an author sees the conditions too, with the way to fix them", f.alpha, f.author, open, "fr", nil, "reader.expired", map[string]any{"mayEdit": true}},
		{"the author of a language never published", f.alpha, f.author, never, "de", nil, "reader.notPublished", map[string]any{"mayEdit": true}},
		{"protected, anonymous: sign in", f.alpha, 0, inside, "de", nil, "reader.forbidden", map[string]any{"action": "signIn"}},
		{"protected, not a member: request membership", f.alpha, f.outsider, inside, "de", nil, "reader.forbidden", map[string]any{"action": "requestMembership"}},
		{"protected, a member", f.alpha, f.member, inside, "de", nil, "", nil},
		{"private, a member of the space: ask an administrator", f.alpha, f.member, private, "de", nil, "reader.forbidden", map[string]any{"action": "contactAdmin"}},
		{"private, anonymous", f.alpha, 0, private, "de", nil, "reader.forbidden", map[string]any{"action": "signIn"}},
		{"private, a member of the collection", f.alpha, f.author, private, "de", nil, "", nil},
		{"private, its validator", f.alpha, f.validator, private, "de", nil, "", nil},
		{"private, the space admin", f.alpha, f.admin, private, "de", nil, "", nil},
		{"an id of another space", f.beta, f.betaAdmin, open, "de", nil, "guideline.notFound", nil},
		{"another space without a share", f.beta, f.betaAdmin, open, "de", &alphaID, "guideline.notFound", nil},
		{"a space that does not exist", f.alpha, 0, open, "de", &unknownSpace, "guideline.notFound", nil},
		{"an unknown language", f.alpha, 0, open, "xx", nil, "validation.language", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := f.svc.Guideline(f.As(tc.space, tc.user), reader.GuidelineRequest{ID: api.ID(tc.guideline), Language: tc.lang, Space: tc.from})
			if tc.message == "" {
				require.NoError(t, err)
				assert.Equal(t, tc.guideline, g.ID)
				return
			}
			e := servicetest.APIError(err)
			require.NotNil(t, e, "%v", err)
			assert.Equal(t, tc.message, e.Message)
			for k, v := range tc.params {
				assert.Equal(t, v, e.Params[k], k)
			}
		})
	}

	t.Run("the other readings follow the same rule", func(t *testing.T) {
		_, err := f.svc.GuidelineLanguages(f.As(f.alpha, f.outsider), reader.LanguagesRequest{GuidelineID: api.ID(inside)})
		require.NotNil(t, servicetest.APIError(err))
		assert.Equal(t, "requestMembership", servicetest.APIError(err).Params["action"])
		_, err = f.svc.GuidelineLanguages(f.As(f.alpha, 0), reader.LanguagesRequest{GuidelineID: 999999})
		assert.Equal(t, "guideline.notFound", servicetest.Message(err))
		langs, err := f.svc.GuidelineLanguages(f.As(f.alpha, 0), reader.LanguagesRequest{GuidelineID: api.ID(never)})
		require.NoError(t, err)
		assert.Empty(t, langs, "a guideline never published has no language to offer")

		_, err = f.svc.GLMarkdown(f.As(f.alpha, 0), reader.MarkdownRequest{ID: api.ID(open), Lang: "fr"})
		assert.Equal(t, "reader.expired", servicetest.Message(err))
		_, err = f.svc.GLMarkdown(f.As(f.alpha, 0), reader.MarkdownRequest{ID: api.ID(private), Lang: "de"})
		assert.Equal(t, "reader.forbidden", servicetest.Message(err))
		_, err = f.svc.GuidelinePreview(f.As(f.alpha, f.member), reader.PreviewRequest{ID: api.ID(private), Language: "de", Space: alphaID})
		assert.Equal(t, "reader.forbidden", servicetest.Message(err))
	})
}

// TestIntegrationReaderNewVersion proves that the text readers get follows the published
// version at once, although published texts are kept between reads.
func TestIntegrationReaderNewVersion(t *testing.T) {
	f := newReaderFixture(t)
	open := f.guideline(t, f.public, []string{"de"}, []string{"de"})
	g, err := f.read(0, open, "de")
	require.NoError(t, err)
	require.Equal(t, 1, g.Version)

	f.Exec(t, f.alpha, `INSERT INTO guideline_versions (guideline_id, version, language, title, created_by) VALUES ($1, 2, 'de', 'Sepsis neu', $2)`, open, f.author)
	f.Exec(t, f.alpha, `INSERT INTO guideline_details (guideline_id, version, position, title, content) VALUES ($1, 2, 0, 'Dosierung', '<p>7 mg/kg</p>')`, open)
	f.Exec(t, f.alpha, `UPDATE guideline_languages SET published_version = 2 WHERE guideline_id = $1`, open)
	g, err = f.read(0, open, "de")
	require.NoError(t, err)
	assert.Equal(t, 2, g.Version)
	assert.Equal(t, "Sepsis neu", g.Title)
	require.Len(t, g.Details, 1)
	assert.Equal(t, "<p>7 mg/kg</p>", g.Details[0].Content)

	f.Exec(t, f.alpha, `UPDATE guideline_languages SET online = false WHERE guideline_id = $1`, open)
	_, err = f.read(0, open, "de")
	assert.Equal(t, "reader.offline", servicetest.Message(err), "taken offline: gone at once")
}

// TestIntegrationReaderReferences proves that a section referencing another guideline shows
// the referenced text only to those who may read it, and only while readers see it.
func TestIntegrationReaderReferences(t *testing.T) {
	f := newReaderFixture(t)
	target := f.guideline(t, f.public, []string{"de"}, []string{"de"})
	hidden := f.guideline(t, f.cardio, []string{"de"}, []string{"de"})
	gone := f.guideline(t, f.public, []string{"de"}, []string{"de"})
	f.Exec(t, f.alpha, `INSERT INTO guideline_details (guideline_id, version, position, detail_id, title, content)
		VALUES ($1, 1, 0, 9001, 'Sepsis', '<p>Antibiotika</p>'), ($2, 1, 0, 9002, 'Geheim', '<p>intern</p>'), ($3, 1, 0, 9003, 'Alt', '<p>alt</p>')`,
		target, hidden, gone)
	f.Exec(t, f.alpha, "UPDATE guideline_languages SET archived = true WHERE guideline_id = $1", gone)
	referring := f.guideline(t, f.public, []string{"de"}, []string{"de"})
	f.Exec(t, f.alpha, `INSERT INTO guideline_details (guideline_id, version, position, title, ext_guideline, ext_language, ext_detail)
		VALUES ($1, 1, 0, '', $2, 'de', 9001), ($1, 1, 1, '', $3, 'de', 9002), ($1, 1, 2, '', $4, 'de', 9003), ($1, 1, 3, '', 999999, 'de', 1)`,
		referring, target, hidden, gone)

	g, err := f.read(0, referring, "de")
	require.NoError(t, err)
	require.Len(t, g.Details, 4)
	for _, d := range g.Details {
		require.NotNil(t, d.Extern)
	}
	assert.True(t, g.Details[0].Extern.Available)
	assert.Equal(t, "<p>Antibiotika</p>", g.Details[0].Extern.Content)
	assert.Equal(t, "Sepsis", g.Details[0].Extern.Title)
	assert.Equal(t, "Guideline de", g.Details[0].Extern.GuidelineTitle)
	assert.False(t, g.Details[1].Extern.Available, "the private collection's text stays hidden")
	assert.Empty(t, g.Details[1].Extern.Content)
	assert.False(t, g.Details[2].Extern.Available, "an archived text is no longer shown")
	assert.Empty(t, g.Details[2].Extern.Content)
	assert.Empty(t, g.Details[2].Extern.Title)
	assert.False(t, g.Details[3].Extern.Available, "a guideline since deleted")

	g, err = f.read(f.author, referring, "de")
	require.NoError(t, err)
	assert.True(t, g.Details[1].Extern.Available)
	assert.Equal(t, "<p>intern</p>", g.Details[1].Extern.Content, "a member of the collection reads it")
	md, err := f.svc.GLMarkdown(f.As(f.alpha, f.author), reader.MarkdownRequest{ID: api.ID(referring), Lang: "de"})
	require.NoError(t, err)
	assert.Contains(t, md, "Antibiotika")
	assert.Contains(t, md, "intern", "the Markdown shows what the reader shows")
}

// TestIntegrationReaderShares proves that a guideline of a collection shared to a space reads
// there as if local, with its source space named and nothing recorded, keeps its visibility,
// is offered as a preview in that space, and is gone at once when the share is deactivated or
// withdrawn.
func TestIntegrationReaderShares(t *testing.T) {
	f := newReaderFixture(t)
	shared := f.guideline(t, f.protected, []string{"de"}, []string{"de"})
	alphaID := api.ID(f.alpha.ID)
	read := func(user int64) (reader.Guideline, error) {
		return f.svc.Guideline(f.As(f.beta, user), reader.GuidelineRequest{ID: api.ID(shared), Language: "de", Space: &alphaID})
	}
	previewSpaces := func(sp *tenancy.Space, user int64) []reader.PreviewSpace {
		t.Helper()
		out, err := f.svc.GuidelinePreviewSpaces(f.As(sp, user), reader.PreviewSpacesRequest{ID: api.ID(shared)})
		require.NoError(t, err)
		return out
	}
	share := sharing.ShareRequest{SpaceID: api.ID(f.beta.ID), CollectionID: api.ID(f.protected)}
	activate := func(active bool) {
		t.Helper()
		_, err := f.Sharing.ActivateSharedCollection(f.As(f.beta, f.betaAdmin),
			sharing.ActivateRequest{SpaceID: alphaID, CollectionID: api.ID(f.protected), Active: active})
		require.NoError(t, err)
	}

	_, err := read(f.betaAdmin)
	assert.Equal(t, "guideline.notFound", servicetest.Message(err), "not shared")
	_, err = f.Sharing.CreateSharedCollection(f.As(f.alpha, f.admin), share)
	require.NoError(t, err)
	_, err = read(f.betaAdmin)
	assert.Equal(t, "guideline.notFound", servicetest.Message(err), "offered, not yet active")
	assert.Empty(t, previewSpaces(f.beta, f.betaAdmin))

	activate(true)
	g, err := read(f.betaAdmin)
	require.NoError(t, err)
	assert.Equal(t, &reader.Ref{ID: f.alpha.ID, Title: "alpha"}, g.SourceSpace)
	assert.Equal(t, reader.Abilities{}, g.Abilities, "comments, edits and history belong to the guideline's own space")
	assert.Nil(t, g.SinceRead, "reads are recorded in the guideline's own space only")
	assert.Equal(t, fmt.Sprintf("http://alpha.vademecum.localhost:8080/guideline/%d/de", shared), g.CanonicalLink)
	_, err = read(0)
	require.NotNil(t, servicetest.APIError(err))
	assert.Equal(t, "signIn", servicetest.APIError(err).Params["action"], "protected stays protected when shared")
	assert.Equal(t, []reader.PreviewSpace{{SpaceID: f.alpha.ID, SpaceTitle: "alpha", Shared: true}}, previewSpaces(f.beta, f.betaAdmin))
	preview, err := f.svc.GuidelinePreview(f.As(f.beta, f.betaAdmin), reader.PreviewRequest{ID: api.ID(shared), Language: "de", Space: alphaID})
	require.NoError(t, err)
	assert.Equal(t, g.Title, preview.Title)
	assert.NotNil(t, preview.SourceSpace)
	langs, err := f.svc.GuidelineLanguages(f.As(f.beta, f.betaAdmin), reader.LanguagesRequest{GuidelineID: api.ID(shared), Space: &alphaID})
	require.NoError(t, err)
	assert.Equal(t, []reader.LanguageInfo{{Language: "de", Title: "Guideline de"}}, langs)

	activate(false)
	_, err = read(f.betaAdmin)
	assert.Equal(t, "guideline.notFound", servicetest.Message(err), "deactivated: gone at once")
	assert.Empty(t, previewSpaces(f.beta, f.betaAdmin))
	_, err = f.svc.GuidelineLanguages(f.As(f.beta, f.betaAdmin), reader.LanguagesRequest{GuidelineID: api.ID(shared), Space: &alphaID})
	assert.Equal(t, "guideline.notFound", servicetest.Message(err))
	activate(true)
	_, err = read(f.betaAdmin)
	require.NoError(t, err)
	_, err = f.Sharing.DeleteSharedCollection(f.As(f.alpha, f.admin), share)
	require.NoError(t, err)
	_, err = read(f.betaAdmin)
	assert.Equal(t, "guideline.notFound", servicetest.Message(err), "withdrawn: gone at once")

	assert.Equal(t, []reader.PreviewSpace{{SpaceID: f.alpha.ID, SpaceTitle: "alpha", Shared: false}}, previewSpaces(f.alpha, f.member))
	assert.Empty(t, previewSpaces(f.alpha, 0), "anonymous readers do not see a protected collection")
}
