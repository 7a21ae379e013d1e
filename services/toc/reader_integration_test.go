package toc_test

import (
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/servicetest"
	"vademecum/services/toc"
	"vademecum/tenancy"
)

// readerToc is the table of contents of a collection of space from (nil: sp's own) as user
// reads it in space sp.
func (f *fixture) readerToc(sp *tenancy.Space, user, collection int64, from *tenancy.Space) (toc.ReaderToc, error) {
	req := toc.ReaderRequest{CollectionID: api.ID(collection)}
	if from != nil {
		req.Space = glid(from.ID)
	}
	return f.svc.CollectionToc(f.As(sp, user), req)
}

// shareEmergency opens alpha's Emergency to beta, or closes it.
func (f *fixture) shareEmergency(t *testing.T, active bool) {
	t.Helper()
	_, err := f.DB.Control().Exec(t.Context(), `INSERT INTO control.shared_collections (from_space_id, collection_id, to_space_id, active) VALUES ($1, $2, $3, $4)
		ON CONFLICT (from_space_id, collection_id, to_space_id) DO UPDATE SET active = excluded.active`, f.Alpha.ID, f.emergency, f.Beta.ID, active)
	require.NoError(t, err)
}

// inAlpha runs a statement in alpha's schema.
func (f *fixture) inAlpha(t *testing.T, q string, args ...any) {
	t.Helper()
	require.NoError(t, f.DB.SpaceTx(t.Context(), f.Alpha, func(tx pgx.Tx) error {
		_, err := tx.Exec(t.Context(), q, args...)
		return err
	}))
}

// paths lists a reader's tree as "folder/item" names.
func paths(f toc.Folder, prefix string) []string {
	var out []string
	for _, it := range f.Items {
		out = append(out, prefix+it.Name)
	}
	for _, sub := range f.Folders {
		out = append(out, paths(sub, prefix+sub.Name+"/")...)
	}
	return out
}

// TestIntegrationReaderToc proves what readers see of a table of contents: only guidelines
// and links they may read, each in a language they may read, without the folders left
// empty; without a table of contents, the guidelines they may read by title; and a
// collection they may not read is not there.
func TestIntegrationReaderToc(t *testing.T) {
	f := newFixture(t)
	_, err := f.update(f.Alpha, f.Admin, f.emergency, f.emergencyTree())
	require.NoError(t, err)

	for _, tc := range []struct {
		name string
		user int64
		want []string
	}{
		// the draft is no one's to read, frOnly only in French, the link only for readers of Cardiology
		{"anonymous", 0, []string{"Guideline fr", "Notfall/Guideline de", "Links/Swissmedic"}},
		{"a signed-in outsider", f.Outsider, []string{"Guideline fr", "Notfall/Guideline de", "Links/Swissmedic"}},
		{"the admin of Emergency", f.emAdmin, []string{"Guideline fr", "Notfall/Guideline de", "Links/Swissmedic"}},
		{"a validator of Cardiology", f.Validator, []string{"Guideline fr", "Notfall/Guideline de", "Links/Swissmedic", "Links/Kardiologie"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := f.readerToc(f.Alpha, tc.user, f.emergency, nil)
			require.NoError(t, err)
			assert.Equal(t, "Emergency", v.Title)
			assert.Equal(t, f.emergency, v.CollectionID)
			assert.Equal(t, f.Alpha.ID, v.SpaceID)
			assert.ElementsMatch(t, tc.want, paths(v.Tree, ""))
			for _, sub := range v.Tree.Folders {
				assert.NotEqual(t, "Nur Entwürfe", sub.Name, "folders left empty are dropped")
			}
		})
	}
	v, err := f.readerToc(f.Alpha, 0, f.emergency, nil)
	require.NoError(t, err)
	require.Len(t, v.Tree.Items, 1)
	fr := v.Tree.Items[0]
	assert.Equal(t, "fr", fr.Language, "shown in the language the reader may read")
	assert.Equal(t, []string{"fr"}, fr.Languages)
	assert.Equal(t, "Guideline fr", fr.Name, "an item without a name shows the title")
	assert.Nil(t, fr.Space, "guidelines of the space name none")
	require.Len(t, v.Tree.Folders, 2)
	assert.Equal(t, []string{"de", "fr"}, v.Tree.Folders[0].Items[0].Languages)

	// a guideline taken offline leaves the tree, and its folder with it
	f.inAlpha(t, "UPDATE guideline_languages SET online = false WHERE guideline_id = $1", f.a)
	v, err = f.readerToc(f.Alpha, f.Outsider, f.emergency, nil)
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"Guideline fr", "Links/Swissmedic"}, paths(v.Tree, ""))
	f.inAlpha(t, "UPDATE guideline_languages SET online = true WHERE guideline_id = $1", f.a)

	for _, tc := range []struct {
		name       string
		user       int64
		collection int64
	}{
		{"a private collection, for a member of the space", f.emAdmin, f.cardio},
		{"a private collection, for anonymous", 0, f.cardio},
		{"an unknown collection", 0, 999999},
	} {
		_, err := f.readerToc(f.Alpha, tc.user, tc.collection, nil)
		assert.ErrorIs(t, err, toc.ErrCollectionUnknown, tc.name)
		_, err = f.svc.TocGuidelines(f.As(f.Alpha, tc.user), toc.ReaderRequest{CollectionID: api.ID(tc.collection)})
		assert.ErrorIs(t, err, toc.ErrCollectionUnknown, tc.name)
	}

	// without a table of contents a reader sees the guidelines by title
	v, err = f.readerToc(f.Alpha, f.Validator, f.cardio, nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"Guideline de"}, paths(v.Tree, ""))
	assert.Equal(t, "de", v.Tree.Items[0].Language)

	list, err := f.svc.TocGuidelines(f.As(f.Alpha, 0), toc.ReaderRequest{CollectionID: api.ID(f.emergency)})
	require.NoError(t, err)
	assert.Equal(t, []toc.ReaderGuideline{
		{GuidelineID: f.a, Title: "Guideline de", Language: "de", Languages: []string{"de", "fr"}},
		{GuidelineID: f.frOnly, Title: "Guideline fr", Language: "fr", Languages: []string{"fr"}},
	}, list, "the published guidelines only, by title")
}

// TestIntegrationActiveCollections proves that the welcome page and the drawer list the
// collections holding guidelines the caller may read, with their number.
func TestIntegrationActiveCollections(t *testing.T) {
	f := newFixture(t)
	f.Collection(t, f.Alpha, "Empty", "public", nil)
	for _, tc := range []struct {
		name string
		user int64
		want map[int64]int
	}{
		{"anonymous", 0, map[int64]int{f.emergency: 2}},
		{"a member of the space", f.emAdmin, map[int64]int{f.emergency: 2}},
		{"a validator of Cardiology", f.Validator, map[int64]int{f.emergency: 2, f.cardio: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			list, err := f.svc.CollectionsWithActiveGuidelines(f.As(f.Alpha, tc.user), struct{}{})
			require.NoError(t, err)
			got := map[int64]int{}
			for _, c := range list {
				got[c.CollectionID] = c.GuidelinesCount
				assert.False(t, c.Shared)
				assert.Equal(t, f.Alpha.ID, c.SpaceID)
			}
			assert.Equal(t, tc.want, got, "collections without readable guidelines are left out")
		})
	}
	list, err := f.svc.CollectionsWithActiveGuidelines(f.As(f.Beta, 0), struct{}{})
	require.NoError(t, err)
	assert.Empty(t, list, "another space's collections are not listed")
}

// TestIntegrationReaderTocShared proves that a collection shared to another space reads
// there as at home, its items naming the space they belong to; that links to its guidelines
// may be placed in the receiving space's tables of contents; and that a share turned off is
// gone at once, for reading and linking alike.
func TestIntegrationReaderTocShared(t *testing.T) {
	f := newFixture(t)
	_, err := f.update(f.Alpha, f.Admin, f.emergency, f.emergencyTree())
	require.NoError(t, err)
	_, err = f.readerToc(f.Beta, f.BetaAdmin, f.emergency, f.Alpha)
	assert.ErrorIs(t, err, toc.ErrCollectionUnknown, "not shared yet")

	f.shareEmergency(t, true)
	v, err := f.readerToc(f.Beta, f.BetaAdmin, f.emergency, f.Alpha)
	require.NoError(t, err)
	assert.Equal(t, f.Alpha.ID, v.SpaceID)
	assert.ElementsMatch(t, []string{"Guideline fr", "Notfall/Guideline de", "Links/Swissmedic"}, paths(v.Tree, ""))
	require.NotNil(t, v.Tree.Items[0].Space)
	assert.Equal(t, api.ID(f.Alpha.ID), *v.Tree.Items[0].Space, "items name their space")
	list, err := f.svc.TocGuidelines(f.As(f.Beta, 0), toc.ReaderRequest{CollectionID: api.ID(f.emergency), Space: glid(f.Alpha.ID)})
	require.NoError(t, err)
	require.Len(t, list, 2)
	require.NotNil(t, list[0].Space)
	assert.Equal(t, f.Alpha.ID, *list[0].Space)
	active, err := f.svc.CollectionsWithActiveGuidelines(f.As(f.Beta, 0), struct{}{})
	require.NoError(t, err)
	require.Len(t, active, 1)
	assert.True(t, active[0].Shared, "shared collections are listed as if local")
	assert.Equal(t, "alpha", active[0].SpaceTitle)
	assert.Equal(t, 2, active[0].GuidelinesCount)

	_, err = f.readerToc(f.Beta, f.BetaAdmin, f.emergency, nil)
	assert.ErrorIs(t, err, toc.ErrCollectionUnknown, "without the space it is beta's own collection, which does not exist")

	// beta's own table of contents links to a shared guideline
	own := f.Collection(t, f.Beta, "Beta", "public", map[int64]string{f.BetaAdmin: "admin"})
	saved, err := f.update(f.Beta, f.BetaAdmin, own, tocFolder("root", "", nil, linkItem("l", "", f.a, "fr", f.Alpha)))
	require.NoError(t, err)
	require.NotNil(t, saved.Tree.Items[0].Space)
	mine, err := f.readerToc(f.Beta, 0, own, nil)
	require.NoError(t, err)
	require.Len(t, mine.Tree.Items, 1)
	assert.Equal(t, "Guideline fr", mine.Tree.Items[0].Name)
	assert.Equal(t, []string{"fr"}, mine.Tree.Items[0].Languages, "a link offers the language it names only")
	assert.Equal(t, api.ID(f.Alpha.ID), *mine.Tree.Items[0].Space)

	f.shareEmergency(t, false)
	_, err = f.readerToc(f.Beta, f.BetaAdmin, f.emergency, f.Alpha)
	assert.ErrorIs(t, err, toc.ErrCollectionUnknown, "a share turned off is gone at once")
	mine, err = f.readerToc(f.Beta, 0, own, nil)
	require.NoError(t, err)
	assert.Empty(t, mine.Tree.Items, "the link is dropped with the share")
	_, err = f.update(f.Beta, f.BetaAdmin, own, tocFolder("root", "", nil, linkItem("l", "", f.a, "fr", f.Alpha)))
	assert.Equal(t, "toc.guidelineNotReadable", servicetest.Message(err))
	active, err = f.svc.CollectionsWithActiveGuidelines(f.As(f.Beta, 0), struct{}{})
	require.NoError(t, err)
	assert.Empty(t, active)
}
