package tenancy

import (
	"context"
	"fmt"
	"hash/fnv"
	"io/fs"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
	"golang.org/x/sync/errgroup"

	"vademecum/migrations"
)

// latestSpaceVersion is the newest embedded space migration; spaces whose recorded
// schema_version is at least this need no goose run at start.
var latestSpaceVersion = func() int64 {
	names, err := fs.Glob(migrations.Space(), "*.sql")
	if err != nil {
		panic(err) // the pattern is valid
	}
	var latest int64
	for _, n := range names {
		if v, err := goose.NumericComponent(n); err == nil && v > latest {
			latest = v
		}
	}
	return latest
}()

// migrateSchema runs the embedded migrations fsys in schema, with a version table and an
// advisory lock of that schema, so that the server and the CLI never migrate it together.
func (db *DB) migrateSchema(ctx context.Context, cluster, schema string, fsys fs.FS) (int64, error) {
	cfg, err := pgx.ParseConfig(db.urls[cluster])
	if err != nil {
		return 0, err
	}
	cfg.RuntimeParams["search_path"] = schema
	sqlDB := stdlib.OpenDB(*cfg)
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
	if _, err := p.Up(ctx); err != nil {
		return 0, fmt.Errorf("migrate schema %s: %w", schema, err)
	}
	return p.GetDBVersion(ctx)
}

// MigrateControl brings the control schema up to date.
func (db *DB) MigrateControl(ctx context.Context) error {
	if _, err := db.migrateSchema(ctx, DefaultCluster, "control", migrations.Control()); err != nil {
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

// MigrateSpace brings one space schema up to date and records its version.
func (db *DB) MigrateSpace(ctx context.Context, s *Space) error {
	if _, err := db.Control().Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+pgx.Identifier{s.Schema}.Sanitize()); err != nil {
		return err
	}
	v, err := db.migrateSchema(ctx, s.Cluster, s.Schema, migrations.Space())
	if err != nil {
		return err
	}
	_, err = db.Control().Exec(ctx, "UPDATE control.spaces SET schema_version = $2 WHERE id = $1", s.ID, v)
	return err
}

// MigrateSpaces migrates spaces with bounded parallelism. Unless force is set, spaces whose
// recorded version is already the latest are skipped, which makes the check at server start
// one query for thousands of up-to-date spaces.
func (db *DB) MigrateSpaces(ctx context.Context, force bool, parallel int) (migrated int, err error) {
	q := "SELECT " + spaceColumns + " FROM control.spaces s WHERE s.status = 'active'"
	if !force {
		q += fmt.Sprintf(" AND s.schema_version < %d", latestSpaceVersion)
	}
	rows, err := db.Control().Query(ctx, q+" ORDER BY s.id")
	if err != nil {
		return 0, err
	}
	spaces, err := pgx.CollectRows(rows, scanSpace)
	if err != nil {
		return 0, err
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(parallel)
	for _, s := range spaces {
		g.Go(func() error { return db.MigrateSpace(gctx, s) })
	}
	if err := g.Wait(); err != nil {
		return 0, err
	}
	if len(spaces) > 0 {
		slog.Info("space schemas migrated", "count", len(spaces))
	}
	return len(spaces), nil
}
