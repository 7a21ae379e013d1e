package spaces_test

import (
	"context"
	"strings"
	"testing"

	"github.com/riverqueue/river"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/policy"
	"vademecum/services/accounts"
	"vademecum/services/api"
	"vademecum/services/servicetest"
	"vademecum/services/spaces"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// fixture is the cast of spaces alpha and beta, a super admin, and the spaces' service as
// the server has it: invitations go out through the accounts' context, in the transaction
// that makes the member.
type fixture struct {
	*servicetest.Env
	servicetest.Cast
	svc   *spaces.Service
	super int64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	e := servicetest.New(t)
	f := &fixture{Env: e, Cast: e.Cast(t), svc: e.Spaces}
	// the invitation calls need only the pool and the queue of the accounts' context
	f.svc.Invitations = &accounts.Service{Pool: e.DB.Control(), Jobs: e.Jobs, Throttle: accounts.NewMailThrottle(e.DB.Control()), Grants: e.Policy}
	var err error
	f.super, err = e.Users.Create(t.Context(), users.NewUser{Email: "super@vademecum.ch", Password: "secret", Firstname: "F",
		Lastname: "super@vademecum.ch", SuperAdmin: true, Verified: true})
	require.NoError(t, err)
	return f
}

// person creates a verified account with the given last name and makes it a member of sp.
func (f *fixture) person(t *testing.T, sp *tenancy.Space, email, lastname string) int64 {
	t.Helper()
	id, err := f.Users.Create(t.Context(), users.NewUser{Email: email, Password: "secret", Firstname: "F", Lastname: lastname, Verified: true})
	require.NoError(t, err)
	f.AddMember(t, sp, id, false)
	return id
}

// member tells whether user belongs to sp.
func (f *fixture) member(t *testing.T, sp *tenancy.Space, user int64) bool {
	t.Helper()
	return f.CountRows(t, "SELECT count(*) FROM control.space_members WHERE space_id = $1 AND user_id = $2", sp.ID, user) == 1
}

// holds tells whether the policy grants user role in domain now, cached grants included.
func (f *fixture) holds(t *testing.T, user int64, domain, role string) bool {
	t.Helper()
	ok, err := f.Policy.HasRole(t.Context(), policy.Principal{UserID: user}, domain, role)
	require.NoError(t, err)
	return ok
}

func memberNames(list []users.Member) []string {
	out := make([]string, len(list))
	for i, m := range list {
		out[i] = m.Lastname
	}
	return out
}

// TestIntegrationAddSpaceMembers proves that one bad address refuses the whole list without
// writing anything, that addresses are taken in any case and once, that existing accounts
// join with member rights at once and unknown addresses get an account and an invitation,
// and that ids of another space are not found.
func TestIntegrationAddSpaceMembers(t *testing.T) {
	f := newFixture(t)
	add := func(user int64, sp *tenancy.Space, list ...string) ([]spaces.AddedMember, error) {
		return f.svc.AddMembers(f.As(f.Alpha, user), spaces.AddMembersRequest{SpaceID: api.ID(sp.ID), Users: list})
	}
	membersBefore := f.CountRows(t, "SELECT count(*) FROM control.space_members")
	accountsBefore := f.CountRows(t, "SELECT count(*) FROM control.users")
	for _, tc := range []struct {
		name    string
		space   *tenancy.Space
		list    []string
		message string
		params  map[string]any
	}{
		{"an invalid address refuses the list", f.Alpha, []string{"new@alpha.ch", "not an address", "x@"}, "validation.emailList",
			map[string]any{"field": "users", "invalid": []string{"not an address", "x@"}}},
		{"nobody", f.Alpha, nil, "validation.required", map[string]any{"field": "users"}},
		{"more than one call may add", f.Alpha, make([]string, 5001), "validation.tooLong", map[string]any{"field": "users", "max": 5000}},
		{"another space", f.Beta, []string{"member@alpha.ch"}, "not found", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := add(f.Admin, tc.space, tc.list...)
			assert.Equal(t, tc.message, servicetest.Message(err))
			if tc.params != nil {
				assert.Equal(t, tc.params, servicetest.Params(err))
			}
		})
	}
	assert.Equal(t, membersBefore, f.CountRows(t, "SELECT count(*) FROM control.space_members"), "refusals write nothing")
	assert.Equal(t, accountsBefore, f.CountRows(t, "SELECT count(*) FROM control.users"))
	assert.Empty(t, servicetest.Queued[accounts.TokenMail](t, f.Env))

	require.False(t, f.holds(t, f.Outsider, policy.Domain(f.Alpha.ID), policy.RoleMember))
	added, err := add(f.Admin, f.Alpha, "Outsider@Test.ch", "member@alpha.ch", "new.doctor@alpha.ch", " new.doctor@alpha.ch ")
	require.NoError(t, err)
	assert.Equal(t, []spaces.AddedMember{{Username: "outsider@test.ch", Operation: "added"}, {Username: "member@alpha.ch", Operation: "alreadyMember"},
		{Username: "new.doctor@alpha.ch", Operation: "invited"}}, added)
	assert.True(t, f.member(t, f.Alpha, f.Outsider))
	assert.True(t, f.holds(t, f.Outsider, policy.Domain(f.Alpha.ID), policy.RoleMember), "an added member has member rights at once")

	var doctor int64
	require.NoError(t, f.DB.Control().QueryRow(t.Context(), `SELECT u.id FROM control.users u JOIN control.logins l ON l.user_id = u.id
		WHERE l.email = 'new.doctor@alpha.ch' AND NOT l.verified AND u.password_hash = ''`).Scan(&doctor), "an account that has not signed in yet")
	assert.True(t, f.member(t, f.Alpha, doctor))
	assert.Equal(t, 1, f.CountRows(t, `SELECT count(*) FROM control.account_tokens WHERE user_id = $1 AND purpose = 'invitation'
		AND space_id = $2 AND inviter_id = $3 AND used_at IS NULL AND revoked_at IS NULL`, doctor, f.Alpha.ID, f.Admin), "invited on behalf of the admin")
	assert.Len(t, servicetest.Queued[accounts.TokenMail](t, f.Env), 1, "the invitation is mailed")

	list, err := f.svc.Members(f.As(f.Alpha, f.Admin), spaces.MembersRequest{Space: api.ID(f.Alpha.ID), Page: users.Page{Query: "doctor"}})
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.NotNil(t, list[0].Invitation, "the list shows where the invitation stands")
	assert.True(t, list[0].Invitation.Pending)
	list, err = f.svc.Members(f.As(f.Alpha, f.Admin), spaces.MembersRequest{Space: api.ID(f.Alpha.ID), Page: users.Page{Query: "outsider"}})
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Nil(t, list[0].Invitation, "an account that signed in is not invited")

	added, err = add(f.Admin, f.Alpha, "new.doctor@alpha.ch")
	require.NoError(t, err)
	assert.Equal(t, []spaces.AddedMember{{Username: "new.doctor@alpha.ch", Operation: "alreadyMember"}}, added)
	assert.Len(t, servicetest.Queued[accounts.TokenMail](t, f.Env), 1, "a member is not invited again")

	// the super admin adds to any space, from anywhere
	added, err = add(f.super, f.Beta, "member@alpha.ch")
	require.NoError(t, err)
	assert.Equal(t, []spaces.AddedMember{{Username: "member@alpha.ch", Operation: "added"}}, added)
	assert.True(t, f.member(t, f.Beta, f.Member))
}

// TestIntegrationSpaceMemberList proves that the member list of a space is in the order of
// names (Unicode collation), paged and searched, marks admins and authors, refuses bad pages
// and the ids of another space; and that the member search finds members of the current
// space only, taking wildcards literally.
func TestIntegrationSpaceMemberList(t *testing.T) {
	f := newFixture(t)
	f.person(t, f.Alpha, "zuercher@alpha.ch", "Zürcher")
	f.person(t, f.Alpha, "aerni@alpha.ch", "Ärni")
	cardio := f.Collection(t, f.Alpha, "Cardiology", "private", map[int64]string{f.Author: "member"})
	f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: cardio, Author: f.Author, Languages: []string{"de"}})
	list := func(user int64, sp *tenancy.Space, page users.Page) ([]users.Member, error) {
		return f.svc.Members(f.As(f.Alpha, user), spaces.MembersRequest{Space: api.ID(sp.ID), Page: page})
	}

	all, err := list(f.Admin, f.Alpha, users.Page{})
	require.NoError(t, err)
	assert.Equal(t, []string{"admin@alpha.ch", "Ärni", "author@alpha.ch", "colladmin@alpha.ch", "member@alpha.ch", "validator@alpha.ch", "Zürcher"},
		memberNames(all), "Ä sorts with A, not after Z")
	var admins, authors []string
	for _, m := range all {
		if m.Admin {
			admins = append(admins, m.Username)
		}
		if m.IsAuthor {
			authors = append(authors, m.Username)
		}
	}
	assert.Equal(t, []string{"admin@alpha.ch"}, admins)
	assert.Equal(t, []string{"author@alpha.ch"}, authors, "a draft makes an author")

	page, err := list(f.Admin, f.Alpha, users.Page{Offset: 1, Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, []string{"Ärni", "author@alpha.ch"}, memberNames(page))
	page, err = list(f.Admin, f.Alpha, users.Page{Query: " VALID "})
	require.NoError(t, err)
	assert.Equal(t, []string{"validator@alpha.ch"}, memberNames(page))
	for _, tc := range []struct {
		page   users.Page
		params map[string]any
	}{
		{users.Page{Limit: users.MaxPageSize + 1}, map[string]any{"field": "limit", "max": users.MaxPageSize}},
		{users.Page{Offset: -1}, map[string]any{"field": "offset"}},
		{users.Page{Query: strings.Repeat("q", 201)}, map[string]any{"field": "query", "max": 200}},
	} {
		_, err := list(f.Admin, f.Alpha, tc.page)
		assert.Equal(t, tc.params, servicetest.Params(err), "%+v", tc.page)
	}
	_, err = list(f.Admin, f.Beta, users.Page{})
	assert.ErrorIs(t, err, api.ErrNotFound, "the id of another space")
	betas, err := list(f.super, f.Beta, users.Page{})
	require.NoError(t, err)
	assert.Equal(t, []string{"admin@beta.ch"}, memberNames(betas), "the super admin lists any space")

	search := func(why, query string) []string {
		found, err := f.svc.SearchMembers(f.As(f.Alpha, f.Member), spaces.SearchRequest{Query: query})
		require.NoError(t, err, why)
		return memberNames(found)
	}
	assert.Equal(t, []string{"author@alpha.ch"}, search("by address, in any case", "AUTHOR@alpha"))
	assert.Equal(t, []string{"Zürcher"}, search("by name", "zürch"))
	assert.Empty(t, search("members of another space are not found", "beta"))
	assert.Empty(t, search("LIKE wildcards are taken literally", "%"))
	assert.Empty(t, search("LIKE wildcards are taken literally", "a_pha"))
	_, err = f.svc.SearchMembers(f.As(nil, f.Member), spaces.SearchRequest{Query: "alpha"})
	assert.ErrorIs(t, err, api.ErrNotFound, "outside a space there is nobody to find")
}

// TestIntegrationDeleteSpaceMember proves that the last admin and the authors and co-authors
// of published guidelines stay, that a refusal changes nothing, and that a removed member
// loses their collection roles and rights at once, with the job that makes sure of it queued.
func TestIntegrationDeleteSpaceMember(t *testing.T) {
	f := newFixture(t)
	cardio := f.Collection(t, f.Alpha, "Cardiology", "private", map[int64]string{f.CollAdmin: "admin", f.Validator: "validator", f.Author: "member"})
	f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: cardio, Author: f.Author, CoAuthors: []int64{f.Validator}, Languages: []string{"de", "fr"}, Published: []string{"de"}})
	f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: cardio, Author: f.CollAdmin, Languages: []string{"de"}})
	remove := func(sp *tenancy.Space, user int64) (bool, error) {
		return f.svc.DeleteMember(f.As(f.Alpha, f.Admin), spaces.DeleteMemberRequest{SpaceID: api.ID(sp.ID), ID: api.ID(user)})
	}
	membersBefore, rolesBefore := f.CountRows(t, "SELECT count(*) FROM control.space_members"), f.Count(t, f.Alpha, "collection_roles")
	for _, tc := range []struct {
		name    string
		space   *tenancy.Space
		user    int64
		message string
		params  map[string]any
	}{
		{"the last admin", f.Alpha, f.Admin, "space.lastAdmin", nil},
		{"the author of a published guideline", f.Alpha, f.Author, "space.memberHasPublishedGuidelines", map[string]any{"n": 1}},
		{"a co-author of a published guideline", f.Alpha, f.Validator, "space.memberHasPublishedGuidelines", map[string]any{"n": 1}},
		{"not a member", f.Alpha, f.Outsider, "space.notMember", map[string]any{"id": f.Outsider}},
		{"a member of another space", f.Beta, f.BetaAdmin, "not found", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := remove(tc.space, tc.user)
			assert.Equal(t, tc.message, servicetest.Message(err))
			if tc.params != nil {
				assert.Equal(t, tc.params, servicetest.Params(err))
			}
		})
	}
	assert.Equal(t, membersBefore, f.CountRows(t, "SELECT count(*) FROM control.space_members"), "refusals change nothing")
	assert.Equal(t, rolesBefore, f.Count(t, f.Alpha, "collection_roles"))
	assert.Empty(t, servicetest.Queued[spaces.MemberRemoved](t, f.Env))

	// the author of a draft goes, with the collection's administration
	collection := policy.CollectionDomain(f.Alpha.ID, cardio)
	require.True(t, f.holds(t, f.CollAdmin, collection, policy.RoleCollectionAdmin))
	ok, err := remove(f.Alpha, f.CollAdmin)
	require.NoError(t, err)
	assert.True(t, ok)
	assert.False(t, f.member(t, f.Alpha, f.CollAdmin))
	assert.Zero(t, f.CountRows(t, "SELECT count(*) FROM "+f.Alpha.Schema+".collection_roles WHERE user_id = $1", f.CollAdmin))
	assert.False(t, f.holds(t, f.CollAdmin, collection, policy.RoleCollectionAdmin), "the rights go at once")
	assert.False(t, f.holds(t, f.CollAdmin, policy.Domain(f.Alpha.ID), policy.RoleMember))
	assert.Equal(t, []spaces.MemberRemoved{{SpaceID: f.Alpha.ID, UserID: f.CollAdmin}}, servicetest.Queued[spaces.MemberRemoved](t, f.Env))
	_, err = remove(f.Alpha, f.CollAdmin)
	assert.Equal(t, "space.notMember", servicetest.Message(err))
}

// TestIntegrationMemberRemovedJob proves that the job after a removal deletes the roles a
// crash may have left behind, and leaves alone the roles of someone who became a member again.
func TestIntegrationMemberRemovedJob(t *testing.T) {
	f := newFixture(t)
	cardio := f.Collection(t, f.Alpha, "Cardiology", "private", map[int64]string{f.Member: "member", f.Outsider: "validator"})
	work := &spaces.MemberRemovedWorker{Registry: f.Registry}
	run := func(user int64) {
		require.NoError(t, work.Work(t.Context(), &river.Job[spaces.MemberRemoved]{Args: spaces.MemberRemoved{SpaceID: f.Alpha.ID, UserID: user}}))
	}
	roles := func(user int64) int {
		return f.CountRows(t, "SELECT count(*) FROM "+f.Alpha.Schema+".collection_roles WHERE user_id = $1 AND collection_id = $2", user, cardio)
	}
	run(f.Outsider)
	assert.Zero(t, roles(f.Outsider), "roles of someone who is no member go")
	run(f.Outsider)
	assert.Zero(t, roles(f.Outsider), "running again changes nothing")
	run(f.Member)
	assert.Equal(t, 1, roles(f.Member), "a member keeps their roles")
	require.NoError(t, work.Work(t.Context(), &river.Job[spaces.MemberRemoved]{Args: spaces.MemberRemoved{SpaceID: 999999, UserID: f.Member}}),
		"a space that is gone has nothing to clean")
}

// TestIntegrationSetSpaceAdmin proves that admin rights are given and taken at once, that the
// last admin stays, and that only members become admins.
func TestIntegrationSetSpaceAdmin(t *testing.T) {
	f := newFixture(t)
	set := func(user int64, sp *tenancy.Space, id int64, admin bool) ([]users.Member, error) {
		return f.svc.SetAdmin(f.As(f.Alpha, user), spaces.SetAdminRequest{SpaceID: api.ID(sp.ID), ID: api.ID(id), Admin: admin})
	}
	_, err := set(f.Admin, f.Alpha, f.Admin, false)
	assert.Equal(t, "space.lastAdmin", servicetest.Message(err))
	_, err = set(f.Admin, f.Alpha, f.Outsider, true)
	assert.Equal(t, "space.notMember", servicetest.Message(err), "admins are made of members")
	_, err = set(f.Admin, f.Beta, f.BetaAdmin, false)
	assert.ErrorIs(t, err, api.ErrNotFound, "the id of another space")
	assert.Equal(t, 2, f.CountRows(t, "SELECT count(*) FROM control.space_members WHERE admin"), "refusals change nothing")

	domain := policy.Domain(f.Alpha.ID)
	require.False(t, f.holds(t, f.Member, domain, policy.RoleSpaceAdmin))
	list, err := set(f.Admin, f.Alpha, f.Member, true)
	require.NoError(t, err)
	var admins []string
	for _, m := range list {
		if m.Admin {
			admins = append(admins, m.Username)
		}
	}
	assert.Equal(t, []string{"admin@alpha.ch", "member@alpha.ch"}, admins, "the answer is the member list")
	assert.True(t, f.holds(t, f.Member, domain, policy.RoleSpaceAdmin), "a new admin has the rights at once")
	_, err = set(f.Admin, f.Alpha, f.Member, true)
	require.NoError(t, err, "giving what is held changes nothing")

	// with another admin, the first may step down, and loses the rights at once
	require.True(t, f.holds(t, f.Admin, domain, policy.RoleSpaceAdmin))
	_, err = set(f.Admin, f.Alpha, f.Admin, false)
	require.NoError(t, err)
	assert.False(t, f.holds(t, f.Admin, domain, policy.RoleSpaceAdmin))
	assert.True(t, f.member(t, f.Alpha, f.Admin), "a former admin stays a member")
	_, err = set(f.Member, f.Alpha, f.Member, false)
	assert.Equal(t, "space.lastAdmin", servicetest.Message(err))
}

// TestIntegrationInvitations proves that an invitation is sent again only to a member who
// never signed in, that withdrawing it ends the membership with its roles but keeps the
// account, and that a member who signed in is removed, not un-invited.
func TestIntegrationInvitations(t *testing.T) {
	f := newFixture(t)
	_, err := f.svc.AddMembers(f.As(f.Alpha, f.Admin), spaces.AddMembersRequest{SpaceID: api.ID(f.Alpha.ID), Users: []string{"new.nurse@alpha.ch"}})
	require.NoError(t, err)
	var nurse int64
	require.NoError(t, f.DB.Control().QueryRow(t.Context(), "SELECT user_id FROM control.logins WHERE email = 'new.nurse@alpha.ch'").Scan(&nurse))
	cardio := f.Collection(t, f.Alpha, "Cardiology", "private", map[int64]string{nurse: "member"})
	open := func() int {
		return f.CountRows(t, `SELECT count(*) FROM control.account_tokens WHERE user_id = $1 AND purpose = 'invitation' AND space_id = $2
			AND used_at IS NULL AND revoked_at IS NULL`, nurse, f.Alpha.ID)
	}
	invitation := func(user int64) spaces.InvitationRequest {
		return spaces.InvitationRequest{SpaceID: api.ID(f.Alpha.ID), User: api.ID(user)}
	}
	require.Equal(t, 1, open())

	ok, err := f.svc.ResendInvitation(f.As(f.Alpha, f.Admin), invitation(nurse))
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, 1, open(), "the earlier link stops working")
	assert.Equal(t, 2, f.CountRows(t, "SELECT count(*) FROM control.account_tokens WHERE user_id = $1", nurse))
	assert.Len(t, servicetest.Queued[accounts.TokenMail](t, f.Env), 2)

	for _, tc := range []struct {
		name    string
		call    func(context.Context, spaces.InvitationRequest) (bool, error)
		user    int64
		message string
	}{
		{"resent to a member who signed in", f.svc.ResendInvitation, f.Member, "account.alreadyActive"},
		{"resent to someone who is no member", f.svc.ResendInvitation, f.Outsider, "space.notMember"},
		{"withdrawn from a member who signed in", f.svc.RevokeInvitation, f.Member, "account.alreadyActive"},
		{"withdrawn from someone who is no member", f.svc.RevokeInvitation, f.Outsider, "space.notMember"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.call(f.As(f.Alpha, f.Admin), invitation(tc.user))
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
	_, err = f.svc.RevokeInvitation(f.As(f.Alpha, f.Admin), spaces.InvitationRequest{SpaceID: api.ID(f.Beta.ID), User: api.ID(nurse)})
	assert.ErrorIs(t, err, api.ErrNotFound, "the id of another space")
	assert.True(t, f.member(t, f.Alpha, f.Member), "refusals change nothing")
	assert.Equal(t, 1, open())

	ok, err = f.svc.RevokeInvitation(f.As(f.Alpha, f.Admin), invitation(nurse))
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Zero(t, open())
	assert.False(t, f.member(t, f.Alpha, nurse))
	assert.Zero(t, f.CountRows(t, "SELECT count(*) FROM "+f.Alpha.Schema+".collection_roles WHERE collection_id = $1", cardio), "with the roles")
	assert.Equal(t, 1, f.CountRows(t, "SELECT count(*) FROM control.users WHERE id = $1", nurse), "the account stays for a later invitation")
	assert.Equal(t, []spaces.MemberRemoved{{SpaceID: f.Alpha.ID, UserID: nurse}}, servicetest.Queued[spaces.MemberRemoved](t, f.Env))
	_, err = f.svc.ResendInvitation(f.As(f.Alpha, f.Admin), invitation(nurse))
	assert.Equal(t, "space.notMember", servicetest.Message(err))
}
