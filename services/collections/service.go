// Package collections holds the collections of a space, the roles people hold in them
// (admin, member, validator) and their statistics.
package collections

import (
	"context"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/guidelines"
	"vademecum/services/search/searchjob"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// Errors of this context.
var (
	ErrInvalidVisibility = api.Invalid("collection.invalidVisibility")
	ErrNotSpaceMember    = api.Invalid("collection.notSpaceMember")
	ErrLastAdmin         = api.Conflict("collection.lastAdmin")
	ErrAlreadyMember     = api.Conflict("collection.alreadyMember")
	ErrDuplicateUser     = api.Invalid("request.duplicateId")
	ErrHasGuidelines     = api.Conflict("collection.hasGuidelines")
	ErrOutOfRange        = api.Invalid("collection.outOfRange")
)

// Visibilities of a collection (spec §9).
var Visibilities = []string{"private", "protected", "public"}

// Limits of a collection's settings.
const (
	// maxTitle is the longest collection title.
	maxTitle = 200
	// MaxApprovals is the most acceptances a collection may require before publication.
	MaxApprovals = 3
	// MaxEscalateAfterDays is the longest wait a collection may set before escalation.
	MaxEscalateAfterDays = 365
	// MaxTranslationGraceDays is the longest readers may go untold of an outdated translation.
	MaxTranslationGraceDays = 365
)

// Authorizer answers the role questions the services ask about objects.
type Authorizer interface {
	Can(ctx context.Context, who policy.Principal, domain, obj, act string) (bool, error)
	HasRole(ctx context.Context, who policy.Principal, domain, role string) (bool, error)
	Invalidate(userID int64)
}

// Service implements the collection calls.
type Service struct {
	DB       *tenancy.DB
	Registry *tenancy.Registry
	Authz    Authorizer
	// Jobs queues search indexing when a collection's visibility changes.
	Jobs searchjob.Inserter
	// Enroller brings people named by address into the space.
	Enroller Enroller
	// Shares and Memberships read what the control plane holds about a space's collections and people.
	Shares      Shares
	Memberships Memberships
	// Users lists members and validators by name.
	Users People
	// Approvals publishes the requests that have the approvals a lowered minimum requires.
	Approvals Approvals
}

// Approvals publishes waiting validation requests (services/validation).
type Approvals interface {
	// PublishApproved publishes, in tx, the open requests of a collection with at least min
	// approvals and tells how many.
	PublishApproved(ctx context.Context, tx pgx.Tx, collection int64, min int) (int, error)
}

// People lists users by name (services/users).
type People interface {
	ByName(ctx context.Context, ids []int64, page users.Page) ([]users.User, error)
}

// Shares are the offers of collections to other spaces (the sharing context owns them).
type Shares interface {
	// Offers counts the spaces a collection of space from is offered to.
	Offers(ctx context.Context, from, collection int64) (int, error)
	// Withdraw removes every offer of a collection of space from; again, it changes nothing.
	Withdraw(ctx context.Context, from, collection int64) error
}

// Memberships tell who belongs to a space (the spaces context owns memberships).
type Memberships interface {
	// SpaceMemberIDs lists the members of a space.
	SpaceMemberIDs(ctx context.Context, spaceID int64) ([]int64, error)
	// NotMembers returns those of userIDs who are not members of the space, in order.
	NotMembers(ctx context.Context, spaceID int64, userIDs []int64) ([]int64, error)
}

// Collection is a collection as the API shows it.
type Collection struct {
	ID              int64  `json:"id"`
	Title           string `json:"title"`
	Visibility      string `json:"visibility"`
	SpaceID         int64  `json:"spaceId"`
	GuidelinesCount int    `json:"guidelinesCount"`
	HasGuidelines   bool   `json:"hasGuidelines"`
	// MinApprovals is how many distinct validators must accept a request before it publishes.
	MinApprovals int `json:"minApprovals"`
	// EscalateAfterDays is how long a request may wait before the collection's admins hear
	// of it; null when nobody is told.
	EscalateAfterDays *int `json:"escalateAfterDays"`
	// AuthorMayValidate lets authors and co-authors answer requests of their own guidelines.
	AuthorMayValidate bool `json:"authorMayValidate"`
	// TranslationGraceDays is how long after an important change of the source language
	// readers of a translation not yet revised are spared the "translation outdated" notice.
	TranslationGraceDays int `json:"translationGraceDays"`
}

// access is what the caller may see in a space.
type access struct {
	userID     int64
	spaceUser  bool // signed in and member of the space (or super admin): protected collections
	spaceAdmin bool // space admin or super admin: every collection
}

func (s *Service) access(ctx context.Context, sp *tenancy.Space) (access, error) {
	who := policy.PrincipalFrom(ctx)
	a := access{userID: who.UserID}
	if who.Anonymous() {
		return a, nil
	}
	var err error
	if a.spaceUser, err = s.Authz.HasRole(ctx, who, policy.Domain(sp.ID), policy.RoleMember); err != nil {
		return a, err
	}
	a.spaceAdmin, err = s.Authz.HasRole(ctx, who, policy.Domain(sp.ID), policy.RoleSpaceAdmin)
	return a, err
}

// canRead is the reading rule (guidelines.CollectionVisible) for one collection; lists apply
// it to each row.
func canRead(c Collection, a access, hasRole bool) bool {
	return guidelines.CollectionVisible(c.Visibility, a.spaceUser, a.spaceAdmin, hasRole)
}

// collectionColumns selects a collection with the number of its guidelines, published or not.
const collectionColumns = `c.id, c.title, c.visibility, (SELECT count(*) FROM guidelines g WHERE g.collection_id = c.id),
	c.min_approvals, c.escalate_after_days, c.author_may_validate, c.translation_grace_days`

func scanCollection(spaceID int64) pgx.RowToFunc[Collection] {
	return func(row pgx.CollectableRow) (Collection, error) {
		c := Collection{SpaceID: spaceID}
		err := row.Scan(&c.ID, &c.Title, &c.Visibility, &c.GuidelinesCount, &c.MinApprovals, &c.EscalateAfterDays, &c.AuthorMayValidate, &c.TranslationGraceDays)
		c.HasGuidelines = c.GuidelinesCount > 0
		return c, err
	}
}

// CollectionRequest names a collection of the current space.
type CollectionRequest struct {
	CollectionID api.ID `json:"collectionId"`
}

// Collection returns one collection the caller may read; others are "not found".
func (s *Service) Collection(ctx context.Context, req CollectionRequest) (Collection, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Collection{}, err
	}
	a, err := s.access(ctx, sp)
	if err != nil {
		return Collection{}, err
	}
	var c Collection
	var hasRole bool
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, "SELECT "+collectionColumns+" FROM collections c WHERE c.id = $1", int64(req.CollectionID))
		if err != nil {
			return err
		}
		if c, err = pgx.CollectOneRow(rows, scanCollection(sp.ID)); err != nil {
			return err
		}
		return tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM collection_roles WHERE collection_id = $1 AND user_id = $2)", c.ID, a.userID).Scan(&hasRole)
	})
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && !canRead(c, a, hasRole)) {
		return Collection{}, api.ErrNotFound
	}
	return c, err
}

// Collections lists the collections of the current space the caller may read.
func (s *Service) Collections(ctx context.Context, _ struct{}) ([]Collection, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	a, err := s.access(ctx, sp)
	if err != nil {
		return nil, err
	}
	out := []Collection{}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, "SELECT "+collectionColumns+`,
			EXISTS (SELECT 1 FROM collection_roles r WHERE r.collection_id = c.id AND r.user_id = $1)
			FROM collections c ORDER BY lower(c.title) COLLATE "und-x-icu", c.id`, a.userID)
		if err != nil {
			return err
		}
		c := Collection{SpaceID: sp.ID}
		var hasRole bool
		_, err = pgx.ForEachRow(rows, []any{&c.ID, &c.Title, &c.Visibility, &c.GuidelinesCount, &c.MinApprovals, &c.EscalateAfterDays,
			&c.AuthorMayValidate, &c.TranslationGraceDays, &hasRole}, func() error {
			c.HasGuidelines = c.GuidelinesCount > 0
			if canRead(c, a, hasRole) {
				out = append(out, c)
			}
			return nil
		})
		return err
	})
	return out, err
}

func (s *Service) list(ctx context.Context, sp *tenancy.Space, where string, args ...any) ([]Collection, error) {
	var out []Collection
	err := s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, "SELECT "+collectionColumns+" FROM collections c "+where+` ORDER BY lower(c.title) COLLATE "und-x-icu", c.id`, args...)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, scanCollection(sp.ID))
		return err
	})
	if out == nil {
		out = []Collection{}
	}
	return out, err
}

// SpaceRequest names a space by id.
type SpaceRequest struct {
	SpaceID api.ID `json:"spaceId"`
}

func (s *Service) targetSpace(ctx context.Context, id api.ID) (*tenancy.Space, error) {
	return api.TargetSpace(ctx, s.Registry, s.Authz, id)
}

// SpaceCollections lists every collection of a space for its admins.
func (s *Service) SpaceCollections(ctx context.Context, req SpaceRequest) ([]Collection, error) {
	sp, err := s.targetSpace(ctx, req.SpaceID)
	if err != nil {
		return nil, err
	}
	return s.list(ctx, sp, "")
}

// AdministeredCollections lists the collections of the current space the caller administers.
func (s *Service) AdministeredCollections(ctx context.Context, _ struct{}) ([]Collection, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	who := policy.PrincipalFrom(ctx)
	admin, err := s.Authz.HasRole(ctx, who, policy.Domain(sp.ID), policy.RoleSpaceAdmin)
	if err != nil || admin {
		return s.list(ctx, sp, "")
	}
	return s.list(ctx, sp, "WHERE EXISTS (SELECT 1 FROM collection_roles r WHERE r.collection_id = c.id AND r.user_id = $1 AND r.role = 'admin')", who.UserID)
}

// CollectionInput is a collection as an admin edits it. MinApprovals, AuthorMayValidate and
// TranslationGraceDays keep their value (or default, on creation) when left out;
// EscalateAfterDays null turns escalation off.
type CollectionInput struct {
	Title                string   `json:"title"`
	Visibility           string   `json:"visibility"`
	Admins               []api.ID `json:"admins,omitempty"`
	MinApprovals         *int     `json:"minApprovals"`
	EscalateAfterDays    *int     `json:"escalateAfterDays"`
	AuthorMayValidate    *bool    `json:"authorMayValidate"`
	TranslationGraceDays *int     `json:"translationGraceDays"`
}

// inRange refuses a setting outside [lowest, highest].
func inRange(field string, v *int, lowest, highest int) error {
	if v != nil && (*v < lowest || *v > highest) {
		return ErrOutOfRange.With(map[string]any{"field": field, "min": lowest, "max": highest})
	}
	return nil
}

// CreateRequest is the body of createCollection.
type CreateRequest struct {
	SpaceID    api.ID          `json:"spaceId"`
	Collection CollectionInput `json:"collection"`
}

func validate(in CollectionInput) (CollectionInput, error) {
	in.Title = strings.TrimSpace(in.Title)
	if in.Title == "" {
		return in, api.ErrRequired.Field("collection.title")
	}
	if err := users.CheckText("collection.title", in.Title, maxTitle); err != nil {
		return in, err
	}
	if err := inRange("collection.minApprovals", in.MinApprovals, 1, MaxApprovals); err != nil {
		return in, err
	}
	if err := inRange("collection.escalateAfterDays", in.EscalateAfterDays, 1, MaxEscalateAfterDays); err != nil {
		return in, err
	}
	if err := inRange("collection.translationGraceDays", in.TranslationGraceDays, 0, MaxTranslationGraceDays); err != nil {
		return in, err
	}
	for _, v := range Visibilities {
		if in.Visibility == v {
			return in, nil
		}
	}
	return in, ErrInvalidVisibility.With(map[string]any{"field": "collection.visibility", "allowed": Visibilities})
}

// CreateCollection creates a collection; its admins (the caller when none are named) must be
// members of the space.
func (s *Service) CreateCollection(ctx context.Context, req CreateRequest) (Collection, error) {
	sp, err := s.targetSpace(ctx, req.SpaceID)
	if err != nil {
		return Collection{}, err
	}
	in, err := validate(req.Collection)
	if err != nil {
		return Collection{}, err
	}
	admins := ids(in.Admins)
	if len(admins) == 0 {
		admins = []int64{policy.PrincipalFrom(ctx).UserID}
	}
	if err := s.requireMembers(ctx, sp, admins); err != nil {
		return Collection{}, err
	}
	var id int64
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO collections (title, visibility, min_approvals, escalate_after_days, author_may_validate, translation_grace_days)
			VALUES ($1, $2, coalesce($3, 1), $4, coalesce($5, false), coalesce($6, 14)) RETURNING id`,
			in.Title, in.Visibility, in.MinApprovals, in.EscalateAfterDays, in.AuthorMayValidate, in.TranslationGraceDays).Scan(&id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO collection_roles (collection_id, user_id, role) SELECT $1, u, 'admin' FROM unnest($2::bigint[]) u
			ON CONFLICT DO NOTHING`, id, admins); err != nil {
			return err
		}
		names, err := auditlog.UserLabels(ctx, s.DB.Control(), admins)
		if err != nil {
			return err
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "collection.created", Space: sp, Target: auditlog.Target{Type: auditlog.TypeCollection, ID: id},
			Details: map[string]any{"visibility": in.Visibility, "admins": names}})
	})
	if err != nil {
		return Collection{}, err
	}
	s.invalidate(admins)
	return s.one(ctx, sp, id)
}

// settingsSnapshot reads what the audit log compares when collection $1 changes.
const settingsSnapshot = `SELECT title, visibility, min_approvals AS "minApprovals", escalate_after_days AS "escalateAfterDays",
	author_may_validate AS "authorMayValidate", translation_grace_days AS "translationGraceDays" FROM collections WHERE id = $1`

// UpdateRequest is the body of updateCollection.
type UpdateRequest struct {
	CollectionID api.ID          `json:"collectionId"`
	Collection   CollectionInput `json:"collection"`
}

// UpdateCollection changes title, visibility and the validation rules; collection and space
// admins may.
func (s *Service) UpdateCollection(ctx context.Context, req UpdateRequest) (Collection, error) {
	sp, err := s.manage(ctx, req.CollectionID)
	if err != nil {
		return Collection{}, err
	}
	in, err := validate(req.Collection)
	if err != nil {
		return Collection{}, err
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		before, err := auditlog.Snapshot(ctx, tx, settingsSnapshot+" FOR UPDATE", int64(req.CollectionID))
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE collections SET title = $2, visibility = $3, min_approvals = coalesce($4, min_approvals),
				escalate_after_days = $5, author_may_validate = coalesce($6, author_may_validate),
				translation_grace_days = coalesce($7, translation_grace_days), updated_at = now() WHERE id = $1`,
			int64(req.CollectionID), in.Title, in.Visibility, in.MinApprovals, in.EscalateAfterDays, in.AuthorMayValidate, in.TranslationGraceDays); err != nil {
			return err
		}
		after, err := auditlog.Snapshot(ctx, tx, settingsSnapshot, int64(req.CollectionID))
		if err != nil {
			return err
		}
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "collection.updated", Space: sp,
			Target:  auditlog.Target{Type: auditlog.TypeCollection, ID: int64(req.CollectionID)},
			Details: auditlog.Diff(before, after)}); err != nil {
			return err
		}
		// A lowered minimum publishes the requests that already have the approvals it requires.
		if in.MinApprovals != nil {
			if _, err := s.Approvals.PublishApproved(ctx, tx, int64(req.CollectionID), *in.MinApprovals); err != nil {
				return err
			}
		}
		if before["visibility"] == in.Visibility {
			return nil
		}
		return searchjob.ReindexCollection(ctx, tx, s.Jobs, sp.ID, int64(req.CollectionID))
	})
	if err != nil {
		return Collection{}, err
	}
	return s.one(ctx, sp, int64(req.CollectionID))
}

// DeleteRequest is the body of deleteCollection.
type DeleteRequest struct {
	CollectionID api.ID `json:"collectionId"`
}

// DeleteCollection deletes a collection with its roles.
func (s *Service) DeleteCollection(ctx context.Context, req DeleteRequest) (bool, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return false, err
	}
	c, err := s.one(ctx, sp, int64(req.CollectionID))
	if err != nil {
		return false, err
	}
	if c.HasGuidelines {
		return false, ErrHasGuidelines.With(map[string]any{"n": c.GuidelinesCount})
	}
	var holders []int64
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		// Locked, the collection takes no guideline until this transaction ends.
		if _, err := tx.Exec(ctx, "SELECT 1 FROM collections WHERE id = $1 FOR UPDATE", c.ID); err != nil {
			return err
		}
		var filled bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM guidelines WHERE collection_id = $1)", c.ID).Scan(&filled); err != nil {
			return err
		}
		if filled {
			// a guideline was created since the check above
			return ErrHasGuidelines
		}
		// The offers to other spaces live in the control plane, out of this transaction's
		// reach; they go first. Should the deletion fail after this, the collection stays
		// without offers, as the space's admins could have left it by withdrawing them, and
		// deleting it again completes the work. The other order could leave offers of a
		// collection that no longer exists.
		if err := s.Shares.Withdraw(ctx, sp.ID, c.ID); err != nil {
			return err
		}
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "collection.deleted", Space: sp,
			Target: auditlog.Target{Type: auditlog.TypeCollection, ID: c.ID, Label: c.Title}}); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, "DELETE FROM collection_roles WHERE collection_id = $1 RETURNING user_id", c.ID)
		if err != nil {
			return err
		}
		if holders, err = pgx.CollectRows(rows, pgx.RowTo[int64]); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, "DELETE FROM collections WHERE id = $1", c.ID)
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23503" { // foreign_key_violation
			// a guideline was created since the check above
			return ErrHasGuidelines
		}
		return err
	})
	if err != nil {
		return false, err
	}
	s.invalidate(holders)
	return true, nil
}

// one returns a collection of the space, or "not found".
func (s *Service) one(ctx context.Context, sp *tenancy.Space, id int64) (Collection, error) {
	list, err := s.list(ctx, sp, "WHERE c.id = $1", id)
	if err != nil {
		return Collection{}, err
	}
	if len(list) == 0 {
		return Collection{}, api.ErrNotFound
	}
	return list[0], nil
}

// manage checks that the collection exists in the current space and that the caller may
// administer it (collection admin, space admin, super admin).
func (s *Service) manage(ctx context.Context, id api.ID) (*tenancy.Space, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := s.one(ctx, sp, int64(id)); err != nil {
		return nil, err
	}
	ok, err := s.Authz.Can(ctx, policy.PrincipalFrom(ctx), policy.CollectionDomain(sp.ID, int64(id)), "collection", "manage")
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, api.ErrForbidden
	}
	return sp, nil
}

// requireMembers refuses users who are not members of the space.
func (s *Service) requireMembers(ctx context.Context, sp *tenancy.Space, userIDs []int64) error {
	missing, err := s.Memberships.NotMembers(ctx, sp.ID, userIDs)
	if err != nil {
		return err
	}
	if len(missing) > 0 {
		return ErrNotSpaceMember.With(map[string]any{"ids": missing})
	}
	return nil
}

func (s *Service) invalidate(userIDs []int64) {
	for _, id := range userIDs {
		s.Authz.Invalidate(id)
	}
}

func ids(in []api.ID) []int64 {
	out := make([]int64, 0, len(in))
	seen := map[int64]bool{}
	for _, id := range in {
		if !seen[int64(id)] {
			seen[int64(id)] = true
			out = append(out, int64(id))
		}
	}
	return out
}

// Register adds the collection calls to the router.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "common", "query", "collection", s.Collection)
	api.Call(r, "common", "query", "collections", s.Collections)
	api.Call(r, "admin", "query", "collections", s.SpaceCollections)
	api.Call(r, "admin", "mutation", "createCollection", s.CreateCollection)
	api.Call(r, "admin", "mutation", "updateCollection", s.UpdateCollection, api.Accepts("collection", Collection{}))
	api.Call(r, "admin", "mutation", "deleteCollection", s.DeleteCollection)
	api.Call(r, "admin/collectionadmin", "query", "collections", s.AdministeredCollections)
	api.Call(r, "admin/collectionadmin", "query", "collectionMembers", s.Members)
	api.Call(r, "admin/collectionadmin", "query", "collectionValidators", s.Validators)
	api.Call(r, "admin/collectionadmin", "mutation", "addCollectionMembers", s.AddMembers)
	api.Call(r, "admin/collectionadmin", "mutation", "removeCollectionMember", s.RemoveMember)
	api.Call(r, "admin/collectionadmin", "mutation", "setCollectionAdmin", s.SetAdmin)
	api.Call(r, "admin/collectionadmin", "mutation", "addCollectionValidators", s.AddValidators)
	api.Call(r, "admin/collectionadmin", "mutation", "removeCollectionValidator", s.RemoveValidator)
	api.Call(r, "admin/collectionadmin", "query", "historyReaders", s.HistoryReaders)
	api.Call(r, "admin/collectionadmin", "mutation", "addHistoryReaders", s.AddHistoryReaders)
	api.Call(r, "admin/collectionadmin", "mutation", "removeHistoryReader", s.RemoveHistoryReader)
	api.Call(r, "admin", "query", "collectionStats", s.CollectionStats)
	api.Call(r, "admin", "query", "spaceStats", s.SpaceStats)
}
