package content_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"vademecum/services/content"
	"vademecum/services/servicetest"
	"vademecum/services/users"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// fixture is two spaces with their admins, a reader of alpha, somebody of neither and the
// super admin, and the content service of the real server.
type fixture struct {
	*servicetest.Env
	svc                                 *content.Service
	alpha, beta                         *tenancy.Space
	admin, member, collMember, outsider int64
	betaAdmin, super                    int64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	e := servicetest.New(t)
	f := &fixture{Env: e, svc: &content.Service{DB: e.DB, Registry: e.Registry, Authz: e.Policy, Guidelines: e.Guidelines, Clock: e.Clock}}
	f.admin, f.member, f.collMember = e.User(t, "admin@alpha.ch"), e.User(t, "member@alpha.ch"), e.User(t, "collmember@alpha.ch")
	f.outsider, f.betaAdmin = e.User(t, "outsider@test.ch"), e.User(t, "admin@beta.ch")
	var err error
	f.super, err = e.Users.Create(context.Background(), users.NewUser{Email: "super@test.ch", Password: "secret", Firstname: "F", Lastname: "super",
		SuperAdmin: true, Verified: true})
	require.NoError(t, err)
	f.alpha = e.Space(t, "alpha", f.admin, f.member, f.collMember)
	f.beta = e.Space(t, "beta", f.betaAdmin)
	return f
}
