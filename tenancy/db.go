package tenancy

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/errgroup"
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
		if _, err := tx.Exec(ctx, confineSQL, s.Schema); err != nil {
			return err
		}
		return fn(tx)
	})
}

// confineSQL confines the rest of a transaction to a schema ($1). JIT compilation costs
// hundreds of milliseconds and pays off only for long analytic queries; the planner's
// overestimates on lists would otherwise switch it on.
const confineSQL = "SELECT set_config('search_path', $1, true), set_config('jit', 'off', true)"

// SpaceQuery runs one read-only statement confined to a space's schema in a single round
// trip, for the hottest reads: the confinement and the statement travel as one pipeline,
// which PostgreSQL runs as one implicit transaction, so the search path ends with it as in
// SpaceTx. The statement is prepared once per connection, after a confinement (a statement
// resolves its tables when it is parsed; PostgreSQL plans it again when it runs under
// another search path). fn reads the rows.
func (db *DB) SpaceQuery(ctx context.Context, s *Space, fn func(pgx.Rows) error, sql string, args ...any) error {
	pool, err := db.pool(s.Cluster)
	if err != nil {
		return err
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	pg, types := conn.Conn().PgConn(), conn.Conn().TypeMap()
	statements, err := prepare(ctx, pg, s.Schema, confineSQL, sql)
	if err != nil {
		return err
	}
	schema := [][]byte{[]byte(s.Schema)}
	var params pgx.ExtendedQueryBuilder
	if err := params.Build(types, statements[sql], args); err != nil {
		return err
	}
	p := pg.StartPipeline(ctx)
	p.SendQueryStatement(statements[confineSQL], schema, nil, nil)
	p.SendQueryStatement(statements[sql], params.ParamValues, params.ParamFormats, params.ResultFormats)
	confined := false
	return pipelineResults(p, func(r any) error {
		result, ok := r.(*pgconn.ResultReader)
		if !ok || !confined {
			confined = true
			return nil
		}
		rows := pgx.RowsFromResultReader(types, result)
		err := fn(rows)
		rows.Close()
		if err == nil {
			err = rows.Err()
		}
		return err
	})
}

// prepare makes sure the statements are prepared on a connection, parsed under a
// confinement to schema so that their tables resolve, and returns the connection's
// prepared statements by their SQL.
func prepare(ctx context.Context, pg *pgconn.PgConn, schema string, sqls ...string) (map[string]*pgconn.StatementDescription, error) {
	statements, _ := pg.CustomData()[preparedKey].(map[string]*pgconn.StatementDescription)
	if statements == nil {
		statements = map[string]*pgconn.StatementDescription{}
		pg.CustomData()[preparedKey] = statements
	}
	var missing []*pgconn.StatementDescription
	for _, sql := range sqls {
		if statements[sql] == nil {
			missing = append(missing, &pgconn.StatementDescription{Name: fmt.Sprintf("space_query_%d", len(statements)+len(missing)+1), SQL: sql})
		}
	}
	if len(missing) == 0 {
		return statements, nil
	}
	p := pg.StartPipeline(ctx)
	p.SendQueryParams(confineSQL, [][]byte{[]byte(schema)}, nil, nil, nil)
	for _, sd := range missing {
		p.SendPrepare(sd.Name, sd.SQL, nil)
	}
	described := 0
	err := pipelineResults(p, func(r any) error {
		if d, ok := r.(*pgconn.StatementDescription); ok {
			// a pipeline's prepare answers with the description only
			sd := missing[described]
			sd.ParamOIDs, sd.Fields = d.ParamOIDs, d.Fields
			statements[sd.SQL] = sd
			described++
		}
		return nil
	})
	if err == nil && described != len(missing) {
		err = errors.New("space query: statements not described")
	}
	return statements, err
}

// preparedKey keeps, in a connection's custom data, the statements SpaceQuery prepared on it.
const preparedKey = "vademecum.spaceQuery"

// pipelineResults syncs a pipeline and hands each result to fn (result readers are closed
// after it), until the sync or the first error; the pipeline is closed.
func pipelineResults(p *pgconn.Pipeline, fn func(any) error) error {
	err := p.Sync()
	for err == nil {
		var r any
		if r, err = p.GetResults(); err != nil || r == nil {
			break
		}
		if _, done := r.(*pgconn.PipelineSync); done {
			break
		}
		err = fn(r)
		if result, ok := r.(*pgconn.ResultReader); ok {
			if _, closeErr := result.Close(); err == nil {
				err = closeErr
			}
		}
	}
	if closeErr := p.Close(); err == nil {
		err = closeErr
	}
	return err
}

// SpaceLister lists the spaces (Registry.List).
type SpaceLister interface {
	List(ctx context.Context) ([]*Space, error)
}

// EverySpace runs fn in a transaction confined to each space in turn, for work that keeps
// the space schemas in step with a change of the control schema (no foreign keys lead from
// space schemas into it). Each space commits on its own; fn must be safe to run again.
func (db *DB) EverySpace(ctx context.Context, spaces SpaceLister, fn func(*Space, pgx.Tx) error) error {
	list, err := spaces.List(ctx)
	if err != nil {
		return err
	}
	return db.EachSpace(ctx, list, fn)
}

// FanOut bounds how many spaces EachSpace works on at once.
const FanOut = 4

// EachSpace runs fn in a transaction confined to each of spaces, at most FanOut at a time,
// each on its own placement. Each space commits on its own; the first error stops the
// spaces not yet begun and is returned, naming its space. fn may run concurrently for
// different spaces.
func (db *DB) EachSpace(ctx context.Context, spaces []*Space, fn func(*Space, pgx.Tx) error) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(FanOut)
	for _, sp := range spaces {
		g.Go(func() error {
			if err := db.SpaceTx(gctx, sp, func(tx pgx.Tx) error { return fn(sp, tx) }); err != nil {
				return fmt.Errorf("space %d: %w", sp.ID, err)
			}
			return nil
		})
	}
	return g.Wait()
}

// Ready reports whether the database answers.
func (db *DB) Ready(ctx context.Context) error { return db.Control().Ping(ctx) }
