package toc_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/servicetest"
	"vademecum/services/toc"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// fixture is a space with a public collection, Emergency, administered by emAdmin, and a
// private one, Cardiology, administered by collAdmin, read by its validator and written by
// author. Emergency holds a (published in German and French), draft (published in no
// language) and frOnly (German and French, only French published); Cardiology holds private
// (published in German). beta is another space.
type fixture struct {
	*servicetest.Env
	servicetest.Cast
	svc *toc.Service
	// emAdmin administers the emergency collection (the cast's member)
	emAdmin                   int64
	emergency, cardio         int64
	a, draft, frOnly, private int64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	e := servicetest.New(t)
	f := &fixture{Env: e, svc: &toc.Service{DB: e.DB, Registry: e.Registry, Authz: e.Policy, Guidelines: e.Guidelines}}
	f.Cast = e.Cast(t)
	f.emAdmin = f.Member
	f.emergency = e.Collection(t, f.Alpha, "Emergency", "public", map[int64]string{f.emAdmin: "admin"})
	f.cardio = e.Collection(t, f.Alpha, "Cardiology", "private", map[int64]string{f.CollAdmin: "admin", f.Author: "member", f.Validator: "validator"})
	f.a = e.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.emergency, Author: f.Author, Languages: []string{"de", "fr"}, Published: []string{"de", "fr"}})
	f.draft = e.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.emergency, Author: f.Author, Languages: []string{"de"}})
	f.frOnly = e.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.emergency, Author: f.Author, Languages: []string{"de", "fr"}, Published: []string{"fr"}})
	f.private = e.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.cardio, Author: f.Author, Languages: []string{"de"}, Published: []string{"de"}})
	return f
}

// glid is the id of a guideline as a tree names it.
func glid(id int64) *api.ID {
	g := api.ID(id)
	return &g
}

// guidelineItem places a guideline of the collection in lang.
func guidelineItem(id string, guideline int64, lang string) toc.Item {
	return toc.Item{ID: id, Type: toc.TypeGuideline, Glid: glid(guideline), Language: lang}
}

// linkItem links to a guideline language anywhere; from is its space, nil for the
// collection's own.
func linkItem(id, name string, guideline int64, lang string, from *tenancy.Space) toc.Item {
	it := toc.Item{ID: id, Name: name, Type: toc.TypeGuidelineLink, Glid: glid(guideline), Language: lang}
	if from != nil {
		it.Space = glid(from.ID)
	}
	return it
}

func webItem(id, name, link string) toc.Item {
	return toc.Item{ID: id, Name: name, Type: toc.TypeExternalLink, Link: link}
}

func tocFolder(id, name string, folders []toc.Folder, items ...toc.Item) toc.Folder {
	return toc.Folder{ID: id, Name: name, Folders: folders, Items: items}
}

// emergencyTree is Emergency's whole table of contents: a folder with a and the draft, a
// folder with the draft only, a folder of links (a web page and Cardiology's guideline),
// and frOnly at the root.
func (f *fixture) emergencyTree() toc.Folder {
	return tocFolder("root", "", []toc.Folder{
		tocFolder("f1", "Notfall", nil, guidelineItem("i1", f.a, "de"), guidelineItem("i2", f.draft, "de")),
		tocFolder("f2", "Nur Entwürfe", nil, guidelineItem("i3", f.draft, "de")),
		tocFolder("f3", "Links", nil, webItem("i4", "Swissmedic", "https://www.swissmedic.ch/"), linkItem("i5", "Kardiologie", f.private, "de", nil)),
	}, guidelineItem("i6", f.frOnly, "de"))
}

func (f *fixture) update(sp *tenancy.Space, user, collection int64, tree toc.Folder) (toc.CollectionToc, error) {
	return f.svc.UpdateToc(f.As(sp, user), toc.UpdateRequest{Collection: api.ID(collection), F: tree})
}

// TestIntegrationTocWhoMayEdit proves that only a collection's administrators (and the
// space's) read and save its table of contents, that the list of editable collections
// follows the same rule, that collection ids of another space are not found, and that a
// refused save writes nothing.
func TestIntegrationTocWhoMayEdit(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		name       string
		sp         *tenancy.Space
		user       int64
		collection int64
		want       *api.Error
	}{
		{"the admin of Emergency", f.Alpha, f.emAdmin, f.emergency, nil},
		{"the admin of Cardiology, Emergency", f.Alpha, f.CollAdmin, f.emergency, api.ErrForbidden},
		{"the admin of Cardiology, Cardiology", f.Alpha, f.CollAdmin, f.cardio, nil},
		{"the space admin, Cardiology", f.Alpha, f.Admin, f.cardio, nil},
		{"a validator of Cardiology", f.Alpha, f.Validator, f.cardio, api.ErrForbidden},
		{"a member of Cardiology", f.Alpha, f.Author, f.cardio, api.ErrForbidden},
		{"anonymous", f.Alpha, 0, f.emergency, api.ErrForbidden},
		{"an unknown collection", f.Alpha, f.CollAdmin, 999999, toc.ErrCollectionUnknown},
		{"the id from another space", f.Beta, f.BetaAdmin, f.emergency, toc.ErrCollectionUnknown},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := f.As(tc.sp, tc.user)
			_, err := f.svc.Toc(ctx, toc.CollectionRequest{Collection: api.ID(tc.collection)})
			_, fullErr := f.svc.FullToc(ctx, toc.CollectionRequest{Collection: api.ID(tc.collection)})
			_, saveErr := f.update(tc.sp, tc.user, tc.collection, tocFolder("root", "", nil))
			if tc.want == nil {
				require.NoError(t, err)
				assert.NoError(t, fullErr)
				assert.NoError(t, saveErr)
				return
			}
			assert.ErrorIs(t, err, tc.want)
			assert.ErrorIs(t, fullErr, tc.want)
			assert.ErrorIs(t, saveErr, tc.want)
			if tc.want == toc.ErrCollectionUnknown {
				assert.Equal(t, "collection.notFound", servicetest.Message(saveErr))
			}
		})
	}
	assert.Equal(t, 3, f.Count(t, f.Alpha, "tocs"), "only the three allowed saves were written")

	for _, tc := range []struct {
		name string
		user int64
		want []int64
	}{
		{"the admin of Emergency edits its table of contents only", f.emAdmin, []int64{f.emergency}},
		{"the space admin edits every one, by title", f.Admin, []int64{f.cardio, f.emergency}},
		{"a validator edits none", f.Validator, nil},
		{"anonymous edits none", 0, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			list, err := f.svc.TocCollections(f.As(f.Alpha, tc.user), struct{}{})
			require.NoError(t, err)
			var ids []int64
			for _, c := range list {
				ids = append(ids, c.CollectionID)
			}
			assert.Equal(t, tc.want, ids)
		})
	}
	list, err := f.svc.TocCollections(f.As(f.Alpha, f.Admin), struct{}{})
	require.NoError(t, err)
	require.Len(t, list, 2)
	assert.Equal(t, toc.TocCollection{CollectionID: f.cardio, CollectionTitle: "Cardiology", GuidelinesCount: 1, HasToc: true}, list[0])
	assert.Equal(t, toc.TocCollection{CollectionID: f.emergency, CollectionTitle: "Emergency", GuidelinesCount: 3, HasToc: true}, list[1])
}

// TestIntegrationTocRefusesBadTrees proves that a tree is checked whole before anything is
// saved, each refusal naming the node (its path) and the field, whether about the tree's
// form or about the guidelines it names: they must be of the collection in a language they
// have, and links must lead to a published language the editor may read.
func TestIntegrationTocRefusesBadTrees(t *testing.T) {
	f := newFixture(t)
	betaColl := f.Collection(t, f.Beta, "Beta public", "public", nil)
	betaGuideline := f.Guideline(t, f.Beta, servicetest.Guideline{Collection: betaColl, Author: f.BetaAdmin, Languages: []string{"de"}, Published: []string{"de"}})
	deep := tocFolder("d8", "x", nil)
	for i := 7; i >= 0; i-- {
		deep = tocFolder(fmt.Sprintf("d%d", i), "x", []toc.Folder{deep})
	}
	many := make([]toc.Item, toc.MaxNodes+1)
	for i := range many {
		many[i] = webItem(fmt.Sprintf("x%d", i), "x", "https://a.ch")
	}
	root := func(folders []toc.Folder, items ...toc.Item) toc.Folder {
		return tocFolder("root", "", folders, items...)
	}
	for _, tc := range []struct {
		name    string
		tree    toc.Folder
		message string
		path    string
		field   string
	}{
		{"too deep", root([]toc.Folder{deep}), "toc.tooDeep", "folders.0" + strings.Repeat(".folders.0", 8), "folders"},
		{"too large", root(nil, many...), "toc.tooLarge", "items.5000", ""},
		{"a folder without name", root([]toc.Folder{tocFolder("f", "  ", nil)}), "toc.nameRequired", "folders.0", "name"},
		{"a name too long", root([]toc.Folder{tocFolder("f", strings.Repeat("n", toc.MaxName+1), nil)}), "toc.nameTooLong", "folders.0", "name"},
		{"a duplicate id", root([]toc.Folder{tocFolder("f", "a", nil), tocFolder("f", "b", nil)}), "toc.duplicateId", "folders.1", "id"},
		{"a missing id", root([]toc.Folder{tocFolder("", "a", nil)}), "toc.invalidId", "folders.0", "id"},
		{"an unknown type", root(nil, toc.Item{ID: "i", Name: "x", Type: "video"}), "toc.invalidType", "items.0", "type"},
		{"a guideline without id", root(nil, toc.Item{ID: "i", Type: toc.TypeGuideline}), "toc.guidelineRequired", "items.0", "glid"},
		{"a guideline of another collection", root([]toc.Folder{tocFolder("f", "a", nil, guidelineItem("i", f.private, "de"))}), "toc.guidelineNotInCollection", "folders.0.items.0", "glid"},
		{"an unknown guideline", root(nil, guidelineItem("i", 999999, "de")), "toc.guidelineNotInCollection", "items.0", "glid"},
		{"a language the guideline lacks", root(nil, guidelineItem("i", f.a, "it")), "toc.guidelineNotInCollection", "items.0", "glid"},
		{"a bad language", root(nil, guidelineItem("i", f.a, "xx")), "validation.language", "items.0", "language"},
		{"a link to a guideline nobody may read", root(nil, linkItem("i", "", f.draft, "de", nil)), "toc.guidelineNotReadable", "items.0", "glid"},
		{"a link to a language not published", root(nil, linkItem("i", "", f.frOnly, "de", nil)), "toc.guidelineNotReadable", "items.0", "glid"},
		{"a link to an unknown guideline", root(nil, linkItem("i", "", 999999, "de", nil)), "toc.guidelineNotReadable", "items.0", "glid"},
		{"a link the editor may not read (Cardiology)", root(nil, linkItem("i", "", f.private, "de", nil)), "toc.guidelineNotReadable", "items.0", "glid"},
		{"a link to a space that does not exist", root(nil, linkItem("i", "", f.a, "de", &tenancy.Space{ID: 999999})), "toc.guidelineNotReadable", "items.0", "glid"},
		{"a link to another space's guideline not shared", root(nil, linkItem("i", "", betaGuideline, "de", f.Beta)), "toc.guidelineNotReadable", "items.0", "glid"},
		{"a javascript link", root(nil, webItem("i", "x", "javascript:alert(1)")), "toc.invalidUrl", "items.0", "link"},
		{"a relative link", root(nil, webItem("i", "x", "/guideline/1")), "toc.invalidUrl", "items.0", "link"},
		{"a web link without name", root(nil, webItem("i", "", "https://a.ch")), "toc.nameRequired", "items.0", "name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.update(f.Alpha, f.emAdmin, f.emergency, tc.tree)
			e := servicetest.APIError(err)
			require.Equal(t, tc.message, e.Message, "%v", err)
			assert.Equal(t, 400, e.Status())
			assert.Equal(t, tc.path, e.Params["path"])
			assert.Equal(t, tc.field, e.Params["field"])
		})
	}
	_, err := f.svc.CreateCollectionToc(f.As(f.Alpha, f.emAdmin), toc.CreateTocRequest{CollectionID: api.ID(f.emergency),
		Body: toc.CollectionToc{Tree: root(nil, guidelineItem("i", f.private, "de"))}})
	assert.Equal(t, "toc.guidelineNotInCollection", servicetest.Message(err), "a first table of contents is checked alike")
	assert.Zero(t, f.Count(t, f.Alpha, "tocs"), "nothing was written")

	// who may not edit learns nothing about the guidelines a tree names
	_, err = f.update(f.Alpha, f.CollAdmin, f.emergency, root(nil, guidelineItem("i", 999999, "de")))
	assert.ErrorIs(t, err, api.ErrForbidden)
}

// TestIntegrationTocBuildAndHistory proves how a table of contents is built: without one
// every guideline is unsorted; the first is created once; each save is kept with who saved
// it; the editor's view fills in titles and languages and keeps empty folders; and what
// leaves the tree is unsorted again.
func TestIntegrationTocBuildAndHistory(t *testing.T) {
	f := newFixture(t)
	full, err := f.svc.FullToc(f.As(f.Alpha, f.emAdmin), toc.CollectionRequest{Collection: api.ID(f.emergency)})
	require.NoError(t, err)
	assert.Zero(t, full.ID)
	assert.Nil(t, full.Timestamp)
	assert.Nil(t, full.UserID)
	assert.Equal(t, "Emergency", full.CollectionTitle)
	assert.Equal(t, tocFolder("root", "", []toc.Folder{}, []toc.Item{}...), full.Tree)
	var unsorted []int64
	for _, g := range full.UnsortedGuidelines {
		unsorted = append(unsorted, g.Glid)
	}
	assert.ElementsMatch(t, []int64{f.a, f.draft, f.frOnly}, unsorted, "without a table of contents every guideline is unsorted")
	assert.Equal(t, toc.GuidelineEntry{Glid: f.a, Title: "Guideline de", Language: "de", Languages: []string{"de", "fr"}}, full.UnsortedGuidelines[0])

	// the space admin may link to Cardiology's guideline, the admin of Emergency may not
	_, err = f.update(f.Alpha, f.emAdmin, f.emergency, f.emergencyTree())
	assert.Equal(t, "toc.guidelineNotReadable", servicetest.Message(err))
	created, err := f.svc.CreateCollectionToc(f.As(f.Alpha, f.Admin), toc.CreateTocRequest{CollectionID: api.ID(f.emergency),
		Body: toc.CollectionToc{ID: 42, UserID: &f.Outsider, Tree: f.emergencyTree()}})
	require.NoError(t, err)
	require.NotZero(t, created.ID)
	assert.NotEqual(t, int64(42), created.ID, "the server sets the id")
	require.NotNil(t, created.UserID)
	assert.Equal(t, f.Admin, *created.UserID, "and who saved it")
	assert.NotNil(t, created.Timestamp)
	_, err = f.svc.CreateCollectionToc(f.As(f.Alpha, f.Admin), toc.CreateTocRequest{CollectionID: api.ID(f.emergency), Body: toc.CollectionToc{Tree: f.emergencyTree()}})
	assert.Equal(t, "toc.exists", servicetest.Message(err))
	assert.Equal(t, 409, servicetest.APIError(err).Status())
	assert.Equal(t, 1, f.Count(t, f.Alpha, "tocs"), "a second first one is not written")

	full, err = f.svc.FullToc(f.As(f.Alpha, f.emAdmin), toc.CollectionRequest{Collection: api.ID(f.emergency)})
	require.NoError(t, err)
	assert.Equal(t, created.ID, full.ID)
	assert.Empty(t, full.UnsortedGuidelines)
	require.Len(t, full.Tree.Folders, 3)
	notfall := full.Tree.Folders[0].Items[0]
	assert.Equal(t, "Guideline de", notfall.Title)
	assert.Equal(t, []string{"de", "fr"}, notfall.Languages)
	assert.Empty(t, full.Tree.Folders[1].Folders, "the editor keeps empty folders")
	assert.Len(t, full.Tree.Folders[1].Items, 1, "and drafts")
	assert.Equal(t, []string{"de", "fr"}, full.Tree.Items[0].Languages, "frOnly has both languages, published or not")

	// the admin of Emergency moves a out and drops the links: a is unsorted again
	smaller := tocFolder("root", "", []toc.Folder{tocFolder("f1", "  Notfall  ", nil, guidelineItem("i2", f.draft, "de"))}, guidelineItem("i6", f.frOnly, "de"))
	saved, err := f.update(f.Alpha, f.emAdmin, f.emergency, smaller)
	require.NoError(t, err)
	assert.Greater(t, saved.ID, created.ID)
	assert.Equal(t, f.emAdmin, *saved.UserID)
	assert.Equal(t, "Notfall", saved.Tree.Folders[0].Name, "names are trimmed")
	assert.Empty(t, saved.Tree.Items[0].Title, "titles are shown, never stored")
	assert.Equal(t, []toc.Folder{}, saved.Tree.Folders[0].Folders, "empty lists are kept as lists")

	full, err = f.svc.FullToc(f.As(f.Alpha, f.emAdmin), toc.CollectionRequest{Collection: api.ID(f.emergency)})
	require.NoError(t, err)
	require.Len(t, full.UnsortedGuidelines, 1)
	assert.Equal(t, f.a, full.UnsortedGuidelines[0].Glid)
	stored, err := f.svc.Toc(f.As(f.Alpha, f.Admin), toc.CollectionRequest{Collection: api.ID(f.emergency)})
	require.NoError(t, err)
	assert.Equal(t, saved.ID, stored.ID, "the newest save is the table of contents")
	assert.Equal(t, saved.Tree, stored.Tree)
	assert.Equal(t, 2, f.Count(t, f.Alpha, "tocs"), "every save is kept")

	// a guideline item names its collection's space, whatever the editor sent
	withSpace := tocFolder("root", "", nil, toc.Item{ID: "g", Type: toc.TypeGuideline, Glid: glid(f.a), Space: glid(f.Beta.ID)})
	saved, err = f.update(f.Alpha, f.emAdmin, f.emergency, withSpace)
	require.NoError(t, err)
	assert.Nil(t, saved.Tree.Items[0].Space)
	assert.Equal(t, "de", saved.Tree.Items[0].Language, "German unless told")
}
