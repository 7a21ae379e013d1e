package tenancy

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"golang.org/x/sync/errgroup"

	"vademecum/secrets"
)

// DefaultCluster is the placement name of the cluster given by the database URL.
const DefaultCluster = "default"

// DB holds the connection pools: the control database's, opened at once, and one per other
// placement (a cluster's shared database, a space's own database), opened at first use and
// closed when idle. It runs units of work confined to a space's schema under the space's role.
type DB struct {
	control       *pgxpool.Pool
	controlConfig *pgxpool.Config
	controlDB     string
	// Secrets resolves the URLs of registered clusters that name a secret (confined: they are
	// written in the database).
	Secrets secrets.Provider
	// JobQueue takes the jobs spaces' units of work queue (Jobs); set once the queue exists.
	JobQueue *river.Client[pgx.Tx]
	// ProvisionByMigrations makes new spaces by running every space migration through goose,
	// as before the provisioning script (placeNew), for comparisons in tests and benchmarks.
	ProvisionByMigrations bool

	pools pools
	// tableNames are the tables of a space schema (Sizes); read once
	tableNames   []string
	tableNamesMu sync.Mutex
}

// Open connects to the default cluster and makes sure the control schema exists.
func Open(ctx context.Context, url string) (*DB, error) {
	return OpenSetting(ctx, url, secrets.Local{})
}

// OpenSetting is Open with a database setting: a URL or a reference naming one, whose
// password and credentials parameters may be references (settingConfig), resolved by p.
func OpenSetting(ctx context.Context, setting string, p secrets.Provider) (*DB, error) {
	cfg, err := settingConfig(ctx, setting, p)
	if err != nil {
		return nil, fmt.Errorf("database url: %w", err)
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
	db := &DB{control: pool, controlConfig: cfg, controlDB: cfg.ConnConfig.Database, Secrets: secrets.Local{},
		pools: pools{open: map[placement]*pooled{}, clusters: map[string]*pgxpool.Config{}, done: make(chan struct{})}}
	go db.janitor()
	return db, nil
}

// Close closes every pool.
func (db *DB) Close() {
	db.pools.mu.Lock()
	select {
	case <-db.pools.done:
	default:
		close(db.pools.done)
	}
	open := db.pools.open
	db.pools.open = map[placement]*pooled{}
	db.pools.mu.Unlock()
	for _, p := range open {
		p.pool.Close()
	}
	db.control.Close()
}

// Control is the pool of the database holding the control schema. Control tables are always
// named with their schema ("control.spaces").
func (db *DB) Control() *pgxpool.Pool { return db.control }

// placementOf is where space s lives.
func placementOf(s *Space) placement { return placement{cluster: s.Cluster, database: s.Database} }

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

// SpaceTx runs fn in a transaction confined to the given space's schema and role. Jobs fn
// queues through Jobs are handed to the queue after the commit.
func (db *DB) SpaceTx(ctx context.Context, s *Space, fn func(pgx.Tx) error) error {
	queued := 0
	err := db.confined(ctx, s, func(tx pgx.Tx) error {
		return fn(&spaceTx{Tx: tx, queued: &queued, db: db, space: s})
	})
	if err == nil && queued > 0 {
		db.handOver(ctx, s)
	}
	return db.pausedWrite(ctx, s, err)
}

// pausedWrite tells a write refused because a move pauses the space's writes (the role's
// write privileges are revoked for the pause: 42501) by wrapping err in ErrWritesPaused.
func (db *DB) pausedWrite(ctx context.Context, s *Space, err error) error {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "42501" {
		return err
	}
	// s may be an older copy than the move that paused it (another process's cache): ask
	// the control plane now
	var moving bool
	if db.control.QueryRow(context.WithoutCancel(ctx), "SELECT status = 'moving' FROM control.spaces WHERE id = $1", s.ID).Scan(&moving) == nil && moving {
		return fmt.Errorf("%w: %w", ErrWritesPaused, err)
	}
	return err
}

// confined runs fn in a transaction confined to the given space's schema and role.
func (db *DB) confined(ctx context.Context, s *Space, fn func(pgx.Tx) error) error {
	return db.confinedWith(ctx, s, pgx.TxOptions{}, fn)
}

// confinedWith is confined with the transaction's options.
func (db *DB) confinedWith(ctx context.Context, s *Space, opts pgx.TxOptions, fn func(pgx.Tx) error) error {
	pool, release, err := db.acquire(ctx, placementOf(s))
	if err != nil {
		return err
	}
	defer release()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	visit(conn.Conn().PgConn().CustomData(), s.ID)
	return pgx.BeginTxFunc(ctx, conn, opts, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, confineSQL, s.Schema, roleOf(s)); err != nil {
			return err
		}
		return fn(tx)
	})
}

// confineSQL confines the rest of a transaction to a schema ($1) and the role that owns it
// ($2), which has no rights outside it: a statement that names another schema fails. JIT
// compilation costs hundreds of milliseconds and pays off only for long analytic queries; the
// planner's overestimates on lists would otherwise switch it on.
const confineSQL = "SELECT set_config('search_path', $1, true), set_config('role', $2, true), set_config('jit', 'off', true)"

// roleOf is the role a space's units of work run under; "none" (the connection's own user)
// for a space made before roles, until `space migrate` gives it one.
func roleOf(s *Space) string {
	if s.Role == "" {
		return "none"
	}
	return s.Role
}

// SpaceQuery runs one statement confined to a space's schema in a single round trip, for
// the hottest calls (reads, and the reader's record of a read): the confinement and the
// statement travel as one pipeline, which PostgreSQL runs as one implicit transaction, so the
// search path ends with it as in SpaceTx. The statement is prepared once per connection,
// after a confinement (a statement resolves its tables when it is parsed; PostgreSQL plans it
// again when it runs under another search path). fn reads the rows. A write refused while a
// move pauses the space's writes is ErrWritesPaused, as in SpaceTx.
func (db *DB) SpaceQuery(ctx context.Context, s *Space, fn func(pgx.Rows) error, sql string, args ...any) error {
	pool, release, err := db.acquire(ctx, placementOf(s))
	if err != nil {
		return err
	}
	defer release()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	visit(conn.Conn().PgConn().CustomData(), s.ID)
	pg, types := conn.Conn().PgConn(), conn.Conn().TypeMap()
	statements, err := prepare(ctx, pg, s, confineSQL, sql)
	if err != nil {
		return err
	}
	confinement := [][]byte{[]byte(s.Schema), []byte(roleOf(s))}
	var params pgx.ExtendedQueryBuilder
	if err := params.Build(types, statements[sql], args); err != nil {
		return err
	}
	p := pg.StartPipeline(ctx)
	p.SendQueryStatement(statements[confineSQL], confinement, nil, nil)
	p.SendQueryStatement(statements[sql], params.ParamValues, params.ParamFormats, params.ResultFormats)
	confined := false
	err = pipelineResults(p, func(r any) error {
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
	return db.pausedWrite(ctx, s, err)
}

// prepare makes sure the statements are prepared on a connection, parsed under a
// confinement to space s so that their tables resolve, and returns the connection's
// prepared statements by their SQL.
func prepare(ctx context.Context, pg *pgconn.PgConn, s *Space, sqls ...string) (map[string]*pgconn.StatementDescription, error) {
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
	p.SendQueryParams(confineSQL, [][]byte{[]byte(s.Schema), []byte(roleOf(s))}, nil, nil, nil)
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

// eachBounded runs fn for each of spaces, at most FanOut at a time; the first error stops
// the spaces not yet begun and is returned, naming its space.
func (db *DB) eachBounded(ctx context.Context, spaces []*Space, fn func(context.Context, *Space) error) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(FanOut)
	for _, sp := range spaces {
		g.Go(func() error {
			if err := fn(gctx, sp); err != nil {
				return fmt.Errorf("space %d: %w", sp.ID, err)
			}
			return nil
		})
	}
	return g.Wait()
}

// FanOut bounds how many spaces EachSpace works on at once.
const FanOut = 4

// EachSpace runs fn in a transaction confined to each of spaces, at most FanOut at a time,
// each on its own placement. Each space commits on its own; the first error stops the
// spaces not yet begun and is returned, naming its space. fn may run concurrently for
// different spaces.
func (db *DB) EachSpace(ctx context.Context, spaces []*Space, fn func(*Space, pgx.Tx) error) error {
	return db.eachBounded(ctx, spaces, func(ctx context.Context, sp *Space) error {
		return db.SpaceTx(ctx, sp, func(tx pgx.Tx) error { return fn(sp, tx) })
	})
}

// Ready reports whether the database answers.
func (db *DB) Ready(ctx context.Context) error { return db.control.Ping(ctx) }
