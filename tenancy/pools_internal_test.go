package tenancy

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/secrets"
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

// A database setting's password and credentials parameters may be references; what they
// name is resolved into the pool's configuration and never reaches PostgreSQL as a parameter.
func TestSettingConfigReferences(t *testing.T) {
	ctx := context.Background()
	t.Setenv("VADEMECUM_SECRET_PG", "pg-password")
	confined := secrets.Resolver{Local: secrets.Local{}}
	cfg, err := settingConfig(ctx, "postgres://app@db:5432/x?password=env:VADEMECUM_SECRET_PG&options=-c%20role%3Downer", confined)
	require.NoError(t, err)
	assert.Equal(t, "pg-password", cfg.ConnConfig.Password)
	assert.Equal(t, "app", cfg.ConnConfig.User)
	assert.Equal(t, "-c role=owner", cfg.ConnConfig.RuntimeParams["options"], "spaces in parameters survive")
	assert.NotContains(t, cfg.ConnConfig.RuntimeParams, "credentials")

	for setting, want := range map[string]error{
		"postgres://app@db/x?password=env:DATABASE_URL":           secrets.ErrRefused,
		"postgres://db/x?credentials=vault-db:database/creds/app": secrets.ErrNoVault,
		"postgres://db/x?credentials=vault-db:database/app":       secrets.ErrMalformed,
		"postgres://app@db/x?password=vault:kv/db":                secrets.ErrMalformed,
		"env:VADEMECUM_SECRET_MISSING":                            secrets.ErrNotFound,
	} {
		_, err := settingConfig(ctx, setting, confined)
		assert.ErrorIs(t, err, want, setting)
	}
	_, err = settingConfig(ctx, "postgres://db/x?credentials=vault-db:database/creds/app", secrets.Local{})
	assert.ErrorIs(t, err, secrets.ErrNoVault, "a provider without Vault gives no credentials")
}
