package tenancy

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DefaultCluster is the placement name of the cluster given by the database URL.
const DefaultCluster = "default"

// DB holds one connection pool per PostgreSQL cluster (not per space) and runs units of work
// confined to a space's schema.
type DB struct {
	pools map[string]*pgxpool.Pool
	urls  map[string]string
}

// Open connects to the default cluster and makes sure the control schema exists.
func Open(ctx context.Context, url string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("database url: %w", err)
	}
	// Bounded connection life keeps per-backend catalog caches small with thousands of schemas.
	cfg.MaxConnLifetime = 30 * time.Minute
	cfg.MaxConnIdleTime = 5 * time.Minute
	if cfg.MaxConns < 16 {
		cfg.MaxConns = 16
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect to database: %w", err)
	}
	if _, err := pool.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS control"); err != nil {
		pool.Close()
		return nil, err
	}
	return &DB{pools: map[string]*pgxpool.Pool{DefaultCluster: pool}, urls: map[string]string{DefaultCluster: url}}, nil
}

// Close closes every pool.
func (db *DB) Close() {
	for _, p := range db.pools {
		p.Close()
	}
}

// Control is the pool of the cluster holding the control schema. Control tables are always
// named with their schema ("control.spaces").
func (db *DB) Control() *pgxpool.Pool { return db.pools[DefaultCluster] }

func (db *DB) pool(cluster string) (*pgxpool.Pool, error) {
	p, ok := db.pools[cluster]
	if !ok {
		return nil, fmt.Errorf("no pool for cluster %q", cluster)
	}
	return p, nil
}

// ControlTx runs fn in a transaction on the control schema's cluster.
func (db *DB) ControlTx(ctx context.Context, fn func(pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, db.Control(), fn)
}

// Tx runs fn in a transaction confined to the request's space: the transaction's search_path
// is the space schema only, set with SET LOCAL semantics so that it ends with the
// transaction and pooled connections never carry it over.
func (db *DB) Tx(ctx context.Context, fn func(pgx.Tx) error) error {
	s, ok := SpaceFrom(ctx)
	if !ok {
		return errors.New("tenancy.Tx outside a space")
	}
	return db.SpaceTx(ctx, s, fn)
}

// SpaceTx runs fn in a transaction confined to the given space's schema.
func (db *DB) SpaceTx(ctx context.Context, s *Space, fn func(pgx.Tx) error) error {
	pool, err := db.pool(s.Cluster)
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		// JIT compilation costs hundreds of milliseconds and pays off only for long analytic
		// queries; the planner's overestimates on lists would otherwise switch it on.
		if _, err := tx.Exec(ctx, "SELECT set_config('search_path', $1, true), set_config('jit', 'off', true)", s.Schema); err != nil {
			return err
		}
		return fn(tx)
	})
}

// Ready reports whether the database answers.
func (db *DB) Ready(ctx context.Context) error { return db.Control().Ping(ctx) }
