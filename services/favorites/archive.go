package favorites

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// RenumberSpace makes the favourites that name the space itself (source_space_id) name its
// new id, when the space is restored from an archive under a new id; favourites of
// collections shared by other spaces keep naming those.
func RenumberSpace(ctx context.Context, tx pgx.Tx, from, to int64) error {
	for _, table := range []string{"favorite_guidelines", "favorite_collections"} {
		if _, err := tx.Exec(ctx, "UPDATE "+table+" SET source_space_id = $2 WHERE source_space_id = $1", from, to); err != nil {
			return err
		}
	}
	return nil
}
