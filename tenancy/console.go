package tenancy

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"golang.org/x/sync/errgroup"
)

// CheckMove tells whether space s may be moved to a placement, without changing anything,
// so that a move queued to run later is refused at once when it cannot run: an unknown
// cluster (ErrUnknownCluster) or one of moveState.refusal's reasons. A space left moving to
// the same place by an interrupted move may be moved there again, which resumes it.
func (r *Registry) CheckMove(ctx context.Context, s *Space, to Placement) error {
	target, err := r.moveTarget(ctx, s, to)
	if err != nil {
		return err
	}
	m, err := readMoveState(ctx, r.db.control, s.ID, false)
	if err != nil {
		return err
	}
	_, err = m.refusal(&target)
	return err
}

// ClusterExists tells whether a cluster of this name is the default one or registered.
func (db *DB) ClusterExists(ctx context.Context, name string) (bool, error) {
	if name == DefaultCluster {
		return true, nil
	}
	var ok bool
	err := db.control.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM control.clusters WHERE name = $1)", name).Scan(&ok)
	return ok, err
}

// SpaceFilter selects spaces of every status for the control-plane console. Query matches
// case-insensitively a substring of the title or subdomain, or equals the id; Status and
// Cluster, when set, must equal the space's.
type SpaceFilter struct {
	Query   string
	Status  string
	Cluster string
	From    int
	Size    int
}

// Find returns the spaces matching f in every status (provisioning and deleting too), by
// title, rows From..From+Size, and how many match in all.
func (r *Registry) Find(ctx context.Context, f SpaceFilter) ([]*Space, int, error) {
	q := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(strings.TrimSpace(f.Query)))
	where := ` FROM control.spaces s WHERE ($1 = '' OR s.search_text LIKE '%' || $1 || '%' ESCAPE '\' OR s.id::text = $1)
		AND ($2 = '' OR s.status = $2) AND ($3 = '' OR s.cluster = $3)`
	rows, err := r.db.control.Query(ctx, "SELECT "+spaceColumns+", count(*) OVER ()"+where+
		` ORDER BY lower(s.title) COLLATE "und-x-icu", s.id LIMIT $4 OFFSET $5`, q, f.Status, f.Cluster, f.Size, f.From)
	if err != nil {
		return nil, 0, fmt.Errorf("tenancy: unable to find spaces: %w", err)
	}
	var total int
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*Space, error) { return scanSpaceWith(row, &total) })
	if err != nil {
		return nil, 0, fmt.Errorf("tenancy: unable to find spaces: %w", err)
	}
	if len(list) == 0 && f.From > 0 {
		// past the end the window has no row to carry the total
		err = r.db.control.QueryRow(ctx, "SELECT count(*)"+where, q, f.Status, f.Cluster).Scan(&total)
	}
	return list, total, err
}

// Size is what a space holds by the catalog's statistics: Rows, the estimated rows of its
// tables (the live rows the statistics system counts, or the last ANALYZE's estimate when
// that is higher, e.g. after the statistics were reset), and Bytes, the pages of its tables,
// indexes and TOAST tables as the catalog records them (as of their last VACUUM, ANALYZE or
// index build; asking the file system for the size of every relation of a page of 100
// spaces took 100–400 ms), for a database of its own the whole database on disk. Nil when its
// cluster did not answer.
type Size struct {
	Rows  *int64
	Bytes *int64
}

// sizeFanOut bounds how many spaces in databases of their own Sizes asks at once.
const sizeFanOut = 4

// Sizes returns the sizes of spaces (a page of a list, not every space): one query per
// cluster for the schemas in its shared database and the sizes of the databases of their own,
// and one per database-placed space for its rows. A cluster or database that does not answer
// within reachTimeout leaves its spaces' sizes nil.
func (db *DB) Sizes(ctx context.Context, spaces []*Space) map[int64]Size {
	out := make(map[int64]Size, len(spaces))
	var mu sync.Mutex
	set := func(id int64, rows, bytes *int64) {
		mu.Lock()
		defer mu.Unlock()
		s := out[id]
		if rows != nil {
			s.Rows = rows
		}
		if bytes != nil {
			s.Bytes = bytes
		}
		out[id] = s
	}
	byCluster := map[string][]*Space{}
	for _, s := range spaces {
		out[s.ID] = Size{}
		if s.Schema != "" && s.Role != "" {
			byCluster[s.Cluster] = append(byCluster[s.Cluster], s)
		}
	}
	g, gctx := errgroup.WithContext(ctx)
	for cluster, list := range byCluster {
		g.Go(func() error {
			ctx, cancel := context.WithTimeout(gctx, reachTimeout)
			defer cancel()
			var schemas, databases []string
			bySchema, byDatabase := map[string]int64{}, map[string]int64{}
			for _, s := range list {
				if s.Database == "" {
					schemas = append(schemas, s.Schema)
					bySchema[s.Schema] = s.ID
				} else {
					databases = append(databases, s.Database)
					byDatabase[s.Database] = s.ID
				}
			}
			err := db.onCluster(ctx, cluster, func(conn *pgx.Conn) error {
				names, err := db.spaceTableNames(ctx, conn, schemas)
				if err != nil {
					return err
				}
				// pg_class is found by name and schema (its index), never scanned: with thousands
				// of spaces in a database it holds hundreds of thousands of rows
				rows, err := conn.Query(ctx, `SELECT 's', n.nspname,
						coalesce(sum(greatest(pg_stat_get_live_tuples(c.oid), c.reltuples, 0)), 0)::bigint,
						(coalesce(sum(c.relpages::bigint + coalesce(t.relpages, 0)
							+ (SELECT coalesce(sum(x.relpages), 0) FROM pg_index i JOIN pg_class x ON x.oid = i.indexrelid WHERE i.indrelid = c.oid)), 0)
							* current_setting('block_size')::bigint)::bigint
					FROM pg_namespace n JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = ANY($3) LEFT JOIN pg_class t ON t.oid = c.reltoastrelid
					WHERE n.nspname = ANY($1) GROUP BY n.nspname
					UNION ALL
					SELECT 'd', datname, NULL, pg_database_size(oid) FROM pg_database WHERE datname = ANY($2)`, schemas, databases, names)
				if err != nil {
					return err
				}
				defer rows.Close()
				for rows.Next() {
					var kind, name string
					var n, bytes *int64
					if err := rows.Scan(&kind, &name, &n, &bytes); err != nil {
						return err
					}
					if kind == "s" {
						set(bySchema[name], n, bytes)
					} else {
						set(byDatabase[name], nil, bytes)
					}
				}
				return rows.Err()
			})
			if err != nil {
				return nil // an unreachable cluster leaves its spaces' sizes unknown
			}
			// the rows of a database of its own are in that database's catalog
			own := errgroup.Group{}
			own.SetLimit(sizeFanOut)
			for _, s := range list {
				if s.Database == "" {
					continue
				}
				own.Go(func() error {
					var n int64
					err := db.confinedWith(ctx, s, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
						return tx.QueryRow(ctx, `SELECT coalesce(sum(greatest(pg_stat_get_live_tuples(oid), reltuples, 0)), 0)::bigint FROM pg_class
							WHERE relnamespace = $1::regnamespace AND relkind IN ('r', 'p')`, s.Schema).Scan(&n)
					})
					if err == nil {
						set(s.ID, &n, nil)
					}
					return nil
				})
			}
			return own.Wait()
		})
	}
	_ = g.Wait()
	return out
}

// PlacementName is "database" for a space in a database of its own, else "schema".
func (s *Space) PlacementName() string {
	if s.Database != "" {
		return "database"
	}
	return "schema"
}

// spaceTableNames returns the names of the tables of a space schema (every space has the same
// tables once migrated), read once per process from one of schemas.
func (db *DB) spaceTableNames(ctx context.Context, conn *pgx.Conn, schemas []string) ([]string, error) {
	db.tableNamesMu.Lock()
	defer db.tableNamesMu.Unlock()
	if db.tableNames != nil || len(schemas) == 0 {
		return db.tableNames, nil
	}
	rows, err := conn.Query(ctx, "SELECT relname FROM pg_class WHERE relnamespace = $1::regnamespace AND relkind IN ('r', 'p')", schemas[0])
	if err != nil {
		return nil, err
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil || len(names) == 0 {
		return names, err
	}
	db.tableNames = names
	return names, nil
}

// measureBatch is how many spaces MeasureSizes asks at once (a page of the console).
const measureBatch = 100

// MeasureSizes measures the size of every space that holds data (Sizes, a batch at a time)
// and records it in the control plane, where StoredSizes reads it; a space whose cluster does
// not answer keeps what was measured before.
func (r *Registry) MeasureSizes(ctx context.Context) error {
	var after int64
	for {
		rows, err := r.db.control.Query(ctx, "SELECT "+spaceColumns+` FROM control.spaces s
			WHERE s.status IN ('active', 'suspended', 'moving') AND s.id > $1 ORDER BY s.id LIMIT $2`, after, measureBatch)
		if err != nil {
			return err
		}
		batch, err := pgx.CollectRows(rows, scanSpace)
		if err != nil || len(batch) == 0 {
			return err
		}
		sizes := r.db.Sizes(ctx, batch)
		var ids []int64
		var counts, bytes []*int64
		for _, s := range batch {
			if z := sizes[s.ID]; z.Rows != nil || z.Bytes != nil {
				ids, counts, bytes = append(ids, s.ID), append(counts, z.Rows), append(bytes, z.Bytes)
			}
		}
		if _, err := r.db.control.Exec(ctx, `UPDATE control.spaces s SET size_rows = coalesce(m.n, s.size_rows),
				size_bytes = coalesce(m.b, s.size_bytes), size_measured_at = now()
			FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) m(id, n, b) WHERE s.id = m.id`, ids, counts, bytes); err != nil {
			return err
		}
		after = batch[len(batch)-1].ID
	}
}

// StoredSizes returns the sizes MeasureSizes recorded for spaces (nil where none was).
func (r *Registry) StoredSizes(ctx context.Context, ids []int64) (map[int64]Size, error) {
	rows, err := r.db.control.Query(ctx, "SELECT id, size_rows, size_bytes FROM control.spaces WHERE id = ANY($1)", ids)
	if err != nil {
		return nil, err
	}
	out := map[int64]Size{}
	var id int64
	var z Size
	_, err = pgx.ForEachRow(rows, []any{&id, &z.Rows, &z.Bytes}, func() error {
		out[id], z = z, Size{} // the next row gets pointers of its own
		return nil
	})
	return out, err
}
