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

// Measuring sizes changes no column a lookup reads, so it announces nothing; suspending does.
// Notifications arrive in commit order: a marker sent after the measurement is the first one.
func TestIntegrationSpacesChangedAnnouncesOnlyLookedUpColumns(t *testing.T) {
	ctx := t.Context()
	db := tenancytest.DB(t)
	r := tenancy.NewRegistry(db, time.Hour)
	s, err := r.Provision(ctx, tenancy.Space{Subdomain: "sizes", Title: "Sizes"}, tenancy.Placement{})
	require.NoError(t, err)
	conn, err := db.Control().Acquire(ctx)
	require.NoError(t, err)
	defer conn.Release()
	_, err = conn.Exec(ctx, `LISTEN "vademecum_spaces"`)
	require.NoError(t, err)
	next := func() string {
		n, err := conn.Conn().WaitForNotification(ctx)
		require.NoError(t, err)
		return n.Payload
	}

	require.NoError(t, r.MeasureSizes(ctx))
	_, err = db.Control().Exec(ctx, `SELECT pg_notify('vademecum_spaces', 'marker')`)
	require.NoError(t, err)
	assert.Equal(t, "marker", next())

	require.NoError(t, r.Suspend(ctx, s))
	assert.Equal(t, "", next())
}
