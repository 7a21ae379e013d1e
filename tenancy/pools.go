package tenancy

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Where a space's data lives: a cluster, and on it either the cluster's shared database
// (database "": the space is a schema there) or a database of its own.
type placement struct {
	cluster  string
	database string
}

// Bounds of the pools. A shared database holds many spaces and gets a full pool; a space's
// own database gets a small one, opened at its first use and closed when idle, and at most
// maxDatabasePools of them are open at once, so that thousands of database-placed spaces
// stay within max_connections (larger installations put PgBouncer in front: README).
const (
	sharedPoolConns   = 16
	databasePoolConns = 2
	maxDatabasePools  = 64
	poolIdleTimeout   = 5 * time.Minute
	janitorInterval   = 30 * time.Second
)

// pooled is an open pool with the number of units of work using it and its last use.
type pooled struct {
	pool     *pgxpool.Pool
	users    int
	lastUsed atomic.Int64
}

// pools opens the pools of placements other than the control database lazily and closes
// idle ones.
type pools struct {
	mu       sync.Mutex
	open     map[placement]*pooled
	clusters map[string]*pgxpool.Config // cluster name → config of its shared database
	done     chan struct{}
}

// ErrUnknownCluster is returned for a placement on a cluster that is not registered.
var ErrUnknownCluster = errors.New("cluster not registered")

// acquire returns the pool of a placement and the function that ends its use; the pool is
// not closed while in use.
func (db *DB) acquire(ctx context.Context, at placement) (*pgxpool.Pool, func(), error) {
	if at.cluster == DefaultCluster && at.database == "" {
		return db.control, func() {}, nil
	}
	db.pools.mu.Lock()
	p, ok := db.pools.open[at]
	if !ok {
		db.pools.mu.Unlock()
		cfg, err := db.clusterConfig(ctx, at.cluster)
		if err != nil {
			return nil, nil, err
		}
		db.pools.mu.Lock()
		if p, ok = db.pools.open[at]; !ok {
			if p, err = db.openPool(cfg, at); err != nil {
				db.pools.mu.Unlock()
				return nil, nil, err
			}
		}
	}
	p.users++
	p.lastUsed.Store(time.Now().UnixNano())
	db.pools.mu.Unlock()
	return p.pool, func() {
		db.pools.mu.Lock()
		p.users--
		db.pools.mu.Unlock()
	}, nil
}

// openPool opens the pool of a placement; the caller holds mu.
func (db *DB) openPool(base *pgxpool.Config, at placement) (*pooled, error) {
	cfg := base.Copy()
	if at.database != "" {
		cfg.ConnConfig.Database = at.database
		cfg.MaxConns = databasePoolConns
		cfg.MaxConnIdleTime = time.Minute
		db.evictDatabasePools(maxDatabasePools - 1)
	}
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		return nil, err
	}
	p := &pooled{pool: pool}
	db.pools.open[at] = p
	return p, nil
}

// evictDatabasePools closes the least recently used idle pools of own databases until at
// most keep are open; the caller holds mu. Pools in use stay open (the bound is then
// exceeded for as long as they are in use).
func (db *DB) evictDatabasePools(keep int) {
	var idle []placement
	n := 0
	for at, p := range db.pools.open {
		if at.database == "" {
			continue
		}
		n++
		if p.users == 0 {
			idle = append(idle, at)
		}
	}
	sort.Slice(idle, func(i, j int) bool {
		return db.pools.open[idle[i]].lastUsed.Load() < db.pools.open[idle[j]].lastUsed.Load()
	})
	for _, at := range idle {
		if n <= keep {
			return
		}
		db.closePool(at)
		n--
	}
}

// closePool closes a pool no one uses; the caller holds mu.
func (db *DB) closePool(at placement) {
	p := db.pools.open[at]
	delete(db.pools.open, at)
	go p.pool.Close()
}

// janitor closes pools unused for poolIdleTimeout until db is closed.
func (db *DB) janitor() {
	t := time.NewTicker(janitorInterval)
	defer t.Stop()
	for {
		select {
		case <-db.pools.done:
			return
		case <-t.C:
			db.closeIdle(time.Now().Add(-poolIdleTimeout))
			if err := db.RelayOutboxes(context.Background()); err != nil {
				slog.Warn("outbox sweep", "error", err)
			}
		}
	}
}

// closeIdle closes the pools no one has used since before.
func (db *DB) closeIdle(before time.Time) {
	db.pools.mu.Lock()
	defer db.pools.mu.Unlock()
	for at, p := range db.pools.open {
		if p.users == 0 && p.lastUsed.Load() < before.UnixNano() {
			db.closePool(at)
		}
	}
}

// clusterConfig returns the pool configuration of a cluster's shared database: the control
// database's for the default cluster, otherwise the registered URL with its secret resolved.
func (db *DB) clusterConfig(ctx context.Context, name string) (*pgxpool.Config, error) {
	if name == DefaultCluster {
		return db.controlConfig, nil
	}
	db.pools.mu.Lock()
	cfg, ok := db.pools.clusters[name]
	db.pools.mu.Unlock()
	if ok {
		return cfg, nil
	}
	var setting string
	err := db.control.QueryRow(ctx, "SELECT url FROM control.clusters WHERE name = $1", name).Scan(&setting)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("%w: %q", ErrUnknownCluster, name)
	}
	if err != nil {
		return nil, err
	}
	if cfg, err = settingConfig(ctx, setting, db.Secrets); err != nil {
		return nil, fmt.Errorf("cluster %s: %w", name, err)
	}
	db.pools.mu.Lock()
	db.pools.clusters[name] = cfg
	db.pools.mu.Unlock()
	return cfg, nil
}

// poolConfig parses a database URL into the configuration of a shared database's pool.
func poolConfig(url string) (*pgxpool.Config, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, errors.New("invalid database url") // the parse error may quote a password
	}
	// Bounded connection life keeps per-backend catalog caches small with thousands of schemas.
	cfg.MaxConnLifetime = 30 * time.Minute
	cfg.MaxConnIdleTime = 5 * time.Minute
	if cfg.MaxConns < sharedPoolConns {
		cfg.MaxConns = sharedPoolConns
	}
	cfg.AfterRelease = keepConnection
	return cfg, nil
}

// maxSpacesPerConn bounds how many spaces one connection serves before it is retired. A
// PostgreSQL backend keeps the catalog entries of every table it touched for its life (about
// 0.3 MB per space schema): unbounded, a connection that served thousands of spaces holds
// gigabytes. Retired after this many, a backend stays near 50 MB, and a new connection costs
// a few milliseconds once per that many units of work.
const maxSpacesPerConn = 150

// visitedKey keeps, in a connection's custom data, the spaces it served.
const visitedKey = "vademecum.visited"

// visit notes in a connection's custom data that it serves space id.
func visit(data map[string]any, id int64) {
	seen, _ := data[visitedKey].(map[int64]struct{})
	if seen == nil {
		seen = map[int64]struct{}{}
		data[visitedKey] = seen
	}
	seen[id] = struct{}{}
}

// worn tells from a connection's custom data whether it served more than maxSpacesPerConn
// spaces.
func worn(data map[string]any) bool {
	seen, _ := data[visitedKey].(map[int64]struct{})
	return len(seen) > maxSpacesPerConn
}

// keepConnection tells the pool whether a released connection may serve again.
func keepConnection(conn *pgx.Conn) bool { return !worn(conn.PgConn().CustomData()) }
