package main

import (
	"context"
	"fmt"
	"net/http"
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

// TestIntegrationToc proves the table-of-contents calls through the whole server: the policy
// and the decoder answer before the service (whose rules services/toc tests), its errors
// reach the client with the node they name, and a collection shared to another space reads
// there through that space's host.
func TestIntegrationToc(t *testing.T) {
	e := newEnv(t)
	author := e.ids["collmember@alpha.ch"]
	public := e.createCollection(e.alphaAdmin, "Emergency", "public", e.ids["member@alpha.ch"])
	admin := e.alphaMember // administers Emergency, not cardio
	a := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de", "fr"}, Published: []string{"de", "fr"}})
	private := e.buildGuideline(servicetest.Guideline{Collection: e.cardio.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})

	tree := folder("root", "", []map[string]any{
		folder("f1", "Notfall", nil, guidelineItem("i1", a, "de")),
		folder("f2", "Links", nil,
			map[string]any{"id": "i4", "name": "Swissmedic", "type": "externalLink", "link": "https://www.swissmedic.ch/"},
			map[string]any{"id": "i5", "name": "Kardiologie", "type": "guidelineLink", "glid": private, "language": "de"}),
	})

	t.Run("answers of the server", func(t *testing.T) {
		res := e.updateToc(admin, public.ID, folder("root", "", []map[string]any{folder("f", "a", nil, guidelineItem("i", private, "de"))}))
		assert.Equal(t, http.StatusBadRequest, res.Status)
		assert.Equal(t, "toc.guidelineNotInCollection", res.Message())
		assert.Contains(t, string(res.Body), `"path":"folders.0.items.0"`)
		for _, body := range []string{`{"collection":"x","f":{}}`, `{"collection":1,"f":[]}`, `{"collection":1,"f":{"items":[{"glid":"abc"}]}}`, `{"collection":`, `{"collection":1,"g":{}}`} {
			res := e.api("alpha", admin, "toc/mutation/updateToc", body)
			assert.Equal(t, http.StatusBadRequest, res.Status, body)
		}
		empty := folder("root", "", nil)
		for _, tc := range []struct {
			name       string
			who        string
			collection int64
			status     int
		}{
			{"anonymous", "", public.ID, http.StatusUnauthorized},
			{"not a member of the space", e.outsider, public.ID, http.StatusForbidden},
			{"the admin of another collection", e.collAdmin, public.ID, http.StatusForbidden},
			{"an unknown collection", e.collAdmin, 999999, http.StatusNotFound},
		} {
			assert.Equal(t, tc.status, e.api("alpha", tc.who, "toc/query/fullToc", map[string]any{"collection": tc.collection}).Status, tc.name)
			assert.Equal(t, tc.status, e.updateToc(tc.who, tc.collection, empty).Status, tc.name)
		}
		assert.Equal(t, http.StatusNotFound, e.api("beta", e.betaAdmin, "toc/mutation/updateToc", map[string]any{"collection": public.ID, "f": empty}).Status,
			"collection ids of another space")
		assert.Zero(t, e.count("SELECT count(*) FROM "+alphaSchema(e)+".tocs"), "nothing was written")
	})

	t.Run("build and read", func(t *testing.T) {
		res := e.api("alpha", e.alphaAdmin, "reader/mutation/createCollectionToc", map[string]any{"collectionId": public.ID,
			"body": map[string]any{"id": 0, "timestamp": nil, "userId": nil, "tree": tree}})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		res = e.api("alpha", e.alphaAdmin, "reader/mutation/createCollectionToc", map[string]any{"collectionId": public.ID,
			"body": map[string]any{"tree": tree}})
		assert.Equal(t, http.StatusConflict, res.Status)
		assert.Equal(t, "toc.exists", res.Message())
		var full fullTocView
		e.api("alpha", admin, "toc/query/fullToc", map[string]any{"collection": public.ID}).JSON(t, &full)
		assert.Equal(t, e.ids["admin@alpha.ch"], *full.UserID)
		assert.Equal(t, "Guideline de", full.Tree.Folders[0].Items[0].Title)

		res, v := e.readerToc("alpha", "", map[string]any{"collectionId": public.ID})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Equal(t, []string{"Notfall/Guideline de", "Links/Swissmedic"}, names(v.Tree, ""), "the link to cardio is not for anonymous readers")
		res, v = e.readerToc("alpha", e.validator, map[string]any{"collectionId": public.ID})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Contains(t, names(v.Tree, ""), "Links/Kardiologie")
		res, _ = e.readerToc("alpha", admin, map[string]any{"collectionId": e.cardio.ID})
		assert.Equal(t, http.StatusNotFound, res.Status, "a private collection is not there for a space member")
		assert.Equal(t, "collection.notFound", res.Message())
		res, _ = e.readerToc("alpha", "", `{"collectionId":"x"}`)
		assert.Equal(t, http.StatusBadRequest, res.Status)

		var list []struct {
			GuidelineID int64 `json:"guidelineId"`
		}
		e.api("alpha", "", "reader/query/tocGuidelines", map[string]any{"collectionId": public.ID}).JSON(t, &list)
		assert.Len(t, list, 1)
		var colls []struct {
			CollectionID    int64 `json:"collectionId"`
			GuidelinesCount int   `json:"guidelinesCount"`
		}
		e.api("alpha", "", "common/query/collectionsWithActiveGuidelines", `{}`).JSON(t, &colls)
		require.Len(t, colls, 1)
		assert.Equal(t, 1, colls[0].GuidelinesCount)
	})

	t.Run("shared to another space", func(t *testing.T) {
		require.NoError(t, e.db.Control().QueryRow(context.Background(), `INSERT INTO control.shared_collections (from_space_id, collection_id, to_space_id, active)
			VALUES ($1, $2, $3, true) RETURNING 1`, e.alpha.ID, public.ID, e.beta.ID).Scan(new(int)))
		res, v := e.readerToc("beta", e.betaAdmin, map[string]any{"collectionId": public.ID, "space": e.alpha.ID})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Equal(t, []string{"Notfall/Guideline de", "Links/Swissmedic"}, names(v.Tree, ""))
		require.NotNil(t, v.Tree.Folders[0].Items[0].Space)
		assert.Equal(t, e.alpha.ID, *v.Tree.Folders[0].Items[0].Space, "items name their space")

		_, err := e.db.Control().Exec(context.Background(), "UPDATE control.shared_collections SET active = false WHERE to_space_id = $1", e.beta.ID)
		require.NoError(t, err)
		res, _ = e.readerToc("beta", e.betaAdmin, map[string]any{"collectionId": public.ID, "space": e.alpha.ID})
		assert.Equal(t, http.StatusNotFound, res.Status, "a deactivated share is gone at once")
		res, _ = e.readerToc("beta", e.betaAdmin, map[string]any{"collectionId": public.ID})
		assert.Equal(t, http.StatusNotFound, res.Status, "ids of another space")
	})
}

// TestIntegrationFavorites proves the favourites' calls through the whole server (their rules
// are tested in services/favorites): sign-in required, the decoder's and the service's
// answers, a favourite of a collection shared to beta pinned on beta's host, and the bound's
// 409.
func TestIntegrationFavorites(t *testing.T) {
	e := newEnv(t)
	author := e.ids["collmember@alpha.ch"]
	public := e.createCollection(e.alphaAdmin, "Emergency", "public")
	g := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de", "fr"}, Published: []string{"de"}})
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
		{"a bad language", map[string]any{"guideline": g, "language": "xx"}, http.StatusBadRequest},
		{"a bad id", `{"guideline":"eins","language":"de"}`, http.StatusBadRequest},
	} {
		assert.Equal(t, tc.status, e.api("alpha", e.outsider, "reader/mutation/addGuidelineFavorite", tc.body).Status, tc.name)
	}
	res := e.api("alpha", e.outsider, "reader/mutation/addGuidelineFavorite", map[string]any{"guideline": g, "language": "de"})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	f := favorites("alpha", e.outsider)
	require.Len(t, f.Guidelines, 1)
	assert.Equal(t, "Guideline de", f.Guidelines[0].Title)

	// a guideline of a collection shared to beta, pinned on beta's host
	_, err := e.db.Control().Exec(context.Background(), `INSERT INTO control.shared_collections (from_space_id, collection_id, to_space_id, active)
		VALUES ($1, $2, $3, true)`, e.alpha.ID, public.ID, e.beta.ID)
	require.NoError(t, err)
	res = e.api("beta", e.betaAdmin, "reader/mutation/addGuidelineFavorite", map[string]any{"guideline": g, "language": "de", "space": e.alpha.ID})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	fb := favorites("beta", e.betaAdmin)
	require.Len(t, fb.Guidelines, 1)
	assert.True(t, fb.Guidelines[0].Shared)
	assert.Empty(t, favorites("alpha", e.betaAdmin).Guidelines, "favourites belong to the space they were pinned in")
	assert.Equal(t, http.StatusOK, e.api("beta", e.betaAdmin, "reader/mutation/removeGuidelineFavorite",
		map[string]any{"guideline": g, "language": "de", "space": e.alpha.ID}).Status)

	// favourites are bounded: the one too many is refused
	e.alphaSQL(`INSERT INTO favorite_collections (user_id, source_space_id, collection_id) SELECT $1, $2, n FROM generate_series(100001, 100200) n`,
		e.ids["outsider@test.ch"], e.alpha.ID)
	res = e.api("alpha", e.outsider, "reader/mutation/addCollectionFavorite", map[string]any{"collection": public.ID})
	assert.Equal(t, http.StatusConflict, res.Status)
	assert.Equal(t, "favorites.tooMany", res.Message())
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
