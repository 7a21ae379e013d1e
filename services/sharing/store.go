package sharing

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// What other contexts ask about shares. Shares live in the control schema and are read and
// written through the control pool only, never from a space transaction: a space may live on
// another cluster than the control plane.

// SharedTo lists the collections shared to space to by active shares, by source space, each
// list in ascending id order.
func (s *Service) SharedTo(ctx context.Context, to int64) (map[int64][]int64, error) {
	rows, err := s.DB.Control().Query(ctx, `SELECT from_space_id, collection_id FROM control.shared_collections
		WHERE to_space_id = $1 AND active ORDER BY from_space_id, collection_id`, to)
	if err != nil {
		return nil, fmt.Errorf("sharing: shared to space %d: %w", to, err)
	}
	out := map[int64][]int64{}
	var from, collection int64
	_, err = pgx.ForEachRow(rows, []any{&from, &collection}, func() error {
		out[from] = append(out[from], collection)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("sharing: shared to space %d: %w", to, err)
	}
	return out, nil
}

// IsShared tells whether collection of space from is shared to space to by an active share.
func (s *Service) IsShared(ctx context.Context, from, to, collection int64) (bool, error) {
	var ok bool
	err := s.DB.Control().QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM control.shared_collections
		WHERE from_space_id = $1 AND to_space_id = $2 AND collection_id = $3 AND active)`, from, to, collection).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("sharing: is collection %d shared: %w", collection, err)
	}
	return ok, nil
}

// Offers counts the spaces a collection of space from is offered to, active or not.
func (s *Service) Offers(ctx context.Context, from, collection int64) (int, error) {
	var n int
	err := s.DB.Control().QueryRow(ctx, "SELECT count(*) FROM control.shared_collections WHERE from_space_id = $1 AND collection_id = $2",
		from, collection).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("sharing: offers of collection %d: %w", collection, err)
	}
	return n, nil
}

// Withdraw removes every offer of a collection of space from, as the collection goes;
// withdrawing again changes nothing.
func (s *Service) Withdraw(ctx context.Context, from, collection int64) error {
	if _, err := s.DB.Control().Exec(ctx, "DELETE FROM control.shared_collections WHERE from_space_id = $1 AND collection_id = $2",
		from, collection); err != nil {
		return fmt.Errorf("sharing: withdraw collection %d: %w", collection, err)
	}
	return nil
}
