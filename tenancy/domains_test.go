package tenancy_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

// TestIntegrationCustomDomainResolution: outside the base domain a host serves a space only
// as its verified custom domain; the registry's cached lookups follow verification and removal.
func TestIntegrationCustomDomainResolution(t *testing.T) {
	ctx := context.Background()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, time.Hour)
	alpha, err := reg.Provision(ctx, tenancy.Space{Subdomain: "alpha", Title: "Alpha"}, tenancy.Placement{})
	require.NoError(t, err)
	beta, err := reg.Provision(ctx, tenancy.Space{Subdomain: "beta", Title: "Beta"}, tenancy.Placement{})
	require.NoError(t, err)
	res := &tenancy.Resolver{Registry: reg, BaseDomain: "vademecum.localhost"}

	_, err = reg.AddDomain(ctx, alpha, "richtlinien.alpha.ch", "t1")
	require.NoError(t, err)
	_, err = reg.AddDomain(ctx, beta, "richtlinien.alpha.ch", "t2")
	assert.ErrorIs(t, err, tenancy.ErrDomainTaken)

	_, err = res.ForHost(ctx, "richtlinien.alpha.ch")
	assert.ErrorIs(t, err, tenancy.ErrNotFound, "pending")
	_, err = res.ForHost(ctx, "alpha.example.ch")
	assert.ErrorIs(t, err, tenancy.ErrNotFound, "the first label of a foreign host names no space")
	s, err := res.ForHost(ctx, "alpha.vademecum.localhost:8080")
	require.NoError(t, err)
	assert.Equal(t, alpha.ID, s.ID)
	_, err = res.ForHost(ctx, "127.0.0.1")
	assert.ErrorIs(t, err, tenancy.ErrNotFound, "an IP address follows the subdomain rule")

	d, err := reg.VerifyDomain(ctx, alpha, "richtlinien.alpha.ch", "dns")
	require.NoError(t, err)
	assert.NotNil(t, d.VerifiedAt)
	s, err = res.ForHost(ctx, "Richtlinien.Alpha.CH.:443")
	require.NoError(t, err, "the cached miss was dropped")
	assert.Equal(t, alpha.ID, s.ID)
	req := httptest.NewRequest("POST", "http://richtlinien.alpha.ch/api/x", nil)
	req.Header.Set("Space", "beta")
	s, err = res.ForRequest(req)
	require.NoError(t, err)
	assert.Equal(t, alpha.ID, s.ID, "on a custom domain the host decides")
	domain, err := reg.VerifiedDomain(ctx, "alpha")
	require.NoError(t, err)
	assert.Equal(t, "richtlinien.alpha.ch", domain)

	assert.ErrorIs(t, reg.RemoveDomain(ctx, beta, "richtlinien.alpha.ch"), tenancy.ErrNotFound, "not beta's")
	require.NoError(t, reg.RemoveDomain(ctx, alpha, "richtlinien.alpha.ch"))
	_, err = res.ForHost(ctx, "richtlinien.alpha.ch")
	assert.ErrorIs(t, err, tenancy.ErrNotFound)
	domain, err = reg.VerifiedDomain(ctx, "alpha")
	require.NoError(t, err)
	assert.Empty(t, domain)

	require.NoError(t, reg.Delete(ctx, alpha))
	left, err := reg.Domains(ctx, alpha.ID)
	require.NoError(t, err)
	assert.Empty(t, left, "a space's domains go with it")
}
