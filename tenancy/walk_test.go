package tenancy_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

// A walk visits every active space once, a few at a time; a run interrupted by an error (as a
// crash would) goes on after the last batch it finished when started again, and another run
// starts from the beginning.
func TestIntegrationWalk(t *testing.T) {
	ctx := context.Background()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, 0)
	defer func(b int) { *tenancy.WalkBatch = b }(*tenancy.WalkBatch)
	*tenancy.WalkBatch = 2
	var ids []int64
	for i := range 5 {
		sp, err := reg.Provision(ctx, tenancy.Space{Subdomain: fmt.Sprintf("walk%d", i), Title: "Walk"}, tenancy.Placement{})
		require.NoError(t, err)
		ids = append(ids, sp.ID)
	}
	suspended, err := reg.ByID(ctx, ids[4])
	require.NoError(t, err)
	require.NoError(t, reg.Suspend(ctx, suspended))

	var mu sync.Mutex
	var seen []int64
	visit := func(failAt int64) func(context.Context, *tenancy.Space) error {
		return func(_ context.Context, sp *tenancy.Space) error {
			if sp.ID == failAt {
				return errors.New("crash")
			}
			mu.Lock()
			defer mu.Unlock()
			seen = append(seen, sp.ID)
			return nil
		}
	}
	require.Error(t, reg.Walk(ctx, "test", 1, visit(ids[2])))
	assert.Subset(t, seen, ids[:2], "the first batch is done, the walk stopped in the second")
	assert.NotContains(t, seen, ids[2])
	seen = nil
	require.NoError(t, reg.Walk(ctx, "test", 1, visit(0)))
	assert.ElementsMatch(t, ids[2:4], seen, "the same run goes on after the first batch; the suspended space is left out")
	seen = nil
	require.NoError(t, reg.Walk(ctx, "test", 2, visit(0)))
	assert.ElementsMatch(t, ids[:4], seen, "another run walks every active space")
	seen = nil
	require.NoError(t, reg.EachActive(ctx, visit(0)))
	assert.ElementsMatch(t, ids[:4], seen)
}
