package tenancy_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

// A space suspended through one process is seen suspended by another process's registry on
// its next lookup, long before the cache's time to live ends.
func TestIntegrationRegistryListenForgetsChangesOfOtherProcesses(t *testing.T) {
	ctx := t.Context()
	db := tenancytest.DB(t)
	a := tenancy.NewRegistry(db, time.Hour)
	b := tenancy.NewRegistry(db, time.Hour)
	s, err := a.Provision(ctx, tenancy.Space{Subdomain: "alpha", Title: "Alpha"}, tenancy.Placement{})
	require.NoError(t, err)
	go b.Listen(ctx)

	cached, err := b.BySubdomain(ctx, "alpha")
	require.NoError(t, err)
	require.Equal(t, "active", cached.Status)
	require.NoError(t, a.Suspend(ctx, s))
	assert.Eventually(t, func() bool {
		got, err := b.BySubdomain(ctx, "alpha")
		return err == nil && got.Status == "suspended"
	}, 5*time.Second, 10*time.Millisecond)
}
