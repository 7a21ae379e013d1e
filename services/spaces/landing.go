package spaces

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"vademecum/services/api"
	"vademecum/services/auditlog"
)

// maxLandingOrder bounds how many spaces one updateLandingPage names (both lists together):
// twice the spaces of a large installation, well inside the default body limit.
const maxLandingOrder = 20_000

// ErrTooManySpaces refuses an order naming more than maxLandingOrder spaces.
var ErrTooManySpaces = api.Invalid("landing.tooManySpaces")

// LandingOrder is the body of updateLandingPage: the spaces that lead the national list and
// the list of the others, in order.
type LandingOrder struct {
	Spaces         []api.ID `json:"spaces"`
	NationalSpaces []api.ID `json:"nationalSpaces"`
}

// check refuses duplicates and over-long orders.
func (o LandingOrder) check() error {
	if len(o.Spaces)+len(o.NationalSpaces) > maxLandingOrder {
		return ErrTooManySpaces.With(map[string]any{"max": maxLandingOrder})
	}
	seen := make(map[api.ID]bool, len(o.Spaces)+len(o.NationalSpaces))
	for _, list := range [][]api.ID{o.NationalSpaces, o.Spaces} {
		for _, id := range list {
			if seen[id] {
				return ErrDuplicateID.With(map[string]any{"id": int64(id)})
			}
			seen[id] = true
		}
	}
	return nil
}

func int64s(ids []api.ID) []int64 {
	out := make([]int64, len(ids))
	for i, id := range ids {
		out[i] = int64(id)
	}
	return out
}

// UpdateLanding puts the listed spaces at the head of the landing page's two lists, in the
// given order; those of NationalSpaces become national, those of Spaces not. Every other
// space keeps its list and its place among the others and follows the listed ones, and
// spaces that shared a position (and so sort by title) still share one: a partial order,
// such as the pages the editor loaded with a space brought up from further down, orders
// exactly what it names and no two ordered spaces collide (docs/decisions/003).
func (s *Service) UpdateLanding(ctx context.Context, req LandingOrder) (LandingPage, error) {
	if err := req.check(); err != nil {
		return LandingPage{}, err
	}
	listed := int64s(append(append([]api.ID{}, req.NationalSpaces...), req.Spaces...))
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		// one order at a time, and no space changes list or position while it is renumbered
		if _, err := tx.Exec(ctx, "LOCK TABLE control.spaces IN SHARE ROW EXCLUSIVE MODE"); err != nil {
			return fmt.Errorf("spaces: unable to lock the landing order: %w", err)
		}
		var unknown []int64
		if err := tx.QueryRow(ctx, `SELECT coalesce(array_agg(u.id ORDER BY u.n), '{}') FROM unnest($1::bigint[]) WITH ORDINALITY u(id, n)
			WHERE NOT EXISTS (SELECT 1 FROM control.spaces s WHERE s.id = u.id AND s.status = 'active')`, listed).Scan(&unknown); err != nil {
			return fmt.Errorf("spaces: unable to check the landing order: %w", err)
		}
		if len(unknown) > 0 {
			return api.ErrNotFound.With(map[string]any{"id": unknown[0]})
		}
		for _, l := range []struct {
			national bool
			ids      []api.ID
		}{{true, req.NationalSpaces}, {false, req.Spaces}} {
			if err := orderList(ctx, tx, l.national, int64s(l.ids), listed); err != nil {
				return err
			}
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "space.landingPageChanged", Installation: true,
			Details: map[string]any{"spaces": req.Spaces, "nationalSpaces": req.NationalSpaces}})
	})
	if err != nil {
		return LandingPage{}, err
	}
	s.Registry.Forget()
	return s.Landing(ctx, PageRequest{})
}

// orderList gives the spaces ids positions 0..n-1 in the national list or the other one, and
// the spaces of that list not named in listed the positions from n on, in their order; equal
// positions stay equal. Only rows whose position or list changes are written.
func orderList(ctx context.Context, tx pgx.Tx, national bool, ids, listed []int64) error {
	if _, err := tx.Exec(ctx, `UPDATE control.spaces s SET position = u.n - 1, national = $2, updated_at = now()
		FROM unnest($1::bigint[]) WITH ORDINALITY u(id, n)
		WHERE s.id = u.id AND (s.position <> u.n - 1 OR s.national <> $2)`, ids, national); err != nil {
		return fmt.Errorf("spaces: unable to order the listed spaces: %w", err)
	}
	if _, err := tx.Exec(ctx, `UPDATE control.spaces s SET position = r.position, updated_at = now()
		FROM (SELECT id, $3 + dense_rank() OVER (ORDER BY position) - 1 AS position FROM control.spaces
			WHERE status = 'active' AND national = $1 AND id <> ALL ($2::bigint[])) r
		WHERE s.id = r.id AND s.position <> r.position`, national, listed, len(ids)); err != nil {
		return fmt.Errorf("spaces: unable to order the other spaces: %w", err)
	}
	return nil
}
