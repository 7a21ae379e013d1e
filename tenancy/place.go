package tenancy

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// maxIdentifier is PostgreSQL's limit on names (NAMEDATALEN - 1).
const maxIdentifier = 63

// ownName is the name of a space's role and, when it has one, its own database: the control
// database's name and the space id, unique on every cluster the installation uses (roles
// belong to a cluster, not to a database).
func (db *DB) ownName(id int64) (string, error) {
	name := db.controlDB + "_space_" + strconv.FormatInt(id, 10)
	if len(name) > maxIdentifier {
		return "", fmt.Errorf("the database name %q is too long to name space roles after it", db.controlDB)
	}
	return name, nil
}

// onCluster runs fn on a connection of a cluster's shared database, for statements that act
// on the whole cluster (roles, databases).
func (db *DB) onCluster(ctx context.Context, cluster string, fn func(*pgx.Conn) error) error {
	pool, release, err := db.acquire(ctx, placement{cluster: cluster})
	if err != nil {
		return err
	}
	defer release()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	return fn(conn.Conn())
}

// makePlace makes what a space's placement needs and does not exist yet: the role (which the
// server's user may switch to), the space's own database (owned by the role) and, withSchema,
// the schema (owned by the role).
func (db *DB) makePlace(ctx context.Context, s *Space, withSchema bool) error {
	role := pgx.Identifier{s.Role}.Sanitize()
	err := db.onCluster(ctx, s.Cluster, func(conn *pgx.Conn) error {
		var exists bool
		if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1)", s.Role).Scan(&exists); err != nil {
			return err
		}
		if !exists {
			if _, err := conn.Exec(ctx, "CREATE ROLE "+role+" NOLOGIN"); err != nil && !isDuplicate(err) {
				return err
			}
		}
		if _, err := conn.Exec(ctx, "GRANT "+role+" TO CURRENT_USER"); err != nil {
			return err
		}
		if s.Database == "" {
			return nil
		}
		if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", s.Database).Scan(&exists); err != nil || exists {
			return err
		}
		_, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{s.Database}.Sanitize()+" OWNER "+role+" TEMPLATE template0 ENCODING 'UTF8'")
		if isDuplicate(err) {
			err = nil
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("place space %d: %w", s.ID, err)
	}
	if !withSchema {
		return nil
	}
	pool, release, err := db.acquire(ctx, placementOf(s))
	if err != nil {
		return err
	}
	defer release()
	if _, err := pool.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+pgx.Identifier{s.Schema}.Sanitize()+" AUTHORIZATION "+role); err != nil {
		return fmt.Errorf("place space %d: %w", s.ID, err)
	}
	return nil
}

// adopt gives a space made before roles its role: the role is made and becomes the owner of
// the schema and of everything in it, and the control plane records it.
func (db *DB) adopt(ctx context.Context, s *Space) error {
	name, err := db.ownName(s.ID)
	if err != nil {
		return err
	}
	s.Role = name
	if err := db.makePlace(ctx, s, true); err != nil {
		return err
	}
	pool, release, err := db.acquire(ctx, placementOf(s))
	if err != nil {
		return err
	}
	defer release()
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		role := pgx.Identifier{s.Role}.Sanitize()
		schema := pgx.Identifier{s.Schema}.Sanitize()
		if _, err := tx.Exec(ctx, "ALTER SCHEMA "+schema+" OWNER TO "+role); err != nil {
			return err
		}
		// tables first: their identity sequences follow them
		for _, kinds := range [][]string{{"r", "p"}, {"S", "v", "m"}} {
			rows, err := tx.Query(ctx, `SELECT c.relname, c.relkind::text FROM pg_class c
				WHERE c.relnamespace = $1::regnamespace AND c.relkind::text = ANY($2) AND c.relowner <> $3::regrole`,
				s.Schema, kinds, s.Role)
			if err != nil {
				return err
			}
			type rel struct{ name, kind string }
			rels, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (rel, error) {
				var r rel
				return r, row.Scan(&r.name, &r.kind)
			})
			if err != nil {
				return err
			}
			for _, r := range rels {
				what := map[string]string{"r": "TABLE", "p": "TABLE", "S": "SEQUENCE", "v": "VIEW", "m": "MATERIALIZED VIEW"}[r.kind]
				if _, err := tx.Exec(ctx, "ALTER "+what+" "+pgx.Identifier{s.Schema, r.name}.Sanitize()+" OWNER TO "+role); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("adopt space %d: %w", s.ID, err)
	}
	_, err = db.control.Exec(ctx, "UPDATE control.spaces SET role_name = $2 WHERE id = $1", s.ID, s.Role)
	return err
}

// removePlace removes a space's schema or own database, and with dropRole its role (which a
// space that moved within its cluster keeps). It is safe to run again.
func (db *DB) removePlace(ctx context.Context, s *Space, dropRole bool) error {
	if s.Database != "" {
		db.pools.mu.Lock()
		p, ok := db.pools.open[placementOf(s)]
		delete(db.pools.open, placementOf(s))
		db.pools.mu.Unlock()
		if ok {
			p.pool.Close()
		}
	} else {
		pool, release, err := db.acquire(ctx, placementOf(s))
		if err != nil {
			return err
		}
		defer release()
		if _, err := pool.Exec(ctx, "DROP SCHEMA IF EXISTS "+pgx.Identifier{s.Schema}.Sanitize()+" CASCADE"); err != nil {
			return err
		}
	}
	return db.onCluster(ctx, s.Cluster, func(conn *pgx.Conn) error {
		if s.Database != "" {
			if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{s.Database}.Sanitize()+" WITH (FORCE)"); err != nil {
				return err
			}
		}
		if s.Role == "" || !dropRole {
			return nil
		}
		_, err := conn.Exec(ctx, "DROP ROLE IF EXISTS "+pgx.Identifier{s.Role}.Sanitize())
		return err
	})
}

// isDuplicate tells whether err reports that what was to be made exists (made meanwhile by
// another process).
func isDuplicate(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "42710" || pe.Code == "42P04" || pe.Code == "23505")
}

// isLocked tells whether err reports a row locked by another transaction (NOWAIT).
func isLocked(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "55P03"
}
