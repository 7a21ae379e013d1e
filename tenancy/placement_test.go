package tenancy_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

// placed provisions a space and writes a row into it, which reading it back through its
// placement must find.
func placed(t *testing.T, reg *tenancy.Registry, sub string, at tenancy.Placement) *tenancy.Space {
	t.Helper()
	ctx := context.Background()
	sp, err := reg.Provision(ctx, tenancy.Space{Subdomain: sub, Title: sub}, at)
	require.NoError(t, err)
	require.NoError(t, reg.DB().SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "INSERT INTO collections (title) VALUES ($1)", "in "+sub)
		return err
	}))
	var title string
	require.NoError(t, reg.DB().SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, "SELECT title FROM collections").Scan(&title)
	}))
	assert.Equal(t, "in "+sub, title)
	return sp
}

func TestIntegrationPlacement(t *testing.T) {
	ctx := context.Background()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, 0)
	second := tenancytest.SecondClusterURL(t)

	require.NoError(t, db.AddCluster(ctx, "zurich", second))
	assert.ErrorIs(t, db.AddCluster(ctx, "zurich", second), tenancy.ErrClusterExists)
	assert.ErrorIs(t, db.AddCluster(ctx, "Bad_Name", second), tenancy.ErrInvalidClusterName)
	assert.ErrorIs(t, db.AddCluster(ctx, "default", second), tenancy.ErrInvalidClusterName)
	assert.Error(t, db.AddCluster(ctx, "nowhere", "postgres:///x?host=/nonexistent&user=postgres"), "an unreachable cluster is not registered")
	_, err := reg.Provision(ctx, tenancy.Space{Subdomain: "lost", Title: "Lost"}, tenancy.Placement{Cluster: "mars"})
	assert.ErrorIs(t, err, tenancy.ErrUnknownCluster)

	home := placed(t, reg, "home", tenancy.Placement{})
	ownHere := placed(t, reg, "own", tenancy.Placement{OwnDatabase: true})
	away := placed(t, reg, "away", tenancy.Placement{Cluster: "zurich"})
	ownAway := placed(t, reg, "ownaway", tenancy.Placement{Cluster: "zurich", OwnDatabase: true})
	assert.Equal(t, "", home.Database)
	assert.NotEmpty(t, ownHere.Database)
	assert.Equal(t, "zurich", away.Cluster)
	assert.Equal(t, "zurich", ownAway.Cluster)
	assert.NotEmpty(t, ownAway.Database)

	// The data went where the placement says: the second cluster's shared database holds the
	// schema of "away", the control database only that of "home".
	second2, err := pgx.Connect(ctx, second)
	require.NoError(t, err)
	defer second2.Close(ctx)
	var n int
	require.NoError(t, second2.QueryRow(ctx, "SELECT count(*) FROM pg_namespace WHERE nspname = $1", away.Schema).Scan(&n))
	assert.Equal(t, 1, n)
	require.NoError(t, db.Control().QueryRow(ctx, "SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'space_%'").Scan(&n))
	assert.Equal(t, 1, n, "only home is a schema of the control database")
	require.NoError(t, second2.QueryRow(ctx, "SELECT count(*) FROM pg_database WHERE datname = $1", ownAway.Database).Scan(&n))
	assert.Equal(t, 1, n)

	clusters, err := db.Clusters(ctx)
	require.NoError(t, err)
	require.Len(t, clusters, 2)
	assert.Equal(t, tenancy.Cluster{Name: "default", Spaces: 2, Reachable: true}, clusters[0])
	assert.Equal(t, "zurich", clusters[1].Name)
	assert.Equal(t, 2, clusters[1].Spaces)
	assert.True(t, clusters[1].Reachable)

	// Deleting removes schema, database and role wherever they are.
	for _, sp := range []*tenancy.Space{ownHere, away, ownAway} {
		require.NoError(t, reg.Delete(ctx, sp))
	}
	require.NoError(t, second2.QueryRow(ctx, `SELECT (SELECT count(*) FROM pg_namespace WHERE nspname = $1)
		+ (SELECT count(*) FROM pg_database WHERE datname = $2) + (SELECT count(*) FROM pg_roles WHERE rolname = ANY($3))`,
		away.Schema, ownAway.Database, []string{away.Role, ownAway.Role}).Scan(&n))
	assert.Equal(t, 0, n)
	require.NoError(t, db.Control().QueryRow(ctx, `SELECT (SELECT count(*) FROM pg_database WHERE datname = $1)
		+ (SELECT count(*) FROM pg_roles WHERE rolname = $2) + (SELECT count(*) FROM control.spaces)`,
		ownHere.Database, ownHere.Role).Scan(&n))
	assert.Equal(t, 1, n, "home stays")
}

// A unit of work of a space runs under the space's role: a statement that forgets the
// confinement and names another space's schema or the control schema is refused. (The role
// guards against such mistakes; against injected SQL, which could reset the role, the
// statements' parameters guard.)
func TestIntegrationSpaceRoleConfines(t *testing.T) {
	ctx := context.Background()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, 0)
	a := placed(t, reg, "alpha", tenancy.Placement{})
	b := placed(t, reg, "beta", tenancy.Placement{})

	denied := func(sql string) {
		t.Helper()
		err := db.SpaceTx(ctx, a, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, sql)
			return err
		})
		var pe *pgconn.PgError
		require.True(t, errors.As(err, &pe), "%s: %v", sql, err)
		assert.Equal(t, "42501", pe.Code, "%s: permission denied", sql)
	}
	denied("SELECT * FROM " + pgx.Identifier{b.Schema, "collections"}.Sanitize())
	denied("UPDATE " + pgx.Identifier{b.Schema, "collections"}.Sanitize() + " SET title = 'x'")
	denied("SELECT * FROM control.spaces")
	denied("UPDATE control.spaces SET title = 'x'")
	denied("CREATE TABLE public.x (id int)")

	// the same through the one-round-trip read
	err := db.SpaceQuery(ctx, a, func(pgx.Rows) error { return nil }, "SELECT * FROM "+pgx.Identifier{b.Schema, "collections"}.Sanitize())
	var pe *pgconn.PgError
	require.True(t, errors.As(err, &pe), "%v", err)
	assert.Equal(t, "42501", pe.Code)

	// its own schema it may change, including its structure
	require.NoError(t, db.SpaceTx(ctx, a, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "CREATE TEMP TABLE scratch (id int); ALTER TABLE collections ADD COLUMN scratch int; ALTER TABLE collections DROP COLUMN scratch")
		return err
	}))
}

// A space made before roles gets its role from the next migration run, which finds it
// although its schema is up to date.
func TestIntegrationAdoptRole(t *testing.T) {
	ctx := context.Background()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, 0)
	sp := placed(t, reg, "old", tenancy.Placement{})
	_, err := db.Control().Exec(ctx, `DO $$ DECLARE r record; BEGIN
		EXECUTE format('ALTER SCHEMA %I OWNER TO CURRENT_USER', '`+sp.Schema+`');
		FOR r IN SELECT relname FROM pg_class WHERE relnamespace = '`+sp.Schema+`'::regnamespace AND relkind IN ('r', 'S') LOOP
			EXECUTE format('ALTER TABLE %I.%I OWNER TO CURRENT_USER', '`+sp.Schema+`', r.relname);
		END LOOP; END $$`)
	require.NoError(t, err)
	_, err = db.Control().Exec(ctx, "UPDATE control.spaces SET role_name = '' WHERE id = $1", sp.ID)
	require.NoError(t, err)
	old, err := reg.ByID(ctx, sp.ID)
	require.NoError(t, err)
	require.Empty(t, old.Role)
	// unconfined by a role, the old space still works
	require.NoError(t, db.SpaceTx(ctx, old, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "SELECT count(*) FROM control.spaces")
		return err
	}))

	n, err := db.MigrateSpaces(ctx, tenancy.MigrateOptions{Parallel: 2})
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	adopted, err := reg.ByID(ctx, sp.ID)
	require.NoError(t, err)
	assert.Equal(t, sp.Role, adopted.Role)
	var foreign int
	require.NoError(t, db.Control().QueryRow(ctx, `SELECT count(*) FROM pg_class
		WHERE relnamespace = $1::regnamespace AND relkind IN ('r', 'S', 'v', 'm') AND relowner <> $2::regrole`,
		sp.Schema, sp.Role).Scan(&foreign))
	assert.Zero(t, foreign, "the role owns everything in the schema")
	placed(t, reg, "new", tenancy.Placement{})
	require.NoError(t, db.SpaceTx(ctx, adopted, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "INSERT INTO collections (title) VALUES ('again')")
		return err
	}))
}
