package favorites_test

import (
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/favorites"
	"vademecum/services/servicetest"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// fixture is a space with a public collection holding open (German published, French a
// draft) and a private one holding private, both written by author; beta is another space.
type fixture struct {
	*servicetest.Env
	servicetest.Cast
	svc                           *favorites.Service
	public, cardio, open, private int64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	e := servicetest.New(t)
	f := &fixture{Env: e, svc: &favorites.Service{DB: e.DB, Registry: e.Registry, Guidelines: e.Guidelines}}
	f.Cast = e.Cast(t)
	f.public = e.Collection(t, f.Alpha, "Emergency", "public", nil)
	f.cardio = e.Collection(t, f.Alpha, "Cardiology", "private", map[int64]string{f.Author: "member"})
	f.open = e.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.public, Author: f.Author, Languages: []string{"de", "fr"}, Published: []string{"de"}})
	f.private = e.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.cardio, Author: f.Author, Languages: []string{"de"}, Published: []string{"de"}})
	return f
}

func (f *fixture) pin(sp *tenancy.Space, user, guideline int64, lang string, from *tenancy.Space) (favorites.Favorites, error) {
	req := favorites.GuidelineRequest{Guideline: api.ID(guideline), Language: lang}
	if from != nil {
		id := api.ID(from.ID)
		req.Space = &id
	}
	return f.svc.AddGuidelineFavorite(f.As(sp, user), req)
}

func (f *fixture) pinCollection(sp *tenancy.Space, user, collection int64, from *tenancy.Space) (favorites.Favorites, error) {
	req := favorites.CollectionRequest{Collection: api.ID(collection)}
	if from != nil {
		id := api.ID(from.ID)
		req.Space = &id
	}
	return f.svc.AddCollectionFavorite(f.As(sp, user), req)
}

func (f *fixture) list(t *testing.T, sp *tenancy.Space, user int64) favorites.Favorites {
	t.Helper()
	out, err := f.svc.Favorites(f.As(sp, user), struct{}{})
	require.NoError(t, err)
	return out
}

// count counts the favourites of user kept in sp's table (favorite_guidelines or
// favorite_collections), readable or not.
func (f *fixture) count(t *testing.T, sp *tenancy.Space, table string, user int64) int {
	t.Helper()
	var n int
	require.NoError(t, f.DB.Control().QueryRow(t.Context(), "SELECT count(*) FROM "+sp.Schema+"."+table+" WHERE user_id = $1", user).Scan(&n))
	return n
}

// exec runs a statement in sp.
func (f *fixture) exec(t *testing.T, sp *tenancy.Space, q string, args ...any) {
	t.Helper()
	require.NoError(t, f.DB.SpaceTx(t.Context(), sp, func(tx pgx.Tx) error {
		_, err := tx.Exec(t.Context(), q, args...)
		return err
	}))
}

// share opens alpha's public collection to beta, or closes it.
func (f *fixture) share(t *testing.T, active bool) {
	t.Helper()
	_, err := f.DB.Control().Exec(t.Context(), `INSERT INTO control.shared_collections (from_space_id, collection_id, to_space_id, active) VALUES ($1, $2, $3, $4)
		ON CONFLICT (from_space_id, collection_id, to_space_id) DO UPDATE SET active = excluded.active`, f.Alpha.ID, f.public, f.Beta.ID, active)
	require.NoError(t, err)
}

// TestIntegrationPinGuidelines proves that a reader pins only guideline languages they may
// read (anything else is not found, whatever the reason), that pinning twice pins once,
// that the favourites come back newest first with their titles, and that refusals write
// nothing.
func TestIntegrationPinGuidelines(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		name      string
		user      int64
		guideline int64
		lang      string
		from      *tenancy.Space
		message   string
	}{
		{"a language not published", f.Outsider, f.open, "fr", nil, "guideline.notFound"},
		{"a language the guideline lacks", f.Outsider, f.open, "it", nil, "guideline.notFound"},
		{"a private collection's guideline", f.Member, f.private, "de", nil, "guideline.notFound"},
		{"an unknown guideline", f.Outsider, 999999, "de", nil, "guideline.notFound"},
		{"an unknown space", f.Outsider, f.open, "de", &tenancy.Space{ID: 999999}, "guideline.notFound"},
		{"a space that shares nothing", f.Outsider, f.open, "de", f.Beta, "guideline.notFound"},
		{"an unknown language", f.Outsider, f.open, "xx", nil, "validation.language"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.pin(f.Alpha, tc.user, tc.guideline, tc.lang, tc.from)
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
	assert.Zero(t, f.count(t, f.Alpha, "favorite_guidelines", f.Outsider), "refusals write nothing")
	assert.Zero(t, f.count(t, f.Alpha, "favorite_guidelines", f.Member))

	for range 2 {
		out, err := f.pin(f.Alpha, f.Outsider, f.open, "de", nil)
		require.NoError(t, err)
		require.Len(t, out.Guidelines, 1, "pinning twice pins once")
		assert.Equal(t, favorites.Guideline{Guideline: f.open, Language: "de", Title: "Guideline de", Space: f.Alpha.ID}, out.Guidelines[0])
		assert.Empty(t, out.Collections)
	}
	_, err := f.pin(f.Alpha, f.Outsider, f.open, "de", f.Alpha)
	require.NoError(t, err, "naming one's own space is the same")
	assert.Equal(t, 1, f.count(t, f.Alpha, "favorite_guidelines", f.Outsider))

	// the author reads every language of their guidelines, drafts included
	_, err = f.pin(f.Alpha, f.Author, f.open, "de", nil)
	require.NoError(t, err)
	_, err = f.pin(f.Alpha, f.Author, f.private, "de", nil)
	require.NoError(t, err)
	out, err := f.pin(f.Alpha, f.Author, f.open, "fr", nil)
	require.NoError(t, err)
	var got []string
	for _, g := range out.Guidelines {
		got = append(got, g.Title)
	}
	assert.Equal(t, []string{"Guideline fr", "Guideline de", "Guideline de"}, got, "newest first")
	assert.Equal(t, f.private, out.Guidelines[1].Guideline)
	assert.Len(t, f.list(t, f.Alpha, f.Outsider).Guidelines, 1, "each reader has their own")
}

// TestIntegrationPinCollections proves that a reader pins only collections they may read,
// once, and gets them back with their titles.
func TestIntegrationPinCollections(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		name       string
		user       int64
		collection int64
		from       *tenancy.Space
	}{
		{"a private collection", f.Outsider, f.cardio, nil},
		{"a private collection, to a space member", f.Member, f.cardio, nil},
		{"an unknown collection", f.Outsider, 999999, nil},
		{"a collection of a space that shares nothing", f.Outsider, f.public, f.Beta},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.pinCollection(f.Alpha, tc.user, tc.collection, tc.from)
			assert.Equal(t, "collection.notFound", servicetest.Message(err))
		})
	}
	assert.Zero(t, f.count(t, f.Alpha, "favorite_collections", f.Outsider), "refusals write nothing")

	for range 2 {
		out, err := f.pinCollection(f.Alpha, f.Outsider, f.public, nil)
		require.NoError(t, err)
		require.Len(t, out.Collections, 1, "pinning twice pins once")
		assert.Equal(t, favorites.Collection{Collection: f.public, Title: "Emergency", Space: f.Alpha.ID}, out.Collections[0])
	}
	out, err := f.pinCollection(f.Alpha, f.Author, f.cardio, nil)
	require.NoError(t, err, "a member of the private collection")
	assert.Equal(t, "Cardiology", out.Collections[0].Title)
}

// TestIntegrationSharedFavorites proves that a reader pins, from their space, guidelines and
// collections of another space shared to it, that favourites belong to the space they were
// pinned in, and that they drop out while the share is withdrawn and come back with it.
func TestIntegrationSharedFavorites(t *testing.T) {
	f := newFixture(t)
	f.share(t, true)
	_, err := f.pin(f.Beta, f.BetaAdmin, f.open, "de", nil)
	assert.Equal(t, "guideline.notFound", servicetest.Message(err), "without the space it is beta's own guideline, which does not exist")
	_, err = f.pin(f.Beta, f.BetaAdmin, f.private, "de", f.Alpha)
	assert.Equal(t, "guideline.notFound", servicetest.Message(err), "a collection that is not shared")
	_, err = f.pin(f.Beta, f.BetaAdmin, f.open, "de", f.Alpha)
	require.NoError(t, err)
	_, err = f.pinCollection(f.Beta, f.BetaAdmin, f.cardio, f.Alpha)
	assert.Equal(t, "collection.notFound", servicetest.Message(err))
	out, err := f.pinCollection(f.Beta, f.BetaAdmin, f.public, f.Alpha)
	require.NoError(t, err)
	assert.Equal(t, []favorites.Guideline{{Guideline: f.open, Language: "de", Title: "Guideline de", Space: f.Alpha.ID, Shared: true}}, out.Guidelines)
	assert.Equal(t, []favorites.Collection{{Collection: f.public, Title: "Emergency", Space: f.Alpha.ID, Shared: true}}, out.Collections)
	assert.Equal(t, 1, f.count(t, f.Beta, "favorite_guidelines", f.BetaAdmin), "kept in the space they were pinned in")
	mine := f.list(t, f.Alpha, f.BetaAdmin)
	assert.Empty(t, mine.Guidelines, "favourites belong to the space they were pinned in")
	assert.Empty(t, mine.Collections)

	f.share(t, false)
	out = f.list(t, f.Beta, f.BetaAdmin)
	assert.Empty(t, out.Guidelines, "a withdrawn share drops them at once")
	assert.Empty(t, out.Collections)
	assert.Equal(t, 1, f.count(t, f.Beta, "favorite_guidelines", f.BetaAdmin), "kept, in case the share comes back")
	f.share(t, true)
	out = f.list(t, f.Beta, f.BetaAdmin)
	assert.Len(t, out.Guidelines, 1)
	assert.Len(t, out.Collections, 1)

	// unpinning names the source space as pinning did
	out, err = f.svc.RemoveGuidelineFavorite(f.As(f.Beta, f.BetaAdmin), favorites.GuidelineRequest{Guideline: api.ID(f.open), Language: "de"})
	require.NoError(t, err)
	assert.Len(t, out.Guidelines, 1, "without the space it names beta's own guideline")
	alpha := api.ID(f.Alpha.ID)
	out, err = f.svc.RemoveGuidelineFavorite(f.As(f.Beta, f.BetaAdmin), favorites.GuidelineRequest{Guideline: api.ID(f.open), Language: "de", Space: &alpha})
	require.NoError(t, err)
	assert.Empty(t, out.Guidelines)
	out, err = f.svc.RemoveCollectionFavorite(f.As(f.Beta, f.BetaAdmin), favorites.CollectionRequest{Collection: api.ID(f.public), Space: &alpha})
	require.NoError(t, err)
	assert.Empty(t, out.Collections)
}

// TestIntegrationUnreadableFavorites proves that a favourite the reader may no longer read is
// not listed but kept, comes back when it is readable again, and can be unpinned meanwhile;
// unpinning is idempotent and checks the language.
func TestIntegrationUnreadableFavorites(t *testing.T) {
	f := newFixture(t)
	_, err := f.pin(f.Alpha, f.Outsider, f.open, "de", nil)
	require.NoError(t, err)
	_, err = f.pinCollection(f.Alpha, f.Outsider, f.public, nil)
	require.NoError(t, err)

	f.exec(t, f.Alpha, "UPDATE guideline_languages SET online = false WHERE guideline_id = $1", f.open)
	assert.Empty(t, f.list(t, f.Alpha, f.Outsider).Guidelines, "a guideline that went offline is not listed")
	assert.Equal(t, 1, f.count(t, f.Alpha, "favorite_guidelines", f.Outsider))
	f.exec(t, f.Alpha, "UPDATE guideline_languages SET online = true WHERE guideline_id = $1", f.open)
	assert.Len(t, f.list(t, f.Alpha, f.Outsider).Guidelines, 1, "and is back when online again")

	f.exec(t, f.Alpha, "UPDATE collections SET visibility = 'protected' WHERE id = $1", f.public)
	out := f.list(t, f.Alpha, f.Outsider)
	assert.Empty(t, out.Guidelines, "a collection closed to the reader takes its guidelines along")
	assert.Empty(t, out.Collections)
	assert.Empty(t, f.list(t, f.Alpha, f.Member).Collections, "the member pinned nothing")

	_, err = f.svc.RemoveGuidelineFavorite(f.As(f.Alpha, f.Outsider), favorites.GuidelineRequest{Guideline: api.ID(f.open), Language: "xx"})
	assert.Equal(t, "validation.language", servicetest.Message(err))
	assert.Equal(t, 1, f.count(t, f.Alpha, "favorite_guidelines", f.Outsider))
	for range 2 {
		_, err = f.svc.RemoveGuidelineFavorite(f.As(f.Alpha, f.Outsider), favorites.GuidelineRequest{Guideline: api.ID(f.open), Language: "de"})
		require.NoError(t, err, "unpinning what is unreadable, or not pinned")
		_, err = f.svc.RemoveCollectionFavorite(f.As(f.Alpha, f.Outsider), favorites.CollectionRequest{Collection: api.ID(f.public)})
		require.NoError(t, err)
	}
	assert.Zero(t, f.count(t, f.Alpha, "favorite_guidelines", f.Outsider))
	assert.Zero(t, f.count(t, f.Alpha, "favorite_collections", f.Outsider))
}

// TestIntegrationFavoritesBound proves that a reader keeps at most MaxFavorites guidelines
// and collections in a space: the one too many is refused and nothing changes, while
// pinning again what is pinned still answers.
func TestIntegrationFavoritesBound(t *testing.T) {
	f := newFixture(t)
	_, err := f.pinCollection(f.Alpha, f.Outsider, f.public, nil)
	require.NoError(t, err)
	f.exec(t, f.Alpha, `INSERT INTO favorite_collections (user_id, source_space_id, collection_id)
		SELECT $1, $2, n FROM generate_series(100001, 100000 + $3::int - 1) n`, f.Outsider, f.Alpha.ID, favorites.MaxFavorites)
	f.exec(t, f.Alpha, `INSERT INTO favorite_guidelines (user_id, source_space_id, guideline_id, language)
		SELECT $1, $2, n, 'de' FROM generate_series(100001, 100000 + $3::int) n`, f.Outsider, f.Alpha.ID, favorites.MaxFavorites)

	_, err = f.pinCollection(f.Alpha, f.Outsider, f.public, nil)
	require.NoError(t, err, "pinning again what is pinned, at the bound")
	_, err = f.pin(f.Alpha, f.Outsider, f.open, "de", nil)
	var e *api.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, api.KindConflict, e.Kind)
	assert.Equal(t, "favorites.tooMany", e.Message)
	assert.Equal(t, map[string]any{"max": favorites.MaxFavorites}, e.Params)
	assert.Equal(t, favorites.MaxFavorites, f.count(t, f.Alpha, "favorite_guidelines", f.Outsider), "the one too many is not kept")
	out := f.list(t, f.Alpha, f.Outsider)
	assert.Empty(t, out.Guidelines, "pins of nothing readable are not listed")
	assert.Len(t, out.Collections, 1)

	_, err = f.pin(f.Alpha, f.Member, f.open, "de", nil)
	require.NoError(t, err, "the bound is per reader")
}

// TestIntegrationRenumberSpace proves that restoring a space under a new id keeps its
// readers' favourites of its own collections and those of collections shared by others.
func TestIntegrationRenumberSpace(t *testing.T) {
	f := newFixture(t)
	f.exec(t, f.Alpha, `INSERT INTO favorite_guidelines (user_id, source_space_id, guideline_id, language) VALUES ($1, $2, 1, 'de'), ($1, $3, 2, 'de')`,
		f.Member, f.Alpha.ID, f.Beta.ID)
	f.exec(t, f.Alpha, `INSERT INTO favorite_collections (user_id, source_space_id, collection_id) VALUES ($1, $2, 1), ($1, $3, 2)`,
		f.Member, f.Alpha.ID, f.Beta.ID)
	require.NoError(t, f.DB.SpaceTx(t.Context(), f.Alpha, func(tx pgx.Tx) error {
		return favorites.RenumberSpace(t.Context(), tx, f.Alpha.ID, 4242)
	}))
	for _, table := range []string{"favorite_guidelines", "favorite_collections"} {
		rows, err := f.DB.Control().Query(t.Context(), "SELECT source_space_id FROM "+f.Alpha.Schema+"."+table+" ORDER BY source_space_id")
		require.NoError(t, err)
		spaces, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		require.NoError(t, err)
		assert.ElementsMatch(t, []int64{4242, f.Beta.ID}, spaces, table)
	}
}
