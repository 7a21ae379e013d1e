package guidelines_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/services/search/searchjob"
	"vademecum/services/servicetest"
	"vademecum/tenancy"
)

// authoring is a space with a private collection (Cardiology: a collection admin, a member
// who writes guidelines, a validator) and a public one without roles, and the people whose
// rights differ; beta is another space.
type authoring struct {
	*servicetest.Env
	servicetest.Cast
	svc               *guidelines.Service
	cardio, emergency int64
}

func newAuthoring(t *testing.T) *authoring {
	t.Helper()
	e := servicetest.New(t)
	f := &authoring{Env: e, svc: e.Guidelines}
	f.Cast = e.Cast(t)
	f.cardio = e.Collection(t, f.Alpha, "Cardiology", "private", map[int64]string{f.CollAdmin: "admin", f.Author: "member", f.Validator: "validator"})
	f.emergency = e.Collection(t, f.Alpha, "Emergency", "public", nil)
	return f
}

// create creates a guideline as user in a collection of alpha.
func (f *authoring) create(user, collection int64, validator *int64) (int64, error) {
	req := guidelines.CreateRequest{Collection: api.ID(collection)}
	if validator != nil {
		v := api.ID(*validator)
		req.Validator = &v
	}
	return f.svc.CreateGuideline(f.As(f.Alpha, user), req)
}

// mustCreate creates a guideline the author writes in Cardiology, without a main validator.
func (f *authoring) mustCreate(t *testing.T) int64 {
	t.Helper()
	id, err := f.create(f.Author, f.cardio, nil)
	require.NoError(t, err)
	return id
}

// save saves a version as user.
func (f *authoring) save(user int64, glv guidelines.VersionInput) (int, error) {
	return f.svc.AddGuidelineVersion(f.As(f.Alpha, user), guidelines.AddVersionRequest{Glv: glv})
}

// mustSave saves a version of one section as the author.
func (f *authoring) mustSave(t *testing.T, id int64, lang, text string) int {
	t.Helper()
	v, err := f.save(f.Author, guidelines.VersionInput{GuidelineID: api.ID(id), Language: lang, Title: text,
		Details: []guidelines.DetailInput{{Title: "Text", Content: "<p>" + text + "</p>"}}})
	require.NoError(t, err)
	return v
}

// latest reads the latest version of a language as user.
func (f *authoring) latest(user, id int64, lang string) (guidelines.Version, error) {
	return f.svc.LatestGuideline(f.As(f.Alpha, user), guidelines.LatestRequest{ID: api.ID(id), Language: lang})
}

// states are the states of a language of a guideline as its author sees them.
func (f *authoring) states(t *testing.T, id int64, lang string) []string {
	t.Helper()
	v, err := f.latest(f.Author, id, lang)
	require.NoError(t, err)
	for _, l := range v.Languages {
		if l.Language == lang {
			return l.States
		}
	}
	return nil
}

// reindexed are the guidelines whose search documents were queued for rebuilding, in order.
func (f *authoring) reindexed(t *testing.T) []int64 {
	t.Helper()
	var out []int64
	for _, j := range servicetest.Queued[searchjob.Guideline](t, f.Env) {
		out = append(out, j.GuidelineID)
	}
	return out
}

func ptr[T any](v T) *T { return &v }

// TestIntegrationCreateGuidelineData proves that an author is offered the collections they
// may write in, each with its validators by name, and nobody else's.
func TestIntegrationCreateGuidelineData(t *testing.T) {
	f := newAuthoring(t)
	for _, tc := range []struct {
		name  string
		user  int64
		wants []int64
	}{
		{"a member of the collection", f.Author, []int64{f.cardio}},
		{"a space member without a collection role", f.Member, nil},
		{"the space admin writes anywhere", f.Admin, []int64{f.cardio, f.emergency}},
		{"somebody of another space", f.Outsider, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			list, err := f.svc.CreateGuidelineData(f.As(f.Alpha, tc.user), struct{}{})
			require.NoError(t, err)
			var got []int64
			for _, c := range list {
				got = append(got, c.CollectionID)
			}
			assert.Equal(t, tc.wants, got)
			for _, c := range list {
				if c.CollectionID == f.cardio {
					assert.Equal(t, "Cardiology", c.CollectionTitle)
					assert.Equal(t, []guidelines.Option{{Label: "F validator@alpha.ch", Value: f.Validator}}, c.Validators)
				} else {
					assert.Empty(t, c.Validators)
				}
			}
		})
	}
}

// TestIntegrationCreateGuideline proves who may create a guideline where, that the main
// validator must validate in the collection, and that a refused creation writes nothing.
func TestIntegrationCreateGuideline(t *testing.T) {
	f := newAuthoring(t)
	id, err := f.create(f.Author, f.cardio, &f.Validator)
	require.NoError(t, err)
	v, err := f.latest(f.Author, id, "de")
	assert.Equal(t, "guideline.versionNotFound", servicetest.Message(err), "a new guideline has no version yet")
	assert.Empty(t, v.Details)
	mine, err := f.svc.MyGuidelines(f.As(f.Alpha, f.Author), struct{}{})
	require.NoError(t, err)
	require.Len(t, mine, 1)
	assert.Equal(t, guidelines.MyGuideline{ID: id, Role: "author", Collection: "Cardiology", CollectionID: f.cardio, Edited: mine[0].Edited,
		States: []string{"created", "neverPublished", "notVisible"}, Languages: []string{}}, mine[0], "listed for its author before any language")

	for _, tc := range []struct {
		name       string
		sp         *tenancy.Space
		user       int64
		collection int64
		validator  *int64
		message    string
	}{
		{"a main validator who does not validate there", f.Alpha, f.Author, f.cardio, &f.Member, "guideline.invalidValidator"},
		{"a validator of the space, not of the collection", f.Alpha, f.Admin, f.emergency, &f.Validator, "guideline.invalidValidator"},
		{"no role in the collection", f.Alpha, f.Member, f.cardio, nil, "forbidden"},
		{"a validator does not write", f.Alpha, f.Validator, f.cardio, nil, "forbidden"},
		{"an unknown collection", f.Alpha, f.Author, 999999, nil, "not found"},
		{"a collection of another space", f.Beta, f.BetaAdmin, f.cardio, nil, "not found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := guidelines.CreateRequest{Collection: api.ID(tc.collection)}
			if tc.validator != nil {
				req.Validator = ptr(api.ID(*tc.validator))
			}
			_, err := f.svc.CreateGuideline(f.As(tc.sp, tc.user), req)
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
	assert.Equal(t, 1, f.Count(t, f.Alpha, "guidelines"), "refused creations write nothing")
	other, err := f.create(f.Admin, f.emergency, nil)
	require.NoError(t, err, "the space admin creates in any collection")
	assert.NotEqual(t, id, other)
}

// TestIntegrationGuidelineVersions proves that versions are numbered per guideline, kept as
// saved (normalised, their HTML sanitised), never changed afterwards, and that sections keep
// their ids from version to version.
func TestIntegrationGuidelineVersions(t *testing.T) {
	f := newAuthoring(t)
	id, err := f.create(f.Author, f.cardio, &f.Validator)
	require.NoError(t, err)
	glv := guidelines.VersionInput{GuidelineID: api.ID(id), Language: "de", Title: " Sepsis ", Description: "Erwachsene",
		Tags: []string{"Sepsis", "Sepsis", " ICU ", " "}, SearchTags: []guidelines.SearchTag{{Tag: " Blutvergiftung ", Boost: true}, {Tag: "  "}},
		Details: []guidelines.DetailInput{
			{Title: " Definition ", Content: `<p onclick="x()">Sepsis ist <script>alert(1)</script><strong>lebensbedrohlich</strong>.</p>`, RawContent: "{}"},
			{Title: "Therapie", Content: "<p>Antibiotika</p>", RawContent: "{}"}}}
	n, err := f.save(f.Author, glv)
	require.NoError(t, err)
	assert.Equal(t, 1, n)

	first, err := f.latest(f.Author, id, "de")
	require.NoError(t, err)
	assert.Equal(t, 1, first.Version)
	assert.Equal(t, "Sepsis", first.Title)
	assert.Equal(t, "Erwachsene", first.Description)
	assert.Equal(t, []string{"Sepsis", "ICU"}, first.Tags, "trimmed, blank and repeated tags dropped")
	assert.Equal(t, []guidelines.SearchTag{{Tag: "Blutvergiftung", Boost: true}}, first.SearchTags)
	require.Len(t, first.Details, 2)
	assert.Equal(t, "Definition", first.Details[0].Title)
	assert.Equal(t, `<p>Sepsis ist <strong>lebensbedrohlich</strong>.</p>`, first.Details[0].Content, "what runs is removed")
	assert.Equal(t, "{}", first.Details[0].RawContent)
	assert.Equal(t, []int{0, 1}, []int{first.Details[0].Index, first.Details[1].Index})
	assert.Equal(t, f.Author, first.CreatedBy)
	assert.Equal(t, f.Author, first.AuthorID)
	assert.Equal(t, &f.Validator, first.MainValidatorID)
	assert.Equal(t, "Cardiology", first.CollectionTitle)
	require.Len(t, first.Languages, 1)
	assert.Equal(t, []string{"created", "neverPublished", "notVisible"}, first.Languages[0].States)

	// the next version keeps the first section's id, drops the second and adds one
	glv.Details = []guidelines.DetailInput{{Title: "Neu", Content: "<p>neu</p>"},
		{ID: ptr(api.ID(first.Details[0].ID)), Title: "Definition", Content: "<p>geändert</p>"}}
	n, err = f.save(f.Author, glv)
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	second, err := f.latest(f.Author, id, "de")
	require.NoError(t, err)
	require.Len(t, second.Details, 2)
	assert.Equal(t, first.Details[0].ID, second.Details[1].ID)
	assert.NotContains(t, []int64{first.Details[0].ID, first.Details[1].ID}, second.Details[0].ID, "a new section gets a new id")
	assert.Equal(t, []string{"created", "neverPublished", "notVisible"}, second.Languages[0].States, "still never submitted")

	// a second language continues the guideline's numbering
	n = f.mustSave(t, id, "fr", "Sepsis (fr)")
	assert.Equal(t, 3, n)
	fr, err := f.latest(f.Author, id, "fr")
	require.NoError(t, err)
	assert.Equal(t, []string{"de", "fr"}, []string{fr.Languages[0].Language, fr.Languages[1].Language})
	assert.Equal(t, 2, fr.Languages[0].LatestVersion)

	old, err := f.svc.Guideline(f.As(f.Alpha, f.Author), guidelines.VersionRequest{ID: api.ID(id), Version: 1})
	require.NoError(t, err)
	assert.Equal(t, first.Details, old.Details, "version 1 is unchanged")
	_, err = f.svc.Guideline(f.As(f.Alpha, f.Author), guidelines.VersionRequest{ID: api.ID(id), Version: 9})
	assert.Equal(t, "guideline.versionNotFound", servicetest.Message(err))
	_, err = f.latest(f.Author, id, "it")
	assert.Equal(t, "guideline.versionNotFound", servicetest.Message(err))
	_, err = f.latest(f.Author, id, "xx")
	assert.Equal(t, "validation.language", servicetest.Message(err))
	mine, err := f.svc.MyGuidelines(f.As(f.Alpha, f.Author), struct{}{})
	require.NoError(t, err)
	require.Len(t, mine, 2)
	assert.Equal(t, []string{"fr", "de"}, []string{mine[0].Language, mine[1].Language}, "last edited first")
	assert.Equal(t, "Sepsis", mine[1].Title)
}

// TestIntegrationSectionReferences proves that a section may show a section of another
// guideline of the space in the language it exists in, and that the authors of that section
// are told who shows it.
func TestIntegrationSectionReferences(t *testing.T) {
	f := newAuthoring(t)
	src := f.mustCreate(t)
	f.mustSave(t, src, "de", "Definition")
	text, err := f.latest(f.Author, src, "de")
	require.NoError(t, err)
	section := api.ID(text.Details[0].ID)

	other := f.mustCreate(t)
	_, err = f.save(f.Author, guidelines.VersionInput{GuidelineID: api.ID(other), Language: "fr", Title: "Sepsis (renvoi)",
		Details: []guidelines.DetailInput{{Title: "Définition", Extern: &guidelines.Extern{Guideline: api.ID(src), Language: "de", Detail: section}}}})
	require.NoError(t, err)
	v, err := f.latest(f.Author, other, "fr")
	require.NoError(t, err)
	require.NotNil(t, v.Details[0].Extern)
	assert.Equal(t, guidelines.Extern{Guideline: api.ID(src), Language: "de", Detail: section}, *v.Details[0].Extern)

	refs, err := f.svc.DetailRefs(f.As(f.Alpha, f.Member), guidelines.DetailRefsRequest{DetailID: section})
	require.NoError(t, err)
	assert.Equal(t, []guidelines.DetailRef{{GuidelineID: other, Language: "fr", Title: "Sepsis (renvoi)", DetailID: v.Details[0].ID}}, refs)

	before := f.Count(t, f.Alpha, "guideline_versions")
	for _, tc := range []struct {
		name   string
		guide  int64
		extern guidelines.Extern
	}{
		{"the section exists only in German", other, guidelines.Extern{Guideline: api.ID(src), Language: "fr", Detail: section}},
		{"a section of the same guideline", src, guidelines.Extern{Guideline: api.ID(src), Language: "de", Detail: section}},
		{"an unknown section", other, guidelines.Extern{Guideline: api.ID(src), Language: "de", Detail: 999999}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.save(f.Author, guidelines.VersionInput{GuidelineID: api.ID(tc.guide), Language: "de", Title: "x",
				Details: []guidelines.DetailInput{{Title: "x", Extern: &tc.extern}}})
			assert.Equal(t, "guideline.invalidReference", servicetest.Message(err))
		})
	}
	assert.Equal(t, before, f.Count(t, f.Alpha, "guideline_versions"), "refused versions write nothing")
}

// TestIntegrationVersionRefusals proves that a bad version, or one by somebody who does not
// write the guideline, is refused with its reason and writes nothing.
func TestIntegrationVersionRefusals(t *testing.T) {
	f := newAuthoring(t)
	id := f.mustCreate(t)
	f.mustSave(t, id, "de", "Erste Fassung")
	first, err := f.latest(f.Author, id, "de")
	require.NoError(t, err)
	section := ptr(api.ID(first.Details[0].ID))
	frSection := func() *api.ID {
		f.mustSave(t, id, "fr", "Première")
		fr, err := f.latest(f.Author, id, "fr")
		require.NoError(t, err)
		return ptr(api.ID(fr.Details[0].ID))
	}()
	many := func(n int) []string { return strings.Split(strings.Repeat("t,", n-1)+"t", ",") }
	version := func(mod func(*guidelines.VersionInput)) guidelines.VersionInput {
		glv := guidelines.VersionInput{GuidelineID: api.ID(id), Language: "de", Title: "T", Details: []guidelines.DetailInput{{Title: "a", Content: "<p>a</p>"}}}
		mod(&glv)
		return glv
	}
	before := f.Count(t, f.Alpha, "guideline_versions")
	for _, tc := range []struct {
		name    string
		user    int64
		glv     guidelines.VersionInput
		message string
	}{
		{"unknown language", f.Author, version(func(g *guidelines.VersionInput) { g.Language = "xx" }), "validation.language"},
		{"no title", f.Author, version(func(g *guidelines.VersionInput) { g.Title = "  " }), "validation.required"},
		{"over-long title", f.Author, version(func(g *guidelines.VersionInput) { g.Title = strings.Repeat("t", 301) }), "validation.tooLong"},
		{"over-long description", f.Author, version(func(g *guidelines.VersionInput) { g.Description = strings.Repeat("d", 4001) }), "validation.tooLong"},
		{"too many tags", f.Author, version(func(g *guidelines.VersionInput) { g.Tags = many(51) }), "validation.tooMany"},
		{"over-long tag", f.Author, version(func(g *guidelines.VersionInput) { g.Tags = []string{strings.Repeat("t", 101)} }), "validation.tooLong"},
		{"too many sections", f.Author, version(func(g *guidelines.VersionInput) { g.Details = make([]guidelines.DetailInput, 201) }), "validation.tooMany"},
		{"over-long section", f.Author, version(func(g *guidelines.VersionInput) {
			g.Details = []guidelines.DetailInput{{Title: "a", Content: strings.Repeat("x", 1<<20+1)}}
		}), "validation.tooLong"},
		{"reference in an unknown language", f.Author, version(func(g *guidelines.VersionInput) {
			g.Details = []guidelines.DetailInput{{Title: "a", Extern: &guidelines.Extern{Guideline: 1, Language: "xx", Detail: 1}}}
		}), "validation.language"},
		{"unknown section id", f.Author, version(func(g *guidelines.VersionInput) {
			g.Details = []guidelines.DetailInput{{ID: ptr(api.ID(999999)), Title: "a"}}
		}), "guideline.unknownDetail"},
		{"a section of another language", f.Author, version(func(g *guidelines.VersionInput) { g.Details = []guidelines.DetailInput{{ID: frSection, Title: "a"}} }), "guideline.unknownDetail"},
		{"a section twice", f.Author, version(func(g *guidelines.VersionInput) {
			g.Details = []guidelines.DetailInput{{ID: section, Title: "a"}, {ID: section, Title: "b"}}
		}), "guideline.duplicateDetail"},
		{"unknown guideline", f.Author, version(func(g *guidelines.VersionInput) { g.GuidelineID = 999999 }), "guideline.notFound"},
		{"a validator does not write", f.Validator, version(func(*guidelines.VersionInput) {}), "forbidden"},
		{"a collection admin is no author", f.CollAdmin, version(func(*guidelines.VersionInput) {}), "forbidden"},
		{"the space admin is no author", f.Admin, version(func(*guidelines.VersionInput) {}), "forbidden"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.save(tc.user, tc.glv)
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
	_, err = f.svc.AddGuidelineVersion(f.As(f.Beta, f.BetaAdmin), guidelines.AddVersionRequest{Glv: version(func(*guidelines.VersionInput) {})})
	assert.Equal(t, "guideline.notFound", servicetest.Message(err), "ids of another space")
	assert.Equal(t, before, f.Count(t, f.Alpha, "guideline_versions"), "refused versions write nothing")
	assert.Equal(t, 2, f.Count(t, f.Alpha, "guideline_languages"))
}

// TestIntegrationWhoReadsDrafts proves that a guideline's versions are read by its authors
// and those who review its collection only, and are not found from another space.
func TestIntegrationWhoReadsDrafts(t *testing.T) {
	f := newAuthoring(t)
	id := f.mustCreate(t)
	f.mustSave(t, id, "de", "Entwurf")
	coAuthor := f.User(t, "coauthor@alpha.ch")
	f.AddMember(t, f.Alpha, coAuthor, false)
	_, err := f.svc.AddGuidelineCoAuthors(f.As(f.Alpha, f.Author), guidelines.CoAuthorsRequest{Guideline: api.ID(id), ID: []api.ID{api.ID(coAuthor)}})
	require.NoError(t, err)
	for _, tc := range []struct {
		name    string
		user    int64
		message string
	}{
		{"the author", f.Author, ""},
		{"a co-author", coAuthor, ""},
		{"a validator of the collection", f.Validator, ""},
		{"the collection admin", f.CollAdmin, ""},
		{"the space admin", f.Admin, ""},
		{"a space member", f.Member, "forbidden"},
		{"somebody of another space", f.Outsider, "forbidden"},
		{"anonymous", 0, "forbidden"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := f.latest(tc.user, id, "de")
			assert.Equal(t, tc.message, servicetest.Message(err))
			if tc.message == "" {
				require.NoError(t, err)
				assert.Equal(t, "Entwurf", v.Title)
			}
			_, err = f.svc.Guideline(f.As(f.Alpha, tc.user), guidelines.VersionRequest{ID: api.ID(id), Version: 1})
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
	_, err = f.svc.LatestGuideline(f.As(f.Beta, f.BetaAdmin), guidelines.LatestRequest{ID: api.ID(id), Language: "de"})
	assert.Equal(t, "guideline.notFound", servicetest.Message(err), "ids of another space")
}

// TestIntegrationMyGuidelines proves that an author's list holds one row per language of
// what they write, with its states, and nothing of others' guidelines.
func TestIntegrationMyGuidelines(t *testing.T) {
	f := newAuthoring(t)
	id := f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.cardio, Author: f.Author, Languages: []string{"de", "fr"}, Published: []string{"de"}})
	f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.emergency, Author: f.Admin, Languages: []string{"de"}})
	mine, err := f.svc.MyGuidelines(f.As(f.Alpha, f.Author), struct{}{})
	require.NoError(t, err)
	require.Len(t, mine, 2)
	assert.Equal(t, []any{id, "de", "author", true, []string{"accepted", "online"}, []string{"de", "fr"}},
		[]any{mine[0].ID, mine[0].Language, mine[0].Role, mine[0].Online, mine[0].States, mine[0].Languages})
	assert.Equal(t, []any{id, "fr", false, []string{"created", "neverPublished", "notVisible"}},
		[]any{mine[1].ID, mine[1].Language, mine[1].Online, mine[1].States})
	assert.NotNil(t, mine[0].ValidUntil)
	for _, who := range []int64{f.Member, f.Validator, f.CollAdmin} {
		list, err := f.svc.MyGuidelines(f.As(f.Alpha, who), struct{}{})
		require.NoError(t, err)
		assert.Empty(t, list, "only what one writes")
	}
	list, err := f.svc.MyGuidelines(f.As(f.Beta, f.Author), struct{}{})
	require.NoError(t, err)
	assert.Empty(t, list, "only the space asked")
}

// TestIntegrationCoAuthors proves who may add and remove co-authors, whom, and that
// co-authors write the guideline and find it in their list.
func TestIntegrationCoAuthors(t *testing.T) {
	f := newAuthoring(t)
	id := f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.cardio, Author: f.Author, Languages: []string{"de", "fr"}, Published: []string{"de"}})
	add := func(user int64, ids ...int64) ([]int64, error) {
		req := guidelines.CoAuthorsRequest{Guideline: api.ID(id)}
		for _, i := range ids {
			req.ID = append(req.ID, api.ID(i))
		}
		return f.svc.AddGuidelineCoAuthors(f.As(f.Alpha, user), req)
	}
	for _, tc := range []struct {
		name    string
		user    int64
		ids     []int64
		message string
	}{
		{"not a member of the space", f.Author, []int64{f.Outsider}, "guideline.notSpaceMember"},
		{"a member and one who is not", f.Author, []int64{f.Member, f.Outsider}, "guideline.notSpaceMember"},
		{"the author", f.Author, []int64{f.Author}, "guideline.isAuthor"},
		{"a validator may not", f.Validator, []int64{f.Member}, "forbidden"},
		{"a space member may not", f.Member, []int64{f.Member}, "forbidden"},
		{"too many at once", f.Author, make([]int64, 101), "validation.tooMany"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := add(tc.user, tc.ids...)
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
	assert.Zero(t, f.Count(t, f.Alpha, "guideline_coauthors"), "refusals write nothing")
	_, err := f.svc.AddGuidelineCoAuthors(f.As(f.Beta, f.BetaAdmin), guidelines.CoAuthorsRequest{Guideline: api.ID(id), ID: []api.ID{api.ID(f.BetaAdmin)}})
	assert.Equal(t, "guideline.notFound", servicetest.Message(err), "ids of another space")

	got, err := add(f.CollAdmin, f.Member, f.Member)
	require.NoError(t, err, "a collection admin manages the authors")
	assert.Equal(t, []int64{f.Member}, got)
	got, err = add(f.Author, f.Validator)
	require.NoError(t, err, "so does the author")
	assert.ElementsMatch(t, []int64{f.Member, f.Validator}, got)
	mine, err := f.svc.MyGuidelines(f.As(f.Alpha, f.Member), struct{}{})
	require.NoError(t, err)
	require.Len(t, mine, 2)
	assert.Equal(t, "coAuthor", mine[0].Role)
	n, err := f.save(f.Member, guidelines.VersionInput{GuidelineID: api.ID(id), Language: "fr", Title: "par le co-auteur"})
	require.NoError(t, err, "co-authors write versions")
	assert.Equal(t, 3, n)
	_, err = add(f.Member, f.Admin)
	assert.Equal(t, "forbidden", servicetest.Message(err), "a co-author does not choose co-authors")

	got, err = f.svc.RemoveGuidelineCoAuthors(f.As(f.Alpha, f.Author), guidelines.CoAuthorsRequest{Guideline: api.ID(id), ID: []api.ID{api.ID(f.Member)}})
	require.NoError(t, err)
	assert.Equal(t, []int64{f.Validator}, got)
	_, err = f.save(f.Member, guidelines.VersionInput{GuidelineID: api.ID(id), Language: "fr", Title: "encore"})
	assert.Equal(t, "forbidden", servicetest.Message(err), "a former co-author no longer writes")
}

// TestIntegrationLanguageOnlineArchiveRestore proves how authors take a published language
// offline and online, archive and restore it, what each refuses, and that readers' search
// is rebuilt after each change.
func TestIntegrationLanguageOnlineArchiveRestore(t *testing.T) {
	f := newAuthoring(t)
	id := f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.cardio, Author: f.Author, Languages: []string{"de", "fr"}, Published: []string{"de"}})
	online := func(user int64, lang string, on bool) ([]guidelines.Language, error) {
		return f.svc.SetGuidelineLanguageOnlineStatus(f.As(f.Alpha, user), guidelines.OnlineChange{GuidelineID: api.ID(id), Language: lang, Online: on})
	}
	change := func(call func(ctx context.Context, req guidelines.LanguageChange) ([]guidelines.Language, error), user int64, lang string) error {
		_, err := call(f.As(f.Alpha, user), guidelines.LanguageChange{GuidelineID: api.ID(id), Language: lang})
		return err
	}
	archive, restore := f.svc.ArchiveGuidelineLanguage, f.svc.RestoreGuidelineLanguage

	_, err := online(f.Author, "fr", true)
	assert.Equal(t, "guideline.notPublished", servicetest.Message(err))
	langs, err := online(f.Author, "de", false)
	require.NoError(t, err)
	require.Len(t, langs, 2)
	assert.Equal(t, []string{"accepted", "notVisible", "offline"}, langs[0].States, "the answer holds the languages afterwards")
	_, err = online(f.Validator, "de", true)
	assert.Equal(t, "forbidden", servicetest.Message(err))
	_, err = online(f.Author, "it", true)
	assert.Equal(t, "guideline.languageNotFound", servicetest.Message(err))
	assert.Equal(t, []string{"accepted", "notVisible", "offline"}, f.states(t, id, "de"), "refusals change nothing")

	require.NoError(t, change(archive, f.Author, "de"))
	assert.Equal(t, []string{"archived", "notVisible", "offline"}, f.states(t, id, "de"))
	require.NoError(t, change(archive, f.Author, "de"), "archiving twice changes nothing")
	_, err = f.save(f.Author, guidelines.VersionInput{GuidelineID: api.ID(id), Language: "de", Title: "x"})
	assert.Equal(t, "guideline.archived", servicetest.Message(err), "an archived language is not written")
	_, err = online(f.Author, "de", true)
	assert.Equal(t, "guideline.archived", servicetest.Message(err))
	assert.Equal(t, "guideline.languageNotFound", servicetest.Message(change(archive, f.Author, "it")))

	// restore: back to the authors, offline until one of them takes it online again
	for _, tc := range []struct {
		name    string
		user    int64
		lang    string
		message string
	}{
		{"a validator", f.Validator, "de", "forbidden"},
		{"the collection admin", f.CollAdmin, "de", "forbidden"},
		{"a language the guideline lacks", f.Author, "it", "guideline.languageNotFound"},
		{"an unknown language", f.Author, "xx", "validation.language"},
		{"a language not archived", f.Author, "fr", "guideline.notArchived"},
	} {
		assert.Equal(t, tc.message, servicetest.Message(change(restore, tc.user, tc.lang)), tc.name)
	}
	assert.Equal(t, []string{"archived", "notVisible", "offline"}, f.states(t, id, "de"), "a refused restore changes nothing")
	require.NoError(t, change(restore, f.Author, "de"))
	assert.Equal(t, []string{"accepted", "notVisible", "offline"}, f.states(t, id, "de"))
	assert.Equal(t, "guideline.notArchived", servicetest.Message(change(restore, f.Author, "de")))
	_, err = online(f.Author, "de", true)
	require.NoError(t, err)
	assert.Equal(t, []string{"accepted", "online"}, f.states(t, id, "de"))

	_, err = f.svc.ArchiveGuidelineLanguage(f.As(f.Beta, f.BetaAdmin), guidelines.LanguageChange{GuidelineID: api.ID(id), Language: "de"})
	assert.Equal(t, "guideline.notFound", servicetest.Message(err), "ids of another space")
	assert.Equal(t, []int64{id, id, id, id, id}, f.reindexed(t), "each change that went through rebuilds the guideline's search documents")
}

// TestIntegrationArchiveWithdrawsRequest proves that archiving a language withdraws its open
// validation request.
func TestIntegrationArchiveWithdrawsRequest(t *testing.T) {
	f := newAuthoring(t)
	id := f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.cardio, Author: f.Author, MainValidator: f.Validator, Languages: []string{"de"}})
	_, err := f.DB.Control().Exec(t.Context(), `INSERT INTO `+f.Alpha.Schema+`.validations (guideline_id, language, version, progress, creator_id)
		VALUES ($1, 'de', 1, 'submitted', $2)`, id, f.Author)
	require.NoError(t, err)
	assert.Contains(t, f.states(t, id, "de"), "submitted")
	_, err = f.svc.ArchiveGuidelineLanguage(f.As(f.Alpha, f.Author), guidelines.LanguageChange{GuidelineID: api.ID(id), Language: "de"})
	require.NoError(t, err)
	var progress string
	var completed bool
	require.NoError(t, f.DB.Control().QueryRow(t.Context(), `SELECT progress, completed_at IS NOT NULL FROM `+f.Alpha.Schema+`.validations
		WHERE guideline_id = $1`, id).Scan(&progress, &completed))
	assert.Equal(t, "withdrawn", progress)
	assert.True(t, completed)
}

// TestIntegrationGuidelineAuthor proves who may hand a guideline to another author, to whom,
// and that the former author no longer writes it.
func TestIntegrationGuidelineAuthor(t *testing.T) {
	f := newAuthoring(t)
	id := f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.cardio, Author: f.Author, CoAuthors: []int64{f.Member}, Languages: []string{"de"}})
	set := func(user, author int64) error {
		_, err := f.svc.SetGuidelineAuthor(f.As(f.Alpha, user), guidelines.AuthorRequest{Guideline: api.ID(id), Author: api.ID(author)})
		return err
	}
	assert.Equal(t, "forbidden", servicetest.Message(set(f.Validator, f.Member)))
	assert.Equal(t, "forbidden", servicetest.Message(set(f.Member, f.Member)), "a co-author does not take the guideline")
	assert.Equal(t, "guideline.notSpaceMember", servicetest.Message(set(f.CollAdmin, f.Outsider)))
	_, err := f.svc.SetGuidelineAuthor(f.As(f.Alpha, f.Author), guidelines.AuthorRequest{Guideline: 999999, Author: api.ID(f.Member)})
	assert.Equal(t, "guideline.notFound", servicetest.Message(err))
	v, err := f.latest(f.Author, id, "de")
	require.NoError(t, err)
	assert.Equal(t, f.Author, v.AuthorID, "refusals change nothing")

	require.NoError(t, set(f.CollAdmin, f.Member))
	v, err = f.latest(f.Member, id, "de")
	require.NoError(t, err)
	assert.Equal(t, f.Member, v.AuthorID)
	assert.Empty(t, v.CoAuthorIDs, "a co-author who becomes author is no longer co-author")
	_, err = f.save(f.Author, guidelines.VersionInput{GuidelineID: api.ID(id), Language: "de", Title: "x"})
	assert.Equal(t, "forbidden", servicetest.Message(err), "the former author no longer writes it")
	mine, err := f.svc.MyGuidelines(f.As(f.Alpha, f.Member), struct{}{})
	require.NoError(t, err)
	require.Len(t, mine, 1)
	assert.Equal(t, "author", mine[0].Role)
	require.NoError(t, set(f.Member, f.Author), "the author hands it on")
}
