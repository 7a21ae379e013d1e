package tenancy

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A connection serves at most maxSpacesPerConn spaces, then the pool retires it.
func TestConnectionRetiresAfterManySpaces(t *testing.T) {
	data := map[string]any{}
	for id := int64(1); id <= maxSpacesPerConn; id++ {
		visit(data, id)
	}
	visit(data, 1) // again: no new space
	assert.False(t, worn(data))
	visit(data, maxSpacesPerConn+1)
	assert.True(t, worn(data))
}

// Idle pools of own databases close, the least recently used first, and never while in use.
func TestPoolsCloseWhenIdle(t *testing.T) {
	cfg, err := poolConfig("postgres:///x?host=/nonexistent")
	require.NoError(t, err)
	db := &DB{controlConfig: cfg, pools: pools{open: map[placement]*pooled{}, clusters: map[string]*pgxpool.Config{}, done: make(chan struct{})}}
	ctx := context.Background()
	for i := 0; i < maxDatabasePools+3; i++ {
		_, release, err := db.acquire(ctx, placement{cluster: DefaultCluster, database: "db" + string(rune('a'+i%26)) + string(rune('a'+i/26))})
		require.NoError(t, err)
		if i != 0 {
			release() // the first stays in use
		}
	}
	assert.Len(t, db.pools.open, maxDatabasePools, "at most maxDatabasePools pools of own databases")
	_, inUse := db.pools.open[placement{cluster: DefaultCluster, database: "dbaa"}]
	assert.True(t, inUse, "a pool in use is not closed")
	db.closeIdle(time.Now().Add(time.Hour))
	assert.Len(t, db.pools.open, 1, "idle pools close; the one in use stays")
}
