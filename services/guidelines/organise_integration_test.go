package guidelines_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/services/servicetest"
	"vademecum/services/spaces"
)

// definition writes a metadata definition of the installation with options named in German.
func (f *authoring) definition(t *testing.T, names api.Texts, options ...api.Texts) spaces.Metadata {
	t.Helper()
	in := spaces.MetadataInput{Names: names}
	for _, o := range options {
		in.Options = append(in.Options, spaces.OptionInput{Names: o})
	}
	m, err := f.Spaces.SaveMetadata(context.Background(), spaces.SaveMetadataRequest{Metadata: in})
	require.NoError(t, err)
	return m
}

// TestIntegrationSetMetadata proves that a guideline is classified by one option of each
// definition its space uses, by its authors or collection admins, and that a refused
// classification leaves the previous one.
func TestIntegrationSetMetadata(t *testing.T) {
	f := newAuthoring(t)
	id := f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.cardio, Author: f.Author, Languages: []string{"de", "fr"}, Published: []string{"de"}})
	evidence := f.definition(t, api.Texts{De: "Evidenz", En: "Evidence"}, api.Texts{De: "A"}, api.Texts{De: "B", Fr: "B (fr)"})
	audience := f.definition(t, api.Texts{De: "Zielgruppe"}, api.Texts{De: "Pflege"})
	_, err := f.Spaces.SetSpaceMetadata(f.As(f.Alpha, f.Admin), spaces.SetSpaceMetadataRequest{SpaceID: api.ID(f.Alpha.ID), MetadataIDs: []api.ID{api.ID(evidence.ID)}})
	require.NoError(t, err)
	set := func(user int64, choices ...[2]int64) ([]guidelines.GuidelineMetadata, error) {
		req := guidelines.SetMetadataRequest{GuidelineID: api.ID(id), Metadata: []guidelines.MetadataChoice{}}
		for _, c := range choices {
			req.Metadata = append(req.Metadata, guidelines.MetadataChoice{MetadataID: api.ID(c[0]), OptionID: api.ID(c[1])})
		}
		return f.svc.SetMetadata(f.As(f.Alpha, user), req)
	}
	b := [2]int64{evidence.ID, evidence.Options[1].ID}
	want := []guidelines.GuidelineMetadata{{MetadataID: evidence.ID, Names: api.Texts{De: "Evidenz", En: "Evidence"},
		OptionID: evidence.Options[1].ID, OptionNames: api.Texts{De: "B", Fr: "B (fr)"}}}
	got, err := set(f.Author, b)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	jobs := len(f.reindexed(t))
	assert.Equal(t, 1, jobs, "readers find it by its classification")

	for _, tc := range []struct {
		name    string
		user    int64
		choices [][2]int64
		message string
	}{
		{"an option of another definition", f.Author, [][2]int64{{evidence.ID, audience.Options[0].ID}}, "guideline.invalidMetadata"},
		{"a definition the space does not use", f.Author, [][2]int64{{audience.ID, audience.Options[0].ID}}, "guideline.invalidMetadata"},
		{"an unknown option", f.Author, [][2]int64{{evidence.ID, 999999}}, "guideline.invalidMetadata"},
		{"one definition twice", f.Author, [][2]int64{{evidence.ID, evidence.Options[0].ID}, b}, "guideline.invalidMetadata"},
		{"neither author nor collection admin", f.Validator, [][2]int64{{evidence.ID, evidence.Options[0].ID}}, "forbidden"},
		{"a space member", f.Member, [][2]int64{{evidence.ID, evidence.Options[0].ID}}, "forbidden"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := set(tc.user, tc.choices...)
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
	_, err = f.svc.SetMetadata(f.As(f.Beta, f.BetaAdmin), guidelines.SetMetadataRequest{GuidelineID: api.ID(id)})
	assert.Equal(t, "guideline.notFound", servicetest.Message(err), "ids of another space")
	for _, who := range []int64{f.CollAdmin, f.Validator, f.Author} {
		got, err := f.svc.GuidelineMetadata(f.As(f.Alpha, who), guidelines.GuidelineRequest{ID: api.ID(id)})
		require.NoError(t, err)
		assert.Equal(t, want, got, "refused changes changed nothing")
	}
	_, err = f.svc.GuidelineMetadata(f.As(f.Alpha, f.Member), guidelines.GuidelineRequest{ID: api.ID(id)})
	assert.Equal(t, "forbidden", servicetest.Message(err), "a private collection's guideline is not read by every member")
	assert.Len(t, f.reindexed(t), jobs, "refusals queue nothing")

	got, err = set(f.CollAdmin)
	require.NoError(t, err, "the collection admin clears it")
	assert.Empty(t, got)
}

// TestIntegrationCopyGuideline proves that a copy holds the latest version of every
// unarchived language, starts unpublished in a collection the caller writes in, and is
// refused to who may not read the original in full or write in the target.
func TestIntegrationCopyGuideline(t *testing.T) {
	f := newAuthoring(t)
	id := f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.cardio, Author: f.Author, Languages: []string{"de", "fr"}, Published: []string{"de"}})
	f.mustSave(t, id, "fr", "Deuxième version")
	copyOf := func(user, collection int64, validator *int64) (int64, error) {
		req := guidelines.PlaceRequest{Guideline: api.ID(id), Collection: api.ID(collection)}
		if validator != nil {
			req.Validator = ptr(api.ID(*validator))
		}
		return f.svc.CopyGuideline(f.As(f.Alpha, user), req)
	}
	for _, tc := range []struct {
		name       string
		user       int64
		collection int64
		validator  *int64
		message    string
	}{
		{"a space member may not read it in full", f.Member, f.emergency, nil, "forbidden"},
		{"a validator does not write in the collection", f.Validator, f.cardio, nil, "forbidden"},
		{"a main validator who does not validate there", f.Author, f.cardio, &f.Member, "guideline.invalidValidator"},
		{"an unknown collection", f.Author, 999999, nil, "not found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := copyOf(tc.user, tc.collection, tc.validator)
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
	assert.Equal(t, 1, f.Count(t, f.Alpha, "guidelines"), "refused copies write nothing")

	copied, err := copyOf(f.Author, f.cardio, &f.Validator)
	require.NoError(t, err)
	orig, err := f.latest(f.Author, id, "fr")
	require.NoError(t, err)
	fr, err := f.latest(f.Author, copied, "fr")
	require.NoError(t, err)
	assert.Equal(t, orig.Title, fr.Title)
	assert.Equal(t, orig.Details[0].Content, fr.Details[0].Content)
	assert.NotEqual(t, orig.Details[0].ID, fr.Details[0].ID, "the copy's sections are its own")
	assert.Equal(t, f.Author, fr.AuthorID)
	assert.Equal(t, &f.Validator, fr.MainValidatorID)
	require.Len(t, fr.Languages, 2)
	for _, l := range fr.Languages {
		assert.Equal(t, []string{"created", "neverPublished", "notVisible"}, l.States, "a copy starts unpublished")
	}
	assert.Equal(t, []int{1, 2}, []int{fr.Languages[0].LatestVersion, fr.Languages[1].LatestVersion}, "numbered anew")
}

// TestIntegrationMoveGuideline proves that a guideline moves between collections of the
// space only by whoever administers both, with a main validator of the target.
func TestIntegrationMoveGuideline(t *testing.T) {
	f := newAuthoring(t)
	id := f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.cardio, Author: f.Author, MainValidator: f.Validator, Languages: []string{"de"}, Published: []string{"de"}})
	neuro := f.Collection(t, f.Alpha, "Neurology", "protected", map[int64]string{f.Member: "validator"})
	move := func(user, collection int64, validator *int64) error {
		req := guidelines.PlaceRequest{Guideline: api.ID(id), Collection: api.ID(collection)}
		if validator != nil {
			req.Validator = ptr(api.ID(*validator))
		}
		_, err := f.svc.MoveGuideline(f.As(f.Alpha, user), req)
		return err
	}
	for _, tc := range []struct {
		name       string
		user       int64
		collection int64
		validator  *int64
		message    string
	}{
		{"the collection admin does not administer the target", f.CollAdmin, neuro, nil, "forbidden"},
		{"the author does not administer either", f.Author, neuro, nil, "forbidden"},
		{"a main validator of the source, not of the target", f.Admin, neuro, &f.Validator, "guideline.invalidValidator"},
		{"the same collection", f.Admin, f.cardio, nil, "guideline.sameCollection"},
		{"an unknown collection", f.Admin, 999999, nil, "not found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.message, servicetest.Message(move(tc.user, tc.collection, tc.validator)))
		})
	}
	_, err := f.svc.MoveGuideline(f.As(f.Beta, f.BetaAdmin), guidelines.PlaceRequest{Guideline: api.ID(id), Collection: api.ID(neuro)})
	assert.Equal(t, "guideline.notFound", servicetest.Message(err), "ids of another space")
	assert.Empty(t, f.reindexed(t), "refusals queue nothing")

	require.NoError(t, move(f.Admin, neuro, &f.Member))
	list, err := f.svc.CollectionGuidelines(f.As(f.Alpha, f.Admin), guidelines.CollectionGuidelinesRequest{Collection: api.ID(neuro)})
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, id, list[0].ID)
	require.NotNil(t, list[0].MainValidator)
	assert.Equal(t, f.Member, list[0].MainValidator.ID)
	assert.Equal(t, []string{"accepted", "online"}, list[0].Languages[0].States, "a move keeps the publication")
	list, err = f.svc.CollectionGuidelines(f.As(f.Alpha, f.Admin), guidelines.CollectionGuidelinesRequest{Collection: api.ID(f.cardio)})
	require.NoError(t, err)
	assert.Empty(t, list)
	assert.Equal(t, []int64{id}, f.reindexed(t), "readers find it in its new collection")
}

// TestIntegrationCollectionGuidelines proves that a collection's guidelines are listed to its
// administrators with their people and states, and to nobody else.
func TestIntegrationCollectionGuidelines(t *testing.T) {
	f := newAuthoring(t)
	id := f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.cardio, Author: f.Author, MainValidator: f.Validator, Languages: []string{"de", "fr"}, Published: []string{"fr"}})
	list, err := f.svc.CollectionGuidelines(f.As(f.Alpha, f.CollAdmin), guidelines.CollectionGuidelinesRequest{Collection: api.ID(f.cardio)})
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, id, list[0].ID)
	assert.Equal(t, "F author@alpha.ch", list[0].Author.Name())
	assert.Equal(t, "F validator@alpha.ch", list[0].MainValidator.Name())
	require.Len(t, list[0].Languages, 2)
	assert.Equal(t, []string{"de", "fr"}, []string{list[0].Languages[0].Language, list[0].Languages[1].Language})
	assert.Equal(t, []string{"accepted", "online"}, list[0].Languages[1].States)
	for _, who := range []int64{f.Author, f.Validator, f.Member} {
		_, err := f.svc.CollectionGuidelines(f.As(f.Alpha, who), guidelines.CollectionGuidelinesRequest{Collection: api.ID(f.cardio)})
		assert.Equal(t, "forbidden", servicetest.Message(err))
	}
	_, err = f.svc.CollectionGuidelines(f.As(f.Beta, f.BetaAdmin), guidelines.CollectionGuidelinesRequest{Collection: api.ID(f.cardio)})
	assert.ErrorIs(t, err, api.ErrNotFound, "ids of another space")
}
