package spaces_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/spaces"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

func newService(t *testing.T) (*spaces.Service, *tenancy.Space) {
	t.Helper()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, time.Second)
	sp, err := reg.Provision(context.Background(), tenancy.Space{Subdomain: "alpha", Title: "Alpha"}, tenancy.Placement{})
	require.NoError(t, err)
	return &spaces.Service{Registry: reg, Pool: db.Control()}, sp
}

// TestIntegrationClassifications: metadata ids as guidelines keep them are named in the
// space's order of metadata, those the space does not use last, unknown options left out.
func TestIntegrationClassifications(t *testing.T) {
	s, sp := newService(t)
	ctx := context.Background()
	meta := map[string]int64{}
	option := map[string]int64{}
	for _, m := range []string{"Specialty", "Audience", "Unused"} {
		var id int64
		require.NoError(t, s.Pool.QueryRow(ctx, "INSERT INTO control.metadata (names, descriptions) VALUES ($1, '{}') RETURNING id", api.Texts{De: m, En: m + " (en)"}).Scan(&id))
		meta[m] = id
		var o int64
		require.NoError(t, s.Pool.QueryRow(ctx, "INSERT INTO control.metadata_options (metadata_id, names, descriptions) VALUES ($1, $2, '{}') RETURNING id", id, api.Texts{De: m + " option"}).Scan(&o))
		option[m] = o
	}
	_, err := s.Pool.Exec(ctx, "INSERT INTO control.space_metadata (space_id, metadata_id, position) VALUES ($1, $2, 1), ($1, $3, 2)",
		sp.ID, meta["Audience"], meta["Specialty"])
	require.NoError(t, err)

	metadata := []int64{meta["Unused"], meta["Specialty"], meta["Audience"], meta["Specialty"]}
	options := []int64{option["Unused"], option["Specialty"], option["Audience"], option["Audience"]}
	got, err := s.Classifications(ctx, sp.ID, metadata, options)
	require.NoError(t, err)
	assert.Equal(t, []spaces.Classification{
		{MetadataID: meta["Audience"], MetadataNames: api.Texts{De: "Audience", En: "Audience (en)"}, OptionID: option["Audience"], OptionNames: api.Texts{De: "Audience option"}, InSpace: true},
		{MetadataID: meta["Specialty"], MetadataNames: api.Texts{De: "Specialty", En: "Specialty (en)"}, OptionID: option["Specialty"], OptionNames: api.Texts{De: "Specialty option"}, InSpace: true},
		{MetadataID: meta["Unused"], MetadataNames: api.Texts{De: "Unused", En: "Unused (en)"}, OptionID: option["Unused"], OptionNames: api.Texts{De: "Unused option"}},
	}, got, "the option of another metadata is left out")

	got, err = s.Classifications(ctx, 0, metadata[:2], options[:2])
	require.NoError(t, err)
	assert.Equal(t, []int64{meta["Specialty"], meta["Unused"]}, []int64{got[0].MetadataID, got[1].MetadataID}, "no space: by metadata id")
	assert.False(t, got[0].InSpace || got[1].InSpace)

	got, err = s.Classifications(ctx, sp.ID, nil, nil)
	require.NoError(t, err)
	assert.Equal(t, []spaces.Classification{}, got)
}

// TestIntegrationMembershipLookups: who belongs to a space, as other contexts ask it.
func TestIntegrationMembershipLookups(t *testing.T) {
	s, sp := newService(t)
	ctx := context.Background()
	var ids []int64
	for range 3 {
		var id int64
		require.NoError(t, s.Pool.QueryRow(ctx, "INSERT INTO control.users (firstname) VALUES ('x') RETURNING id").Scan(&id))
		ids = append(ids, id)
	}
	_, err := s.Pool.Exec(ctx, "INSERT INTO control.space_members (space_id, user_id) VALUES ($1, $2), ($1, $3)", sp.ID, ids[2], ids[0])
	require.NoError(t, err)

	members, err := s.SpaceMemberIDs(ctx, sp.ID)
	require.NoError(t, err)
	assert.Equal(t, []int64{ids[0], ids[2]}, members)

	missing, err := s.NotMembers(ctx, sp.ID, []int64{ids[2], 999999, ids[1], ids[0]})
	require.NoError(t, err)
	assert.Equal(t, []int64{999999, ids[1]}, missing, "in the order asked")

	missing, err = s.NotMembers(ctx, sp.ID, []int64{ids[0]})
	require.NoError(t, err)
	assert.Empty(t, missing)
}
