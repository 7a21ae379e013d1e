package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/notify"

	"vademecum/services/servicetest"
)

type tocItemView struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Type      string   `json:"type"`
	Glid      *int64   `json:"glid"`
	Space     *int64   `json:"space"`
	Language  string   `json:"language"`
	Link      string   `json:"link"`
	Title     string   `json:"title"`
	Languages []string `json:"languages"`
}

type tocFolderView struct {
	ID      string          `json:"id"`
	Name    string          `json:"name"`
	Folders []tocFolderView `json:"folders"`
	Items   []tocItemView   `json:"items"`
}

type fullTocView struct {
	ID                 int64         `json:"id"`
	UserID             *int64        `json:"userId"`
	Tree               tocFolderView `json:"tree"`
	UnsortedGuidelines []struct {
		Glid      int64    `json:"glid"`
		Title     string   `json:"title"`
		Languages []string `json:"languages"`
	} `json:"unsortedGuidelines"`
}

type readerTocView struct {
	CollectionID int64         `json:"collectionId"`
	SpaceID      int64         `json:"spaceId"`
	Title        string        `json:"title"`
	Tree         tocFolderView `json:"tree"`
}

type favoritesView struct {
	Guidelines []struct {
		Guideline int64  `json:"guideline"`
		Language  string `json:"language"`
		Title     string `json:"title"`
		Space     int64  `json:"space"`
		Shared    bool   `json:"shared"`
	} `json:"guidelines"`
	Collections []struct {
		Collection int64  `json:"collection"`
		Title      string `json:"title"`
		Space      int64  `json:"space"`
		Shared     bool   `json:"shared"`
	} `json:"collections"`
}

func guidelineItem(id string, glid int64, lang string) map[string]any {
	return map[string]any{"id": id, "name": "", "type": "guideline", "glid": glid, "language": lang}
}

func folder(id, name string, folders []map[string]any, items ...map[string]any) map[string]any {
	if folders == nil {
		folders = []map[string]any{}
	}
	if items == nil {
		items = []map[string]any{}
	}
	return map[string]any{"id": id, "name": name, "folders": folders, "items": items}
}

// sql runs statements in alpha's schema.
func (e *testEnv) alphaSQL(q string, args ...any) {
	e.t.Helper()
	ctx := context.Background()
	alpha, err := e.app.registry.ByID(ctx, e.alpha.ID)
	require.NoError(e.t, err)
	require.NoError(e.t, e.db.SpaceTx(ctx, alpha, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, q, args...)
		return err
	}))
}

func (e *testEnv) updateToc(session string, collection int64, tree any) result {
	e.t.Helper()
	return e.api("alpha", session, "toc/mutation/updateToc", map[string]any{"collection": collection, "f": tree})
}

func (e *testEnv) readerToc(space, session string, body any) (result, readerTocView) {
	e.t.Helper()
	res := e.api(space, session, "reader/query/collectionToc", body)
	var v readerTocView
	if res.Status == http.StatusOK {
		res.JSON(e.t, &v)
	}
	return res, v
}

// names lists a reader's tree as "folder/item" paths.
func names(f tocFolderView, prefix string) []string {
	var out []string
	for _, it := range f.Items {
		out = append(out, prefix+it.Name)
	}
	for _, sub := range f.Folders {
		out = append(out, names(sub, prefix+sub.Name+"/")...)
	}
	return out
}

// TestIntegrationToc proves how collection admins build tables of contents (validation of
// the whole tree, all or nothing, history) and what readers see of them: only what they
// may read, without empty folders, also from a space the collection is shared to.
func TestIntegrationToc(t *testing.T) {
	e := newEnv(t)
	author := e.ids["collmember@alpha.ch"]
	public := e.createCollection(e.alphaAdmin, "Emergency", "public", e.ids["member@alpha.ch"])
	admin := e.alphaMember // administers Emergency, not cardio
	a := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de", "fr"}, Published: []string{"de", "fr"}})
	draft := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de"}})
	frOnly := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de", "fr"}, Published: []string{"fr"}})
	private := e.buildGuideline(servicetest.Guideline{Collection: e.cardio.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})

	tree := folder("root", "", []map[string]any{
		folder("f1", "Notfall", nil, guidelineItem("i1", a, "de"), guidelineItem("i2", draft, "de")),
		folder("f2", "Nur Entwürfe", nil, guidelineItem("i3", draft, "de")),
		folder("f3", "Links", nil,
			map[string]any{"id": "i4", "name": "Swissmedic", "type": "externalLink", "link": "https://www.swissmedic.ch/"},
			map[string]any{"id": "i5", "name": "Kardiologie", "type": "guidelineLink", "glid": private, "language": "de"}),
	}, guidelineItem("i6", frOnly, "de"))

	t.Run("bad trees are refused whole", func(t *testing.T) {
		deep := folder("d8", "x", nil)
		for i := 7; i >= 0; i-- {
			deep = folder(fmt.Sprintf("d%d", i), "x", []map[string]any{deep})
		}
		many := make([]map[string]any, 5001)
		for i := range many {
			many[i] = map[string]any{"id": fmt.Sprintf("x%d", i), "name": "x", "type": "externalLink", "link": "https://a.ch"}
		}
		for _, tc := range []struct {
			name    string
			tree    any
			message string
			path    string
		}{
			{"too deep", folder("root", "", []map[string]any{deep}), "toc.tooDeep", "folders.0.folders.0.folders.0.folders.0.folders.0.folders.0.folders.0.folders.0.folders.0"},
			{"too large", folder("root", "", nil, many...), "toc.tooLarge", "items.5000"},
			{"folder without name", folder("root", "", []map[string]any{folder("f", "  ", nil)}), "toc.nameRequired", "folders.0"},
			{"name too long", folder("root", "", []map[string]any{folder("f", strings.Repeat("n", 201), nil)}), "toc.nameTooLong", "folders.0"},
			{"duplicate id", folder("root", "", []map[string]any{folder("f", "a", nil), folder("f", "b", nil)}), "toc.duplicateId", "folders.1"},
			{"missing id", folder("root", "", []map[string]any{folder("", "a", nil)}), "toc.invalidId", "folders.0"},
			{"unknown type", folder("root", "", nil, map[string]any{"id": "i", "name": "x", "type": "video"}), "toc.invalidType", "items.0"},
			{"guideline without id", folder("root", "", nil, map[string]any{"id": "i", "name": "", "type": "guideline"}), "toc.guidelineRequired", "items.0"},
			{"guideline of another collection", folder("root", "", []map[string]any{folder("f", "a", nil, guidelineItem("i", private, "de"))}), "toc.guidelineNotInCollection", "folders.0.items.0"},
			{"unknown guideline", folder("root", "", nil, guidelineItem("i", 999999, "de")), "toc.guidelineNotInCollection", "items.0"},
			{"a language it lacks", folder("root", "", nil, guidelineItem("i", a, "it")), "toc.guidelineNotInCollection", "items.0"},
			{"bad language", folder("root", "", nil, guidelineItem("i", a, "xx")), "validation.language", "items.0"},
			{"link to a guideline nobody may read", folder("root", "", nil, map[string]any{"id": "i", "name": "", "type": "guidelineLink", "glid": draft, "language": "de"}), "toc.guidelineNotReadable", "items.0"},
			{"link to an unknown guideline", folder("root", "", nil, map[string]any{"id": "i", "name": "", "type": "guidelineLink", "glid": 999999, "language": "de"}), "toc.guidelineNotReadable", "items.0"},
			{"javascript link", folder("root", "", nil, map[string]any{"id": "i", "name": "x", "type": "externalLink", "link": "javascript:alert(1)"}), "toc.invalidUrl", "items.0"},
			{"relative link", folder("root", "", nil, map[string]any{"id": "i", "name": "x", "type": "externalLink", "link": "/guideline/1"}), "toc.invalidUrl", "items.0"},
			{"external link without name", folder("root", "", nil, map[string]any{"id": "i", "name": "", "type": "externalLink", "link": "https://a.ch"}), "toc.nameRequired", "items.0"},
		} {
			res := e.updateToc(admin, public.ID, tc.tree)
			assert.Equal(t, http.StatusBadRequest, res.Status, tc.name+": "+string(res.Body))
			assert.Equal(t, tc.message, res.Message(), tc.name)
			assert.Contains(t, string(res.Body), `"path":"`+tc.path+`"`, tc.name)
		}
		for _, body := range []string{`{"collection":"x","f":{}}`, `{"collection":1,"f":[]}`, `{"collection":1,"f":{"items":[{"glid":"abc"}]}}`, `{"collection":`, `{"collection":1,"g":{}}`} {
			res := e.api("alpha", admin, "toc/mutation/updateToc", body)
			assert.Equal(t, http.StatusBadRequest, res.Status, body)
		}
		assert.Zero(t, e.count("SELECT count(*) FROM "+alphaSchema(e)+".tocs"), "nothing was written")
	})

	t.Run("who may edit", func(t *testing.T) {
		empty := folder("root", "", nil)
		for _, tc := range []struct {
			who        string
			collection int64
			status     int
		}{
			{e.collAdmin, public.ID, http.StatusForbidden},
			{admin, public.ID, http.StatusOK},
			{e.collAdmin, e.cardio.ID, http.StatusOK},
			{e.validator, e.cardio.ID, http.StatusForbidden},
			{e.collAdmin, 999999, http.StatusNotFound},
		} {
			assert.Equal(t, tc.status, e.api("alpha", tc.who, "toc/query/toc", map[string]any{"collection": tc.collection}).Status)
			assert.Equal(t, tc.status, e.api("alpha", tc.who, "toc/query/fullToc", map[string]any{"collection": tc.collection}).Status)
		}
		assert.Equal(t, http.StatusForbidden, e.updateToc(e.collAdmin, public.ID, empty).Status)
		assert.Equal(t, http.StatusNotFound, e.api("beta", e.betaAdmin, "toc/mutation/updateToc", map[string]any{"collection": public.ID, "f": empty}).Status,
			"collection ids of another space")
		var list []struct {
			CollectionID int64 `json:"collectionId"`
		}
		e.api("alpha", admin, "toc/query/tocCollections", `{}`).JSON(t, &list)
		require.Len(t, list, 1, "the admin of Emergency edits its table of contents only")
		assert.Equal(t, public.ID, list[0].CollectionID)
		e.api("alpha", e.alphaAdmin, "toc/query/tocCollections", `{}`).JSON(t, &list)
		assert.Len(t, list, 2, "the space admin edits every one")
		e.api("alpha", e.validator, "toc/query/tocCollections", `{}`).JSON(t, &list)
		assert.Empty(t, list)
	})

	t.Run("build, history and unsorted guidelines", func(t *testing.T) {
		var full fullTocView
		e.api("alpha", admin, "toc/query/fullToc", map[string]any{"collection": public.ID}).JSON(t, &full)
		assert.Zero(t, full.ID)
		assert.Len(t, full.UnsortedGuidelines, 3, "without a table of contents every guideline is unsorted")

		// a space admin may link to the private collection's guideline; the admin of
		// Emergency may not
		res := e.updateToc(admin, public.ID, tree)
		require.Equal(t, http.StatusBadRequest, res.Status)
		assert.Equal(t, "toc.guidelineNotReadable", res.Message())
		res = e.api("alpha", e.alphaAdmin, "reader/mutation/createCollectionToc", map[string]any{"collectionId": public.ID,
			"body": map[string]any{"id": 0, "timestamp": nil, "userId": nil, "tree": tree}})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		res = e.api("alpha", e.alphaAdmin, "reader/mutation/createCollectionToc", map[string]any{"collectionId": public.ID,
			"body": map[string]any{"tree": tree}})
		assert.Equal(t, http.StatusConflict, res.Status)
		assert.Equal(t, "toc.exists", res.Message())

		e.api("alpha", admin, "toc/query/fullToc", map[string]any{"collection": public.ID}).JSON(t, &full)
		require.NotZero(t, full.ID)
		assert.Equal(t, e.ids["admin@alpha.ch"], *full.UserID)
		assert.Empty(t, full.UnsortedGuidelines)
		require.Len(t, full.Tree.Folders, 3)
		assert.Equal(t, "Guideline de", full.Tree.Folders[0].Items[0].Title)
		assert.Equal(t, []string{"de", "fr"}, full.Tree.Folders[0].Items[0].Languages)
		assert.Empty(t, full.Tree.Folders[1].Folders, "the editor keeps empty folders")

		// the collection admin moves the guideline out and drops the link: it is unsorted again
		smaller := folder("root", "", []map[string]any{folder("f1", "  Notfall  ", nil, guidelineItem("i2", draft, "de"))},
			guidelineItem("i6", frOnly, "de"))
		res = e.updateToc(admin, public.ID, smaller)
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		e.api("alpha", admin, "toc/query/fullToc", map[string]any{"collection": public.ID}).JSON(t, &full)
		assert.Equal(t, "Notfall", full.Tree.Folders[0].Name, "names are trimmed")
		require.Len(t, full.UnsortedGuidelines, 1)
		assert.Equal(t, a, full.UnsortedGuidelines[0].Glid)
		assert.Equal(t, 2, e.count("SELECT count(*) FROM "+alphaSchema(e)+".tocs"), "every save is kept")

		// back to the full tree, by the space admin
		require.Equal(t, http.StatusOK, e.updateToc(e.alphaAdmin, public.ID, tree).Status)
	})

	t.Run("what readers see", func(t *testing.T) {
		for _, tc := range []struct {
			name    string
			session string
			want    []string
		}{
			// draft is no one's to read, frOnly only in French, the link only for readers of cardio
			{"anonymous", "", []string{"Guideline fr", "Notfall/Guideline de", "Links/Swissmedic"}},
			{"a signed-in outsider", e.outsider, []string{"Guideline fr", "Notfall/Guideline de", "Links/Swissmedic"}},
			{"a validator of cardio", e.validator, []string{"Guideline fr", "Notfall/Guideline de", "Links/Swissmedic", "Links/Kardiologie"}},
		} {
			res, v := e.readerToc("alpha", tc.session, map[string]any{"collectionId": public.ID})
			require.Equal(t, http.StatusOK, res.Status, string(res.Body))
			assert.Equal(t, "Emergency", v.Title)
			assert.ElementsMatch(t, tc.want, names(v.Tree, ""), tc.name)
			for _, f := range v.Tree.Folders {
				assert.NotEqual(t, "Nur Entwürfe", f.Name, "folders left empty are dropped")
			}
		}
		_, v := e.readerToc("alpha", "", map[string]any{"collectionId": public.ID})
		require.Len(t, v.Tree.Items, 1)
		assert.Equal(t, "fr", v.Tree.Items[0].Language, "shown in the language the reader may read")
		assert.Equal(t, []string{"fr"}, v.Tree.Items[0].Languages)
		assert.Nil(t, v.Tree.Items[0].Space)

		res, _ := e.readerToc("alpha", admin, map[string]any{"collectionId": e.cardio.ID})
		assert.Equal(t, http.StatusNotFound, res.Status, "a private collection is not there for a space member")
		res, _ = e.readerToc("alpha", "", map[string]any{"collectionId": 999999})
		assert.Equal(t, http.StatusNotFound, res.Status)
		assert.Equal(t, "collection.notFound", res.Message())
		res, _ = e.readerToc("alpha", "", `{"collectionId":"x"}`)
		assert.Equal(t, http.StatusBadRequest, res.Status)

		// without a table of contents a reader sees the guidelines by title
		res, v = e.readerToc("alpha", e.validator, map[string]any{"collectionId": e.cardio.ID})
		require.Equal(t, http.StatusOK, res.Status)
		assert.Equal(t, []string{"Guideline de"}, names(v.Tree, ""))

		var list []struct {
			GuidelineID int64  `json:"guidelineId"`
			Language    string `json:"language"`
		}
		e.api("alpha", "", "reader/query/tocGuidelines", map[string]any{"collectionId": public.ID}).JSON(t, &list)
		assert.Len(t, list, 2, "the published guidelines only")

		var colls []struct {
			CollectionID    int64  `json:"collectionId"`
			CollectionTitle string `json:"collectionTitle"`
			GuidelinesCount int    `json:"guidelinesCount"`
		}
		e.api("alpha", "", "common/query/collectionsWithActiveGuidelines", `{}`).JSON(t, &colls)
		require.Len(t, colls, 1)
		assert.Equal(t, 2, colls[0].GuidelinesCount)
		e.api("alpha", e.validator, "common/query/collectionsWithActiveGuidelines", `{}`).JSON(t, &colls)
		assert.Len(t, colls, 2, "cardio too, for its validator")
	})

	t.Run("shared to another space", func(t *testing.T) {
		require.NoError(t, e.db.Control().QueryRow(context.Background(), `INSERT INTO control.shared_collections (from_space_id, collection_id, to_space_id, active)
			VALUES ($1, $2, $3, true) RETURNING 1`, e.alpha.ID, public.ID, e.beta.ID).Scan(new(int)))
		res, v := e.readerToc("beta", e.betaAdmin, map[string]any{"collectionId": public.ID, "space": e.alpha.ID})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.ElementsMatch(t, []string{"Guideline fr", "Notfall/Guideline de", "Links/Swissmedic"}, names(v.Tree, ""))
		require.NotNil(t, v.Tree.Items[0].Space)
		assert.Equal(t, e.alpha.ID, *v.Tree.Items[0].Space, "items name their space")
		var colls []struct {
			SpaceID int64 `json:"spaceId"`
			Shared  bool  `json:"shared"`
		}
		e.api("beta", "", "common/query/collectionsWithActiveGuidelines", `{}`).JSON(t, &colls)
		require.Len(t, colls, 1)
		assert.True(t, colls[0].Shared, "the welcome page and the drawer list shared collections as if local")

		_, err := e.db.Control().Exec(context.Background(), "UPDATE control.shared_collections SET active = false WHERE to_space_id = $1", e.beta.ID)
		require.NoError(t, err)
		res, _ = e.readerToc("beta", e.betaAdmin, map[string]any{"collectionId": public.ID, "space": e.alpha.ID})
		assert.Equal(t, http.StatusNotFound, res.Status, "a deactivated share is gone at once")
		res, _ = e.readerToc("beta", e.betaAdmin, map[string]any{"collectionId": public.ID})
		assert.Equal(t, http.StatusNotFound, res.Status, "ids of another space")
	})
}

// TestIntegrationFavorites proves that readers pin guideline languages and collections they
// may read, also of a collection shared to their space, and that what became unreadable
// drops out of the list.
func TestIntegrationFavorites(t *testing.T) {
	e := newEnv(t)
	author := e.ids["collmember@alpha.ch"]
	public := e.createCollection(e.alphaAdmin, "Emergency", "public")
	g := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de", "fr"}, Published: []string{"de"}})
	private := e.buildGuideline(servicetest.Guideline{Collection: e.cardio.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	favorites := func(space, session string) favoritesView {
		t.Helper()
		var f favoritesView
		res := e.api(space, session, "reader/query/favorites", `{}`)
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		res.JSON(t, &f)
		return f
	}

	assert.Equal(t, http.StatusUnauthorized, e.api("alpha", "", "reader/query/favorites", `{}`).Status)
	assert.Empty(t, favorites("alpha", e.outsider).Guidelines)

	for _, tc := range []struct {
		name   string
		body   any
		status int
	}{
		{"a language not published", map[string]any{"guideline": g, "language": "fr"}, http.StatusNotFound},
		{"a private collection's guideline", map[string]any{"guideline": private, "language": "de"}, http.StatusNotFound},
		{"an unknown guideline", map[string]any{"guideline": 999999, "language": "de"}, http.StatusNotFound},
		{"an unknown space", map[string]any{"guideline": g, "language": "de", "space": 999999}, http.StatusNotFound},
		{"a bad language", map[string]any{"guideline": g, "language": "xx"}, http.StatusBadRequest},
		{"a bad id", `{"guideline":"eins","language":"de"}`, http.StatusBadRequest},
	} {
		assert.Equal(t, tc.status, e.api("alpha", e.outsider, "reader/mutation/addGuidelineFavorite", tc.body).Status, tc.name)
	}
	for range 2 {
		res := e.api("alpha", e.outsider, "reader/mutation/addGuidelineFavorite", map[string]any{"guideline": g, "language": "de"})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	}
	f := favorites("alpha", e.outsider)
	require.Len(t, f.Guidelines, 1, "pinning twice pins once")
	assert.Equal(t, "Guideline de", f.Guidelines[0].Title)
	assert.Equal(t, e.alpha.ID, f.Guidelines[0].Space)
	assert.False(t, f.Guidelines[0].Shared)

	assert.Equal(t, http.StatusNotFound, e.api("alpha", e.outsider, "reader/mutation/addCollectionFavorite", map[string]any{"collection": e.cardio.ID}).Status)
	assert.Equal(t, http.StatusNotFound, e.api("alpha", e.outsider, "reader/mutation/addCollectionFavorite", map[string]any{"collection": 999999}).Status)
	res := e.api("alpha", e.outsider, "reader/mutation/addCollectionFavorite", map[string]any{"collection": public.ID})
	require.Equal(t, http.StatusOK, res.Status)
	res.JSON(t, &f)
	require.Len(t, f.Collections, 1, "the new favourites come back")
	assert.Equal(t, "Emergency", f.Collections[0].Title)

	// a guideline of a collection shared to beta, pinned from beta
	_, err := e.db.Control().Exec(context.Background(), `INSERT INTO control.shared_collections (from_space_id, collection_id, to_space_id, active)
		VALUES ($1, $2, $3, true)`, e.alpha.ID, public.ID, e.beta.ID)
	require.NoError(t, err)
	res = e.api("beta", e.betaAdmin, "reader/mutation/addGuidelineFavorite", map[string]any{"guideline": g, "language": "de", "space": e.alpha.ID})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	res = e.api("beta", e.betaAdmin, "reader/mutation/addCollectionFavorite", map[string]any{"collection": public.ID, "space": e.alpha.ID})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Equal(t, http.StatusNotFound, e.api("beta", e.betaAdmin, "reader/mutation/addGuidelineFavorite",
		map[string]any{"guideline": g, "language": "de"}).Status, "without the space it is beta's own guideline, which does not exist")
	fb := favorites("beta", e.betaAdmin)
	require.Len(t, fb.Guidelines, 1)
	assert.True(t, fb.Guidelines[0].Shared)
	assert.Equal(t, e.alpha.ID, fb.Guidelines[0].Space)
	require.Len(t, fb.Collections, 1)
	assert.True(t, fb.Collections[0].Shared)
	assert.Empty(t, favorites("alpha", e.betaAdmin).Guidelines, "favourites belong to the space they were pinned in")

	// the share is withdrawn and the guideline goes offline: both drop out, and come back
	_, err = e.db.Control().Exec(context.Background(), "UPDATE control.shared_collections SET active = false")
	require.NoError(t, err)
	fb = favorites("beta", e.betaAdmin)
	assert.Empty(t, fb.Guidelines)
	assert.Empty(t, fb.Collections)
	e.alphaSQL("UPDATE guideline_languages SET online = false WHERE guideline_id = $1", g)
	assert.Empty(t, favorites("alpha", e.outsider).Guidelines, "a guideline that went offline is not listed")
	e.alphaSQL("UPDATE guideline_languages SET online = true WHERE guideline_id = $1", g)
	assert.Len(t, favorites("alpha", e.outsider).Guidelines, 1)

	// removing is idempotent and works for what is unreadable too
	e.alphaSQL("UPDATE guideline_languages SET online = false WHERE guideline_id = $1", g)
	for range 2 {
		assert.Equal(t, http.StatusOK, e.api("alpha", e.outsider, "reader/mutation/removeGuidelineFavorite", map[string]any{"guideline": g, "language": "de"}).Status)
		assert.Equal(t, http.StatusOK, e.api("alpha", e.outsider, "reader/mutation/removeCollectionFavorite", map[string]any{"collection": public.ID}).Status)
	}
	assert.Zero(t, e.count("SELECT count(*) FROM "+alphaSchema(e)+".favorite_guidelines WHERE user_id = $1", e.ids["outsider@test.ch"]))
	assert.Zero(t, e.count("SELECT count(*) FROM "+alphaSchema(e)+".favorite_collections WHERE user_id = $1", e.ids["outsider@test.ch"]))
	assert.Equal(t, http.StatusBadRequest, e.api("alpha", e.outsider, "reader/mutation/removeGuidelineFavorite", map[string]any{"guideline": g, "language": "xx"}).Status)

	// favourites are bounded: the one too many is refused and nothing changes
	e.alphaSQL(`INSERT INTO favorite_collections (user_id, source_space_id, collection_id) SELECT $1, $2, n FROM generate_series(100001, 100200) n`,
		e.ids["outsider@test.ch"], e.alpha.ID)
	res = e.api("alpha", e.outsider, "reader/mutation/addCollectionFavorite", map[string]any{"collection": public.ID})
	assert.Equal(t, http.StatusConflict, res.Status)
	assert.Equal(t, "favorites.tooMany", res.Message())
	assert.Equal(t, 200, e.count("SELECT count(*) FROM "+alphaSchema(e)+".favorite_collections WHERE user_id = $1", e.ids["outsider@test.ch"]))
}

// TestIntegrationGuidelineNotInToc proves that the administrators of a collection with a
// table of contents hear, in the app and by mail, when a guideline is published that is not
// in it, once per publication, and nobody hears when it is in it or there is none.
func TestIntegrationGuidelineNotInToc(t *testing.T) {
	e, mp := newEnvWithMail(t)
	c := e.cardio.ID
	author, validator := e.collMember, e.validator
	publish := func(id int64, text string) {
		t.Helper()
		v := e.addVersion(author, id, "de", text)
		res := e.api("alpha", author, "author/mutation/submitToValidation", map[string]any{"guidelineId": id, "guidelineVersion": v,
			"validation": map[string]any{"title": "t", "description": "d", "important": false}})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var req validationView
		res.JSON(t, &req)
		res = e.api("alpha", validator, "validator/mutation/acceptValidation", map[string]any{"revision": req.Revision, "comment": "",
			"validationContent": map[string]any{"title": "t", "description": "d", "important": false}})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	}
	placed := e.createGuideline(author, c, e.ids["validator@alpha.ch"])
	unplaced := e.createGuideline(author, c, e.ids["validator@alpha.ch"])

	// without a table of contents nobody is told
	publish(unplaced, "ohne Inhaltsverzeichnis")
	e.waitNotifications(author, 1) // the acceptance
	e.waitJobs()
	assert.Empty(t, e.notifications(e.collAdmin))
	e.addVersion(author, placed, "de", "Entwurf") // a guideline is placed in a language it has
	require.Equal(t, http.StatusOK, e.updateToc(e.collAdmin, c, folder("root", "", []map[string]any{
		folder("f", "Herz", nil, map[string]any{"id": "i", "name": "", "type": "guideline", "glid": placed, "language": "de"})})).Status)

	publish(placed, "eingeordnet")
	publish(unplaced, "zweite Fassung")
	notes := e.waitNotifications(e.collAdmin, 1)
	require.Len(t, notes, 1)
	assert.Equal(t, "guidelineNotInToc", notes[0].Action)
	assert.Equal(t, "collectionAdmin", notes[0].Role)
	assert.Equal(t, unplaced, notes[0].GuidelineID)
	assert.Equal(t, fmt.Sprintf("/collections/%d/toc", c), notes[0].URL)

	var mail string
	require.Eventually(t, func() bool {
		for _, m := range mp.Messages(t) {
			if m.To[0].Address == "colladmin@alpha.ch" {
				mail = m.Subject + "\n" + m.Text
				return true
			}
		}
		return false
	}, 15*time.Second, 50*time.Millisecond)
	assert.Contains(t, mail, "Nicht im Inhaltsverzeichnis: Sepsis de")
	assert.Contains(t, mail, fmt.Sprintf("/collections/%d/toc", c))

	// the job runs again (as after a crash): nobody hears twice
	var key string
	require.NoError(t, e.db.Control().QueryRow(context.Background(), "SELECT event_key FROM "+alphaSchema(e)+".notifications WHERE action = 'guidelineNotInToc'").Scan(&key))
	_, err := e.app.jobs.Insert(context.Background(), notify.GuidelineEvent{SpaceID: e.alpha.ID, GuidelineID: unplaced, Language: "de",
		Action: notify.ActionGuidelineNotInToc, Key: key}, nil)
	require.NoError(t, err)
	e.waitJobs()
	assert.Len(t, e.notifications(e.collAdmin), 1)
}

// waitJobs waits until the background jobs queued so far have run.
func (e *testEnv) waitJobs() {
	e.t.Helper()
	require.Eventually(e.t, func() bool {
		return e.count(`SELECT count(*) FROM control.river_job WHERE state NOT IN ('completed', 'discarded', 'cancelled')
			AND kind IN ('guideline_event', 'notification_mail')`) == 0
	}, 15*time.Second, 20*time.Millisecond)
}
