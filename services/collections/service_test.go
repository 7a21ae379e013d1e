package collections_test

import (
	"context"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/collections"
	"vademecum/services/search/searchjob"
	"vademecum/services/servicetest"
	"vademecum/services/users"
	"vademecum/services/validation"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// fixture is a hospital space whose e-mail domain is alpha.ch, with a private cardiology
// collection (an admin, a member and a validator), a protected and a public one, and the
// people whose rights differ; beta is another space with a collection more than alpha has,
// so that its ids are not alpha's.
type fixture struct {
	*servicetest.Env
	svc                                  *collections.Service
	alpha, beta                          *tenancy.Space
	admin, member, collAdmin, collMember int64
	validator, outsider, betaAdmin       int64
	super                                int64
	cardio, protected, public            int64
	betaOnly                             int64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	e := servicetest.New(t)
	f := &fixture{Env: e, svc: &collections.Service{DB: e.DB, Registry: e.Registry, Authz: e.Policy, Jobs: e.Jobs, Enroller: e.Spaces,
		Shares: e.Sharing, Memberships: e.Spaces, Users: e.Users,
		Approvals: &validation.Service{DB: e.DB, Authz: e.Policy, Jobs: e.Jobs, Clock: e.Clock, Users: e.Users}}}
	f.admin, f.member, f.collAdmin = e.User(t, "admin@alpha.ch"), e.User(t, "member@alpha.ch"), e.User(t, "colladmin@alpha.ch")
	f.collMember, f.validator = e.User(t, "collmember@alpha.ch"), e.User(t, "validator@alpha.ch")
	f.outsider, f.betaAdmin, f.super = e.User(t, "outsider@test.ch"), e.User(t, "admin@beta.ch"), e.User(t, "super@vademecum.ch")
	_, err := e.DB.Control().Exec(context.Background(), "UPDATE control.users SET super_admin = true WHERE id = $1", f.super)
	require.NoError(t, err)
	e.Policy.Invalidate(f.super)
	f.alpha, err = e.Registry.Provision(context.Background(), tenancy.Space{Subdomain: "alpha", Title: "Alpha Hospital", EmailDomains: []string{"alpha.ch"}}, tenancy.Placement{})
	require.NoError(t, err)
	for i, id := range []int64{f.admin, f.member, f.collAdmin, f.collMember, f.validator} {
		e.AddMember(t, f.alpha, id, i == 0)
	}
	f.beta = e.Space(t, "beta", f.betaAdmin)
	f.cardio = e.Collection(t, f.alpha, "Cardiology", "private", map[int64]string{f.collAdmin: "admin", f.collMember: "member", f.validator: "validator"})
	f.protected = e.Collection(t, f.alpha, "Intensive care", "protected", nil)
	f.public = e.Collection(t, f.alpha, "Emergency", "public", nil)
	for _, title := range []string{"B1", "B2", "B3", "B4"} {
		f.betaOnly = e.Collection(t, f.beta, title, "public", map[int64]string{f.betaAdmin: "admin"})
	}
	return f
}

func (f *fixture) collection(t *testing.T, id int64) collections.Collection {
	t.Helper()
	c, err := f.svc.Collection(f.As(f.alpha, f.admin), collections.CollectionRequest{CollectionID: api.ID(id)})
	require.NoError(t, err)
	return c
}

func usernames(list []users.Member) []string {
	out := make([]string, len(list))
	for i, m := range list {
		out[i] = m.Username
	}
	return out
}

func sorted(ids []int64) []int64 {
	out := append([]int64{}, ids...)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// TestIntegrationCollectionVisibility proves that the list and the single collection apply
// the same reading rule for every kind of reader, and that ids of another space are not found.
func TestIntegrationCollectionVisibility(t *testing.T) {
	f := newFixture(t)
	all := []int64{f.cardio, f.protected, f.public}
	for _, tc := range []struct {
		name string
		user int64
		want []int64
	}{
		{"anonymous", 0, []int64{f.public}},
		{"signed in, not a member", f.outsider, []int64{f.public}},
		{"admin of another space", f.betaAdmin, []int64{f.public}},
		{"member of the space", f.member, []int64{f.protected, f.public}},
		{"member of the collection", f.collMember, all},
		{"validator of the collection", f.validator, all},
		{"admin of the collection", f.collAdmin, all},
		{"space admin", f.admin, all},
		{"super admin", f.super, all},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := f.As(f.alpha, tc.user)
			list, err := f.svc.Collections(ctx, struct{}{})
			require.NoError(t, err)
			var listed []int64
			for _, c := range list {
				listed = append(listed, c.ID)
				assert.Equal(t, f.alpha.ID, c.SpaceID)
			}
			var single []int64
			for _, id := range append(all, f.betaOnly) {
				c, err := f.svc.Collection(ctx, collections.CollectionRequest{CollectionID: api.ID(id)})
				if err == nil {
					single = append(single, c.ID)
					continue
				}
				assert.ErrorIs(t, err, api.ErrNotFound)
			}
			assert.Equal(t, sorted(tc.want), sorted(listed), "list")
			assert.Equal(t, sorted(listed), sorted(single), "list and single collection agree")
		})
	}
	list, err := f.svc.Collections(f.As(f.alpha, f.admin), struct{}{})
	require.NoError(t, err)
	var titles []string
	for _, c := range list {
		titles = append(titles, c.Title)
	}
	assert.Equal(t, []string{"Cardiology", "Emergency", "Intensive care"}, titles, "by title")

	// the admin lists of a space: its own admins and the super admin only
	mine, err := f.svc.AdministeredCollections(f.As(f.alpha, f.collAdmin), struct{}{})
	require.NoError(t, err)
	require.Len(t, mine, 1)
	assert.Equal(t, f.cardio, mine[0].ID)
	mine, err = f.svc.AdministeredCollections(f.As(f.alpha, f.validator), struct{}{})
	require.NoError(t, err)
	assert.Empty(t, mine, "a validator administers nothing")
	mine, err = f.svc.AdministeredCollections(f.As(f.alpha, f.admin), struct{}{})
	require.NoError(t, err)
	assert.Len(t, mine, 3, "a space admin administers every collection")
	_, err = f.svc.SpaceCollections(f.As(f.alpha, f.admin), collections.SpaceRequest{SpaceID: api.ID(f.beta.ID)})
	assert.ErrorIs(t, err, api.ErrNotFound, "the id of another space")
	betas, err := f.svc.SpaceCollections(f.As(f.alpha, f.super), collections.SpaceRequest{SpaceID: api.ID(f.beta.ID)})
	require.NoError(t, err)
	assert.Len(t, betas, 4, "the super admin lists any space from anywhere")
}

// TestIntegrationCreateCollection proves the checks of a new collection, that a refusal
// writes nothing, the default validation rules, and that its admins hold their rights at once.
func TestIntegrationCreateCollection(t *testing.T) {
	f := newFixture(t)
	zero, four, year := 0, 4, 366
	create := func(user int64, space *tenancy.Space, in collections.CollectionInput) (collections.Collection, error) {
		return f.svc.CreateCollection(f.As(f.alpha, user), collections.CreateRequest{SpaceID: api.ID(space.ID), Collection: in})
	}
	collectionsBefore, rolesBefore := f.Count(t, f.alpha, "collections"), f.Count(t, f.alpha, "collection_roles")
	for _, tc := range []struct {
		name    string
		space   *tenancy.Space
		in      collections.CollectionInput
		message string
		params  map[string]any
	}{
		{"no title", f.alpha, collections.CollectionInput{Title: "  ", Visibility: "public"}, "validation.required", map[string]any{"field": "collection.title"}},
		{"over-long title", f.alpha, collections.CollectionInput{Title: strings.Repeat("t", 201), Visibility: "public"}, "validation.tooLong", nil},
		{"visibility outside the three", f.alpha, collections.CollectionInput{Title: "X", Visibility: "secret"}, "collection.invalidVisibility", nil},
		{"no approval", f.alpha, collections.CollectionInput{Title: "X", Visibility: "public", MinApprovals: &zero}, "collection.outOfRange",
			map[string]any{"field": "collection.minApprovals", "min": 1, "max": collections.MaxApprovals}},
		{"four approvals", f.alpha, collections.CollectionInput{Title: "X", Visibility: "public", MinApprovals: &four}, "collection.outOfRange", nil},
		{"escalation at once", f.alpha, collections.CollectionInput{Title: "X", Visibility: "public", EscalateAfterDays: &zero}, "collection.outOfRange",
			map[string]any{"field": "collection.escalateAfterDays", "min": 1, "max": collections.MaxEscalateAfterDays}},
		{"grace period over a year", f.alpha, collections.CollectionInput{Title: "X", Visibility: "public", TranslationGraceDays: &year}, "collection.outOfRange",
			map[string]any{"field": "collection.translationGraceDays", "min": 0, "max": collections.MaxTranslationGraceDays}},
		{"admin outside the space", f.alpha, collections.CollectionInput{Title: "X", Visibility: "public", Admins: []api.ID{api.ID(f.outsider)}},
			"collection.notSpaceMember", map[string]any{"ids": []int64{f.outsider}}},
		{"unknown admin", f.alpha, collections.CollectionInput{Title: "X", Visibility: "public", Admins: []api.ID{999999}},
			"collection.notSpaceMember", nil},
		{"another space", f.beta, collections.CollectionInput{Title: "Sneaky", Visibility: "public"}, "not found", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := create(f.admin, tc.space, tc.in)
			assert.Equal(t, tc.message, servicetest.Message(err))
			if tc.params != nil {
				assert.Equal(t, tc.params, servicetest.Params(err))
			}
		})
	}
	assert.Equal(t, collectionsBefore, f.Count(t, f.alpha, "collections"), "refusals write nothing")
	assert.Equal(t, rolesBefore, f.Count(t, f.alpha, "collection_roles"))
	assert.Equal(t, 4, f.Count(t, f.beta, "collections"))

	// without admins named, the creator administers it, with the default rules
	c, err := create(f.admin, f.alpha, collections.CollectionInput{Title: "  Nephrology ", Visibility: "protected"})
	require.NoError(t, err)
	assert.Equal(t, "Nephrology", c.Title)
	assert.Equal(t, "protected", c.Visibility)
	assert.Equal(t, f.alpha.ID, c.SpaceID)
	assert.Equal(t, 1, c.MinApprovals, "one approval by default")
	assert.Nil(t, c.EscalateAfterDays, "nobody is told by default")
	assert.False(t, c.AuthorMayValidate)
	assert.Equal(t, 14, c.TranslationGraceDays, "two weeks by default")
	assert.Zero(t, c.GuidelinesCount)
	members, err := f.svc.Members(f.As(f.alpha, f.admin), collections.MembersRequest{Collection: api.ID(c.ID)})
	require.NoError(t, err)
	require.Len(t, members, 1)
	assert.Equal(t, f.admin, members[0].ID)
	assert.True(t, members[0].Admin)

	// named admins may administer it on the very next call, the same one named twice once
	two, three := 2, 3
	c, err = create(f.admin, f.alpha, collections.CollectionInput{Title: "Dialysis", Visibility: "private",
		Admins: []api.ID{api.ID(f.member), api.ID(f.member)}, MinApprovals: &two, EscalateAfterDays: &three, TranslationGraceDays: &zero})
	require.NoError(t, err)
	assert.Equal(t, 2, c.MinApprovals)
	require.NotNil(t, c.EscalateAfterDays)
	assert.Equal(t, 3, *c.EscalateAfterDays)
	assert.Zero(t, c.TranslationGraceDays)
	members, err = f.svc.Members(f.As(f.alpha, f.member), collections.MembersRequest{Collection: api.ID(c.ID)})
	require.NoError(t, err)
	assert.Equal(t, []string{"member@alpha.ch"}, usernames(members))
	mine, err := f.svc.AdministeredCollections(f.As(f.alpha, f.member), struct{}{})
	require.NoError(t, err)
	require.Len(t, mine, 1)
	assert.Equal(t, c.ID, mine[0].ID)

	// the super admin creates in another space than the one the request is for
	b, err := f.svc.CreateCollection(f.As(f.alpha, f.super), collections.CreateRequest{SpaceID: api.ID(f.beta.ID),
		Collection: collections.CollectionInput{Title: "Beta guidelines", Visibility: "public", Admins: []api.ID{api.ID(f.betaAdmin)}}})
	require.NoError(t, err)
	assert.Equal(t, f.beta.ID, b.SpaceID)
	assert.Equal(t, 5, f.Count(t, f.beta, "collections"))
}

// TestIntegrationUpdateCollection proves who may change a collection, that left-out rules
// keep their value while a null escalation turns it off, that refusals change nothing, and
// that a new visibility has the collection's guidelines reindexed.
func TestIntegrationUpdateCollection(t *testing.T) {
	f := newFixture(t)
	two, five, four := 2, 5, 4
	yes := true
	update := func(user, id int64, in collections.CollectionInput) (collections.Collection, error) {
		return f.svc.UpdateCollection(f.As(f.alpha, user), collections.UpdateRequest{CollectionID: api.ID(id), Collection: in})
	}
	c, err := update(f.collAdmin, f.cardio, collections.CollectionInput{Title: "Cardiology", Visibility: "private",
		MinApprovals: &two, EscalateAfterDays: &five, AuthorMayValidate: &yes})
	require.NoError(t, err)
	assert.Equal(t, 2, c.MinApprovals)
	require.NotNil(t, c.EscalateAfterDays)
	assert.Equal(t, 5, *c.EscalateAfterDays)
	assert.True(t, c.AuthorMayValidate)
	assert.Equal(t, c, f.collection(t, f.cardio), "the answer is what a read returns")
	assert.Empty(t, servicetest.Queued[searchjob.Collection](t, f.Env), "the same visibility reindexes nothing")

	for _, tc := range []struct {
		name    string
		user    int64
		id      int64
		in      collections.CollectionInput
		message string
	}{
		{"a member of the collection", f.collMember, f.cardio, collections.CollectionInput{Title: "X", Visibility: "public"}, "forbidden"},
		{"a validator of the collection", f.validator, f.cardio, collections.CollectionInput{Title: "X", Visibility: "public"}, "forbidden"},
		{"a member of the space", f.member, f.protected, collections.CollectionInput{Title: "X", Visibility: "public"}, "forbidden"},
		{"an unknown collection", f.admin, 999999, collections.CollectionInput{Title: "X", Visibility: "public"}, "not found"},
		{"a collection of another space", f.admin, f.betaOnly, collections.CollectionInput{Title: "X", Visibility: "public"}, "not found"},
		{"no title", f.collAdmin, f.cardio, collections.CollectionInput{Title: "", Visibility: "public"}, "validation.required"},
		{"a visibility outside the three", f.collAdmin, f.cardio, collections.CollectionInput{Title: "X", Visibility: "secret"}, "collection.invalidVisibility"},
		{"four approvals", f.collAdmin, f.cardio, collections.CollectionInput{Title: "X", Visibility: "public", MinApprovals: &four}, "collection.outOfRange"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := update(tc.user, tc.id, tc.in)
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
	assert.Equal(t, c, f.collection(t, f.cardio), "refusals change nothing")

	// left out, the rules stay; null turns escalation off; a space admin may too
	c, err = update(f.admin, f.cardio, collections.CollectionInput{Title: "Cardiology and angiology", Visibility: "public"})
	require.NoError(t, err)
	assert.Equal(t, "Cardiology and angiology", c.Title)
	assert.Equal(t, 2, c.MinApprovals)
	assert.True(t, c.AuthorMayValidate)
	assert.Nil(t, c.EscalateAfterDays)
	_, err = f.svc.Collection(f.As(f.alpha, 0), collections.CollectionRequest{CollectionID: api.ID(f.cardio)})
	assert.NoError(t, err, "public now")
	queued := servicetest.Queued[searchjob.Collection](t, f.Env)
	assert.Equal(t, []searchjob.Collection{{SpaceID: f.alpha.ID, CollectionID: f.cardio}}, queued, "readers find what the new visibility lets them")
}

// TestIntegrationLoweredMinimumPublishes proves that lowering a collection's minimum of
// approvals publishes the requests that already have the approvals it now requires.
func TestIntegrationLoweredMinimumPublishes(t *testing.T) {
	f := newFixture(t)
	two, one := 2, 1
	_, err := f.svc.UpdateCollection(f.As(f.alpha, f.collAdmin), collections.UpdateRequest{CollectionID: api.ID(f.cardio),
		Collection: collections.CollectionInput{Title: "Cardiology", Visibility: "private", MinApprovals: &two}})
	require.NoError(t, err)
	g := f.Guideline(t, f.alpha, servicetest.Guideline{Collection: f.cardio, Author: f.collMember, MainValidator: f.validator, Languages: []string{"de"}})
	v := f.svc.Approvals.(*validation.Service)
	req, err := v.SubmitToValidation(f.As(f.alpha, f.collMember), validation.SubmitRequest{GuidelineID: api.ID(g), GuidelineVersion: 1,
		Validation: validation.Content{Title: "Neu", Important: true}})
	require.NoError(t, err)
	approved, err := v.AcceptValidation(f.As(f.alpha, f.validator), validation.AcceptRequest{Revision: api.ID(req.Revision), Comment: "gut",
		ValidationContent: validation.Content{Title: "Neu", Important: true}})
	require.NoError(t, err)
	require.Nil(t, approved.TimestampCompleted, "one approval of two keeps the request open")

	_, err = f.svc.UpdateCollection(f.As(f.alpha, f.collAdmin), collections.UpdateRequest{CollectionID: api.ID(f.cardio),
		Collection: collections.CollectionInput{Title: "Cardiology", Visibility: "private", MinApprovals: &one}})
	require.NoError(t, err)
	var progress string
	var published *int
	require.NoError(t, f.DB.Control().QueryRow(t.Context(), "SELECT v.progress, l.published_version FROM "+f.alpha.Schema+".validations v JOIN "+
		f.alpha.Schema+".guideline_languages l ON l.guideline_id = v.guideline_id AND l.language = v.language WHERE v.revision = $1", req.Revision).
		Scan(&progress, &published))
	assert.Equal(t, "accepted", progress)
	require.NotNil(t, published)
	assert.Equal(t, 1, *published, "the version is online")
}

// TestIntegrationDeleteCollection proves that a collection with guidelines stays, and that a
// deletion takes the roles, their rights and the offers to other spaces along.
func TestIntegrationDeleteCollection(t *testing.T) {
	f := newFixture(t)
	ctx := f.As(f.alpha, f.admin)
	f.Guideline(t, f.alpha, servicetest.Guideline{Collection: f.cardio, Author: f.collMember, Languages: []string{"de"}})
	f.Guideline(t, f.alpha, servicetest.Guideline{Collection: f.cardio, Author: f.collMember, Languages: []string{"fr"}})
	_, err := f.svc.DeleteCollection(ctx, collections.DeleteRequest{CollectionID: api.ID(f.cardio)})
	assert.Equal(t, "collection.hasGuidelines", servicetest.Message(err))
	assert.Equal(t, map[string]any{"n": 2}, servicetest.Params(err))
	assert.Equal(t, 3, f.Count(t, f.alpha, "collection_roles"), "nothing changed")
	c := f.collection(t, f.cardio)
	assert.True(t, c.HasGuidelines)
	assert.Equal(t, 2, c.GuidelinesCount)

	for _, id := range []int64{999999, f.betaOnly} {
		_, err = f.svc.DeleteCollection(ctx, collections.DeleteRequest{CollectionID: api.ID(id)})
		assert.ErrorIs(t, err, api.ErrNotFound)
	}
	assert.Equal(t, 4, f.Count(t, f.beta, "collections"))

	// an offered collection with roles
	nephro := f.Collection(t, f.alpha, "Nephrology", "protected", map[int64]string{f.member: "admin", f.validator: "validator"})
	_, err = f.DB.Control().Exec(t.Context(), "INSERT INTO control.shared_collections (from_space_id, collection_id, to_space_id) VALUES ($1, $2, $3)",
		f.alpha.ID, nephro, f.beta.ID)
	require.NoError(t, err)
	st, err := f.svc.CollectionStats(f.As(f.alpha, f.member), collections.StatsRequest{CollectionID: api.ID(nephro)})
	require.NoError(t, err)
	assert.Equal(t, 1, st.SharedCollectionsCount)
	ok, err := f.svc.DeleteCollection(ctx, collections.DeleteRequest{CollectionID: api.ID(nephro)})
	require.NoError(t, err)
	assert.True(t, ok)
	_, err = f.svc.Collection(f.As(f.alpha, f.super), collections.CollectionRequest{CollectionID: api.ID(nephro)})
	assert.ErrorIs(t, err, api.ErrNotFound)
	var roles, offers int
	require.NoError(t, f.DB.Control().QueryRow(t.Context(), "SELECT count(*) FROM "+f.alpha.Schema+".collection_roles WHERE collection_id = $1", nephro).Scan(&roles))
	require.NoError(t, f.DB.Control().QueryRow(t.Context(), "SELECT count(*) FROM control.shared_collections WHERE from_space_id = $1", f.alpha.ID).Scan(&offers))
	assert.Zero(t, roles)
	assert.Zero(t, offers, "its offers went along")
	mine, err := f.svc.AdministeredCollections(f.As(f.alpha, f.member), struct{}{})
	require.NoError(t, err)
	assert.Empty(t, mine, "its admin holds nothing any more")
	_, err = f.svc.DeleteCollection(ctx, collections.DeleteRequest{CollectionID: api.ID(nephro)})
	assert.ErrorIs(t, err, api.ErrNotFound)
}

// TestIntegrationCollectionMembers proves who may change a collection's members, the checks
// of an addition (none of which writes anything), and that the last admin stays.
func TestIntegrationCollectionMembers(t *testing.T) {
	f := newFixture(t)
	add := func(user int64, ids ...int64) ([]users.Member, error) {
		list := make([]api.ID, len(ids))
		for i, id := range ids {
			list[i] = api.ID(id)
		}
		return f.svc.AddMembers(f.As(f.alpha, user), collections.AddMembersRequest{Collection: api.ID(f.cardio), Members: list})
	}
	rolesBefore := f.Count(t, f.alpha, "collection_roles")
	for _, tc := range []struct {
		name    string
		user    int64
		ids     []int64
		message string
		params  map[string]any
	}{
		{"a member of the collection", f.collMember, []int64{f.member}, "forbidden", nil},
		{"a space member without a role", f.member, []int64{f.member}, "forbidden", nil},
		{"nobody", f.collAdmin, nil, "validation.required", map[string]any{"field": "members"}},
		{"the same twice", f.collAdmin, []int64{f.member, f.member}, "request.duplicateId", map[string]any{"field": "members"}},
		{"outside the space", f.collAdmin, []int64{f.member, f.outsider, f.betaAdmin}, "collection.notSpaceMember", map[string]any{"ids": []int64{f.outsider, f.betaAdmin}}},
		{"an unknown user", f.collAdmin, []int64{999999}, "collection.notSpaceMember", nil},
		{"a member already", f.collAdmin, []int64{f.member, f.collMember}, "collection.alreadyMember", map[string]any{"ids": []int64{f.collMember}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := add(tc.user, tc.ids...)
			assert.Equal(t, tc.message, servicetest.Message(err))
			if tc.params != nil {
				assert.Equal(t, tc.params, servicetest.Params(err))
			}
		})
	}
	_, err := f.svc.Members(f.As(f.alpha, f.collAdmin), collections.MembersRequest{Collection: 999999})
	assert.ErrorIs(t, err, api.ErrNotFound)
	_, err = f.svc.AddMembers(f.As(f.alpha, f.admin), collections.AddMembersRequest{Collection: api.ID(f.betaOnly), Members: []api.ID{api.ID(f.member)}})
	assert.ErrorIs(t, err, api.ErrNotFound, "a collection of another space")
	assert.Equal(t, rolesBefore, f.Count(t, f.alpha, "collection_roles"), "refusals write nothing")

	// a validator joins the members; the list knows who administers and who writes
	f.Guideline(t, f.alpha, servicetest.Guideline{Collection: f.cardio, Author: f.collMember, Languages: []string{"de"}})
	members, err := add(f.collAdmin, f.validator)
	require.NoError(t, err)
	assert.Equal(t, []string{"colladmin@alpha.ch", "collmember@alpha.ch", "validator@alpha.ch"}, usernames(members))
	assert.Equal(t, []bool{true, false, false}, []bool{members[0].Admin, members[1].Admin, members[2].Admin})
	assert.Equal(t, []bool{false, true, false}, []bool{members[0].IsAuthor, members[1].IsAuthor, members[2].IsAuthor})
	page, err := f.svc.Members(f.As(f.alpha, f.collAdmin), collections.MembersRequest{Collection: api.ID(f.cardio), Page: users.Page{Query: "valid"}})
	require.NoError(t, err)
	assert.Equal(t, []string{"validator@alpha.ch"}, usernames(page), "searched by name")
	page, err = f.svc.Members(f.As(f.alpha, f.collAdmin), collections.MembersRequest{Collection: api.ID(f.cardio), Page: users.Page{Offset: 1, Limit: 1}})
	require.NoError(t, err)
	assert.Equal(t, []string{"collmember@alpha.ch"}, usernames(page), "a page at a time")

	// the last admin stays: neither removed nor demoted
	for name, call := range map[string]func() ([]users.Member, error){
		"removed": func() ([]users.Member, error) {
			return f.svc.RemoveMember(f.As(f.alpha, f.collAdmin), collections.RemoveMemberRequest{Collection: api.ID(f.cardio), Member: api.ID(f.collAdmin)})
		},
		"demoted": func() ([]users.Member, error) {
			return f.svc.SetAdmin(f.As(f.alpha, f.collAdmin), collections.SetAdminRequest{Collection: api.ID(f.cardio), Member: api.ID(f.collAdmin)})
		},
	} {
		_, err := call()
		assert.Equal(t, "collection.lastAdmin", servicetest.Message(err), name)
	}
	_, err = f.svc.RemoveMember(f.As(f.alpha, f.collAdmin), collections.RemoveMemberRequest{Collection: api.ID(f.cardio), Member: api.ID(f.member)})
	assert.ErrorIs(t, err, api.ErrNotFound, "not a member of the collection")
	_, err = f.svc.SetAdmin(f.As(f.alpha, f.collAdmin), collections.SetAdminRequest{Collection: api.ID(f.cardio), Member: api.ID(f.member), Admin: true})
	assert.ErrorIs(t, err, api.ErrNotFound, "admins are made of members")

	// an admin made, the first one leaves and loses the rights at once
	_, err = f.svc.SetAdmin(f.As(f.alpha, f.collAdmin), collections.SetAdminRequest{Collection: api.ID(f.cardio), Member: api.ID(f.collMember), Admin: true})
	require.NoError(t, err)
	members, err = f.svc.RemoveMember(f.As(f.alpha, f.collAdmin), collections.RemoveMemberRequest{Collection: api.ID(f.cardio), Member: api.ID(f.collAdmin)})
	require.NoError(t, err)
	assert.Equal(t, []string{"collmember@alpha.ch", "validator@alpha.ch"}, usernames(members))
	assert.True(t, members[0].Admin)
	_, err = f.svc.Members(f.As(f.alpha, f.collAdmin), collections.MembersRequest{Collection: api.ID(f.cardio)})
	assert.ErrorIs(t, err, api.ErrForbidden, "a removed admin administers nothing")

	// demoted, an admin stays a member
	_, err = f.svc.SetAdmin(f.As(f.alpha, f.collMember), collections.SetAdminRequest{Collection: api.ID(f.cardio), Member: api.ID(f.validator), Admin: true})
	require.NoError(t, err)
	members, err = f.svc.SetAdmin(f.As(f.alpha, f.validator), collections.SetAdminRequest{Collection: api.ID(f.cardio), Member: api.ID(f.collMember)})
	require.NoError(t, err)
	assert.Equal(t, []string{"collmember@alpha.ch", "validator@alpha.ch"}, usernames(members))
	assert.Equal(t, []bool{false, true}, []bool{members[0].Admin, members[1].Admin})
}

// TestIntegrationCollectionEnrolment proves that people named by address become members of
// the space, where a collection admin who is not a space admin names only colleagues of the
// space's e-mail domains, and that a refused enrolment writes nothing.
func TestIntegrationCollectionEnrolment(t *testing.T) {
	f := newFixture(t)
	addresses := func(user int64, emails ...string) ([]users.Member, error) {
		return f.svc.AddMembers(f.As(f.alpha, user), collections.AddMembersRequest{Collection: api.ID(f.cardio), Emails: emails})
	}
	accounts := func() int {
		var n int
		require.NoError(t, f.DB.Control().QueryRow(t.Context(), "SELECT count(*) FROM control.users").Scan(&n))
		return n
	}
	usersBefore, rolesBefore := accounts(), f.Count(t, f.alpha, "collection_roles")
	_, err := addresses(f.collAdmin, "new.nurse@alpha.ch", "someone@elsewhere.org")
	assert.Equal(t, "space.emailOutsideDomains", servicetest.Message(err))
	assert.Equal(t, []string{"someone@elsewhere.org"}, servicetest.Params(err)["emails"])
	_, err = addresses(f.collAdmin, "not an address")
	assert.Equal(t, "validation.emailList", servicetest.Message(err))
	_, err = addresses(f.collAdmin, "new.nurse@alpha.ch", "collmember@alpha.ch")
	assert.Equal(t, "collection.alreadyMember", servicetest.Message(err), "checked before anyone is enrolled")
	assert.Equal(t, usersBefore, accounts(), "nothing half-written")
	assert.Equal(t, rolesBefore, f.Count(t, f.alpha, "collection_roles"))

	members, err := addresses(f.collAdmin, "New.Nurse@alpha.ch", "member@alpha.ch")
	require.NoError(t, err)
	assert.Equal(t, []string{"new.nurse@alpha.ch", "colladmin@alpha.ch", "collmember@alpha.ch", "member@alpha.ch"}, usernames(members),
		"by name, which the invited account has not given yet")
	var nurse int64
	require.NoError(t, f.DB.Control().QueryRow(t.Context(), "SELECT user_id FROM control.logins WHERE email = 'new.nurse@alpha.ch' AND NOT verified").Scan(&nurse))
	missing, err := f.Spaces.NotMembers(t.Context(), f.alpha.ID, []int64{nurse})
	require.NoError(t, err)
	assert.Empty(t, missing, "the new colleague is a member of the space")

	// a space admin brings in anybody, as validator too
	validators, err := f.svc.AddValidators(f.As(f.alpha, f.admin), collections.AddValidatorsRequest{Collection: api.ID(f.cardio), Emails: []string{"guest@partner.org"}})
	require.NoError(t, err)
	var names []string
	for _, v := range validators {
		names = append(names, v.Username)
	}
	assert.Equal(t, []string{"guest@partner.org", "validator@alpha.ch"}, names)
	_, err = f.svc.AddValidators(f.As(f.alpha, f.admin), collections.AddValidatorsRequest{Collection: api.ID(f.cardio), Emails: []string{"guest@partner.org"}})
	assert.Equal(t, "collection.alreadyMember", servicetest.Message(err))
}

// TestIntegrationCollectionValidators proves that validators are listed with the guidelines
// they are main validator of, and that one stays while they are.
func TestIntegrationCollectionValidators(t *testing.T) {
	f := newFixture(t)
	g := f.Guideline(t, f.alpha, servicetest.Guideline{Collection: f.cardio, Author: f.collMember, MainValidator: f.validator, Languages: []string{"de"}})
	require.NotZero(t, g)
	validators, err := f.svc.AddValidators(f.As(f.alpha, f.collAdmin), collections.AddValidatorsRequest{Collection: api.ID(f.cardio),
		Validators: []api.ID{api.ID(f.member), api.ID(f.collMember)}})
	require.NoError(t, err)
	mainOf := map[string]int{}
	authors := map[string]bool{}
	for _, v := range validators {
		mainOf[v.Username], authors[v.Username] = v.MainValidatorOf, v.IsAuthor
	}
	assert.Equal(t, map[string]int{"member@alpha.ch": 0, "collmember@alpha.ch": 0, "validator@alpha.ch": 1}, mainOf)
	assert.True(t, authors["collmember@alpha.ch"])
	_, err = f.svc.AddValidators(f.As(f.alpha, f.collAdmin), collections.AddValidatorsRequest{Collection: api.ID(f.cardio), Validators: []api.ID{api.ID(f.member)}})
	assert.Equal(t, "collection.alreadyMember", servicetest.Message(err))
	_, err = f.svc.AddValidators(f.As(f.alpha, f.validator), collections.AddValidatorsRequest{Collection: api.ID(f.cardio), Validators: []api.ID{api.ID(f.admin)}})
	assert.ErrorIs(t, err, api.ErrForbidden, "validators do not choose validators")
	_, err = f.svc.AddValidators(f.As(f.alpha, f.collAdmin), collections.AddValidatorsRequest{Collection: api.ID(f.cardio)})
	assert.Equal(t, "validation.required", servicetest.Message(err))
	assert.Equal(t, map[string]any{"field": "validators"}, servicetest.Params(err))

	_, err = f.svc.RemoveValidator(f.As(f.alpha, f.collAdmin), collections.RemoveValidatorRequest{Collection: api.ID(f.cardio), Validator: api.ID(f.validator)})
	assert.Equal(t, "collection.mainValidator", servicetest.Message(err))
	assert.Equal(t, map[string]any{"n": 1}, servicetest.Params(err))
	_, err = f.svc.RemoveValidator(f.As(f.alpha, f.collAdmin), collections.RemoveValidatorRequest{Collection: api.ID(f.cardio), Validator: api.ID(f.admin)})
	assert.ErrorIs(t, err, api.ErrNotFound, "not a validator of the collection")
	validators, err = f.svc.RemoveValidator(f.As(f.alpha, f.collAdmin), collections.RemoveValidatorRequest{Collection: api.ID(f.cardio), Validator: api.ID(f.member)})
	require.NoError(t, err)
	assert.Len(t, validators, 2)
	listed, err := f.svc.Validators(f.As(f.alpha, f.admin), collections.ValidatorsRequest{Collection: api.ID(f.cardio)})
	require.NoError(t, err)
	assert.Equal(t, validators, listed)
	_, err = f.svc.Validators(f.As(f.alpha, f.validator), collections.ValidatorsRequest{Collection: api.ID(f.cardio)})
	assert.ErrorIs(t, err, api.ErrForbidden)
}

// TestIntegrationHistoryReaders proves who may be designated to read a collection's history
// and that a designation is taken once.
func TestIntegrationHistoryReaders(t *testing.T) {
	f := newFixture(t)
	designate := func(ids ...int64) ([]users.Member, error) {
		list := make([]api.ID, len(ids))
		for i, id := range ids {
			list[i] = api.ID(id)
		}
		return f.svc.AddHistoryReaders(f.As(f.alpha, f.collAdmin), collections.AddHistoryReadersRequest{Collection: api.ID(f.cardio), Members: list})
	}
	_, err := designate()
	assert.Equal(t, "validation.required", servicetest.Message(err))
	_, err = designate(f.betaAdmin)
	assert.Equal(t, "collection.notSpaceMember", servicetest.Message(err))
	_, err = f.svc.AddHistoryReaders(f.As(f.alpha, f.collAdmin), collections.AddHistoryReadersRequest{Collection: 999999, Members: []api.ID{api.ID(f.member)}})
	assert.ErrorIs(t, err, api.ErrNotFound)
	assert.Equal(t, 3, f.Count(t, f.alpha, "collection_roles"), "refusals write nothing")

	readers, err := designate(f.member, f.collMember)
	require.NoError(t, err)
	assert.Equal(t, []string{"collmember@alpha.ch", "member@alpha.ch"}, usernames(readers))
	_, err = designate(f.member)
	assert.Equal(t, "collection.alreadyMember", servicetest.Message(err))
	members, err := f.svc.Members(f.As(f.alpha, f.collAdmin), collections.MembersRequest{Collection: api.ID(f.cardio)})
	require.NoError(t, err)
	assert.NotContains(t, usernames(members), "member@alpha.ch", "a history reader is no member")

	readers, err = f.svc.RemoveHistoryReader(f.As(f.alpha, f.collAdmin), collections.RemoveHistoryReaderRequest{Collection: api.ID(f.cardio), Member: api.ID(f.member)})
	require.NoError(t, err)
	assert.Equal(t, []string{"collmember@alpha.ch"}, usernames(readers))
	_, err = f.svc.RemoveHistoryReader(f.As(f.alpha, f.collAdmin), collections.RemoveHistoryReaderRequest{Collection: api.ID(f.cardio), Member: api.ID(f.member)})
	assert.ErrorIs(t, err, api.ErrNotFound)
	listed, err := f.svc.HistoryReaders(f.As(f.alpha, f.admin), collections.HistoryReadersRequest{Collection: api.ID(f.cardio)})
	require.NoError(t, err)
	assert.Equal(t, readers, listed)
	_, err = f.svc.HistoryReaders(f.As(f.alpha, f.collMember), collections.HistoryReadersRequest{Collection: api.ID(f.cardio)})
	assert.ErrorIs(t, err, api.ErrForbidden)
}

// TestIntegrationStats proves that the statistics count each person once by role (authors
// before validators) and the guidelines of every collection.
func TestIntegrationStats(t *testing.T) {
	f := newFixture(t)
	// the collection admin writes a guideline with the space member as co-author, who holds
	// no role in the collection
	f.Guideline(t, f.alpha, servicetest.Guideline{Collection: f.cardio, Author: f.collAdmin, CoAuthors: []int64{f.member}, Languages: []string{"de"}})
	f.Guideline(t, f.alpha, servicetest.Guideline{Collection: f.cardio, Author: f.collMember, MainValidator: f.validator, Languages: []string{"de"}, Published: []string{"de"}})
	f.Guideline(t, f.alpha, servicetest.Guideline{Collection: f.public, Author: f.collMember, Languages: []string{"fr"}})

	st, err := f.svc.CollectionStats(f.As(f.alpha, f.collAdmin), collections.StatsRequest{CollectionID: api.ID(f.cardio)})
	require.NoError(t, err)
	assert.Equal(t, collections.MemberStats{TotalMembers: 4, AuthorsCount: 3, ValidatorsCount: 1, OthersCount: 0}, st.MemberStats)
	assert.Equal(t, 2, st.MembersCount, "admin and member, as the member list shows them")
	assert.Equal(t, 2, st.GuidelinesCount)
	assert.Zero(t, st.SharedCollectionsCount)
	_, err = f.svc.CollectionStats(f.As(f.alpha, f.collMember), collections.StatsRequest{CollectionID: api.ID(f.cardio)})
	assert.ErrorIs(t, err, api.ErrForbidden)
	_, err = f.svc.CollectionStats(f.As(f.alpha, f.admin), collections.StatsRequest{CollectionID: api.ID(f.betaOnly)})
	assert.ErrorIs(t, err, api.ErrNotFound)

	sst, err := f.svc.SpaceStats(f.As(f.alpha, f.admin), collections.SpaceStatsRequest{SpaceID: api.ID(f.alpha.ID)})
	require.NoError(t, err)
	// admin (neither), member (co-author), colladmin and collmember (authors), validator
	assert.Equal(t, collections.MemberStats{TotalMembers: 5, AuthorsCount: 3, ValidatorsCount: 1, OthersCount: 1}, sst.MemberStats)
	assert.Equal(t, 3, sst.TotalGuidelinesCount)
	assert.Equal(t, []collections.CollectionCount{{CollectionID: f.cardio, CollectionTitle: "Cardiology", GuidelinesCount: 2},
		{CollectionID: f.public, CollectionTitle: "Emergency", GuidelinesCount: 1},
		{CollectionID: f.protected, CollectionTitle: "Intensive care", GuidelinesCount: 0}}, sst.CollectionStats)
	_, err = f.svc.SpaceStats(f.As(f.alpha, f.admin), collections.SpaceStatsRequest{SpaceID: api.ID(f.beta.ID)})
	assert.ErrorIs(t, err, api.ErrNotFound, "the id of another space")
	sst, err = f.svc.SpaceStats(f.As(f.alpha, f.super), collections.SpaceStatsRequest{SpaceID: api.ID(f.beta.ID)})
	require.NoError(t, err)
	assert.Equal(t, collections.MemberStats{TotalMembers: 1, OthersCount: 1}, sst.MemberStats)
	assert.Len(t, sst.CollectionStats, 4)
}
