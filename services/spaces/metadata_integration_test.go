package spaces_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/servicetest"
	"vademecum/services/spaces"
)

// saveMetadata saves a definition as the super admin.
func (f *fixture) saveMetadata(t *testing.T, in spaces.MetadataInput) (spaces.Metadata, error) {
	t.Helper()
	return f.svc.SaveMetadata(f.As(nil, f.super), spaces.SaveMetadataRequest{Metadata: in})
}

// definition saves a definition named name with options of these German names.
func (f *fixture) definition(t *testing.T, name string, options ...string) spaces.Metadata {
	t.Helper()
	in := spaces.MetadataInput{Names: api.Texts{De: name}}
	for _, o := range options {
		in.Options = append(in.Options, spaces.OptionInput{Names: api.Texts{De: o}})
	}
	m, err := f.saveMetadata(t, in)
	require.NoError(t, err)
	return m
}

func optionNames(m spaces.Metadata) []string {
	out := make([]string, len(m.Options))
	for i, o := range m.Options {
		out[i] = o.Names.De
	}
	return out
}

func metadataNames(list []spaces.Metadata) []string {
	out := make([]string, len(list))
	for i, m := range list {
		out[i] = m.Names.De
	}
	return out
}

// TestIntegrationSaveMetadata proves the checks of a metadata definition, each naming its
// field and none writing anything, that texts are trimmed, and that a change keeps, renames,
// adds and removes options in the order given, with the removed options' classifications
// left to a job.
func TestIntegrationSaveMetadata(t *testing.T) {
	f := newFixture(t)
	option := func(de string) spaces.OptionInput { return spaces.OptionInput{Names: api.Texts{De: de}} }
	many := make([]spaces.OptionInput, 201)
	for i := range many {
		many[i] = option(strings.Repeat("o", i+1))
	}
	for _, tc := range []struct {
		name    string
		in      spaces.MetadataInput
		message string
		params  map[string]any
	}{
		{"a blank German name", spaces.MetadataInput{Names: api.Texts{De: " "}}, "validation.required", map[string]any{"field": "metadata.names.de"}},
		{"an English name only", spaces.MetadataInput{Names: api.Texts{En: "Specialty"}}, "validation.required", map[string]any{"field": "metadata.names.de"}},
		{"an over-long Italian name", spaces.MetadataInput{Names: api.Texts{De: "Fach", It: strings.Repeat("n", 101)}}, "validation.tooLong",
			map[string]any{"field": "metadata.names.it", "max": 100}},
		{"an over-long French description", spaces.MetadataInput{Names: api.Texts{De: "Fach"}, Descriptions: api.Texts{Fr: strings.Repeat("n", 1001)}},
			"validation.tooLong", map[string]any{"field": "metadata.descriptions.fr", "max": 1000}},
		{"a control character", spaces.MetadataInput{Names: api.Texts{De: "Fach\x07"}}, "request.invalidField", map[string]any{"field": "metadata.names.de"}},
		{"the same option twice, in another case", spaces.MetadataInput{Names: api.Texts{De: "Fach"}, Options: []spaces.OptionInput{option("Kardiologie"), option("kardiologie")}},
			"metadata.duplicateOption", map[string]any{"field": "metadata.options[1].names.de", "name": "kardiologie"}},
		{"an option without German name", spaces.MetadataInput{Names: api.Texts{De: "Fach"}, Options: []spaces.OptionInput{{Names: api.Texts{Fr: "Cardiologie"}}}},
			"validation.required", map[string]any{"field": "metadata.options[0].names.de"}},
		{"an over-long option description", spaces.MetadataInput{Names: api.Texts{De: "Fach"},
			Options: []spaces.OptionInput{{Names: api.Texts{De: "A"}, Descriptions: api.Texts{En: strings.Repeat("n", 1001)}}}},
			"validation.tooLong", map[string]any{"field": "metadata.options[0].descriptions.en", "max": 1000}},
		{"too many options", spaces.MetadataInput{Names: api.Texts{De: "Fach"}, Options: many}, "validation.tooLong", map[string]any{"field": "metadata.options", "max": 200}},
		{"an unknown definition", spaces.MetadataInput{ID: ptr(api.ID(999999)), Names: api.Texts{De: "Fach"}}, "not found", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.saveMetadata(t, tc.in)
			assert.Equal(t, tc.message, servicetest.Message(err))
			if tc.params != nil {
				assert.Equal(t, tc.params, servicetest.Params(err))
			}
		})
	}
	assert.Zero(t, f.CountRows(t, "SELECT count(*) FROM control.metadata"), "refusals write nothing")

	m, err := f.saveMetadata(t, spaces.MetadataInput{Names: api.Texts{De: " Specialty ", Fr: "Spécialité"}, Descriptions: api.Texts{De: "Medical specialty"},
		Options: []spaces.OptionInput{{Names: api.Texts{De: "Cardiology", It: "Cardiologia"}}, option("Nephrology")}})
	require.NoError(t, err)
	assert.Equal(t, api.Texts{De: "Specialty", Fr: "Spécialité"}, m.Names, "trimmed")
	assert.Equal(t, api.Texts{De: "Medical specialty"}, m.Descriptions)
	require.Equal(t, []string{"Cardiology", "Nephrology"}, optionNames(m))
	assert.Equal(t, api.Texts{De: "Cardiology", It: "Cardiologia"}, m.Options[0].Names)
	assert.Empty(t, servicetest.Queued[spaces.OptionsDeleted](t, f.Env), "a new definition removes nothing")
	cardiology, nephrology := m.Options[0].ID, m.Options[1].ID

	// an option of another definition is not this one's: nothing changes
	other := f.definition(t, "Audience", "Nurses")
	_, err = f.saveMetadata(t, spaces.MetadataInput{ID: ptr(api.ID(m.ID)), Names: api.Texts{De: "Specialty"},
		Options: []spaces.OptionInput{{ID: ptr(api.ID(other.Options[0].ID)), Names: api.Texts{De: "Stolen"}}}})
	assert.Equal(t, "not found", servicetest.Message(err))
	assert.Equal(t, map[string]any{"field": "metadata.options[0].id"}, servicetest.Params(err))
	all, err := f.svc.AllMetadata(f.As(nil, f.super), struct{}{})
	require.NoError(t, err)
	assert.Equal(t, []spaces.Metadata{other, m}, all, "a refused change leaves both as they were")
	assert.Empty(t, servicetest.Queued[spaces.OptionsDeleted](t, f.Env))

	// a new option first, one renamed, the other removed
	m, err = f.saveMetadata(t, spaces.MetadataInput{ID: ptr(api.ID(m.ID)), Names: api.Texts{De: "Specialty"},
		Options: []spaces.OptionInput{option("Oncology"), {ID: ptr(api.ID(cardiology)), Names: api.Texts{De: "Cardiology (adults)", En: "Cardiology"}}}})
	require.NoError(t, err)
	assert.Equal(t, api.Texts{De: "Specialty"}, m.Names, "a language left out is removed")
	assert.Equal(t, api.Texts{}, m.Descriptions)
	assert.Equal(t, []string{"Oncology", "Cardiology (adults)"}, optionNames(m), "in the order given")
	assert.Equal(t, cardiology, m.Options[1].ID, "a renamed option keeps its id, and the guidelines it classifies")
	assert.Equal(t, api.Texts{De: "Cardiology (adults)", En: "Cardiology"}, m.Options[1].Names)
	assert.Equal(t, []spaces.OptionsDeleted{{OptionIDs: []int64{nephrology}}}, servicetest.Queued[spaces.OptionsDeleted](t, f.Env),
		"the removed option's classifications go in every space")
}

// TestIntegrationSpaceMetadata proves that the definitions are listed by German name in the
// Unicode collation, that a space chooses and orders the ones it uses (its own ids only,
// each once, all known), and that a definition in use stays.
func TestIntegrationSpaceMetadata(t *testing.T) {
	f := newFixture(t)
	zentrale := f.definition(t, "Zentrale", "Notfall")
	aerzte := f.definition(t, "Ärzte", "Assistenz", "Kader")
	bereich := f.definition(t, "bereich")
	all, err := f.svc.AllMetadata(f.As(f.Alpha, f.Admin), struct{}{})
	require.NoError(t, err)
	assert.Equal(t, []string{"Ärzte", "bereich", "Zentrale"}, metadataNames(all), "Ä sorts with A, case aside")

	// calls from alpha's site
	choose := func(user, target int64, ids ...int64) ([]spaces.Metadata, error) {
		list := make([]api.ID, len(ids))
		for i, id := range ids {
			list[i] = api.ID(id)
		}
		return f.svc.SetSpaceMetadata(f.As(f.Alpha, user), spaces.SetSpaceMetadataRequest{SpaceID: api.ID(target), MetadataIDs: list})
	}
	used, err := choose(f.Admin, f.Alpha.ID, zentrale.ID, aerzte.ID)
	require.NoError(t, err)
	assert.Equal(t, []spaces.Metadata{zentrale, aerzte}, used, "in the space's order, with the options")
	for _, tc := range []struct {
		name    string
		target  int64
		ids     []int64
		message string
		params  map[string]any
	}{
		{"the same twice", f.Alpha.ID, []int64{bereich.ID, bereich.ID}, "request.duplicateId", map[string]any{"field": "metadataIds"}},
		{"an unknown definition", f.Alpha.ID, []int64{bereich.ID, 999999}, "not found", map[string]any{"field": "metadataIds"}},
		{"another space", f.Beta.ID, []int64{bereich.ID}, "not found", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := choose(f.Admin, tc.target, tc.ids...)
			assert.Equal(t, tc.message, servicetest.Message(err))
			if tc.params != nil {
				assert.Equal(t, tc.params, servicetest.Params(err))
			}
		})
	}
	for _, user := range []int64{f.Member, 0} {
		list, err := f.svc.SpaceMetadata(f.As(f.Alpha, user), spaces.SpaceMetadataRequest{SpaceID: api.ID(f.Alpha.ID)})
		require.NoError(t, err)
		assert.Equal(t, used, list, "refusals change nothing; members and readers name the search filters by them")
	}
	_, err = f.svc.SpaceMetadata(f.As(f.Alpha, f.Member), spaces.SpaceMetadataRequest{SpaceID: api.ID(f.Beta.ID)})
	assert.ErrorIs(t, err, api.ErrNotFound, "never another space's")
	betas, err := f.svc.SpaceMetadata(f.As(f.Beta, f.BetaAdmin), spaces.SpaceMetadataRequest{SpaceID: api.ID(f.Beta.ID)})
	require.NoError(t, err)
	assert.Equal(t, []spaces.Metadata{}, betas, "a list, never null")
	betas, err = choose(f.super, f.Beta.ID, aerzte.ID)
	require.NoError(t, err, "the super admin chooses for any space")
	assert.Equal(t, []string{"Ärzte"}, metadataNames(betas))

	// a new choice replaces the old one
	used, err = choose(f.Admin, f.Alpha.ID, bereich.ID, zentrale.ID)
	require.NoError(t, err)
	assert.Equal(t, []string{"bereich", "Zentrale"}, metadataNames(used))

	// a definition in use stays; one no space uses goes with its options
	remove := func(id int64) error {
		_, err := f.svc.DeleteMetadata(f.As(nil, f.super), spaces.DeleteMetadataRequest{ID: api.ID(id)})
		return err
	}
	err = remove(zentrale.ID)
	assert.Equal(t, "metadata.inUse", servicetest.Message(err))
	assert.Equal(t, map[string]any{"n": 1}, servicetest.Params(err))
	assert.ErrorIs(t, remove(999999), api.ErrNotFound)
	assert.Equal(t, 3, f.CountRows(t, "SELECT count(*) FROM control.metadata_options"), "refusals remove nothing")
	assert.Empty(t, servicetest.Queued[spaces.OptionsDeleted](t, f.Env))

	_, err = choose(f.Admin, f.Alpha.ID)
	require.NoError(t, err)
	require.NoError(t, remove(zentrale.ID))
	all, err = f.svc.AllMetadata(f.As(nil, f.super), struct{}{})
	require.NoError(t, err)
	assert.Equal(t, []string{"Ärzte", "bereich"}, metadataNames(all))
	assert.Equal(t, 2, f.CountRows(t, "SELECT count(*) FROM control.metadata_options"))
	assert.Equal(t, []spaces.OptionsDeleted{{OptionIDs: []int64{zentrale.Options[0].ID}}}, servicetest.Queued[spaces.OptionsDeleted](t, f.Env),
		"its classifications go in every space")
	assert.ErrorIs(t, remove(zentrale.ID), api.ErrNotFound)
}
