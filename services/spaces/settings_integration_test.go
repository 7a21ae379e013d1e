package spaces_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/servicetest"
	"vademecum/services/spaces"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// settings reads a space as the registry has it now.
func (f *fixture) settings(t *testing.T, sp *tenancy.Space) *tenancy.Space {
	t.Helper()
	f.Registry.Forget()
	got, err := f.Registry.ByID(t.Context(), sp.ID)
	require.NoError(t, err)
	return got
}

// TestIntegrationSpaceRecord proves that a space is found by id or address in any case, that
// the landing site is a space of its own, that the caller's membership is told, and that an
// unknown space is not found.
func TestIntegrationSpaceRecord(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		name      string
		ctx       *tenancy.Space
		user      int64
		key       string
		subdomain string
		member    bool
	}{
		{"the space of the request", f.Alpha, f.Member, "", "alpha", true},
		{"by address, in any case", f.Beta, f.Member, " ALPHA ", "alpha", true},
		{"by id", nil, f.Outsider, fmt.Sprint(f.Beta.ID), "beta", false},
		{"no space: the landing site", nil, f.Member, "", tenancy.Landing, false},
		{"the landing site by name", f.Alpha, 0, tenancy.Landing, tenancy.Landing, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sp, err := f.svc.Space(f.As(tc.ctx, tc.user), spaces.SpaceRequest{IDOrDomain: tc.key})
			require.NoError(t, err)
			assert.Equal(t, tc.subdomain, sp.Subdomain)
			assert.Equal(t, tc.member, sp.Member)
		})
	}
	lp, err := f.svc.Space(f.As(nil, 0), spaces.SpaceRequest{})
	require.NoError(t, err)
	assert.Equal(t, spaces.LandingColor, lp.Color)
	assert.Equal(t, []string{}, lp.EmailDomains, "lists, never null")
	for _, key := range []string{"gamma", "999999"} {
		_, err := f.svc.Space(f.As(nil, f.Member), spaces.SpaceRequest{IDOrDomain: key})
		assert.ErrorIs(t, err, api.ErrNotFound, key)
	}
}

// TestIntegrationSpaceAdminEditsOwnSpace proves that a space admin changes the title, the
// colours and self sign-up of their own space only, while its address, its place on the
// landing page and its e-mail domains stay as the super admin set them.
func TestIntegrationSpaceAdminEditsOwnSpace(t *testing.T) {
	f := newFixture(t)
	_, err := f.svc.UpdateSpace(f.As(nil, f.super), spaces.UpdateSpaceRequest{Space: spaces.SpaceInput{ID: ptr(api.ID(f.Alpha.ID)), Title: "Alpha",
		Subdomain: "alpha", EmailDomains: []string{"alpha.ch"}, LPVisible: true, Position: 3}})
	require.NoError(t, err)
	yes := true
	// the request's space is as a server process cached it before the super admin's change
	stale := f.Alpha
	sp, err := f.svc.UpdateSpace(f.As(stale, f.Admin), spaces.UpdateSpaceRequest{Space: spaces.SpaceInput{ID: ptr(api.ID(f.Alpha.ID)),
		Title: " Alpha Hospital ", Subdomain: "taken-over", Color: "#112233", AccentColor: "#ABC", EmailDomains: []string{"alpha-spital.ch"},
		National: true, Public: true, Position: 7, LPVisible: false, SelfSignup: &yes}})
	require.NoError(t, err)
	assert.Equal(t, "Alpha Hospital", sp.Title)
	assert.Equal(t, "#112233", sp.Color)
	assert.Equal(t, "#abc", sp.AccentColor, "colours in lower case")
	assert.True(t, sp.SelfSignup)
	assert.Equal(t, "alpha", sp.Subdomain, "the address stays as the super admin set it")
	assert.Equal(t, []string{"alpha.ch"}, sp.EmailDomains, "e-mail domains, which admit members, stay with the super admin")
	assert.False(t, sp.National)
	assert.False(t, sp.Public)
	assert.True(t, sp.LPVisible)
	assert.Equal(t, 3, sp.Position)
	assert.True(t, sp.Member)
	read, err := f.svc.Space(f.As(f.settings(t, f.Alpha), f.Admin), spaces.SpaceRequest{})
	require.NoError(t, err)
	assert.Equal(t, sp, read, "the answer is what a read returns")

	_, err = f.svc.UpdateSpace(f.As(f.Alpha, f.Admin), spaces.UpdateSpaceRequest{Space: spaces.SpaceInput{Title: "New", Subdomain: "newspace"}})
	assert.ErrorIs(t, err, api.ErrForbidden, "a space admin creates no space")
	_, err = f.svc.UpdateSpace(f.As(f.Alpha, f.Admin), spaces.UpdateSpaceRequest{Space: spaces.SpaceInput{ID: ptr(api.ID(f.Beta.ID)), Title: "Mine now", Subdomain: "beta"}})
	assert.ErrorIs(t, err, api.ErrNotFound, "nor changes another one")
	assert.Equal(t, "beta", f.settings(t, f.Beta).Title)
	assert.Zero(t, f.CountRows(t, "SELECT count(*) FROM control.spaces WHERE subdomain = 'newspace'"))
}

func ptr[T any](v T) *T { return &v }

// TestIntegrationSpaceSettingsChecks proves the checks of a space's settings, each naming its
// field, and that a refused change changes nothing.
func TestIntegrationSpaceSettingsChecks(t *testing.T) {
	f := newFixture(t)
	update := func(in spaces.SpaceInput) error {
		if in.ID == nil {
			in.ID = ptr(api.ID(f.Alpha.ID))
		}
		_, err := f.svc.UpdateSpace(f.As(nil, f.super), spaces.UpdateSpaceRequest{Space: in})
		return err
	}
	for _, tc := range []struct {
		name    string
		in      spaces.SpaceInput
		message string
		params  map[string]any
	}{
		{"no title", spaces.SpaceInput{Title: " ", Subdomain: "alpha"}, "validation.required", map[string]any{"field": "space.title"}},
		{"an over-long title", spaces.SpaceInput{Title: strings.Repeat("t", 201), Subdomain: "alpha"}, "validation.tooLong", map[string]any{"field": "space.title", "max": 200}},
		{"no address", spaces.SpaceInput{Title: "A"}, "validation.required", map[string]any{"field": "space.subdomain"}},
		{"an address with capitals", spaces.SpaceInput{Title: "A", Subdomain: "Alpha"}, "space.invalidSubdomain", map[string]any{"field": "space.subdomain"}},
		{"an address ending in a dash", spaces.SpaceInput{Title: "A", Subdomain: "alpha-"}, "space.invalidSubdomain", nil},
		{"the landing site's address", spaces.SpaceInput{Title: "A", Subdomain: tenancy.Landing}, "space.invalidSubdomain", nil},
		{"another space's address", spaces.SpaceInput{Title: "A", Subdomain: "beta"}, "space.subdomainTaken", map[string]any{"field": "space.subdomain"}},
		{"a colour by name", spaces.SpaceInput{Title: "A", Subdomain: "alpha", Color: "red"}, "space.invalidColor", map[string]any{"field": "space.color"}},
		{"an accent colour of four digits", spaces.SpaceInput{Title: "A", Subdomain: "alpha", AccentColor: "#abcd"}, "space.invalidColor", map[string]any{"field": "space.accentColor"}},
		{"an e-mail domain with an @", spaces.SpaceInput{Title: "A", Subdomain: "alpha", EmailDomains: []string{"alpha.ch", "@alpha.ch"}},
			"space.invalidEmailDomains", map[string]any{"field": "space.emailDomains", "value": "@alpha.ch"}},
		{"a negative position", spaces.SpaceInput{Title: "A", Subdomain: "alpha", Position: -1}, "space.invalidPosition", map[string]any{"field": "space.position"}},
		{"another placement", spaces.SpaceInput{Title: "A", Subdomain: "alpha", Placement: spaces.PlacementDatabase}, "space.placementByMove", nil},
		{"an unknown placement", spaces.SpaceInput{Title: "A", Subdomain: "alpha", Placement: "cloud"}, "space.invalidPlacement", nil},
		{"an unknown space", spaces.SpaceInput{ID: ptr(api.ID(999999)), Title: "A", Subdomain: "gamma"}, "not found", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := update(tc.in)
			assert.Equal(t, tc.message, servicetest.Message(err))
			if tc.params != nil {
				assert.Equal(t, tc.params, servicetest.Params(err))
			}
		})
	}
	sp := f.settings(t, f.Alpha)
	assert.Equal(t, "alpha", sp.Title, "refusals change nothing")
	assert.Equal(t, "alpha", sp.Subdomain)

	// the super admin changes everything, domains trimmed and each once
	require.NoError(t, update(spaces.SpaceInput{Title: "Alpha Hospital", Subdomain: "alpha-spital", EmailDomains: []string{" alpha.ch", "alpha.ch", "alpha-spital.ch"},
		National: true, Public: true, Position: 5}))
	sp = f.settings(t, f.Alpha)
	assert.Equal(t, "alpha-spital", sp.Subdomain)
	assert.Equal(t, []string{"alpha.ch", "alpha-spital.ch"}, sp.EmailDomains)
	assert.Equal(t, spaces.DefaultColor, sp.Color, "a space without colour has the default one")
	assert.True(t, sp.National)
	assert.Equal(t, 5, sp.Position)
}

// TestIntegrationMembershipByEmailDomain proves that a verified address of a space's e-mail
// domains makes its account a member, when the domain is set, when a space is created with it
// and when the account signs in later, with the rights at once; unverified addresses never do.
func TestIntegrationMembershipByEmailDomain(t *testing.T) {
	f := newFixture(t)
	doctor := f.User(t, "doc@gamma-klinik.ch")
	unverified, err := f.Users.Create(t.Context(), users.NewUser{Email: "new@gamma-klinik.ch", Password: "secret"})
	require.NoError(t, err)
	require.False(t, f.holds(t, doctor, policy.Domain(f.Beta.ID), policy.RoleMember))

	_, err = f.svc.UpdateSpace(f.As(nil, f.super), spaces.UpdateSpaceRequest{Space: spaces.SpaceInput{ID: ptr(api.ID(f.Beta.ID)), Title: "Beta Clinic",
		Subdomain: "beta", EmailDomains: []string{"gamma-klinik.ch"}}})
	require.NoError(t, err)
	assert.True(t, f.member(t, f.Beta, doctor), "verified addresses of the domain join")
	assert.True(t, f.holds(t, doctor, policy.Domain(f.Beta.ID), policy.RoleMember), "with the rights at once")
	assert.False(t, f.member(t, f.Beta, unverified), "unverified addresses never join")
	assert.False(t, f.member(t, f.Beta, f.Outsider))
	assert.Equal(t, 1, f.CountRows(t, `SELECT count(*) FROM control.audit_log WHERE action = 'member.added' AND space_id = $1
		AND target_id = $2 AND details->>'byEmailDomain' = 'true'`, f.Beta.ID, doctor), "the trail tells how they joined")

	// an account verified after the domain was set joins when it signs in
	nurse := f.User(t, "nurse@gamma-klinik.ch")
	require.False(t, f.member(t, f.Beta, nurse))
	require.NoError(t, f.svc.JoinByDomain(t.Context(), nurse))
	assert.True(t, f.member(t, f.Beta, nurse))
	require.NoError(t, f.svc.JoinByDomain(t.Context(), nurse), "signing in again changes nothing")
	require.NoError(t, f.svc.JoinByDomain(t.Context(), unverified))
	assert.False(t, f.member(t, f.Beta, unverified))

	// a space created with the domain takes its people in at once
	gamma, err := f.svc.Create(f.As(nil, f.super), spaces.SpaceInput{Title: "Gamma Klinik", Subdomain: "gamma", EmailDomains: []string{"gamma-klinik.ch"}})
	require.NoError(t, err)
	members, err := f.svc.SpaceMemberIDs(t.Context(), gamma.ID)
	require.NoError(t, err)
	assert.ElementsMatch(t, []int64{doctor, nurse}, members)
}

// TestIntegrationSpaceVariables proves that variables are named by the rule, bounded, set and
// removed, and that an unknown space is not found.
func TestIntegrationSpaceVariables(t *testing.T) {
	f := newFixture(t)
	ctx := f.As(nil, f.super)
	set := func(name, value string) (spaces.Space, error) {
		return f.svc.SetVariable(ctx, spaces.VariableRequest{Space: api.ID(f.Alpha.ID), Name: name, Value: value})
	}
	for _, tc := range []struct{ name, value, message string }{
		{"1phone", "x", "space.invalidVariableName"},
		{"", "x", "space.invalidVariableName"},
		{"phone number", "x", "space.invalidVariableName"},
		{"phone", strings.Repeat("9", 4001), "validation.tooLong"},
	} {
		_, err := set(tc.name, tc.value)
		assert.Equal(t, tc.message, servicetest.Message(err), tc.name)
	}
	_, err := f.svc.SetVariable(ctx, spaces.VariableRequest{Space: 999999, Name: "phone", Value: "x"})
	assert.ErrorIs(t, err, api.ErrNotFound)

	_, err = set("phone", "+41 44 000 00 00")
	require.NoError(t, err)
	sp, err := set("ward.name", "Kardiologie")
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"phone": "+41 44 000 00 00", "ward.name": "Kardiologie"}, sp.Variables)
	sp, err = f.svc.DeleteVariable(ctx, spaces.DeleteVariableRequest{Space: api.ID(f.Alpha.ID), Name: "phone"})
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"ward.name": "Kardiologie"}, sp.Variables)
	assert.Equal(t, sp.Variables, f.settings(t, f.Alpha).Variables)
}
