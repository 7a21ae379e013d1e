package sharing_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/sharing"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// TestIntegrationShares: what other contexts ask about shares is answered from the control
// plane alone.
func TestIntegrationShares(t *testing.T) {
	ctx := context.Background()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, time.Second)
	var spaces []*tenancy.Space
	for _, sub := range []string{"alpha", "beta", "gamma"} {
		sp, err := reg.Provision(ctx, tenancy.Space{Subdomain: sub, Title: sub}, tenancy.Placement{})
		require.NoError(t, err)
		spaces = append(spaces, sp)
	}
	alpha, beta, gamma := spaces[0].ID, spaces[1].ID, spaces[2].ID
	for _, sh := range []struct {
		from, collection, to int64
		active               bool
	}{{alpha, 7, gamma, true}, {alpha, 3, gamma, true}, {alpha, 9, gamma, false}, {beta, 4, gamma, true}, {alpha, 7, beta, true}} {
		_, err := db.Control().Exec(ctx, "INSERT INTO control.shared_collections (from_space_id, collection_id, to_space_id, active) VALUES ($1, $2, $3, $4)",
			sh.from, sh.collection, sh.to, sh.active)
		require.NoError(t, err)
	}
	s := &sharing.Service{DB: db, Registry: reg}

	to, err := s.SharedTo(ctx, gamma)
	require.NoError(t, err)
	assert.Equal(t, map[int64][]int64{alpha: {3, 7}, beta: {4}}, to, "active shares by source, in id order")
	none, err := s.SharedTo(ctx, alpha)
	require.NoError(t, err)
	assert.Empty(t, none)

	for _, tc := range []struct {
		name                 string
		from, to, collection int64
		want                 bool
	}{
		{"active", alpha, gamma, 7, true},
		{"inactive", alpha, gamma, 9, false},
		{"to another space", beta, alpha, 4, false},
		{"unknown collection", alpha, gamma, 8, false},
	} {
		got, err := s.IsShared(ctx, tc.from, tc.to, tc.collection)
		require.NoError(t, err)
		assert.Equal(t, tc.want, got, tc.name)
	}

	n, err := s.Offers(ctx, alpha, 7)
	require.NoError(t, err)
	assert.Equal(t, 2, n)

	require.NoError(t, s.Withdraw(ctx, alpha, 7))
	require.NoError(t, s.Withdraw(ctx, alpha, 7), "withdrawing again changes nothing")
	n, err = s.Offers(ctx, alpha, 7)
	require.NoError(t, err)
	assert.Zero(t, n)
	to, err = s.SharedTo(ctx, gamma)
	require.NoError(t, err)
	assert.Equal(t, map[int64][]int64{alpha: {3}, beta: {4}}, to, "other collections keep their shares")
}
