package spaces

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// What other contexts ask about memberships, which live in the control schema: they are read
// through the control pool, never from a space transaction (a space may live on another
// cluster than the control plane).

// SpaceMemberIDs lists the members of a space, by id.
func (s *Service) SpaceMemberIDs(ctx context.Context, spaceID int64) ([]int64, error) {
	rows, err := s.Pool.Query(ctx, "SELECT user_id FROM control.space_members WHERE space_id = $1 ORDER BY user_id", spaceID)
	if err != nil {
		return nil, fmt.Errorf("spaces: members of space %d: %w", spaceID, err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("spaces: members of space %d: %w", spaceID, err)
	}
	return ids, nil
}

// NotMembers returns those of userIDs who are not members of a space, in the order given.
func (s *Service) NotMembers(ctx context.Context, spaceID int64, userIDs []int64) ([]int64, error) {
	rows, err := s.Pool.Query(ctx, `SELECT u FROM unnest($2::bigint[]) WITH ORDINALITY x(u, n)
		WHERE NOT EXISTS (SELECT 1 FROM control.space_members m WHERE m.space_id = $1 AND m.user_id = u) ORDER BY n`, spaceID, userIDs)
	if err != nil {
		return nil, fmt.Errorf("spaces: members of space %d: %w", spaceID, err)
	}
	missing, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("spaces: members of space %d: %w", spaceID, err)
	}
	return missing, nil
}

// MemberCounts returns how many members each of spaces has (spaces without any are left out).
func (s *Service) MemberCounts(ctx context.Context, spaceIDs []int64) (map[int64]int, error) {
	rows, err := s.Pool.Query(ctx, `SELECT space_id, count(*) FROM control.space_members WHERE space_id = ANY($1) GROUP BY space_id`, spaceIDs)
	if err != nil {
		return nil, fmt.Errorf("spaces: unable to count members: %w", err)
	}
	out := map[int64]int{}
	var id int64
	var n int
	_, err = pgx.ForEachRow(rows, []any{&id, &n}, func() error { out[id] = n; return nil })
	if err != nil {
		return nil, fmt.Errorf("spaces: unable to count members: %w", err)
	}
	return out, nil
}
