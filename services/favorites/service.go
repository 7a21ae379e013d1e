// Package favorites keeps the guideline languages and collections signed-in readers pin, in
// the space they read from: its own and those shared to it. Only what the reader may still
// read is listed.
package favorites

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/tenancy"
)

// MaxFavorites bounds the favourite guidelines, and the favourite collections, a reader keeps
// in a space, so that listing them stays quick.
const MaxFavorites = 200

// Errors of favourites.
var (
	ErrGuidelineNotFound  = api.NotFound("guideline.notFound")
	ErrCollectionNotFound = api.NotFound("collection.notFound")
	ErrTooMany            = api.Conflict("favorites.tooMany")
)

// Service implements the favourite calls of the current space.
type Service struct {
	DB         *tenancy.DB
	Registry   *tenancy.Registry
	Guidelines *guidelines.Service
}

// Guideline is a favourite guideline language (spec §3 favorites); Space is the space the
// guideline belongs to, Shared tells whether that is another than the current one.
type Guideline struct {
	Guideline int64  `json:"guideline"`
	Language  string `json:"language"`
	Title     string `json:"title"`
	Space     int64  `json:"space"`
	Shared    bool   `json:"shared"`
}

// Collection is a favourite collection.
type Collection struct {
	Collection int64  `json:"collection"`
	Title      string `json:"title"`
	Space      int64  `json:"space"`
	Shared     bool   `json:"shared"`
}

// Favorites are a reader's favourites in the current space.
type Favorites struct {
	Guidelines  []Guideline  `json:"guidelines"`
	Collections []Collection `json:"collections"`
}

// GuidelineRequest names a guideline language of the current space, or of space Space
// shared to it.
type GuidelineRequest struct {
	Guideline api.ID  `json:"guideline"`
	Language  string  `json:"language"`
	Space     *api.ID `json:"space"`
}

// CollectionRequest names a collection of the current space, or of space Space shared to it.
type CollectionRequest struct {
	Collection api.ID  `json:"collection"`
	Space      *api.ID `json:"space"`
}

// source is the space a request names: the current one when none is given.
func (s *Service) source(ctx context.Context, sp *tenancy.Space, id *api.ID, notFound error) (*tenancy.Space, error) {
	if spaceID(sp, id) == sp.ID {
		return sp, nil
	}
	src, err := s.Registry.ByID(ctx, spaceID(sp, id))
	if errors.Is(err, tenancy.ErrNotFound) {
		return nil, notFound
	}
	return src, err
}

// spaceID is the id of the space a request names: the current one when none is given.
func spaceID(sp *tenancy.Space, id *api.ID) int64 {
	if id == nil || *id == 0 {
		return sp.ID
	}
	return int64(*id)
}

// readableTitle returns the title of a guideline language the caller may read from sp.
func (s *Service) readableTitle(ctx context.Context, sp, src *tenancy.Space, guideline int64, language string) (string, error) {
	if _, err := s.Guidelines.MayReadIn(ctx, sp, src, guideline, language); err != nil {
		return "", err
	}
	var title string
	err := s.DB.SpaceTx(ctx, src, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT coalesce(
				(SELECT v.title FROM guideline_languages l JOIN guideline_versions v ON v.guideline_id = l.guideline_id AND v.version = l.published_version
				 WHERE l.guideline_id = $1 AND l.language = $2),
				(SELECT v.title FROM guideline_versions v WHERE v.guideline_id = $1 AND v.language = $2 ORDER BY v.version DESC LIMIT 1), '')`,
			guideline, language).Scan(&title)
	})
	return title, err
}

// Favorites lists the caller's favourites that the caller may still read, newest first.
func (s *Service) Favorites(ctx context.Context, _ struct{}) (Favorites, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Favorites{}, err
	}
	me := policy.PrincipalFrom(ctx).UserID
	out := Favorites{Guidelines: []Guideline{}, Collections: []Collection{}}
	var guides []Guideline
	var colls []Collection
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT guideline_id, language, source_space_id FROM favorite_guidelines
			WHERE user_id = $1 ORDER BY created_at DESC, guideline_id`, me)
		if err != nil {
			return err
		}
		if guides, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (Guideline, error) {
			var g Guideline
			return g, row.Scan(&g.Guideline, &g.Language, &g.Space)
		}); err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `SELECT collection_id, source_space_id FROM favorite_collections
			WHERE user_id = $1 ORDER BY created_at DESC, collection_id`, me)
		if err != nil {
			return err
		}
		colls, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (Collection, error) {
			var c Collection
			return c, row.Scan(&c.Collection, &c.Space)
		})
		return err
	})
	if err != nil {
		return out, err
	}
	for _, g := range guides {
		id := api.ID(g.Space)
		src, err := s.source(ctx, sp, &id, ErrGuidelineNotFound)
		if errors.Is(err, ErrGuidelineNotFound) {
			continue
		}
		if err != nil {
			return out, err
		}
		if g.Title, err = s.readableTitle(ctx, sp, src, g.Guideline, g.Language); err != nil {
			if _, public := api.AsError(err); public {
				continue // no longer readable: kept, in case it becomes readable again
			}
			return out, err
		}
		g.Shared = src.ID != sp.ID
		out.Guidelines = append(out.Guidelines, g)
	}
	if len(colls) == 0 {
		return out, nil
	}
	readable, err := s.Guidelines.ReadableCollections(ctx, sp)
	if err != nil {
		return out, err
	}
	for _, c := range colls {
		for _, r := range readable {
			if r.SpaceID == c.Space && r.CollectionID == c.Collection {
				c.Title, c.Shared = r.Title, r.Shared
				out.Collections = append(out.Collections, c)
				break
			}
		}
	}
	return out, nil
}

// AddGuidelineFavorite pins a guideline language the caller may read; pinning it again
// changes nothing.
func (s *Service) AddGuidelineFavorite(ctx context.Context, req GuidelineRequest) (Favorites, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Favorites{}, err
	}
	if err := guidelines.CheckLanguage("language", req.Language); err != nil {
		return Favorites{}, err
	}
	src, err := s.source(ctx, sp, req.Space, ErrGuidelineNotFound)
	if err != nil {
		return Favorites{}, err
	}
	if _, err := s.Guidelines.MayReadIn(ctx, sp, src, int64(req.Guideline), req.Language); err != nil {
		if e, public := api.AsError(err); public && e.Kind != api.KindInvalid {
			return Favorites{}, ErrGuidelineNotFound.Wrap(err)
		}
		return Favorites{}, err
	}
	if err := s.pin(ctx, sp, "favorite_guidelines", `INSERT INTO favorite_guidelines (user_id, source_space_id, guideline_id, language)
		VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, policy.PrincipalFrom(ctx).UserID, src.ID, int64(req.Guideline), req.Language); err != nil {
		return Favorites{}, err
	}
	return s.Favorites(ctx, struct{}{})
}

// pin runs insert (whose first argument is the user) and refuses, all or nothing, when the
// user would then keep more than MaxFavorites in table.
func (s *Service) pin(ctx context.Context, sp *tenancy.Space, table, insert string, args ...any) error {
	return s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, insert, args...)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM "+table+" WHERE user_id = $1", args[0]).Scan(&n); err != nil {
			return err
		}
		if n > MaxFavorites {
			return ErrTooMany.With(map[string]any{"max": MaxFavorites})
		}
		return nil
	})
}

// RemoveGuidelineFavorite unpins a guideline language, also one the caller may no longer
// read; unpinning what is not pinned changes nothing.
func (s *Service) RemoveGuidelineFavorite(ctx context.Context, req GuidelineRequest) (Favorites, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Favorites{}, err
	}
	if err := guidelines.CheckLanguage("language", req.Language); err != nil {
		return Favorites{}, err
	}
	src := spaceID(sp, req.Space)
	if err := s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM favorite_guidelines WHERE user_id = $1 AND source_space_id = $2 AND guideline_id = $3 AND language = $4`,
			policy.PrincipalFrom(ctx).UserID, src, int64(req.Guideline), req.Language)
		return err
	}); err != nil {
		return Favorites{}, err
	}
	return s.Favorites(ctx, struct{}{})
}

// AddCollectionFavorite pins a collection the caller may read and returns the favourites.
func (s *Service) AddCollectionFavorite(ctx context.Context, req CollectionRequest) (Favorites, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Favorites{}, err
	}
	src := spaceID(sp, req.Space)
	readable, err := s.Guidelines.ReadableCollections(ctx, sp)
	if err != nil {
		return Favorites{}, err
	}
	found := false
	for _, r := range readable {
		found = found || (r.SpaceID == src && r.CollectionID == int64(req.Collection))
	}
	if !found {
		return Favorites{}, ErrCollectionNotFound
	}
	if err := s.pin(ctx, sp, "favorite_collections", `INSERT INTO favorite_collections (user_id, source_space_id, collection_id)
		VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, policy.PrincipalFrom(ctx).UserID, src, int64(req.Collection)); err != nil {
		return Favorites{}, err
	}
	return s.Favorites(ctx, struct{}{})
}

// RemoveCollectionFavorite unpins a collection; unpinning what is not pinned changes nothing.
func (s *Service) RemoveCollectionFavorite(ctx context.Context, req CollectionRequest) (Favorites, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Favorites{}, err
	}
	src := spaceID(sp, req.Space)
	if err := s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM favorite_collections WHERE user_id = $1 AND source_space_id = $2 AND collection_id = $3`,
			policy.PrincipalFrom(ctx).UserID, src, int64(req.Collection))
		return err
	}); err != nil {
		return Favorites{}, err
	}
	return s.Favorites(ctx, struct{}{})
}

// Register adds the favourite calls to the router.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "reader", "query", "favorites", s.Favorites)
	api.Call(r, "reader", "mutation", "addGuidelineFavorite", s.AddGuidelineFavorite)
	api.Call(r, "reader", "mutation", "removeGuidelineFavorite", s.RemoveGuidelineFavorite)
	api.Call(r, "reader", "mutation", "addCollectionFavorite", s.AddCollectionFavorite)
	api.Call(r, "reader", "mutation", "removeCollectionFavorite", s.RemoveCollectionFavorite)
}
