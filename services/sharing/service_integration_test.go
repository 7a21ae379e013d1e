package sharing_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/servicetest"
	"vademecum/services/sharing"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// fixture is alpha with a private cardiology collection (its collection admin is CollAdmin,
// Validator validates it) and a public emergency collection; beta with collections of its
// own; a third space aarau, created last but first by title, that receives offers too; and a
// super admin. The sharing service is the one the server wires.
type fixture struct {
	*servicetest.Env
	servicetest.Cast
	svc              *sharing.Service
	aarau            *tenancy.Space
	aarauAdmin       int64
	super            int64
	cardio, emergent int64
	// betaOnly is a collection id that exists in beta and not in alpha.
	betaOnly int64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	e := servicetest.New(t)
	f := &fixture{Env: e, svc: e.Sharing}
	f.Cast = e.Cast(t)
	f.aarauAdmin = e.User(t, "admin@aarau.ch")
	f.aarau = e.Space(t, "aarau", f.aarauAdmin)
	var err error
	f.super, err = e.Users.Create(t.Context(), users.NewUser{Email: "super@test.ch", Password: "secret", Lastname: "Super", SuperAdmin: true, Verified: true})
	require.NoError(t, err)
	f.cardio = e.Collection(t, f.Alpha, "Cardiology", "private", map[int64]string{f.CollAdmin: "admin", f.Validator: "validator"})
	f.emergent = e.Collection(t, f.Alpha, "Emergency", "public", nil)
	e.Collection(t, f.Beta, "Neurology", "public", nil)
	e.Collection(t, f.Beta, "Oncology", "public", nil)
	f.betaOnly = e.Collection(t, f.Beta, "Pediatrics", "public", nil)
	require.Greater(t, f.betaOnly, f.emergent, "the id must be unknown in alpha")
	return f
}

// offer offers collection of alpha to space to, as alpha's admin.
func (f *fixture) offer(to *tenancy.Space, collection int64) (sharing.Overview, error) {
	return f.svc.CreateSharedCollection(f.As(f.Alpha, f.Admin), sharing.ShareRequest{SpaceID: api.ID(to.ID), CollectionID: api.ID(collection)})
}

// activate turns alpha's collection on or off in space to, as to's admin.
func (f *fixture) activate(to *tenancy.Space, admin, collection int64, active bool) (sharing.Overview, error) {
	return f.svc.ActivateSharedCollection(f.As(to, admin), sharing.ActivateRequest{SpaceID: api.ID(f.Alpha.ID), CollectionID: api.ID(collection), Active: active})
}

func (f *fixture) overview(t *testing.T, sp *tenancy.Space, user int64) sharing.Overview {
	t.Helper()
	o, err := f.svc.SharedCollections(f.As(sp, user), sharing.OverviewRequest{SpaceID: api.ID(sp.ID)})
	require.NoError(t, err)
	return o
}

func (f *fixture) audited(t *testing.T, action string) int {
	t.Helper()
	return f.CountRows(t, "SELECT count(*) FROM control.audit_log WHERE action = $1", action)
}

// TestIntegrationOfferRefusals proves that a collection is offered only from its own space
// to another existing space, once, and that a refused offer writes nothing.
func TestIntegrationOfferRefusals(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		name    string
		ctx     *tenancy.Space
		to      int64
		coll    int64
		message string
		params  map[string]any
	}{
		{"to its own space", f.Alpha, f.Alpha.ID, f.cardio, "sharing.ownSpace", map[string]any{"field": "spaceId"}},
		{"to an unknown space", f.Alpha, 424242, f.cardio, "not found", map[string]any{"spaceId": int64(424242)}},
		{"an unknown collection", f.Alpha, f.Beta.ID, 424242, "not found", map[string]any{"collectionId": int64(424242)}},
		{"a collection of another space", f.Alpha, f.Beta.ID, f.betaOnly, "not found", map[string]any{"collectionId": f.betaOnly}},
		{"outside any space", nil, f.Beta.ID, f.cardio, "not found", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.CreateSharedCollection(f.As(tc.ctx, f.Admin), sharing.ShareRequest{SpaceID: api.ID(tc.to), CollectionID: api.ID(tc.coll)})
			require.Error(t, err)
			assert.Equal(t, tc.message, servicetest.Message(err))
			assert.Equal(t, tc.params, servicetest.Params(err))
		})
	}
	assert.Zero(t, f.CountRows(t, "SELECT count(*) FROM control.shared_collections"), "refused offers write nothing")
	assert.Zero(t, f.audited(t, "sharing.offered"))

	o, err := f.offer(f.Beta, f.cardio)
	require.NoError(t, err)
	require.Len(t, o.Shared, 1)
	require.Len(t, o.Shared[0].Shares, 1)
	assert.Equal(t, []sharing.SharedCollection{{ID: f.cardio, SpaceID: f.Alpha.ID, SpaceTitle: "alpha", Title: "Cardiology", Visibility: "private",
		Shares: []sharing.ShareEntry{{ID: o.Shared[0].Shares[0].ID, ToSpaceID: f.Beta.ID, ToSpaceTitle: "beta", Title: "Cardiology", FromSpaceTitle: "alpha"}}}},
		o.Shared, "the offer waits for the receiving space to turn it on")
	assert.Equal(t, []sharing.SharedCollection{}, o.Available)

	_, err = f.offer(f.Beta, f.cardio)
	assert.ErrorIs(t, err, sharing.ErrAlreadyShared)
	assert.Equal(t, 1, f.CountRows(t, "SELECT count(*) FROM control.shared_collections"), "the second offer writes nothing")
	assert.Equal(t, 1, f.audited(t, "sharing.offered"))
}

// TestIntegrationOfferLifecycle proves what each side sees while an offer is made, turned on
// and off by the receiving space only, and withdrawn by the offering space; and what other
// contexts are told about it meanwhile.
func TestIntegrationOfferLifecycle(t *testing.T) {
	f := newFixture(t)
	_, err := f.offer(f.Beta, f.cardio)
	require.NoError(t, err)

	beta := f.overview(t, f.Beta, f.BetaAdmin)
	assert.Equal(t, []sharing.SharedCollection{}, beta.Shared)
	require.Len(t, beta.Available, 1, "the receiving space sees the offer")
	assert.Equal(t, f.Alpha.ID, beta.Available[0].SpaceID)
	assert.Equal(t, "alpha", beta.Available[0].SpaceTitle)
	assert.Equal(t, "Cardiology", beta.Available[0].Title)
	assert.False(t, beta.Available[0].Shares[0].Active)
	shared, err := f.svc.IsShared(t.Context(), f.Alpha.ID, f.Beta.ID, f.cardio)
	require.NoError(t, err)
	assert.False(t, shared, "an offer not turned on shares nothing")

	for _, tc := range []struct {
		name       string
		sp         *tenancy.Space
		user, coll int64
	}{
		{"the offering space", f.Alpha, f.Admin, f.cardio},
		{"a space it was not offered to", f.aarau, f.aarauAdmin, f.cardio},
		{"a collection not offered", f.Beta, f.BetaAdmin, f.emergent},
	} {
		t.Run("not turned on by "+tc.name, func(t *testing.T) {
			_, err := f.activate(tc.sp, tc.user, tc.coll, true)
			assert.ErrorIs(t, err, api.ErrNotFound)
		})
	}
	_, err = f.svc.ActivateSharedCollection(f.As(nil, f.BetaAdmin), sharing.ActivateRequest{SpaceID: api.ID(f.Alpha.ID), CollectionID: api.ID(f.cardio), Active: true})
	assert.ErrorIs(t, err, api.ErrNotFound, "outside any space")
	assert.Zero(t, f.CountRows(t, "SELECT count(*) FROM control.shared_collections WHERE active"))
	assert.Zero(t, f.audited(t, "sharing.activated"))

	beta, err = f.activate(f.Beta, f.BetaAdmin, f.cardio, true)
	require.NoError(t, err)
	require.Len(t, beta.Available, 1)
	assert.True(t, beta.Available[0].Shares[0].Active, "the receiver's answer shows it on")
	assert.True(t, f.overview(t, f.Alpha, f.Admin).Shared[0].Shares[0].Active, "the sender sees it on")
	shared, err = f.svc.IsShared(t.Context(), f.Alpha.ID, f.Beta.ID, f.cardio)
	require.NoError(t, err)
	assert.True(t, shared)
	to, err := f.svc.SharedTo(t.Context(), f.Beta.ID)
	require.NoError(t, err)
	assert.Equal(t, map[int64][]int64{f.Alpha.ID: {f.cardio}}, to)
	assert.Equal(t, 1, f.CountRows(t, "SELECT count(*) FROM control.audit_log WHERE action = 'sharing.activated' AND space_id = $1 AND target_label = 'Cardiology'", f.Beta.ID),
		"the receiving space's log names the collection of the other space")

	beta, err = f.activate(f.Beta, f.BetaAdmin, f.cardio, false)
	require.NoError(t, err)
	assert.False(t, beta.Available[0].Shares[0].Active)
	assert.Equal(t, 1, f.audited(t, "sharing.deactivated"))
	_, err = f.activate(f.Beta, f.BetaAdmin, f.cardio, true)
	require.NoError(t, err)

	// Only the offering space withdraws; the share goes at once, for both sides.
	withdraw := sharing.ShareRequest{SpaceID: api.ID(f.Beta.ID), CollectionID: api.ID(f.cardio)}
	_, err = f.svc.DeleteSharedCollection(f.As(f.Beta, f.BetaAdmin), sharing.ShareRequest{SpaceID: api.ID(f.Alpha.ID), CollectionID: api.ID(f.cardio)})
	assert.ErrorIs(t, err, api.ErrNotFound, "the receiving space cannot withdraw the offer")
	_, err = f.svc.DeleteSharedCollection(f.As(f.Alpha, f.Admin), sharing.ShareRequest{SpaceID: api.ID(f.aarau.ID), CollectionID: api.ID(f.cardio)})
	assert.ErrorIs(t, err, api.ErrNotFound, "nothing was offered to aarau")
	assert.Equal(t, 1, f.CountRows(t, "SELECT count(*) FROM control.shared_collections"))

	alpha, err := f.svc.DeleteSharedCollection(f.As(f.Alpha, f.Admin), withdraw)
	require.NoError(t, err)
	assert.Equal(t, []sharing.SharedCollection{}, alpha.Shared)
	_, err = f.svc.DeleteSharedCollection(f.As(f.Alpha, f.Admin), withdraw)
	assert.ErrorIs(t, err, api.ErrNotFound, "withdrawn already")
	assert.Equal(t, []sharing.SharedCollection{}, f.overview(t, f.Beta, f.BetaAdmin).Available, "a withdrawn share disappears at once")
	shared, err = f.svc.IsShared(t.Context(), f.Alpha.ID, f.Beta.ID, f.cardio)
	require.NoError(t, err)
	assert.False(t, shared)
	assert.Equal(t, 1, f.audited(t, "sharing.withdrawn"))

	// Offered again after the withdrawal, the receiver decides again.
	_, err = f.offer(f.Beta, f.cardio)
	require.NoError(t, err)
	assert.False(t, f.overview(t, f.Beta, f.BetaAdmin).Available[0].Shares[0].Active)
}

// TestIntegrationOverview proves how a space's overview groups offers (by collection, the
// receivers by title; offered to it, by offering space) and that only super admins ask for
// another space's overview.
func TestIntegrationOverview(t *testing.T) {
	f := newFixture(t)
	for _, o := range []struct {
		to   *tenancy.Space
		coll int64
	}{{f.aarau, f.emergent}, {f.aarau, f.cardio}, {f.Beta, f.cardio}} {
		_, err := f.offer(o.to, o.coll)
		require.NoError(t, err)
	}
	_, err := f.svc.CreateSharedCollection(f.As(f.Beta, f.BetaAdmin), sharing.ShareRequest{SpaceID: api.ID(f.aarau.ID), CollectionID: api.ID(f.betaOnly)})
	require.NoError(t, err)
	_, err = f.svc.ActivateSharedCollection(f.As(f.aarau, f.aarauAdmin), sharing.ActivateRequest{SpaceID: api.ID(f.Beta.ID), CollectionID: api.ID(f.betaOnly), Active: true})
	require.NoError(t, err)

	type share struct {
		to     int64
		active bool
	}
	summary := func(list []sharing.SharedCollection) [][]any {
		out := [][]any{}
		for _, c := range list {
			row := []any{c.SpaceID, c.Title}
			for _, s := range c.Shares {
				assert.Equal(t, c.Title, s.Title)
				assert.Equal(t, c.SpaceTitle, s.FromSpaceTitle)
				row = append(row, share{s.ToSpaceID, s.Active})
			}
			out = append(out, row)
		}
		return out
	}
	alpha := f.overview(t, f.Alpha, f.Admin)
	assert.Equal(t, [][]any{
		{f.Alpha.ID, "Cardiology", share{f.aarau.ID, false}, share{f.Beta.ID, false}},
		{f.Alpha.ID, "Emergency", share{f.aarau.ID, false}},
	}, summary(alpha.Shared), "by collection, the receivers by title")
	assert.Equal(t, [][]any{}, summary(alpha.Available))
	aarau := f.overview(t, f.aarau, f.aarauAdmin)
	assert.Equal(t, [][]any{}, summary(aarau.Shared))
	assert.Equal(t, [][]any{
		{f.Alpha.ID, "Cardiology", share{f.aarau.ID, false}},
		{f.Alpha.ID, "Emergency", share{f.aarau.ID, false}},
		{f.Beta.ID, "Pediatrics", share{f.aarau.ID, true}},
	}, summary(aarau.Available), "by offering space")

	for _, tc := range []struct {
		name  string
		sp    *tenancy.Space
		user  int64
		of    int64
		found bool
	}{
		{"a space admin, another space", f.Beta, f.BetaAdmin, f.Alpha.ID, false},
		{"a space admin, another space, from the landing site", nil, f.Admin, f.Alpha.ID, false},
		{"a super admin, from the landing site", nil, f.super, f.Alpha.ID, true},
		{"a super admin, from another space", f.Beta, f.super, f.Alpha.ID, true},
		{"a super admin, an unknown space", nil, f.super, 424242, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, err := f.svc.SharedCollections(f.As(tc.sp, tc.user), sharing.OverviewRequest{SpaceID: api.ID(tc.of)})
			if !tc.found {
				assert.ErrorIs(t, err, api.ErrNotFound)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, alpha, o)
		})
	}
}

// TestIntegrationCollectionShareRequests proves that a collection's offers are listed for
// those who manage it, and only that collection's.
func TestIntegrationCollectionShareRequests(t *testing.T) {
	f := newFixture(t)
	for _, o := range []struct {
		to   *tenancy.Space
		coll int64
	}{{f.aarau, f.cardio}, {f.Beta, f.cardio}, {f.Beta, f.emergent}} {
		_, err := f.offer(o.to, o.coll)
		require.NoError(t, err)
	}
	_, err := f.activate(f.aarau, f.aarauAdmin, f.cardio, true)
	require.NoError(t, err)

	for _, tc := range []struct {
		name    string
		sp      *tenancy.Space
		user    int64
		coll    int64
		want    []int64
		message string
	}{
		{"its collection admin", f.Alpha, f.CollAdmin, f.cardio, []int64{f.aarau.ID, f.Beta.ID}, ""},
		{"the space admin", f.Alpha, f.Admin, f.emergent, []int64{f.Beta.ID}, ""},
		{"a collection without offers", f.Alpha, f.Admin, f.Collection(t, f.Alpha, "Dermatology", "public", nil), []int64{}, ""},
		{"its validator", f.Alpha, f.Validator, f.cardio, nil, "forbidden"},
		{"a member of the space", f.Alpha, f.Member, f.cardio, nil, "forbidden"},
		{"the admin of another collection", f.Alpha, f.CollAdmin, f.emergent, nil, "forbidden"},
		{"an unknown collection", f.Alpha, f.Admin, 424242, nil, "not found"},
		{"outside any space", nil, f.Admin, f.cardio, nil, "not found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			list, err := f.svc.CollectionShareRequests(f.As(tc.sp, tc.user), sharing.ShareRequestsRequest{CollectionID: api.ID(tc.coll)})
			if tc.message != "" {
				assert.Equal(t, tc.message, servicetest.Message(err))
				return
			}
			require.NoError(t, err)
			to := []int64{}
			for _, s := range list {
				to = append(to, s.ToSpaceID)
			}
			assert.Equal(t, tc.want, to)
		})
	}
	list, err := f.svc.CollectionShareRequests(f.As(f.Alpha, f.CollAdmin), sharing.ShareRequestsRequest{CollectionID: api.ID(f.cardio)})
	require.NoError(t, err)
	require.Len(t, list, 2)
	assert.Equal(t, sharing.ShareEntry{ID: list[0].ID, ToSpaceID: f.aarau.ID, ToSpaceTitle: "aarau", Active: true, Title: "Cardiology", FromSpaceTitle: "alpha"},
		list[0], "the receiver turned it on")
	assert.False(t, list[1].Active)
}
