package policy_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/policy"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

func TestIntegrationEnforcer(t *testing.T) {
	ctx := context.Background()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, 0)
	a, err := reg.Provision(ctx, tenancy.Space{Subdomain: "alpha", Title: "Alpha"}, tenancy.Placement{})
	require.NoError(t, err)
	b, err := reg.Provision(ctx, tenancy.Space{Subdomain: "beta", Title: "Beta"}, tenancy.Placement{})
	require.NoError(t, err)
	var super, admin, member, outsider int64
	for _, u := range []struct {
		into  *int64
		super bool
	}{{&super, true}, {&admin, false}, {&member, false}, {&outsider, false}} {
		require.NoError(t, db.Control().QueryRow(ctx, "INSERT INTO control.users (super_admin) VALUES ($1) RETURNING id", u.super).Scan(u.into))
	}
	_, err = db.Control().Exec(ctx, "INSERT INTO control.space_members (space_id, user_id, admin) VALUES ($1, $2, true), ($1, $3, false)", a.ID, admin, member)
	require.NoError(t, err)

	e, err := policy.New(policy.DBGrants{DB: db, Spaces: reg}, time.Hour)
	require.NoError(t, err)
	p := func(id int64) policy.Principal { return policy.Principal{UserID: id} }
	cases := []struct {
		who   policy.Principal
		space int64
		obj   string
		want  bool
	}{
		{policy.Principal{}, a.ID, "common/query/profile", true},
		{policy.Principal{}, a.ID, "common/query/user", false},
		{p(outsider), a.ID, "common/query/user", true},
		{p(outsider), a.ID, "admin/query/spaces", false},
		{p(member), a.ID, "admin/query/spaces", false},
		{p(admin), a.ID, "admin/query/spaces", false},
		{p(super), a.ID, "admin/query/spaces", true},
		{p(super), 0, "admin/query/spaces", true},
		{p(super), b.ID, "common/mutation/updateLandingPage", true},
		{p(super), a.ID, "no/such/endpoint", false},
	}
	for _, c := range cases {
		got, err := e.Allowed(ctx, c.who, c.space, c.obj, policy.ActCall)
		require.NoError(t, err)
		assert.Equal(t, c.want, got, "%+v", c)
	}
	roleCases := []struct {
		who   int64
		space int64
		role  string
		want  bool
	}{
		{admin, a.ID, policy.RoleSpaceAdmin, true},
		{admin, a.ID, policy.RoleMember, true},
		{admin, b.ID, policy.RoleSpaceAdmin, false},
		{admin, b.ID, policy.RoleMember, false},
		{member, a.ID, policy.RoleMember, true},
		{member, a.ID, policy.RoleSpaceAdmin, false},
		{super, b.ID, policy.RoleSpaceAdmin, true},
		{outsider, a.ID, policy.RoleMember, false},
	}
	for _, c := range roleCases {
		got, err := e.HasRole(ctx, p(c.who), policy.Domain(c.space), c.role)
		require.NoError(t, err)
		assert.Equal(t, c.want, got, "%+v", c)
	}

	// Grants are cached until invalidated.
	_, err = db.Control().Exec(ctx, "INSERT INTO control.space_members (space_id, user_id, admin) VALUES ($1, $2, true)", b.ID, outsider)
	require.NoError(t, err)
	got, _ := e.HasRole(ctx, p(outsider), policy.Domain(b.ID), policy.RoleSpaceAdmin)
	assert.False(t, got)
	e.Invalidate(outsider)
	got, _ = e.HasRole(ctx, p(outsider), policy.Domain(b.ID), policy.RoleSpaceAdmin)
	assert.True(t, got)

	// A change announced by another process (the CLI, another replica) reaches this one.
	lctx, stop := context.WithCancel(ctx)
	defer stop()
	go e.Listen(lctx, db.Control())
	_, err = db.Control().Exec(ctx, "DELETE FROM control.space_members WHERE user_id = $1", outsider)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		policy.Notifier{Pool: db.Control()}.Invalidate(outsider)
		got, err := e.HasRole(ctx, p(outsider), policy.Domain(b.ID), policy.RoleSpaceAdmin)
		return err == nil && !got
	}, 10*time.Second, 50*time.Millisecond)

	assert.True(t, e.Covers("admin/query/spaces"))
	assert.False(t, e.Covers("admin/query/nothing"))
}

// TestIntegrationGrantsFromEachSpace: memberships come from the control schema, collection
// roles from each space the user belongs to; a space that is not active grants nothing, and
// roles in a space the user is no member of count for nothing.
func TestIntegrationGrantsFromEachSpace(t *testing.T) {
	ctx := context.Background()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, 0)
	var spaces []*tenancy.Space
	for _, sub := range []string{"alpha", "beta", "gamma", "delta"} {
		sp, err := reg.Provision(ctx, tenancy.Space{Subdomain: sub, Title: sub}, tenancy.Placement{})
		require.NoError(t, err)
		spaces = append(spaces, sp)
	}
	alpha, beta, gamma := spaces[0], spaces[1], spaces[2]
	_, err := db.Control().Exec(ctx, "UPDATE control.spaces SET admins_need_second_factor = true WHERE id = $1", alpha.ID)
	require.NoError(t, err)
	var user int64
	require.NoError(t, db.Control().QueryRow(ctx, "INSERT INTO control.users (super_admin) VALUES (true) RETURNING id").Scan(&user))
	_, err = db.Control().Exec(ctx, "INSERT INTO control.space_members (space_id, user_id, admin) VALUES ($1, $4, true), ($2, $4, false), ($3, $4, false)",
		alpha.ID, beta.ID, gamma.ID, user)
	require.NoError(t, err)
	collections := map[int64]int64{}
	for _, sp := range spaces {
		require.NoError(t, db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
			var c int64
			if err := tx.QueryRow(ctx, "INSERT INTO collections (title) VALUES ('C') RETURNING id").Scan(&c); err != nil {
				return err
			}
			collections[sp.ID] = c
			_, err := tx.Exec(ctx, "INSERT INTO collection_roles (collection_id, user_id, role) VALUES ($1, $2, 'validator'), ($1, $2, 'member')", c, user)
			return err
		}))
	}
	// gamma is not active (any more): its membership and roles grant nothing
	_, err = db.Control().Exec(ctx, "UPDATE control.spaces SET status = 'provisioning' WHERE id = $1", gamma.ID)
	require.NoError(t, err)

	got, err := policy.DBGrants{DB: db, Spaces: reg, SuperAdminsNeedSecondFactor: true}.Grants(ctx, user)
	require.NoError(t, err)
	want := []policy.Grant{{Role: policy.RoleSuperAdmin, NeedsSecondFactor: true},
		{Role: policy.RoleSpaceAdmin, SpaceID: alpha.ID, NeedsSecondFactor: true},
		{Role: policy.RoleMember, SpaceID: beta.ID}}
	for _, sp := range []*tenancy.Space{alpha, beta} {
		want = append(want, policy.Grant{Role: policy.RoleCollectionMember, SpaceID: sp.ID, CollectionID: collections[sp.ID]},
			policy.Grant{Role: policy.RoleValidator, SpaceID: sp.ID, CollectionID: collections[sp.ID]})
	}
	assert.ElementsMatch(t, want, got, "no grant in delta, where the user holds roles without membership")

	// someone without memberships has no grants, and asks no space
	var nobody int64
	require.NoError(t, db.Control().QueryRow(ctx, "INSERT INTO control.users DEFAULT VALUES RETURNING id").Scan(&nobody))
	got, err = policy.DBGrants{DB: db, Spaces: reg}.Grants(ctx, nobody)
	require.NoError(t, err)
	assert.Empty(t, got)
}
