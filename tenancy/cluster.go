package tenancy

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"golang.org/x/sync/errgroup"

	"vademecum/secrets"
)

// Cluster is a PostgreSQL cluster spaces may be placed on.
type Cluster struct {
	Name string
	// URL is the registered setting: a connection URL or a secret reference; a URL's
	// password is not shown.
	URL    string
	Spaces int
	// Reachable tells whether the cluster answered; Problem says why not.
	Reachable bool
	Problem   string
}

var clusterNameRe = regexp.MustCompile(`^[a-z][a-z0-9-]{0,39}$`)

// Errors of cluster registration.
var (
	ErrInvalidClusterName = errors.New("a cluster name starts with a letter and holds at most 40 lower-case letters, digits and hyphens")
	ErrClusterExists      = errors.New("a cluster with this name is registered")
)

// reachTimeout bounds how long a cluster may take to answer when it is registered or listed.
const reachTimeout = 5 * time.Second

// AddCluster registers a cluster under name. setting is the connection URL of the cluster's
// shared database (which must exist) or a secret reference naming it, and the URL's password
// or credentials may be references (settingConfig); the cluster must answer
// and its user must be allowed to create roles and databases, which placing spaces there needs.
func (db *DB) AddCluster(ctx context.Context, name, setting string) error {
	if !clusterNameRe.MatchString(name) || name == DefaultCluster {
		return ErrInvalidClusterName
	}
	cfg, err := settingConfig(ctx, setting, db.Secrets)
	if err != nil {
		return err
	}
	if err := checkCluster(ctx, cfg.ConnConfig); err != nil {
		return err
	}
	tag, err := db.control.Exec(ctx, "INSERT INTO control.clusters (name, url) VALUES ($1, $2) ON CONFLICT DO NOTHING", name, setting)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrClusterExists
	}
	return nil
}

// checkCluster connects to a cluster and makes sure its user may create roles and databases.
func checkCluster(ctx context.Context, cfg *pgx.ConnConfig) error {
	ctx, cancel := context.WithTimeout(ctx, reachTimeout)
	defer cancel()
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return fmt.Errorf("cluster unreachable: %w", safeConnectError(err))
	}
	defer conn.Close(context.WithoutCancel(ctx))
	var super, createRole, createDB bool
	if err := conn.QueryRow(ctx, "SELECT rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = current_user").
		Scan(&super, &createRole, &createDB); err != nil {
		return err
	}
	if !super && (!createRole || !createDB) {
		return errors.New("the cluster's user needs the CREATEROLE and CREATEDB attributes to place spaces there")
	}
	return nil
}

// safeConnectError keeps what a failed connection says without the connection string.
func safeConnectError(err error) error {
	var ce *pgconn.ConnectError
	if errors.As(err, &ce) {
		return ce.Unwrap()
	}
	return err
}

// Clusters lists the default cluster and the registered ones with the number of spaces
// placed on each and whether each answers (asked in parallel, each within reachTimeout).
func (db *DB) Clusters(ctx context.Context) ([]Cluster, error) {
	rows, err := db.control.Query(ctx, `SELECT c.name, c.url, (SELECT count(*) FROM control.spaces s WHERE s.cluster = c.name)
		FROM (SELECT $1 AS name, '' AS url UNION ALL SELECT name, url FROM control.clusters) c ORDER BY c.name <> $1, c.name`, DefaultCluster)
	if err != nil {
		return nil, err
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Cluster, error) {
		var c Cluster
		return c, row.Scan(&c.Name, &c.URL, &c.Spaces)
	})
	if err != nil {
		return nil, err
	}
	g, gctx := errgroup.WithContext(ctx)
	for i := range list {
		c := &list[i]
		c.URL = redact(c.URL)
		g.Go(func() error {
			cctx, cancel := context.WithTimeout(gctx, reachTimeout)
			defer cancel()
			pool, release, err := db.acquire(cctx, placement{cluster: c.Name})
			if err == nil {
				err = pool.Ping(cctx)
				release()
			}
			c.Reachable = err == nil
			if err != nil {
				c.Problem = safeConnectError(err).Error()
			}
			return nil
		})
	}
	_ = g.Wait()
	return list, nil
}

// redact hides the password of a connection URL (in its user part or its query); secret
// references are shown as they are.
func redact(setting string) string {
	u, err := url.Parse(setting)
	if err != nil || secrets.IsReference(setting) {
		return setting
	}
	if q := u.Query(); q.Has("password") && !secrets.IsReference(q.Get("password")) {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}
