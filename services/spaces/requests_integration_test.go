package spaces_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/notify"
	"vademecum/services/servicetest"
	"vademecum/services/spaces"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// TestIntegrationRequestMembership proves that someone signed in asks once at a time to join
// the space of the request, members need not ask, the message is bounded, and the request
// shows to its author in that space only and to the space's admins.
func TestIntegrationRequestMembership(t *testing.T) {
	f := newFixture(t)
	ask := func(user int64, message string) (users.MembershipRequest, error) {
		return f.svc.RequestMembership(f.As(f.Alpha, user), spaces.RequestMembershipRequest{Message: message})
	}
	for _, tc := range []struct {
		name    string
		user    int64
		message string
		want    string
	}{
		{"a member", f.Member, "", "space.alreadyMember"},
		{"an over-long message", f.Outsider, strings.Repeat("m", 2001), "validation.tooLong"},
		{"a control character", f.Outsider, "bitte\x00", "request.invalidField"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ask(tc.user, tc.message)
			assert.Equal(t, tc.want, servicetest.Message(err))
		})
	}
	_, err := f.svc.RequestMembership(f.As(nil, f.Outsider), spaces.RequestMembershipRequest{})
	assert.ErrorIs(t, err, api.ErrNotFound, "outside a space there is nothing to join")
	assert.Zero(t, f.CountRows(t, "SELECT count(*) FROM control.membership_requests"), "refusals write nothing")

	r, err := ask(f.Outsider, "  I work in the cardiology ward.\n")
	require.NoError(t, err)
	assert.Equal(t, "pending", r.Status)
	assert.Equal(t, "I work in the cardiology ward.", r.Message)
	assert.Equal(t, f.Alpha.ID, r.SpaceID)
	assert.Equal(t, f.Outsider, r.User.ID)
	_, err = ask(f.Outsider, "again")
	assert.Equal(t, "space.requestPending", servicetest.Message(err), "one pending request at a time")

	mine, err := f.svc.MyMembershipRequest(f.As(f.Alpha, f.Outsider), struct{}{})
	require.NoError(t, err)
	require.NotNil(t, mine)
	assert.Equal(t, r, *mine)
	mine, err = f.svc.MyMembershipRequest(f.As(f.Beta, f.Outsider), struct{}{})
	require.NoError(t, err)
	assert.Nil(t, mine, "a request to alpha is not one to beta")
	mine, err = f.svc.MyMembershipRequest(f.As(f.Alpha, f.Member), struct{}{})
	require.NoError(t, err)
	assert.Nil(t, mine)

	pending, err := f.svc.MembershipRequests(f.As(f.Alpha, f.Admin), spaces.RequestsRequest{SpaceID: api.ID(f.Alpha.ID)})
	require.NoError(t, err)
	assert.Equal(t, []users.MembershipRequest{r}, pending)
	_, err = f.svc.MembershipRequests(f.As(f.Alpha, f.Admin), spaces.RequestsRequest{SpaceID: api.ID(f.Beta.ID)})
	assert.ErrorIs(t, err, api.ErrNotFound, "the id of another space")
	pending, err = f.svc.MembershipRequests(f.As(f.Beta, f.BetaAdmin), spaces.RequestsRequest{SpaceID: api.ID(f.Beta.ID)})
	require.NoError(t, err)
	assert.Empty(t, pending)
}

// TestIntegrationAnswerMembershipRequest proves that only the admins of the space asked
// answer, once: an accepted requester is a member with the rights at once, a declined one is
// not and may ask again; each answer queues the mail to the requester.
func TestIntegrationAnswerMembershipRequest(t *testing.T) {
	f := newFixture(t)
	late := f.User(t, "late@test.ch")
	accepted, err := f.svc.RequestMembership(f.As(f.Alpha, f.Outsider), spaces.RequestMembershipRequest{Message: "Cardiology ward"})
	require.NoError(t, err)
	declined, err := f.svc.RequestMembership(f.As(f.Alpha, late), spaces.RequestMembershipRequest{})
	require.NoError(t, err)
	answer := func(sp *tenancy.Space, user int64, id int64, accept bool) (users.MembershipRequest, error) {
		return f.svc.AnswerMembershipRequest(f.As(sp, user), spaces.AnswerRequest{ID: api.ID(id), Accept: accept})
	}
	alpha, beta := f.Alpha, f.Beta

	_, err = answer(beta, f.BetaAdmin, accepted.ID, true)
	assert.ErrorIs(t, err, api.ErrNotFound, "admins of another space cannot answer")
	_, err = answer(alpha, f.Admin, 999999, true)
	assert.ErrorIs(t, err, api.ErrNotFound)
	assert.False(t, f.member(t, f.Alpha, f.Outsider))
	assert.Empty(t, servicetest.Queued[notify.MembershipAnswered](t, f.Env), "refusals queue nothing")

	domain := policy.Domain(f.Alpha.ID)
	require.False(t, f.holds(t, f.Outsider, domain, policy.RoleMember))
	r, err := answer(alpha, f.Admin, accepted.ID, true)
	require.NoError(t, err)
	assert.Equal(t, "accepted", r.Status)
	assert.True(t, f.member(t, f.Alpha, f.Outsider))
	assert.True(t, f.holds(t, f.Outsider, domain, policy.RoleMember), "a member on the next request")
	r, err = answer(alpha, f.Admin, declined.ID, false)
	require.NoError(t, err)
	assert.Equal(t, "declined", r.Status)
	assert.False(t, f.member(t, f.Alpha, late))
	assert.Equal(t, 2, f.CountRows(t, "SELECT count(*) FROM control.membership_requests WHERE decided_by = $1 AND decided_at IS NOT NULL", f.Admin))

	for _, id := range []int64{accepted.ID, declined.ID} {
		_, err = answer(alpha, f.Admin, id, true)
		assert.Equal(t, "space.requestAnswered", servicetest.Message(err), "answered once")
	}
	assert.False(t, f.member(t, f.Alpha, late), "a second answer changes nothing")
	assert.Equal(t, []notify.MembershipAnswered{{RequestID: accepted.ID}, {RequestID: declined.ID}}, servicetest.Queued[notify.MembershipAnswered](t, f.Env),
		"one mail per answer")
	pending, err := f.svc.MembershipRequests(f.As(f.Alpha, f.Admin), spaces.RequestsRequest{SpaceID: api.ID(f.Alpha.ID)})
	require.NoError(t, err)
	assert.Empty(t, pending, "answered requests are no task any more")

	mine, err := f.svc.MyMembershipRequest(f.As(f.Alpha, late), struct{}{})
	require.NoError(t, err)
	require.NotNil(t, mine)
	assert.Equal(t, "declined", mine.Status, "the requester sees the answer")
	again, err := f.svc.RequestMembership(f.As(f.Alpha, late), spaces.RequestMembershipRequest{Message: "Now with a contract"})
	require.NoError(t, err, "a declined requester may ask again")
	mine, err = f.svc.MyMembershipRequest(f.As(f.Alpha, late), struct{}{})
	require.NoError(t, err)
	assert.Equal(t, again.ID, mine.ID, "the latest request")
	_, err = f.svc.RequestMembership(f.As(f.Alpha, f.Outsider), spaces.RequestMembershipRequest{})
	assert.Equal(t, "space.alreadyMember", servicetest.Message(err))
}
