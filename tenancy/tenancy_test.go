package tenancy_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

func TestSubdomainOf(t *testing.T) {
	r := &tenancy.Resolver{DefaultSpace: "kssg", TestSuffix: "-test"}
	landing := &tenancy.Resolver{TestSuffix: "-test"}
	cases := []struct {
		res   *tenancy.Resolver
		host  string
		want  string
		named bool
	}{
		{r, "insel.vademecum.localhost:8080", "insel", true},
		{r, "Insel.Vademecum.ch", "insel", true},
		{r, "www.vademecum.ch", "www", true},
		{r, "vademecum.ch", "kssg", false},
		{r, "localhost:8080", "kssg", false},
		{r, "insel-test.vademecum.ch", "kssg", false},
		{landing, "localhost", "www", false},
		{landing, "insel-test.vademecum.ch", "www", false},
		{r, "[::1]:8080", "kssg", false},
	}
	for _, c := range cases {
		t.Run(c.host, func(t *testing.T) {
			got, named := c.res.SubdomainOf(c.host)
			assert.Equal(t, c.want, got)
			assert.Equal(t, c.named, named)
		})
	}
}

func TestIntegrationForRequest(t *testing.T) {
	ctx := context.Background()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, 0)
	_, err := reg.Provision(ctx, tenancy.Space{Subdomain: "alpha", Title: "Alpha"}, tenancy.Placement{})
	require.NoError(t, err)
	res := &tenancy.Resolver{Registry: reg}

	req := httptest.NewRequest("POST", "http://localhost/api/common/query/profile", nil)
	req.Header.Set("Space", "alpha")
	s, err := res.ForRequest(req)
	require.NoError(t, err)
	assert.Equal(t, "alpha", s.Subdomain)

	req = httptest.NewRequest("GET", "http://alpha.vademecum.localhost/", nil)
	req.Header.Set("Space", "beta") // pages ignore the header
	s, err = res.ForRequest(req)
	require.NoError(t, err)
	assert.Equal(t, "alpha", s.Subdomain)

	req = httptest.NewRequest("POST", "http://alpha.vademecum.localhost/api/x", nil)
	req.Header.Set("Space", "beta")
	_, err = res.ForRequest(req)
	assert.ErrorIs(t, err, tenancy.ErrHeaderMismatch)

	req = httptest.NewRequest("POST", "http://localhost/api/x", nil)
	req.Header.Set("Space", "nope")
	_, err = res.ForRequest(req)
	assert.ErrorIs(t, err, tenancy.ErrNotFound)

	s, err = res.ForRequest(httptest.NewRequest("GET", "http://www.vademecum.localhost/", nil))
	require.NoError(t, err)
	assert.Nil(t, s, "www is the landing site")
}

// TestIntegrationTxConfinesToSchema proves that a unit of work sees only its space's tables
// and that the schema setting ends with the transaction.
func TestIntegrationTxConfinesToSchema(t *testing.T) {
	ctx := context.Background()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, 0)
	a, err := reg.Provision(ctx, tenancy.Space{Subdomain: "alpha", Title: "Alpha"}, tenancy.Placement{})
	require.NoError(t, err)
	b, err := reg.Provision(ctx, tenancy.Space{Subdomain: "beta", Title: "Beta"}, tenancy.Placement{})
	require.NoError(t, err)
	assert.NotEqual(t, a.Schema, b.Schema)

	require.NoError(t, db.Tx(tenancy.WithSpace(ctx, a), func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "INSERT INTO collections (title) VALUES ('Alpha only')")
		return err
	}))
	count := func(s *tenancy.Space) (n int) {
		require.NoError(t, db.Tx(tenancy.WithSpace(ctx, s), func(tx pgx.Tx) error {
			return tx.QueryRow(ctx, "SELECT count(*) FROM collections").Scan(&n)
		}))
		return n
	}
	assert.Equal(t, 1, count(a))
	assert.Equal(t, 0, count(b))

	// SpaceQuery is confined the same way, in one round trip, also when a connection runs
	// the statement it prepared for one space in another.
	for _, tc := range []struct {
		space *tenancy.Space
		want  []string
	}{{a, []string{"Alpha only"}}, {b, []string{}}, {a, []string{"Alpha only"}}, {b, []string{}}} {
		var titles []string
		require.NoError(t, db.SpaceQuery(ctx, tc.space, func(rows pgx.Rows) error {
			var err error
			titles, err = pgx.CollectRows(rows, pgx.RowTo[string])
			return err
		}, "SELECT title FROM collections WHERE title <> $1", ""))
		assert.Equal(t, tc.want, titles, tc.space.Subdomain)
	}
	err = db.SpaceQuery(ctx, a, func(pgx.Rows) error { return nil }, "SELECT * FROM no_such_table")
	assert.ErrorContains(t, err, "no_such_table")

	// After the transactions and pipelines every pooled connection is back on the default search_path.
	for i := 0; i < 20; i++ {
		var path string
		require.NoError(t, db.Control().QueryRow(ctx, "SHOW search_path").Scan(&path))
		assert.NotContains(t, path, "space_")
	}
	assert.Error(t, db.Tx(ctx, func(pgx.Tx) error { return nil }), "no unit of work outside a space")
}

func TestIntegrationProvisioning(t *testing.T) {
	ctx := context.Background()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, 0)
	s, err := reg.Provision(ctx, tenancy.Space{Subdomain: "alpha", Title: "Alpha"}, tenancy.Placement{})
	require.NoError(t, err)
	assert.Equal(t, "active", s.Status)
	assert.Equal(t, tenancy.SchemaName(s.ID), s.Schema)

	_, err = reg.Provision(ctx, tenancy.Space{Subdomain: "alpha", Title: "Again"}, tenancy.Placement{})
	assert.ErrorIs(t, err, tenancy.ErrSubdomainTaken)

	// A cancelled provisioning leaves no half space behind.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = reg.Provision(cctx, tenancy.Space{Subdomain: "beta", Title: "Beta"}, tenancy.Placement{})
	assert.Error(t, err)
	var spaces, schemas int
	require.NoError(t, db.Control().QueryRow(ctx, "SELECT count(*) FROM control.spaces").Scan(&spaces))
	require.NoError(t, db.Control().QueryRow(ctx, "SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'space_%'").Scan(&schemas))
	assert.Equal(t, 1, spaces)
	assert.Equal(t, 1, schemas)

	// The start-up check skips spaces that are up to date; a forced run checks them all.
	n, err := db.MigrateSpaces(ctx, tenancy.MigrateOptions{Parallel: 2})
	require.NoError(t, err)
	assert.Equal(t, 0, n)
	n, err = db.MigrateSpaces(ctx, tenancy.MigrateOptions{Force: true, Parallel: 2})
	require.NoError(t, err)
	assert.Equal(t, 1, n)

	// What runs within the activation or the removal decides with it.
	refuse := func(pgx.Tx, *tenancy.Space) error { return errors.New("refused") }
	_, err = reg.Provision(ctx, tenancy.Space{Subdomain: "gamma", Title: "Gamma"}, tenancy.Placement{}, refuse)
	assert.Error(t, err)
	require.Error(t, reg.Delete(ctx, s, refuse))
	require.NoError(t, db.Control().QueryRow(ctx, "SELECT count(*) FROM control.spaces").Scan(&spaces))
	require.NoError(t, db.Control().QueryRow(ctx, "SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'space_%'").Scan(&schemas))
	assert.Equal(t, 1, spaces, "no gamma, and alpha stays")
	assert.Equal(t, 1, schemas, "alpha keeps its schema")

	var seen int64
	require.NoError(t, reg.Delete(ctx, s, func(tx pgx.Tx, sp *tenancy.Space) error {
		return tx.QueryRow(ctx, "SELECT id FROM control.spaces WHERE id = $1", sp.ID).Scan(&seen)
	}))
	assert.Equal(t, s.ID, seen, "what runs within sees the space before it goes")
	_, err = reg.BySubdomain(ctx, "alpha")
	assert.ErrorIs(t, err, tenancy.ErrNotFound)
}
