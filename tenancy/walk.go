package tenancy

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// walkBatch is how many spaces a walk finishes before it records how far it has come.
var walkBatch = 16 * FanOut

// EachActive runs fn for every active space, FanOut at a time (each call takes its own
// connection of the space's pool for as long as fn runs), in id order by batches. A
// suspended space is left out (walks that must keep every space in step use EverySpace). The
// first error stops the walk and is returned, naming its space.
func (r *Registry) EachActive(ctx context.Context, fn func(context.Context, *Space) error) error {
	return r.walk(ctx, 0, fn, func(int64) error { return nil })
}

// Walk is EachActive that can be resumed: after each batch it records the last space done
// under (walk, run) in the control plane, and the same run started again (a job retried after
// a crash) goes on after it. fn must be safe to run again for the spaces of the batch a crash
// interrupted. Records of runs older than a week are removed.
func (r *Registry) Walk(ctx context.Context, walk string, run int64, fn func(context.Context, *Space) error) error {
	var after int64
	err := r.db.control.QueryRow(ctx, `WITH old AS (DELETE FROM control.space_walks WHERE updated_at < now() - interval '7 days')
		INSERT INTO control.space_walks (walk, run) VALUES ($1, $2)
		ON CONFLICT (walk, run) DO UPDATE SET updated_at = now() RETURNING done_through`, walk, run).Scan(&after)
	if err != nil {
		return fmt.Errorf("tenancy: walk %s: %w", walk, err)
	}
	return r.walk(ctx, after, fn, func(through int64) error {
		_, err := r.db.control.Exec(ctx, "UPDATE control.space_walks SET done_through = $3, updated_at = now() WHERE walk = $1 AND run = $2",
			walk, run, through)
		return err
	})
}

func (r *Registry) walk(ctx context.Context, after int64, fn func(context.Context, *Space) error, done func(through int64) error) error {
	for {
		rows, err := r.db.control.Query(ctx, "SELECT "+spaceColumns+" FROM control.spaces s WHERE s.status = 'active' AND s.id > $1 ORDER BY s.id LIMIT $2",
			after, walkBatch)
		if err != nil {
			return err
		}
		batch, err := pgx.CollectRows(rows, scanSpace)
		if err != nil || len(batch) == 0 {
			return err
		}
		if err := r.db.eachBounded(ctx, batch, fn); err != nil {
			return err
		}
		after = batch[len(batch)-1].ID
		if err := done(after); err != nil {
			return err
		}
	}
}
