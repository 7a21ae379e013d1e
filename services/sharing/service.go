// Package sharing lets a space offer its collections to other spaces, and the receiving
// space turn each offered collection on or off.
package sharing

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/tenancy"
)

// Errors of sharing.
var (
	ErrOwnSpace      = api.Invalid("sharing.ownSpace")
	ErrAlreadyShared = api.Conflict("sharing.alreadyShared")
)

// Authorizer answers role questions and reports whether an action on an object is allowed.
type Authorizer interface {
	api.RoleChecker
	Can(ctx context.Context, who policy.Principal, domain, obj, act string) (bool, error)
}

// Service implements the sharing calls.
type Service struct {
	DB       *tenancy.DB
	Registry *tenancy.Registry
	Authz    Authorizer
}

// ShareEntry is one offer of a collection to a space.
type ShareEntry struct {
	ID             int64  `json:"id"`
	ToSpaceID      int64  `json:"toSpaceId"`
	ToSpaceTitle   string `json:"toSpaceTitle"`
	Active         bool   `json:"active"`
	Title          string `json:"title"`
	FromSpaceTitle string `json:"fromSpaceTitle"`
}

// SharedCollection is a collection with its offers.
type SharedCollection struct {
	ID         int64        `json:"id"`
	SpaceID    int64        `json:"spaceId"`
	SpaceTitle string       `json:"spaceTitle"`
	Title      string       `json:"title"`
	Visibility string       `json:"visibility"`
	Shares     []ShareEntry `json:"shares"`
}

// Overview is a space's sharing: its collections offered to others, and those offered to it.
type Overview struct {
	Shared    []SharedCollection `json:"shared"`
	Available []SharedCollection `json:"available"`
}

// OverviewRequest names the space whose sharing to show.
type OverviewRequest struct {
	SpaceID api.ID `json:"spaceId"`
}

// SharedCollections returns a space's sharing overview.
func (s *Service) SharedCollections(ctx context.Context, req OverviewRequest) (Overview, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID)
	if err != nil {
		return Overview{}, err
	}
	return s.overview(ctx, sp)
}

type shareRow struct {
	entry      ShareEntry
	fromSpace  int64
	collection int64
}

func (s *Service) shares(ctx context.Context, where string, args ...any) ([]shareRow, error) {
	rows, err := s.DB.Control().Query(ctx, `SELECT sc.id, sc.to_space_id, ts.title, sc.active, fs.title, sc.from_space_id, sc.collection_id
		FROM control.shared_collections sc JOIN control.spaces fs ON fs.id = sc.from_space_id JOIN control.spaces ts ON ts.id = sc.to_space_id
		WHERE `+where+` ORDER BY lower(fs.title) COLLATE "und-x-icu", sc.collection_id, lower(ts.title) COLLATE "und-x-icu", ts.id`, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (shareRow, error) {
		var r shareRow
		err := row.Scan(&r.entry.ID, &r.entry.ToSpaceID, &r.entry.ToSpaceTitle, &r.entry.Active, &r.entry.FromSpaceTitle, &r.fromSpace, &r.collection)
		return r, err
	})
}

func (s *Service) overview(ctx context.Context, sp *tenancy.Space) (Overview, error) {
	out := Overview{Shared: []SharedCollection{}, Available: []SharedCollection{}}
	for _, part := range []struct {
		where string
		into  *[]SharedCollection
	}{{"sc.from_space_id = $1", &out.Shared}, {"sc.to_space_id = $1", &out.Available}} {
		rows, err := s.shares(ctx, part.where, sp.ID)
		if err != nil {
			return Overview{}, err
		}
		for _, r := range rows {
			list := *part.into
			if n := len(list); n > 0 && list[n-1].SpaceID == r.fromSpace && list[n-1].ID == r.collection {
				list[n-1].Shares = append(list[n-1].Shares, r.entry)
				continue
			}
			c, err := s.collection(ctx, r.fromSpace, r.collection)
			if err != nil {
				return Overview{}, err
			}
			c.SpaceTitle = r.entry.FromSpaceTitle
			c.Shares = []ShareEntry{r.entry}
			*part.into = append(list, c)
		}
	}
	for _, list := range [][]SharedCollection{out.Shared, out.Available} {
		for i := range list {
			for j := range list[i].Shares {
				list[i].Shares[j].Title = list[i].Title
			}
		}
	}
	return out, nil
}

// collection reads a collection of any space, or "not found".
func (s *Service) collection(ctx context.Context, spaceID, id int64) (SharedCollection, error) {
	sp, err := s.Registry.ByID(ctx, spaceID)
	if errors.Is(err, tenancy.ErrNotFound) {
		return SharedCollection{}, api.ErrNotFound
	}
	if err != nil {
		return SharedCollection{}, err
	}
	c := SharedCollection{ID: id, SpaceID: sp.ID, SpaceTitle: sp.Title}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, "SELECT title, visibility FROM collections WHERE id = $1", id).Scan(&c.Title, &c.Visibility)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return SharedCollection{}, api.ErrNotFound.With(map[string]any{"collectionId": id})
	}
	return c, err
}

// ShareRequest names a space and a collection.
type ShareRequest struct {
	SpaceID      api.ID `json:"spaceId"`
	CollectionID api.ID `json:"collectionId"`
}

// CreateSharedCollection offers a collection of the current space to the space SpaceID.
func (s *Service) CreateSharedCollection(ctx context.Context, req ShareRequest) (Overview, error) {
	from, to, c, err := s.offer(ctx, req)
	if err != nil {
		return Overview{}, err
	}
	err = s.DB.ControlTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO control.shared_collections (from_space_id, collection_id, to_space_id) VALUES ($1, $2, $3)",
			from.ID, int64(req.CollectionID), to.ID); err != nil {
			return err
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "sharing.offered", Space: from,
			Target:  auditlog.Target{Type: auditlog.TypeCollection, ID: int64(req.CollectionID), Label: c.Title},
			Details: map[string]any{"toSpaceId": to.ID, "toSpace": to.Title}})
	})
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return Overview{}, ErrAlreadyShared
	}
	if err != nil {
		return Overview{}, err
	}
	return s.overview(ctx, from)
}

// DeleteSharedCollection withdraws the offer of a collection of the current space to SpaceID.
func (s *Service) DeleteSharedCollection(ctx context.Context, req ShareRequest) (Overview, error) {
	from, to, c, err := s.offer(ctx, req)
	if err != nil {
		return Overview{}, err
	}
	err = s.DB.ControlTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "DELETE FROM control.shared_collections WHERE from_space_id = $1 AND collection_id = $2 AND to_space_id = $3",
			from.ID, int64(req.CollectionID), to.ID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return api.ErrNotFound
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "sharing.withdrawn", Space: from,
			Target:  auditlog.Target{Type: auditlog.TypeCollection, ID: int64(req.CollectionID), Label: c.Title},
			Details: map[string]any{"toSpaceId": to.ID, "toSpace": to.Title}})
	})
	if err != nil {
		return Overview{}, err
	}
	return s.overview(ctx, from)
}

// offer checks an offer: the collection belongs to the current space, the target is another
// space; it returns both spaces and the collection.
func (s *Service) offer(ctx context.Context, req ShareRequest) (from, to *tenancy.Space, c SharedCollection, err error) {
	from, ok := tenancy.SpaceFrom(ctx)
	if !ok {
		return nil, nil, c, api.ErrNotFound
	}
	if int64(req.SpaceID) == from.ID {
		return nil, nil, c, ErrOwnSpace.Field("spaceId")
	}
	if to, err = s.Registry.ByID(ctx, int64(req.SpaceID)); errors.Is(err, tenancy.ErrNotFound) {
		return nil, nil, c, api.ErrNotFound.With(map[string]any{"spaceId": int64(req.SpaceID)})
	} else if err != nil {
		return nil, nil, c, err
	}
	if c, err = s.collection(ctx, from.ID, int64(req.CollectionID)); err != nil {
		return nil, nil, c, err
	}
	return from, to, c, nil
}

// ActivateRequest turns a collection offered to the current space on or off.
type ActivateRequest struct {
	SpaceID      api.ID `json:"spaceId"`
	CollectionID api.ID `json:"collectionId"`
	Active       bool   `json:"active"`
}

// ActivateSharedCollection turns on or off, in the current space, a collection that the
// space SpaceID offers to it.
func (s *Service) ActivateSharedCollection(ctx context.Context, req ActivateRequest) (Overview, error) {
	to, ok := tenancy.SpaceFrom(ctx)
	if !ok {
		return Overview{}, api.ErrNotFound
	}
	err := s.DB.ControlTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "UPDATE control.shared_collections SET active = $4 WHERE from_space_id = $1 AND collection_id = $2 AND to_space_id = $3",
			int64(req.SpaceID), int64(req.CollectionID), to.ID, req.Active)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return api.ErrNotFound
		}
		from, err := auditlog.Snapshot(ctx, tx, `SELECT id AS "fromSpaceId", title AS "fromSpace" FROM control.spaces WHERE id = $1`, int64(req.SpaceID))
		if err != nil {
			return err
		}
		// the collection is named from its own space, not from this control transaction
		label := ""
		if c, err := s.collection(ctx, int64(req.SpaceID), int64(req.CollectionID)); err == nil {
			label = c.Title
		} else if _, public := api.AsError(err); !public {
			return err
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: map[bool]string{true: "sharing.activated", false: "sharing.deactivated"}[req.Active],
			Space: to, Target: auditlog.Target{Type: auditlog.TypeCollection, ID: int64(req.CollectionID), SpaceID: int64(req.SpaceID), Label: label},
			Details: from})
	})
	if err != nil {
		return Overview{}, err
	}
	return s.overview(ctx, to)
}

// ShareRequestsRequest names a collection of the current space.
type ShareRequestsRequest struct {
	CollectionID api.ID `json:"collectionId"`
}

// CollectionShareRequests lists the offers of one collection, for its admins.
func (s *Service) CollectionShareRequests(ctx context.Context, req ShareRequestsRequest) ([]ShareEntry, error) {
	sp, ok := tenancy.SpaceFrom(ctx)
	if !ok {
		return nil, api.ErrNotFound
	}
	c, err := s.collection(ctx, sp.ID, int64(req.CollectionID))
	if err != nil {
		return nil, err
	}
	allowed, err := s.Authz.Can(ctx, policy.PrincipalFrom(ctx), policy.CollectionDomain(sp.ID, c.ID), "collection", "manage")
	if err != nil {
		return nil, err
	}
	if !allowed {
		return nil, api.ErrForbidden
	}
	rows, err := s.shares(ctx, "sc.from_space_id = $1 AND sc.collection_id = $2", sp.ID, c.ID)
	if err != nil {
		return nil, err
	}
	out := make([]ShareEntry, 0, len(rows))
	for _, r := range rows {
		r.entry.Title = c.Title
		out = append(out, r.entry)
	}
	return out, err
}

// Register adds the sharing calls to the router.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "admin/spaceadmin", "query", "sharedCollections", s.SharedCollections)
	api.Call(r, "admin/spaceadmin", "mutation", "createSharedCollection", s.CreateSharedCollection)
	api.Call(r, "admin/spaceadmin", "mutation", "deleteSharedCollection", s.DeleteSharedCollection)
	api.Call(r, "admin", "mutation", "activateSharedCollection", s.ActivateSharedCollection)
	api.Call(r, "admin/collectionadmin", "query", "collectionShareRequests", s.CollectionShareRequests)
}
