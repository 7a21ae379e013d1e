package users_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/policy"
	"vademecum/services/users"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// fixture is a fresh database with the users' service on it.
type fixture struct {
	db  *tenancy.DB
	reg *tenancy.Registry
	svc *users.Service
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, time.Second)
	return &fixture{db: db, reg: reg, svc: &users.Service{Pool: db.Control(), DB: db, Spaces: reg}}
}

// user writes an account with logins in the order given (the last one primary) and returns
// its id.
func (f *fixture) user(t *testing.T, first, last string, emails ...string) int64 {
	t.Helper()
	ctx := context.Background()
	var id int64
	require.NoError(t, f.db.Control().QueryRow(ctx, "INSERT INTO control.users (firstname, lastname) VALUES ($1, $2) RETURNING id", first, last).Scan(&id))
	for i, e := range emails {
		_, err := f.db.Control().Exec(ctx, "INSERT INTO control.logins (user_id, email, is_primary) VALUES ($1, $2, $3)", id, e, i == len(emails)-1)
		require.NoError(t, err)
	}
	return id
}

// space provisions a space and makes the users members (the first one admin).
func (f *fixture) space(t *testing.T, sub, title string, members ...int64) *tenancy.Space {
	t.Helper()
	ctx := context.Background()
	sp, err := f.reg.Provision(ctx, tenancy.Space{Subdomain: sub, Title: title}, tenancy.Placement{})
	require.NoError(t, err)
	for i, id := range members {
		_, err := f.db.Control().Exec(ctx, "INSERT INTO control.space_members (space_id, user_id, admin) VALUES ($1, $2, $3)", sp.ID, id, i == 0)
		require.NoError(t, err)
	}
	return sp
}

// collection creates a collection in a space giving user the roles, and returns its id.
func (f *fixture) collection(t *testing.T, sp *tenancy.Space, title string, user int64, roles ...string) int64 {
	t.Helper()
	ctx := context.Background()
	var id int64
	require.NoError(t, f.db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, "INSERT INTO collections (title) VALUES ($1) RETURNING id", title).Scan(&id); err != nil {
			return err
		}
		for _, r := range roles {
			if _, err := tx.Exec(ctx, "INSERT INTO collection_roles (collection_id, user_id, role) VALUES ($1, $2, $3)", id, user, r); err != nil {
				return err
			}
		}
		return nil
	}))
	return id
}

func ids(list []users.User) []int64 {
	out := make([]int64, len(list))
	for i, u := range list {
		out[i] = u.ID
	}
	return out
}

func TestIntegrationUsersAndNames(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	anna := f.user(t, "Anna", "Keller", "a.keller@old.ch", "anna@kssg.ch")
	zed := f.user(t, "", "Zed")
	gone := f.user(t, "Gone", "Away", "gone@kssg.ch")
	_, err := f.db.Control().Exec(ctx, "DELETE FROM control.users WHERE id = $1", gone)
	require.NoError(t, err)
	_, err = f.db.Control().Exec(ctx, "UPDATE control.users SET title = 'Dr.', about = 'Cardiology', language = 'fr', weekly_reminder = true WHERE id = $1", anna)
	require.NoError(t, err)

	got, err := f.svc.Users(ctx, []int64{anna, zed, gone, anna})
	require.NoError(t, err)
	assert.Equal(t, map[int64]users.User{
		anna: {ID: anna, Firstname: "Anna", Lastname: "Keller", Username: "anna@kssg.ch", Title: "Dr.", About: "Cardiology", Language: "fr", WeeklyReminder: true},
		zed:  {ID: zed, Lastname: "Zed"},
	}, got, "the primary login names the user; deleted accounts are missing")

	names, err := f.svc.Names(ctx, []int64{anna, zed, gone})
	require.NoError(t, err)
	assert.Equal(t, map[int64]string{anna: "Anna Keller", zed: "Zed"}, names)
	assert.Equal(t, "Anna Keller", got[anna].Name())
	assert.Equal(t, "Zed", got[zed].Name())

	// names are remembered until the account changes
	_, err = f.db.Control().Exec(ctx, "UPDATE control.users SET firstname = 'Anne' WHERE id = $1", anna)
	require.NoError(t, err)
	names, err = f.svc.Names(ctx, []int64{anna})
	require.NoError(t, err)
	assert.Equal(t, map[int64]string{anna: "Anna Keller"}, names)
	f.svc.ForgetProfile(anna)
	names, err = f.svc.Names(ctx, []int64{anna, zed})
	require.NoError(t, err)
	assert.Equal(t, map[int64]string{anna: "Anne Keller", zed: "Zed"}, names)

	none, err := f.svc.Users(ctx, nil)
	require.NoError(t, err)
	assert.Empty(t, none)
	noNames, err := f.svc.Names(ctx, nil)
	require.NoError(t, err)
	assert.Empty(t, noNames)
}

func TestIntegrationByName(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	bert := f.user(t, "Bert", "müller", "bert@kssg.ch")
	anna := f.user(t, "anna", "Müller", "anna.m@insel.ch")
	adams := f.user(t, "Carl", "Adams", "carl@kssg.ch")
	anna2 := f.user(t, "Anna", "MÜLLER", "a2@kssg.ch")
	f.user(t, "Anna", "Adams", "outside@kssg.ch") // not among the ids asked about
	all := []int64{bert, anna, adams, anna2, anna, 123456789}

	cases := []struct {
		name string
		page users.Page
		want []int64
	}{
		{"all in name order, ignoring case; repeated and unknown ids once or not at all", users.Page{}, []int64{adams, anna, anna2, bert}},
		{"a window", users.Page{Offset: 1, Limit: 2}, []int64{anna, anna2}},
		{"past the end", users.Page{Offset: 4, Limit: 2}, []int64{}},
		{"by name", users.Page{Query: "müller"}, []int64{anna, anna2, bert}},
		{"by name in either order", users.Page{Query: "müller bert"}, []int64{bert}},
		{"by address", users.Page{Query: "@kssg"}, []int64{adams, anna2, bert}},
		{"searched and windowed", users.Page{Query: "müller", Offset: 2, Limit: 5}, []int64{bert}},
		{"pattern characters are literal", users.Page{Query: "%"}, []int64{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := f.svc.ByName(ctx, all, c.page)
			require.NoError(t, err)
			assert.Equal(t, c.want, ids(got))
		})
	}
	got, err := f.svc.ByName(ctx, nil, users.Page{})
	require.NoError(t, err)
	assert.Equal(t, []users.User{}, got)
	got, err = f.svc.ByName(ctx, []int64{anna2}, users.Page{})
	require.NoError(t, err)
	assert.Equal(t, []users.User{{ID: anna2, Firstname: "Anna", Lastname: "MÜLLER", Username: "a2@kssg.ch"}}, got)

	// names sort as people read them, whatever the cluster's locale (C.UTF-8 here): Ä with A
	zoe, ben, eva := f.user(t, "Zoë", "Zürcher", "zoe@kssg.ch"), f.user(t, "Ben", "Baum", "ben@kssg.ch"), f.user(t, "Eva", "Ärni", "eva@kssg.ch")
	got, err = f.svc.ByName(ctx, []int64{zoe, ben, eva}, users.Page{})
	require.NoError(t, err)
	assert.Equal(t, []int64{eva, ben, zoe}, ids(got))
}

func TestIntegrationSpaceMembers(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	admin := f.user(t, "Zora", "Admin", "zora@kssg.ch")
	bert := f.user(t, "Bert", "Brun", "bert@kssg.ch")
	anna := f.user(t, "Anna", "Brun", "anna@kssg.ch")
	outsider := f.user(t, "Anna", "Aebi", "aebi@kssg.ch")
	sp := f.space(t, "kssg", "KSSG", admin, bert, anna)
	f.space(t, "insel", "Insel", outsider)

	got, err := f.svc.SpaceMembers(ctx, sp.ID, users.Page{Limit: 100})
	require.NoError(t, err)
	assert.Equal(t, []users.Member{
		{User: users.User{ID: admin, Firstname: "Zora", Lastname: "Admin", Username: "zora@kssg.ch"}, Admin: true},
		{User: users.User{ID: anna, Firstname: "Anna", Lastname: "Brun", Username: "anna@kssg.ch"}},
		{User: users.User{ID: bert, Firstname: "Bert", Lastname: "Brun", Username: "bert@kssg.ch"}},
	}, got)

	page, err := f.svc.SpaceMembers(ctx, sp.ID, users.Page{Offset: 1, Limit: 1})
	require.NoError(t, err)
	require.Len(t, page, 1)
	assert.Equal(t, anna, page[0].ID)

	found, err := f.svc.SpaceMembers(ctx, sp.ID, users.Page{Query: "anna", Limit: 20})
	require.NoError(t, err)
	require.Len(t, found, 1, "members only")
	assert.Equal(t, anna, found[0].ID)

	empty, err := f.svc.SpaceMembers(ctx, sp.ID, users.Page{Query: "nobody", Limit: 20})
	require.NoError(t, err)
	assert.Equal(t, []users.Member{}, empty)
}

// TestIntegrationUserDataReadsEachSpace: the super admin's view of a user lists, per space
// the user belongs to (by title), the collection roles read in that space (by collection
// title); spaces that are not active are left out.
func TestIntegrationUserDataReadsEachSpace(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	u := f.user(t, "Vera", "Graf", "vera@kssg.ch")
	other := f.user(t, "Other", "Admin", "other@kssg.ch")
	beta := f.space(t, "beta", "Beta Hospital", u)
	alpha := f.space(t, "alpha", "Alpha Hospital", other, u)
	gamma := f.space(t, "gamma", "Gamma Hospital", u)
	zeta := f.collection(t, alpha, "Zeta", u, "validator", "member")
	cardio := f.collection(t, alpha, "Cardiology", u, "admin")
	nothing := f.collection(t, alpha, "Nothing for Vera", other, "admin")
	neuro := f.collection(t, beta, "Neurology", u, "member")
	f.collection(t, gamma, "Hidden", u, "member")
	_, err := f.db.Control().Exec(ctx, "UPDATE control.spaces SET status = 'provisioning' WHERE id = $1", gamma.ID)
	require.NoError(t, err)

	got, err := f.svc.UserData(ctx, users.UserDataRequest{Username: "vera@kssg.ch"})
	require.NoError(t, err)
	assert.Equal(t, u, got.ID)
	assert.Equal(t, []users.SpaceRole{
		{Space: "Alpha Hospital", SpaceID: alpha.ID, Roles: []string{"member"}, CollectionRoles: []users.CollectionRole{
			{CollectionID: cardio, CollectionTitle: "Cardiology", Roles: []string{"admin"}, GuidelineRoles: []string{}},
			{CollectionID: zeta, CollectionTitle: "Zeta", Roles: []string{"member", "validator"}, GuidelineRoles: []string{}},
		}},
		{Space: "Beta Hospital", SpaceID: beta.ID, Roles: []string{"member", "admin"}, CollectionRoles: []users.CollectionRole{
			{CollectionID: neuro, CollectionTitle: "Neurology", Roles: []string{"member"}, GuidelineRoles: []string{}},
		}},
	}, got.SpaceRoles)

	none, err := f.svc.UserData(ctx, users.UserDataRequest{Username: "other@kssg.ch"})
	require.NoError(t, err)
	require.Len(t, none.SpaceRoles, 1)
	assert.Equal(t, []users.CollectionRole{{CollectionID: nothing, CollectionTitle: "Nothing for Vera", Roles: []string{"admin"}, GuidelineRoles: []string{}}},
		none.SpaceRoles[0].CollectionRoles)
}

// TestIntegrationProfileReadsRolesInTheSpace: the profile's collections are the caller's
// roles in the request's space, read there.
func TestIntegrationProfileReadsRolesInTheSpace(t *testing.T) {
	f := newFixture(t)
	u := f.user(t, "Max", "Muster", "max@kssg.ch")
	admin := f.user(t, "Anna", "Admin", "anna@kssg.ch")
	alpha := f.space(t, "alpha", "Alpha", admin, u)
	beta := f.space(t, "beta", "Beta", admin, u)
	a := f.collection(t, alpha, "A", u, "admin", "member")
	b := f.collection(t, alpha, "B", u, "validator")
	f.collection(t, beta, "Elsewhere", u, "admin")

	ctx := tenancy.WithSpace(context.Background(), alpha)
	ctx = policy.WithPrincipal(ctx, policy.Principal{UserID: u})
	p, err := f.svc.Profile(ctx, struct{}{})
	require.NoError(t, err)
	assert.Equal(t, []int64{a, b}, p.Collections)
	assert.Equal(t, []int64{a}, p.AdminOfCollections)
	assert.Equal(t, []int64{b}, p.ValidatorOfCollections)
	assert.Equal(t, "max@kssg.ch", p.Username)
	assert.Equal(t, []int64{alpha.ID, beta.ID}, p.Spaces)
}
