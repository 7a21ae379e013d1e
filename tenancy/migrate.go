package tenancy

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
	"golang.org/x/sync/errgroup"

	"vademecum/migrations"
)

// spaceVersions are the versions of the embedded space migrations.
var spaceVersions = func() []int64 {
	names, err := fs.Glob(migrations.Space(), "*.sql")
	if err != nil {
		panic(err) // the pattern is valid
	}
	var vs []int64
	for _, n := range names {
		if v, err := goose.NumericComponent(n); err == nil {
			vs = append(vs, v)
		}
	}
	return vs
}()

// latestSpaceVersion is the newest embedded space migration; spaces whose recorded
// schema_version is at least this need no goose run at start.
var latestSpaceVersion = slices.Max(spaceVersions)

// migrateSchema runs the embedded migrations fsys in schema, on the database of a placement
// and under role (none: the connection's user), with a version table and an advisory lock of
// that schema, so that the server and the CLI never migrate it together.
func (db *DB) migrateSchema(ctx context.Context, at placement, schema, role string, fsys fs.FS) (int64, error) {
	return db.migrateSchemaTo(ctx, at, schema, role, fsys, 0)
}

// migrateSchemaTo is migrateSchema up to version (0: the latest), for a restore that loads
// data taken at that version.
func (db *DB) migrateSchemaTo(ctx context.Context, at placement, schema, role string, fsys fs.FS, version int64) (int64, error) {
	base, err := db.clusterConfig(ctx, at.cluster)
	if err != nil {
		return 0, err
	}
	cfg := base.ConnConfig.Copy()
	if at.database != "" {
		cfg.Database = at.database
	}
	cfg.RuntimeParams["search_path"] = schema
	var opts []stdlib.OptionOpenDB
	if role != "" {
		opts = append(opts, stdlib.OptionAfterConnect(func(ctx context.Context, conn *pgx.Conn) error {
			_, err := conn.Exec(ctx, "SET ROLE "+pgx.Identifier{role}.Sanitize())
			return err
		}))
	}
	sqlDB := stdlib.OpenDB(*cfg, opts...)
	defer sqlDB.Close()
	sqlDB.SetMaxOpenConns(1)

	h := fnv.New64a()
	h.Write([]byte("vademecum-migrate:" + schema))
	locker, err := lock.NewPostgresSessionLocker(lock.WithLockID(int64(h.Sum64() >> 1)))
	if err != nil {
		return 0, err
	}
	p, err := goose.NewProvider(goose.DialectPostgres, sqlDB, fsys,
		goose.WithTableName(schema+".goose_db_version"),
		goose.WithSessionLocker(locker),
		goose.WithDisableGlobalRegistry(true))
	if err != nil {
		return 0, err
	}
	up := p.Up
	if version > 0 {
		up = func(ctx context.Context) ([]*goose.MigrationResult, error) { return p.UpTo(ctx, version) }
	}
	if _, err := up(ctx); err != nil {
		return 0, fmt.Errorf("migrate schema %s: %w", schema, err)
	}
	return p.GetDBVersion(ctx)
}

// MigrateControl brings the control schema up to date.
func (db *DB) MigrateControl(ctx context.Context) error {
	if _, err := db.migrateSchema(ctx, placement{cluster: DefaultCluster}, "control", "", migrations.Control()); err != nil {
		return err
	}
	// The background jobs' tables (River) live in the control schema too; River brings its
	// own migrations.
	m, err := rivermigrate.New(riverpgxv5.New(db.Control()), &rivermigrate.Config{Schema: "control"})
	if err != nil {
		return err
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("migrate job tables: %w", err)
	}
	return nil
}

// MigrateSpace brings one space up to date: its role, its database when it has its own, its
// schema owned by the role, and the schema's migrations run under the role; it records the
// version. Each step finds what an earlier, interrupted run made, so running it again
// completes a space that a crash left half made.
func (db *DB) MigrateSpace(ctx context.Context, s *Space) error {
	if s.Role == "" {
		if err := db.adopt(ctx, s); err != nil {
			return err
		}
	}
	if v, ok, err := db.upToDate(ctx, s); err != nil || ok {
		if err == nil {
			_, err = db.control.Exec(ctx, "UPDATE control.spaces SET schema_version = $2 WHERE id = $1 AND schema_version IS DISTINCT FROM $2", s.ID, v)
		}
		return err
	}
	if err := db.makePlace(ctx, s, true); err != nil {
		return err
	}
	v, err := db.migrateSchema(ctx, placementOf(s), s.Schema, s.Role, migrations.Space())
	if err != nil {
		return err
	}
	_, err = db.control.Exec(ctx, "UPDATE control.spaces SET schema_version = $2 WHERE id = $1", s.ID, v)
	return err
}

// MigrateOptions say which spaces MigrateSpaces migrates and how.
type MigrateOptions struct {
	// Force checks every space, also those whose recorded version is the latest (to repair
	// a space whose goose table, role or recorded version was changed by hand), in a query or
	// two per space, running goose where a migration is missing; otherwise only the others
	// are migrated, so
	// that the check at server start is one query for thousands of up-to-date spaces and a run
	// that was interrupted goes on where it stopped.
	Force bool
	// Parallel bounds how many spaces are migrated at once.
	Parallel int
	// Progress, if set, is told after each space how many are done of how many.
	Progress func(done, total int)
}

// MigrateSpaces migrates the active and suspended spaces (a space being moved is migrated by
// its move) and returns how many it migrated.
func (db *DB) MigrateSpaces(ctx context.Context, o MigrateOptions) (migrated int, err error) {
	q := "SELECT " + spaceColumns + " FROM control.spaces s WHERE s.status IN ('active', 'suspended')"
	if !o.Force {
		q += fmt.Sprintf(" AND (s.schema_version < %d OR s.role_name = '')", latestSpaceVersion)
	}
	rows, err := db.Control().Query(ctx, q+" ORDER BY s.id")
	if err != nil {
		return 0, err
	}
	spaces, err := pgx.CollectRows(rows, scanSpace)
	if err != nil {
		return 0, err
	}
	var done atomic.Int64
	var told sync.Mutex // Progress hears of one space at a time
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(max(o.Parallel, 1))
	for _, s := range spaces {
		g.Go(func() error {
			if err := db.MigrateSpace(gctx, s); err != nil {
				return fmt.Errorf("space %s: %w", s.Subdomain, err)
			}
			if o.Progress != nil {
				told.Lock()
				o.Progress(int(done.Add(1)), len(spaces))
				told.Unlock()
			} else {
				done.Add(1)
			}
			return nil
		})
	}
	err = g.Wait()
	if n := done.Load(); n > 0 {
		slog.Info("space schemas migrated", "count", n)
	}
	return int(done.Load()), err
}

// upToDateSQL tells, for schema $1 and role $2, whether the role owns the schema and the
// server's user may act as it, and which migrations goose's version table lists as applied
// (the newest row of each version decides, as for goose).
const upToDateSQL = `SELECT
	coalesce((SELECT n.nspowner = r.oid AND pg_has_role(current_user, r.oid, 'USAGE')
		FROM pg_namespace n, pg_roles r WHERE n.nspname = $1 AND r.rolname = $2), false),
	to_regclass(quote_ident($1) || '.goose_db_version') IS NOT NULL`

// upToDate tells whether a goose run in a space's schema would find nothing to do and
// makePlace nothing to make, in two queries on a pooled connection instead of a connection,
// a lock and goose's queries of its own: the role owns the schema, the server's user may act
// as it, and goose's table lists every embedded migration as applied. It returns the newest
// version then.
func (db *DB) upToDate(ctx context.Context, s *Space) (int64, bool, error) {
	pool, release, err := db.acquire(ctx, placementOf(s))
	if err != nil {
		return 0, false, err
	}
	defer release()
	var placed, versioned bool
	err = pool.QueryRow(ctx, upToDateSQL, s.Schema, s.Role).Scan(&placed, &versioned)
	if pe := (*pgconn.PgError)(nil); errors.As(err, &pe) && pe.Code == "3D000" {
		return 0, false, nil // the space's own database is yet to be made
	}
	if err != nil || !placed || !versioned {
		return 0, false, err
	}
	rows, err := pool.Query(ctx, "SELECT DISTINCT ON (version_id) version_id, is_applied FROM "+
		pgx.Identifier{s.Schema, "goose_db_version"}.Sanitize()+" ORDER BY version_id, id DESC")
	if err != nil {
		return 0, false, err
	}
	applied := map[int64]bool{}
	var v int64
	var ok bool
	if _, err := pgx.ForEachRow(rows, []any{&v, &ok}, func() error { applied[v] = ok; return nil }); err != nil {
		return 0, false, err
	}
	for _, m := range spaceVersions {
		if !applied[m] {
			return 0, false, nil
		}
	}
	return latestSpaceVersion, true, nil
}
