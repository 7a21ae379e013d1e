package tenancy_test

import (
	"context"
	"io/fs"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/migrations"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

// catalogSQL describes everything of schema $1 that a migration decides, one line per object,
// with the schema and its role ($2) written as SCHEMA and ROLE: relations with their kind,
// owner, privileges and options; columns; constraints; indexes; sequences; functions; the
// schema's owner and privileges; goose's version rows.
const catalogSQL = `
WITH n AS (SELECT oid FROM pg_namespace WHERE nspname = $1),
lines AS (
	SELECT 'schema owner=' || pg_get_userbyid(nspowner) || ' acl=' || coalesce(nspacl::text, '') AS line
	FROM pg_namespace WHERE nspname = $1
	UNION ALL
	SELECT format('relation %s kind=%s owner=%s acl=%s options=%s persistence=%s toast=%s',
		c.relname, c.relkind, pg_get_userbyid(c.relowner), coalesce(c.relacl::text, ''),
		coalesce(c.reloptions::text, ''), c.relpersistence, c.reltoastrelid <> 0)
	FROM pg_class c WHERE c.relnamespace = (SELECT oid FROM n)
	UNION ALL
	SELECT format('column %s.%s #%s %s notnull=%s default=%s identity=%s generated=%s collation=%s acl=%s',
		c.relname, a.attname, a.attnum, format_type(a.atttypid, a.atttypmod), a.attnotnull,
		coalesce(pg_get_expr(d.adbin, d.adrelid), ''), a.attidentity, a.attgenerated, a.attcollation, coalesce(a.attacl::text, ''))
	FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
	LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
	WHERE c.relnamespace = (SELECT oid FROM n) AND a.attnum > 0 AND NOT a.attisdropped
	UNION ALL
	SELECT format('constraint %s on %s: %s deferrable=%s validated=%s', co.conname, co.conrelid::regclass::text,
		pg_get_constraintdef(co.oid), co.condeferrable, co.convalidated)
	FROM pg_constraint co WHERE co.connamespace = (SELECT oid FROM n)
	UNION ALL
	SELECT 'index ' || pg_get_indexdef(i.indexrelid)
	FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relnamespace = (SELECT oid FROM n)
	UNION ALL
	SELECT format('sequence %s %s start=%s inc=%s min=%s max=%s cache=%s cycle=%s owned_by=%s',
		c.relname, format_type(s.seqtypid, NULL), s.seqstart, s.seqincrement, s.seqmin, s.seqmax, s.seqcache, s.seqcycle,
		coalesce((SELECT dc.relname || '.' || da.attname FROM pg_depend dp
			JOIN pg_class dc ON dc.oid = dp.refobjid JOIN pg_attribute da ON da.attrelid = dp.refobjid AND da.attnum = dp.refobjsubid
			WHERE dp.classid = 'pg_class'::regclass AND dp.objid = c.oid AND dp.deptype IN ('a', 'i')), ''))
	FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid WHERE c.relnamespace = (SELECT oid FROM n)
	UNION ALL
	SELECT format('function %s owner=%s: %s', p.proname, pg_get_userbyid(p.proowner), pg_get_functiondef(p.oid))
	FROM pg_proc p WHERE p.pronamespace = (SELECT oid FROM n)
	UNION ALL
	SELECT format('trigger %s on %s: %s', t.tgname, t.tgrelid::regclass::text, pg_get_triggerdef(t.oid))
	FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = (SELECT oid FROM n) AND NOT t.tgisinternal
	UNION ALL
	SELECT format('role login=%s inherit=%s createrole=%s createdb=%s super=%s member_of_current_user=%s',
		r.rolcanlogin, r.rolinherit, r.rolcreaterole, r.rolcreatedb, r.rolsuper, pg_has_role(current_user, r.oid, 'MEMBER'))
	FROM pg_roles r WHERE r.rolname = $2
)
SELECT replace(replace(line, $2, 'ROLE'), $1 || '.', 'SCHEMA.') FROM lines ORDER BY 1`

// catalog returns the description of a space's schema (catalogSQL) and goose's version rows.
func catalog(t *testing.T, db *tenancy.DB, s *tenancy.Space) []string {
	t.Helper()
	ctx := context.Background()
	rows, err := db.Control().Query(ctx, catalogSQL, s.Schema, s.Role)
	require.NoError(t, err)
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	rows, err = db.Control().Query(ctx, "SELECT format('goose %s %s', version_id, is_applied) FROM "+
		pgx.Identifier{s.Schema, "goose_db_version"}.Sanitize()+" ORDER BY id")
	require.NoError(t, err)
	versions, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	return append(lines, versions...)
}

// TestIntegrationProvisionMatchesMigrations proves that a space made by the provisioning
// script and one whose migrations ran one by one through goose end with the same catalog, and
// that later migrations run through goose on both.
func TestIntegrationProvisionMatchesMigrations(t *testing.T) {
	ctx := context.Background()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, 0)
	fast, err := reg.Provision(ctx, tenancy.Space{Subdomain: "fast", Title: "Fast"}, tenancy.Placement{})
	require.NoError(t, err)
	db.ProvisionByMigrations = true
	slow, err := reg.Provision(ctx, tenancy.Space{Subdomain: "slow", Title: "Slow"}, tenancy.Placement{})
	require.NoError(t, err)
	db.ProvisionByMigrations = false

	want := catalog(t, db, slow)
	require.Greater(t, len(want), 100)
	assert.Equal(t, want, catalog(t, db, fast))
	t.Logf("relations per space: %d", relations(t, db, fast))

	var versions []int64
	require.NoError(t, db.Control().QueryRow(ctx, "SELECT array_agg(schema_version ORDER BY id) FROM control.spaces").Scan(&versions))
	assert.Equal(t, versions[0], versions[1], "both record the newest version")

	// A migration added later runs through goose on both and changes both alike.
	next := fstest.MapFS{}
	require.NoError(t, fs.WalkDir(migrations.Space(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(migrations.Space(), p)
		next[p] = &fstest.MapFile{Data: data}
		return err
	}))
	next["99999_later.sql"] = &fstest.MapFile{Data: []byte("-- +goose Up\nCREATE TABLE later (id bigserial PRIMARY KEY, note text);\nALTER TABLE collections ADD COLUMN later_note text;\n-- +goose Down\n")}
	for _, s := range []*tenancy.Space{fast, slow} {
		v, err := tenancy.MigrateSpaceWith(ctx, db, s, next)
		require.NoError(t, err)
		assert.Equal(t, int64(99999), v)
	}
	assert.Equal(t, catalog(t, db, slow), catalog(t, db, fast))
	assert.Contains(t, strings.Join(catalog(t, db, fast), "\n"), "relation later kind=r owner=ROLE")
}

// relations counts the relations of a space's schema and of its TOAST tables.
func relations(t *testing.T, db *tenancy.DB, s *tenancy.Space) (n int) {
	t.Helper()
	require.NoError(t, db.Control().QueryRow(context.Background(), `SELECT count(*) FROM pg_class c
		WHERE c.relnamespace = $1::regnamespace
		   OR c.oid IN (SELECT reltoastrelid FROM pg_class WHERE relnamespace = $1::regnamespace)
		   OR c.oid IN (SELECT i.indexrelid FROM pg_index i JOIN pg_class t ON t.reltoastrelid = i.indrelid WHERE t.relnamespace = $1::regnamespace)`,
		s.Schema).Scan(&n))
	return n
}

// TestIntegrationProvisionResumes proves that provisioning is all or nothing: a script that
// fails half-way leaves no role and no schema; a space whose provisioning stopped after its
// registration, or after some of its migrations ran through goose, is completed by
// provisioning it again, and ends as a space made in one go.
func TestIntegrationProvisionResumes(t *testing.T) {
	ctx := context.Background()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, 0)
	ref, err := reg.Provision(ctx, tenancy.Space{Subdomain: "ref", Title: "Reference"}, tenancy.Placement{})
	require.NoError(t, err)

	script, err := tenancy.ProvisioningScript("space_broken", "broken_role")
	require.NoError(t, err)
	_, err = db.Control().Exec(ctx, script+"SELECT 1/0;")
	require.Error(t, err)
	var left int
	require.NoError(t, db.Control().QueryRow(ctx, `SELECT (SELECT count(*) FROM pg_namespace WHERE nspname = 'space_broken')
		+ (SELECT count(*) FROM pg_roles WHERE rolname = 'broken_role')`).Scan(&left))
	assert.Zero(t, left, "a failed script leaves nothing behind")

	// A crash after the registration: the space is provisioning, nothing is placed.
	var id int64
	require.NoError(t, db.Control().QueryRow(ctx, `INSERT INTO control.spaces (subdomain, title, schema_name, role_name, cluster)
		VALUES ('crashed', 'Crashed', 'space_new_crashed', 'x', 'default') RETURNING id`).Scan(&id))
	role := strings.Replace(ref.Role, "_space_"+itoa(ref.ID), "_space_"+itoa(id), 1)
	_, err = db.Control().Exec(ctx, "UPDATE control.spaces SET schema_name = $2, role_name = $3 WHERE id = $1", id, tenancy.SchemaName(id), role)
	require.NoError(t, err)
	crashed, err := reg.Provision(ctx, tenancy.Space{Subdomain: "crashed", Title: "Crashed"}, tenancy.Placement{})
	require.NoError(t, err)
	assert.Equal(t, id, crashed.ID)
	assert.Equal(t, "active", crashed.Status)
	assert.Equal(t, catalog(t, db, ref), catalog(t, db, crashed))

	// A crash after goose ran the first two migrations (the way spaces were made before).
	require.NoError(t, db.Control().QueryRow(ctx, `INSERT INTO control.spaces (subdomain, title, schema_name, role_name, cluster)
		VALUES ('half', 'Half', 'space_new_half', 'x', 'default') RETURNING id`).Scan(&id))
	half := &tenancy.Space{ID: id, Cluster: tenancy.DefaultCluster, Schema: tenancy.SchemaName(id),
		Role: strings.Replace(ref.Role, "_space_"+itoa(ref.ID), "_space_"+itoa(id), 1)}
	_, err = db.Control().Exec(ctx, "UPDATE control.spaces SET schema_name = $2, role_name = $3 WHERE id = $1", id, half.Schema, half.Role)
	require.NoError(t, err)
	_, err = db.Control().Exec(ctx, "CREATE ROLE "+pgx.Identifier{half.Role}.Sanitize()+" NOLOGIN; GRANT "+pgx.Identifier{half.Role}.Sanitize()+
		" TO CURRENT_USER; CREATE SCHEMA "+half.Schema+" AUTHORIZATION "+pgx.Identifier{half.Role}.Sanitize())
	require.NoError(t, err)
	first := fstest.MapFS{}
	for _, name := range []string{"00001_collections.sql", "00002_guidelines.sql"} {
		data, err := fs.ReadFile(migrations.Space(), name)
		require.NoError(t, err)
		first[name] = &fstest.MapFile{Data: data}
	}
	_, err = tenancy.MigrateSpaceWith(ctx, db, half, first)
	require.NoError(t, err)
	done, err := reg.Provision(ctx, tenancy.Space{Subdomain: "half", Title: "Half"}, tenancy.Placement{})
	require.NoError(t, err)
	assert.Equal(t, "active", done.Status)
	// goose's rows carry the same versions; only the catalogs' content is compared here
	assert.Equal(t, withoutGoose(catalog(t, db, ref)), withoutGoose(catalog(t, db, done)))
}

func withoutGoose(lines []string) []string {
	var out []string
	for _, l := range lines {
		if !strings.HasPrefix(l, "goose ") {
			out = append(out, l)
		}
	}
	return out
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
