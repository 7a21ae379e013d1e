package content_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"vademecum/services/api"
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

// count counts the rows a query of the control plane finds.
func (f *fixture) count(t *testing.T, query string, args ...any) int {
	t.Helper()
	var n int
	require.NoError(t, f.DB.Control().QueryRow(t.Context(), query, args...).Scan(&n))
	return n
}

// apiError is the public error of err, or nil.
func apiError(err error) *api.Error {
	var e *api.Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// message is the public message of an API error.
func message(err error) string {
	if e := apiError(err); e != nil {
		return e.Message
	}
	return ""
}
